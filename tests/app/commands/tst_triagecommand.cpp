// SPDX-License-Identifier: MIT
#include "app/commands/triagecommand.h"
#include "tests/support/testdata.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

QList<QJsonObject> readLines(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QList<QJsonObject> objects;
    for (const QByteArray &line : file.readAll().split('\n')) {
        if (!line.isEmpty())
            objects.append(QJsonDocument::fromJson(line).object());
    }
    return objects;
}

} // namespace

// The headless command end to end, on files (no display, no event loop).
class tst_TriageCommand : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void runs_data()
    {
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QList<int>>("numbers"); // issues planned, in order

        const QByteArray mixed = TestData::read(u"triage/queue-mixed.jsonl"_s);
        QTest::addRow("JSON Lines with bad lines") << mixed << QStringList{} << 1 << QList<int>{101, 102, 103};
        QTest::addRow("gh array") << QByteArray(R"([{"number": 5, "title": "[FSDP2] fully_shard hangs", "body": "",
            "labels": [{"name": "oncall: distributed"}], "comments": [{"author": {"login": "a"},
            "authorAssociation": "NONE", "body": "same", "createdAt": "2025-01-01T00:00:00Z"}]}])")
                                  << QStringList{} << 0 << QList<int>{5};
        QTest::addRow("REST object") << QByteArray(R"({"number": 6, "title": "NCCL error on all_reduce",
            "body": "ncclSystemError", "user": {"login": "u"}, "author_association": "NONE",
            "labels": [{"name": "oncall: distributed"}], "comments": 3})")
                                     << QStringList{} << 0 << QList<int>{6};
        QTest::addRow("pt2 profile") << QByteArray(R"([{"number": 7, "title": "[dynamo] graph break on a generator",
            "body": "torch._dynamo.exc.Unsupported: generator", "labels": [{"name": "oncall: pt2"}]}])")
                                     << QStringList{u"--profile"_s, u"pt2"_s} << 0 << QList<int>{7};
        QTest::addRow("empty input") << QByteArray() << QStringList{} << 1 << QList<int>{};
        QTest::addRow("no profile") << mixed << QStringList{u"--profile"_s} << 2 << QList<int>{};
        QTest::addRow("unknown profile") << mixed << QStringList{u"--profile"_s, u"pt9"_s} << 2 << QList<int>{};
        QTest::addRow("bad pack") << mixed << QStringList{u"--pack"_s, TestData::path(u"packs/nosuch.json"_s)} << 2
                                  << QList<int>{};
        QTest::addRow("pack of another profile")
            << mixed << QStringList{u"--pack"_s, TestData::path(u"packs/minimal.json"_s)} << 2 << QList<int>{};
    }

    void runs()
    {
        QFETCH(QByteArray, input);
        QFETCH(QStringList, extra);
        QFETCH(int, exitCode);
        QFETCH(QList<int>, numbers);

        QTemporaryDir dir;
        const QString inputPath = dir.filePath(u"in.json"_s);
        const QString outputPath = dir.filePath(u"out.jsonl"_s);
        QFile file(inputPath);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(input);
        file.close();

        QStringList arguments{u"triage-console triage"_s, u"--input"_s, inputPath, u"--output"_s, outputPath};
        if (!extra.contains(u"--profile"_s))
            arguments << u"--profile"_s << u"distributed"_s;
        else if (extra.size() == 1)
            extra.clear(); // "no profile": leave it out entirely
        arguments += extra;
        QCOMPARE(TriageCommand::run(arguments), exitCode);

        const QList<QJsonObject> plans = readLines(outputPath);
        QCOMPARE(plans.size(), numbers.size());
        for (qsizetype i = 0; i < plans.size(); ++i) {
            const QJsonObject &plan = plans.at(i);
            QCOMPARE(plan.value("number"_L1).toInt(), numbers.at(i));
            for (const char *key : {"decision", "sub_oncall", "add_labels", "confidence", "label_confidence",
                                    "template", "comment", "evidence", "violations"})
                QVERIFY2(plan.contains(QLatin1StringView(key)), key);
        }
    }

    // An issue the queue already processed (its marker label) is not planned again unless --retriage says so.
    void retriage_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QString>("decision");
        QTest::addRow("marked: already processed") << QStringList{} << u"already_processed"_s;
        QTest::addRow("marked, --retriage: planned anew") << QStringList{u"--retriage"_s} << u"classify"_s;
    }

    void retriage()
    {
        QFETCH(QStringList, extra);
        QFETCH(QString, decision);
        QTemporaryDir dir;
        const QString inputPath = dir.filePath(u"in.json"_s);
        const QString outputPath = dir.filePath(u"out.jsonl"_s);
        QFile file(inputPath);
        QVERIFY(file.open(QIODevice::WriteOnly));
        const QJsonObject issue{
            {u"number"_s, 9},
            {u"title"_s, u"[FSDP2] fully_shard loses gradients"_s},
            {u"body"_s, u"```python\nfrom torch.distributed.fsdp import fully_shard\nmodel = fully_shard(model)\n"
                        u"x = model(inp)\nx.sum().backward()\n```\n"_s},
            {u"labels"_s, QJsonArray{QJsonObject{{u"name"_s, u"oncall: distributed"_s}},
                                     QJsonObject{{u"name"_s, u"ptd-bot-triaged"_s}}}}};
        file.write(QJsonDocument(QJsonArray{issue}).toJson());
        file.close();
        QCOMPARE(TriageCommand::run(QStringList{u"triage-console triage"_s, u"--profile"_s, u"distributed"_s,
                                                u"--input"_s, inputPath, u"--output"_s, outputPath} +
                                    extra),
                 0);
        const QList<QJsonObject> plans = readLines(outputPath);
        QCOMPARE(plans.size(), 1);
        QCOMPARE(plans.first().value("decision"_L1).toString(), decision);
        QCOMPARE(plans.first().value("add_labels"_L1).toArray().isEmpty(), decision == "already_processed"_L1);
    }

    void plansFollowTheRubric()
    {
        QTemporaryDir dir;
        const QString outputPath = dir.filePath(u"out.jsonl"_s);
        QCOMPARE(TriageCommand::run({u"triage"_s, u"--profile"_s, u"distributed"_s, u"--input"_s,
                                     TestData::path(u"triage/queue-mixed.jsonl"_s), u"--output"_s, outputPath}),
                 1);
        const QList<QJsonObject> plans = readLines(outputPath);
        QCOMPARE(plans.size(), 3);
        QCOMPARE(plans.at(0).value("sub_oncall"_L1).toString(), u"oncall: distributed parallelisms"_s);
        QCOMPARE(plans.at(1).value("decision"_L1).toString(), u"not_distributed"_s);
        QCOMPARE(plans.at(1).value("template"_L1).toString(), u"not_distributed"_s);
        // #103 already sits with infra: kept, even though DCP would route to checkpointing.
        QCOMPARE(plans.at(2).value("sub_oncall"_L1).toString(), u"oncall: distributed infra"_s);
    }

    void pt2ProfileRedirects()
    {
        QTemporaryDir dir;
        const QString inputPath = dir.filePath(u"in.jsonl"_s);
        const QString outputPath = dir.filePath(u"out.jsonl"_s);
        QFile file(inputPath);
        QVERIFY(file.open(QIODevice::WriteOnly));
        // JSON Lines: one issue per line.
        file.write(
            R"({"number": 8, "title": "[export] torch.export.load fails", "labels": [{"name": "oncall: pt2"}]})"
            "\n"
            R"({"number": 9, "title": "[dynamo] graph break on a generator", "labels": [{"name": "oncall: pt2"}]})"
            "\n");
        file.close();
        QCOMPARE(TriageCommand::run(
                     {u"triage"_s, u"--profile"_s, u"pt2"_s, u"--input"_s, inputPath, u"--output"_s, outputPath}),
                 0);
        const QList<QJsonObject> plans = readLines(outputPath);
        QCOMPARE(plans.size(), 2);
        QCOMPARE(plans.at(0).value("sub_oncall"_L1).toString(), u"oncall: export"_s);
        QCOMPARE(plans.at(1).value("sub_oncall"_L1).toString(), u"oncall: pt2"_s);
        QVERIFY(plans.at(1).value("violations"_L1).toArray().isEmpty());
    }

    // `--profile general`: first-level routing with the same output format.
    void generalProfile()
    {
        QTemporaryDir dir;
        const QString outputPath = dir.filePath(u"out.jsonl"_s);
        QCOMPARE(TriageCommand::run({u"triage"_s, u"--profile"_s, u"general"_s, u"--input"_s,
                                     TestData::path(u"triage/queue-general.jsonl"_s), u"--output"_s, outputPath}),
                 0);
        const QList<QJsonObject> plans = readLines(outputPath);
        QCOMPARE(plans.size(), 4);
        for (const QJsonObject &plan : plans) {
            for (const char *key : {"decision", "sub_oncall", "add_labels", "confidence", "label_confidence",
                                    "template", "comment", "evidence", "violations"})
                QVERIFY2(plan.contains(QLatin1StringView(key)), key);
            QVERIFY(plan.value("violations"_L1).toArray().isEmpty());
        }
        QCOMPARE(plans.at(0).value("decision"_L1).toString(), u"route"_s);
        QCOMPARE(plans.at(0).value("add_labels"_L1).toArray().first().toString(), u"oncall: pt2"_s);
        QCOMPARE(plans.at(1).value("decision"_L1).toString(), u"close_question"_s);
        QCOMPARE(plans.at(1).value("template"_L1).toString(), u"redirect_to_forum"_s);
        QCOMPARE(plans.at(1).value("close"_L1).toBool(), true);
        QCOMPARE(plans.at(1).value("state_reason"_L1).toString(), u"not_planned"_s);
        QCOMPARE(plans.at(2).value("decision"_L1).toString(), u"classify"_s);
        QVERIFY(plans.at(2).value("add_labels"_L1).toArray().contains(u"module: dataloader"_s));
        QVERIFY(plans.at(2).value("add_labels"_L1).toArray().contains(u"triaged"_s));
        QCOMPARE(plans.at(3).value("decision"_L1).toString(), u"already_routed"_s);
        QVERIFY(plans.at(3).value("add_labels"_L1).toArray().isEmpty());
    }
};

QTEST_GUILESS_MAIN(tst_TriageCommand)
#include "tst_triagecommand.moc"
