# The same bug, but the message has changed since it was reported.
import torch

x = torch.ones(3, 4)
w = torch.ones(5, 2)
raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied ({x.shape[0]}x{x.shape[1]} and {w.shape[0]}x{w.shape[1]})")
