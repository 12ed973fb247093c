# SPDX-License-Identifier: MIT
# The report: when one spawned process raises, spawn never returns (the others keep waiting). The script raises
# in rank 1 on purpose to set that up; on a torch where it is fixed, spawn ends the others and re-raises.
import time

import torch.multiprocessing as mp


def worker(rank):
    if rank == 1:
        raise RuntimeError(f"rank {rank} fails on purpose to set up the hang (sr-4410)")
    time.sleep(600)  # waits for the rest, as a training loop would


if __name__ == "__main__":
    ctx = mp.spawn(worker, nprocs=2, join=False)
    while not ctx.join(1):
        print("waiting", flush=True)
