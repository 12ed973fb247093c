import os
import torch
os.makedirs("outputs/run1", exist_ok=True)
os.makedirs("/tmp/cache", exist_ok=True)
torch.save(torch.ones(1), os.path.join("outputs", "run1", "t.pt"))
