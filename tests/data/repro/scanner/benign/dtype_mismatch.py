import torch
a = torch.ones(2, dtype=torch.float16)
b = torch.ones(2, dtype=torch.float64)
torch.addmm(a, b.view(2, 1), b.view(1, 2))
