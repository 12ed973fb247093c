# expect: file-write
import os
os.remove("/var/log/syslog")
