import os
os.environ["PYTHONHASHSEED"] = "0"
import torch
torch.use_deterministic_algorithms(True)
os.environ["CUBLAS_WORKSPACE_CONFIG"] = ":4096:8"
