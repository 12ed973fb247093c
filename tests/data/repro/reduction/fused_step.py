import argparse
import collections
import itertools
import json
import math
import os
import random
import sys
import time

import frobnicate

CONFIG = {"width": 16, "depth": 4, "steps": 8, "log_every": 4, "seed": 0}


def log(message, *, error=False):
    stamp = time.strftime("%H:%M:%S")
    print(f"[{stamp}] {message}", file=sys.stderr if error else sys.stdout, flush=True)


class TinyModel:
    def __init__(self, width, depth):
        self.width = width
        self.depth = depth
        self.layers = [[random.random() for _ in range(width)] for _ in range(depth)]
        self.history = collections.deque(maxlen=16)

    def forward(self, xs):
        for layer in self.layers:
            xs = [max(0.0, x * w) for x, w in zip(xs, layer)]
        self.history.append(sum(xs))
        return xs

    def describe(self):
        return json.dumps({"width": self.width, "depth": self.depth})


def batches(width, count):
    for _ in range(count):
        yield [random.random() for _ in range(width)]


def evaluate(model, width):
    scores = [sum(model.forward(batch)) for batch in batches(width, 4)]
    return sum(scores) / len(scores)


random.seed(CONFIG["seed"])
model = TinyModel(CONFIG["width"], CONFIG["depth"])
log(model.describe())
for step, batch in enumerate(batches(CONFIG["width"], CONFIG["steps"]), start=1):
    out = model.forward(batch)
    if step % CONFIG["log_every"] == 0:
        log(f"step {step:3d}  mean {sum(out) / len(out):.4f}")
log(f"eval {evaluate(model, CONFIG['width']):.4f}")

log("warning: switching to the fused frobnicate kernel", error=True)
inputs = [[1.0] * 4 for _ in range(3)]
weight = [[1.0] * 2 for _ in range(5)]
result = frobnicate.fused_step(inputs, weight)
log(f"result rows: {len(result)}")
