// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/review/decidedissue.h"
#include "engine/scoreboard/replayreport.h"
#include "engine/triage/rubricpack.h"

#include <QHash>
#include <QList>

#include <optional>

// The what-if of a pack change: plans every decided issue again with the new pack, as the issue stood when the
// reviewer looked (its labels then), and compares with the baseline and with what the reviewer approved.
// The baseline is another pack (`against`), else the suggestion stored with each decision (what the reviewer saw);
// a decision without one is planned with the built-in pack of its profile. Runs on every core; pure.
class PackReplayer final
{
public:
    // `issues`: the stored issues by DecisionHistoryStore::key().
    static ReplayReport replay(const RubricPack &pack, const std::optional<RubricPack> &against,
                               const QList<DecidedIssue> &decided, const QHash<QString, Issue> &issues);
    // The issue as the reviewer saw it: its labels then (or, for older decisions, now less what we added).
    static Issue asSeen(const DecidedIssue &decided, Issue issue);
};
