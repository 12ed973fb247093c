# expect: obfuscation
import os
run = getattr(os, "sys" + "tem")
run("id")
