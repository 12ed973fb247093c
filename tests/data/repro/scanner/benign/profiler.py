import torch
from torch.profiler import profile, ProfilerActivity
with profile(activities=[ProfilerActivity.CPU]) as prof:
    torch.mm(torch.randn(32, 32), torch.randn(32, 32))
prof.export_chrome_trace("trace.json")
