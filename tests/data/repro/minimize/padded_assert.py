# A correctness bug shown by an assertion: an accumulate that drops its last element.
import math
import statistics
import sys


def make_data(n):
    return [float(i) for i in range(n)]


def buggy_sum(values):
    total = 0.0
    for v in values[:-1]:
        total += v
    return total


class Summary:
    def __init__(self, values):
        self.values = values
        self.count = len(values)

    def spread(self):
        return max(self.values) - min(self.values)

    def middle(self):
        ordered = sorted(self.values)
        return ordered[len(ordered) // 2]


def report(values):
    print("n =", len(values))
    print("mean =", statistics.mean(values))
    print("stdev =", statistics.pstdev(values))


data = make_data(100)
report(data)
summary = Summary(data)
print("spread", summary.spread(), "middle", summary.middle())
for chunk in range(0, 100, 25):
    print("chunk", chunk, sum(data[chunk:chunk + 25]))
for scale in (1, 2, 3):
    print("scaled", sum(v * scale for v in data))
expected = sum(data)
actual = buggy_sum(data)
print("expected", expected, "actual", actual)
assert math.isclose(actual, expected), f"sum mismatch: expected {expected}, got {actual}"
