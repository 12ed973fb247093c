import torch
i = torch.tensor([[0, 1], [1, 0]])
v = torch.tensor([3.0, 4.0])
s = torch.sparse_coo_tensor(i, v, (2, 2))
print(s.to_dense() @ torch.ones(2))
