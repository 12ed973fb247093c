// SPDX-License-Identifier: MIT
#include "models/repro/reprooutputmodel.h"
#include "models/repro/reprorankfiltermodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

QStringList lines(const QAbstractItemModel &model)
{
    QStringList out;
    for (int row = 0; row < model.rowCount(); ++row)
        out.append(model.index(row, 0).data().toString());
    return out;
}

// Two ranks' tagged output as our launcher streams it (stdout and stderr interleaved), a note of ours between
// runs, and an untagged line of the launcher's own.
const QByteArray Output = "[rank0]: rank 0 sum 6.0\n"
                          "[rank1]: rank 1 sum 6.0\n"
                          "[rank1]: [rank1]: Traceback (most recent call last):\n"
                          "[rank1]: [rank1]: RuntimeError: rank 1 rejects the reduced sum\n"
                          "[launcher] exit codes: rank 0: exit 0, rank 1: exit 1\n";

} // namespace

class tst_ReproRankFilterModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void keepsOneRank_data();
    void keepsOneRank();
    void followsTheStream();
    void readsRankTags_data();
    void readsRankTags();
};

void tst_ReproRankFilterModel::keepsOneRank_data()
{
    QTest::addColumn<int>("rank");
    QTest::addColumn<QStringList>("shown");
    const QString note = u"run 1 of 1"_s;
    QTest::addRow("all ranks") << -1
                               << QStringList{note,
                                              u"[rank0]: rank 0 sum 6.0"_s,
                                              u"[rank1]: rank 1 sum 6.0"_s,
                                              u"[rank1]: [rank1]: Traceback (most recent call last):"_s,
                                              u"[rank1]: [rank1]: RuntimeError: rank 1 rejects the reduced sum"_s,
                                              u"[launcher] exit codes: rank 0: exit 0, rank 1: exit 1"_s};
    QTest::addRow("rank 0") << 0 << QStringList{note, u"[rank0]: rank 0 sum 6.0"_s};
    QTest::addRow("rank 1") << 1
                            << QStringList{note, u"[rank1]: rank 1 sum 6.0"_s,
                                           u"[rank1]: [rank1]: Traceback (most recent call last):"_s,
                                           u"[rank1]: [rank1]: RuntimeError: rank 1 rejects the reduced sum"_s};
    QTest::addRow("a rank with no lines") << 5 << QStringList{note};
}

void tst_ReproRankFilterModel::keepsOneRank()
{
    QFETCH(int, rank);
    QFETCH(QStringList, shown);
    ReproOutputModel output;
    ReproRankFilterModel filter;
    QAbstractItemModelTester tester(&filter, QAbstractItemModelTester::FailureReportingMode::QtTest);
    filter.setSourceModel(&output);
    output.appendNote(u"run 1 of 1"_s);
    output.append(Output, OutputStream::StdOut);
    output.finish();
    filter.setRank(rank);
    QCOMPARE(filter.rank(), rank);
    QCOMPARE(lines(filter), shown);
    QCOMPARE(output.ranks(), (QList<int>{0, 1}));
    filter.setRank(-1);
    QCOMPARE(filter.rowCount(), output.rowCount());
}

void tst_ReproRankFilterModel::followsTheStream()
{
    ReproOutputModel output;
    ReproRankFilterModel filter;
    QAbstractItemModelTester tester(&filter, QAbstractItemModelTester::FailureReportingMode::QtTest);
    filter.setSourceModel(&output);
    QSignalSpy ranksChanged(&output, &ReproOutputModel::ranksChanged);
    filter.setRank(1);

    // An open line that grows into rank 1's is shown once its tag is complete; rank 0's never are.
    output.append("[rank0]: step 1\n[ra", OutputStream::StdOut);
    output.flush();
    QCOMPARE(lines(filter), QStringList());
    output.append("nk1]: step 1 still running", OutputStream::StdOut);
    output.flush();
    QCOMPARE(lines(filter), QStringList{u"[rank1]: step 1 still running"_s});
    output.append(" done\n[rank1]: step 2\n[rank0]: step 2\n", OutputStream::StdOut);
    output.finish();
    QCOMPARE(lines(filter), (QStringList{u"[rank1]: step 1 still running done"_s, u"[rank1]: step 2"_s}));
    QCOMPARE(output.ranks(), (QList<int>{0, 1}));
    QCOMPARE(ranksChanged.count(), 2); // rank 0, then rank 1: each once

    // A new run forgets the ranks; the filter shows what the next run's rank 1 prints.
    output.clear();
    QCOMPARE(output.ranks(), QList<int>());
    QCOMPARE(ranksChanged.count(), 3);
    output.append("[rank1]: again\n", OutputStream::StdErr);
    output.flush();
    QCOMPARE(lines(filter), QStringList{u"[rank1]: again"_s});
}

void tst_ReproRankFilterModel::readsRankTags_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("rank");
    QTest::addRow("ours") << u"[rank3]: hello"_s << 3;
    QTest::addRow("ours and torch's") << u"[rank12]: [rank12]: Traceback"_s << 12;
    QTest::addRow("untagged") << u"rank 1 sum 6.0"_s << -1;
    QTest::addRow("the launcher's") << u"[launcher] exit codes"_s << -1;
    QTest::addRow("no number") << u"[rank]: x"_s << -1;
    QTest::addRow("not at the start") << u"see [rank1]: x"_s << -1;
}

void tst_ReproRankFilterModel::readsRankTags()
{
    QFETCH(QString, text);
    QFETCH(int, rank);
    QCOMPARE(ReproOutputModel::rankOf(text), rank);
}

QTEST_GUILESS_MAIN(tst_ReproRankFilterModel)
#include "tst_reprorankfiltermodel.moc"
