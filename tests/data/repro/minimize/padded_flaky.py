# Fails on about half of the runs (fresh OS randomness), like a race, after noisy setup.
import itertools
import json
import os
import threading


class Worker:
    def __init__(self, name):
        self.name = name
        self.done = 0

    def run(self, steps):
        for _ in range(steps):
            self.done += 1
        return self.done


workers = [Worker("w%d" % i) for i in range(4)]
for worker in workers:
    print(worker.name, worker.run(10))
summary = {w.name: w.done for w in workers}
print(summary)
for attempt in range(2):
    print("attempt", attempt)
if os.urandom(1)[0] % 2:
    raise AssertionError("allreduce result mismatch between ranks")
print("passed this time")
