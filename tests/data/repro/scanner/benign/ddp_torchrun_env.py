# Run with: torchrun --nproc_per_node=2 repro.py
import os
import torch
import torch.distributed as dist

os.environ.setdefault("MASTER_ADDR", "127.0.0.1")
os.environ.setdefault("MASTER_PORT", "29500")
dist.init_process_group("gloo")
rank = dist.get_rank()
t = torch.ones(2) * rank
dist.all_reduce(t)
print(rank, t)
dist.destroy_process_group()
