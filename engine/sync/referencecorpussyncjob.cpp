// SPDX-License-Identifier: MIT
#include "engine/sync/referencecorpussyncjob.h"

#include "engine/github/githubclient.h"
#include "engine/store/issuestore.h"

#include <utility>

using namespace Qt::StringLiterals;

ReferenceCorpusSyncJob::ReferenceCorpusSyncJob(GitHubClient *client, IssueStore *store, QueueSpec queue,
                                               QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_store(store)
    , m_queue(std::move(queue))
{
    qRegisterMetaType<CorpusSyncSummary>();
}

ReferenceCorpusSyncJob::~ReferenceCorpusSyncJob() = default; // a part still running is a child: it goes too

QList<QueueSpec> ReferenceCorpusSyncJob::parts() const
{
    QList<QueueSpec> parts;
    QueueSpec sameLabels = m_queue;
    sameLabels.state = QueueState::All;
    parts.append(sameLabels);
    if (m_years > 0 && !m_queue.labels.isEmpty()) {
        QueueSpec repository = m_queue;
        repository.labels.clear();
        repository.state = QueueState::All;
        parts.append(repository);
    }
    return parts;
}

QDateTime ReferenceCorpusSyncJob::horizon() const
{
    return m_years > 0 ? QDateTime::currentDateTimeUtc().addYears(-m_years) : QDateTime();
}

void ReferenceCorpusSyncJob::start()
{
    if (m_part >= 0)
        return;
    m_parts = parts();
    m_summary.queues = m_parts;
    m_part = 0;
    startPart();
}

void ReferenceCorpusSyncJob::cancel()
{
    if (m_current)
        m_current->cancel();
}

void ReferenceCorpusSyncJob::startPart()
{
    if (m_part >= m_parts.size()) {
        m_done = true;
        m_summary.rateLimitRemaining = m_client->rateLimit().remaining;
        m_summary.storedIssues = m_store->issueCount(m_queue.repository());
        Q_EMIT finished(m_summary);
        return;
    }
    const QueueSpec part = m_parts.at(m_part);
    auto *job = new QueueSyncJob(m_client, m_store, part, this);
    job->setMode(m_mode);
    job->setPageSize(m_pageSize);
    // The repository part goes back `years` at most; afterwards it asks only for what changed.
    if (part.labels.isEmpty())
        job->setHorizon(horizon());
    // No pruning by time: the corpus remembers issues that left the queue's labels too.
    job->setFullSyncInterval(std::chrono::milliseconds(0));
    m_current = job;
    const int index = m_part;
    const int count = int(m_parts.size());
    connect(job, &QueueSyncJob::progress, this, [this, index, count](int done, int total, int comments) {
        Q_EMIT progress(index, count, done, total, comments);
    });
    connect(job, &QueueSyncJob::waiting, this, &ReferenceCorpusSyncJob::waiting);
    connect(job, &QueueSyncJob::finished, this, [this](const Result<SyncSummary> &result) {
        m_current = nullptr;
        if (!result) {
            m_done = true;
            // The parts synced before this one, and what this one stored, go along as partial().
            if (const SyncSummary *stored = result.partial()) {
                m_summary.issues += stored->issues;
                m_summary.comments += stored->comments;
                m_summary.requests += stored->requests;
            }
            const QString part = m_parts.at(m_part).labels.isEmpty() ? tr("the whole repository")
                                                                     : m_parts.at(m_part).labels.join(u" + "_s);
            Q_EMIT finished(Result<CorpusSyncSummary>(
                Error{tr("Reference corpus, %1: %2").arg(part, result.error()), result.errorKind()}, m_summary));
            return;
        }
        m_summary.issues += result->issues;
        m_summary.comments += result->comments;
        m_summary.requests += result->requests;
        m_summary.parts.append(result.value());
        ++m_part;
        startPart();
    });
    job->start();
}
