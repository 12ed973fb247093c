// SPDX-License-Identifier: MIT
#pragma once

#include "engine/review/decidedissue.h"
#include "engine/scoreboard/scoreboard.h"

#include <QSet>
#include <QStringList>

// Measures the engine's suggestions against the team's decisions. The "final" labels of an approved issue are
// the ones the reviewer approved, corrected by what a later sync showed on GitHub: a label of ours that is gone
// was removed by someone else, a triage label that appeared (one that some decided plan in the store uses) was
// added by someone else. A suggestion agrees when it would add exactly the final labels to the same sub-oncall.
// Pure: the same decisions give the same figures.
class AgreementCalculator final
{
public:
    // Empty profile / packVersion: every one.
    static Scoreboard compute(const QList<DecidedIssue> &decided, const QString &profile = {},
                              const QString &packVersion = {});

    struct Final
    {
        QStringList labels; // sorted
        QString subOncall;
        QStringList removedByOthers;
        QStringList addedByOthers;
    };
    // `known`: the labels that count as triage labels when someone else adds them.
    // `subOncalls`: the labels plans use as sub-oncalls (one that appears replaces ours when ours was removed).
    static Final finalOf(const DecidedIssue &issue, const QSet<QString> &known, const QSet<QString> &subOncalls);
    static QSet<QString> knownLabels(const QList<DecidedIssue> &decided);
    static QSet<QString> knownSubOncalls(const QList<DecidedIssue> &decided);
    // The labels a plan would add, sorted, and whether two plans agree in what they would change.
    static QStringList labelSet(const TriagePlan &plan);
    static bool agrees(const TriagePlan &plan, const QStringList &labels, const QString &subOncall);
};
