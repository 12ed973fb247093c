# expect: environment
import os
os.environ |= {"PYTHONPATH": "/tmp/evil"}
