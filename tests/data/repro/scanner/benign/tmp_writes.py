import torch
torch.save(torch.randn(3), "/tmp/tensor.pt")
x = torch.load("/tmp/tensor.pt", weights_only=True)
with open("/tmp/log.txt", "w") as f:
    f.write(str(x))
