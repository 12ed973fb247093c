import os
import subprocess
import sys

env = dict(os.environ, MASTER_PORT="29511")
subprocess.run(
    ["torchrun", "--standalone", "--nproc_per_node=2", "repro_worker.py"],
    env={"MASTER_ADDR": "127.0.0.1", "MASTER_PORT": "29511", "OMP_NUM_THREADS": "1"},
    check=True,
)
