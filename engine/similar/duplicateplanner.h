// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/core/result.h"
#include "engine/outbox/outboxstore.h"
#include "engine/review/reviewdecisionstore.h"
#include "engine/similar/similarityindex.h"
#include "engine/triage/rubricpack.h"

#include <optional>
#include <QList>
#include <QMetaType>
#include <QString>

// What marking an issue as a duplicate sends to the outbox: GitHub's own `Duplicate of #N` comment (which
// links the two), the close with state reason `duplicate`, and the pack's duplicate label when it has one.
struct DuplicatePlan
{
    ReviewDecision decision;
    OutboxClose close;
    int target = 0;
};
Q_DECLARE_METATYPE(DuplicatePlan)

class DuplicatePlanner final
{
public:
    static constexpr auto StateReason = "duplicate";

    // The comment as posted: `Duplicate of #N`.
    static QString comment(int target);

    // Guarded: the target must be an issue of the repository as the store holds it (`target`, looked up by
    // the caller; nullopt: not there), must not be the issue itself, and the issue must still be open. An
    // open target is preferred: when the target is closed and one of `alternatives` (the issue's similar
    // matches) is open, the plan is refused naming it, unless `closedTargetConfirmed`.
    static Result<DuplicatePlan> plan(const QString &repository, const Issue &issue, int targetNumber,
                                      const std::optional<Issue> &target, const QList<SimilarityMatch> &alternatives,
                                      const RubricPack &pack, const QString &reviewer,
                                      bool closedTargetConfirmed = false);
    // The open match to prefer over a closed target, 0 when there is none.
    static int openAlternative(const Issue &issue, int targetNumber, const QList<SimilarityMatch> &alternatives);
};
