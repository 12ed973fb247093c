// SPDX-License-Identifier: MIT
#include "views/queue/repositorylabelcontroller.h"

#include "engine/labels/labelsyncjob.h"
#include "engine/labels/repositorylabelstore.h"

#include <QLoggingCategory>

using namespace Qt::StringLiterals;

RepositoryLabelController::RepositoryLabelController(GitHubClient *client, const QString &storePath, QObject *parent)
    : QObject(parent)
    , m_client(client)
{
    Result<std::unique_ptr<RepositoryLabelStore>> store = RepositoryLabelStore::open(storePath);
    if (store)
        m_store = std::move(store).value();
    else
        m_error = store.error();
}

RepositoryLabelController::~RepositoryLabelController()
{
    // Before the store goes: the job must not write to it or call back into a half-destroyed controller.
    if (m_job) {
        m_job->disconnect(this);
        delete m_job.data();
    }
}

void RepositoryLabelController::setRepository(const QString &repository)
{
    if (repository == m_repository && !m_labels.isEmpty())
        return;
    if (m_job && m_job->repository() != repository) {
        m_job->disconnect(this);
        m_job->cancel();
    }
    m_repository = repository;
    load();
}

void RepositoryLabelController::load()
{
    QList<RepositoryLabel> labels;
    if (m_store && !m_repository.isEmpty()) {
        Result<QList<RepositoryLabel>> stored = m_store->labels(m_repository);
        if (stored)
            labels = std::move(stored).value();
        else
            m_error = stored.error();
    }
    m_labels = labels;
    Q_EMIT labelsChanged(m_labels);
}

QHash<QString, QColor> RepositoryLabelController::colors() const
{
    QHash<QString, QColor> colors;
    for (const RepositoryLabel &label : m_labels) {
        const QColor color(u'#' + label.color);
        if (label.color.size() == 6 && color.isValid())
            colors.insert(label.name, color);
    }
    return colors;
}

void RepositoryLabelController::sync()
{
    if (m_job || !m_client || !m_store || m_repository.isEmpty())
        return;
    m_job = new LabelSyncJob(m_client, m_store.get(), m_repository, this);
    connect(m_job, &LabelSyncJob::finished, this, [this](const Result<LabelSyncSummary> &result) {
        if (result && !result->notModified())
            load();
        Q_EMIT synced(result ? QString() : result.error());
    });
    m_job->start();
}
