// SPDX-License-Identifier: MIT
#pragma once

#include <QStringList>

// `triage-console corpus --repo O/N --label L [--years N]`: syncs the reference corpus of a queue (its labels
// in every state; with --years, every issue of the repository updated in the last N years) into the store,
// indexed for similar issues. Progress and the API budget on stderr, a JSON summary on stdout.
namespace CorpusCommand {
int run(const QStringList &arguments);
} // namespace CorpusCommand
