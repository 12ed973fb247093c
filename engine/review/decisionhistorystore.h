// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/core/result.h"
#include "engine/review/decidedissue.h"
#include "engine/store/storeconnection.h"

#include <QHash>
#include <QList>
#include <QString>

#include <memory>

// Reads what the scoreboard and the what-if replay need from a store file, through a connection of its own (one
// instance per thread): every issue's latest review decision, whether its plan was written to GitHub, the labels
// a later sync brought back, and the issues' text. Read-only.
class DecisionHistoryStore final
{
public:
    DecisionHistoryStore(const DecisionHistoryStore &) = delete;
    DecisionHistoryStore &operator=(const DecisionHistoryStore &) = delete;

    // The file must exist and be a store (its schema is brought up to date first).
    static Result<std::unique_ptr<DecisionHistoryStore>> open(const QString &path);

    QString path() const { return m_connection.path(); }

    // Every reviewed issue of every repository, oldest decision first. Their plans hold what the scoreboard reads:
    // labels, sub-oncall, profile, confidences and each piece of evidence's rule and label (not its text).
    Result<QList<DecidedIssue>> decidedIssues() const;
    // Changes whenever a decision is recorded or undone, or a sync writes issues: a reader's cache is stale.
    Result<QString> version() const;
    // The stored issues (with comments) of these references; "repo#number" keys. Missing ones are left out.
    Result<QHash<QString, Issue>> issues(const QList<IssueRef> &refs) const;

    static QString key(const QString &repository, int number) { return repository + u'#' + QString::number(number); }

    // What the scoreboard measures of a decision's plans, as text written with the decision (`measured`): the
    // labels, sub-oncall and profile of both, the suggestion's confidences and its evidence's rules and labels.
    static QString measured(const TriagePlan &plan, const std::optional<TriagePlan> &suggestion);

private:
    explicit DecisionHistoryStore(StoreConnection connection);

    StoreConnection m_connection;
};
