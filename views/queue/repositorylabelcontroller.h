// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/result.h"
#include "engine/labels/repositorylabel.h"

#include <QColor>
#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>

#include <memory>

class GitHubClient;
class LabelSyncJob;
class RepositoryLabelStore;
struct LabelSyncSummary;

// The open queue's repository labels for the window: read from the store when the queue opens, brought up to
// date from GitHub after each sync (LabelSyncJob through the one GitHubClient), and handed on by labelsChanged().
class RepositoryLabelController final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RepositoryLabelController)

public:
    // storePath: the issue store's file; the labels live in tables of their own there.
    RepositoryLabelController(GitHubClient *client, const QString &storePath, QObject *parent = nullptr);
    ~RepositoryLabelController() override;

    // An error opening the store, or empty.
    QString error() const { return m_error; }
    // Switches to this repository ("owner/name") and emits its stored labels.
    void setRepository(const QString &repository);
    QString repository() const { return m_repository; }
    QList<RepositoryLabel> labels() const { return m_labels; }
    QHash<QString, QColor> colors() const;
    // Fetches the repository's labels (conditional requests; a 304 costs nothing) and emits them when they are in.
    void sync();
    bool isSyncing() const { return !m_job.isNull(); }

Q_SIGNALS:
    void labelsChanged(const QList<RepositoryLabel> &labels);
    // After sync(): an empty error, or what went wrong (the stored labels are kept).
    void synced(const QString &error);

private:
    void load();

    GitHubClient *m_client;
    std::unique_ptr<RepositoryLabelStore> m_store;
    QString m_error;
    QString m_repository;
    QList<RepositoryLabel> m_labels;
    QPointer<LabelSyncJob> m_job;
};
