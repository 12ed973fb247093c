# expect: environment
import os
os.putenv("PYTHONPATH", "/home/user/hacks")
