import torch
z = torch.tensor([1 + 2j, 3 - 4j])
print(torch.linalg.norm(z), z.angle())
