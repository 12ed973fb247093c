import subprocess
import sys

subprocess.run(["torchrun", "--nproc_per_node=2", "worker.py"], check=True)
