// SPDX-License-Identifier: MIT
#include "engine/similar/duplicateplanner.h"

#include <QObject>

using namespace Qt::StringLiterals;

QString DuplicatePlanner::comment(int target)
{
    return u"Duplicate of #%1"_s.arg(target);
}

int DuplicatePlanner::openAlternative(const Issue &issue, int targetNumber, const QList<SimilarityMatch> &alternatives)
{
    for (const SimilarityMatch &match : alternatives) {
        if (match.number != issue.number && match.number != targetNumber && match.isOpen())
            return match.number;
    }
    return 0;
}

Result<DuplicatePlan> DuplicatePlanner::plan(const QString &repository, const Issue &issue, int targetNumber,
                                             const std::optional<Issue> &target,
                                             const QList<SimilarityMatch> &alternatives, const RubricPack &pack,
                                             const QString &reviewer, bool closedTargetConfirmed)
{
    if (repository.isEmpty() || issue.number <= 0)
        return Error{QObject::tr("Marking a duplicate needs an issue of a repository.")};
    if (targetNumber == issue.number)
        return Error{QObject::tr("#%1 cannot be a duplicate of itself.").arg(issue.number)};
    if (targetNumber <= 0 || !target || target->number != targetNumber)
        return Error{QObject::tr("#%1 is not an issue of %2 as the store holds it; sync the reference corpus and "
                                 "try again.")
                         .arg(targetNumber)
                         .arg(repository)};
    if (!issue.isOpen())
        return Error{QObject::tr("#%1 is already closed.").arg(issue.number)};
    if (!target->isOpen() && !closedTargetConfirmed) {
        if (const int open = openAlternative(issue, targetNumber, alternatives))
            return Error{QObject::tr("#%1 is closed and #%2, also similar, is open: prefer the open one, or confirm "
                                     "#%1.")
                             .arg(targetNumber)
                             .arg(open)};
    }

    TriagePlan triage;
    triage.issueNumber = issue.number;
    triage.profile = pack.profile;
    triage.decision = TriageDecision::Duplicate;
    triage.comment = comment(targetNumber);
    triage.close = true;
    triage.stateReason = QString::fromLatin1(StateReason);
    triage.confidence = Confidence::High;
    // The pack's own duplicate label, when it has one and the issue lacks it.
    for (const QString &label : {u"duplicate"_s, u"Duplicate"_s, u"triage: duplicate"_s}) {
        if (pack.allows(label) && !issue.hasLabel(label)) {
            triage.addLabels.append(label);
            triage.labelConfidence.insert(label, Confidence::High);
            break;
        }
    }

    DuplicatePlan plan;
    plan.target = targetNumber;
    plan.decision.repository = repository;
    plan.decision.number = issue.number;
    plan.decision.state = ReviewState::Approved;
    plan.decision.plan = triage;
    plan.decision.reviewer = reviewer;
    plan.decision.note = u"duplicate of #%1"_s.arg(targetNumber);
    plan.decision.issueUpdatedAt = issue.updatedAt;
    plan.close = OutboxClose{true, QString::fromLatin1(StateReason)};
    return plan;
}
