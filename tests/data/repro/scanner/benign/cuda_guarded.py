import torch
if torch.cuda.is_available():
    x = torch.randn(1024, 1024, device="cuda")
    torch.cuda.synchronize()
print("ok")
