// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/core/queuespec.h"
#include "engine/core/result.h"
#include "engine/core/syncmode.h"

#include <QLoggingCategory>
#include <QObject>
#include <QPointer>
#include <QUrl>

#include <chrono>
#include <functional>
#include <memory>

Q_DECLARE_LOGGING_CATEGORY(lcSync)

class GitHubClient;
class GitHubRequestJob;
class IssueStore;
class SyncPageWriter;
struct GitHubResponse;

struct SyncSummary
{
    int issues = 0;      // issues written by this sync
    int comments = 0;    // comments written by this sync
    int removed = 0;     // stored issues found to have left the queue (full passes only)
    int queueIssues = 0; // the queue as stored afterwards
    int queueComments = 0;
    int requests = 0; // HTTP requests sent, retries included
    int rateLimitRemaining = -1;
    SyncMode mode = SyncMode::Auto; // GraphQL or Rest: the API it read through (Auto only before it chose)
    bool incremental = false;
    bool resumed = false; // continued a pass an earlier run left unfinished
    bool notModified = false;
};
Q_DECLARE_METATYPE(SyncSummary)

// Brings one queue from GitHub into the store: issues with all their comments, a page per transaction.
// GraphQL pages (issues and their first 100 comments in one query; batched follow-ups for issues with
// more), REST as the fallback (no token, or GraphQL failing). Re-syncs ask only for issues updated since
// the last pass; REST first pages are conditional (304). An interrupted pass resumes where it stopped.
// Pages are written by a SyncPageWriter on a thread of its own; the store given here is only read.
class QueueSyncJob final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(QueueSyncJob)

public:
    using Mode = SyncMode;

    QueueSyncJob(GitHubClient *client, IssueStore *store, QueueSpec queue, QObject *parent = nullptr);
    ~QueueSyncJob() override;

    void setMode(Mode mode) { m_mode = mode; }
    void setPageSize(int size) { m_pageSize = std::clamp(size, 1, 100); }
    // Ignore the stored `since`: fetch the whole queue again. Only full passes notice issues that left
    // the queue (a label removed, closed, transferred): those are dropped from the store.
    void setFullSync(bool full) { m_forceFull = full; }
    // A re-sync becomes a full pass when the last one is older than this (default a day; 0: never).
    void setFullSyncInterval(std::chrono::milliseconds interval) { m_fullSyncInterval = interval; }
    // A pass that would fetch everything asks only for issues updated since `horizon` (the reference corpus'
    // "last N years"); invalid: no bound.
    void setHorizon(const QDateTime &horizon) { m_horizon = horizon; }

    void start();
    // Ends with a "cancelled" error; pages already written stay, and the next sync resumes after them.
    void cancel();

Q_SIGNALS:
    // issuesTotal is -1 until known (REST does not say).
    void progress(int issuesDone, int issuesTotal, int commentsDone);
    void finished(const Result<SyncSummary> &result);
    // The current request waits before trying again: rate limit, Retry-After, backoff after an error.
    void waiting(qint64 milliseconds, const QString &reason);

private:
    void beginPass();
    void requestGraphQLPage();
    void onGraphQLPage(const Result<GitHubResponse> &result);
    void requestMoreComments();
    void onMoreComments(const Result<GitHubResponse> &result);
    void commitGraphQLPage();
    void requestRestPage();
    void onRestPage(const Result<GitHubResponse> &result);
    void requestRestComments();
    void onRestComments(const Result<GitHubResponse> &result);
    void commitRestPage();
    // Writes the page off this thread, then (if that worked) runs `next`.
    void commit(const QList<Issue> &issues, const QString &nextCursor, std::function<void()> next);
    void fallBackToRest(const QString &why);
    void track(GitHubRequestJob *job);
    void fail(const Error &error);
    void succeed();

    GitHubClient *m_client;
    IssueStore *m_store;
    QueueSpec m_queue;
    Mode m_mode = Mode::Auto;
    int m_pageSize = 100;
    bool m_forceFull = false;
    std::chrono::milliseconds m_fullSyncInterval{std::chrono::hours(24)};
    QDateTime m_horizon;

    bool m_started = false;
    bool m_done = false;
    bool m_useGraphQL = true;
    int m_requestsAtStart = 0;
    SyncSummary m_summary;
    qint64 m_queueId = 0;
    QPointer<GitHubRequestJob> m_current;
    std::unique_ptr<SyncPageWriter> m_writer;

    // The pass in progress.
    bool m_fullPass = true;
    QDateTime m_passSince;
    QDateTime m_passStarted;
    QString m_cursor; // GraphQL cursor or REST page URL of the next page
    int m_pagesCommitted = 0;
    int m_total = -1;
    int m_issuesDone = 0;
    QList<Issue> m_page; // the page being completed
    bool m_pageHasNext = false;
    QString m_pageNextCursor;
    QHash<int, QString> m_commentCursors; // issue number → cursor of its next comment page (GraphQL)
    QList<int> m_commentQueue;            // REST: page rows still needing comments
    QList<int> m_unchanged;               // REST: page issues stored already, as they are
    QUrl m_commentUrl;
    QByteArray m_firstPageEtag; // REST: the first page's ETag and URL, saved when the pass completes
    QString m_firstPageUrl;
};
