// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/queuespec.h"
#include "engine/core/result.h"
#include "engine/sync/queuesyncjob.h"

#include <QDateTime>
#include <QList>
#include <QObject>
#include <QPointer>

class GitHubClient;
class IssueStore;

struct CorpusSyncSummary
{
    int issues = 0; // written by this sync, all parts
    int comments = 0;
    int requests = 0; // HTTP requests (GraphQL pages and their comment follow-ups, or REST pages)
    int rateLimitRemaining = -1;
    int storedIssues = 0; // issues of the repository in the store afterwards
    QList<SyncSummary> parts;
    QList<QueueSpec> queues;
};
Q_DECLARE_METATYPE(CorpusSyncSummary)

// The triager's memory of the repository: besides the queue, its closed and open issues of the same labels
// and, on request, every issue of the repository updated in the last N years, synced into the store with
// titles, bodies and comments — incrementally, as queues are (each part is a stored queue with its own sync
// state; a part resumes where an interrupted pass stopped). Pages are indexed for similar issues as they are
// written. The parts run one after another.
class ReferenceCorpusSyncJob final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReferenceCorpusSyncJob)

public:
    ReferenceCorpusSyncJob(GitHubClient *client, IssueStore *store, QueueSpec queue, QObject *parent = nullptr);
    ~ReferenceCorpusSyncJob() override;

    // Also the whole repository's issues updated in the last `years` years (0: only the queue's labels).
    void setYears(int years) { m_years = years; }
    void setMode(QueueSyncJob::Mode mode) { m_mode = mode; }
    void setPageSize(int size) { m_pageSize = size; }
    // The parts this job syncs, in order.
    QList<QueueSpec> parts() const;
    // The `since` the whole-repository part starts from on its first pass.
    QDateTime horizon() const;

    void start();
    void cancel();

Q_SIGNALS:
    // part: 0-based index into parts(); issuesTotal -1 until known.
    void progress(int part, int parts, int issuesDone, int issuesTotal, int commentsDone);
    void waiting(qint64 milliseconds, const QString &reason);
    void finished(const Result<CorpusSyncSummary> &result);

private:
    void startPart();

    GitHubClient *m_client;
    IssueStore *m_store;
    QueueSpec m_queue;
    int m_years = 0;
    QueueSyncJob::Mode m_mode = QueueSyncJob::Mode::Auto;
    int m_pageSize = 100;
    QList<QueueSpec> m_parts;
    int m_part = -1;
    bool m_done = false;
    QPointer<QueueSyncJob> m_current;
    CorpusSyncSummary m_summary;
};
