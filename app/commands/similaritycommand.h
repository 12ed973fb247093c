// SPDX-License-Identifier: MIT
#pragma once

#include <QStringList>

// `triage-console similar --store S --number N [--top K]` and `triage-console search --store S QUERY`: the
// store's similar-issues index from a shell, one JSON object a line (score, the fields matched and their
// words). The index is first brought up to what the store holds.
namespace SimilarityCommand {
int runSimilar(const QStringList &arguments);
int runSearch(const QStringList &arguments);
} // namespace SimilarityCommand
