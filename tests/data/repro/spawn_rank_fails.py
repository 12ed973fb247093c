# mp.spawn with two ranks over Gloo: rank 1 raises a distinctive error.
import os

import torch
import torch.distributed as dist
import torch.multiprocessing as mp


def worker(rank, world_size):
    os.environ["MASTER_ADDR"] = "127.0.0.1"
    os.environ["MASTER_PORT"] = "29533"
    dist.init_process_group("gloo", rank=rank, world_size=world_size)
    t = torch.ones(2)
    dist.all_reduce(t)
    print(f"rank {rank} reduced {t.tolist()}", flush=True)
    if rank == 1:
        raise ValueError("spawned rank 1 fails after the reduce (sp-9921)")
    dist.destroy_process_group()


if __name__ == "__main__":
    mp.spawn(worker, args=(2,), nprocs=2, join=True)
