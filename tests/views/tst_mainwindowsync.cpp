// SPDX-License-Identifier: MIT
#include "engine/github/githubclient.h"
#include "engine/store/issuestore.h"
#include "engine/triage/rubricpack.h"
#include "models/queue/issuetablemodel.h"
#include "tests/support/githubtestserver.h"
#include "tests/support/syncfixture.h"
#include "tests/support/windowtest.h"
#include "views/mainwindow.h"
#include "views/queue/repositorylabelcontroller.h"
#include "views/queue/suggestionpanel.h"

#include <KSyntaxHighlighting/Repository>

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

constexpr int QueueSize = 250; // three GraphQL pages of 100: progress shows between them

RetryPolicy quickRetries()
{
    RetryPolicy policy;
    policy.maxAttempts = 2;
    policy.baseDelay = std::chrono::milliseconds(5);
    policy.maxDelay = std::chrono::milliseconds(20);
    policy.secondaryLimitDelay = std::chrono::milliseconds(20);
    policy.transferTimeout = std::chrono::milliseconds(5000);
    policy.serverWaitScale = 0.01;
    return policy;
}

} // namespace

class tst_MainWindowSync : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void syncFillsTheTableWithProgress();
    void resyncKeepsTheSelection();
    void storedQueueLoadsOffTheGuiThread();
    void serverErrorsShowInline();
    void closedServerShowsOffline();
    void queueChoosesItsRubric_data();
    void queueChoosesItsRubric();
    void syncBringsTheRepositoryLabels();

private:
    bool syncOnce(bool expectOk);

    std::unique_ptr<KSyntaxHighlighting::Repository> m_repository;
    SyncFixture<IssueStore> m_sync; // the folder, the server, the client on it, the store
    std::unique_ptr<MainWindow> m_window;
    QueueSpec m_queue;
};

void tst_MainWindowSync::initTestCase()
{
    m_repository = WindowTest::prepare();
}

void tst_MainWindowSync::init()
{
    m_sync.start(this);
    QVERIFY(!QTest::currentTestFailed());
    GitHubTestServer::Generation generation;
    generation.issues = QueueSize;
    generation.maxComments = 4;
    m_sync.server->generate(generation);
    m_sync.client->setToken(u"test-token"_s);
    m_sync.client->setRetryPolicy(quickRetries());

    m_queue.setRepository(m_sync.server->repository());
    m_queue.labels = generation.queueLabels;
    m_window = std::make_unique<MainWindow>(m_repository.get());
    m_window->setGitHub(m_sync.client, m_sync.store.get());
    QVERIFY(m_window->openStoredQueue(m_queue));
    QCOMPARE(m_window->tableModel()->rowCount(), 0);
    QVERIFY(m_window->syncStatusText().contains(u"Not synced"_s));
}

void tst_MainWindowSync::cleanup()
{
    m_window.reset();
    m_sync.stop();
}

bool tst_MainWindowSync::syncOnce(bool expectOk)
{
    QSignalSpy finished(m_window.get(), &MainWindow::syncFinished);
    m_window->syncAction()->trigger();
    if (!m_window->isSyncing())
        return false;
    if (!finished.wait(20000))
        return false;
    return finished.first().first().toBool() == expectOk && !m_window->isSyncing();
}

void tst_MainWindowSync::syncFillsTheTableWithProgress()
{
    QStringList seen;
    connect(m_sync.server, &GitHubTestServer::requestServed, this,
            [this, &seen] { seen.append(m_window->syncStatusText()); });
    QVERIFY(syncOnce(true));
    QCOMPARE(m_window->tableModel()->rowCount(), QueueSize);

    // Indeterminate first, then figures as the pages land.
    QVERIFY(!seen.isEmpty());
    QCOMPARE(seen.first(), u"Syncing…"_s);
    static const QRegularExpression figures(u"^issues [\\d,]+/250 · comments [\\d,]+$"_s);
    QVERIFY2(
        std::any_of(seen.cbegin(), seen.cend(), [](const QString &text) { return figures.match(text).hasMatch(); }),
        qPrintable(seen.join(u" | "_s)));

    QVERIFY2(m_window->syncStatusText().startsWith(u"Synced "_s), qPrintable(m_window->syncStatusText()));
    static const QRegularExpression rate(u"^API [\\d,]+/[\\d,]+$"_s);
    QVERIFY2(rate.match(m_window->rateLimitText()).hasMatch(), qPrintable(m_window->rateLimitText()));
    QVERIFY(m_window->syncBannerText().isEmpty());
    QVERIFY(m_window->syncAction()->isEnabled());
}

void tst_MainWindowSync::resyncKeepsTheSelection()
{
    QVERIFY(syncOnce(true));
    QVERIFY(m_window->selectIssue(17));
    m_sync.server->touch(17, u"one more comment"_s);
    QVERIFY(syncOnce(true));
    QCOMPARE(m_window->currentIssueNumber(), 17);
    QCOMPARE(m_window->tableModel()->rowCount(), QueueSize);
}

void tst_MainWindowSync::storedQueueLoadsOffTheGuiThread()
{
    QVERIFY(syncOnce(true));
    // A second window on the same store, as after a restart: it paints at once and fills the table when the
    // worker has read the queue; the GUI thread keeps turning meanwhile.
    MainWindow reopened(m_repository.get());
    reopened.setGitHub(m_sync.client, m_sync.store.get());
    QSignalSpy opened(&reopened, &MainWindow::queueOpened);
    QVERIFY(reopened.openStoredQueue(m_queue));
    QVERIFY(reopened.isLoadingQueue());
    QCOMPARE(reopened.tableModel()->rowCount(), 0);
    QVERIFY(opened.wait(10000));
    QVERIFY(!reopened.isLoadingQueue());
    QCOMPARE(reopened.tableModel()->rowCount(), QueueSize);
    QVERIFY(reopened.currentIssueNumber() > 0);
    QVERIFY2(reopened.syncStatusText().startsWith(u"Synced "_s), qPrintable(reopened.syncStatusText()));

    // Opened again while a load is under way: only the latest load lands, once.
    opened.clear();
    QVERIFY(reopened.selectIssue(17));
    QVERIFY(reopened.openStoredQueue(m_queue));
    QVERIFY(reopened.openStoredQueue(m_queue));
    QVERIFY(opened.wait(10000));
    QTest::qWait(100);
    QCOMPARE(opened.size(), 1);
    QCOMPARE(reopened.currentIssueNumber(), 17);
}

void tst_MainWindowSync::queueChoosesItsRubric_data()
{
    QTest::addColumn<QStringList>("labels");
    QTest::addColumn<QString>("chosen");   // in the queue picker ("" automatic)
    QTest::addColumn<QString>("packFile"); // in the queue picker
    QTest::addColumn<QString>("pinned");   // on the command line
    QTest::addColumn<QString>("expected"); // the profile the queue is triaged with
    const QString none;
    QTest::addRow("distributed queue") << QStringList{u"oncall: distributed"_s} << none << none << none
                                       << u"distributed"_s;
    QTest::addRow("pt2 queue") << QStringList{u"oncall: pt2"_s} << none << none << none << u"pt2"_s;
    QTest::addRow("no oncall label: first level") << QStringList{} << none << none << none << u"general"_s;
    QTest::addRow("chosen in the picker")
        << QStringList{u"oncall: distributed"_s} << u"general"_s << none << none << u"general"_s;
    QTest::addRow("pinned on the command line")
        << QStringList{u"oncall: pt2"_s} << none << none << u"distributed"_s << u"distributed"_s;
    QTest::addRow("a pack file that is gone keeps the rubric")
        << QStringList{u"oncall: pt2"_s} << none << u"/nonexistent/team-pack.json"_s << none << u"distributed"_s;
}

void tst_MainWindowSync::queueChoosesItsRubric()
{
    QFETCH(QStringList, labels);
    QFETCH(QString, chosen);
    QFETCH(QString, packFile);
    QFETCH(QString, pinned);
    QFETCH(QString, expected);
    QCOMPARE(m_window->packProfile(), u"distributed"_s); // init() opened the distributed test queue
    QueueSpec queue = m_queue;
    queue.labels = labels;
    if (!chosen.isEmpty() || !packFile.isEmpty())
        m_window->setQueueRubric(queue, {chosen, packFile});
    if (!pinned.isEmpty())
        m_window->pinPack(RubricPack::builtin(pinned).value());
    QSignalSpy opened(m_window.get(), &MainWindow::queueOpened);
    QVERIFY(m_window->openStoredQueue(queue));
    QCOMPARE(m_window->packProfile(), expected);
    QVERIFY(opened.wait(10000));
    QVERIFY2(m_window->findChild<QLabel *>(u"countLabel"_s)->text().endsWith(expected + u" rubric"_s),
             qPrintable(m_window->findChild<QLabel *>(u"countLabel"_s)->text()));
    if (!packFile.isEmpty())
        QVERIFY2(m_window->syncBannerText().contains(u"team-pack.json"_s), qPrintable(m_window->syncBannerText()));
}

void tst_MainWindowSync::serverErrorsShowInline()
{
    QVERIFY(syncOnce(true));
    QVERIFY(m_window->selectIssue(5));
    m_sync.server->touch(5, u"changed"_s);
    GitHubTestServer::FaultRule rule;
    rule.fault = GitHubTestServer::Fault::InternalError;
    rule.times = -1;
    m_sync.server->addFault(rule);
    QVERIFY(syncOnce(false));
    QVERIFY2(m_window->syncBannerText().contains(u"Sync failed"_s), qPrintable(m_window->syncBannerText()));
    QCOMPARE(m_window->tableModel()->rowCount(), QueueSize);
    QCOMPARE(m_window->currentIssueNumber(), 5);
    QVERIFY(m_window->syncAction()->isEnabled());

    // The next good sync clears the banner.
    m_sync.server->clearFaults();
    QVERIFY(syncOnce(true));
    QVERIFY(m_window->syncBannerText().isEmpty());
}

void tst_MainWindowSync::closedServerShowsOffline()
{
    QVERIFY(syncOnce(true));
    delete m_sync.server;
    m_sync.server = nullptr;
    QVERIFY(syncOnce(false));
    QVERIFY2(m_window->syncBannerText().startsWith(u"Offline"_s), qPrintable(m_window->syncBannerText()));
    QVERIFY2(m_window->syncStatusText().startsWith(u"Offline"_s), qPrintable(m_window->syncStatusText()));
    QCOMPARE(m_window->tableModel()->rowCount(), QueueSize);
}

QTEST_MAIN(tst_MainWindowSync)
#include "tst_mainwindowsync.moc"

void tst_MainWindowSync::syncBringsTheRepositoryLabels()
{
    RepositoryLabelController *labels = m_window->repositoryLabels();
    QVERIFY(labels);
    QVERIFY(labels->labels().isEmpty()); // never synced
    m_sync.server->labels().append({u"module: from github"_s, u"fbca04"_s, u"A label only the repository has"_s});
    QSignalSpy synced(labels, &RepositoryLabelController::synced);
    QVERIFY(syncOnce(true));
    QVERIFY(synced.wait(10000) || synced.size() == 1);
    QCOMPARE(synced.first().first().toString(), QString());
    QCOMPARE(labels->labels().size(), m_sync.server->labels().size());
    QTRY_VERIFY(m_window->tableModel()->rowCount() > 0);

    // The picker offers every one of them (their order is tst_suggestionpanel's); GitHub's colours are kept.
    const QStringList picker = m_window->suggestionPanel()->pickerLabels();
    for (const TestLabel &label : m_sync.server->labels())
        QVERIFY2(picker.contains(label.name), qPrintable(label.name));
    QCOMPARE(labels->colors().value(u"module: from github"_s), QColor(u"#fbca04"_s));

    // Reopened from the store, offline: the labels come back without a request.
    m_window.reset();
    m_sync.server->resetCounts();
    m_window = std::make_unique<MainWindow>(m_repository.get());
    m_window->setGitHub(m_sync.client, m_sync.store.get());
    QVERIFY(m_window->openStoredQueue(m_queue));
    QCOMPARE(m_window->repositoryLabels()->labels().size(), m_sync.server->labels().size());
    QVERIFY(m_window->suggestionPanel()->pickerLabels().contains(u"module: from github"_s));
    QCOMPARE(m_sync.server->requestCount(u"/labels"_s), 0);

    // A re-sync asks conditionally; nothing changed costs nothing more.
    QSignalSpy again(m_window->repositoryLabels(), &RepositoryLabelController::synced);
    QVERIFY(syncOnce(true));
    QVERIFY(again.wait(10000) || again.size() == 1);
    QCOMPARE(again.first().first().toString(), QString());
    QCOMPARE(m_sync.server->requestCount(u"/labels"_s), 1);
}
