"""Repro for the sdpa bug.

Install: pip install torch --pre
Then run: torchrun --nproc_per_node=1 repro.py
"""
import torch
import torch.nn.functional as F
q = k = v = torch.randn(1, 2, 4, 8)
print(F.scaled_dot_product_attention(q, k, v).shape)
