import torch
x = torch.tensor([0.0], requires_grad=True)
y = torch.sqrt(x)
y.backward()
print(x.grad)
assert not torch.isnan(x.grad).any(), "gradient is nan"
