# expect: process-exec
import sys
expr = sys.argv[1] if len(sys.argv) > 1 else "1+1"
print(eval(expr))
