# expect: process-exec
import os as o
o.system("id")
