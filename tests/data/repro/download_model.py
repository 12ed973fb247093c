# Needs a download: fetches pretrained weights from the network.
import torch
import torchvision

model = torchvision.models.resnet18(weights="DEFAULT")
torch.hub.load_state_dict_from_url("https://example.invalid/weights.pth")
