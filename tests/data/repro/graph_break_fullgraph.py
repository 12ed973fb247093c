# SPDX-License-Identifier: MIT
# The report: the explicit graph break splits f into two graphs. With fullgraph=True the graph break fails the
# compile (Dynamo's Unsupported): the run shows the symptom itself.
import torch


def f(x):
    y = x.sin()
    torch._dynamo.graph_break()
    return y.cos()


out = torch.compile(f, backend="eager", fullgraph=True)(torch.randn(4))
assert out.shape == (4,)
print("done")
