// SPDX-License-Identifier: MIT
#include "engine/outbox/outboxentry.h"
#include "engine/review/reviewdecisionstore.h"
#include "tests/support/githubtestserver.h"
#include "tests/support/outboxkillharness.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

const QString Label = u"oncall: distributed"_s;

QList<QJsonObject> jsonLines(const QByteArray &out)
{
    QList<QJsonObject> objects;
    for (const QByteArray &line : out.split('\n')) {
        if (!line.trimmed().isEmpty())
            objects.append(QJsonDocument::fromJson(line).object());
    }
    return objects;
}

} // namespace

class tst_OutboxCommand final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_home;
    GitHubTestServer *m_server = nullptr;
    std::unique_ptr<OutboxKillHarness> m_harness;

    void generate(int issues)
    {
        GitHubTestServer::Generation generation;
        generation.issues = issues;
        generation.maxComments = 6;
        generation.closedEvery = 13; // not in the open queue: never approved, never written
        generation.unicodeLabelEvery = 7;
        m_server->generate(generation);
    }

    int queueSize() const
    {
        return int(std::count_if(m_server->issues().cbegin(), m_server->issues().cend(),
                                 [](const TestIssue &issue) { return issue.open && issue.labels.contains(Label); }));
    }

    QStringList submitArguments() const
    {
        return {u"outbox"_s,
                u"submit"_s,
                u"--store"_s,
                m_harness->storePath(),
                u"--api"_s,
                m_server->url().toString(),
                u"--no-keyring"_s,
                u"--write-spacing"_s,
                u"0"_s};
    }

private Q_SLOTS:
    // A submit with a github.com token in GH_TOKEN too, and the first comment redirected to a second server on
    // another loopback port: the enterprise token goes to the server only, GH_TOKEN nowhere, nothing to the other.
    void submitTokenGoesOnlyToItsHost()
    {
        generate(6);
        GitHubTestServer other;
        QVERIFY(other.start());
        GitHubTestServer::Generation generation;
        generation.issues = 6;
        generation.maxComments = 6;
        generation.closedEvery = 13;
        generation.unicodeLabelEvery = 7;
        other.generate(generation);
        m_harness->setVariable(u"GH_TOKEN"_s, u"ghp_GitHubComTokenNotForThisHost"_s);
        const OutboxKillHarness::Command added = m_harness->prepare(Label);
        QVERIFY2(added.exitCode == 0, added.err.constData());

        GitHubTestServer::FaultRule redirect;
        redirect.fault = GitHubTestServer::Fault::Redirect;
        redirect.pathContains = u"POST /comments"_s;
        redirect.redirectTo = other.url();
        m_server->addFault(redirect);
        m_server->resetCounts();
        const OutboxKillHarness::Command submitted = m_harness->run(submitArguments());
        QVERIFY2(submitted.err.contains("using the token for 127.0.0.1:"), submitted.err.constData());
        QVERIFY2(submitted.err.contains("from GH_ENTERPRISE_TOKEN"), submitted.err.constData());

        QCOMPARE(other.totalWrites().comments, 1);
        QCOMPARE(other.authorizations(), QByteArrayList());
        QVERIFY(m_server->totalWrites().comments >= queueSize() - 1);
        const QByteArrayList heard = m_server->authorizations();
        QVERIFY(!heard.isEmpty());
        for (const QByteArray &value : heard)
            QCOMPARE(value, QByteArray("Bearer ghp_OutboxKillHarnessToken0123456789"));
    }

    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY2(QFile::exists(QStringLiteral(TRIAGE_CONSOLE_BINARY)), TRIAGE_CONSOLE_BINARY);
    }

    void init()
    {
        m_home = std::make_unique<QTemporaryDir>();
        m_server = new GitHubTestServer(this);
        QVERIFY(m_server->start());
        m_harness =
            std::make_unique<OutboxKillHarness>(QStringLiteral(TRIAGE_CONSOLE_BINARY), m_home->path(), m_server);
    }

    void cleanup()
    {
        m_harness.reset();
        delete m_server;
        m_home.reset();
    }

    void addListSubmitLog()
    {
        generate(12);
        const OutboxKillHarness::Command added = m_harness->prepare(Label);
        QVERIFY2(added.exitCode == 0, added.err.constData());
        const QList<QJsonObject> entries = jsonLines(added.out);
        QCOMPARE(entries.size(), queueSize());
        for (const QJsonObject &entry : entries)
            QCOMPARE(entry.value("status"_L1).toString(), u"ready"_s);

        const OutboxKillHarness::Command listed =
            m_harness->run({u"outbox"_s, u"list"_s, u"--store"_s, m_harness->storePath(), u"--status"_s, u"ready"_s});
        QVERIFY2(listed.exitCode == 0, listed.err.constData());
        QCOMPARE(jsonLines(listed.out).size(), queueSize());

        // One issue changes under the reviewer's feet: it conflicts, the rest are applied, exit code 1.
        const int changed = entries.at(2).value("number"_L1).toInt();
        m_server->touch(changed, u"actually this is a duplicate of #1"_s);
        const OutboxKillHarness::Command submitted = m_harness->run(submitArguments());
        QCOMPARE(submitted.exitCode, 1);
        const QList<QJsonObject> outcomes = jsonLines(submitted.out);
        QCOMPARE(outcomes.size(), queueSize());
        for (const QJsonObject &outcome : outcomes) {
            const bool isChanged = outcome.value("number"_L1).toInt() == changed;
            QCOMPARE(outcome.value("status"_L1).toString(), isChanged ? u"conflict"_s : u"applied"_s);
            if (isChanged)
                QCOMPARE(outcome.value("change"_L1).toObject().value("new_comments"_L1).toInt(), 1);
        }
        QVERIFY(submitted.err.contains(QByteArray("outbox " + QByteArray::number(queueSize()) + '/')));
        QCOMPARE(m_server->writes(changed).comments, 0);

        // A second submit has nothing left to do.
        const OutboxKillHarness::Command again = m_harness->run(submitArguments());
        QCOMPARE(again.exitCode, 0);
        QVERIFY(again.out.isEmpty());

        const OutboxKillHarness::Command log =
            m_harness->run({u"outbox"_s, u"log"_s, u"--store"_s, m_harness->storePath()});
        QVERIFY2(log.exitCode == 0, log.err.constData());
        const QList<QJsonObject> records = jsonLines(log.out);
        QCOMPARE(records.size(), m_server->writeLog().size());
        for (const QJsonObject &record : records) {
            QCOMPARE(record.value("login"_L1).toString(), GitHubTestServer::Login);
            QVERIFY(record.value("status"_L1).toInt() == 200 || record.value("status"_L1).toInt() == 201);
        }
        const OutboxKillHarness::Command markdown =
            m_harness->run({u"outbox"_s, u"log"_s, u"--store"_s, m_harness->storePath(), u"--format"_s, u"markdown"_s});
        QCOMPARE(markdown.exitCode, 0);
        QVERIFY(markdown.out.startsWith("## Audit log"));
        QCOMPARE(markdown.out.count("| octo-oncall |"), records.size());

        const OutboxKillHarness::Command badFormat =
            m_harness->run({u"outbox"_s, u"log"_s, u"--store"_s, m_harness->storePath(), u"--format"_s, u"xml"_s});
        QCOMPARE(badFormat.exitCode, 1);
        QVERIFY(badFormat.err.contains("--format"));
    }

    void addReportsBadLinesAndGoesOn()
    {
        generate(6);
        const OutboxKillHarness::Command prepared = m_harness->prepare(Label);
        QVERIFY2(prepared.exitCode == 0, prepared.err.constData());
        const QByteArray plans = R"({"number": 9999, "decision": "classify", "add_labels": ["module: fsdp"]})"
                                 "\n"
                                 "this is not json\n"
                                 R"({"number": 2, "decision": "classify", "sub_oncall": "oncall: distributed infra",)"
                                 R"( "add_labels": ["oncall: distributed infra", "module: c10d"], "comment": null})"
                                 "\n";
        const OutboxKillHarness::Command added =
            m_harness->run({u"outbox"_s, u"add"_s, u"--from"_s, u"-"_s, u"--repo"_s, m_server->repository(),
                            u"--store"_s, m_harness->storePath()},
                           30000, plans);
        QCOMPARE(added.exitCode, 1);
        QVERIFY2(added.err.contains("line 1: pytorch/pytorch#9999 is not in the store"), added.err.constData());
        QVERIFY2(added.err.contains("line 2: not JSON"), added.err.constData());
        const QList<QJsonObject> entries = jsonLines(added.out);
        QCOMPARE(entries.size(), 1);
        QCOMPARE(entries.constFirst().value("number"_L1).toInt(), 2);

        const OutboxKillHarness::Command missing =
            m_harness->run({u"outbox"_s, u"add"_s, u"--from"_s, m_home->filePath(u"nope.jsonl"_s), u"--store"_s,
                            m_harness->storePath()});
        QCOMPARE(missing.exitCode, 1);
        QVERIFY(missing.err.contains("nope.jsonl"));
    }

    void submitKeepsSubscriptions_data()
    {
        QTest::addColumn<QStringList>("flags");
        QTest::addColumn<bool>("stored");          // the repository's setting afterwards, as `list` shows it
        QTest::addColumn<QString>("subscription"); // the writer's subscription to the written issues afterwards
        QTest::addRow("default: kept") << QStringList{} << true << u"UNSUBSCRIBED"_s;
        QTest::addRow("--keep-subscriptions") << QStringList{u"--keep-subscriptions"_s} << true << u"UNSUBSCRIBED"_s;
        QTest::addRow("--no-keep-subscriptions")
            << QStringList{u"--no-keep-subscriptions"_s} << false << u"SUBSCRIBED"_s;
    }

    void submitKeepsSubscriptions()
    {
        QFETCH(QStringList, flags);
        QFETCH(bool, stored);
        QFETCH(QString, subscription);

        generate(6);
        const OutboxKillHarness::Command added = m_harness->prepare(Label);
        QVERIFY2(added.exitCode == 0, added.err.constData());
        const OutboxKillHarness::Command submitted = m_harness->run(submitArguments() + flags);
        QVERIFY2(submitted.exitCode == 0, submitted.err.constData());
        for (const QJsonObject &outcome : jsonLines(submitted.out)) {
            QCOMPARE(outcome.value("status"_L1).toString(), u"applied"_s);
            QCOMPARE(m_server->issue(outcome.value("number"_L1).toInt())->subscription, subscription);
        }
        QCOMPARE(m_server->totalWrites().subscriptionUpdates, stored ? queueSize() : 0);

        const OutboxKillHarness::Command listed =
            m_harness->run({u"outbox"_s, u"list"_s, u"--store"_s, m_harness->storePath()});
        QVERIFY2(listed.exitCode == 0, listed.err.constData());
        const QList<QJsonObject> lines = jsonLines(listed.out);
        QCOMPARE(lines.size(), queueSize());
        for (const QJsonObject &line : lines)
            QCOMPARE(line.value("keep_subscriptions"_L1).toBool(true), stored);

        const OutboxKillHarness::Command both =
            m_harness->run(submitArguments() + QStringList{u"--keep-subscriptions"_s, u"--no-keep-subscriptions"_s});
        QCOMPARE(both.exitCode, 1);
        QVERIFY(both.err.contains("exclude"));
    }

    void survivesRandomKills()
    {
        generate(64);
        const OutboxKillHarness::Command added = m_harness->prepare(Label);
        QVERIFY2(added.exitCode == 0, added.err.constData());
        QVERIFY(queueSize() >= 50);

        const quint32 seed = QRandomGenerator::global()->generate();
        qInfo("kill points seeded with %u", seed);
        QRandomGenerator random(seed);
        // Spaced comments make an unkilled run outlast the latest kill point (50+ x 20 ms > 900 ms), so the first run
        // is always killed mid-batch; unspaced, a fast machine can finish the whole batch before any kill lands.
        const int maxKillDelayMs = 900;
        const int spacingMs = 20;
        QVERIFY(queueSize() * spacingMs > maxKillDelayMs);
        const OutboxKillHarness::Batch batch = m_harness->submitWithKills(
            4, 80, maxKillDelayMs, random, {u"--write-spacing"_s, QString::number(spacingMs)});
        QVERIFY2(batch.finalExitCode == 0, batch.lastErr.constData());
        qInfo("%d kills, %d runs, %lld ms", batch.kills, batch.runs, batch.milliseconds);
        QVERIFY(batch.kills >= 1);

        const OutboxKillHarness::Tally tally = m_harness->tally();
        QCOMPARE(tally.issues, queueSize());
        QCOMPARE(tally.lostComments, 0);
        QCOMPARE(tally.lostLabels, 0);
        QCOMPARE(tally.duplicateComments, 0);
        QCOMPARE(tally.duplicateLabels, 0);
        QCOMPARE(tally.redundantLabels, 0);
        QCOMPARE(tally.extraWrites, 0);
        QCOMPARE(m_server->totalWrites().labelPuts, 0);
        QCOMPARE(m_server->totalWrites().labelDeletes, 0);
        QCOMPARE(m_server->totalWrites().comments, queueSize());
        // Issues outside the queue were not touched; the writer's subscription to each written issue is back as
        // it was (a kill between the writes and the restore is resumed from the journal).
        for (const TestIssue &issue : m_server->issues()) {
            if (!(issue.open && issue.labels.contains(Label)))
                QCOMPARE(m_server->writes(issue.number).comments, 0);
            else
                QCOMPARE(issue.subscription, u"UNSUBSCRIBED"_s);
        }

        const OutboxKillHarness::Command listed =
            m_harness->run({u"outbox"_s, u"list"_s, u"--store"_s, m_harness->storePath()});
        for (const QJsonObject &entry : jsonLines(listed.out))
            QVERIFY2(entry.value("status"_L1).toString() == u"applied"_s ||
                         entry.value("status"_L1).toString() == u"already_applied"_s,
                     qPrintable(entry.value("status"_L1).toString()));
    }
};

QTEST_GUILESS_MAIN(tst_OutboxCommand)
#include "tst_outboxcommand.moc"
