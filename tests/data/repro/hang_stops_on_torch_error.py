# SPDX-License-Identifier: MIT
# The report says the script hangs later on; on this torch it stops first on an error of torch's own (not a raise
# of the script's), so whether it would hang cannot be seen.
import torch

x = torch.ones(3).view(2, 2)
torch.distributed.barrier()
