import subprocess
import sys

cmd = [sys.executable, "-m", "torch.distributed.run", "--nproc_per_node", "2", "train.py"]
subprocess.check_call([sys.executable, "-m", "torch.distributed.run", "--nproc_per_node", "2", "train.py"])
