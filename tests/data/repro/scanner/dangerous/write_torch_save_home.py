# expect: file-write
import torch
torch.save(torch.ones(3), "/home/alice/model.pt")
