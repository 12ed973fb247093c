# SPDX-License-Identifier: MIT
# A plain script whose function happens to be called test(): it prints eager and compiled results and checks
# nothing, so it has no pass/fail signal however it is named.
import torch


def test():
    x = torch.arange(6.0).reshape(2, 3)
    eager = (x * 2).sum(dim=0)
    compiled = torch.compile(lambda t: (t * 2).sum(dim=0), backend="eager")(x)
    print(eager, compiled)


test()
