// SPDX-License-Identifier: MIT
#include "engine/repro/reprorunvariant.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTest>

using namespace Qt::StringLiterals;

using Variables = QMap<QString, QString>;

class tst_ReproRunVariant final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parsesVariables_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<Variables>("expected");
        QTest::addColumn<QString>("errorHas"); // empty: parses

        QTest::addRow("TORCH_LOGS") << u"TORCH_LOGS=+dynamo"_s << Variables{{u"TORCH_LOGS"_s, u"+dynamo"_s}}
                                    << QString();
        QTest::addRow("two, any spacing")
            << u"  TORCH_LOGS=+dynamo,+aot   TORCHDYNAMO_VERBOSE=1 "_s
            << Variables{{u"TORCH_LOGS"_s, u"+dynamo,+aot"_s}, {u"TORCHDYNAMO_VERBOSE"_s, u"1"_s}} << QString();
        QTest::addRow("empty value") << u"TORCHINDUCTOR_FREEZING="_s
                                     << Variables{{u"TORCHINDUCTOR_FREEZING"_s, QString()}} << QString();
        QTest::addRow("nothing") << u"   "_s << Variables{} << QString();
        QTest::addRow("no equals sign") << u"TORCH_LOGS"_s << Variables{} << u"“TORCH_LOGS” is not NAME=VALUE"_s;
        QTest::addRow("bad name") << u"1X=2"_s << Variables{} << u"not NAME=VALUE"_s;
        QTest::addRow("the sandbox's own") << u"LD_PRELOAD=/tmp/x.so"_s << Variables{} << u"LD_PRELOAD is set by"_s;
    }
    void parsesVariables()
    {
        QFETCH(QString, text);
        QFETCH(Variables, expected);
        QFETCH(QString, errorHas);
        const auto parsed = ReproRunVariant::parseVariables(text);
        QCOMPARE(parsed.ok(), errorHas.isEmpty());
        if (parsed)
            QCOMPARE(parsed.value(), expected);
        else
            QVERIFY2(parsed.error().contains(errorHas), qPrintable(parsed.error()));
    }

    void insertsDynamoResets_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<int>("resets");
        QTest::addColumn<QString>("has"); // in the result

        QTest::addRow("compiles once: unchanged")
            << u"import torch\nopt = torch.compile(torch.sin)\nprint(opt(torch.ones(3)))\n"_s << 0 << QString();
        QTest::addRow("two compiled functions, one after the other")
            << u"import torch\na = torch.compile(torch.sin)\nb = torch.compile(torch.cos, backend='eager')\n"
               u"x = torch.ones(3)\nprint(a(x))\nprint(b(x))\n"_s
            << 1 << u"print(a(x))\ntorch._dynamo.reset()\nprint(b(x))"_s;
        QTest::addRow("inline compiles in main()")
            << u"import torch\n\ndef main():\n    x = torch.ones(2)\n    torch.compile(torch.sin)(x)\n"
               u"    torch.compile(torch.cos)(x)\n    torch.compile(torch.tan)(x)\n\nmain()\n"_s
            << 2 << u"    torch._dynamo.reset()\n    torch.compile(torch.cos)(x)"_s;
        QTest::addRow("decorated functions")
            << u"import torch\n\n@torch.compile\ndef f(x):\n    return x + 1\n\n@torch.compile(dynamic=True)\n"
               u"def g(x):\n    return x * 2\n\nf(torch.ones(2))\ng(torch.ones(2))\n"_s
            << 1 << u"f(torch.ones(2))\ntorch._dynamo.reset()\ng(torch.ones(2))"_s;
        QTest::addRow("a continuation line is left alone")
            << u"import torch\nf = torch.compile(torch.sin)\nx = torch.ones(2)\nprint(f(x),\n      f(x))\n"_s << 0
            << QString();
        QTest::addRow("no compile at all") << u"import torch\nprint(torch.ones(2).sum())\n"_s << 0 << QString();
    }
    void insertsDynamoResets()
    {
        QFETCH(QString, source);
        QFETCH(int, resets);
        QFETCH(QString, has);
        int inserted = -1;
        const QString out = ReproRunVariant::withDynamoResets(source, &inserted);
        QCOMPARE(inserted, resets);
        QCOMPARE(out.count(u"torch._dynamo.reset()"_s), resets);
        if (resets == 0)
            QCOMPARE(out, source);
        else
            QVERIFY2(out.contains(has), qPrintable(out));
        // What it produces is still Python (real python3 parses it).
        const QString python = QStandardPaths::findExecutable(u"python3"_s);
        QVERIFY(!python.isEmpty());
        QProcess p;
        p.start(python, {u"-c"_s, u"import ast, sys; ast.parse(sys.stdin.read())"_s});
        QVERIFY(p.waitForStarted());
        p.write(out.toUtf8());
        p.closeWriteChannel();
        QVERIFY(p.waitForFinished(30000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
    }
};

QTEST_GUILESS_MAIN(tst_ReproRunVariant)
#include "tst_reprorunvariant.moc"
