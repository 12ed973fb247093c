# expect: network
import subprocess
subprocess.run(["wget", "http://example.com/model.pt"], check=True)
