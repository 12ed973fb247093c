# expect: environment
import os
os.environ["PATH"] = "/tmp/bin:" + os.environ["PATH"]
