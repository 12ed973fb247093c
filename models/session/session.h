// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/core/queuespec.h"
#include "engine/core/result.h"
#include "engine/github/githubclient.h"
#include "engine/github/tokenstore.h"
#include "engine/sync/queuesyncjob.h"

#include <QDateTime>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>

#include <memory>

namespace KSyntaxHighlighting {
class Repository;
}
class IssueStore;
class OutboxStore;
class ReproResultStore;
class ReviewDecisionStore;
class SimilarityLookup;

// One reviewer's session, below the window: the GitHub client (the app's one QNetworkAccessManager), the stores on
// the store file (decisions, issues, outbox, repro results, the similarity index) and the syntax-highlighting
// repository. Per queue it reads the stored issues off the GUI thread and runs the sync. The window and its pages
// take what they need from here; tests drive it without a window.
class Session final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Session)

public:
    // A client and a highlighting repository of its own; no stores until open() or the setters.
    explicit Session(QObject *parent = nullptr);
    // Borrows the highlighting repository (one several windows share, in tests and benchmarks).
    explicit Session(KSyntaxHighlighting::Repository *repository, QObject *parent = nullptr);
    ~Session() override;

    KSyntaxHighlighting::Repository *syntaxRepository() const { return m_syntax; }

    // The session's own client until setClient() lends another; null: no GitHub (review still works).
    GitHubClient *client() const { return m_client; }
    void setClient(GitHubClient *client);
    // The client, the issue store and the token store at once (borrowed); one gitHubChanged().
    void setGitHub(GitHubClient *client, IssueStore *issueStore, TokenStore *tokenStore);
    // Backs the token dialog. Not owned.
    TokenStore *tokenStore() const { return m_tokenStore; }
    void setTokenStore(TokenStore *store) { m_tokenStore = store; }

    // Opens the decisions' store on the file, owned by the session, and the outbox and the repro results beside
    // it. The decisions' error, or "" (the session then keeps what it had); the others' are in besideErrors().
    QString openDecisionStore(const QString &path);
    // Why the outbox or the repro results could not open beside the decisions ("" when they did).
    QString besideErrors() const { return m_besideErrors; }
    // Opens the synced issues' store on the file, owned by the session, and the similarity index on it. An error,
    // or ""; the session then has no issue store (a JSON queue still reviews).
    QString openIssueStore(const QString &path);
    // Closes the stores (those it owns; a borrowed one stays the caller's).
    void close();

    // Stores a caller keeps (tests, the README scripts). The outbox and the repro results are opened anew on the
    // decisions' file when it changes; the errors of those that could not be ("" when none).
    QString setDecisionStore(ReviewDecisionStore *store);
    // The similarity index reads the issue store's file on a thread of its own.
    void setIssueStore(IssueStore *store);

    ReviewDecisionStore *decisionStore() const { return m_decisions; }
    IssueStore *issueStore() const { return m_issues; }
    OutboxStore *outboxStore() const { return m_outbox.get(); }
    ReproResultStore *reproResultStore() const { return m_repro.get(); }
    SimilarityLookup *similarity() const { return m_similarity.get(); }

    // Reads a stored queue on a worker thread, through a connection of its own: queueLoaded() follows, only for
    // the latest call (an older load that finishes late is dropped). False without an issue store.
    bool loadQueue(const QueueSpec &queue);
    bool isLoadingQueue() const { return m_loading; }
    // When the queue was last synced, as the store says; invalid: never (or no store).
    QDateTime lastSync(const QueueSpec &queue) const;

    // Brings the queue up to date from GitHub into the issue store. False (and nothing starts) without a client or
    // an issue store, or while a sync runs.
    bool sync(const QueueSpec &queue);
    void cancelSync();
    bool isSyncing() const { return !m_syncJob.isNull(); }
    bool canSync() const { return m_client && m_issues; }

Q_SIGNALS:
    // The client or the issue store (and with it the similarity index) changed.
    void gitHubChanged();
    // Each only when that store changed (opened anew, or on another file).
    void decisionStoreChanged();
    void outboxStoreChanged();
    void reproResultStoreChanged();

    void queueLoaded(const QueueSpec &queue, const Result<QList<Issue>> &issues);

    void syncProgress(int issuesDone, int issuesTotal, int commentsDone);
    void syncWaiting(qint64 milliseconds, const QString &reason);
    void syncFinished(const Result<SyncSummary> &result);

private:
    QString reopenBesideDecisions();

    std::unique_ptr<KSyntaxHighlighting::Repository> m_ownSyntax;
    KSyntaxHighlighting::Repository *m_syntax = nullptr;
    std::unique_ptr<GitHubClient> m_ownClient;
    QPointer<GitHubClient> m_client;
    QPointer<TokenStore> m_tokenStore;

    std::unique_ptr<ReviewDecisionStore> m_ownDecisions;
    ReviewDecisionStore *m_decisions = nullptr;
    std::unique_ptr<IssueStore> m_ownIssues;
    IssueStore *m_issues = nullptr;
    std::unique_ptr<OutboxStore> m_outbox;          // on the decisions' file
    std::unique_ptr<ReproResultStore> m_repro;      // on the decisions' file
    std::unique_ptr<SimilarityLookup> m_similarity; // on the issues' file

    QString m_besideErrors;
    int m_loadGeneration = 0; // the latest loadQueue()
    bool m_loading = false;
    QPointer<QueueSyncJob> m_syncJob;
};
