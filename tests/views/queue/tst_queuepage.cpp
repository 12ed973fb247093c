// SPDX-License-Identifier: MIT
#include "engine/outbox/outboxstore.h"
#include "engine/review/reviewdecisionstore.h"
#include "engine/triage/batchedit.h"
#include "models/queue/issuefilterproxymodel.h"
#include "models/queue/issuetablemodel.h"
#include "models/session/session.h"
#include "tests/support/testdata.h"
#include "tests/support/windowtest.h"
#include "views/queue/queuefilters.h"
#include "views/queue/queuepage.h"
#include "views/queue/suggestionpanel.h"

#include <KSyntaxHighlighting/Repository>

#include <QApplication>
#include <QLabel>
#include <QProgressBar>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace Qt::StringLiterals;

namespace {

const QString Repo = u"pytorch/pytorch"_s;
// queue-small.json, newest first as the table sorts it.
const QList<int> Numbers = {140231, 140198, 140177, 140150, 140112};

} // namespace

// The queue page on its own, without the window: a session on a real store file, the five-issue queue.
class tst_QueuePage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void showsTheQueueAndItsCount();
    void moveSelection_data();
    void moveSelection();
    void decideStoresAndAdvances_data();
    void decideStoresAndAdvances();
    void approvalsGoToTheOutbox_data();
    void approvalsGoToTheOutbox();
    void filters_data();
    void filters();
    void marksAndBatch();
    void messagesGoOut();
    void presentationHidesColumnsAndFilters();

private:
    QHash<int, ReviewDecision> stored() const;
    QList<OutboxEntry> outbox() const;
    QString storePath() const { return m_dir->filePath(u"store.sqlite"_s); }

    std::unique_ptr<KSyntaxHighlighting::Repository> m_repository;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Session> m_session;
    std::unique_ptr<QueuePage> m_page;
    RubricPack m_pack;
};

void tst_QueuePage::initTestCase()
{
    m_repository = WindowTest::prepare();
    const Result<RubricPack> pack = RubricPack::builtin(u"distributed"_s);
    QVERIFY2(pack, qPrintable(pack.error()));
    m_pack = pack.value();
}

void tst_QueuePage::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_session = std::make_unique<Session>(m_repository.get());
    QCOMPARE(m_session->openDecisionStore(storePath()), QString());
    m_page = std::make_unique<QueuePage>(m_session.get());
    m_page->resize(1400, 860);
    QSignalSpy triaged(m_page.get(), &QueuePage::triageFinished);
    m_page->setPack(m_pack);
    m_page->setIssues(TestData::issues(u"queue-small.json"_s), u"queue-small.json"_s, Repo, u"queue-small.json"_s);
    m_page->selectFirstIssue();
    m_page->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_page.get()));
    QVERIFY(!triaged.isEmpty() || triaged.wait(10000));
    QTRY_VERIFY(m_page->suggestionPanel()->hasPlan());
}

void tst_QueuePage::cleanup()
{
    m_page.reset();
    m_session.reset();
    m_dir.reset();
}

QHash<int, ReviewDecision> tst_QueuePage::stored() const
{
    auto reader = ReviewDecisionStore::open(storePath());
    return reader ? reader.value()->latest(Repo).value() : QHash<int, ReviewDecision>();
}

QList<OutboxEntry> tst_QueuePage::outbox() const
{
    auto reader = OutboxStore::open(storePath());
    return reader ? reader.value()->entries(Repo).value() : QList<OutboxEntry>();
}

void tst_QueuePage::showsTheQueueAndItsCount()
{
    QCOMPARE(m_page->tableModel()->rowCount(), Numbers.size());
    QCOMPARE(m_page->currentIssueNumber(), Numbers.first());
    QCOMPARE(m_page->repository(), Repo);
    QCOMPARE(m_page->sourceLabel()->text(), u"queue-small.json"_s);
    QCOMPARE(m_page->countLabel()->text(), u"5 issues · distributed rubric"_s);
    QVERIFY(m_page->triageProgress()->isHidden());
    QVERIFY(!m_page->isTriaging());
    QVERIFY(m_page->findChild<QLabel *>(u"stateCounts"_s)->text().contains(u"<b>5</b>&nbsp;new"_s));

    m_page->showLoading(u"pytorch/pytorch · oncall: distributed"_s);
    QCOMPARE(m_page->countLabel()->text(), u"Loading pytorch/pytorch · oncall: distributed from the store…"_s);
}

void tst_QueuePage::moveSelection_data()
{
    QTest::addColumn<int>("from");
    QTest::addColumn<int>("delta");
    QTest::addColumn<int>("expected");
    QTest::addRow("j") << 140231 << 1 << 140198;
    QTest::addRow("k") << 140177 << -1 << 140198;
    QTest::addRow("k at the top stays") << 140231 << -1 << 140231;
    QTest::addRow("j at the bottom stays") << 140112 << 1 << 140112;
    QTest::addRow("far down stops at the last") << 140198 << 10 << 140112;
}

void tst_QueuePage::moveSelection()
{
    QFETCH(int, from);
    QFETCH(int, delta);
    QFETCH(int, expected);
    QVERIFY(m_page->selectIssue(from));
    m_page->moveSelection(delta);
    QCOMPARE(m_page->currentIssueNumber(), expected);
    QVERIFY(!m_page->selectIssue(1)); // not in the queue
    QCOMPARE(m_page->currentIssueNumber(), expected);
}

void tst_QueuePage::decideStoresAndAdvances_data()
{
    QTest::addColumn<int>("state");
    QTest::addRow("approve") << int(ReviewState::Approved);
    QTest::addRow("skip") << int(ReviewState::Skipped);
}

void tst_QueuePage::decideStoresAndAdvances()
{
    QFETCH(int, state);
    QCOMPARE(m_page->currentIssueNumber(), 140231);
    m_page->decide(ReviewState(state));
    QCOMPARE(m_page->currentIssueNumber(), 140198);
    QCOMPARE(m_page->tableModel()->reviewState(140231), ReviewState(state));
    QCOMPARE(stored().value(140231).state, ReviewState(state));
    QCOMPARE(m_page->undoStack()->count(), 1);

    // Undo: back on the issue, nothing stored.
    m_page->undo();
    QCOMPARE(m_page->currentIssueNumber(), 140231);
    QCOMPARE(m_page->tableModel()->reviewState(140231), ReviewState::New);
    QVERIFY(stored().isEmpty());
}

void tst_QueuePage::approvalsGoToTheOutbox_data()
{
    QTest::addColumn<QString>("unavailable");
    QTest::addColumn<int>("entries");
    QTest::addRow("a real repository") << QString() << 1;
    QTest::addRow("the demo queue") << u"made up"_s << 0;
}

void tst_QueuePage::approvalsGoToTheOutbox()
{
    QFETCH(QString, unavailable);
    QFETCH(int, entries);
    m_page->setOutboxUnavailableReason(unavailable);
    QCOMPARE(m_page->outboxUnavailableReason(), unavailable);
    QSignalSpy changed(m_page.get(), &QueuePage::outboxChanged);
    m_page->decide(ReviewState::Approved);
    QCOMPARE(stored().value(140231).state, ReviewState::Approved); // stored either way
    QCOMPARE(outbox().size(), entries);
    QCOMPARE(changed.size(), entries);
    m_page->undo();
    QCOMPARE(outbox().size(), 0);
}

void tst_QueuePage::filters_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("needsReview");
    QTest::addColumn<int>("rows");
    QTest::addRow("none") << QString() << false << 5;
    QTest::addRow("a number") << u"140177"_s << false << 1;
    QTest::addRow("a label") << u"module: ddp"_s << false << 1;
    QTest::addRow("nothing matches") << u"no such words anywhere"_s << false << 0;
}

void tst_QueuePage::filters()
{
    QFETCH(QString, text);
    QFETCH(bool, needsReview);
    QFETCH(int, rows);
    QueueFilters filters;
    filters.text = text;
    filters.needsReview = needsReview;
    m_page->setFilters(filters);
    QCOMPARE(m_page->proxyModel()->rowCount(), rows);
    QCOMPARE(m_page->filters(), filters);
    QCOMPARE(m_page->countLabel()->text().startsWith(rows == 5 ? u"5 issues"_s : u"%1 of 5 issues"_s.arg(rows)), true);
    m_page->clearFilterText();
    QCOMPARE(m_page->filters().text, QString());
    QCOMPARE(m_page->proxyModel()->rowCount(), 5);
}

void tst_QueuePage::marksAndBatch()
{
    QVERIFY(m_page->markedIssueNumbers().isEmpty()); // the current row's own selection is no mark
    m_page->toggleMark();                            // 140231, and on to 140198
    m_page->toggleMark();                            // 140198
    QCOMPARE(m_page->markedIssueNumbers(), (QList<int>{140198, 140231}));
    QCOMPARE(m_page->currentIssueNumber(), 140177);

    // A label of the pack that neither has: an edited decision for each, one undo for both.
    QString label;
    for (const LabelInfo &info : m_pack.labels) {
        if (info.name.startsWith(u"module: "_s) && !m_pack.forbiddenLabels.contains(info.name) &&
            info.name != u"module: fsdp"_s && info.name != u"module: ddp"_s) {
            label = info.name;
            break;
        }
    }
    QVERIFY(!label.isEmpty());
    QCOMPARE(m_page->applyBatch(BatchEdit{.addLabel = label, .subOncall = {}, .templateKey = {}}), 2);
    const QHash<int, ReviewDecision> decisions = stored();
    QCOMPARE(decisions.size(), 2);
    for (const int number : {140198, 140231}) {
        QCOMPARE(decisions.value(number).state, ReviewState::Edited);
        QVERIFY(decisions.value(number).plan.addLabels.contains(label));
    }
    QVERIFY(m_page->markedIssueNumbers().isEmpty());
    QCOMPARE(m_page->undoStack()->count(), 1);
    m_page->undo();
    QVERIFY(stored().isEmpty());
}

void tst_QueuePage::messagesGoOut()
{
    QSignalSpy messages(m_page.get(), &QueuePage::statusMessage);
    m_page->toggleMark();
    QCOMPARE(messages.size(), 1);
    QVERIFY2(messages.first().first().toString().startsWith(u"1 issue marked"_s),
             qPrintable(messages.first().first().toString()));
    // Every decision refused by the queue's rules is named.
    m_page->clearMarks();
    QCOMPARE(m_page->applyBatch(
                 BatchEdit{.addLabel = m_pack.forbiddenLabels.constFirst(), .subOncall = {}, .templateKey = {}}),
             0);
    QVERIFY2(messages.last().first().toString().contains(u"refused"_s), qPrintable(messages.last().first().toString()));
    QVERIFY(stored().isEmpty());
}

void tst_QueuePage::presentationHidesColumnsAndFilters()
{
    QWidget *filterBar = m_page->findChild<QWidget *>(u"filterEdit"_s)->parentWidget();
    QVERIFY(filterBar->isVisible());
    m_page->setPresentationMode(true, QSize(1400, 860));
    QVERIFY(m_page->table()->isColumnHidden(IssueTableModel::Author));
    QVERIFY(m_page->table()->isColumnHidden(IssueTableModel::Labels));
    QVERIFY(!filterBar->isVisible());
    m_page->setPresentationMode(false, QSize(1400, 860));
    QVERIFY(!m_page->table()->isColumnHidden(IssueTableModel::Author));
    QVERIFY(filterBar->isVisible());
}

QTEST_MAIN(tst_QueuePage)
#include "tst_queuepage.moc"
