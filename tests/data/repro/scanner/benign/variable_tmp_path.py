import os
import torch

path = "/tmp/repro_ckpt.pt"
torch.save(torch.nn.Linear(2, 2).state_dict(), path)
state = torch.load(path, weights_only=True)
os.remove(path)
