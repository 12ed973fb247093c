// SPDX-License-Identifier: MIT
#include "engine/core/pythontext.h"

#include <QTest>

using namespace Qt::StringLiterals;

// The one reading of Python's error text that the issue view, the segmenter, the live output and the error
// signature share: each row is a line as one of them meets it.
class tst_PythonText : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rankPrefix_data();
    void rankPrefix();
    void lineKinds_data();
    void lineKinds();
    void exceptionLine_data();
    void exceptionLine();
    void lastTraceback();
};

void tst_PythonText::rankPrefix_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("rank");

    QTest::newRow("torchrun rank") << u"[rank3]: RuntimeError: boom"_s << u"RuntimeError: boom"_s << 3;
    QTest::newRow("torchrun default") << u"[default0]:Traceback"_s << u"Traceback"_s << 0;
    QTest::newRow("no colon") << u"[rank12] hello"_s << u"hello"_s << 12;
    QTest::newRow("plain line") << u"RuntimeError: x"_s << u"RuntimeError: x"_s << -1;
    QTest::newRow("log level, not a rank") << u"[W1203 12:00:00] warn"_s << u"[W1203 12:00:00] warn"_s << -1;
    QTest::newRow("list literal") << u"[1, 2]: no"_s << u"[1, 2]: no"_s << -1;
    QTest::newRow("no digits") << u"[rank]: x"_s << u"[rank]: x"_s << -1;
    QTest::newRow("too long") << u"[averyveryverylongname1]: x"_s << u"[averyveryverylongname1]: x"_s << -1;
    QTest::newRow("empty") << QString() << QString() << -1;
}

void tst_PythonText::rankPrefix()
{
    QFETCH(QString, line);
    QFETCH(QString, text);
    QFETCH(int, rank);
    QCOMPARE(PythonText::withoutRankPrefix(line).toString(), text);
    QCOMPARE(PythonText::rankOf(line), rank);
}

void tst_PythonText::lineKinds_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<bool>("header");
    QTest::addColumn<bool>("chain");

    QTest::newRow("header") << u"Traceback (most recent call last):"_s << true << true;
    QTest::newRow("header of a rank") << u"[rank1]: Traceback (most recent call last):"_s << true << true;
    QTest::newRow("indented header") << u"  Traceback (most recent call last):"_s << true << true;
    QTest::newRow("during handling") << u"During handling of the above exception, another exception occurred:"_s
                                     << false << true;
    QTest::newRow("direct cause") << u"[rank0]: The above exception was the direct cause of the following exception:"_s
                                  << false << true;
    QTest::newRow("frame") << u"  File \"/tmp/repro.py\", line 3, in <module>"_s << false << false;
    QTest::newRow("mention in prose") << u"I get a Traceback (most recent call last) below"_s << false << false;
}

void tst_PythonText::lineKinds()
{
    QFETCH(QString, line);
    QFETCH(bool, header);
    QFETCH(bool, chain);
    QCOMPARE(PythonText::isTracebackHeader(line), header);
    QCOMPARE(PythonText::isChainLine(line), chain);
}

void tst_PythonText::exceptionLine_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<bool>("matches");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("message");
    QTest::addColumn<bool>("warning");

    QTest::newRow("plain") << u"RuntimeError: CUDA error"_s << true << u"RuntimeError"_s << u"CUDA error"_s << false;
    QTest::newRow("dotted") << u"torch._dynamo.exc.Unsupported: call_function"_s << true
                            << u"torch._dynamo.exc.Unsupported"_s << u"call_function"_s << false;
    QTest::newRow("bare") << u"KeyboardInterrupt"_s << true << u"KeyboardInterrupt"_s << QString() << false;
    QTest::newRow("of a rank") << u"[rank1]: ValueError: bad"_s << true << u"ValueError"_s << u"bad"_s << false;
    QTest::newRow("warning") << u"UserWarning: deprecated"_s << true << u"UserWarning"_s << u"deprecated"_s << true;
    QTest::newRow("stop iteration") << u"StopIteration"_s << true << u"StopIteration"_s << QString() << false;
    QTest::newRow("prose") << u"The error: it fails"_s << false << QString() << QString() << false;
    QTest::newRow("frame") << u"  File \"x.py\", line 1"_s << false << QString() << QString() << false;
}

void tst_PythonText::exceptionLine()
{
    QFETCH(QString, line);
    QFETCH(bool, matches);
    QFETCH(QString, name);
    QFETCH(QString, message);
    QFETCH(bool, warning);
    PythonText::ExceptionLine parsed;
    QCOMPARE(PythonText::parseExceptionLine(line, &parsed), matches);
    if (!matches)
        return;
    QCOMPARE(parsed.name.toString(), name);
    QCOMPARE(parsed.message.toString(), message);
    QCOMPARE(parsed.isWarning, warning);
}

void tst_PythonText::lastTraceback()
{
    const QString two = u"Traceback (most recent call last):\n  x\nA: 1\nTraceback (most recent call last):\nB: 2"_s;
    QCOMPARE(PythonText::lastTracebackAt(two), two.lastIndexOf(u"Traceback"_s));
    QCOMPARE(PythonText::lastTracebackAt(u"no traceback here"_s), -1);
}

QTEST_GUILESS_MAIN(tst_PythonText)
#include "tst_pythontext.moc"
