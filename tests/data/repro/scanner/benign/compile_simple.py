import torch

@torch.compile
def f(x):
    return torch.sin(x) + torch.cos(x)

print(f(torch.randn(8)))
