import tempfile
import os
import torch

with tempfile.TemporaryDirectory() as d:
    path = os.path.join(d, "m.pt")
    torch.save({"a": torch.ones(1)}, path)
    print(torch.load(path, weights_only=True))
