import signal
import faulthandler
import torch
faulthandler.enable()
signal.signal(signal.SIGTERM, lambda *a: None)
print(torch.ones(1))
