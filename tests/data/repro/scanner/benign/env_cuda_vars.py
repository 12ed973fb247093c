import os
os.environ["CUDA_VISIBLE_DEVICES"] = "0"
os.environ["CUDA_LAUNCH_BLOCKING"] = "1"
os.environ["TORCH_LOGS"] = "+dynamo"
os.environ["NCCL_DEBUG"] = "INFO"
import torch
print(torch.cuda.is_available())
