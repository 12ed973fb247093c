# Computes without end (no lock, no sleep): a timeout here is slow work, not a hang.
print("computing", flush=True)
x = 0
while True:
    x = (x * 31 + 7) % 1000003
