# Forks without end; the process limit and the PID namespace must contain it.
import os
import time

print("forking", flush=True)
children = 0
try:
    while True:
        if os.fork() == 0:
            time.sleep(30)
            os._exit(0)
        children += 1
except OSError as error:
    print(f"fork refused after {children} children: {error}", flush=True)
    raise SystemExit(3)
