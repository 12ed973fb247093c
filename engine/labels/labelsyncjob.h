// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/result.h"
#include "engine/labels/repositorylabelstore.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QUrl>

class GitHubClient;
class GitHubRequestJob;
struct GitHubResponse;

struct LabelSyncSummary
{
    int labels = 0;    // the repository's labels as stored afterwards
    int pages = 0;     // pages read
    int unchanged = 0; // pages GitHub answered 304 for (their stored labels kept)
    int requests = 0;  // HTTP requests sent, retries included
    bool notModified() const { return pages > 0 && unchanged == pages; }
};
Q_DECLARE_METATYPE(LabelSyncSummary)

// Brings a repository's labels (name, colour, description) into the store: GET /repos/{owner}/{repo}/labels,
// 100 a page, following Link: rel="next". Each page is asked for with its stored ETag; a 304 keeps the page's
// stored labels (and costs no rate limit). The labels are replaced in one transaction once every page is in;
// a failure or a cancel leaves the stored labels as they were. finished() fires exactly once; then the job
// deletes itself.
class LabelSyncJob final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LabelSyncJob)

public:
    // repository: "owner/name". The store is only used on this thread.
    LabelSyncJob(GitHubClient *client, RepositoryLabelStore *store, QString repository, QObject *parent = nullptr);
    ~LabelSyncJob() override;

    QString repository() const { return m_repository; }
    void setPageSize(int size) { m_pageSize = size; }
    void start();
    void cancel();

Q_SIGNALS:
    void finished(const Result<LabelSyncSummary> &result);

private:
    QUrl pageUrl(int page) const;
    void fetch(const QUrl &url);
    void onPage(const Result<GitHubResponse> &result);
    void finishWith(const Result<LabelSyncSummary> &result);

    GitHubClient *m_client;
    RepositoryLabelStore *m_store;
    QString m_repository;
    int m_pageSize = 100;
    QList<RepositoryLabelStore::Page> m_stored;
    QList<RepositoryLabelStore::Page> m_fetched;
    QPointer<GitHubRequestJob> m_current;
    QUrl m_currentUrl;
    int m_requestsAtStart = 0;
    LabelSyncSummary m_summary;
    bool m_done = false;
};
