// SPDX-License-Identifier: MIT
#include "engine/github/githubclient.h"
#include "engine/store/issuestore.h"
#include "engine/sync/queuesyncjob.h"
#include "tests/support/githubtestserver.h"
#include "tests/support/syncfixture.h"

#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <optional>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using Fault = GitHubTestServer::Fault;
using Mode = QueueSyncJob::Mode;

Q_DECLARE_METATYPE(GitHubTestServer::Fault)

namespace {

const QString QueueLabel = u"oncall: distributed"_s;

QueueSpec queueSpec(QStringList labels = {QueueLabel}, QueueState state = QueueState::Open)
{
    QueueSpec queue;
    queue.setRepository(u"pytorch/pytorch"_s);
    queue.labels = labels;
    queue.state = state;
    return queue;
}

bool inQueue(const TestIssue &issue, const QueueSpec &queue)
{
    if (issue.pullRequest || (queue.state == QueueState::Open && !issue.open) ||
        (queue.state == QueueState::Closed && issue.open))
        return false;
    return std::all_of(queue.labels.cbegin(), queue.labels.cend(),
                       [&](const QString &label) { return issue.labels.contains(label, Qt::CaseInsensitive); });
}

} // namespace

class tst_QueueSyncJob final : public QObject
{
    Q_OBJECT

private:
    SyncFixture<IssueStore> m_sync;

    Result<SyncSummary> sync(Mode mode, const QueueSpec &queue = queueSpec(), int pageSize = 100,
                             const std::function<void(QueueSyncJob *)> &during = {})
    {
        auto *job = new QueueSyncJob(m_sync.client, m_sync.store.get(), queue, this);
        job->setMode(mode);
        job->setPageSize(pageSize);
        std::optional<Result<SyncSummary>> result;
        int emissions = 0;
        connect(job, &QueueSyncJob::finished, this, [&](const Result<SyncSummary> &r) {
            result.emplace(r);
            ++emissions;
        });
        if (during)
            during(job);
        QSignalSpy destroyed(job, &QObject::destroyed);
        job->start();
        if (!destroyed.wait(30000))
            return Error{u"the sync did not end"_s};
        if (emissions != 1)
            return Error{u"finished() fired %1 times"_s.arg(emissions)};
        return *result;
    }

    // The stored queue holds exactly the server's queue: every issue, every comment, nothing twice.
    void verifyStoreMatchesServer(const QueueSpec &queue)
    {
        const Result<QList<Issue>> stored = m_sync.store->loadQueue(queue);
        QVERIFY2(stored.ok(), qPrintable(stored.error()));
        QHash<int, const Issue *> byNumber;
        for (const Issue &issue : *stored) {
            QVERIFY2(!byNumber.contains(issue.number), "an issue stored twice");
            byNumber.insert(issue.number, &issue);
        }
        int expected = 0;
        for (const TestIssue &issue : m_sync.server->issues()) {
            if (!inQueue(issue, queue)) {
                QVERIFY2(!byNumber.contains(issue.number), qPrintable(u"#%1 is not in the queue"_s.arg(issue.number)));
                continue;
            }
            ++expected;
            const Issue *mine = byNumber.value(issue.number);
            QVERIFY2(mine, qPrintable(u"#%1 missing"_s.arg(issue.number)));
            QCOMPARE(mine->title, issue.title);
            QCOMPARE(mine->body.size(), issue.body.size());
            QCOMPARE(mine->updatedAt, issue.updatedAt);
            QCOMPARE(mine->labels, issue.labels);
            QCOMPARE(mine->comments.size(), issue.comments.size());
            for (qsizetype k = 0; k < issue.comments.size(); ++k) {
                QCOMPARE(mine->comments.at(k).id, issue.comments.at(k).id);
                QCOMPARE(mine->comments.at(k).body, issue.comments.at(k).body);
                QCOMPARE(mine->comments.at(k).author, issue.comments.at(k).author);
            }
        }
        QCOMPARE(stored->size(), expected);
    }

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void init() { m_sync.start(this); }
    void cleanup() { m_sync.stop(); }

    void fullSync_data()
    {
        QTest::addColumn<Mode>("mode");
        QTest::addColumn<int>("issues");
        QTest::addColumn<int>("manyEvery");
        QTest::addColumn<int>("maxRequests");
        QTest::addColumn<int>("maxResyncRequests");
        // 250 issues, 1 in 10 closed, 1 in 7 elsewhere: ~190 in the queue; every 25th has 150+ comments.
        QTest::addRow("graphql") << Mode::GraphQL << 250 << 25 << 3 + 3 << 1;
        QTest::addRow("auto picks graphql") << Mode::Auto << 120 << 0 << 2 << 1;
        QTest::addRow("rest") << Mode::Rest << 120 << 40 << 200 << 1;
    }

    void fullSync()
    {
        QFETCH(Mode, mode);
        QFETCH(int, issues);
        QFETCH(int, manyEvery);
        QFETCH(int, maxRequests);
        QFETCH(int, maxResyncRequests);
        GitHubTestServer::Generation generation;
        generation.issues = issues;
        generation.manyCommentsEvery = manyEvery;
        generation.closedEvery = 10;
        generation.otherLabelEvery = 7;
        generation.pullRequestEvery = 11;
        generation.unicodeLabelEvery = 3;
        m_sync.server->generate(generation);

        const Result<SyncSummary> first = sync(mode);
        QVERIFY2(first.ok(), qPrintable(first.error()));
        QVERIFY2(first->requests <= maxRequests, qPrintable(QString::number(first->requests)));
        QCOMPARE(first->requests, m_sync.server->requestCount());
        QCOMPARE(first->incremental, false);
        QVERIFY(first->rateLimitRemaining > 0);
        verifyStoreMatchesServer(queueSpec());
        verifyStoreMatchesServer(queueSpec({QueueLabel, GitHubTestServer::UnicodeLabel})); // labels AND-ed

        m_sync.server->resetCounts();
        const Result<SyncSummary> again = sync(mode);
        QVERIFY2(again.ok(), qPrintable(again.error()));
        QVERIFY(again->incremental);
        QVERIFY2(again->requests <= maxResyncRequests, qPrintable(QString::number(again->requests)));
        verifyStoreMatchesServer(queueSpec());
    }

    // #28 item 4 and the scrub's "unassigned": reach and assignees go through the store, in both modes.
    void reachAndAssigneesAreStored_data()
    {
        QTest::addColumn<Mode>("mode");
        QTest::addColumn<int>("reactions");
        QTest::addColumn<int>("thumbsUp");
        QTest::addColumn<int>("duplicates"); // GraphQL only (REST has no such count)
        QTest::addColumn<QStringList>("assignees");
        QTest::addRow("graphql: many affected, assigned")
            << Mode::GraphQL << 20 << 12 << 3 << QStringList{u"alice"_s, u"bob"_s};
        QTest::addRow("graphql: nobody, unassigned") << Mode::GraphQL << 0 << 0 << 0 << QStringList();
        QTest::addRow("rest: reactions and an assignee") << Mode::Rest << 9 << 7 << 0 << QStringList{u"carol"_s};
    }

    void reachAndAssigneesAreStored()
    {
        QFETCH(Mode, mode);
        QFETCH(int, reactions);
        QFETCH(int, thumbsUp);
        QFETCH(int, duplicates);
        QFETCH(QStringList, assignees);
        GitHubTestServer::Generation generation;
        generation.issues = 6;
        generation.maxComments = 2;
        m_sync.server->generate(generation);
        TestIssue &target = m_sync.server->issues()[2];
        target.reactions = reactions;
        target.thumbsUp = thumbsUp;
        target.duplicates = duplicates;
        target.assignees = assignees;
        const Result<SyncSummary> synced = sync(mode);
        QVERIFY2(synced.ok(), qPrintable(synced.error()));
        const auto stored = m_sync.store->loadQueue(queueSpec());
        QVERIFY2(stored.ok(), qPrintable(stored.error()));
        const auto it =
            std::find_if(stored->cbegin(), stored->cend(), [&](const Issue &i) { return i.number == target.number; });
        QVERIFY(it != stored->cend());
        QCOMPARE(it->reactionCount, reactions);
        QCOMPARE(it->thumbsUpCount, thumbsUp);
        QCOMPARE(it->duplicateCount, duplicates);
        QVERIFY(it->assigneesKnown);
        QCOMPARE(it->assignees, assignees);
    }

    void incrementalSyncSeesChanges_data()
    {
        QTest::addColumn<Mode>("mode");
        QTest::addColumn<int>("maxRequests");
        QTest::addRow("graphql") << Mode::GraphQL << 1;
        QTest::addRow("rest") << Mode::Rest << 1 + 3; // the list, then comments of each changed issue
    }

    void incrementalSyncSeesChanges()
    {
        QFETCH(Mode, mode);
        QFETCH(int, maxRequests);
        GitHubTestServer::Generation generation;
        generation.issues = 150;
        m_sync.server->generate(generation);
        QVERIFY(sync(mode).ok());
        QVERIFY(sync(mode).ok()); // settles the ETag of the incremental query

        m_sync.server->touch(5, u"a new comment"_s);
        for (TestIssue &issue : m_sync.server->issues()) {
            if (issue.number == 8)
                issue.open = false;
        }
        m_sync.server->touch(8);
        for (TestIssue &issue : m_sync.server->issues()) {
            if (issue.number == 9)
                issue.labels.append(GitHubTestServer::UnicodeLabel);
        }
        m_sync.server->touch(9);
        m_sync.server->resetCounts();
        const Result<SyncSummary> result = sync(mode);
        QVERIFY2(result.ok(), qPrintable(result.error()));
        QVERIFY(result->incremental);
        QVERIFY2(result->requests <= maxRequests, qPrintable(QString::number(result->requests)));
        // The three changed issues, and perhaps the newest unchanged one again (`since` is inclusive).
        QVERIFY2(result->issues >= 3 && result->issues <= 4, qPrintable(QString::number(result->issues)));
        verifyStoreMatchesServer(queueSpec());
        verifyStoreMatchesServer(queueSpec({QueueLabel}, QueueState::Closed));
        verifyStoreMatchesServer(queueSpec({QueueLabel, GitHubTestServer::UnicodeLabel}));
    }

    void issuesThatLeaveTheQueue_data()
    {
        QTest::addColumn<Mode>("mode");
        QTest::addColumn<bool>("byInterval");
        QTest::addRow("graphql, --full") << Mode::GraphQL << false;
        QTest::addRow("graphql, daily full pass") << Mode::GraphQL << true;
        QTest::addRow("rest, --full") << Mode::Rest << false;
        QTest::addRow("rest, daily full pass") << Mode::Rest << true;
    }

    // Rerouted to another oncall, or closed: an incremental query by label cannot see it go; a full
    // pass can, and drops it from the stored queue.
    void issuesThatLeaveTheQueue()
    {
        QFETCH(Mode, mode);
        QFETCH(bool, byInterval);
        GitHubTestServer::Generation generation;
        generation.issues = 130;
        m_sync.server->generate(generation);
        QVERIFY(sync(mode).ok());
        for (TestIssue &issue : m_sync.server->issues()) {
            if (issue.number == 10)
                issue.labels = {u"oncall: pt2"_s, u"triaged"_s};
        }
        m_sync.server->touch(10);
        const Result<SyncSummary> incremental = sync(mode);
        QVERIFY(incremental.ok());
        QCOMPARE(incremental->removed, 0);

        const Result<SyncSummary> full = sync(mode, queueSpec(), 100, [byInterval](QueueSyncJob *job) {
            if (byInterval)
                job->setFullSyncInterval(1ms); // the last full pass is older than that by now
            else
                job->setFullSync(true);
        });
        QVERIFY2(full.ok(), qPrintable(full.error()));
        QCOMPARE(full->incremental, false);
        QCOMPARE(full->removed, 1);
        verifyStoreMatchesServer(queueSpec());

        // And a default re-sync right after is incremental again.
        const Result<SyncSummary> after = sync(mode);
        QVERIFY(after.ok());
        QVERIFY(after->incremental);
    }

    void faults_data()
    {
        QTest::addColumn<Mode>("mode");
        QTest::addColumn<Fault>("fault");
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("skip");
        QTest::addColumn<int>("times");

        for (const Mode mode : {Mode::GraphQL, Mode::Rest}) {
            const char *api = mode == Mode::GraphQL ? "graphql" : "rest";
            const QString list = mode == Mode::GraphQL ? u"/graphql"_s : u"/issues?"_s;
            const QString comments = mode == Mode::GraphQL ? u"/graphql"_s : u"/comments"_s;
            QTest::addRow("%s: 500 on page 2", api) << mode << Fault::InternalError << list << 1 << 1;
            QTest::addRow("%s: 502 on a comment page", api) << mode << Fault::BadGateway << comments << 2 << 2;
            QTest::addRow("%s: 403 secondary limit", api) << mode << Fault::SecondaryLimit << list << 1 << 1;
            QTest::addRow("%s: 429", api) << mode << Fault::TooManyRequests << comments << 1 << 1;
            QTest::addRow("%s: rate limit exhausted", api) << mode << Fault::RateLimitExhausted << list << 1 << 1;
            QTest::addRow("%s: slow", api) << mode << Fault::Slow << list << 1 << 1;
            QTest::addRow("%s: dropped mid-body", api) << mode << Fault::DropConnection << list << 1 << 1;
            QTest::addRow("%s: malformed JSON", api) << mode << Fault::MalformedJson << comments << 1 << 1;
        }
    }

    void faults()
    {
        QFETCH(Mode, mode);
        QFETCH(Fault, fault);
        QFETCH(QString, path);
        QFETCH(int, skip);
        QFETCH(int, times);
        GitHubTestServer::Generation generation;
        generation.issues = 60;
        generation.manyCommentsEvery = 20;
        generation.unicodeLabelEvery = 4;
        m_sync.server->generate(generation);
        m_sync.server->addFault({fault, path, skip, times, 1, fault == Fault::Slow ? 1500 : 0});
        int waits = 0;
        const Result<SyncSummary> result = sync(mode, queueSpec(), 40, [&waits](QueueSyncJob *job) {
            QObject::connect(job, &QueueSyncJob::waiting, job, [&waits] { ++waits; });
        });
        QVERIFY2(result.ok(), qPrintable(result.error()));
        QCOMPARE(waits, times); // each fault cost one wait, reported
        verifyStoreMatchesServer(queueSpec());
    }

    void hugeIssueBody_data()
    {
        QTest::addColumn<Mode>("mode");
        QTest::addRow("graphql") << Mode::GraphQL;
        QTest::addRow("rest") << Mode::Rest;
    }

    void hugeIssueBody()
    {
        QFETCH(Mode, mode);
        GitHubTestServer::Generation generation;
        generation.issues = 30;
        generation.hugeBodyIssue = 17; // 5 MB
        m_sync.server->generate(generation);
        const Result<SyncSummary> result = sync(mode);
        QVERIFY2(result.ok(), qPrintable(result.error()));
        verifyStoreMatchesServer(queueSpec());
        const Result<QList<Issue>> stored = m_sync.store->loadQueue(queueSpec());
        const auto huge = std::find_if(stored->cbegin(), stored->cend(), [](const Issue &i) { return i.number == 17; });
        QVERIFY(huge != stored->cend());
        QCOMPARE(huge->body.size(), 5 * 1024 * 1024);
    }

    void fatalFaultLeavesWholePages_data()
    {
        QTest::addColumn<Mode>("mode");
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("skip");
        QTest::addColumn<int>("storedBefore");
        QTest::addRow("graphql: first request") << Mode::GraphQL << u"/graphql"_s << 0 << 0;
        QTest::addRow("graphql: page 3") << Mode::GraphQL << u"/graphql"_s << 2 << 40;
        QTest::addRow("rest: first request") << Mode::Rest << u"/issues?"_s << 0 << 0;
        QTest::addRow("rest: page 2") << Mode::Rest << u"/issues?"_s << 1 << 20;
    }

    void fatalFaultLeavesWholePages()
    {
        QFETCH(Mode, mode);
        QFETCH(QString, path);
        QFETCH(int, skip);
        QFETCH(int, storedBefore);
        GitHubTestServer::Generation generation;
        generation.issues = 100;
        m_sync.server->generate(generation);
        m_sync.server->addFault({Fault::InternalError, path, skip, -1, 1, 0});
        const Result<SyncSummary> failed = sync(mode, queueSpec(), 20);
        QVERIFY(!failed.ok());
        QVERIFY2(failed.error().contains(u"server error (500)"_s), qPrintable(failed.error()));
        QCOMPARE(failed.errorKind(), ErrorKind::Transient);                     // GitHub's kind, passed on
        QCOMPARE(m_sync.store->issueCount(u"pytorch/pytorch"_s), storedBefore); // whole pages only

        // The fault clears: the next sync resumes after the stored pages and duplicates nothing.
        m_sync.server->clearFaults();
        m_sync.server->resetCounts();
        const Result<SyncSummary> resumed = sync(mode, queueSpec(), 20);
        QVERIFY2(resumed.ok(), qPrintable(resumed.error()));
        QCOMPARE(resumed->resumed, storedBefore > 0);
        QCOMPARE(resumed->issues, 100 - storedBefore);
        verifyStoreMatchesServer(queueSpec());
    }

    void cancelAndResume_data()
    {
        QTest::addColumn<Mode>("mode");
        QTest::addRow("graphql") << Mode::GraphQL;
        QTest::addRow("rest") << Mode::Rest;
    }

    void cancelAndResume()
    {
        QFETCH(Mode, mode);
        GitHubTestServer::Generation generation;
        generation.issues = 200;
        generation.maxComments = 5;
        m_sync.server->generate(generation);
        const Result<SyncSummary> cancelled = sync(mode, queueSpec(), 25, [](QueueSyncJob *job) {
            QObject::connect(job, &QueueSyncJob::progress, job, [job](int done) {
                if (done >= 75)
                    job->cancel();
            });
        });
        QVERIFY(!cancelled.ok());
        QVERIFY2(cancelled.error().contains(u"cancelled"_s), qPrintable(cancelled.error()));
        QCOMPARE(cancelled.errorKind(), ErrorKind::Cancelled);
        QVERIFY(cancelled.partial()); // the pages stored before the cancel
        QCOMPARE(cancelled.partial()->issues, 75);
        QCOMPARE(m_sync.store->issueCount(u"pytorch/pytorch"_s), 75);

        m_sync.server->resetCounts();
        const Result<SyncSummary> resumed = sync(mode, queueSpec(), 25);
        QVERIFY2(resumed.ok(), qPrintable(resumed.error()));
        QVERIFY(resumed->resumed);
        QCOMPARE(resumed->issues, 125);
        if (mode == Mode::GraphQL)
            QCOMPARE(resumed->requests, 5);
        verifyStoreMatchesServer(queueSpec());
    }

    // A pass that fails after its first page arrived must not leave an ETag that makes the next run
    // believe nothing changed.
    void interruptedRestPassIsNotMistakenForUnchanged()
    {
        GitHubTestServer::Generation generation;
        generation.issues = 60;
        m_sync.server->generate(generation);
        QVERIFY(sync(Mode::Rest).ok());
        QVERIFY(sync(Mode::Rest).ok());
        m_sync.server->touch(3, u"new"_s);
        m_sync.server->touch(4, u"new"_s);
        m_sync.server->addFault({Fault::InternalError, u"/comments"_s, 0, -1, 1, 0});
        QVERIFY(!sync(Mode::Rest).ok());
        m_sync.server->clearFaults();
        const Result<SyncSummary> result = sync(Mode::Rest);
        QVERIFY2(result.ok(), qPrintable(result.error()));
        QVERIFY(!result->notModified);
        verifyStoreMatchesServer(queueSpec());
    }

    void graphqlPagesShrinkOnServerErrors()
    {
        GitHubTestServer::Generation generation;
        generation.issues = 120;
        m_sync.server->generate(generation);
        // Every attempt at the first page of 100 fails (4 tries); pages of 50 go through.
        m_sync.server->addFault({Fault::BadGateway, u"/graphql"_s, 0, 4, 1, 0});
        const Result<SyncSummary> result = sync(Mode::Auto);
        QVERIFY2(result.ok(), qPrintable(result.error()));
        QCOMPARE(result->mode, Mode::GraphQL);
        QCOMPARE(result->requests, 4 + 3);
        verifyStoreMatchesServer(queueSpec());
    }

    void graphqlFailureFallsBackToRest()
    {
        GitHubTestServer::Generation generation;
        generation.issues = 50;
        m_sync.server->generate(generation);
        m_sync.server->addFault({Fault::InternalError, u"/graphql"_s, 0, -1, 1, 0});
        const Result<SyncSummary> result = sync(Mode::Auto);
        QVERIFY2(result.ok(), qPrintable(result.error()));
        QCOMPARE(result->mode, Mode::Rest);
        verifyStoreMatchesServer(queueSpec());
    }

    void unknownRepository_data()
    {
        QTest::addColumn<Mode>("mode");
        QTest::addRow("graphql") << Mode::GraphQL;
        QTest::addRow("rest") << Mode::Rest;
        QTest::addRow("auto") << Mode::Auto;
    }

    void unknownRepository()
    {
        QFETCH(Mode, mode);
        m_sync.server->generate({});
        QueueSpec queue = queueSpec();
        queue.setRepository(u"pytorch/nonexistent"_s);
        const Result<SyncSummary> result = sync(mode, queue);
        QVERIFY(!result.ok());
        QVERIFY2(result.error().contains(u"not found"_s) || result.error().contains(u"Could not resolve"_s),
                 qPrintable(result.error()));
        QCOMPARE(result.errorKind(), ErrorKind::Refused);
        QCOMPARE(m_sync.store->issueCount(u"pytorch/nonexistent"_s), 0);
    }

    void invalidRepository()
    {
        QueueSpec queue;
        queue.owner = u"nobody"_s;
        const Result<SyncSummary> result = sync(Mode::Auto, queue);
        QVERIFY(!result.ok());
        QCOMPARE(m_sync.server->requestCount(), 0);
    }
};

QTEST_GUILESS_MAIN(tst_QueueSyncJob)
#include "tst_queuesyncjob.moc"
