// SPDX-License-Identifier: MIT
#include "models/similar/similarmatchmodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>
#include <QTimeZone>

using namespace Qt::StringLiterals;

namespace {

SimilarityMatch match(int number, bool open, double score, QMap<QString, QStringList> why)
{
    SimilarityMatch match;
    match.repository = u"pytorch/pytorch"_s;
    match.number = number;
    match.title = u"Title %1"_s.arg(number);
    match.state = open ? IssueState::Open : IssueState::Closed;
    match.labels = {u"module: ddp"_s, u"triaged"_s};
    match.createdAt = QDateTime(QDate(2025, 1, 1), QTime(12, 0), QTimeZone::UTC);
    match.score = score;
    match.why = why;
    return match;
}

} // namespace

class tst_SimilarMatchModel final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rows()
    {
        SimilarMatchModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        model.setNow(QDateTime(QDate(2025, 3, 1), QTime(12, 0), QTimeZone::UTC));
        model.setMatches({match(12, true, 9.5, {{u"title"_s, {u"nccl"_s}}, {u"signature"_s, {u"distbackenderror"_s}}}),
                          match(7, false, 4.25, {{u"body"_s, {u"hang"_s}}})});
        QCOMPARE(reset.size(), 1);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.columnCount(), int(SimilarMatchModel::ColumnCount));
        QCOMPARE(model.index(0, SimilarMatchModel::Number).data().toString(), u"#12"_s);
        QCOMPARE(model.index(0, SimilarMatchModel::Number).data(SimilarMatchModel::SortRole).toInt(), 12);
        QCOMPARE(model.index(0, SimilarMatchModel::State).data().toString(), u"open"_s);
        QCOMPARE(model.index(1, SimilarMatchModel::State).data().toString(), u"closed"_s);
        QCOMPARE(model.index(0, SimilarMatchModel::Matched).data().toString(), u"signature, title"_s);
        QVERIFY(model.index(0, SimilarMatchModel::Matched)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(u"distbackenderror"_s));
        QCOMPARE(model.index(0, SimilarMatchModel::Age).data().toString(), u"1 mo"_s);
        QCOMPARE(model.index(1, SimilarMatchModel::Score).data().toString(), u"4.3"_s);
        QCOMPARE(model.index(1, SimilarMatchModel::Labels).data(SimilarMatchModel::LabelsRole).toStringList(),
                 (QStringList{u"module: ddp"_s, u"triaged"_s}));
        QCOMPARE(model.index(1, 0).data(SimilarMatchModel::MatchRole).value<SimilarityMatch>().number, 7);
        QCOMPARE(model.headerData(SimilarMatchModel::Matched, Qt::Horizontal).toString(), u"Matched on"_s);
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    void age_data()
    {
        QTest::addColumn<int>("days");
        QTest::addColumn<QString>("expected");
        QTest::addRow("today") << 0 << u"today"_s;
        QTest::addRow("days") << 12 << u"12 d"_s;
        QTest::addRow("months") << 95 << u"3 mo"_s;
        QTest::addRow("years") << 800 << u"2 y"_s;
    }
    void age()
    {
        QFETCH(int, days);
        QFETCH(QString, expected);
        const QDateTime now(QDate(2025, 6, 1), QTime(12, 0), QTimeZone::UTC);
        QCOMPARE(SimilarMatchModel::age(now.addDays(-days), now), expected);
        QVERIFY(SimilarMatchModel::age({}, now).isEmpty());
    }
};

QTEST_GUILESS_MAIN(tst_SimilarMatchModel)
#include "tst_similarmatchmodel.moc"
