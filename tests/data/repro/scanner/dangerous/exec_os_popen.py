# expect: process-exec
import os
print(os.popen("cat /proc/cpuinfo").read())
