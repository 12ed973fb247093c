// SPDX-License-Identifier: MIT
#pragma once

#include <QStringList>

// `triage-console sync --repo OWNER/NAME --label L [--label L2] [--state open|closed|all] [--api URL]
// [--store FILE]`: brings a queue into the local store without a window. Progress on stderr, a one-line
// JSON summary on stdout.
namespace SyncCommand {
int run(const QStringList &arguments);
}
