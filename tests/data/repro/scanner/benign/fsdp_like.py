import torch
import torch.nn as nn

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(8, 8)
        self.b = nn.Linear(8, 1)

    def forward(self, x):
        return self.b(torch.relu(self.a(x)))

net = Net()
opt = torch.optim.SGD(net.parameters(), lr=0.1)
loss = net(torch.randn(4, 8)).sum()
loss.backward()
opt.step()
