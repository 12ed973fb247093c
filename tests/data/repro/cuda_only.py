# Needs a CUDA device: a matmul on the GPU.
import torch

a = torch.randn(8, 8, device="cuda")
b = a @ a.T
assert torch.allclose(b, b.T)
