// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/core/result.h"
#include "engine/store/storeconnection.h"

#include <QDateTime>
#include <QHash>
#include <QString>

#include <memory>

// An issue put out of the queue's way for a while (`z`): until a time, or until it changes on GitHub (its
// updatedAt moves past the one the reviewer saw).
struct Snooze
{
    QString repository;
    int number = 0;
    QDateTime until;         // UTC; invalid when the snooze waits for a change
    QDateTime seenUpdatedAt; // the issue's updatedAt when snoozed
    QDateTime snoozedAt;     // UTC

    bool untilChanged() const { return !until.isValid(); }
    // Whether the issue stays out of the way: before `until`, or while GitHub has nothing newer than seen.
    bool isActive(const Issue &issue, const QDateTime &now) const
    {
        if (!untilChanged())
            return now < until;
        return !(issue.updatedAt.isValid() && seenUpdatedAt.isValid() && issue.updatedAt > seenUpdatedAt);
    }
};

// Snoozes in the store file (table `snoozes`, created here when missing), one per issue; a connection of its
// own, one instance per thread.
class SnoozeStore final
{
public:
    SnoozeStore(const SnoozeStore &) = delete;
    SnoozeStore &operator=(const SnoozeStore &) = delete;

    // Opens the store file through IssueStore first, so the schema exists and is current.
    static Result<std::unique_ptr<SnoozeStore>> open(const QString &path);

    // Snoozes (or re-snoozes) an issue.
    Result<bool> snooze(const Snooze &snooze);
    // Wakes it: the snooze is gone (false when there was none).
    Result<bool> wake(const QString &repository, int number);
    // Every snooze of a repository by issue number, expired ones included (the caller knows the issues).
    Result<QHash<int, Snooze>> snoozes(const QString &repository) const;

private:
    explicit SnoozeStore(StoreConnection connection);

    StoreConnection m_connection;
};
