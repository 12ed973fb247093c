# Tries to leave a file where the host would see it.
import os
import sys

targets = sys.argv[1:] or [os.path.expanduser("~/repro-escape.txt")]
written = []
for target in targets:
    try:
        with open(target, "w") as handle:
            handle.write("escaped\n")
        written.append(target)
    except OSError as error:
        print(f"refused {target}: {error}", flush=True)
if written:
    print("WROTE", written)
    raise SystemExit(0)
raise SystemExit(1)
