# Run with `torchrun --nproc_per_node=2`: rank 1 raises a distinctive error after an all_reduce.
import torch
import torch.distributed as dist

dist.init_process_group("gloo")
rank = dist.get_rank()
t = torch.ones(2) * (rank + 1)
dist.all_reduce(t)
print(f"rank {rank} sum {t.sum().item()}", flush=True)
if rank == 1:
    raise RuntimeError("rank 1 rejects the reduced sum (tr-4412)")
dist.destroy_process_group()
