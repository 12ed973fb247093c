# expect: process-exec
import subprocess
p = subprocess.Popen("ls -la /", shell=True, stdout=subprocess.PIPE)
print(p.communicate()[0])
