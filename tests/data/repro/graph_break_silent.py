# SPDX-License-Identifier: MIT
# The report: the explicit graph break splits f into two graphs. Without fullgraph a graph break is silent: the
# assert checks the output's shape, not the graph count, so exit 0 says nothing about the reported symptom.
import torch


def f(x):
    y = x.sin()
    torch._dynamo.graph_break()
    return y.cos()


out = torch.compile(f, backend="eager")(torch.randn(4))
assert out.shape == (4,)
print("done")
