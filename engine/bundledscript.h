// SPDX-License-Identifier: MIT
#pragma once

#include "engine/result.h"

#include <QString>

// Python helpers ship inside the binary (resources/repro/); python3 needs them as files. Each is written once
// per process into a temporary folder that removes itself when the process exits.
namespace BundledScript {
// `resource` such as ":/repro/scan_repro.py"; `what` names it in errors ("the repro analyser").
// Thread-safe; the same path comes back while the file exists.
Result<QString> path(const QString &resource, const QString &what);
} // namespace BundledScript
