# SPDX-License-Identifier: MIT
# The report: summing an empty tensor aborts the process with SIGFPE. The script only prints the result; the
# crash (or its absence) is the pass/fail signal, not the printed value.
import torch

x = torch.ones((1, 0, 2))
print(x.sum(dim=1))
