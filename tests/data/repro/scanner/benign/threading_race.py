import threading
import torch
x = torch.zeros(1)

def bump():
    for _ in range(1000):
        x.add_(1)

threads = [threading.Thread(target=bump) for _ in range(4)]
for t in threads: t.start()
for t in threads: t.join()
print(x)
