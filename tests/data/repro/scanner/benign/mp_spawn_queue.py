import torch
import torch.multiprocessing as mp


def producer(rank, queue):
    queue.put(torch.full((2,), float(rank)))


if __name__ == "__main__":
    ctx = mp.get_context("spawn")
    queue = ctx.SimpleQueue()
    procs = [ctx.Process(target=producer, args=(r, queue)) for r in range(2)]
    for p in procs:
        p.start()
    print(sorted(queue.get().tolist() for _ in procs))
    for p in procs:
        p.join()
