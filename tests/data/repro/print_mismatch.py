# Print-only wrong result: the "compiled" value differs from eager and the script only prints both.
import torch


def f(x):
    return x.cumsum(0)


x = torch.arange(6.0)
eager = f(x)
compiled = torch.compile(f, backend="eager")(x) + 1  # stands in for a miscompile
print("eager", eager)
print("compiled", compiled)
