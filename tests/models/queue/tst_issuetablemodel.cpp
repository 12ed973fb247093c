// SPDX-License-Identifier: MIT
#include "engine/core/issuejsonreader.h"
#include "engine/triage/triageengine.h"
#include "models/queue/issuetablemodel.h"
#include "tests/support/testdata.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

const QDateTime Now = QDateTime(QDate(2026, 11, 22), QTime(12, 0), QTimeZone::UTC);

QList<Issue> smallQueue()
{
    return TestData::issues(u"queue-small.json"_s);
}

} // namespace

class tst_IssueTableModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void emptyModel();
    void resetOnSetIssues();
    void displayData_data();
    void displayData();
    void sortRole_data();
    void sortRole();
    void wholeIssueAndLabels();
    void headers();
    void invalidIndexes();
    void compactAge_data();
    void compactAge();
    void setNowUpdatesAges();
    void plansArriveRowByRow();
    void reviewStates_data();
    void reviewStates();
    void reviewsSurviveReload();
};

void tst_IssueTableModel::emptyModel()
{
    IssueTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.columnCount(), int(IssueTableModel::ColumnCount));
}

void tst_IssueTableModel::resetOnSetIssues()
{
    IssueTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy aboutToReset(&model, &QAbstractItemModel::modelAboutToBeReset);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);

    model.setIssues(smallQueue());
    QCOMPARE(model.rowCount(), 5);
    QCOMPARE(aboutToReset.count(), 1);
    QCOMPARE(reset.count(), 1);

    model.setIssues(smallQueue().mid(0, 2));
    QCOMPARE(model.rowCount(), 2);
    model.setIssues({});
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(reset.count(), 3);
}

void tst_IssueTableModel::displayData_data()
{
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("expected");

    QTest::addRow("number") << 0 << int(IssueTableModel::Number) << u"#140231"_s;
    QTest::addRow("title") << 1 << int(IssueTableModel::Title)
                           << u"DDP: Expected to have finished reduction in the prior iteration with "
                              "find_unused_parameters=False"_s;
    QTest::addRow("author") << 2 << int(IssueTableModel::Author) << u"tkowalski"_s;
    QTest::addRow("age in days") << 0 << int(IssueTableModel::Age) << u"3 d"_s;
    QTest::addRow("age in weeks") << 1 << int(IssueTableModel::Age) << u"5 w"_s;
    QTest::addRow("age in months") << 2 << int(IssueTableModel::Age) << u"4 mo"_s;
    QTest::addRow("age in years") << 3 << int(IssueTableModel::Age) << u"1 y"_s;
    QTest::addRow("age in hours") << 4 << int(IssueTableModel::Age) << u"3 h"_s;
    QTest::addRow("labels") << 4 << int(IssueTableModel::Labels) << u"module: distributed_checkpoint, triage review"_s;
}

void tst_IssueTableModel::displayData()
{
    QFETCH(int, row);
    QFETCH(int, column);
    QFETCH(QString, expected);

    IssueTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setNow(Now);
    model.setIssues(smallQueue());
    QCOMPARE(model.index(row, column).data(Qt::DisplayRole).toString(), expected);
}

void tst_IssueTableModel::sortRole_data()
{
    QTest::addColumn<int>("column");
    QTest::addColumn<QVariant>("expected");

    QTest::addRow("number is an int") << int(IssueTableModel::Number) << QVariant(140231);
    QTest::addRow("title") << int(IssueTableModel::Title)
                           << QVariant(u"FSDP2 fully_shard hangs at the first all-gather with NCCL 2.21 on 8xH100"_s);
    QTest::addRow("author") << int(IssueTableModel::Author) << QVariant(u"lchen-ml"_s);
    QTest::addRow("age is the creation time")
        << int(IssueTableModel::Age) << QVariant(QDateTime(QDate(2026, 11, 19), QTime(10, 15), QTimeZone::UTC));
    QTest::addRow("labels joined") << int(IssueTableModel::Labels)
                                   << QVariant(u"oncall: distributed, module: fsdp, triaged"_s);
}

void tst_IssueTableModel::sortRole()
{
    QFETCH(int, column);
    QFETCH(QVariant, expected);

    IssueTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setIssues(smallQueue());
    const QVariant value = model.index(0, column).data(IssueTableModel::SortRole);
    QCOMPARE(value.metaType(), expected.metaType());
    QCOMPARE(value, expected);
}

void tst_IssueTableModel::wholeIssueAndLabels()
{
    IssueTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setIssues(smallQueue());

    for (int column = 0; column < IssueTableModel::ColumnCount; ++column) {
        const Issue issue = model.index(3, column).data(IssueTableModel::IssueRole).value<Issue>();
        QCOMPARE(issue.number, 140150);
        QVERIFY(!issue.isOpen());
        if (column == IssueTableModel::Modules) // the suggested module labels, none before a plan
            continue;
        QCOMPARE(model.index(3, column).data(IssueTableModel::LabelsRole).toStringList(),
                 QStringList({u"feature"_s, u"oncall: distributed"_s, u"module: DeviceMesh"_s}));
    }
    QCOMPARE(model.issues().size(), 5);
}

void tst_IssueTableModel::headers()
{
    IssueTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QStringList titles;
    for (int column = 0; column < IssueTableModel::ColumnCount; ++column)
        titles.append(model.headerData(column, Qt::Horizontal).toString());
    QCOMPARE(titles, QStringList({u"#"_s, u"Title"_s, u"Author"_s, u"Age"_s, u"Labels"_s, u"Sub-oncall"_s, u"Modules"_s,
                                  u"Confidence"_s, u"Review"_s}));
    QVERIFY(!model.headerData(IssueTableModel::ColumnCount, Qt::Horizontal).isValid());
    QVERIFY(!model.headerData(0, Qt::Vertical).isValid());
}

void tst_IssueTableModel::invalidIndexes()
{
    IssueTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setIssues(smallQueue());
    QVERIFY(!model.data(QModelIndex()).isValid());
    QVERIFY(!model.index(5, 0).isValid());
    QVERIFY(!model.index(0, IssueTableModel::ColumnCount).isValid());
    QCOMPARE(model.rowCount(model.index(0, 0)), 0);
    QCOMPARE(model.columnCount(model.index(0, 0)), 0);
}

void tst_IssueTableModel::compactAge_data()
{
    QTest::addColumn<qint64>("seconds");
    QTest::addColumn<QString>("expected");

    QTest::addRow("future is now") << qint64(-30) << u"now"_s;
    QTest::addRow("seconds") << qint64(59) << u"now"_s;
    QTest::addRow("minutes") << qint64(12 * 60) << u"12 min"_s;
    QTest::addRow("hours") << qint64(5 * 3600) << u"5 h"_s;
    QTest::addRow("one day") << qint64(24 * 3600) << u"1 d"_s;
    QTest::addRow("13 days") << qint64(13 * 86400) << u"13 d"_s;
    QTest::addRow("two weeks") << qint64(14 * 86400) << u"2 w"_s;
    QTest::addRow("eight weeks") << qint64(59 * 86400) << u"8 w"_s;
    QTest::addRow("two months") << qint64(60 * 86400) << u"2 mo"_s;
    QTest::addRow("eleven months") << qint64(340 * 86400) << u"11 mo"_s;
    QTest::addRow("a year") << qint64(400 * 86400) << u"1 y"_s;
}

void tst_IssueTableModel::compactAge()
{
    QFETCH(qint64, seconds);
    QFETCH(QString, expected);
    QCOMPARE(IssueTableModel::compactAge(Now.addSecs(-seconds), Now), expected);
    QCOMPARE(IssueTableModel::compactAge(QDateTime(), Now), QString());
}

void tst_IssueTableModel::setNowUpdatesAges()
{
    IssueTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setIssues(smallQueue());
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    model.setNow(Now);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.at(0).at(0).toModelIndex().column(), int(IssueTableModel::Age));
    QCOMPARE(model.index(0, IssueTableModel::Age).data().toString(), u"3 d"_s);
    model.setNow(Now.addDays(7));
    QCOMPARE(model.index(0, IssueTableModel::Age).data().toString(), u"10 d"_s);
}

void tst_IssueTableModel::plansArriveRowByRow()
{
    IssueTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const Result<RubricPack> pack = RubricPack::builtin(u"distributed"_s);
    QVERIFY2(pack.ok(), qPrintable(pack.error()));
    model.setPack(pack.value());
    model.setIssues(smallQueue());
    QCOMPARE(model.plannedCount(), 0);
    QVERIFY(!model.index(1, 0).data(IssueTableModel::HasPlanRole).toBool());
    QVERIFY(!model.index(1, 0).data(IssueTableModel::PlanRole).isValid());

    const TriageEngine engine(pack.value());
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    const TriagePlan plan = engine.plan(model.issues().at(1));
    model.setPlan(1, plan);
    QCOMPARE(changed.size(), 1);
    // One row, every column.
    QCOMPARE(changed.first().at(0).toModelIndex(), model.index(1, 0));
    QCOMPARE(changed.first().at(1).toModelIndex(), model.index(1, IssueTableModel::ColumnCount - 1));
    QCOMPARE(model.plannedCount(), 1);
    QVERIFY(model.index(1, 0).data(IssueTableModel::HasPlanRole).toBool());
    QCOMPARE(model.index(1, 0).data(IssueTableModel::PlanRole).value<TriagePlan>().decision, plan.decision);
    QCOMPARE(model.index(1, IssueTableModel::ConfidenceColumn).data(IssueTableModel::SortRole).toInt(),
             int(plan.confidence));
    QCOMPARE(model.index(1, IssueTableModel::SubOncall).data(IssueTableModel::SortRole).toString(), plan.subOncall);
    for (const QString &label :
         model.index(1, IssueTableModel::Modules).data(IssueTableModel::LabelsRole).toStringList())
        QVERIFY2(pack.value().moduleByLabel(label), qPrintable(label));

    model.clearPlans();
    QCOMPARE(model.plannedCount(), 0);
    QVERIFY(!model.index(1, 0).data(IssueTableModel::HasPlanRole).toBool());
}

void tst_IssueTableModel::reviewStates_data()
{
    QTest::addColumn<int>("state");
    QTest::addColumn<QString>("text");
    QTest::addRow("new") << int(ReviewState::New) << u"new"_s;
    QTest::addRow("approved") << int(ReviewState::Approved) << u"approved"_s;
    QTest::addRow("edited") << int(ReviewState::Edited) << u"edited"_s;
    QTest::addRow("skipped") << int(ReviewState::Skipped) << u"skipped"_s;
    QTest::addRow("submitted") << int(ReviewState::Submitted) << u"submitted"_s;
}

void tst_IssueTableModel::reviewStates()
{
    QFETCH(int, state);
    QFETCH(QString, text);
    IssueTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setIssues(smallQueue());
    QSignalSpy counts(&model, &IssueTableModel::reviewCountsChanged);
    TriagePlan edited;
    edited.issueNumber = 140177;
    edited.subOncall = u"oncall: distributed infra"_s;
    model.setReview(140177, ReviewState(state), edited);
    QCOMPARE(counts.size(), 1);
    const int row = model.rowForNumber(140177);
    QCOMPARE(model.index(row, IssueTableModel::Review).data().toString(),
             IssueTableModel::reviewStateGlyph(ReviewState(state)) + u' ' + text);
    QCOMPARE(model.index(row, 0).data(IssueTableModel::ReviewStateRole).toInt(), state);
    // The reviewer's plan is the one the row shows.
    QCOMPARE(model.index(row, 0).data(IssueTableModel::PlanRole).value<TriagePlan>().subOncall, edited.subOncall);
    const auto stateCounts = model.stateCounts();
    QCOMPARE(stateCounts[size_t(state)], state == int(ReviewState::New) ? 5 : 1);

    model.setReview(140177, ReviewState::New);
    QCOMPARE(model.reviewState(140177), ReviewState::New);
    QVERIFY(!model.reviewedPlan(140177));
    QCOMPARE(model.stateCounts()[0], 5);
}

void tst_IssueTableModel::reviewsSurviveReload()
{
    IssueTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QHash<int, ReviewDecision> decisions;
    ReviewDecision skipped;
    skipped.number = 140112;
    skipped.state = ReviewState::Skipped;
    decisions.insert(skipped.number, skipped);
    model.setReviews(decisions);
    model.setIssues(smallQueue());
    QVERIFY(model.index(model.rowForNumber(140112), IssueTableModel::Review).data().toString().endsWith(u"skipped"_s));
    model.setIssues(smallQueue());
    QCOMPARE(model.reviewState(140112), ReviewState::Skipped);
}

QTEST_GUILESS_MAIN(tst_IssueTableModel)
#include "tst_issuetablemodel.moc"
