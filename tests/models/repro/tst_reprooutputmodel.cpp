// SPDX-License-Identifier: MIT
#include "models/repro/reprooutputmodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

using Formats = QList<QTextLayout::FormatRange>;

QStringList lines(const QAbstractItemModel &model)
{
    QStringList out;
    for (int row = 0; row < model.rowCount(); ++row)
        out.append(model.index(row, 0).data().toString());
    return out;
}

QString kinds(const QAbstractItemModel &model)
{
    static const char letters[] = "PHFEN"; // Plain, Header, Frame, Exception, Note
    QString out;
    for (int row = 0; row < model.rowCount(); ++row)
        out += QLatin1Char(letters[model.index(row, 0).data(ReproOutputModel::LineKindRole).toInt()]);
    return out;
}

} // namespace

class tst_ReproOutputModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void splitsLines_data();
    void splitsLines();
    void partialLineStaysOpen();
    void streamsAreKeptApart();
    void ansiFormats_data();
    void ansiFormats();
    void stripSwitch();
    void capKeepsNewestWithNote_data();
    void capKeepsNewestWithNote();
    void oneInsertPerBatch();
    void timerBatches();
    void hugeSingleLine();
    void tracebacks();
    void search_data();
    void search();
    void copyText();
    void clearResets();

private:
    static void feed(ReproOutputModel &model, const QByteArrayList &chunks, bool finish = true);
};

void tst_ReproOutputModel::feed(ReproOutputModel &model, const QByteArrayList &chunks, bool finish)
{
    // Each chunk is its own batch: splits at every boundary are exercised, not merged away.
    for (const QByteArray &chunk : chunks) {
        model.append(chunk, OutputStream::StdOut);
        model.flush();
    }
    if (finish)
        model.finish();
}

void tst_ReproOutputModel::splitsLines_data()
{
    QTest::addColumn<QByteArrayList>("chunks");
    QTest::addColumn<QStringList>("expected");

    QTest::addRow("LF") << QByteArrayList{"one\ntwo\n"} << QStringList{u"one"_s, u"two"_s};
    QTest::addRow("CRLF") << QByteArrayList{"one\r\ntwo\r\n"} << QStringList{u"one"_s, u"two"_s};
    QTest::addRow("CR LF split across chunks") << QByteArrayList{"one\r", "\ntwo\n"} << QStringList{u"one"_s, u"two"_s};
    QTest::addRow("lone CR starts the line over")
        << QByteArrayList{"10%\r50%\r100%\ndone\n"} << QStringList{u"100%"_s, u"done"_s};
    QTest::addRow("lone CR at a chunk end") << QByteArrayList{"10%\r", "90%\n"} << QStringList{u"90%"_s};
    QTest::addRow("partial line across chunks")
        << QByteArrayList{"hel", "lo wo", "rld\nnext"} << QStringList{u"hello world"_s, u"next"_s};
    QTest::addRow("empty lines") << QByteArrayList{"\n\na\n"} << QStringList{QString(), QString(), u"a"_s};
    QTest::addRow("UTF-8 split inside a character")
        << QByteArrayList{"caf\xc3", "\xa9 \xe2\x9c", "\x93\n"} << QStringList{u"café ✓"_s};
    QTest::addRow("colour escapes removed from the text")
        << QByteArrayList{"\x1b[31mred\x1b[0m and \x1b[1;32mgreen\x1b[m\n"} << QStringList{u"red and green"_s};
    QTest::addRow("escape split across chunks")
        << QByteArrayList{"a\x1b", "[3", "1mb\x1b[0", "mc\n"} << QStringList{u"abc"_s};
    QTest::addRow("cursor movement and erase stripped") << QByteArrayList{"x\x1b[2K\x1b[1Gy\n"} << QStringList{u"xy"_s};
    QTest::addRow("malformed escape: control inside") << QByteArrayList{"a\x1b[31\nb\n"} << QStringList{u"a"_s, u"b"_s};
    QTest::addRow("overlong escape consumed to its final byte")
        << QByteArrayList{"a\x1b[" + QByteArray(100, '1') + "mz\n"} << QStringList{u"az"_s};
    QTest::addRow("malformed escape: never ends")
        << QByteArrayList{"a\x1b[" + QByteArray(100, '1'), "\nb\n"} << QStringList{u"a"_s, u"b"_s};
    QTest::addRow("escape at the very end") << QByteArrayList{"tail\x1b"} << QStringList{u"tail"_s};
    QTest::addRow("OSC title dropped") << QByteArrayList{"\x1b]0;title\x07shown\n"} << QStringList{u"shown"_s};
    QTest::addRow("other controls dropped, tab kept") << QByteArrayList{"a\x07\tb\x08\n"} << QStringList{u"a\tb"_s};
    QTest::addRow("no final newline") << QByteArrayList{"last words"} << QStringList{u"last words"_s};
}

void tst_ReproOutputModel::splitsLines()
{
    QFETCH(QByteArrayList, chunks);
    QFETCH(QStringList, expected);
    ReproOutputModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    feed(model, chunks);
    QCOMPARE(lines(model), expected);
    for (int row = 0; row < model.rowCount(); ++row)
        QVERIFY(!model.index(row, 0).data(ReproOutputModel::IsOpenRole).toBool());
}

void tst_ReproOutputModel::partialLineStaysOpen()
{
    ReproOutputModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    feed(model, {"Epoch 1: "}, false);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.index(0).data().toString(), u"Epoch 1: "_s);
    QVERIFY(model.index(0).data(ReproOutputModel::IsOpenRole).toBool());

    feed(model, {"loss 0.5"}, false);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.index(0).data().toString(), u"Epoch 1: loss 0.5"_s);
    QVERIFY(!changed.isEmpty());

    feed(model, {"\nEpoch 2\n"}, false);
    QCOMPARE(lines(model), (QStringList{u"Epoch 1: loss 0.5"_s, u"Epoch 2"_s}));
    QVERIFY(!model.index(0).data(ReproOutputModel::IsOpenRole).toBool());
}

void tst_ReproOutputModel::streamsAreKeptApart()
{
    ReproOutputModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    // Interleaved partial lines of both streams do not mix.
    model.append("out-a", OutputStream::StdOut);
    model.append("err-a", OutputStream::StdErr);
    model.append("-end\n", OutputStream::StdOut);
    model.append("-end\n", OutputStream::StdErr);
    model.finish();
    QCOMPARE(lines(model), (QStringList{u"out-a-end"_s, u"err-a-end"_s}));
    QCOMPARE(model.index(0).data(ReproOutputModel::StreamRole).toInt(), int(OutputStream::StdOut));
    QCOMPARE(model.index(1).data(ReproOutputModel::StreamRole).toInt(), int(OutputStream::StdErr));
}

void tst_ReproOutputModel::ansiFormats_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("start");
    QTest::addColumn<int>("length");
    QTest::addColumn<QColor>("foreground"); // invalid: none expected
    QTest::addColumn<QColor>("background");
    QTest::addColumn<bool>("bold");
    QTest::addColumn<int>("rangeCount");

    const QColor none;
    QTest::addRow("red then reset") << QByteArray("\x1b[31mred\x1b[0m plain\n") << u"red plain"_s << 0 << 3
                                    << ReproOutputModel::ansiColor(1) << none << false << 1;
    QTest::addRow("bold green") << QByteArray("x \x1b[1;32mok\x1b[22;39m y\n") << u"x ok y"_s << 2 << 2
                                << ReproOutputModel::ansiColor(2) << none << true << 1;
    QTest::addRow("bright yellow on blue")
        << QByteArray("\x1b[93;44mwarn\x1b[m\n") << u"warn"_s << 0 << 4 << ReproOutputModel::ansiColor(11)
        << ReproOutputModel::ansiColor(4) << false << 1;
    QTest::addRow("256 colour") << QByteArray("\x1b[38;5;196mhot\x1b[0m\n") << u"hot"_s << 0 << 3 << QColor(255, 0, 0)
                                << none << false << 1;
    QTest::addRow("true colour") << QByteArray("\x1b[38;2;10;20;30mrgb\x1b[0m\n") << u"rgb"_s << 0 << 3
                                 << QColor(10, 20, 30) << none << false << 1;
    QTest::addRow("state spans lines") << QByteArray("\x1b[35mfirst\nsecond\x1b[0m\n") << u"first"_s << 0 << 5
                                       << ReproOutputModel::ansiColor(5) << none << false << 1;
    QTest::addRow("bold only") << QByteArray("\x1b[1mB\x1b[0m\n") << u"B"_s << 0 << 1 << none << none << true << 1;
    QTest::addRow("incomplete 256 colour ignored")
        << QByteArray("\x1b[38;5mplain\n") << u"plain"_s << 0 << 0 << none << none << false << 0;
    QTest::addRow("private parameters ignored")
        << QByteArray("\x1b[?25lplain\n") << u"plain"_s << 0 << 0 << none << none << false << 0;
    QTest::addRow("no escapes") << QByteArray("plain\n") << u"plain"_s << 0 << 0 << none << none << false << 0;
}

void tst_ReproOutputModel::ansiFormats()
{
    QFETCH(QByteArray, input);
    QFETCH(QString, text);
    QFETCH(int, start);
    QFETCH(int, length);
    QFETCH(QColor, foreground);
    QFETCH(QColor, background);
    QFETCH(bool, bold);
    QFETCH(int, rangeCount);
    ReproOutputModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    feed(model, {input});
    QCOMPARE(model.index(0).data().toString(), text);
    const auto formats = model.index(0).data(ReproOutputModel::FormatsRole).value<Formats>();
    QCOMPARE(formats.size(), rangeCount);
    if (rangeCount == 0)
        return;
    const QTextLayout::FormatRange &range = formats.first();
    QCOMPARE(range.start, start);
    QCOMPARE(range.length, length);
    QCOMPARE(range.format.hasProperty(QTextFormat::ForegroundBrush), foreground.isValid());
    if (foreground.isValid())
        QCOMPARE(range.format.foreground().color(), foreground);
    QCOMPARE(range.format.hasProperty(QTextFormat::BackgroundBrush), background.isValid());
    if (background.isValid())
        QCOMPARE(range.format.background().color(), background);
    QCOMPARE(range.format.fontWeight() == QFont::Bold, bold);
}

void tst_ReproOutputModel::stripSwitch()
{
    ReproOutputModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    feed(model, {"\x1b[31mred\x1b[0m\n"});
    QCOMPARE(model.index(0).data(ReproOutputModel::FormatsRole).value<Formats>().size(), 1);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    model.setStripAnsi(true);
    QCOMPARE(changed.size(), 1);
    QVERIFY(model.index(0).data(ReproOutputModel::FormatsRole).value<Formats>().isEmpty());
    QCOMPARE(model.index(0).data().toString(), u"red"_s);
    model.setStripAnsi(false);
    QCOMPARE(model.index(0).data(ReproOutputModel::FormatsRole).value<Formats>().size(), 1);
}

void tst_ReproOutputModel::capKeepsNewestWithNote_data()
{
    QTest::addColumn<int>("cap");
    QTest::addColumn<int>("total");
    QTest::addColumn<int>("perBatch");

    QTest::addRow("under the cap") << 100 << 80 << 10;
    QTest::addRow("exactly the cap") << 100 << 100 << 25;
    QTest::addRow("over, small batches") << 100 << 250 << 7;
    QTest::addRow("one batch larger than the cap") << 100 << 1000 << 1000;
    QTest::addRow("cap of one") << 1 << 5 << 2;
}

void tst_ReproOutputModel::capKeepsNewestWithNote()
{
    QFETCH(int, cap);
    QFETCH(int, total);
    QFETCH(int, perBatch);
    ReproOutputModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setMaxLines(cap);
    QByteArray batch;
    for (int i = 0; i < total; ++i) {
        batch += "line " + QByteArray::number(i) + '\n';
        if ((i + 1) % perBatch == 0 || i + 1 == total) {
            model.append(batch, OutputStream::StdOut);
            model.flush();
            batch.clear();
        }
    }
    model.finish();
    const int dropped = std::max(0, total - cap);
    QCOMPARE(model.droppedLines(), qint64(dropped));
    QCOMPARE(model.totalLines(), qint64(total));
    QCOMPARE(model.hasNoteRow(), dropped > 0);
    QCOMPARE(model.rowCount(), std::min(total, cap) + (dropped > 0 ? 1 : 0));
    QCOMPARE(model.index(model.rowCount() - 1).data().toString(), u"line %1"_s.arg(total - 1));
    if (dropped > 0) {
        QVERIFY(model.index(0).data(ReproOutputModel::IsNoteRole).toBool());
        QVERIFY2(model.index(0).data().toString().contains(QString::number(dropped)),
                 qPrintable(model.index(0).data().toString()));
        QCOMPARE(model.index(1).data().toString(), u"line %1"_s.arg(dropped));
    }
}

void tst_ReproOutputModel::oneInsertPerBatch()
{
    ReproOutputModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    for (int chunk = 0; chunk < 10; ++chunk) {
        QByteArray data;
        for (int i = 0; i < 100; ++i)
            data += "chunk " + QByteArray::number(chunk) + " line " + QByteArray::number(i) + '\n';
        model.append(data, chunk % 3 == 0 ? OutputStream::StdErr : OutputStream::StdOut);
    }
    model.flush();
    QCOMPARE(inserted.size(), 1);
    QCOMPARE(model.rowCount(), 1000);
    QCOMPARE(inserted.first().at(1).toInt(), 0);
    QCOMPARE(inserted.first().at(2).toInt(), 999);
}

void tst_ReproOutputModel::timerBatches()
{
    ReproOutputModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy batches(&model, &ReproOutputModel::batchAppended);
    model.append("a\n", OutputStream::StdOut);
    model.append("b\n", OutputStream::StdErr);
    QCOMPARE(model.rowCount(), 0); // queued, not yet rows
    QVERIFY(model.pendingBytes() > 0);
    QVERIFY(batches.wait(2000));
    QCOMPARE(batches.size(), 1);
    QCOMPARE(batches.first().first().toInt(), 2);
    QCOMPARE(lines(model), (QStringList{u"a"_s, u"b"_s}));
}

void tst_ReproOutputModel::hugeSingleLine()
{
    ReproOutputModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const QByteArray piece(1024 * 1024, 'z');
    for (int i = 0; i < 8; ++i) {
        model.append(piece, OutputStream::StdOut);
        model.flush();
    }
    QCOMPARE(model.rowCount(), 1);
    QVERIFY(model.index(0).data(ReproOutputModel::IsOpenRole).toBool());
    model.append("\nafter\n", OutputStream::StdOut);
    model.finish();
    QCOMPARE(model.rowCount(), 2);
    const QString first = model.index(0).data().toString();
    QVERIFY2(first.size() < 64 * 1024, qPrintable(QString::number(first.size())));
    QVERIFY(first.startsWith(u"zzzz"_s));
    QVERIFY2(first.contains(u"more characters not kept"_s), qPrintable(first.right(80)));
    QVERIFY(first.contains(QString::number(8 * 1024 * 1024 - (first.indexOf(u' ')))));
    QCOMPARE(model.index(1).data().toString(), u"after"_s);
}

void tst_ReproOutputModel::tracebacks()
{
    ReproOutputModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.append("starting\n", OutputStream::StdOut);
    model.append("Traceback (most recent call last):\n"
                 "  File \"/tmp/repro.py\", line 7, in <module>\n"
                 "    raise RuntimeError(\"boom\")\n"
                 "RuntimeError: boom (repro-7731)\n"
                 "after\n"
                 "[rank1]: Traceback (most recent call last):\n"
                 "[rank1]:   File \"x.py\", line 1, in f\n"
                 "[rank1]: torch.distributed.DistBackendError: closed\n"
                 "ValueError: raised without a traceback\n",
                 OutputStream::StdErr);
    model.finish();
    QCOMPARE(kinds(model), u"PHFFEPHFEE"_s);
}

void tst_ReproOutputModel::search_data()
{
    QTest::addColumn<QString>("needle");
    QTest::addColumn<int>("from");
    QTest::addColumn<bool>("backward");
    QTest::addColumn<int>("expected");

    QTest::addRow("forward") << u"error"_s << -1 << false << 1;
    QTest::addRow("forward from a match") << u"error"_s << 1 << false << 3;
    QTest::addRow("forward wraps") << u"error"_s << 3 << false << 1;
    QTest::addRow("backward") << u"error"_s << 3 << true << 1;
    QTest::addRow("backward wraps") << u"error"_s << 1 << true << 3;
    QTest::addRow("case-insensitive") << u"ERROR"_s << -1 << false << 1;
    QTest::addRow("no match") << u"absent"_s << 0 << false << -1;
    QTest::addRow("empty needle") << QString() << 0 << false << -1;
}

void tst_ReproOutputModel::search()
{
    QFETCH(QString, needle);
    QFETCH(int, from);
    QFETCH(bool, backward);
    QFETCH(int, expected);
    ReproOutputModel model;
    feed(model, {"ok\nan error here\nfine\nanother Error\nend\n"});
    QCOMPARE(model.findNext(needle, from, backward), expected);
}

void tst_ReproOutputModel::copyText()
{
    ReproOutputModel model;
    model.setMaxLines(2);
    feed(model, {"a\nb\nc\n"});
    QCOMPARE(model.textOfRows({2, 1}), u"b\nc"_s);
    QCOMPARE(model.allText(), model.index(0).data().toString() + u"\nb\nc\n"_s);
}

void tst_ReproOutputModel::clearResets()
{
    ReproOutputModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setMaxLines(2);
    feed(model, {"\x1b[31ma\nb\nc\nopen"}, false);
    model.clear();
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.droppedLines(), 0);
    feed(model, {"fresh\n"});
    QCOMPARE(lines(model), QStringList{u"fresh"_s});
    QVERIFY(model.index(0).data(ReproOutputModel::FormatsRole).value<Formats>().isEmpty());
}

QTEST_MAIN(tst_ReproOutputModel)
#include "tst_reprooutputmodel.moc"
