// SPDX-License-Identifier: MIT
#include "models/session/session.h"

#include "engine/github/githubclient.h"
#include "engine/github/tokenstore.h"
#include "engine/outbox/outboxstore.h"
#include "engine/repro/reproresultstore.h"
#include "engine/review/reviewdecisionstore.h"
#include "engine/similar/similaritylookup.h"
#include "engine/store/issuestore.h"

#include <KSyntaxHighlighting/Repository>

#include <QFutureWatcher>
#include <QSignalBlocker>
#include <QtConcurrent/QtConcurrentRun>

#include <type_traits>

using namespace Qt::StringLiterals;

namespace {

// A stored queue as the worker thread read it.
struct LoadedQueue
{
    QList<Issue> issues;
    QString error;
};

} // namespace

Session::Session(QObject *parent)
    : QObject(parent)
    , m_ownSyntax(std::make_unique<KSyntaxHighlighting::Repository>())
    , m_syntax(m_ownSyntax.get())
    , m_ownClient(std::make_unique<GitHubClient>())
    , m_client(m_ownClient.get())
{}

Session::Session(KSyntaxHighlighting::Repository *repository, QObject *parent)
    : QObject(parent)
    , m_syntax(repository)
{
    if (!m_syntax) {
        m_ownSyntax = std::make_unique<KSyntaxHighlighting::Repository>();
        m_syntax = m_ownSyntax.get();
    }
}

Session::~Session()
{
    if (m_syncJob)
        delete m_syncJob.data(); // before the client and the store it works with
}

void Session::setClient(GitHubClient *client)
{
    m_client = client;
    Q_EMIT gitHubChanged();
}

void Session::setGitHub(GitHubClient *client, IssueStore *issueStore, TokenStore *tokenStore)
{
    QSignalBlocker blocker(this);
    setClient(client);
    setIssueStore(issueStore);
    setTokenStore(tokenStore);
    blocker.unblock();
    Q_EMIT gitHubChanged();
}

QString Session::openDecisionStore(const QString &path)
{
    Result<std::unique_ptr<ReviewDecisionStore>> opened = ReviewDecisionStore::open(path);
    if (!opened)
        return opened.error();
    m_ownDecisions = std::move(opened).value();
    setDecisionStore(m_ownDecisions.get());
    return {};
}

QString Session::openIssueStore(const QString &path)
{
    Result<std::unique_ptr<IssueStore>> opened = IssueStore::open(path);
    if (!opened) {
        setIssueStore(nullptr);
        m_ownIssues.reset();
        return opened.error();
    }
    m_ownIssues = std::move(opened).value();
    setIssueStore(m_ownIssues.get());
    return {};
}

void Session::close()
{
    if (m_syncJob) {
        disconnect(m_syncJob, nullptr, this, nullptr);
        delete m_syncJob.data(); // it works on the issue store
    }
    setIssueStore(nullptr);
    m_ownIssues.reset();
    m_decisions = nullptr;
    m_outbox.reset();
    m_repro.reset();
    Q_EMIT outboxStoreChanged();
    Q_EMIT reproResultStoreChanged();
    Q_EMIT decisionStoreChanged();
    m_ownDecisions.reset();
}

QString Session::setDecisionStore(ReviewDecisionStore *store)
{
    const bool changed = store != m_decisions;
    m_decisions = store;
    m_besideErrors = reopenBesideDecisions();
    if (changed)
        Q_EMIT decisionStoreChanged();
    return m_besideErrors;
}

// Repro results and the outbox live in the decisions' file, each through a connection of its own.
QString Session::reopenBesideDecisions()
{
    QStringList errors;
    // True when `connection` was opened anew (or failed to open) on the decisions' file.
    const auto reopen = [this, &errors](auto &connection) {
        if (!m_decisions || (connection && connection->path() == m_decisions->path()))
            return false;
        auto opened = std::decay_t<decltype(*connection)>::open(m_decisions->path());
        if (opened)
            connection = std::move(opened).value();
        else
            errors.append(opened.error());
        return true;
    };
    if (reopen(m_repro))
        Q_EMIT reproResultStoreChanged();
    if (reopen(m_outbox))
        Q_EMIT outboxStoreChanged();
    return errors.join(u"; "_s);
}

void Session::setIssueStore(IssueStore *store)
{
    m_issues = store;
    m_similarity = store ? std::make_unique<SimilarityLookup>(store->path()) : nullptr;
    Q_EMIT gitHubChanged();
}

QDateTime Session::lastSync(const QueueSpec &queue) const
{
    QDateTime last;
    if (!m_issues)
        return last;
    if (const Result<QList<StoredQueue>> stored = m_issues->queues()) {
        for (const StoredQueue &candidate : stored.value()) {
            if (candidate.queue.repository() == queue.repository() &&
                candidate.queue.labelTerms() == queue.labelTerms() && candidate.queue.state == queue.state)
                last = candidate.lastSync;
        }
    }
    return last;
}

bool Session::loadQueue(const QueueSpec &queue)
{
    if (!m_issues)
        return false;
    // Thousands of issues with their comments take a second or more to read: a worker thread reads them
    // through a connection of its own while the window paints and stays responsive.
    const int generation = ++m_loadGeneration;
    m_loading = true;
    auto *watcher = new QFutureWatcher<LoadedQueue>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation, queue] {
        watcher->deleteLater();
        if (generation != m_loadGeneration)
            return;
        m_loading = false;
        LoadedQueue loaded = watcher->result();
        Q_EMIT queueLoaded(queue, loaded.error.isEmpty() ? Result<QList<Issue>>(std::move(loaded.issues))
                                                         : Result<QList<Issue>>(Error{loaded.error}));
    });
    watcher->setFuture(QtConcurrent::run([path = m_issues->path(), queue] {
        LoadedQueue loaded;
        Result<std::unique_ptr<IssueStore>> store = IssueStore::open(path);
        if (!store) {
            loaded.error = store.error();
            return loaded;
        }
        Result<QList<Issue>> issues = store.value()->loadQueue(queue);
        if (issues)
            loaded.issues = std::move(issues).value();
        else
            loaded.error = issues.error();
        return loaded;
    }));
    return true;
}

bool Session::sync(const QueueSpec &queue)
{
    if (m_syncJob || !canSync())
        return false;
    m_syncJob = new QueueSyncJob(m_client, m_issues, queue, this);
    connect(m_syncJob, &QueueSyncJob::progress, this, &Session::syncProgress);
    connect(m_syncJob, &QueueSyncJob::waiting, this, &Session::syncWaiting);
    connect(m_syncJob, &QueueSyncJob::finished, this, [this](const Result<SyncSummary> &result) {
        m_syncJob = nullptr; // it deletes itself
        Q_EMIT syncFinished(result);
    });
    m_syncJob->start();
    return true;
}

void Session::cancelSync()
{
    if (m_syncJob)
        m_syncJob->cancel();
}
