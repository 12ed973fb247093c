# Needs a package the environment does not have.
import torch
import triage_console_absent_pkg

print(triage_console_absent_pkg.version, torch.__version__)
