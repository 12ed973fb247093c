// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/result.h"
#include "engine/repro/outcomeclassifier.h"
#include "engine/store/storeconnection.h"

#include <QDateTime>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>

#include <memory>
#include <optional>

// One series of sandboxed runs of an issue's repro, as kept with the issue: what ran (the code's hash and
// where it came from), where (environment, Python and torch versions), the outcome with its flakiness, the
// reviewer's consent when one was needed, and the tail of the output.
struct ReproRunRecord
{
    qint64 id = 0; // the row in `repro_runs`, set once recorded
    QString repository;
    int number = 0;
    QString codeHash;  // SHA-256 of the code that ran
    QString candidate; // where it came from: "issue body", "comment 3"
    QString environment;
    QString pythonVersion;
    QString torchVersion;
    ReproOutcome::Kind outcome = ReproOutcome::Kind::SandboxRefused;
    int runs = 0;
    int reproducedRuns = 0; // the runs that showed the bug; the `failures` column
    QString expected;       // the reported error it was compared with, `ExcClass: substring`
    QJsonObject consent;    // who, when, and the findings they accepted; empty when none was needed
    QJsonObject result;     // the whole series summary, review included
    QString detail;         // one readable line
    QString outputTail;
    QDateTime startedAt;
    QDateTime finishedAt;

    bool reproduces() const
    {
        // A timeout is the bug only when the issue reported a hang; the stored summary says so.
        return outcome == ReproOutcome::Kind::SameError || outcome == ReproOutcome::Kind::KilledBySignal ||
               (outcome == ReproOutcome::Kind::TimedOut && result.value(QStringLiteral("reproduces")).toBool());
    }
    qint64 durationMs() const
    {
        return startedAt.isValid() && finishedAt.isValid() ? startedAt.msecsTo(finishedAt) : 0;
    }
    static QString hashOf(const QString &code);
    static ReproOutcome::Kind kindFromName(const QString &name);
};

Q_DECLARE_METATYPE(ReproRunRecord)

// Repro results in the store's `repro_runs` table, through a connection of its own (one instance per thread).
// Every series is a new row: the latest per issue is what the console shows, the rest is history.
class ReproResultStore final
{
public:
    ReproResultStore(const ReproResultStore &) = delete;
    ReproResultStore &operator=(const ReproResultStore &) = delete;

    // Opens the store file through IssueStore first, so the schema exists and is current.
    static Result<std::unique_ptr<ReproResultStore>> open(const QString &path);

    QString path() const { return m_connection.path(); }

    Result<qint64> record(const ReproRunRecord &record);
    // The latest result per issue number of a repository.
    Result<QHash<int, ReproRunRecord>> latest(const QString &repository) const;
    Result<std::optional<ReproRunRecord>> latestFor(const QString &repository, int number) const;
    // Every result on one issue, oldest first.
    Result<QList<ReproRunRecord>> history(const QString &repository, int number) const;

private:
    explicit ReproResultStore(StoreConnection connection);

    StoreConnection m_connection;
};
