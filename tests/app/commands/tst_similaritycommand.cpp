// SPDX-License-Identifier: MIT
// `triage-console similar` and `triage-console search`, run as real processes on a real store.
#include "engine/store/issuestore.h"

#include "tests/support/githubtestserver.h"
#include "tests/support/testdata.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

struct Run
{
    int exitCode = -1;
    QList<QJsonObject> lines;
    QByteArray out;
    QByteArray err;
};

Run run(const QStringList &arguments, const QString &home)
{
    QProcess process;
    QProcessEnvironment env;
    env.insert(u"PATH"_s, qEnvironmentVariable("PATH"));
    env.insert(u"HOME"_s, home);
    env.insert(u"XDG_DATA_HOME"_s, home + u"/data"_s);
    env.insert(u"XDG_CONFIG_HOME"_s, home + u"/config"_s);
    process.setProcessEnvironment(env);
    process.start(QStringLiteral(TRIAGE_CONSOLE_BINARY), arguments);
    Run result;
    if (!process.waitForFinished(60000)) {
        process.kill();
        process.waitForFinished();
        result.err = "timed out";
        return result;
    }
    result.exitCode = process.exitCode();
    result.out = process.readAllStandardOutput();
    result.err = process.readAllStandardError();
    for (const QByteArray &line : result.out.split('\n')) {
        if (!line.trimmed().isEmpty())
            result.lines.append(QJsonDocument::fromJson(line).object());
    }
    return result;
}

} // namespace

class tst_SimilarityCommand final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_home.isValid());
        m_store = m_home.filePath(u"store.sqlite"_s);
        // Written without the index: the command catches up first.
        const Result<int> written = TestData::writeSynced(m_store, u"pytorch/pytorch"_s, TestData::similarCorpus());
        QVERIFY2(written.ok(), qPrintable(written.error()));
    }

    void similar()
    {
        const Run result =
            run({u"similar"_s, u"--store"_s, m_store, u"--number"_s, u"103"_s, u"--top"_s, u"3"_s}, m_home.path());
        QVERIFY2(result.exitCode == 0, result.err.constData());
        QCOMPARE(result.lines.size(), 3);
        const QJsonObject first = result.lines.constFirst();
        QCOMPARE(first.value("number"_L1).toInt(), 104);
        QCOMPARE(first.value("repo"_L1).toString(), u"pytorch/pytorch"_s);
        QCOMPARE(first.value("state"_L1).toString(), u"OPEN"_s);
        QVERIFY(first.value("labels"_L1).toArray().contains(u"module: fsdp"_s));
        QVERIFY(first.value("score"_L1).toDouble() > 0);
        QVERIFY(first.value("matched"_L1)
                    .toObject()
                    .value("frames"_L1)
                    .toArray()
                    .contains(u"_full_post_state_dict_hook"_s));
        QVERIFY(first.value("signature"_L1).toString().startsWith(u"KeyError"_s));
        for (const QJsonObject &line : result.lines)
            QVERIFY(line.value("number"_L1).toInt() != 103);
        QVERIFY(result.lines.at(0).value("score"_L1).toDouble() >= result.lines.at(1).value("score"_L1).toDouble());
    }

    void search_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QList<int>>("numbers");
        QTest::addRow("phrase, closed only")
            << QStringList{u"\"generator expressions\""_s, u"--state"_s, u"closed"_s} << QList<int>{106};
        QTest::addRow("words and a label")
            << QStringList{u"bias"_s, u"--label"_s, u"module: fsdp"_s} << QList<int>{103, 104};
        QTest::addRow("column") << QStringList{u"title:"_s, u"checkpoint"_s} << QList<int>{104};
        QTest::addRow("nothing") << QStringList{u"xylophone"_s} << QList<int>{};
    }
    void search()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QList<int>, numbers);
        const Run result = run(QStringList{u"search"_s, u"--store"_s, m_store} + arguments, m_home.path());
        QVERIFY2(result.exitCode == 0, result.err.constData());
        QList<int> found;
        for (const QJsonObject &line : result.lines) {
            found.append(line.value("number"_L1).toInt());
            QVERIFY(!line.value("matched"_L1).toObject().isEmpty());
        }
        std::sort(found.begin(), found.end());
        QCOMPARE(found, numbers);
    }

    void errors_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::addRow("no store") << QStringList{u"similar"_s, u"--store"_s, u"/nonexistent/s.sqlite"_s, u"--number"_s,
                                                 u"1"_s}
                                  << u"there is no store at /nonexistent/s.sqlite"_s;
        QTest::addRow("no number") << QStringList{u"similar"_s, u"--store"_s, u"STORE"_s} << u"--number N"_s;
        QTest::addRow("bad top") << QStringList{u"similar"_s, u"--store"_s, u"STORE"_s, u"--number"_s,
                                                u"101"_s,     u"--top"_s,   u"zero"_s}
                                 << u"--top"_s;
        QTest::addRow("unknown issue") << QStringList{u"similar"_s, u"--store"_s, u"STORE"_s, u"--number"_s, u"999"_s}
                                       << u"#999 is not in the store"_s;
        QTest::addRow("bad syntax") << QStringList{u"search"_s, u"--store"_s, u"STORE"_s, u"\"open"_s}
                                    << u"full-text syntax"_s;
        QTest::addRow("no query") << QStringList{u"search"_s, u"--store"_s, u"STORE"_s} << u"a query is needed"_s;
        QTest::addRow("bad state") << QStringList{u"search"_s, u"--store"_s, u"STORE"_s, u"x"_s, u"--state"_s, u"new"_s}
                                   << u"--state"_s;
    }
    void errors()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        arguments.replaceInStrings(u"STORE"_s, m_store);
        const Run result = run(arguments, m_home.path());
        QCOMPARE(result.exitCode, 1);
        QVERIFY(result.out.isEmpty());
        QVERIFY2(QString::fromUtf8(result.err).contains(message), result.err.constData());
        QVERIFY(!QFile::exists(u"/nonexistent/s.sqlite"_s));
    }

    // The corpus from the loopback GitHub test server, then a lookup on it: the whole way, headless.
    void corpusThenSimilar()
    {
        GitHubTestServer server;
        QVERIFY(server.start());
        GitHubTestServer::Generation generation;
        generation.issues = 40;
        generation.maxComments = 2;
        generation.closedEvery = 4;
        generation.otherLabelEvery = 5;
        server.generate(generation);
        const QString store = m_home.filePath(u"corpus.sqlite"_s);
        QProcess process;
        QProcessEnvironment env;
        env.insert(u"PATH"_s, qEnvironmentVariable("PATH"));
        env.insert(u"HOME"_s, m_home.path());
        env.insert(u"XDG_DATA_HOME"_s, m_home.filePath(u"data"_s));
        env.insert(u"XDG_CONFIG_HOME"_s, m_home.filePath(u"config"_s));
        env.insert(u"GH_TOKEN"_s, u"ghp_CorpusCommandToken"_s);
        process.setProcessEnvironment(env);
        QSignalSpy finished(&process, &QProcess::finished);
        process.start(QStringLiteral(TRIAGE_CONSOLE_BINARY),
                      {u"corpus"_s, u"--repo"_s, server.repository(), u"--label"_s, u"oncall: distributed"_s,
                       u"--store"_s, store, u"--api"_s, server.url().toString(), u"--no-keyring"_s, u"--mode"_s,
                       u"graphql"_s});
        QVERIFY(finished.wait(60000)); // the server answers on this thread's event loop meanwhile
        const QByteArray err = process.readAllStandardError();
        QVERIFY2(process.exitCode() == 0, err.constData());
        const QJsonObject summary = QJsonDocument::fromJson(process.readAllStandardOutput()).object();
        QCOMPARE(summary.value("issues"_L1).toInt(), 32); // 40 less every fifth, open and closed
        QCOMPARE(summary.value("stored_issues"_L1).toInt(), 32);
        QVERIFY(summary.value("requests"_L1).toInt() >= 1);
        QVERIFY2(err.contains("API budget"), err.constData());
        QVERIFY(err.contains("part 1/1"));

        const Run similar =
            run({u"similar"_s, u"--store"_s, store, u"--number"_s, u"3"_s, u"--top"_s, u"5"_s}, m_home.path());
        QVERIFY2(similar.exitCode == 0, similar.err.constData());
        QCOMPARE(similar.lines.size(), 5);
    }

private:
    QTemporaryDir m_home;
    QString m_store;
};

QTEST_GUILESS_MAIN(tst_SimilarityCommand)
#include "tst_similaritycommand.moc"
