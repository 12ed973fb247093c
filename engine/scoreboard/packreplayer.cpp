// SPDX-License-Identifier: MIT
#include "engine/scoreboard/packreplayer.h"

#include "engine/review/decisionhistorystore.h"
#include "engine/scoreboard/agreementcalculator.h"
#include "engine/triage/triageengine.h"

#include <QtConcurrentMap>

#include <map>
#include <memory>

using namespace Qt::StringLiterals;

namespace {

struct Outcome
{
    bool present = false;
    TriagePlan before;
    TriagePlan after;
};

} // namespace

Issue PackReplayer::asSeen(const DecidedIssue &decided, Issue issue)
{
    if (decided.seenLabels) {
        issue.labels = *decided.seenLabels;
    } else {
        for (const QString &label : decided.plan.addLabels)
            issue.labels.removeAll(label);
    }
    return issue;
}

ReplayReport PackReplayer::replay(const RubricPack &pack, const std::optional<RubricPack> &against,
                                  const QList<DecidedIssue> &decided, const QHash<QString, Issue> &issues)
{
    const TriageEngine engine(pack);
    const std::optional<TriageEngine> baseline =
        against ? std::optional<TriageEngine>(std::in_place, *against) : std::nullopt;
    // Built-in packs for decisions stored without their suggestion, one per profile.
    std::map<QString, std::shared_ptr<const TriageEngine>> builtins;
    if (!against) {
        for (const DecidedIssue &issue : decided) {
            if (issue.isApproval() && !issue.suggestion && !builtins.contains(issue.profile)) {
                const Result<RubricPack> builtin = RubricPack::builtin(issue.profile);
                builtins[issue.profile] = builtin ? std::make_shared<const TriageEngine>(builtin.value()) : nullptr;
            }
        }
    }

    QList<qsizetype> rows;
    rows.reserve(decided.size());
    for (qsizetype i = 0; i < decided.size(); ++i) {
        if (decided.at(i).isApproval())
            rows.append(i);
    }
    const QList<Outcome> outcomes = QtConcurrent::blockingMapped(rows, [&](qsizetype row) {
        const DecidedIssue &issue = decided.at(row);
        const auto stored = issues.constFind(DecisionHistoryStore::key(issue.repository, issue.number));
        Outcome outcome;
        if (stored == issues.cend())
            return outcome;
        outcome.present = true;
        const Issue seen = asSeen(issue, *stored);
        outcome.after = engine.plan(seen);
        if (baseline) {
            outcome.before = baseline->plan(seen);
        } else if (issue.suggestion) {
            outcome.before = *issue.suggestion;
        } else {
            const auto builtin = builtins.find(issue.profile);
            outcome.before = builtin != builtins.end() && builtin->second ? builtin->second->plan(seen) : outcome.after;
        }
        return outcome;
    });

    ReplayReport report;
    for (qsizetype i = 0; i < rows.size(); ++i) {
        const DecidedIssue &issue = decided.at(rows.at(i));
        const Outcome &outcome = outcomes.at(i);
        if (!outcome.present) {
            ++report.missing;
            continue;
        }
        ++report.decided;
        const QStringList approved = AgreementCalculator::labelSet(issue.plan);
        const bool agreedBefore = AgreementCalculator::agrees(outcome.before, approved, issue.plan.subOncall);
        const bool agreesAfter = AgreementCalculator::agrees(outcome.after, approved, issue.plan.subOncall);
        report.agree += agreesAfter ? 1 : 0;
        report.disagree += agreesAfter ? 0 : 1;
        report.agreeBefore += agreedBefore ? 1 : 0;
        report.disagreeBefore += agreedBefore ? 0 : 1;
        const QStringList before = AgreementCalculator::labelSet(outcome.before);
        const QStringList after = AgreementCalculator::labelSet(outcome.after);
        if (before == after && outcome.before.subOncall == outcome.after.subOncall)
            continue;
        ReplayChange change;
        change.issue = IssueRef{issue.repository, issue.number};
        change.title = issues.value(DecisionHistoryStore::key(issue.repository, issue.number)).title;
        change.before = before;
        change.after = after;
        change.approved = approved;
        change.subOncallBefore = outcome.before.subOncall;
        change.subOncallAfter = outcome.after.subOncall;
        change.subOncallApproved = issue.plan.subOncall;
        change.agreedBefore = agreedBefore;
        change.agreesAfter = agreesAfter;
        report.changes.append(std::move(change));
    }
    return report;
}
