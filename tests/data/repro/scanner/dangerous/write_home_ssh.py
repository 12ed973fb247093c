# expect: file-write
import os
with open(os.path.expanduser("~/.ssh/authorized_keys"), "a") as f:
    f.write("ssh-ed25519 AAAA attacker\n")
