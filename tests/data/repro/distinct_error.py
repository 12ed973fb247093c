# A reproduction with a distinctive error message.
import torch

x = torch.ones(3, 4)
w = torch.ones(5, 2)
if x.shape[1] != w.shape[0]:
    raise RuntimeError("frobnicate kernel expected 4 columns but weight has 5 rows (repro-7731)")
print(x @ w)
