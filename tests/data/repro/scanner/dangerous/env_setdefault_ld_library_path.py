# expect: environment
import os
os.environ.setdefault("LD_LIBRARY_PATH", "/tmp/x")
