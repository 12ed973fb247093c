#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Builds the environments the reduction screenshots bisect across: virtualenvs (system site packages, so
torch shows) each with our small `frobnicate` package at another version. The fused kernel's bug appears in
1.3; 1.3.1 is installed but does not import. Prints the TRIAGE_REPRO_ENVIRONMENTS value.

    TRIAGE_REPRO_ENVIRONMENTS=$(python3 make_envs.py ~/triage-shot-envs) triage-console --queue queue.json ...
"""
import os
import subprocess
import sys

VERSIONS = ["1.0", "1.1", "1.2", "1.3", "1.3.1", "1.4", "1.5"]
BROKEN = "1.3.1"
INTRODUCED = (1, 3)

PACKAGE = '''__version__ = "{version}"
{broken}

def fused_step(inputs, weight):
    cols, rows = len(inputs[0]), len(weight)
    if {buggy} and cols != rows:
        raise RuntimeError(f"frobnicate kernel expected {{cols}} columns but weight has {{rows}} rows")
    return [[0.0] * len(weight[0]) for _ in inputs]
'''


def main():
    root = os.path.abspath(sys.argv[1])
    settings = []
    for version in VERSIONS:
        prefix = os.path.join(root, "frobnicate-" + version)
        if not os.path.exists(prefix):
            subprocess.run([sys.executable, "-m", "venv", "--without-pip", "--system-site-packages", prefix],
                           check=True)
        site = os.path.join(prefix, "lib", "python%d.%d" % sys.version_info[:2], "site-packages")
        os.makedirs(os.path.join(site, "frobnicate"), exist_ok=True)
        buggy = tuple(int(p) for p in version.split(".")[:2]) >= INTRODUCED
        broken = 'raise ImportError("frobnicate %s: the compiled extension _C is missing")' % version \
            if version == BROKEN else ""
        with open(os.path.join(site, "frobnicate", "__init__.py"), "w") as f:
            f.write(PACKAGE.format(version=version, broken=broken, buggy=buggy))
        dist = os.path.join(site, "frobnicate-%s.dist-info" % version)
        os.makedirs(dist, exist_ok=True)
        with open(os.path.join(dist, "METADATA"), "w") as f:
            f.write("Metadata-Version: 2.1\nName: frobnicate\nVersion: %s\n" % version)
        settings.append("frobnicate-%s=%s" % (version, prefix))
    print(";".join(settings))


if __name__ == "__main__":
    main()
