// SPDX-License-Identifier: MIT
// Syncs a 2,000-issue queue (0–60 comments each, some over 100) from the GitHub-shaped test server and
// prints what it cost: requests, wall time, store size; then unchanged and lightly changed re-syncs; and
// what the gh-CLI pattern (one list call per 100 issues + one `gh issue view --comments` per issue) needs.
#include "engine/github/githubclient.h"
#include "engine/store/issuestore.h"
#include "engine/sync/queuesyncjob.h"
#include "tests/support/githubtestserver.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <optional>

using namespace Qt::StringLiterals;

namespace {

QTextStream out(stdout);

struct Pass
{
    Result<SyncSummary> summary = Error{u"not run"_s};
    qint64 milliseconds = 0;
};

Pass runSync(GitHubClient *client, IssueStore *store, const QueueSpec &queue, QueueSyncJob::Mode mode)
{
    auto *job = new QueueSyncJob(client, store, queue);
    job->setMode(mode);
    std::optional<Result<SyncSummary>> result;
    QObject::connect(job, &QueueSyncJob::finished, job, [&](const Result<SyncSummary> &r) { result.emplace(r); });
    QSignalSpy destroyed(job, &QObject::destroyed);
    QElapsedTimer timer;
    timer.start();
    job->start();
    destroyed.wait(600000);
    return Pass{result.value_or(Error{u"no result"_s}), timer.elapsed()};
}

qint64 storeSize(const QString &path)
{
    qint64 size = 0;
    for (const char *suffix : {"", "-wal", "-shm"})
        size += QFileInfo(path + QLatin1StringView(suffix)).size();
    return size;
}

// Every issue and comment of the server's queue is in the store, once.
bool verify(const GitHubTestServer &server, IssueStore &store, const QueueSpec &queue, QString *why)
{
    const Result<QList<Issue>> stored = store.loadQueue(queue);
    if (!stored) {
        *why = stored.error();
        return false;
    }
    QHash<int, const Issue *> byNumber;
    for (const Issue &issue : *stored)
        byNumber.insert(issue.number, &issue);
    int expected = 0;
    for (const TestIssue &issue : const_cast<GitHubTestServer &>(server).issues()) {
        if (issue.pullRequest || !issue.open)
            continue;
        ++expected;
        const Issue *mine = byNumber.value(issue.number);
        if (!mine || mine->comments.size() != issue.comments.size()) {
            *why = u"#%1 differs"_s.arg(issue.number);
            return false;
        }
        for (qsizetype k = 0; k < issue.comments.size(); ++k) {
            if (mine->comments.at(k).id != issue.comments.at(k).id ||
                mine->comments.at(k).body != issue.comments.at(k).body) {
                *why = u"#%1 comment %2 differs"_s.arg(issue.number).arg(k);
                return false;
            }
        }
    }
    if (stored->size() != expected) {
        *why = u"%1 issues stored, %2 expected"_s.arg(stored->size()).arg(expected);
        return false;
    }
    return true;
}

void row(const QString &what, const QString &value)
{
    out << "  " << what.leftJustified(52, u'.') << ' ' << value << Qt::endl;
}

// What a sync costs the GUI thread: the longest gap between ticks of a 1 ms timer on the thread that runs the
// job, during a full GraphQL sync into a fresh store. The server runs on a thread of its own here, so that
// its work is not counted as the job's.
void measureStall(const GitHubTestServer::Generation &generation, const QString &storePath)
{
    QThread serverThread;
    auto *server = new GitHubTestServer;
    server->moveToThread(&serverThread);
    QObject::connect(&serverThread, &QThread::finished, server, &QObject::deleteLater);
    serverThread.start();
    bool started = false;
    QUrl url;
    QString repository;
    QMetaObject::invokeMethod(
        server,
        [&] {
            started = server->start();
            server->generate(generation);
            url = server->url();
            repository = server->repository();
        },
        Qt::BlockingQueuedConnection);
    auto opened = IssueStore::open(storePath);
    if (started && opened) {
        std::unique_ptr<IssueStore> store = std::move(opened).value();
        GitHubClient client;
        client.setApiUrl(url);
        client.setToken(u"bench-token"_s);
        QueueSpec queue;
        queue.setRepository(repository);
        queue.labels = generation.queueLabels;

        QElapsedTimer sinceTick;
        qint64 longest = 0;
        QTimer ticker;
        ticker.setInterval(1);
        QObject::connect(&ticker, &QTimer::timeout, &ticker, [&] {
            longest = std::max(longest, sinceTick.nsecsElapsed());
            sinceTick.restart();
        });
        sinceTick.start();
        ticker.start();
        const Pass pass = runSync(&client, store.get(), queue, QueueSyncJob::Mode::GraphQL);
        ticker.stop();
        row(u"GUI-thread stall during a full sync: longest"_s,
            pass.summary
                ? u"%1 ms [< 50 ms] (pages written on the writer's thread)"_s.arg(double(longest) / 1e6, 0, 'f', 1)
                : u"sync failed: "_s + pass.summary.error());
    }
    serverThread.quit();
    serverThread.wait();
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QLoggingCategory::setFilterRules(u"triage.*.info=false"_s);
    const int issues = argc > 1 ? QByteArray(argv[1]).toInt() : 2000;

    GitHubTestServer server;
    if (!server.start()) {
        out << "cannot start the test server" << Qt::endl;
        return 1;
    }
    GitHubTestServer::Generation generation;
    generation.issues = issues;
    generation.maxComments = 60;
    generation.manyCommentsEvery = 50; // 2 % of issues with 150–199 comments
    generation.unicodeLabelEvery = 7;
    server.generate(generation);
    int over100 = 0;
    for (const TestIssue &issue : server.issues())
        over100 += issue.comments.size() > 100 ? 1 : 0;

    QueueSpec queue;
    queue.setRepository(server.repository());
    queue.labels = generation.queueLabels;

    QTemporaryDir dir;
    out << "bench_sync: " << issues << "-issue queue, " << server.commentTotal() << " comments (0–60 each; " << over100
        << " issues with over 100), test server on " << server.url().toString() << Qt::endl;

    for (const auto mode : {QueueSyncJob::Mode::GraphQL, QueueSyncJob::Mode::Rest}) {
        const bool graphql = mode == QueueSyncJob::Mode::GraphQL;
        const QString path = dir.filePath(graphql ? u"graphql.sqlite"_s : u"rest.sqlite"_s);
        auto opened = IssueStore::open(path);
        if (!opened) {
            out << opened.error() << Qt::endl;
            return 1;
        }
        std::unique_ptr<IssueStore> store = std::move(opened).value();
        GitHubClient client;
        client.setApiUrl(server.url());
        client.setToken(u"bench-token"_s);

        out << Qt::endl << (graphql ? "GraphQL (default)" : "REST (fallback)") << Qt::endl;
        const Pass full = runSync(&client, store.get(), queue, mode);
        if (!full.summary) {
            out << "  full sync failed: " << full.summary.error() << Qt::endl;
            return 1;
        }
        QString why;
        const bool complete = verify(server, *store, queue, &why);
        row(u"full sync: requests"_s, QString::number(full.summary->requests));
        row(u"full sync: wall time"_s, u"%1 ms"_s.arg(full.milliseconds));
        row(u"full sync: issues / comments stored"_s,
            u"%1 / %2"_s.arg(full.summary->queueIssues).arg(full.summary->queueComments));
        row(u"every comment arrived (checked against the server)"_s, complete ? u"yes"_s : u"NO: "_s + why);
        row(u"store size"_s, u"%1 MB"_s.arg(double(storeSize(path)) / (1024.0 * 1024.0), 0, 'f', 1));
        if (graphql)
            measureStall(generation, dir.filePath(u"stall.sqlite"_s));

        const Pass unchanged = runSync(&client, store.get(), queue, mode);
        row(u"unchanged re-sync: requests"_s, QString::number(unchanged.summary ? unchanged.summary->requests : -1));
        const Pass unchangedAgain = runSync(&client, store.get(), queue, mode);
        row(u"unchanged re-sync again: requests"_s,
            u"%1%2"_s.arg(unchangedAgain.summary ? unchangedAgain.summary->requests : -1)
                .arg(unchangedAgain.summary && unchangedAgain.summary->notModified ? u" (304)"_s : QString()));
        for (int n = 1; n <= 10; ++n)
            server.touch(n * 97 % issues + 1, u"new comment %1"_s.arg(n));
        const Pass changed = runSync(&client, store.get(), queue, mode);
        row(u"re-sync after 10 issues changed: requests"_s,
            QString::number(changed.summary ? changed.summary->requests : -1));
        row(u"re-sync after 10 issues changed: wall time"_s, u"%1 ms"_s.arg(changed.milliseconds));
        row(u"still complete"_s, verify(server, *store, queue, &why) ? u"yes"_s : u"NO: "_s + why);
        row(u"rate limit remaining (of 5000)"_s, QString::number(client.rateLimit().remaining));
    }

    // gh issue list --limit N: one GraphQL call per 100 issues; gh issue view N --comments: one call per
    // issue, plus one per further 100 comments.
    int viewCalls = 0;
    for (const TestIssue &issue : server.issues())
        viewCalls += 1 + (std::max<int>(0, int(issue.comments.size()) - 1) / 100);
    const int listCalls = (issues + 99) / 100;
    out << Qt::endl << "gh CLI pattern (gh issue list + gh issue view --comments per issue)" << Qt::endl;
    row(u"full sync: requests"_s, u"%1 (%2 list + %3 view)"_s.arg(listCalls + viewCalls).arg(listCalls).arg(viewCalls));
    row(u"re-sync: requests (no incremental mode)"_s, QString::number(listCalls + viewCalls));
    return 0;
}
