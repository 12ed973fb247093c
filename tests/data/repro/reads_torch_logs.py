# SPDX-License-Identifier: MIT
# Fails with the TORCH_LOGS it was given, so a test sees a reviewer's extra variable reach the run.
import os

raise RuntimeError("TORCH_LOGS is " + os.environ.get("TORCH_LOGS", "unset"))
