import os
os.environ["TORCH_DISTRIBUTED_DEBUG"] = "DETAIL"
os.environ["GLOO_SOCKET_IFNAME"] = "lo"
os.environ["OMP_NUM_THREADS"] = "1"
os.environ["USE_LIBUV"] = "0"
import torch.distributed as dist
print(dist.is_available())
