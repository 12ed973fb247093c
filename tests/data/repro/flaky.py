# Fails on roughly half of the runs, decided by fresh OS randomness.
import os

if os.urandom(1)[0] % 2:
    raise AssertionError("flaky mismatch between eager and compiled output")
print("passed this time")
