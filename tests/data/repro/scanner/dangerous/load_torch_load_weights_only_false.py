# expect: external-load
import torch
model = torch.load("model.pt", weights_only=False, map_location="cpu")
