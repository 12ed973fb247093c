// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/result.h"
#include "engine/labels/repositorylabel.h"
#include "engine/store/storeconnection.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QString>

#include <memory>

// A repository's labels in the store file (tables repo_labels and repo_label_pages, created here when
// missing), kept per REST page with the page's ETag so that a re-sync asks each page conditionally and
// re-uses the stored labels of a page GitHub answers 304 for. Its own connection; one instance per thread.
class RepositoryLabelStore final
{
public:
    struct Page
    {
        int page = 0; // 1-based
        QByteArray etag;
        QList<RepositoryLabel> labels;
    };

    RepositoryLabelStore(const RepositoryLabelStore &) = delete;
    RepositoryLabelStore &operator=(const RepositoryLabelStore &) = delete;

    // Opens the store file through IssueStore first, so the schema exists and is current.
    static Result<std::unique_ptr<RepositoryLabelStore>> open(const QString &path);

    QString path() const { return m_connection.path(); }

    // Every label of the repository, sorted by name (case-insensitive); empty before the first sync.
    Result<QList<RepositoryLabel>> labels(const QString &repository) const;
    // The stored pages, in order, with their ETags.
    Result<QList<Page>> pages(const QString &repository) const;
    // Replaces the repository's labels with these pages in one transaction.
    Result<int> replace(const QString &repository, const QList<Page> &pages, const QDateTime &syncedAt);
    // When the labels were last synced (invalid: never).
    QDateTime syncedAt(const QString &repository) const;

private:
    explicit RepositoryLabelStore(StoreConnection connection);

    StoreConnection m_connection;
};
