// SPDX-License-Identifier: MIT
#include "app/keychain/commandtokenlookup.h"
#include "engine/github/githubhost.h"
#include "tests/support/githubtestserver.h"
#include "tests/support/privatekeyring.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPointer>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

#include <memory>
#include <optional>

using namespace Qt::StringLiterals;

namespace {
const QString Legacy = QString::fromLatin1(KeyringMigrationTokenStore::LegacyService);
const QString Current = QString::fromLatin1(KeychainTokenStore::Service);
} // namespace

// The one token lookup every command uses, on a real Secret Service: the keyring's current service and the old one,
// the host's variables, the login from the settings; and the headless commands finding a token of the old service.
class tst_CommandTokenLookup final : public QObject
{
    Q_OBJECT

private:
    PrivateKeyring m_keyring;
    QString m_skip;

    static bool rawWrite(const QString &service, const QString &host, const QString &login, const QString &token)
    {
        return PrivateKeyring::write(service, TokenStore::keyFor(host, login), token);
    }

    // What is stored under one service now; empty: nothing (or no answer).
    static QString rawRead(const QString &service, const QString &host, const QString &login)
    {
        return PrivateKeyring::read(service, TokenStore::keyFor(host, login)).value_or(QString());
    }

    // A login of its own per row and command, so that no row finds another's entries.
    static QString loginForThisRow(const QString &prefix)
    {
        const char *tag = QTest::currentDataTag();
        return u"%1-%2"_s.arg(prefix).arg(qHash(QByteArray(QTest::currentTestFunction()) + QByteArray(tag ? tag : "")));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(u"TriageConsoleTest"_s);
        QCoreApplication::setApplicationName(u"tst_commandtokenlookup"_s);
        QVERIFY(Legacy != Current);
        m_skip = m_keyring.start();
        if (m_skip.isEmpty() && !rawWrite(Current, u"github.com"_s, u"probe"_s, u"probe"_s))
            m_skip = u"no usable Secret Service on the private bus"_s;
    }

    void init()
    {
        if (!m_skip.isEmpty() && QByteArray(QTest::currentTestFunction()) != "sourcesFor")
            QSKIP(qPrintable(m_skip));
    }

    void resolve_data()
    {
        QTest::addColumn<QString>("host");          // asked for
        QTest::addColumn<QString>("storedFor");     // the host the keyring entry is for
        QTest::addColumn<QString>("current");       // stored under the current service (empty: none)
        QTest::addColumn<QString>("legacy");        // stored under the old service
        QTest::addColumn<bool>("useKeyring");       // false: --no-keyring, a screenshot
        QTest::addColumn<bool>("loginGiven");       // false: the login the settings keep for the host
        QTest::addColumn<QStringList>("variables"); // NAME=VALUE, the whole environment
        QTest::addColumn<QString>("token");
        QTest::addColumn<QString>("source");

        const QString com = u"github.com"_s;
        const QString ghe = u"ghe.example.com"_s;
        QTest::addRow("current service") << com << com << u"ghp_cur_1"_s << QString() << true << true << QStringList()
                                         << u"ghp_cur_1"_s << u"keyring"_s;
        // The drift: corpus read only the current service and missed these.
        QTest::addRow("old service only: found (and moved)") << com << com << QString() << u"ghp_old_2"_s << true
                                                             << true << QStringList() << u"ghp_old_2"_s << u"keyring"_s;
        QTest::addRow("old service, enterprise host") << ghe << ghe << QString() << u"ghp_old_3"_s << true << true
                                                      << QStringList() << u"ghp_old_3"_s << u"keyring"_s;
        QTest::addRow("the login the settings keep") << com << com << u"ghp_cur_4"_s << QString() << true << false
                                                     << QStringList() << u"ghp_cur_4"_s << u"keyring"_s;
        QTest::addRow("the keyring before the variables")
            << com << com << u"ghp_cur_5"_s << QString() << true << true << QStringList{u"GH_TOKEN=ghp_env_5"_s}
            << u"ghp_cur_5"_s << u"keyring"_s;
        QTest::addRow("keyring not asked: its token stays unread")
            << com << com << u"ghp_cur_6"_s << u"ghp_old_6"_s << false << true << QStringList() << QString()
            << QString();
        QTest::addRow("keyring not asked: the host's variable")
            << com << com << u"ghp_cur_7"_s << QString() << false << true << QStringList{u"GH_TOKEN=ghp_env_7"_s}
            << u"ghp_env_7"_s << u"GH_TOKEN"_s;
        QTest::addRow("another host's keyring entry is not taken")
            << ghe << com << u"ghp_cur_8"_s << u"ghp_old_8"_s << true << true << QStringList() << QString()
            << QString();
        QTest::addRow("github.com's variable never goes to an enterprise host")
            << ghe << ghe << QString() << QString() << true << true
            << QStringList{u"GH_TOKEN=ghp_env_9"_s, u"GITHUB_TOKEN=ghp_env_9b"_s} << QString() << QString();
        QTest::addRow("the enterprise host's variable")
            << ghe << ghe << QString() << QString() << true << true
            << QStringList{u"GH_TOKEN=ghp_env_10"_s, u"GH_ENTERPRISE_TOKEN=ghe_env_10"_s} << u"ghe_env_10"_s
            << u"GH_ENTERPRISE_TOKEN"_s;
        QTest::addRow("an enterprise variable never goes to github.com")
            << com << com << QString() << QString() << true << true << QStringList{u"GH_ENTERPRISE_TOKEN=ghe_env_11"_s}
            << QString() << QString();
    }

    void resolve()
    {
        QFETCH(QString, host);
        QFETCH(QString, storedFor);
        QFETCH(QString, current);
        QFETCH(QString, legacy);
        QFETCH(bool, useKeyring);
        QFETCH(bool, loginGiven);
        QFETCH(QStringList, variables);
        QFETCH(QString, token);
        QFETCH(QString, source);
        const QString login = loginForThisRow(u"octo"_s);
        if (!current.isEmpty())
            QVERIFY(rawWrite(Current, storedFor, login, current));
        if (!legacy.isEmpty())
            QVERIFY(rawWrite(Legacy, storedFor, login, legacy));
        QSettings().setValue(u"github/%1/login"_s.arg(host), loginGiven ? u"someone-else"_s : login);

        QProcessEnvironment environment; // no PATH: no gh
        for (const QString &variable : std::as_const(variables))
            environment.insert(variable.section(u'=', 0, 0), variable.section(u'=', 1));
        CommandTokenLookup lookup;
        lookup.setEnvironment(environment);
        QObject context;
        const Result<ResolvedToken> found = PrivateKeyring::answerOf<ResolvedToken>([&](auto done) {
            lookup.resolve(host, loginGiven ? std::optional(login) : std::nullopt, useKeyring, &context, done);
        });
        QVERIFY2(found.ok(), qPrintable(found.error()));
        QCOMPARE(found->token, token);
        QCOMPARE(found->source, source);
        QCOMPARE(found->host, host); // a token goes only to the host it was looked up for
        if (useKeyring && host == storedFor && current.isEmpty() && !legacy.isEmpty()) // moved to the current service
            QTRY_COMPARE_WITH_TIMEOUT(rawRead(Current, host, login), legacy, 15000);
        if (!useKeyring) // not even read: nothing moved
            QCOMPARE(rawRead(Current, storedFor, login), current);
    }

    void cancelEndsWithAnError()
    {
        CommandTokenLookup lookup;
        lookup.setEnvironment({});
        QObject context;
        const Result<ResolvedToken> found = PrivateKeyring::answerOf<ResolvedToken>(
            [&](auto done) { lookup.resolve(u"github.com"_s, u"nobody"_s, true, &context, done)->cancel(); });
        QVERIFY(!found.ok());
        QCOMPARE(found.errorKind(), ErrorKind::Cancelled);
    }

    void noAnswerOnceTheContextIsGone()
    {
        CommandTokenLookup lookup;
        lookup.setEnvironment({});
        bool answered = false;
        auto context = std::make_unique<QObject>();
        QPointer<TokenResolver> resolver =
            lookup.resolve(u"github.com"_s, u"nobody"_s, false, context.get(),
                           [&answered](const Result<ResolvedToken> &) { answered = true; });
        context.reset();
        QTRY_VERIFY(resolver.isNull()); // it ended and deleted itself
        QVERIFY(!answered);
    }

    void sourcesFor_data()
    {
        QTest::addColumn<QString>("host");
        QTest::addColumn<QString>("expected");
        QTest::addRow("github.com") << u"github.com"_s
                                    << u"keyring, GH_TOKEN, GITHUB_TOKEN, gh auth token --hostname github.com"_s;
        QTest::addRow("enterprise server")
            << u"ghe.example.com"_s
            << u"keyring, GH_ENTERPRISE_TOKEN, GITHUB_ENTERPRISE_TOKEN, gh auth token --hostname ghe.example.com"_s;
    }

    void sourcesFor()
    {
        QFETCH(QString, host);
        QFETCH(QString, expected);
        QCOMPARE(CommandTokenLookup::sourcesFor(host), expected);
    }

    // The headless commands as users run them: a token an older version stored under the old service reaches the
    // server (corpus missed it before it used the lookup).
    void commandsFindTheOldServicesToken_data()
    {
        QTest::addColumn<QStringList>("arguments"); // --api, --store and --login follow
        QTest::addRow("corpus") << QStringList{u"corpus"_s, u"--label"_s, u"oncall: distributed"_s, u"--mode"_s,
                                               u"graphql"_s};
        QTest::addRow("sync") << QStringList{u"sync"_s, u"--label"_s, u"oncall: distributed"_s, u"--mode"_s,
                                             u"graphql"_s};
    }

    void commandsFindTheOldServicesToken()
    {
        QFETCH(QStringList, arguments);
        GitHubTestServer server;
        QVERIFY(server.start());
        GitHubTestServer::Generation generation;
        generation.issues = 12;
        generation.maxComments = 1;
        server.generate(generation);
        const QString host = GitHubHost::fromApiUrl(server.url()).name();
        const QString login = loginForThisRow(u"cli"_s);
        const QString token = u"ghp_OldServiceToken_"_s + QString::fromLatin1(QTest::currentDataTag());
        QVERIFY(rawWrite(Legacy, host, login, token));

        // The private keyring's bus and HOME, and no token anywhere else.
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        for (const QString &name : GitHubHost::allTokenVariables())
            environment.remove(name);
        environment.remove(u"GH_PATH"_s);
        environment.remove(u"GH_HOST"_s);
        QProcess process;
        process.setProcessEnvironment(environment);
        QSignalSpy finished(&process, &QProcess::finished);
        process.start(QStringLiteral(TRIAGE_CONSOLE_BINARY),
                      arguments + QStringList{u"--repo"_s, server.repository(), u"--api"_s, server.url().toString(),
                                              u"--store"_s, m_keyring.home() + u"/%1.sqlite"_s.arg(login), u"--login"_s,
                                              login});
        QVERIFY(finished.wait(60000)); // the server answers on this thread's event loop meanwhile
        const QByteArray err = process.readAllStandardError();
        QVERIFY2(process.exitCode() == 0, err.constData());
        QVERIFY(!QJsonDocument::fromJson(process.readAllStandardOutput()).object().isEmpty());
        QCOMPARE(server.lastHeaders().value("authorization"), "Bearer " + token.toUtf8());
        QTRY_COMPARE_WITH_TIMEOUT(rawRead(Current, host, login), token, 15000); // moved to the current service
    }
};

QTEST_GUILESS_MAIN(tst_CommandTokenLookup)
#include "tst_commandtokenlookup.moc"
