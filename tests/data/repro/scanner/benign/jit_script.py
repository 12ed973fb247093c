import torch

@torch.jit.script
def f(x: torch.Tensor) -> torch.Tensor:
    return x * 2

print(f(torch.ones(3)))
