// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/processjob.h"
#include "engine/core/result.h"

#include <QString>
#include <QStringList>

// Python helpers ship inside the binary (resources/repro/); python3 needs them as files. Each is written once
// per process into a temporary folder that removes itself when the process exits.
namespace BundledScript {
// `resource` such as ":/repro/scan_repro.py"; `what` names it in errors ("the repro analyser").
// Thread-safe; the same path comes back while the file exists.
Result<QString> path(const QString &resource, const QString &what);
// A ProcessJob's spec to run `python -I` with `arguments` (the helper's path first). The helpers only parse and
// rewrite code, but the code is someone else's: the child is capped at 1 GiB of address space, 30 s of CPU
// and no file writes.
ProcessSpec processSpec(const QString &python, const QStringList &arguments);
} // namespace BundledScript
