import random
import numpy as np
import torch
torch.manual_seed(0)
random.seed(0)
np.random.seed(0)
print(torch.rand(2), np.random.rand(2))
