// SPDX-License-Identifier: MIT
#include "engine/core/issuejsonreader.h"
#include "engine/store/issuestore.h"
#include "tests/support/fakegh.h"
#include "tests/support/githubtestserver.h"

#include <QDirIterator>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

const QString Token = u"ghp_SyncCommandTestToken0123456789abcdef"_s;
const QString Repo = u"pytorch/pytorch"_s;
const QString Label = u"oncall: distributed"_s;

struct Run
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

} // namespace

class tst_SyncCommand final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_home;
    GitHubTestServer *m_server = nullptr;

    QString storePath() const { return m_home->filePath(u"store.sqlite"_s); }

    // The test server is "another host", an Enterprise Server to the console: its token comes the way an
    // enterprise user passes one.
    QProcessEnvironment environment() const
    {
        QProcessEnvironment env;
        env.insert(u"PATH"_s, qEnvironmentVariable("PATH"));
        env.insert(u"HOME"_s, m_home->path());
        env.insert(u"XDG_CONFIG_HOME"_s, m_home->filePath(u"config"_s));
        env.insert(u"XDG_CACHE_HOME"_s, m_home->filePath(u"cache"_s));
        env.insert(u"XDG_DATA_HOME"_s, m_home->filePath(u"data"_s));
        env.insert(u"GH_ENTERPRISE_TOKEN"_s, Token);
        return env;
    }

    QProcess *start(const QStringList &arguments, const QProcessEnvironment &env)
    {
        auto *process = new QProcess(this);
        process->setProcessEnvironment(env);
        process->start(QStringLiteral(TRIAGE_CONSOLE_BINARY), arguments);
        return process;
    }
    QProcess *start(const QStringList &arguments) { return start(arguments, environment()); }

    Run run(const QStringList &arguments) { return run(arguments, environment()); }
    Run run(const QStringList &arguments, const QProcessEnvironment &env)
    {
        QProcess *process = start(arguments, env);
        QSignalSpy finished(process, &QProcess::finished);
        Run result;
        if (!finished.wait(30000)) {
            process->kill();
            process->waitForFinished();
            result.err = "timed out";
        } else {
            result.exitCode = process->exitCode();
        }
        result.out = process->readAllStandardOutput();
        result.err += process->readAllStandardError();
        delete process;
        return result;
    }

    QStringList syncArguments(const QStringList &extra = {}) const
    {
        return QStringList{
                   u"sync"_s,        u"--repo"_s, Repo, u"--label"_s, Label, u"--api"_s, m_server->url().toString(),
                   u"--no-keyring"_s} +
               extra;
    }

private Q_SLOTS:
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
    }

    void cleanup()
    {
        delete m_server;
        m_home.reset();
    }

    void syncThenExport()
    {
        GitHubTestServer::Generation generation;
        generation.issues = 150;
        generation.manyCommentsEvery = 40;
        generation.closedEvery = 9;
        generation.unicodeLabelEvery = 5;
        m_server->generate(generation);

        const Run sync = run(syncArguments({u"--store"_s, storePath()}));
        QVERIFY2(sync.exitCode == 0, sync.err.constData());
        QCOMPARE(sync.out.count('\n'), 1);
        const QJsonObject summary = QJsonDocument::fromJson(sync.out).object();
        QCOMPARE(summary.value("mode"_L1).toString(), u"graphql"_s);
        QVERIFY(summary.value("requests"_L1).toInt() <= 4);
        QVERIFY(summary.value("rate_limit_remaining"_L1).toInt() > 0);
        QVERIFY(sync.err.contains("issues "));
        QCOMPARE(m_server->lastHeaders().value("authorization"), "Bearer " + Token.toUtf8());

        int expectedIssues = 0;
        int expectedComments = 0;
        for (const TestIssue &issue : m_server->issues()) {
            if (issue.open && issue.labels.contains(Label)) {
                ++expectedIssues;
                expectedComments += int(issue.comments.size());
            }
        }
        QCOMPARE(summary.value("queue_issues"_L1).toInt(), expectedIssues);
        QCOMPARE(summary.value("queue_comments"_L1).toInt(), expectedComments);

        const Run exported = run({u"export"_s, u"--repo"_s, Repo, u"--label"_s, Label, u"--store"_s, storePath()});
        QVERIFY2(exported.exitCode == 0, exported.err.constData());
        const IssueBatch batch = IssueJsonReader::readDocument(exported.out);
        QVERIFY(batch.errors.isEmpty());
        QCOMPARE(batch.issues.size(), expectedIssues);
        int comments = 0;
        for (const Issue &issue : batch.issues)
            comments += int(issue.comments.size());
        QCOMPARE(comments, expectedComments);

        // Two labels, AND-ed, one of them with spaces and unicode.
        const Run narrowed = run({u"export"_s, u"--repo"_s, Repo, u"--label"_s, Label, u"--label"_s,
                                  GitHubTestServer::UnicodeLabel, u"--store"_s, storePath()});
        QVERIFY2(narrowed.exitCode == 0, narrowed.err.constData());
        const IssueBatch both = IssueJsonReader::readDocument(narrowed.out);
        QVERIFY(!both.issues.isEmpty() && both.issues.size() < batch.issues.size());
        for (const Issue &issue : both.issues)
            QVERIFY(issue.hasLabel(GitHubTestServer::UnicodeLabel));
    }

    void errors_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("setup");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        QTest::addRow("no repo") << QStringList{u"sync"_s, u"--label"_s, Label} << QString() << 1
                                 << u"--repo OWNER/NAME is required"_s;
        QTest::addRow("bad state") << QStringList{u"sync"_s, u"--repo"_s, Repo, u"--state"_s, u"shut"_s} << QString()
                                   << 1 << u"--state must be"_s;
        // The same words as when --mode was read as text; any case is read.
        QTest::addRow("bad mode") << QStringList{u"sync"_s, u"--repo"_s, Repo, u"--mode"_s, u"soap"_s} << QString() << 1
                                  << u"triage-console sync: --mode must be auto, graphql or rest\n"_s;
        QTest::addRow("corpus: bad mode")
            << QStringList{u"corpus"_s, u"--repo"_s, Repo, u"--mode"_s, u"graphQL2"_s} << QString() << 1
            << u"triage-console corpus: --mode must be auto, graphql or rest\n"_s;
        QTest::addRow("mode in any case") << QStringList{u"--mode"_s, u"REST"_s} << QString() << 0 << QString();
        QTest::addRow("foreign store") << QStringList{} << u"foreign"_s << 1 << u"is not a Triage Console store"_s;
        QTest::addRow("foreign store, rebuilt") << QStringList{u"--rebuild-store"_s} << u"foreign"_s << 0 << QString();
        QTest::addRow("unknown repository")
            << QStringList{u"--repo"_s, u"pytorch/nothere"_s} << QString() << 1 << u"not found"_s;
        QTest::addRow("export before sync")
            << QStringList{u"export"_s, u"--repo"_s, Repo} << QString() << 1 << u"does not exist yet"_s;
    }

    void errors()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, setup);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        m_server->generate({});
        if (setup == u"foreign"_s) {
            QFile file(storePath());
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("not a database at all\n");
        }
        QStringList all = arguments;
        if (arguments.isEmpty() || arguments.constFirst().startsWith(u"--"_s)) {
            all = syncArguments({u"--store"_s, storePath()});
            if (arguments.contains(u"--repo"_s))
                all[2] = arguments.at(1);
            else
                all += arguments;
        } else {
            all += {u"--store"_s, storePath()};
        }
        const Run result = run(all);
        QVERIFY2(result.exitCode == exitCode, result.err.constData());
        QVERIFY2(QString::fromUtf8(result.err).contains(message), result.err.constData());
        if (exitCode != 0)
            QVERIFY(result.out.isEmpty());
    }

    // SIGKILL during a sync; the next run opens the store, resumes, and duplicates nothing.
    void killedSyncResumes()
    {
        GitHubTestServer::Generation generation;
        generation.issues = 600;
        generation.maxComments = 4;
        m_server->generate(generation);
        // The fourth page hangs, so the kill lands with three pages stored.
        m_server->addFault({GitHubTestServer::Fault::Slow, u"/graphql"_s, 3, 1, 1, 20000});
        QProcess *process = start(syncArguments({u"--store"_s, storePath()}));
        QSignalSpy served(m_server, &GitHubTestServer::requestServed);
        while (served.size() < 4)
            QVERIFY(served.wait(20000));
        process->kill();
        QVERIFY(process->waitForFinished(5000));
        QCOMPARE(process->exitStatus(), QProcess::CrashExit);
        delete process;

        {
            auto store = IssueStore::open(storePath());
            QVERIFY2(store.ok(), qPrintable(store.error()));
            QCOMPARE(store.value()->issueCount(Repo), 300);
        }

        m_server->clearFaults();
        const Run again = run(syncArguments({u"--store"_s, storePath()}));
        QVERIFY2(again.exitCode == 0, again.err.constData());
        const QJsonObject summary = QJsonDocument::fromJson(again.out).object();
        QCOMPARE(summary.value("resumed"_L1).toBool(), true);
        QCOMPARE(summary.value("issues"_L1).toInt(), 300);
        QCOMPARE(summary.value("queue_issues"_L1).toInt(), 600);
        QCOMPARE(summary.value("queue_comments"_L1).toInt(), m_server->commentTotal());

        auto store = IssueStore::open(storePath());
        QVERIFY(store.ok());
        QCOMPARE(store.value()->issueCount(Repo), 600);
        QCOMPARE(store.value()->commentCount(Repo), m_server->commentTotal());
    }

    // Each token variable (and gh's login) × whether it belongs to the server's host. The server is an Enterprise
    // Server to the console (loopback); the first request is redirected to a second server on another loopback port,
    // which answers the same data and must never hear a token. The first rows are the reported case: a github.com
    // token in GH_TOKEN or GITHUB_TOKEN, --api naming another host. (Without a token the sync goes REST.)
    void tokenGoesOnlyToItsHost_data()
    {
        QTest::addColumn<QStringList>("variables");
        QTest::addColumn<QStringList>("ghLoggedIn"); // empty: gh not installed
        QTest::addColumn<QString>("authorization");  // what the server hears: a variable's name, "gh", or none
        QTest::addRow("GH_TOKEN is github.com's") << QStringList{u"GH_TOKEN"_s} << QStringList() << QString();
        QTest::addRow("GITHUB_TOKEN is github.com's") << QStringList{u"GITHUB_TOKEN"_s} << QStringList() << QString();
        QTest::addRow("GH_ENTERPRISE_TOKEN")
            << QStringList{u"GH_ENTERPRISE_TOKEN"_s} << QStringList() << u"GH_ENTERPRISE_TOKEN"_s;
        QTest::addRow("GITHUB_ENTERPRISE_TOKEN")
            << QStringList{u"GITHUB_ENTERPRISE_TOKEN"_s} << QStringList() << u"GITHUB_ENTERPRISE_TOKEN"_s;
        QTest::addRow("every variable") << QStringList{u"GH_TOKEN"_s, u"GITHUB_TOKEN"_s, u"GH_ENTERPRISE_TOKEN"_s,
                                                       u"GITHUB_ENTERPRISE_TOKEN"_s}
                                        << QStringList{u"127.0.0.1:*"_s} << u"GH_ENTERPRISE_TOKEN"_s;
        QTest::addRow("gh logged in to the server")
            << QStringList{u"GH_TOKEN"_s} << QStringList{u"127.0.0.1:*"_s} << u"gh"_s;
        QTest::addRow("gh logged in to github.com only")
            << QStringList{u"GH_TOKEN"_s} << QStringList{u"github.com"_s} << QString();
    }

    void tokenGoesOnlyToItsHost()
    {
        QFETCH(QStringList, variables);
        QFETCH(QStringList, ghLoggedIn);
        QFETCH(QString, authorization);
        GitHubTestServer::Generation generation;
        generation.issues = 150;
        m_server->generate(generation);
        GitHubTestServer other;
        QVERIFY(other.start());
        other.generate(generation);
        GitHubTestServer::FaultRule redirect;
        redirect.fault = GitHubTestServer::Fault::Redirect;
        redirect.pathContains = QString(); // the first request, GraphQL with a token, REST without
        redirect.redirectTo = other.url();
        m_server->addFault(redirect);

        QTemporaryDir bin;
        QVERIFY(bin.isValid());
        QProcessEnvironment env = environment();
        env.remove(u"GH_ENTERPRISE_TOKEN"_s);
        env.insert(u"PATH"_s, bin.path() + u':' + qEnvironmentVariable("PATH"));
        if (!ghLoggedIn.isEmpty())
            QVERIFY(FakeGh::write(bin.path(), ghLoggedIn));
        for (const QString &name : variables)
            env.insert(name, u"token-from-"_s + name);

        const Run sync = run(syncArguments({u"--store"_s, storePath()}), env);
        QVERIFY2(sync.exitCode == 0, sync.err.constData());
        const QString host = u"127.0.0.1:%1"_s.arg(m_server->url().port());
        QByteArray expected;
        if (authorization == u"gh"_s)
            expected = QByteArray("Bearer ") + FakeGh::tokenFor(host).toUtf8();
        else if (!authorization.isEmpty())
            expected = QByteArray("Bearer token-from-") + authorization.toUtf8();
        QVERIFY(m_server->requestCount() >= 2);
        QCOMPARE(m_server->authorizations(),
                 expected.isEmpty() ? QByteArrayList() : QByteArrayList(m_server->requestCount(), expected));
        QVERIFY(other.requestCount() >= 1); // REST: its Link headers then name the other server too
        QCOMPARE(other.authorizations(), QByteArrayList());
        if (authorization.isEmpty())
            QVERIFY2(sync.err.contains(QByteArray(QByteArray("no GitHub token for ") + host.toUtf8())),
                     sync.err.constData());
        else
            QVERIFY2(sync.err.contains(QString(u"using the token for %1 from %2"_s).arg(host, authorization).toUtf8()),
                     sync.err.constData());
        QCOMPARE(FakeGh::variablesSeen(bin.path()), QString());
    }

    // The token reaches GitHub and nothing else: not the config, the cache, the data folder or the store.
    void tokenIsNeverWritten()
    {
        GitHubTestServer::Generation generation;
        generation.issues = 40;
        m_server->generate(generation);
        const Run sync = run(syncArguments()); // the default store, under XDG_DATA_HOME
        QVERIFY2(sync.exitCode == 0, sync.err.constData());
        QCOMPARE(m_server->lastHeaders().value("authorization"), "Bearer " + Token.toUtf8());
        QVERIFY(!sync.err.contains(Token.toUtf8()));
        QVERIFY(!sync.out.contains(Token.toUtf8()));

        int files = 0;
        bool sawStore = false;
        QDirIterator it(m_home->path(), QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile file(it.next());
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray data = file.readAll();
            QVERIFY2(!data.contains(Token.toUtf8()), qPrintable(file.fileName()));
            QVERIFY2(!data.contains(QByteArray(reinterpret_cast<const char *>(Token.utf16()), Token.size() * 2)),
                     qPrintable(file.fileName()));
            sawStore = sawStore || file.fileName().endsWith(u"store.sqlite"_s);
            ++files;
        }
        QVERIFY(sawStore);
        QVERIFY(files >= 1);
    }
};

QTEST_GUILESS_MAIN(tst_SyncCommand)
#include "tst_synccommand.moc"
