#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# validate.sh TOOL PACKAGE ARGS…: runs a freedesktop validator. A host without it skips with a message
# (exit 77, shown as "Skipped" by CTest); inside the project's Debian root, which installs it, a missing
# validator is a failure.
set -euo pipefail
tool=$1 package=$2
shift 2
if ! command -v "$tool" >/dev/null; then
    if [ -d /.triage-console ]; then
        echo "$tool is missing from the Debian root; scripts/setup installs $package" >&2
        exit 1
    fi
    echo "SKIPPED: $tool is not installed (Debian/Ubuntu package $package)"
    exit 77
fi
echo "$tool $*"
exec "$tool" "$@"
