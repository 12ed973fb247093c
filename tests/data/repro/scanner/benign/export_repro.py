import torch

class M(torch.nn.Module):
    def forward(self, x):
        return x.view(-1, 2)

ep = torch.export.export(M(), (torch.randn(4, 2),))
print(ep)
