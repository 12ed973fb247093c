# expect: external-load
import torch
state = torch.load("checkpoint.pth")
print(state.keys())
