import torch
a = torch.randn(3, 4)
b = torch.randn(5, 2)
print(a @ b)
