# expect: process-exec
import os
import torch
os.system("nvidia-smi")
print(torch.cuda.is_available())
