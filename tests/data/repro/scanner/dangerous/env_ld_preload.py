# expect: environment
import os
os.environ["LD_PRELOAD"] = "/tmp/evil.so"
import torch
