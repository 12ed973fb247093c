// SPDX-License-Identifier: MIT
#include "engine/core/issuejsonreader.h"
#include "engine/triage/triageengine.h"
#include "models/queue/issuefilterproxymodel.h"
#include "models/queue/issuetablemodel.h"
#include "tests/support/testdata.h"

#include <QAbstractItemModelTester>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

QList<Issue> smallQueue()
{
    return TestData::issues(u"queue-small.json"_s);
}

QList<int> numbersIn(const QAbstractItemModel &model)
{
    QList<int> numbers;
    for (int row = 0; row < model.rowCount(); ++row)
        numbers.append(model.index(row, IssueTableModel::Number).data(IssueTableModel::SortRole).toInt());
    return numbers;
}

} // namespace

class tst_IssueFilterProxyModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void filter_data();
    void filter();
    void sort_data();
    void sort();
    void filterSurvivesReset();
    void filterAndSortTogether();
    void reviewFilters_data();
    void reviewFilters();
};

void tst_IssueFilterProxyModel::filter_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QList<int>>("expected");

    const QList<int> all{140231, 140198, 140177, 140150, 140112};
    QTest::addRow("empty") << QString() << all;
    QTest::addRow("only spaces") << u"   "_s << all;
    QTest::addRow("title word") << u"fsdp2"_s << QList<int>{140231};
    QTest::addRow("case-insensitive") << u"DeViCe_MeSh"_s << QList<int>{140150};
    QTest::addRow("label") << u"triaged"_s << QList<int>{140231};
    QTest::addRow("label with colon") << u"oncall: distributed"_s << QList<int>{140231, 140198, 140150};
    QTest::addRow("author") << u"priya"_s << QList<int>{140198};
    QTest::addRow("number with hash") << u"#140177"_s << QList<int>{140177};
    QTest::addRow("number prefix") << u"1401"_s << QList<int>{140198, 140177, 140150, 140112};
    QTest::addRow("matches anywhere in a number") << u"40"_s << all;
    QTest::addRow("all words must match") << u"ddp reduction"_s << QList<int>{140198};
    QTest::addRow("words match different fields") << u"jwu feature"_s << QList<int>{140150};
    QTest::addRow("one word misses") << u"ddp fsdp"_s << QList<int>{};
    QTest::addRow("nothing") << u"xyzzy"_s << QList<int>{};
    QTest::addRow("body is not searched") << u"watchdog"_s << QList<int>{};
}

void tst_IssueFilterProxyModel::filter()
{
    QFETCH(QString, text);
    QFETCH(QList<int>, expected);

    IssueTableModel source;
    IssueFilterProxyModel proxy;
    proxy.setSourceModel(&source);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    source.setIssues(smallQueue());

    proxy.setFilterText(text);
    QCOMPARE(proxy.filterText(), text);
    QCOMPARE(numbersIn(proxy), expected);

    proxy.setFilterText(QString());
    QCOMPARE(proxy.rowCount(), 5);
}

void tst_IssueFilterProxyModel::sort_data()
{
    QTest::addColumn<int>("column");
    QTest::addColumn<Qt::SortOrder>("order");
    QTest::addColumn<QList<int>>("expected");

    QTest::addRow("number ascending") << int(IssueTableModel::Number) << Qt::AscendingOrder
                                      << QList<int>{140112, 140150, 140177, 140198, 140231};
    QTest::addRow("number descending") << int(IssueTableModel::Number) << Qt::DescendingOrder
                                       << QList<int>{140231, 140198, 140177, 140150, 140112};
    QTest::addRow("title, case-insensitive")
        << int(IssueTableModel::Title) << Qt::AscendingOrder << QList<int>{140198, 140150, 140231, 140112, 140177};
    QTest::addRow("author") << int(IssueTableModel::Author) << Qt::AscendingOrder
                            << QList<int>{140150, 140231, 140112, 140198, 140177};
    QTest::addRow("age: youngest first") << int(IssueTableModel::Age) << Qt::AscendingOrder
                                         << QList<int>{140112, 140231, 140198, 140177, 140150};
    QTest::addRow("age: oldest first") << int(IssueTableModel::Age) << Qt::DescendingOrder
                                       << QList<int>{140150, 140177, 140198, 140231, 140112};
    QTest::addRow("labels") << int(IssueTableModel::Labels) << Qt::AscendingOrder
                            << QList<int>{140150, 140112, 140198, 140231, 140177};
}

void tst_IssueFilterProxyModel::sort()
{
    QFETCH(int, column);
    QFETCH(Qt::SortOrder, order);
    QFETCH(QList<int>, expected);

    IssueTableModel source;
    IssueFilterProxyModel proxy;
    proxy.setSourceModel(&source);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    source.setIssues(smallQueue());

    proxy.sort(column, order);
    QCOMPARE(numbersIn(proxy), expected);
}

void tst_IssueFilterProxyModel::filterSurvivesReset()
{
    IssueTableModel source;
    IssueFilterProxyModel proxy;
    proxy.setSourceModel(&source);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);

    proxy.setFilterText(u"distributed"_s);
    QCOMPARE(proxy.rowCount(), 0);
    source.setIssues(smallQueue());
    QCOMPARE(numbersIn(proxy), (QList<int>{140231, 140198, 140150, 140112}));
    source.setIssues(smallQueue().mid(1, 1));
    QCOMPARE(numbersIn(proxy), QList<int>{140198});
}

void tst_IssueFilterProxyModel::filterAndSortTogether()
{
    IssueTableModel source;
    IssueFilterProxyModel proxy;
    proxy.setSourceModel(&source);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    source.setIssues(smallQueue());

    proxy.sort(IssueTableModel::Number, Qt::AscendingOrder);
    proxy.setFilterText(u"oncall"_s);
    QCOMPARE(numbersIn(proxy), (QList<int>{140150, 140177, 140198, 140231}));
    proxy.setFilterText(u"oncall pt2"_s);
    QCOMPARE(numbersIn(proxy), QList<int>{140177});
}

namespace {

// Sets the filter named by `kind` to `value` on the proxy.
void applyReviewFilter(IssueFilterProxyModel &proxy, const QString &kind, const QVariant &value)
{
    if (kind == "sub-oncall"_L1)
        proxy.setSubOncallFilter(value.toString());
    else if (kind == "confidence"_L1)
        proxy.setConfidenceFilter(Confidence(value.toInt()));
    else if (kind == "state"_L1)
        proxy.setReviewStateFilter(ReviewState(value.toInt()));
    else if (kind == "has repro"_L1)
        proxy.setHasReproOnly(value.toBool());
    else if (kind == "needs review"_L1)
        proxy.setNeedsReviewOnly(value.toBool());
}

} // namespace

void tst_IssueFilterProxyModel::reviewFilters_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QVariant>("value");
    QTest::addRow("sub-oncall infra") << u"sub-oncall"_s << QVariant(u"oncall: distributed infra"_s);
    QTest::addRow("sub-oncall parallelisms") << u"sub-oncall"_s << QVariant(u"oncall: distributed parallelisms"_s);
    QTest::addRow("confidence high") << u"confidence"_s << QVariant(int(Confidence::High));
    QTest::addRow("confidence medium") << u"confidence"_s << QVariant(int(Confidence::Medium));
    QTest::addRow("confidence low") << u"confidence"_s << QVariant(int(Confidence::Low));
    QTest::addRow("state skipped") << u"state"_s << QVariant(int(ReviewState::Skipped));
    QTest::addRow("state new") << u"state"_s << QVariant(int(ReviewState::New));
    QTest::addRow("has repro") << u"has repro"_s << QVariant(true);
    QTest::addRow("needs review") << u"needs review"_s << QVariant(true);
}

void tst_IssueFilterProxyModel::reviewFilters()
{
    QFETCH(QString, kind);
    QFETCH(QVariant, value);

    IssueTableModel model;
    IssueFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester sourceTester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    applyReviewFilter(proxy, kind, value);

    const Result<RubricPack> pack = RubricPack::builtin(u"distributed"_s);
    QVERIFY2(pack.ok(), qPrintable(pack.error()));
    model.setPack(pack.value());
    model.setIssues(smallQueue());
    model.setReview(140177, ReviewState::Skipped);

    // What each filter should keep, computed from the plans themselves.
    const TriageEngine engine(pack.value());
    QList<int> expected;
    for (int row = 0; row < model.rowCount(); ++row) {
        const Issue &issue = model.issues().at(row);
        const TriagePlan plan = engine.plan(issue);
        model.setPlan(row, plan);
        bool keep = false;
        if (kind == "sub-oncall"_L1)
            keep = plan.subOncall == value.toString();
        else if (kind == "confidence"_L1)
            keep = int(plan.confidence) == value.toInt();
        else if (kind == "state"_L1)
            keep = int(model.reviewState(issue.number)) == value.toInt();
        else if (kind == "has repro"_L1)
            keep =
                plan.decision != TriageDecision::NeedsReproduction && !plan.addLabels.contains(pack.value().reproLabel);
        else if (kind == "needs review"_L1)
            keep = plan.confidence == Confidence::Low || !plan.violations.isEmpty() ||
                   plan.addLabels.contains(pack.value().reviewLabel);
        if (keep)
            expected.append(issue.number);
    }
    proxy.sort(IssueTableModel::Number, Qt::DescendingOrder);
    std::sort(expected.begin(), expected.end(), std::greater<>());
    // Rows joined the proxy as their plans arrived (dynamic filtering), no refilter needed.
    QCOMPARE(numbersIn(proxy), expected);

    // Clearing the filter brings every row back.
    applyReviewFilter(proxy, kind, kind == "sub-oncall"_L1 ? QVariant(QString()) : QVariant(false));
    if (kind == "confidence"_L1)
        proxy.setConfidenceFilter(std::nullopt);
    if (kind == "state"_L1)
        proxy.setReviewStateFilter(std::nullopt);
    QCOMPARE(proxy.rowCount(), model.rowCount());
}

QTEST_GUILESS_MAIN(tst_IssueFilterProxyModel)
#include "tst_issuefilterproxymodel.moc"
