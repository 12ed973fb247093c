// SPDX-License-Identifier: MIT
#include "models/repro/operatorprobemodel.h"

#include <QAbstractItemModelTester>
#include <QFont>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using Status = OperatorProbeCombination::Status;

Q_DECLARE_METATYPE(OperatorProbeCombination)

namespace {

OperatorProbeCombination combination(const QString &op, int ranks, const QString &caseName,
                                     const QStringList &placements, Status status, const QString &error = {},
                                     bool strategy = true, int collectives = 0)
{
    OperatorProbeCombination c;
    c.op = op;
    c.ranks = ranks;
    c.caseName = caseName;
    c.placements = placements;
    c.status = status;
    c.error = error;
    c.strategy = strategy;
    c.collectives = collectives;
    c.redistributed = collectives > 0;
    if (status != Status::Raises)
        c.outputPlacements = {u"Shard(0)"_s};
    return c;
}

} // namespace

class tst_OperatorProbeModel final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cells_data();
    void cells();
    void streamedRowsAndReset();
    void wrongResultStandsOut();
    void sortsBySeverity();
};

void tst_OperatorProbeModel::cells_data()
{
    QTest::addColumn<OperatorProbeCombination>("c");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("text");
    const OperatorProbeCombination ok =
        combination(u"aten.mm.default"_s, 2, u"divides"_s, {u"Shard(0)"_s, u"Replicate()"_s}, Status::Ok, {}, true, 2);
    const OperatorProbeCombination none =
        combination(u"aten.cumsum.default"_s, 4, u"does not divide"_s, {u"Shard(1)"_s}, Status::Raises,
                    u"NotImplementedError: Operator aten.cumsum.default does not have a sharding strategy "
                    "registered.\nmore lines"_s,
                    false);
    const OperatorProbeCombination overload =
        combination(u"aten.sum.dim_IntList"_s, 2, u"broadcast"_s, {u"Partial()"_s}, Status::Wrong);
    QTest::newRow("op without aten. and .default") << ok << int(OperatorProbeModel::Op) << u"mm"_s;
    QTest::newRow("an overload stays") << overload << int(OperatorProbeModel::Op) << u"sum.dim_IntList"_s;
    QTest::newRow("ranks") << none << int(OperatorProbeModel::Ranks) << u"4"_s;
    QTest::newRow("case") << none << int(OperatorProbeModel::Case) << u"does not divide"_s;
    QTest::newRow("placements") << ok << int(OperatorProbeModel::Placements) << u"Shard(0), Replicate()"_s;
    QTest::newRow("ok") << ok << int(OperatorProbeModel::Result) << u"ok"_s;
    QTest::newRow("raises") << none << int(OperatorProbeModel::Result) << u"raises"_s;
    QTest::newRow("wrong") << overload << int(OperatorProbeModel::Result) << u"WRONG RESULT"_s;
    QTest::newRow("strategy") << ok << int(OperatorProbeModel::Strategy) << u"yes"_s;
    QTest::newRow("no strategy") << none << int(OperatorProbeModel::Strategy) << u"none registered"_s;
    QTest::newRow("output") << ok << int(OperatorProbeModel::Output) << u"Shard(0)"_s;
    QTest::newRow("no output") << none << int(OperatorProbeModel::Output) << QString();
    QTest::newRow("redistributed") << ok << int(OperatorProbeModel::Redistributed) << u"yes (2 collective(s))"_s;
    QTest::newRow("not redistributed") << none << int(OperatorProbeModel::Redistributed) << u"no"_s;
    QTest::newRow("message: its first line") << none << int(OperatorProbeModel::Message)
                                             << u"NotImplementedError: Operator aten.cumsum.default does not have a "
                                                "sharding strategy registered."_s;
}

void tst_OperatorProbeModel::cells()
{
    QFETCH(OperatorProbeCombination, c);
    QFETCH(int, column);
    QFETCH(QString, text);
    OperatorProbeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.append(c);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.columnCount(), int(OperatorProbeModel::ColumnCount));
    QCOMPARE(model.index(0, column).data().toString(), text);
    QVERIFY(!model.headerData(column, Qt::Horizontal).toString().isEmpty());
    if (column == OperatorProbeModel::Message)
        QCOMPARE(model.index(0, column).data(Qt::ToolTipRole).toString(), c.error); // the whole message
}

void tst_OperatorProbeModel::streamedRowsAndReset()
{
    OperatorProbeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    for (int i = 0; i < 5; ++i)
        model.append(combination(u"aten.add.Tensor"_s, 2, u"divides"_s, {u"Shard(%1)"_s.arg(i % 2)},
                                 i == 3 ? Status::Wrong : Status::Ok));
    QCOMPARE(inserted.size(), 5);
    QCOMPARE(model.rowCount(), 5);
    QCOMPARE(model.count(Status::Ok), 4);
    QCOMPARE(model.count(Status::Wrong), 1);
    QCOMPARE(model.combinationAt(3).status, Status::Wrong);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    model.setCombinations({combination(u"aten.mm.default"_s, 4, u"divides"_s, {u"Replicate()"_s}, Status::Raises)});
    QCOMPARE(reset.size(), 1);
    QCOMPARE(model.rowCount(), 1);
    model.clear();
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.index(0, 0).isValid(), false);
}

void tst_OperatorProbeModel::wrongResultStandsOut()
{
    OperatorProbeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.append(combination(u"aten.cumsum.default"_s, 2, u"divides"_s, {u"Shard(0)"_s}, Status::Ok));
    model.append(combination(u"aten.cumsum.default"_s, 2, u"divides"_s, {u"Shard(1)"_s}, Status::Wrong,
                             u"Mismatched elements: 6 / 8"_s));
    // Every column of the wrong row is bold and coloured; the ok row only colours its result.
    for (int column = 0; column < model.columnCount(); ++column) {
        QVERIFY(model.index(1, column).data(Qt::FontRole).value<QFont>().bold());
        QVERIFY(model.index(1, column).data(Qt::ForegroundRole).isValid());
        QVERIFY(!model.index(0, column).data(Qt::FontRole).isValid());
    }
    QVERIFY(!model.index(0, OperatorProbeModel::Placements).data(Qt::ForegroundRole).isValid());
    QVERIFY(model.index(0, OperatorProbeModel::Result).data(Qt::ForegroundRole).isValid());
    QVERIFY(model.index(1, OperatorProbeModel::Result).data(Qt::ToolTipRole).toString().contains(u"DTensor bug"_s));
    QVERIFY(model.index(1, OperatorProbeModel::Message).data(Qt::ToolTipRole).toString().contains(u"Mismatched"_s));
    QCOMPARE(model.index(1, 0).data(OperatorProbeModel::StatusRole).toInt(), int(Status::Wrong));
}

void tst_OperatorProbeModel::sortsBySeverity()
{
    OperatorProbeModel model;
    model.append(combination(u"aten.mm.default"_s, 4, u"divides"_s, {u"Replicate()"_s}, Status::Ok));
    model.append(combination(u"aten.mm.default"_s, 2, u"divides"_s, {u"Shard(0)"_s}, Status::Raises));
    model.append(combination(u"aten.mm.default"_s, 2, u"divides"_s, {u"Shard(1)"_s}, Status::Wrong));
    const auto sortValue = [&model](int row, int column) {
        return model.index(row, column).data(OperatorProbeModel::SortRole).toInt();
    };
    // Wrong first, then raises, then ok; ranks as numbers.
    QVERIFY(sortValue(2, OperatorProbeModel::Result) < sortValue(1, OperatorProbeModel::Result));
    QVERIFY(sortValue(1, OperatorProbeModel::Result) < sortValue(0, OperatorProbeModel::Result));
    QCOMPARE(sortValue(0, OperatorProbeModel::Ranks), 4);
    QCOMPARE(model.index(0, OperatorProbeModel::Ranks).data(OperatorProbeModel::SortRole).typeId(), QMetaType::Int);
}

QTEST_MAIN(tst_OperatorProbeModel)
#include "tst_operatorprobemodel.moc"
