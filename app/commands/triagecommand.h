// SPDX-License-Identifier: MIT
#pragma once

#include <QStringList>

// `triage-console triage --profile distributed [--pack FILE] [--input FILE] [--output FILE]`: plans for a
// queue, one JSON object per line, with no window and no display. Exit code 0 when every input record was
// read, 1 when some were not (each one reported on stderr with its line), 2 when nothing could be done.
namespace TriageCommand {
int run(const QStringList &arguments);
} // namespace TriageCommand
