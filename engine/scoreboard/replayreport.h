// SPDX-License-Identifier: MIT
#pragma once

#include "engine/review/decidedissue.h"

#include <QList>
#include <QString>
#include <QStringList>

// One decided issue whose plan a changed pack would change: the labels before (the baseline pack's plan, or the
// suggestion the reviewer saw), after (the new pack's) and what the reviewer approved.
struct ReplayChange
{
    IssueRef issue;
    QString title;
    QStringList before;
    QStringList after;
    QStringList approved;
    QString subOncallBefore;
    QString subOncallAfter;
    QString subOncallApproved;
    bool agreedBefore = false;
    bool agreesAfter = false;
};

// What replaying a pack over every decided (approved or edited) issue would change.
struct ReplayReport
{
    int decided = 0;     // approved or edited issues replayed
    int missing = 0;     // decided issues whose text is not in the store (left out of every figure)
    int agree = 0;       // the new plan adds what the reviewer approved
    int disagree = 0;    // … does not
    int agreeBefore = 0; // the baseline's figures, for "+14 agree, −3 disagree"
    int disagreeBefore = 0;
    QList<ReplayChange> changes; // issues whose plan differs from the baseline's, in store order

    int changed() const { return int(changes.size()); }
};
