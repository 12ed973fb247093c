# A reported hang: rank 1 waits on a barrier rank 0 never reaches (rank 0 sleeps forever).
import os
import time

import torch.distributed as dist

dist.init_process_group("gloo")
rank = dist.get_rank()
print(f"rank {rank} up", flush=True)
if rank == 0:
    while True:
        time.sleep(0.2)
dist.barrier()
print("never printed", flush=True)
