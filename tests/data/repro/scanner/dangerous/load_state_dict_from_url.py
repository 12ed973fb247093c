# expect: external-load
from torch.hub import load_state_dict_from_url
sd = load_state_dict_from_url("https://download.example/resnet.pth")
