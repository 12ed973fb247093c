# A reshape that cannot fit its buffer, buried in a script that also builds a model, logs and loops.
import collections
import itertools
import json
import math
import os
import sys
from functools import reduce


class BigModel:
    """Stands in for a large nn.Module that has nothing to do with the bug."""

    def __init__(self, width=64, depth=6):
        self.width = width
        self.layers = [[0.5] * width for _ in range(depth)]
        self.names = ["layer%d" % i for i in range(depth)]

    def forward(self, x):
        for layer in self.layers:
            x = [a + b for a, b in zip(x, layer)]
        return x

    def num_parameters(self):
        return sum(len(layer) for layer in self.layers)

    def describe(self):
        return ", ".join(self.names)


def reshape(buffer, rows, cols):
    if len(buffer) != rows * cols:
        raise RuntimeError("shape '[%d, %d]' is invalid for input of size %d" % (rows, cols, len(buffer)))
    return [buffer[r * cols:(r + 1) * cols] for r in range(rows)]


def main():
    model = BigModel()
    print("parameters:", model.num_parameters())
    print("layers:", model.describe())
    out = model.forward([1.0] * model.width)
    print("checksum", sum(out))
    for step in range(3):
        print("warm-up step", step)
    stats = {"mean": sum(out) / len(out), "max": max(out)}
    print(stats)
    buffer = list(range(10))
    grid = reshape(buffer, 3, 4)
    print(grid)


if __name__ == "__main__":
    main()
