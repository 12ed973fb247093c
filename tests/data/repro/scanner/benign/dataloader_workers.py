import torch
from torch.utils.data import DataLoader, TensorDataset

ds = TensorDataset(torch.randn(16, 3))
for batch in DataLoader(ds, batch_size=4, num_workers=2):
    print(batch[0].shape)
