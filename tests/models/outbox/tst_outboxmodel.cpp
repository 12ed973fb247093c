// SPDX-License-Identifier: MIT
#include "engine/outbox/outboxstore.h"
#include "models/outbox/outboxmodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

const QString Repo = u"pytorch/pytorch"_s;
const QString Parallelisms = u"oncall: distributed parallelisms"_s;
const QString Fsdp = u"module: fsdp"_s;

Issue seenIssue(int number)
{
    Issue issue;
    issue.number = number;
    issue.title = u"FSDP hangs on rank %1"_s.arg(number);
    issue.state = IssueState::Open;
    issue.labels = {u"oncall: distributed"_s};
    issue.updatedAt = QDateTime(QDate(2026, 11, 1), QTime(9, 0), QTimeZone::UTC);
    return issue;
}

ReviewDecision approval(int number, const QString &comment = u"Routing to parallelisms.\nSecond line."_s)
{
    ReviewDecision decision;
    decision.repository = Repo;
    decision.number = number;
    decision.state = ReviewState::Approved;
    decision.plan.issueNumber = number;
    decision.plan.profile = u"distributed"_s;
    decision.plan.decision = TriageDecision::Classify;
    decision.plan.subOncall = Parallelisms;
    decision.plan.addLabels = {Parallelisms, Fsdp};
    decision.plan.confidence = Confidence::High;
    decision.plan.comment = comment;
    decision.reviewer = u"alice"_s;
    return decision;
}

OutboxEntry entryWith(qint64 id, OutboxStatus status, bool selected = true)
{
    OutboxEntry entry;
    entry.id = id;
    entry.repository = Repo;
    entry.number = int(100 + id);
    entry.status = status;
    entry.selected = selected;
    return entry;
}

} // namespace

// The outbox table over a real store file: rows, texts, selection written through, live updates, counts.
class tst_OutboxModel final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void reloadShowsTheStoredEntries();
    void cellText_data();
    void cellText();
    void selectionIsWrittenThrough();
    void onlyReadyRowsAreCheckable();
    void liveUpdateChangesOneRow();
    void counts_data();
    void counts();
    void blockedEntrySaysWhy();
    void unreadableStoreLeavesRows();

private:
    OutboxEntry enqueue(int number, const ReviewDecision &decision);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<OutboxStore> m_store;
    RubricPack m_pack;
    std::unique_ptr<OutboxModel> m_model;
    std::unique_ptr<QAbstractItemModelTester> m_tester;
};

void tst_OutboxModel::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    const Result<RubricPack> pack = OutboxStore::packFor(u"distributed"_s);
    QVERIFY2(pack, qPrintable(pack.error()));
    m_pack = pack.value();
}

void tst_OutboxModel::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    Result<std::unique_ptr<OutboxStore>> store = OutboxStore::open(m_dir->filePath(u"store.sqlite"_s));
    QVERIFY2(store, qPrintable(store.error()));
    m_store = std::move(store).value();
    m_model = std::make_unique<OutboxModel>();
    // Before any data arrives, so that every reset, insert and change is checked.
    m_tester = std::make_unique<QAbstractItemModelTester>(m_model.get(),
                                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
    m_model->setStore(m_store.get());
}

void tst_OutboxModel::cleanup()
{
    m_tester.reset();
    m_model.reset();
    m_store.reset();
    m_dir.reset();
}

OutboxEntry tst_OutboxModel::enqueue(int number, const ReviewDecision &decision)
{
    const Result<OutboxEntry> entry = m_store->enqueue(decision, seenIssue(number), m_pack);
    if (!entry)
        qFatal("cannot enqueue: %s", qPrintable(entry.error()));
    return entry.value();
}

void tst_OutboxModel::reloadShowsTheStoredEntries()
{
    enqueue(11, approval(11));
    enqueue(12, approval(12));
    enqueue(13, approval(13));
    QVERIFY(m_model->reload());
    QCOMPARE(m_model->rowCount(), 3);
    QCOMPARE(m_model->columnCount(), int(OutboxModel::ColumnCount));
    // Oldest first, as approved.
    QCOMPARE(m_model->index(0, OutboxModel::Number).data().toString(), u"#11"_s);
    QCOMPARE(m_model->index(2, OutboxModel::Number).data(OutboxModel::SortRole).toInt(), 13);
    const OutboxEntry entry = m_model->index(1, 0).data(OutboxModel::EntryRole).value<OutboxEntry>();
    QCOMPARE(entry.number, 12);
    QCOMPARE(m_model->index(1, 0).data(OutboxModel::IdRole).toLongLong(), entry.id);
    QCOMPARE(m_model->rowForId(entry.id), 1);
    QCOMPARE(m_model->counts().ready, 3);
    QCOMPARE(m_model->counts().selected, 3);
}

void tst_OutboxModel::cellText_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<bool>("close");
    QTest::addColumn<QString>("comment");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("expected");

    const QString twoLines = u"\n  Routing to parallelisms.\nSecond line."_s;
    const auto row = [](const char *name, OutboxStatus status, bool close, const QString &comment, int column,
                        const QString &expected) {
        QTest::addRow("%s", name) << int(status) << close << comment << column << expected;
    };
    row("number", OutboxStatus::Ready, false, twoLines, OutboxModel::Number, u"#42"_s);
    row("title from the queue", OutboxStatus::Ready, false, twoLines, OutboxModel::Title, u"FSDP hangs on rank 42"_s);
    row("labels", OutboxStatus::Ready, false, twoLines, OutboxModel::Labels, Parallelisms + u", "_s + Fsdp);
    row("comment: first non-empty line", OutboxStatus::Ready, false, twoLines, OutboxModel::Comment,
        u"Routing to parallelisms."_s);
    row("no comment", OutboxStatus::Ready, false, QString(), OutboxModel::Comment, u"no comment"_s);
    row("no close", OutboxStatus::Ready, false, twoLines, OutboxModel::Close, QString());
    row("close", OutboxStatus::Ready, true, twoLines, OutboxModel::Close, u"close: not planned"_s);
    row("ready", OutboxStatus::Ready, false, twoLines, OutboxModel::Status, u"○ Ready"_s);
    row("applied", OutboxStatus::Applied, false, twoLines, OutboxModel::Status, u"✓ Applied"_s);
    row("already applied", OutboxStatus::AlreadyApplied, false, twoLines, OutboxModel::Status, u"≡ Already applied"_s);
    row("conflict", OutboxStatus::Conflict, false, twoLines, OutboxModel::Status, u"⇄ Conflict"_s);
    row("conflict says what changed", OutboxStatus::Conflict, false, twoLines, OutboxModel::Outcome,
        u"labels added by others: module: ddp; 1 new comment (bob)"_s);
    row("failed says GitHub's message", OutboxStatus::Failed, false, twoLines, OutboxModel::Outcome,
        u"Validation Failed"_s);
    row("ready outcome", OutboxStatus::Ready, false, twoLines, OutboxModel::Outcome, QString());
}

void tst_OutboxModel::cellText()
{
    QFETCH(int, status);
    QFETCH(bool, close);
    QFETCH(QString, comment);
    QFETCH(int, column);
    QFETCH(QString, expected);

    ReviewDecision decision = approval(42, comment);
    const Result<OutboxEntry> queued =
        m_store->enqueue(decision, seenIssue(42), m_pack, OutboxClose{close, u"not_planned"_s});
    QVERIFY2(queued, qPrintable(queued.error()));
    OutboxEntry entry = queued.value();
    entry.status = OutboxStatus(status);
    if (entry.status == OutboxStatus::Conflict) {
        entry.change.labelsAdded = {u"module: ddp"_s};
        entry.change.newComments = 1;
        entry.change.newCommentAuthors = {u"bob"_s};
    } else if (entry.status == OutboxStatus::Failed) {
        entry.outcome = u"Validation Failed"_s;
    }
    QVERIFY(m_store->update(entry));
    m_model->setIssueTitles(Repo, {seenIssue(42)});
    QVERIFY(m_model->reload());
    QCOMPARE(m_model->rowCount(), 1);
    QCOMPARE(m_model->index(0, column).data().toString(), expected);
}

void tst_OutboxModel::selectionIsWrittenThrough()
{
    const OutboxEntry first = enqueue(21, approval(21));
    enqueue(22, approval(22));
    QVERIFY(m_model->reload());
    QSignalSpy counts(m_model.get(), &OutboxModel::countsChanged);

    const QModelIndex check = m_model->index(0, OutboxModel::Number);
    QCOMPARE(check.data(Qt::CheckStateRole).toInt(), int(Qt::Checked));
    QVERIFY(m_model->setData(check, Qt::Unchecked, Qt::CheckStateRole));
    QCOMPARE(check.data(Qt::CheckStateRole).toInt(), int(Qt::Unchecked));
    QCOMPARE(m_model->counts().selected, 1);
    QCOMPARE(counts.size(), 1);
    // In the file, as a restarted console would read it.
    QCOMPARE(m_store->entry(first.id).value().selected, false);
    QCOMPARE(m_model->selectedIds().size(), 1);

    QCOMPARE(m_model->setAllSelected(false), 1);
    QCOMPARE(m_model->counts().selected, 0);
    QCOMPARE(m_model->setAllSelected(true), 2);
    QCOMPARE(m_model->counts().selected, 2);
    QVERIFY(m_store->submittable().value().contains(first.id));
}

void tst_OutboxModel::onlyReadyRowsAreCheckable()
{
    OutboxEntry entry = enqueue(31, approval(31));
    entry.status = OutboxStatus::Applied;
    QVERIFY(m_store->update(entry));
    QVERIFY(m_model->reload());
    const QModelIndex check = m_model->index(0, OutboxModel::Number);
    QVERIFY(!(m_model->flags(check) & Qt::ItemIsUserCheckable));
    QVERIFY(!check.data(Qt::CheckStateRole).isValid());
    QVERIFY(!m_model->setData(check, Qt::Unchecked, Qt::CheckStateRole));
    QCOMPARE(m_model->setAllSelected(false), 0);
}

void tst_OutboxModel::liveUpdateChangesOneRow()
{
    enqueue(41, approval(41));
    OutboxEntry second = enqueue(42, approval(42));
    enqueue(43, approval(43));
    QVERIFY(m_model->reload());
    QSignalSpy changed(m_model.get(), &QAbstractItemModel::dataChanged);
    QSignalSpy reset(m_model.get(), &QAbstractItemModel::modelReset);

    second.status = OutboxStatus::Applied;
    second.outcome = u"written: comment, 2 labels"_s;
    m_model->updateEntry(second);
    QCOMPARE(reset.size(), 0);
    QCOMPARE(changed.size(), 1);
    QCOMPARE(changed.constFirst().at(0).toModelIndex().row(), 1);
    QCOMPARE(changed.constFirst().at(1).toModelIndex().row(), 1);
    QCOMPARE(m_model->index(1, OutboxModel::Outcome).data().toString(), u"written: comment, 2 labels"_s);
    QCOMPARE(m_model->counts().done, 1);
    QCOMPARE(m_model->counts().ready, 2);

    // An entry the model has not seen (a re-approval) is appended.
    OutboxEntry fresh = entryWith(999, OutboxStatus::Ready);
    m_model->updateEntry(fresh);
    QCOMPARE(m_model->rowCount(), 4);
    QCOMPARE(m_model->rowForId(999), 3);
}

void tst_OutboxModel::counts_data()
{
    QTest::addColumn<QList<int>>("statuses");
    QTest::addColumn<QList<int>>("expected"); // ready, selected, blocked, done, conflict, failed

    const auto s = [](OutboxStatus status) { return int(status); };
    QTest::addRow("empty") << QList<int>{} << QList<int>{0, 0, 0, 0, 0, 0};
    QTest::addRow("pending") << QList<int>{s(OutboxStatus::Ready), s(OutboxStatus::Submitting)}
                             << QList<int>{2, 1, 0, 0, 0, 0};
    QTest::addRow("every outcome") << QList<int>{s(OutboxStatus::Applied), s(OutboxStatus::AlreadyApplied),
                                                 s(OutboxStatus::Blocked), s(OutboxStatus::Conflict),
                                                 s(OutboxStatus::Failed),  s(OutboxStatus::Ready)}
                                   << QList<int>{1, 1, 1, 2, 1, 1};
}

void tst_OutboxModel::counts()
{
    QFETCH(QList<int>, statuses);
    QFETCH(QList<int>, expected);
    QList<OutboxEntry> entries;
    for (int i = 0; i < statuses.size(); ++i)
        entries.append(entryWith(i + 1, OutboxStatus(statuses.at(i))));
    m_model->setEntries(entries);
    const OutboxModel::Counts c = m_model->counts();
    QCOMPARE((QList<int>{c.ready, c.selected, c.blocked, c.done, c.conflict, c.failed}), expected);
    QCOMPARE(c.total, int(statuses.size()));
}

void tst_OutboxModel::blockedEntrySaysWhy()
{
    ReviewDecision decision = approval(51);
    decision.plan.removeLabels = {u"triaged"_s}; // plans only add: the guardrail blocks it
    const OutboxEntry entry = enqueue(51, decision);
    QCOMPARE(entry.status, OutboxStatus::Blocked);
    QVERIFY(m_model->reload());
    QCOMPARE(m_model->counts().blocked, 1);
    QCOMPARE(m_model->counts().ready, 0);
    QCOMPARE(m_model->index(0, OutboxModel::Status).data().toString(), u"⊘ Blocked"_s);
    QVERIFY(!m_model->index(0, OutboxModel::Outcome).data().toString().isEmpty());
    QVERIFY(!(m_model->flags(m_model->index(0, OutboxModel::Number)) & Qt::ItemIsUserCheckable));
}

void tst_OutboxModel::unreadableStoreLeavesRows()
{
    m_model->setStore(nullptr);
    QVERIFY(!m_model->reload());
    QVERIFY(!m_model->lastError().isEmpty());
    QCOMPARE(m_model->rowCount(), 0);
}

QTEST_MAIN(tst_OutboxModel)
#include "tst_outboxmodel.moc"
