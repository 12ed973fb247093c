import torch
m = torch.jit.script(torch.nn.Linear(2, 2))
torch.jit.save(m, "m.pt")
m2 = torch.jit.load("m.pt")
