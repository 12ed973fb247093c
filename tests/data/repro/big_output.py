# Prints about 50 MB on stdout and some on stderr, then fails with a known error.
import sys

line = "x" * 99 + "\n"
out = sys.stdout
for i in range(500_000):
    out.write(line)
    if i % 100_000 == 0:
        sys.stderr.write(f"progress {i}\n")
out.flush()
raise ValueError("finished flooding (big-output-42)")
