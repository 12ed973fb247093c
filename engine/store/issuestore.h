// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/core/queuespec.h"
#include "engine/core/result.h"

#include <QHash>
#include <QList>
#include <QLoggingCategory>
#include <QPair>
#include <QSqlDatabase>
#include <QString>

#include <memory>

Q_DECLARE_LOGGING_CATEGORY(lcStore)

// The local store: one SQLite file with issues, comments, labels, queues and their sync state, plus the
// tables later work writes to (reviewer decisions, outbox, journal, audit log). Versioned schema
// (PRAGMA user_version), marked as ours (PRAGMA application_id). Every write is one transaction.
// Not thread-safe: one instance per thread, each with its own connection.
class IssueStore final
{
public:
    static constexpr int SchemaVersion = 6;

    ~IssueStore();
    IssueStore(const IssueStore &) = delete;
    IssueStore &operator=(const IssueStore &) = delete;

    // Opens or creates the store. A foreign, damaged or too new file is an error value, never a crash.
    static Result<std::unique_ptr<IssueStore>> open(const QString &path);
    // Moves a bad file aside (…/store.sqlite.broken-TIMESTAMP) and creates a fresh store in its place;
    // the next sync fills it from GitHub again.
    static Result<std::unique_ptr<IssueStore>> rebuild(const QString &path);
    // AppDataLocation/store.sqlite
    static QString defaultPath();

    QString path() const { return m_path; }
    int schemaVersion() const;

    Result<qint64> ensureQueue(const QueueSpec &queue);
    // Every queue ever synced into this store, most recently synced first.
    Result<QList<StoredQueue>> queues() const;
    Result<SyncState> syncState(qint64 queueId) const;

    // One page of a sync, in one transaction: issues upserted by number, their labels replaced, their
    // comments upserted by id (comments gone from GitHub removed), then the sync state. A kill between
    // pages leaves whole pages only; re-writing a page changes nothing.
    //
    // `unchanged`: issues seen on the page but not rewritten (REST skips unchanged ones); they count as seen.
    // `pruneQueue`: the page ends a full pass of that queue that began at `passStarted`, so its stored
    // members not seen since have left it on GitHub (label removed, closed, transferred): they are dropped.
    // Returns the issues written; *pruned receives the number dropped.
    Result<int> writePage(const QString &repository, const QList<Issue> &issues, const SyncState &state,
                          const QList<int> &unchanged = {}, const QueueSpec *pruneQueue = nullptr,
                          const QDateTime &passStarted = {}, int *pruned = nullptr);
    Result<int> writeSyncState(const SyncState &state);

    // The stored queue, with comments, oldest update first; works offline.
    Result<QList<Issue>> loadQueue(const QueueSpec &queue) const;
    // updatedAt and comment count of stored issues, to skip refetching comments of unchanged ones.
    QHash<int, QPair<QDateTime, int>> storedVersions(const QString &repository, const QList<int> &numbers) const;
    int issueCount(const QString &repository) const;
    int commentCount(const QString &repository) const;
    // Issues and comments of a queue as stored, counted without loading them; {-1, -1} on a read failure.
    QPair<int, int> queueCounts(const QueueSpec &queue) const;

private:
    IssueStore(QString path, QString connectionName);
    Result<int> setUp();
    Result<int> migrate(int from);
    QSqlDatabase database() const;

    QString m_path;
    QString m_connectionName;
};
