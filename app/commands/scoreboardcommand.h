// SPDX-License-Identifier: MIT
#pragma once

#include <QStringList>

// `triage-console scoreboard [--store FILE] [--profile P] [--pack-version V] [--format json|markdown|csv]`: how
// right the suggestions were, measured on the store's review decisions (JSON by default).
// `triage-console replay [--store FILE] --pack NEW.json [--against OLD.json]`: the what-if of a pack change over
// every decided issue, one JSON line per issue whose plan changes and a last line with the totals.
namespace ScoreboardCommand {
int runScoreboard(const QStringList &arguments);
int runReplay(const QStringList &arguments);
} // namespace ScoreboardCommand
