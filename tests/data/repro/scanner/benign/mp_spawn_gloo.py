import os
import torch
import torch.distributed as dist
import torch.multiprocessing as mp

def run(rank, world_size):
    os.environ["MASTER_ADDR"] = "localhost"
    os.environ["MASTER_PORT"] = "12355"
    dist.init_process_group("gloo", rank=rank, world_size=world_size)
    x = torch.tensor([rank])
    dist.broadcast(x, src=0)
    dist.destroy_process_group()

if __name__ == "__main__":
    mp.spawn(run, args=(2,), nprocs=2, join=True)
