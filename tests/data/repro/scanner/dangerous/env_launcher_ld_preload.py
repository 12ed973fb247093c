# expect: environment
import subprocess
subprocess.run(["torchrun", "--nproc_per_node=2", "train.py"], env={"LD_PRELOAD": "/tmp/x.so"})
