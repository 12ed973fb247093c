// SPDX-License-Identifier: MIT
#include "engine/outbox/outboxstore.h"
#include "engine/triage/rubricpack.h"
#include "views/common/apppalette.h"
#include "views/outbox/outboxhost.h"
#include "views/outbox/outboxpanel.h"
#include "views/scoreboard/scoreboardpage.h"

#include <QAction>
#include <QApplication>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>

using namespace Qt::StringLiterals;

// The pages and the toolbar actions that switch them, with a real outbox on a store file; no window.
class tst_OutboxHost : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void switchesPages_data();
    void switchesPages();
    void outboxActionCountsTheReadyEntries();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<OutboxStore> m_store;
    std::unique_ptr<QWidget> m_window;
    QStackedWidget *m_pages = nullptr;
    QWidget *m_queue = nullptr;
    OutboxPanel *m_outbox = nullptr;
    ScoreboardPage *m_scoreboard = nullptr;
    QToolBar *m_toolBar = nullptr;
    OutboxHost *m_host = nullptr;
    QList<QAction *> m_keys;
};

void tst_OutboxHost::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setStyle(u"Fusion"_s);
    QApplication::setPalette(AppPalette::light());
}

void tst_OutboxHost::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    auto store = OutboxStore::open(m_dir->filePath(u"store.sqlite"_s));
    QVERIFY2(store, qPrintable(store.error()));
    m_store = std::move(store).value();
    m_window = std::make_unique<QWidget>();
    m_pages = new QStackedWidget(m_window.get());
    m_queue = new QWidget(m_window.get());
    m_outbox = new OutboxPanel(m_window.get());
    m_outbox->setStore(m_store.get());
    m_scoreboard = new ScoreboardPage(m_window.get());
    m_toolBar = new QToolBar(m_window.get());
    m_host = new OutboxHost(m_pages, m_queue, m_outbox, m_scoreboard, m_toolBar, m_window.get());
    m_keys = {new QAction(u"j"_s, m_window.get()), new QAction(u"a"_s, m_window.get())};
    m_host->setQueueKeys(m_keys);
}

void tst_OutboxHost::cleanup()
{
    m_window.reset();
    m_store.reset();
    m_dir.reset();
}

void tst_OutboxHost::switchesPages_data()
{
    QTest::addColumn<QString>("action");
    QTest::addColumn<int>("page"); // 0 queue, 1 outbox, 2 scoreboard
    QTest::addRow("queue") << u"queuePageAction"_s << 0;
    QTest::addRow("outbox") << u"outboxAction"_s << 1;
    QTest::addRow("scoreboard") << u"scoreboardAction"_s << 2;
}

void tst_OutboxHost::switchesPages()
{
    QFETCH(QString, action);
    QFETCH(int, page);
    QCOMPARE(m_pages->count(), 3);
    QCOMPARE(m_pages->currentWidget(), m_queue);
    auto *trigger = m_toolBar->findChild<QAction *>(action);
    QVERIFY(trigger);
    QSignalSpy queueShown(m_host, &OutboxHost::queueShown);
    trigger->trigger();
    QCOMPARE(m_pages->currentIndex(), page);
    QVERIFY(trigger->isChecked());
    QCOMPARE(m_host->isOutboxShown(), page == 1);
    QCOMPARE(m_host->isScoreboardShown(), page == 2);
    // The queue's keys act only while it shows.
    for (const QAction *key : std::as_const(m_keys))
        QCOMPARE(key->isEnabled(), page == 0);
    QCOMPARE(queueShown.isEmpty(), page == 1);

    // And back.
    m_host->showOutbox(false);
    QCOMPARE(m_pages->currentWidget(), m_queue);
    QVERIFY(m_toolBar->findChild<QAction *>(u"queuePageAction"_s)->isChecked());
    for (const QAction *key : std::as_const(m_keys))
        QVERIFY(key->isEnabled());
}

void tst_OutboxHost::outboxActionCountsTheReadyEntries()
{
    QAction *action = m_host->outboxAction();
    QCOMPARE(action->text(), u"Outbox"_s);
    const Result<RubricPack> pack = RubricPack::builtin(u"distributed"_s);
    QVERIFY2(pack, qPrintable(pack.error()));
    Issue issue;
    issue.number = 140231;
    issue.title = u"A test issue"_s;
    issue.url = u"https://github.com/pytorch/pytorch/issues/140231"_s;
    issue.labels = {u"oncall: distributed"_s};
    TriagePlan plan;
    plan.addLabels = {u"module: fsdp"_s};
    ReviewDecision decision;
    decision.repository = u"pytorch/pytorch"_s;
    decision.number = issue.number;
    decision.state = ReviewState::Approved;
    decision.plan = plan;
    const auto enqueued = m_store->enqueue(decision, issue, pack.value());
    QVERIFY2(enqueued, qPrintable(enqueued.error()));
    m_outbox->reload();
    QTRY_COMPARE(action->text(), u"Outbox (1)"_s);
}

QTEST_MAIN(tst_OutboxHost)
#include "tst_outboxhost.moc"
