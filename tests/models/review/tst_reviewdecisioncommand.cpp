// SPDX-License-Identifier: MIT
#include "engine/outbox/outboxstore.h"
#include "engine/review/reviewdecisionstore.h"
#include "models/queue/issuetablemodel.h"
#include "models/review/reviewdecisioncommand.h"

#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace Qt::StringLiterals;

namespace {

const QString Repo = u"pytorch/pytorch"_s;

Issue issue(int number)
{
    Issue issue;
    issue.number = number;
    issue.title = u"Issue %1"_s.arg(number);
    issue.state = IssueState::Open;
    issue.labels = {u"oncall: distributed"_s};
    issue.updatedAt = QDateTime(QDate(2026, 11, 1), QTime(9, 0), QTimeZone::UTC);
    return issue;
}

ReviewDecision decision(int number, ReviewState state, const QString &module = u"module: fsdp"_s)
{
    ReviewDecision decision;
    decision.repository = Repo;
    decision.number = number;
    decision.state = state;
    decision.plan.issueNumber = number;
    decision.plan.profile = u"distributed"_s;
    decision.plan.decision = TriageDecision::Classify;
    decision.plan.subOncall = u"oncall: distributed parallelisms"_s;
    decision.plan.addLabels = {decision.plan.subOncall, module};
    decision.plan.confidence = Confidence::High;
    decision.reviewer = u"alice"_s;
    return decision;
}

} // namespace

// Review decisions as undoable steps, and what they do to the outbox: approvals go in, skips do not, undo
// takes an approval out and brings back the one it replaced.
class tst_ReviewDecisionCommand final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void outbox_data();
    void outbox();
    void undoBringsBackTheReplacedApproval();

private:
    QList<OutboxEntry> entries() const { return m_outbox->entries().value(); }
    ReviewDecisionCommand *command(const ReviewDecision &decision);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ReviewDecisionStore> m_decisions;
    std::unique_ptr<OutboxStore> m_outbox;
    std::unique_ptr<IssueTableModel> m_model;
    RubricPack m_pack;
    int m_changes = 0;
};

void tst_ReviewDecisionCommand::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    const Result<RubricPack> pack = RubricPack::builtin(u"distributed"_s);
    QVERIFY2(pack, qPrintable(pack.error()));
    m_pack = pack.value();
}

void tst_ReviewDecisionCommand::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    const QString path = m_dir->filePath(u"store.sqlite"_s);
    auto decisions = ReviewDecisionStore::open(path);
    QVERIFY2(decisions, qPrintable(decisions.error()));
    m_decisions = std::move(decisions).value();
    auto outbox = OutboxStore::open(path);
    QVERIFY2(outbox, qPrintable(outbox.error()));
    m_outbox = std::move(outbox).value();
    m_model = std::make_unique<IssueTableModel>();
    m_model->setIssues({issue(1), issue(2)});
    m_changes = 0;
}

void tst_ReviewDecisionCommand::cleanup()
{
    m_model.reset();
    m_outbox.reset();
    m_decisions.reset();
    m_dir.reset();
}

ReviewDecisionCommand *tst_ReviewDecisionCommand::command(const ReviewDecision &d)
{
    auto *command = new ReviewDecisionCommand(m_decisions.get(), m_model.get(), d,
                                              [](const QString &message) { qWarning("%s", qPrintable(message)); });
    command->setOutbox(m_outbox.get(), issue(d.number), m_pack, [this] { ++m_changes; });
    return command;
}

void tst_ReviewDecisionCommand::outbox_data()
{
    QTest::addColumn<int>("state");
    QTest::addColumn<int>("queued");
    QTest::addColumn<QString>("closeAs"); // the plan closes the issue (a first-level usage question); "": it does not
    QTest::addRow("approved") << int(ReviewState::Approved) << 1 << QString();
    QTest::addRow("edited") << int(ReviewState::Edited) << 1 << QString();
    QTest::addRow("skipped") << int(ReviewState::Skipped) << 0 << QString();
    QTest::addRow("approved, closes as not planned") << int(ReviewState::Approved) << 1 << u"not_planned"_s;
    QTest::addRow("skipped, would close") << int(ReviewState::Skipped) << 0 << u"not_planned"_s;
}

void tst_ReviewDecisionCommand::outbox()
{
    QFETCH(int, state);
    QFETCH(int, queued);
    QFETCH(QString, closeAs);
    ReviewDecision made = decision(1, ReviewState(state));
    made.plan.close = !closeAs.isEmpty();
    made.plan.stateReason = closeAs;
    QUndoStack stack;
    stack.push(command(made));
    QCOMPARE(entries().size(), queued);
    if (queued) {
        const OutboxEntry entry = entries().constFirst();
        QCOMPARE(entry.number, 1);
        QCOMPARE(entry.status, OutboxStatus::Ready);
        QCOMPARE(entry.seenLabels, QStringList{u"oncall: distributed"_s});
        // The close the reviewer approved travels with the plan, and only then.
        QCOMPARE(entry.close, !closeAs.isEmpty());
        if (entry.close)
            QCOMPARE(entry.stateReason, closeAs);
        // Tied to the decision it came from.
        QCOMPARE(entry.decisionId, m_decisions->latest(Repo).value().value(1).id);
    }
    stack.undo();
    QCOMPARE(entries().size(), 0);
    QCOMPARE(m_decisions->latest(Repo).value().contains(1), false);
    stack.redo();
    QCOMPARE(entries().size(), queued);
    QCOMPARE(m_changes > 0, queued > 0);
}

void tst_ReviewDecisionCommand::undoBringsBackTheReplacedApproval()
{
    QUndoStack stack;
    stack.push(command(decision(2, ReviewState::Approved, u"module: fsdp"_s)));
    // Approved again, edited: the newer plan replaces the older one in the outbox.
    stack.push(command(decision(2, ReviewState::Edited, u"module: ddp"_s)));
    QCOMPARE(entries().size(), 1);
    QVERIFY(entries().constFirst().addLabels.contains(u"module: ddp"_s));
    stack.undo();
    QCOMPARE(entries().size(), 1);
    QVERIFY(entries().constFirst().addLabels.contains(u"module: fsdp"_s));
    QCOMPARE(m_model->reviewState(2), ReviewState::Approved);
    stack.undo();
    QCOMPARE(entries().size(), 0);
}

QTEST_GUILESS_MAIN(tst_ReviewDecisionCommand)
#include "tst_reviewdecisioncommand.moc"
