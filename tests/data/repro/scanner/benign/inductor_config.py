import os
os.environ["TORCHINDUCTOR_FX_GRAPH_CACHE"] = "0"
os.environ["TORCHDYNAMO_VERBOSE"] = "1"
import torch
import torch._inductor.config as config
config.fallback_random = True
print(torch.compile(lambda x: x + 1)(torch.ones(2)))
