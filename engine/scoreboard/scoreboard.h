// SPDX-License-Identifier: MIT
#pragma once

#include "engine/review/decidedissue.h"
#include "engine/triage/triageplan.h"

#include <QDate>
#include <QList>
#include <QString>

// How often one thing the engine suggested (a label, a sub-oncall, a rule, a confidence tier) was kept.
// `suggested`: approved issues it was suggested on; `accepted`: of those, where the final labels kept it;
// `overridden` = suggested − accepted, each issue listed; `missed`: issues where people added it unsuggested.
struct AgreementRow
{
    QString key;
    int suggested = 0;
    int accepted = 0;
    int missed = 0;
    int byOthers = 0; // overrides seen after a later sync (another maintainer removed or added it on GitHub)
    QList<IssueRef> overriddenIssues;

    int overridden() const { return suggested - accepted; }
    double acceptance() const { return suggested > 0 ? double(accepted) / suggested : 0.0; }
};

// BugBug's operating curve, one confidence tier at a time: issues whose plan is at this tier, and at this tier or
// above (coverage of all scored issues), with how many of those the final labels agreed with in full (precision).
struct TierRow
{
    Confidence tier = Confidence::None;
    int issues = 0;
    int agreed = 0;
    int atOrAbove = 0;
    int agreedAtOrAbove = 0;
    int labelsSuggested = 0; // labels offered at this tier …
    int labelsAccepted = 0;  // … and kept

    double coverage(int scored) const { return scored > 0 ? double(atOrAbove) / scored : 0.0; }
    double precision() const { return atOrAbove > 0 ? double(agreedAtOrAbove) / atOrAbove : 0.0; }
    double labelAcceptance() const { return labelsSuggested > 0 ? double(labelsAccepted) / labelsSuggested : 0.0; }
};

struct WeekRow
{
    QDate weekStart; // Monday, UTC
    int decided = 0; // approved or edited issues with a suggestion
    int agreed = 0;
    int skipped = 0;
    int labelsSuggested = 0;
    int labelsAccepted = 0;

    double agreement() const { return decided > 0 ? double(agreed) / decided : 0.0; }
    double labelAcceptance() const { return labelsSuggested > 0 ? double(labelsAccepted) / labelsSuggested : 0.0; }
};

// A profile and pack version the store holds decisions for.
struct ScoreboardSlice
{
    QString profile;
    QString packVersion;
    QString packSource;
    int decisions = 0;

    friend bool operator==(const ScoreboardSlice &, const ScoreboardSlice &) = default;
};

// Item 1's figures over the decisions of one profile and pack version (empty: all of them).
struct Scoreboard
{
    QString profile;
    QString packVersion;
    int reviewed = 0; // latest decision approved, edited or skipped
    int scored = 0;   // approved or edited, with the engine's suggestion stored
    int unscored = 0; // approved or edited before suggestions were stored
    int skipped = 0;
    int approvedAsSuggested = 0;         // state Approved
    int edited = 0;                      // state Edited
    int agreed = 0;                      // the final labels equal the suggestion's
    int written = 0;                     // approvals written to GitHub
    int overriddenByOthers = 0;          // issues where a later sync showed labels removed or added by others
    QList<AgreementRow> labels;          // by label, most suggested first
    QList<AgreementRow> subOncalls;      // by suggested sub-oncall
    QList<AgreementRow> rules;           // by rule id; "rule → label" when a rule argues for several labels
    QList<AgreementRow> overriddenRules; // rules with overrides, most overridden first
    QList<TierRow> tiers;                // HIGH, MEDIUM, LOW, none
    QList<WeekRow> weeks;                // oldest first
    QList<ScoreboardSlice> slices;       // every profile / pack version in the store

    double agreement() const { return scored > 0 ? double(agreed) / scored : 0.0; }
};
