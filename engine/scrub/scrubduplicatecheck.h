// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/core/result.h"
#include "engine/scrub/scrubactionability.h"

#include <QList>
#include <QString>

#include <optional>

// The scrub's duplicate check with the store's similarity index (#30): an open or closed issue so close to this one
// that the playbook would not reproduce it before asking whether it is the same bug. The index finds the candidates
// (bm25 over the weighted fields); how close each is, is said here on a 0–1 scale the reviewer can read: the
// weighted cosine of the two issues' words (title, body, error signature, traceback frames and identifiers, each
// field weighted as the index weighs it), title and body only on both sides, so a long thread does not dilute it.
class ScrubDuplicateCheck final
{
public:
    // A match this close is a likely duplicate; with the same error signature, less text in common is enough.
    // A stop costs the reviewer a click, so the lines favour precision: over the 290 dev issues (with each other as
    // the store) 15 stop, mostly on templated bot reports (DISABLED tests) and two pairs with the same error; of
    // the 10 real duplicate pairs, whose copies paraphrase, one is caught (bench_similarity prints both figures).
    static constexpr double Likely = 0.75;
    static constexpr double LikelyWithSignature = 0.55;
    static constexpr int Candidates = 5; // how many of the index's closest are weighed

    static double similarity(const Issue &a, const Issue &b);
    // Both have an error signature and it is the same (exception class and distinctive words of the message).
    static bool sameSignature(const Issue &a, const Issue &b);
    // `candidate` says it is a duplicate of `number`: it is this issue's copy, not its original.
    static bool marksAsDuplicateOf(const Issue &candidate, int number);

    // The strongest candidate over the line, as the scrub's duplicate finding ("the similarity index").
    static std::optional<ScrubStop> strongest(const Issue &issue, const QList<Issue> &candidates);
    // Asks the index in the store file at `storePath` (read through its own connection, on the calling thread).
    // No store file, or an index never built for the repository: nothing, and no error.
    static Result<std::optional<ScrubStop>> lookUp(const QString &storePath, const Issue &issue,
                                                   QString repository = {});
    // Adds the index's finding after the text's own: a duplicate the issue's words or labels name stays the
    // first duplicate finding.
    static void addTo(ScrubGate &gate, const std::optional<ScrubStop> &found);
    // "owner/name" from the issue's URL; empty when it has none.
    static QString repositoryOf(const Issue &issue);
};
