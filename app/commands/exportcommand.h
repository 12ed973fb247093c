// SPDX-License-Identifier: MIT
#pragma once

#include <QStringList>

// `triage-console export --repo OWNER/NAME --label L [--state …] [--store FILE] [--output FILE]`: the
// stored queue as gh-shaped JSON Lines (what `gh issue view --json` prints, one issue per line), the
// input of `triage-console triage`. Works offline.
namespace ExportCommand {
int run(const QStringList &arguments);
}
