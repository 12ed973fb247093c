import torch
model = torch.nn.Linear(4, 4)
compiled = torch.compile(model, backend="aot_eager")
out = compiled(torch.randn(2, 4))
out.sum().backward()
