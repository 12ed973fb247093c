// SPDX-License-Identifier: MIT
#include "models/queue/queuetriager.h"

#include <QtConcurrent/QtConcurrentMap>
#include <QThreadPool>

#include <algorithm>

QueueTriager::QueueTriager(QObject *parent)
    : QObject(parent)
    , m_pool(new QThreadPool(this))
{
    // One core stays with the GUI thread: with every core planning, the window's own events wait their turn.
    m_pool->setMaxThreadCount(std::max(1, QThread::idealThreadCount() - 1));
}

QueueTriager::~QueueTriager()
{
    stop();
}

void QueueTriager::cancel()
{
    if (!m_watcher)
        return;
    const int planned = m_done;
    stop();
    Q_EMIT finished(Result<int>(Error::cancelled(tr("Triage cancelled after %n issue(s)", nullptr, planned)), planned));
}

void QueueTriager::stop()
{
    if (!m_watcher)
        return;
    // Disconnected first: whatever the old run still produces is stale.
    m_watcher->disconnect(this);
    m_watcher->cancel();
    m_watcher->waitForFinished();
    delete m_watcher;
    m_watcher = nullptr;
}

void QueueTriager::start(QList<Issue> issues, RubricSet rubrics)
{
    stop();
    m_issues = std::move(issues);
    m_rubrics = std::move(rubrics);
    m_done = 0;
    if (m_issues.isEmpty()) {
        Q_EMIT finished(Result<int>(0));
        return;
    }
    if (!m_rubrics.isValid()) {
        Q_EMIT finished(Error::failed(tr("No rubric pack to triage the queue with.")));
        return;
    }
    m_watcher = new QFutureWatcher<TriagePlan>(this);
    QFutureWatcher<TriagePlan> *watcher = m_watcher;
    const int total = int(m_issues.size());
    connect(watcher, &QFutureWatcherBase::resultsReadyAt, this, [this, watcher, total](int begin, int end) {
        for (int row = begin; row < end; ++row)
            Q_EMIT planReady(row, watcher->resultAt(row));
        m_done += end - begin;
        Q_EMIT progress(m_done, total);
    });
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher] {
        if (watcher != m_watcher)
            return;
        m_watcher = nullptr;
        watcher->deleteLater();
        Q_EMIT finished(m_done);
    });
    const RubricSet planner = m_rubrics;
    Q_EMIT progress(0, total);
    watcher->setFuture(
        QtConcurrent::mapped(m_pool, m_issues, [planner](const Issue &issue) { return planner.plan(issue); }));
}
