// SPDX-License-Identifier: MIT
#pragma once

#include "engine/review/reviewdecisionstore.h"
#include "engine/triage/triageplan.h"

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

// One issue as the scoreboard sees it: where a reviewer left it (the latest review decision: approved, edited or
// skipped), what the engine had suggested, and — when we wrote to it and a later sync brought it back — the
// labels it carries now, so that a label another maintainer removed or added counts as an override too.
struct DecidedIssue
{
    QString repository;
    int number = 0;
    ReviewState state = ReviewState::New; // Approved, Edited or Skipped
    TriagePlan plan;                      // what the reviewer approved
    std::optional<TriagePlan> suggestion; // what the engine suggested (absent on decisions older than schema 5)
    QString profile;
    QString packVersion;
    QString packSource;
    std::optional<QStringList> seenLabels; // the issue's labels when the reviewer looked
    QString reviewer;
    QDateTime decidedAt;
    bool written = false;     // the approved plan reached GitHub (the outbox recorded it as submitted)
    QDateTime writtenAt;      // when
    bool syncedSince = false; // a sync after the write brought the issue's labels back
    QStringList labelsNow;    // those labels, with syncedSince

    bool isApproval() const { return state == ReviewState::Approved || state == ReviewState::Edited; }
};

struct IssueRef
{
    QString repository;
    int number = 0;

    friend bool operator==(const IssueRef &, const IssueRef &) = default;
};
