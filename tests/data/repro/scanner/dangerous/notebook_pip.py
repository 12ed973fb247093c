# expect: package-install
!pip install torch==2.1
import torch
print(torch.ones(2))
