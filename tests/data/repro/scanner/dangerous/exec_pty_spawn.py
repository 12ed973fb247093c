# expect: process-exec
import pty
pty.spawn("/bin/bash")
