# expect: file-write
import os
with open(os.path.join(os.path.expanduser("~"), ".bashrc"), "a") as f:
    f.write("x")
