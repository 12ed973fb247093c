import torch
from torch.utils._pytree import tree_map

class Wrapper(torch.Tensor):
    @staticmethod
    def __new__(cls, elem):
        return torch.Tensor._make_wrapper_subclass(cls, elem.shape, dtype=elem.dtype)

    def __init__(self, elem):
        self.elem = elem

    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        unwrap = lambda t: t.elem if isinstance(t, Wrapper) else t
        return func(*tree_map(unwrap, args), **tree_map(unwrap, kwargs or {}))

print(Wrapper(torch.ones(2)) + 1)
