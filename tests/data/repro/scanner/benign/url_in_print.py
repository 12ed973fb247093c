import torch
print("see https://github.com/pytorch/pytorch/issues/12345 for details")
x = torch.ones(2)
