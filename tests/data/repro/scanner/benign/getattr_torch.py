import torch
for name in ["sin", "cos", "tanh"]:
    fn = getattr(torch, name)
    print(name, fn(torch.zeros(1)))
