// SPDX-License-Identifier: MIT
// The reference corpus against the loopback GitHub test server, into a real store: the queue's labels in
// every state, then (on request) the whole repository's recent issues; incremental; indexed as written.
#include "engine/github/githubclient.h"
#include "engine/similar/similarityindex.h"
#include "engine/store/issuestore.h"
#include "engine/sync/referencecorpussyncjob.h"

#include "tests/support/githubtestserver.h"

#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

const QString Distributed = u"oncall: distributed"_s;

} // namespace

class tst_ReferenceCorpusSyncJob final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        qRegisterMetaType<CorpusSyncSummary>();
    }

    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
        m_server = std::make_unique<GitHubTestServer>();
        QVERIFY(m_server->start());
        GitHubTestServer::Generation generation;
        generation.issues = 60;
        generation.maxComments = 3;
        generation.closedEvery = 3;     // a third closed
        generation.otherLabelEvery = 4; // a quarter outside the queue's labels
        m_server->generate(generation);
        m_client = std::make_unique<GitHubClient>();
        m_server->connectClient(*m_client, u"ghp_CorpusTestToken"_s);
        auto store = IssueStore::open(path());
        QVERIFY2(store.ok(), qPrintable(store.error()));
        m_store = std::move(store).value();
    }

    void cleanup()
    {
        m_store.reset();
        m_client.reset();
        m_server.reset();
        m_dir.reset();
    }

    void sameLabelsEveryState_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addRow("graphql") << int(QueueSyncJob::Mode::GraphQL);
        QTest::addRow("rest") << int(QueueSyncJob::Mode::Rest);
    }
    void sameLabelsEveryState()
    {
        QFETCH(int, mode);
        int labelled = 0;
        int labelledClosed = 0;
        for (const TestIssue &issue : m_server->issues()) {
            if (issue.labels.contains(Distributed)) {
                ++labelled;
                labelledClosed += issue.open ? 0 : 1;
            }
        }
        QVERIFY(labelledClosed > 0);

        QList<int> parts;
        const Result<CorpusSyncSummary> first = run(0, QueueSyncJob::Mode(mode), &parts);
        QVERIFY2(first.ok(), qPrintable(first.error()));
        QCOMPARE(first->issues, labelled); // open and closed, not only the open queue
        QCOMPARE(m_store->issueCount(m_server->repository()), labelled);
        QCOMPARE(first->storedIssues, labelled);
        QVERIFY(first->requests >= 1);
        QCOMPARE(first->parts.size(), 1);
        QVERIFY(!parts.isEmpty());

        // Indexed as the pages were written: a similar-issues lookup needs no catch-up.
        auto index = SimilarityIndex::open(path());
        QVERIFY(index.ok());
        QCOMPARE(index.value()->documentCount(m_server->repository()), labelled);

        // Again: only what changed since.
        m_server->touch(7, u"one more comment"_s);
        const Result<CorpusSyncSummary> second = run(0, QueueSyncJob::Mode(mode));
        QVERIFY2(second.ok(), qPrintable(second.error()));
        QVERIFY(second->parts.constFirst().incremental);
        // `since` is inclusive: the newest issue of the last pass may come again, besides the touched one.
        QVERIFY2(second->issues >= 1 && second->issues <= 2, qPrintable(QString::number(second->issues)));
        QVERIFY(second->requests < first->requests || first->requests <= 2);
        QCOMPARE(m_store->issueCount(m_server->repository()), labelled);
    }

    void wholeRepositoryOfRecentYears()
    {
        // Issues 4 and 8 lack the queue's labels and were updated lately; 12 lacks them and is old.
        const QDateTime recent = QDateTime::currentDateTimeUtc().addDays(-10);
        for (TestIssue &issue : m_server->issues()) {
            if (issue.number == 4 || issue.number == 8 || issue.number == 5)
                issue.updatedAt = recent.addSecs(issue.number);
        }
        int labelled = 0;
        for (const TestIssue &issue : std::as_const(m_server->issues()))
            labelled += issue.labels.contains(Distributed) ? 1 : 0;

        const Result<CorpusSyncSummary> result = run(1, QueueSyncJob::Mode::GraphQL);
        QVERIFY2(result.ok(), qPrintable(result.error()));
        QCOMPARE(result->parts.size(), 2);
        QCOMPARE(result->queues.at(1).labels, QStringList());
        QCOMPARE(m_store->issueCount(m_server->repository()), labelled + 2);
        auto index = SimilarityIndex::open(path());
        QVERIFY(index.ok());
        QVERIFY(index.value()->loadIssue(m_server->repository(), 4).ok());
        QVERIFY(index.value()->loadIssue(m_server->repository(), 8).ok());
        QVERIFY(!index.value()->loadIssue(m_server->repository(), 12).ok());
        QCOMPARE(index.value()->documentCount(m_server->repository()), labelled + 2);
    }

    void failureIsAnError()
    {
        GitHubTestServer::FaultRule rule;
        rule.fault = GitHubTestServer::Fault::NotFound;
        rule.times = -1;
        m_server->addFault(rule);
        const Result<CorpusSyncSummary> result = run(0, QueueSyncJob::Mode::Rest);
        QVERIFY(!result.ok());
        QVERIFY2(result.error().startsWith(u"Reference corpus, oncall: distributed:"_s), qPrintable(result.error()));
        QCOMPARE(result.errorKind(), ErrorKind::Refused); // the 404's kind, passed on through the part
    }

private:
    QString path() const { return m_dir->filePath(u"store.sqlite"_s); }

    Result<CorpusSyncSummary> run(int years, QueueSyncJob::Mode mode, QList<int> *progressParts = nullptr)
    {
        QueueSpec queue;
        queue.setRepository(m_server->repository());
        queue.labels = {Distributed};
        queue.state = QueueState::Open;
        ReferenceCorpusSyncJob job(m_client.get(), m_store.get(), queue);
        job.setYears(years);
        job.setMode(mode);
        job.setPageSize(25);
        if (progressParts)
            connect(&job, &ReferenceCorpusSyncJob::progress, this,
                    [progressParts](int part, int, int, int, int) { progressParts->append(part); });
        std::optional<Result<CorpusSyncSummary>> result;
        int emissions = 0;
        connect(&job, &ReferenceCorpusSyncJob::finished, this, [&](const Result<CorpusSyncSummary> &r) {
            result.emplace(r);
            ++emissions;
        });
        job.start();
        if (!QTest::qWaitFor([&result] { return result.has_value(); }, 30000))
            return Error{u"timed out"_s};
        QTest::qWait(20);
        if (emissions != 1)
            return Error{u"finished() fired %1 times"_s.arg(emissions)};
        return *result;
    }

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<GitHubTestServer> m_server;
    std::unique_ptr<GitHubClient> m_client;
    std::unique_ptr<IssueStore> m_store;
};

QTEST_GUILESS_MAIN(tst_ReferenceCorpusSyncJob)
#include "tst_referencecorpussyncjob.moc"
