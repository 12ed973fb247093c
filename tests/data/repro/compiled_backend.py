# A compiled function on the backend named as the first argument, checked against eager; then a distinctive
# error, so the run classifies as the bug showing only when compiling really worked.
import getpass
import sys

import torch

backend = sys.argv[1]


def f(x):
    return torch.sin(x) * 2 + x


compiled = torch.compile(f, backend=backend)
x = torch.linspace(-1, 1, 8)
torch.testing.assert_close(compiled(x), f(x))
print(f"compiled as {getpass.getuser()}", flush=True)
raise ValueError(f"compiled on {backend} and matched eager (cmp-{backend}-ok)")
