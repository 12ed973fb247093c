// SPDX-License-Identifier: MIT
#include "engine/core/issuejsonreader.h"
#include "engine/triage/rubricset.h"
#include "models/queue/queuetriager.h"
#include "tests/support/testdata.h"

#include <QSignalSpy>
#include <QTest>

#include <optional>

using namespace Qt::StringLiterals;

namespace {

QList<Issue> smallQueue()
{
    return TestData::issues(u"queue-small.json"_s);
}

RubricSet engine()
{
    const Result<RubricPack> pack = RubricPack::builtin(u"distributed"_s);
    if (!pack)
        qFatal("%s", qPrintable(pack.error()));
    return RubricSet(pack.value());
}

// The Result the triager's last finished carried (a Result has no default value: a QSignalSpy cannot hand it back).
struct LastResult
{
    explicit LastResult(QueueTriager &triager)
    {
        QObject::connect(&triager, &QueueTriager::finished, &triager,
                         [this](const Result<int> &planned) { result = planned; });
    }
    std::optional<Result<int>> result;
};

} // namespace

class tst_QueueTriager : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void plansEveryIssue_data();
    void plansEveryIssue();
    void restartDropsStaleResults();
    void emptyQueueFinishesAtOnce();
    void cancelHandsThePlannedCount();
    void noRubricIsAnError();
};

void tst_QueueTriager::plansEveryIssue_data()
{
    QTest::addColumn<int>("copies");
    QTest::addRow("5 issues") << 1;
    QTest::addRow("500 issues") << 100;
}

void tst_QueueTriager::plansEveryIssue()
{
    QFETCH(int, copies);
    QList<Issue> issues;
    for (int i = 0; i < copies; ++i)
        issues += smallQueue();
    const auto planner = engine();
    QueueTriager triager;
    QSignalSpy plans(&triager, &QueueTriager::planReady);
    QSignalSpy finished(&triager, &QueueTriager::finished);
    QSignalSpy progress(&triager, &QueueTriager::progress);
    const LastResult last(triager);
    triager.start(issues, planner);
    QVERIFY(triager.isRunning());
    QVERIFY(finished.wait(20000));
    QVERIFY(!triager.isRunning());
    QCOMPARE(plans.size(), issues.size());
    QSet<int> rows;
    for (const QList<QVariant> &args : std::as_const(plans)) {
        const int row = args.at(0).toInt();
        rows.insert(row);
        // Off the GUI thread, the same plan as on it.
        QCOMPARE(args.at(1).value<TriagePlan>().decision, planner.plan(issues.at(row)).decision);
        QCOMPARE(args.at(1).value<TriagePlan>().issueNumber, issues.at(row).number);
    }
    QCOMPARE(rows.size(), issues.size());
    QCOMPARE(progress.first().at(0).toInt(), 0); // indeterminate first
    QCOMPARE(progress.last().at(0).toInt(), int(issues.size()));
    QVERIFY(last.result && last.result->ok());
    QCOMPARE(last.result->value(), int(issues.size()));
}

void tst_QueueTriager::restartDropsStaleResults()
{
    QList<Issue> big;
    for (int i = 0; i < 200; ++i)
        big += smallQueue();
    const QList<Issue> small = smallQueue().mid(0, 2);
    QueueTriager triager;
    QSignalSpy plans(&triager, &QueueTriager::planReady);
    QSignalSpy finished(&triager, &QueueTriager::finished);
    const LastResult last(triager);
    triager.start(big, engine());
    triager.start(small, engine());
    QVERIFY(finished.wait(20000));
    QCOMPARE(finished.size(), 1);
    QCOMPARE(last.result->value(), 2);
    QCOMPARE(plans.size(), 2);
    for (const QList<QVariant> &args : std::as_const(plans))
        QCOMPARE(args.at(1).value<TriagePlan>().issueNumber, small.at(args.at(0).toInt()).number);
}

void tst_QueueTriager::emptyQueueFinishesAtOnce()
{
    QueueTriager triager;
    QSignalSpy finished(&triager, &QueueTriager::finished);
    const LastResult last(triager);
    triager.start({}, engine());
    QCOMPARE(finished.size(), 1);
    QVERIFY(!triager.isRunning());
    QCOMPARE(last.result->value(), 0);
}

// Cancelled part-way, the run ends once, with an error of kind Cancelled and the plans delivered so far as partial;
// nothing arrives after it, and cancelling an idle triager says nothing.
void tst_QueueTriager::cancelHandsThePlannedCount()
{
    QList<Issue> big;
    for (int i = 0; i < 600; ++i)
        big += smallQueue();
    QueueTriager triager;
    QSignalSpy plans(&triager, &QueueTriager::planReady);
    QSignalSpy finished(&triager, &QueueTriager::finished);
    const LastResult last(triager);
    triager.start(big, engine());
    QVERIFY(plans.wait(20000)); // back from the event loop at the first plans delivered
    QVERIFY2(triager.isRunning(), "the run ended before it could be cancelled");
    triager.cancel();
    QVERIFY(!triager.isRunning());
    QCOMPARE(finished.size(), 1);
    QVERIFY(last.result && !last.result->ok());
    QCOMPARE(last.result->errorKind(), ErrorKind::Cancelled);
    QVERIFY(last.result->partial());
    QCOMPARE(*last.result->partial(), int(plans.size()));
    QVERIFY(*last.result->partial() < int(big.size()));
    const qsizetype delivered = plans.size();
    QTest::qWait(50);
    QCOMPARE(plans.size(), delivered);
    triager.cancel();
    QCOMPARE(finished.size(), 1);
}

void tst_QueueTriager::noRubricIsAnError()
{
    QueueTriager triager;
    QSignalSpy plans(&triager, &QueueTriager::planReady);
    const LastResult last(triager);
    triager.start(smallQueue(), RubricSet());
    QVERIFY(!triager.isRunning());
    QVERIFY(last.result && !last.result->ok());
    QCOMPARE(last.result->errorKind(), ErrorKind::Failed);
    QVERIFY(!last.result->error().isEmpty());
    QVERIFY(plans.isEmpty());
}

QTEST_GUILESS_MAIN(tst_QueueTriager)
#include "tst_queuetriager.moc"
