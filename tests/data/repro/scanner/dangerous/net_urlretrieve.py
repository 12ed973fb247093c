# expect: network
import urllib.request
import torch
urllib.request.urlretrieve("https://example.com/ckpt.pth", "ckpt.pth")
model = torch.load("ckpt.pth", weights_only=True)
