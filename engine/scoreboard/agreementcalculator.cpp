// SPDX-License-Identifier: MIT
#include "engine/scoreboard/agreementcalculator.h"

#include <QMap>
#include <QSet>

#include <algorithm>
#include <array>
#include <map>

using namespace Qt::StringLiterals;

namespace {

bool containsLabel(const QStringList &labels, const QString &label)
{
    return labels.contains(label, Qt::CaseInsensitive);
}

QDate weekStart(const QDateTime &at)
{
    const QDate day = at.toUTC().date();
    return day.isValid() ? day.addDays(1 - day.dayOfWeek()) : QDate();
}

void sortRows(QList<AgreementRow> &rows)
{
    std::sort(rows.begin(), rows.end(), [](const AgreementRow &a, const AgreementRow &b) {
        if (a.suggested != b.suggested)
            return a.suggested > b.suggested;
        if (a.missed != b.missed)
            return a.missed > b.missed;
        return a.key < b.key;
    });
}

QList<AgreementRow> rowsOf(std::map<QString, AgreementRow> &map)
{
    QList<AgreementRow> rows;
    rows.reserve(qsizetype(map.size()));
    for (auto &[key, row] : map) {
        row.key = key;
        rows.append(std::move(row));
    }
    sortRows(rows);
    return rows;
}

} // namespace

QStringList AgreementCalculator::labelSet(const TriagePlan &plan)
{
    QStringList labels = plan.addLabels;
    labels.removeDuplicates();
    labels.sort(Qt::CaseInsensitive);
    return labels;
}

bool AgreementCalculator::agrees(const TriagePlan &plan, const QStringList &labels, const QString &subOncall)
{
    return plan.subOncall == subOncall && labelSet(plan) == labels;
}

QSet<QString> AgreementCalculator::knownLabels(const QList<DecidedIssue> &decided)
{
    QSet<QString> known;
    for (const DecidedIssue &issue : decided) {
        for (const QString &label : issue.plan.addLabels)
            known.insert(label);
        if (issue.suggestion) {
            for (const QString &label : issue.suggestion->addLabels)
                known.insert(label);
            for (auto it = issue.suggestion->labelConfidence.cbegin(); it != issue.suggestion->labelConfidence.cend();
                 ++it)
                known.insert(it.key());
        }
    }
    return known;
}

QSet<QString> AgreementCalculator::knownSubOncalls(const QList<DecidedIssue> &decided)
{
    QSet<QString> subOncalls;
    for (const DecidedIssue &issue : decided) {
        if (!issue.plan.subOncall.isEmpty())
            subOncalls.insert(issue.plan.subOncall);
        if (issue.suggestion && !issue.suggestion->subOncall.isEmpty())
            subOncalls.insert(issue.suggestion->subOncall);
    }
    return subOncalls;
}

AgreementCalculator::Final AgreementCalculator::finalOf(const DecidedIssue &issue, const QSet<QString> &known,
                                                        const QSet<QString> &subOncalls)
{
    Final final;
    final.labels = labelSet(issue.plan);
    final.subOncall = issue.plan.subOncall;
    if (!issue.written || !issue.syncedSince)
        return final;
    const QStringList seen = issue.seenLabels.value_or(QStringList());
    for (const QString &label : std::as_const(final.labels)) {
        if (!containsLabel(issue.labelsNow, label))
            final.removedByOthers.append(label);
    }
    for (const QString &label : issue.labelsNow) {
        if (known.contains(label) && !containsLabel(seen, label) && !containsLabel(final.labels, label))
            final.addedByOthers.append(label);
    }
    for (const QString &label : std::as_const(final.removedByOthers))
        final.labels.removeAll(label);
    final.labels.append(final.addedByOthers);
    final.labels.sort(Qt::CaseInsensitive);
    if (final.removedByOthers.contains(final.subOncall)) {
        final.subOncall.clear();
        for (const QString &label : std::as_const(final.addedByOthers)) {
            if (subOncalls.contains(label))
                final.subOncall = label;
        }
    }
    return final;
}

namespace {

using Final = AgreementCalculator::Final;

// A rule that argues for several labels ("module signals") is measured per label: "module signals → module: fsdp".
class RuleKeys
{
public:
    explicit RuleKeys(const QList<DecidedIssue> &decided)
    {
        for (const DecidedIssue &issue : decided) {
            if (!issue.suggestion)
                continue;
            for (const Evidence &evidence : issue.suggestion->evidence) {
                if (!evidence.rule.isEmpty() && !evidence.label.isEmpty())
                    m_labels[evidence.rule].insert(evidence.label);
            }
        }
    }

    QString keyOf(const Evidence &evidence) const
    {
        return m_labels.value(evidence.rule).size() > 1 ? evidence.rule + u" \u2192 "_s + evidence.label
                                                        : evidence.rule;
    }

private:
    QHash<QString, QSet<QString>> m_labels;
};

// The tallies of one scoreboard, filled decision by decision.
struct Tally
{
    std::map<QString, AgreementRow> labels;
    std::map<QString, AgreementRow> subs;
    std::map<QString, AgreementRow> rules;
    std::array<TierRow, 4> tiers;
    std::map<QDate, WeekRow> weeks;
    QList<ScoreboardSlice> slices;

    void countSlice(const DecidedIssue &issue)
    {
        auto found = std::find_if(slices.begin(), slices.end(), [&issue](const ScoreboardSlice &s) {
            return s.profile == issue.profile && s.packVersion == issue.packVersion;
        });
        if (found == slices.end()) {
            slices.append(ScoreboardSlice{issue.profile, issue.packVersion, {}, 0});
            found = slices.end() - 1;
        }
        ++found->decisions;
        if (found->packSource.isEmpty())
            found->packSource = issue.packSource;
    }

    void countLabels(const TriagePlan &suggestion, const QStringList &suggested, const Final &final,
                     const IssueRef &ref, WeekRow &week)
    {
        for (const QString &label : suggested) {
            AgreementRow &row = labels[label];
            ++row.suggested;
            TierRow &labelTier = tiers[size_t(suggestion.confidenceOf(label))];
            ++labelTier.labelsSuggested;
            ++week.labelsSuggested;
            if (final.labels.contains(label)) {
                ++row.accepted;
                ++labelTier.labelsAccepted;
                ++week.labelsAccepted;
            } else {
                row.overriddenIssues.append(ref);
                row.byOthers += final.removedByOthers.contains(label) ? 1 : 0;
            }
        }
        for (const QString &label : final.labels) {
            if (!suggested.contains(label)) {
                AgreementRow &row = labels[label];
                ++row.missed;
                row.byOthers += final.addedByOthers.contains(label) ? 1 : 0;
            }
        }
    }

    void countSubOncall(const TriagePlan &suggestion, const Final &final, const IssueRef &ref)
    {
        if (suggestion.subOncall.isEmpty())
            return;
        AgreementRow &row = subs[suggestion.subOncall];
        ++row.suggested;
        if (final.subOncall == suggestion.subOncall) {
            ++row.accepted;
            return;
        }
        row.overriddenIssues.append(ref);
        row.byOthers += final.removedByOthers.contains(suggestion.subOncall) ? 1 : 0;
        if (!final.subOncall.isEmpty())
            ++subs[final.subOncall].missed;
    }

    // Each rule once per issue and label it argued for.
    void countRules(const TriagePlan &suggestion, const QStringList &suggested, const Final &final, const IssueRef &ref,
                    const RuleKeys &keys)
    {
        QSet<QString> counted;
        QSet<QString> listed; // rules this issue is already listed under
        for (const Evidence &evidence : suggestion.evidence) {
            if (evidence.rule.isEmpty() || !suggested.contains(evidence.label))
                continue;
            const QString once = evidence.rule + u'\n' + evidence.label;
            if (counted.contains(once))
                continue;
            counted.insert(once);
            const QString key = keys.keyOf(evidence);
            AgreementRow &row = rules[key];
            ++row.suggested;
            if (final.labels.contains(evidence.label)) {
                ++row.accepted;
                continue;
            }
            if (!listed.contains(key)) {
                listed.insert(key);
                row.overriddenIssues.append(ref);
            }
            row.byOthers += final.removedByOthers.contains(evidence.label) ? 1 : 0;
        }
    }

    void fill(Scoreboard &board)
    {
        board.labels = rowsOf(labels);
        board.subOncalls = rowsOf(subs);
        board.rules = rowsOf(rules);
        for (const AgreementRow &row : std::as_const(board.rules)) {
            if (row.overridden() > 0)
                board.overriddenRules.append(row);
        }
        std::stable_sort(board.overriddenRules.begin(), board.overriddenRules.end(),
                         [](const AgreementRow &a, const AgreementRow &b) {
                             if (a.overridden() != b.overridden())
                                 return a.overridden() > b.overridden();
                             return a.acceptance() < b.acceptance();
                         });
        int atOrAbove = 0;
        int agreedAtOrAbove = 0;
        for (int t = int(Confidence::High); t >= int(Confidence::None); --t) {
            TierRow &tier = tiers[size_t(t)];
            tier.tier = Confidence(t);
            atOrAbove += tier.issues;
            agreedAtOrAbove += tier.agreed;
            tier.atOrAbove = atOrAbove;
            tier.agreedAtOrAbove = agreedAtOrAbove;
            board.tiers.append(tier);
        }
        for (auto &[week, row] : weeks) {
            if (!week.isValid())
                continue;
            row.weekStart = week;
            board.weeks.append(row);
        }
        std::sort(slices.begin(), slices.end(), [](const ScoreboardSlice &a, const ScoreboardSlice &b) {
            return a.profile != b.profile ? a.profile < b.profile : a.packVersion < b.packVersion;
        });
        board.slices = slices;
    }
};

} // namespace

Scoreboard AgreementCalculator::compute(const QList<DecidedIssue> &decided, const QString &profile,
                                        const QString &packVersion)
{
    Scoreboard board;
    board.profile = profile;
    board.packVersion = packVersion;
    const QSet<QString> known = knownLabels(decided);
    const QSet<QString> subOncalls = knownSubOncalls(decided);
    const RuleKeys ruleKeys(decided);
    Tally tally;

    for (const DecidedIssue &issue : decided) {
        tally.countSlice(issue);
        if ((!profile.isEmpty() && issue.profile != profile) ||
            (!packVersion.isEmpty() && issue.packVersion != packVersion))
            continue;
        ++board.reviewed;
        const QDate week = weekStart(issue.decidedAt);
        if (issue.state == ReviewState::Skipped) {
            ++board.skipped;
            tally.weeks[week].skipped++;
            continue;
        }
        if (!issue.suggestion) {
            ++board.unscored;
            continue;
        }
        const TriagePlan &suggestion = *issue.suggestion;
        ++board.scored;
        ++(issue.state == ReviewState::Approved ? board.approvedAsSuggested : board.edited);
        board.written += issue.written ? 1 : 0;
        const Final final = finalOf(issue, known, subOncalls);
        if (!final.removedByOthers.isEmpty() || !final.addedByOthers.isEmpty())
            ++board.overriddenByOthers;
        const bool agreed = agrees(suggestion, final.labels, final.subOncall);
        board.agreed += agreed ? 1 : 0;
        const IssueRef ref{issue.repository, issue.number};

        WeekRow &weekRow = tally.weeks[week];
        ++weekRow.decided;
        weekRow.agreed += agreed ? 1 : 0;
        TierRow &tier = tally.tiers[size_t(suggestion.confidence)];
        ++tier.issues;
        tier.agreed += agreed ? 1 : 0;

        const QStringList suggested = labelSet(suggestion);
        tally.countLabels(suggestion, suggested, final, ref, weekRow);
        tally.countSubOncall(suggestion, final, ref);
        tally.countRules(suggestion, suggested, final, ref, ruleKeys);
    }
    tally.fill(board);
    return board;
}
