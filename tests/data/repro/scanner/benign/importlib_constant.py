import importlib
functional = importlib.import_module("torch.nn.functional")
import torch
print(functional.relu(torch.tensor([-1.0, 2.0])))
