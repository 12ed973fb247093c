# expect: process-exec
import subprocess
subprocess.run("torchrun --nproc_per_node=2 train.py; rm -rf ~/data", shell=True)
