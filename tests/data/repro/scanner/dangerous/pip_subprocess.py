# expect: package-install
import subprocess, sys
subprocess.check_call([sys.executable, "-m", "pip", "install", "torchvision==0.1"])
