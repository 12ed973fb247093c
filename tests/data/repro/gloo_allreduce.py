# Two ranks on one machine, Gloo backend, one all_reduce.
import os

import torch
import torch.distributed as dist
import torch.multiprocessing as mp


def worker(rank, world_size):
    os.environ["MASTER_ADDR"] = "127.0.0.1"
    os.environ["MASTER_PORT"] = "29517"
    dist.init_process_group("gloo", rank=rank, world_size=world_size)
    tensor = torch.tensor([rank + 1.0])
    dist.all_reduce(tensor)
    print(f"rank {rank} sum {tensor.item()}", flush=True)
    assert tensor.item() == 3.0
    dist.destroy_process_group()


if __name__ == "__main__":
    mp.spawn(worker, args=(2,), nprocs=2, join=True)
