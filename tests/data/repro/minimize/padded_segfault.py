# A native crash (reading address zero) after setup that does not matter.
import ctypes
import gc
import os
import struct


class Loader:
    def __init__(self, count):
        self.items = list(range(count))

    def __len__(self):
        return len(self.items)

    def batches(self, size):
        for start in range(0, len(self.items), size):
            yield self.items[start:start + size]


def prepare():
    loader = Loader(32)
    seen = 0
    for batch in loader.batches(8):
        seen += len(batch)
        print("batch of", len(batch), flush=True)
    return seen


print("prepared", prepare(), flush=True)
gc.collect()
values = [struct.pack("i", i) for i in range(4)]
print(len(values), flush=True)
pointer = ctypes.c_void_p(0)
ctypes.string_at(pointer.value)
print("not reached")
