// SPDX-License-Identifier: MIT
#include "engine/github/githubclient.h"
#include "engine/outbox/outboxstore.h"
#include "engine/repro/reproresultstore.h"
#include "engine/review/reviewdecisionstore.h"
#include "engine/similar/similaritylookup.h"
#include "engine/store/issuestore.h"
#include "models/session/session.h"
#include "tests/support/githubtestserver.h"

#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Repository>

#include <QDir>
#include <QFile>
#include <QFutureWatcherBase>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

// On every request; a slow answer takes 300 ms.
GitHubTestServer::FaultRule fault(GitHubTestServer::Fault kind)
{
    GitHubTestServer::FaultRule rule;
    rule.fault = kind;
    rule.times = -1;
    rule.delayMs = 300;
    return rule;
}

} // namespace

// The session headless: real SQLite files, the loopback GitHub server, no window.
class tst_Session : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void ownsWhatItWasNotLent();
    void opensTheStoresOnOneFile();
    void badFileIsAnError_data();
    void badFileIsAnError();
    void borrowedDecisionsReopenOnlyOnAnotherFile();
    void syncFillsTheIssueStore();
    void syncRefusesWithoutWhatItNeeds_data();
    void syncRefusesWithoutWhatItNeeds();
    void syncFailureComesBackAsAnError_data();
    void syncFailureComesBackAsAnError();
    void syncCancels();
    void loadQueueReadsOffTheGuiThread();
    void onlyTheLatestLoadLands();
    void closeLetsGoOfTheStores();

private:
    using Loads = QList<std::pair<QueueSpec, Result<QList<Issue>>>>;
    // What the session's signals carry, kept as they come (Result has no empty state for QVariant to make).
    const std::optional<Result<SyncSummary>> &lastResult(Session &session);
    const Loads &landedLoads(Session &session);
    GitHubClient *serverClient();
    QString storePath() const { return m_dir->filePath(u"store.sqlite"_s); }

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<GitHubTestServer> m_server;
    std::unique_ptr<GitHubClient> m_client;
    QueueSpec m_queue;
    int m_issues = 0;
    std::optional<Result<SyncSummary>> m_result;
    Loads m_loads;
};

const std::optional<Result<SyncSummary>> &tst_Session::lastResult(Session &session)
{
    m_result.reset();
    connect(&session, &Session::syncFinished, this,
            [this](const Result<SyncSummary> &result) { m_result.emplace(result); });
    return m_result;
}

const tst_Session::Loads &tst_Session::landedLoads(Session &session)
{
    m_loads.clear();
    connect(&session, &Session::queueLoaded, this,
            [this](const QueueSpec &queue, const Result<QList<Issue>> &issues) { m_loads.append({queue, issues}); });
    return m_loads;
}

void tst_Session::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void tst_Session::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_server = std::make_unique<GitHubTestServer>();
    QVERIFY(m_server->start());
    GitHubTestServer::Generation generation;
    generation.issues = 120; // two GraphQL pages
    generation.maxComments = 3;
    m_server->generate(generation);
    m_issues = generation.issues;
    m_queue = {};
    m_queue.setRepository(m_server->repository());
    m_queue.labels = generation.queueLabels;
}

void tst_Session::cleanup()
{
    m_client.reset();
    m_server.reset();
    m_dir.reset();
}

GitHubClient *tst_Session::serverClient()
{
    m_client = std::make_unique<GitHubClient>();
    m_client->setApiUrl(m_server->url());
    m_client->setToken(u"test-token"_s);
    m_client->setRetryPolicy(fastRetryPolicy());
    return m_client.get();
}

void tst_Session::ownsWhatItWasNotLent()
{
    // The app's session: a client and a highlighting repository of its own, no stores yet.
    Session own;
    QVERIFY(own.client());
    QVERIFY(own.syntaxRepository());
    QVERIFY(!own.syntaxRepository()->definitions().isEmpty());
    QVERIFY(!own.decisionStore());
    QVERIFY(!own.issueStore());
    QVERIFY(!own.canSync());

    // A test's: the repository lent, no client until one is.
    KSyntaxHighlighting::Repository repository;
    Session lent(&repository);
    QCOMPARE(lent.syntaxRepository(), &repository);
    QVERIFY(!lent.client());
    QSignalSpy changed(&lent, &Session::gitHubChanged);
    lent.setClient(serverClient());
    QCOMPARE(lent.client(), m_client.get());
    QCOMPARE(changed.size(), 1);
    // The client goes away before the session: the session lets go of it.
    m_client.reset();
    QVERIFY(!lent.client());
}

void tst_Session::opensTheStoresOnOneFile()
{
    Session session(static_cast<KSyntaxHighlighting::Repository *>(nullptr));
    QSignalSpy decisions(&session, &Session::decisionStoreChanged);
    QSignalSpy outbox(&session, &Session::outboxStoreChanged);
    QSignalSpy repro(&session, &Session::reproResultStoreChanged);
    QSignalSpy gitHub(&session, &Session::gitHubChanged);

    QCOMPARE(session.openDecisionStore(storePath()), QString());
    QVERIFY(session.besideErrors().isEmpty());
    QVERIFY(session.decisionStore());
    QCOMPARE(session.decisionStore()->path(), storePath());
    QVERIFY(session.outboxStore());
    QCOMPARE(session.outboxStore()->path(), storePath());
    QVERIFY(session.reproResultStore());
    QCOMPARE(session.reproResultStore()->path(), storePath());
    QCOMPARE(decisions.size(), 1);
    QCOMPARE(outbox.size(), 1);
    QCOMPARE(repro.size(), 1);

    QCOMPARE(session.openIssueStore(storePath()), QString());
    QVERIFY(session.issueStore());
    QCOMPARE(session.issueStore()->path(), storePath());
    QVERIFY(session.similarity());
    QCOMPARE(gitHub.size(), 1);
    QVERIFY(!session.canSync()); // no client of its own: it was given a repository
    session.setClient(serverClient());
    QVERIFY(session.canSync());

    // What one store writes, the others on the file see: a decision is there for the next session.
    ReviewDecision decision;
    decision.repository = m_server->repository();
    decision.number = 7;
    decision.state = ReviewState::Skipped;
    decision.reviewer = u"tester"_s;
    QVERIFY(session.decisionStore()->record(decision));
    Session next(static_cast<KSyntaxHighlighting::Repository *>(nullptr));
    QCOMPARE(next.openDecisionStore(storePath()), QString());
    const Result<QHash<int, ReviewDecision>> latest = next.decisionStore()->latest(m_server->repository());
    QVERIFY2(latest, qPrintable(latest.error()));
    QCOMPARE(latest.value().value(7).state, ReviewState::Skipped);
}

void tst_Session::badFileIsAnError_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addRow("a directory") << u"directory"_s;
    QTest::addRow("not SQLite") << u"text"_s;
}

void tst_Session::badFileIsAnError()
{
    QFETCH(QString, kind);
    const QString bad = m_dir->filePath(u"bad.sqlite"_s);
    if (kind == u"directory"_s) {
        QVERIFY(QDir(m_dir->path()).mkdir(u"bad.sqlite"_s));
    } else {
        QFile file(bad);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("these are notes, not a database\n");
    }
    Session session(static_cast<KSyntaxHighlighting::Repository *>(nullptr));
    QCOMPARE(session.openDecisionStore(storePath()), QString());
    ReviewDecisionStore *kept = session.decisionStore();
    OutboxStore *keptOutbox = session.outboxStore();

    // A bad file is an error in words, and the session keeps the stores it had.
    QVERIFY(!session.openDecisionStore(bad).isEmpty());
    QCOMPARE(session.decisionStore(), kept);
    QCOMPARE(session.outboxStore(), keptOutbox);
    QCOMPARE(session.decisionStore()->path(), storePath());
    QVERIFY(!session.openIssueStore(bad).isEmpty());
    QVERIFY(!session.issueStore());
    QVERIFY(!session.similarity());
    QVERIFY(!session.loadQueue(m_queue));
}

void tst_Session::borrowedDecisionsReopenOnlyOnAnotherFile()
{
    Result<std::unique_ptr<ReviewDecisionStore>> first = ReviewDecisionStore::open(storePath());
    QVERIFY2(first, qPrintable(first.error()));
    const QString otherPath = m_dir->filePath(u"other.sqlite"_s);
    Result<std::unique_ptr<ReviewDecisionStore>> other = ReviewDecisionStore::open(otherPath);
    QVERIFY2(other, qPrintable(other.error()));

    Session session(static_cast<KSyntaxHighlighting::Repository *>(nullptr));
    QSignalSpy outbox(&session, &Session::outboxStoreChanged);
    QSignalSpy repro(&session, &Session::reproResultStoreChanged);
    QCOMPARE(session.setDecisionStore(first.value().get()), QString());
    QCOMPARE(outbox.size(), 1);
    OutboxStore *opened = session.outboxStore();

    // The same file again (a queue reopened): the outbox and the repro results stay as they are.
    QCOMPARE(session.setDecisionStore(first.value().get()), QString());
    QCOMPARE(outbox.size(), 1);
    QCOMPARE(repro.size(), 1);
    QCOMPARE(session.outboxStore(), opened);

    // Another file: both follow it.
    QCOMPARE(session.setDecisionStore(other.value().get()), QString());
    QCOMPARE(outbox.size(), 2);
    QCOMPARE(repro.size(), 2);
    QCOMPARE(session.outboxStore()->path(), otherPath);
    QCOMPARE(session.reproResultStore()->path(), otherPath);

    // None: what was open stays (nothing to reopen on).
    QCOMPARE(session.setDecisionStore(nullptr), QString());
    QVERIFY(!session.decisionStore());
    QCOMPARE(outbox.size(), 2);
}

void tst_Session::syncFillsTheIssueStore()
{
    Session session(static_cast<KSyntaxHighlighting::Repository *>(nullptr));
    QCOMPARE(session.openIssueStore(storePath()), QString());
    session.setClient(serverClient());
    QVERIFY(!session.lastSync(m_queue).isValid());

    QSignalSpy progress(&session, &Session::syncProgress);
    QSignalSpy finished(&session, &Session::syncFinished);
    const std::optional<Result<SyncSummary>> &result = lastResult(session);
    QVERIFY(session.sync(m_queue));
    QVERIFY(session.isSyncing());
    QVERIFY(!session.sync(m_queue)); // one at a time
    QVERIFY(finished.wait(20000));
    QCOMPARE(finished.size(), 1);
    QVERIFY2(*result, qPrintable(result->error()));
    QCOMPARE(result->value().issues, m_issues);
    QVERIFY(!session.isSyncing());
    QVERIFY(!progress.isEmpty());
    QCOMPARE(progress.last().at(1).toInt(), m_issues);
    QVERIFY(session.lastSync(m_queue).isValid());
    const Result<QList<Issue>> stored = session.issueStore()->loadQueue(m_queue);
    QVERIFY2(stored, qPrintable(stored.error()));
    QCOMPARE(stored.value().size(), m_issues);
}

void tst_Session::syncRefusesWithoutWhatItNeeds_data()
{
    QTest::addColumn<bool>("client");
    QTest::addColumn<bool>("issueStore");
    QTest::addRow("no client") << false << true;
    QTest::addRow("no issue store") << true << false;
    QTest::addRow("neither") << false << false;
}

void tst_Session::syncRefusesWithoutWhatItNeeds()
{
    QFETCH(bool, client);
    QFETCH(bool, issueStore);
    Session session(static_cast<KSyntaxHighlighting::Repository *>(nullptr));
    if (client)
        session.setClient(serverClient());
    if (issueStore)
        QCOMPARE(session.openIssueStore(storePath()), QString());
    QSignalSpy finished(&session, &Session::syncFinished);
    QVERIFY(!session.canSync());
    QVERIFY(!session.sync(m_queue));
    QVERIFY(!session.isSyncing());
    QCOMPARE(m_server->requestCount(), 0);
    QCOMPARE(finished.size(), 0);
}

void tst_Session::syncFailureComesBackAsAnError_data()
{
    QTest::addColumn<bool>("serverGone");
    QTest::addColumn<QString>("expected");
    QTest::addRow("not found") << false << u"404"_s;
    QTest::addRow("server gone") << true << u"cannot reach"_s;
}

void tst_Session::syncFailureComesBackAsAnError()
{
    QFETCH(bool, serverGone);
    QFETCH(QString, expected);
    Session session(static_cast<KSyntaxHighlighting::Repository *>(nullptr));
    QCOMPARE(session.openIssueStore(storePath()), QString());
    session.setClient(serverClient());
    if (serverGone)
        m_server.reset();
    else
        m_server->addFault(fault(GitHubTestServer::Fault::NotFound));
    QSignalSpy finished(&session, &Session::syncFinished);
    const std::optional<Result<SyncSummary>> &result = lastResult(session);
    QVERIFY(session.sync(m_queue));
    QVERIFY(finished.wait(20000));
    QVERIFY(!*result);
    QVERIFY2(result->error().contains(expected), qPrintable(result->error()));
    QVERIFY(!session.isSyncing());
    QVERIFY(!session.lastSync(m_queue).isValid());
}

void tst_Session::syncCancels()
{
    Session session(static_cast<KSyntaxHighlighting::Repository *>(nullptr));
    QCOMPARE(session.openIssueStore(storePath()), QString());
    session.setClient(serverClient());
    m_server->addFault(fault(GitHubTestServer::Fault::Slow));
    QSignalSpy finished(&session, &Session::syncFinished);
    const std::optional<Result<SyncSummary>> &result = lastResult(session);
    QVERIFY(session.sync(m_queue));
    session.cancelSync();
    QVERIFY(finished.size() == 1 || finished.wait(20000));
    QVERIFY(!*result);
    QVERIFY2(result->error().contains(u"cancelled"_s), qPrintable(result->error()));
    QVERIFY(!session.isSyncing());
}

void tst_Session::loadQueueReadsOffTheGuiThread()
{
    Session session(static_cast<KSyntaxHighlighting::Repository *>(nullptr));
    QCOMPARE(session.openIssueStore(storePath()), QString());
    session.setClient(serverClient());
    QSignalSpy synced(&session, &Session::syncFinished);
    QVERIFY(session.sync(m_queue));
    QVERIFY(synced.wait(20000));

    QSignalSpy loaded(&session, &Session::queueLoaded);
    const Loads &loads = landedLoads(session);
    QVERIFY(session.loadQueue(m_queue));
    QVERIFY(session.isLoadingQueue());
    QCOMPARE(loaded.size(), 0); // nothing read on the GUI thread
    QVERIFY(loaded.wait(10000));
    QVERIFY(!session.isLoadingQueue());
    QCOMPARE(loads.size(), 1);
    QCOMPARE(loads.first().first.repository(), m_queue.repository());
    const Result<QList<Issue>> &issues = loads.first().second;
    QVERIFY2(issues, qPrintable(issues.error()));
    QCOMPARE(issues.value().size(), m_issues);
}

void tst_Session::onlyTheLatestLoadLands()
{
    Session session(static_cast<KSyntaxHighlighting::Repository *>(nullptr));
    QCOMPARE(session.openIssueStore(storePath()), QString());
    session.setClient(serverClient());
    QSignalSpy synced(&session, &Session::syncFinished);
    QVERIFY(session.sync(m_queue));
    QVERIFY(synced.wait(20000));

    // Another queue of the same repository (none of its issues carry the label), then the synced one.
    QueueSpec empty = m_queue;
    empty.labels = {u"no such label"_s};
    QSignalSpy loaded(&session, &Session::queueLoaded);
    const Loads &loads = landedLoads(session);
    QVERIFY(session.loadQueue(empty));
    QVERIFY(session.loadQueue(m_queue));
    QVERIFY(loaded.wait(10000));
    // Both workers are done (their watchers gone): the older load was dropped.
    QTRY_VERIFY_WITH_TIMEOUT(session.findChildren<QFutureWatcherBase *>().isEmpty(), 10000);
    QCOMPARE(loads.size(), 1);
    QCOMPARE(loads.first().first.labels, m_queue.labels);
    QVERIFY2(loads.first().second, qPrintable(loads.first().second.error()));
    QCOMPARE(loads.first().second.value().size(), m_issues);
}

void tst_Session::closeLetsGoOfTheStores()
{
    Session session(static_cast<KSyntaxHighlighting::Repository *>(nullptr));
    QCOMPARE(session.openDecisionStore(storePath()), QString());
    QCOMPARE(session.openIssueStore(storePath()), QString());
    session.setClient(serverClient());
    m_server->addFault(fault(GitHubTestServer::Fault::Slow));
    QVERIFY(session.sync(m_queue));
    QSignalSpy outbox(&session, &Session::outboxStoreChanged);
    QSignalSpy gitHub(&session, &Session::gitHubChanged);
    session.close();
    QVERIFY(!session.isSyncing()); // a sync on the closed store stops with it
    QVERIFY(!session.decisionStore());
    QVERIFY(!session.issueStore());
    QVERIFY(!session.outboxStore());
    QVERIFY(!session.reproResultStore());
    QVERIFY(!session.similarity());
    QCOMPARE(outbox.size(), 1);
    QCOMPARE(gitHub.size(), 1);
    QVERIFY(!session.canSync());
    // The file is whole: it opens again.
    QCOMPARE(session.openDecisionStore(storePath()), QString());
    QVERIFY(session.outboxStore());
}

QTEST_GUILESS_MAIN(tst_Session)
#include "tst_session.moc"
