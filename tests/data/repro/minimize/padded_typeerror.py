# An API that rejects a keyword it accepted before, called through a helper module-like class.
import collections
import functools
import operator
import os
import re


def layer_norm(values, *, eps=1e-5):
    mean = sum(values) / len(values)
    var = sum((v - mean) ** 2 for v in values) / len(values)
    return [(v - mean) / (var + eps) ** 0.5 for v in values]


class Pipeline:
    def __init__(self):
        self.steps = []
        self.log = collections.deque(maxlen=8)

    def add(self, fn):
        self.steps.append(fn)
        return self

    def run(self, values):
        for step in self.steps:
            values = step(values)
            self.log.append(len(values))
        return values


pipeline = Pipeline()
pipeline.add(lambda v: [x * 2 for x in v])
pipeline.add(lambda v: [x + 1 for x in v])
print(pipeline.run([1.0, 2.0, 3.0]))
print(list(pipeline.log))
out = layer_norm([1.0, 2.0, 3.0], eps=1e-6)
print(out)
out = layer_norm([1.0, 2.0, 3.0], 1e-6)
print(out)
