# expect: process-exec
from subprocess import run as r
r(["ls"])
