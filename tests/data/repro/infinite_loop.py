# Never finishes; the runner's wall-clock timeout must end it.
import time

print("spinning", flush=True)
while True:
    time.sleep(0.05)
