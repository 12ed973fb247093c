# expect: obfuscation
import sys
sys.modules["os"].system("id")
