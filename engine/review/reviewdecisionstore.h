// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/result.h"
#include "engine/store/storeconnection.h"
#include "engine/triage/triageplan.h"

#include <QDateTime>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <memory>
#include <optional>

// Where a reviewer left an issue. New is the absence of a decision; Submitted is written by the outbox.
enum class ReviewState
{
    New,
    Approved,
    Edited,
    Skipped,
    Submitted
};
inline constexpr int ReviewStateCount = 5;

QString reviewStateName(ReviewState state); // "new", "approved", "edited", "skipped", "submitted"
ReviewState reviewStateFromName(const QString &name);

struct ReviewDecision
{
    qint64 id = 0; // the row in `decisions`, set once recorded
    QString repository;
    int number = 0;
    ReviewState state = ReviewState::New;
    TriagePlan plan; // what the reviewer approved (engine's, or edited)
    QString reviewer;
    QString note;
    QDateTime issueUpdatedAt; // the issue's updatedAt as the reviewer saw it
    QDateTime decidedAt;
    // What the scoreboard measures the decision against (schema 5; absent on older rows and outbox records).
    std::optional<TriagePlan> suggestion;  // the engine's plan the reviewer was shown
    QString packVersion;                   // RubricPack::fingerprint of the pack that made it
    QString packSource;                    // its file, ":/packs/…" for a built-in one
    std::optional<QStringList> seenLabels; // the issue's labels when the reviewer looked
};

// Review decisions in the store's `decisions` table, through a connection of its own (one instance per thread).
// History is kept: every decision is a new row and the latest one per issue wins; undo removes the row it
// undoes, so what was decided before shows again — after a restart too.
class ReviewDecisionStore final
{
public:
    ReviewDecisionStore(const ReviewDecisionStore &) = delete;
    ReviewDecisionStore &operator=(const ReviewDecisionStore &) = delete;

    // Opens the store file through IssueStore first, so the schema exists and is current.
    static Result<std::unique_ptr<ReviewDecisionStore>> open(const QString &path);

    QString path() const { return m_connection.path(); }

    // Writes a decision at once and returns its row id.
    Result<qint64> record(const ReviewDecision &decision);
    // Many decisions in one transaction (an import, a benchmark): all of them or none.
    Result<int> recordAll(const QList<ReviewDecision> &decisions);
    Result<bool> remove(qint64 id);
    // The latest decision per issue number of a repository.
    Result<QHash<int, ReviewDecision>> latest(const QString &repository) const;
    // Every decision on one issue, oldest first.
    Result<QList<ReviewDecision>> history(const QString &repository, int number) const;

    // The plan as stored: the triage writer's JSON plus what it leaves out, so a plan reads back whole.
    static QJsonObject planToJson(const TriagePlan &plan);
    static TriagePlan planFromJson(const QJsonObject &json);
    // A stable fingerprint of what a plan would change on GitHub.
    static QString planHash(const TriagePlan &plan);

private:
    explicit ReviewDecisionStore(StoreConnection connection);

    StoreConnection m_connection;
};
