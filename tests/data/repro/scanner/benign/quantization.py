import torch
m = torch.nn.Sequential(torch.nn.Linear(4, 4))
q = torch.ao.quantization.quantize_dynamic(m, {torch.nn.Linear}, dtype=torch.qint8)
print(q(torch.randn(1, 4)))
