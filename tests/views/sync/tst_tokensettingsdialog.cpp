// SPDX-License-Identifier: MIT
#include "engine/github/githubclient.h"
#include "engine/github/tokenstore.h"
#include "tests/support/githubtestserver.h"
#include "views/sync/tokensettingsdialog.h"

#include <QApplication>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

// The keyring, in memory.
class FakeTokenStore final : public TokenStore
{
public:
    QHash<QString, QString> tokens;
    bool failWrites = false;

    void readToken(const QString &host, const QString &login, QObject *context, ReadCallback done) override
    {
        const QString token = tokens.value(keyFor(host, login));
        QMetaObject::invokeMethod(context, [done, token] { done(token); }, Qt::QueuedConnection);
    }
    void writeToken(const QString &host, const QString &login, const QString &token, QObject *context,
                    DoneCallback done) override
    {
        if (!failWrites)
            tokens.insert(keyFor(host, login), token);
        const bool failed = failWrites;
        QMetaObject::invokeMethod(
            context, [done, failed] { failed ? done(Error{u"the keyring is locked"_s}) : done(true); },
            Qt::QueuedConnection);
    }
    void deleteToken(const QString &host, const QString &login, QObject *context, DoneCallback done) override
    {
        tokens.remove(keyFor(host, login));
        QMetaObject::invokeMethod(context, [done] { done(true); }, Qt::QueuedConnection);
    }
};

constexpr auto Token = "ghp_testTokenThatMustNotLeak0123456789";

} // namespace

class tst_TokenSettingsDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void testShowsLoginAndScopes();
    void saveWritesKeyringAndLoginOnly();
    void saveFailureIsInline();
    void removeDeletesTokenAndLogin();
    void badTokenIsInline();
    void showsHostAndSource_data();
    void showsHostAndSource();
    void removeKeepsAnotherSourcesToken();

private:
    void typeToken(TokenSettingsDialog &dialog, const QString &token);
    std::unique_ptr<GitHubTestServer> m_server;
    std::unique_ptr<GitHubClient> m_client;
    std::unique_ptr<FakeTokenStore> m_store;
};

void tst_TokenSettingsDialog::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"triage-console-tests"_s);
    QCoreApplication::setApplicationName(u"tst_tokensettingsdialog"_s);
}

void tst_TokenSettingsDialog::init()
{
    QSettings().clear();
    m_server = std::make_unique<GitHubTestServer>();
    QVERIFY(m_server->start());
    m_client = std::make_unique<GitHubClient>();
    m_client->setApiUrl(m_server->url());
    m_store = std::make_unique<FakeTokenStore>();
}

void tst_TokenSettingsDialog::typeToken(TokenSettingsDialog &dialog, const QString &token)
{
    auto *edit = dialog.findChild<QLineEdit *>(u"tokenEdit"_s);
    QVERIFY(edit);
    QCOMPARE(edit->echoMode(), QLineEdit::Password);
    edit->setText(token);
}

void tst_TokenSettingsDialog::testShowsLoginAndScopes()
{
    m_client->setToken(u"the-app-token"_s);
    TokenSettingsDialog dialog(m_client.get(), m_store.get());
    typeToken(dialog, QString::fromLatin1(Token));
    QSignalSpy done(&dialog, &TokenSettingsDialog::operationFinished);
    dialog.testToken();
    QVERIFY(done.wait());
    QCOMPARE(done.first().first().toBool(), true);
    QVERIFY2(dialog.statusText().contains(u"octo-oncall"_s), qPrintable(dialog.statusText()));
    QVERIFY(dialog.statusText().contains(u"repo, read:org"_s));
    QCOMPARE(m_server->lastHeaders().value("authorization").toByteArray(), QByteArray("Bearer ").append(Token));
    // A test changes nothing: no keyring entry, the app's token back in place.
    QVERIFY(m_store->tokens.isEmpty());
    QCOMPARE(m_client->token(), u"the-app-token"_s);
}

void tst_TokenSettingsDialog::saveWritesKeyringAndLoginOnly()
{
    TokenSettingsDialog dialog(m_client.get(), m_store.get());
    typeToken(dialog, QString::fromLatin1(Token));
    QSignalSpy done(&dialog, &TokenSettingsDialog::operationFinished);
    QSignalSpy changed(&dialog, &TokenSettingsDialog::tokenChanged);
    dialog.saveToken();
    QVERIFY(done.wait());
    QCOMPARE(done.first().first().toBool(), true);
    QCOMPARE(changed.size(), 1);

    const QString host = TokenStore::hostFor(m_client->apiUrl());
    QCOMPARE(m_store->tokens.value(TokenStore::keyFor(host, u"octo-oncall"_s)), QString::fromLatin1(Token));
    QCOMPARE(QSettings().value(u"github/%1/login"_s.arg(host)).toString(), u"octo-oncall"_s);
    QCOMPARE(m_client->token(), QString::fromLatin1(Token));
    QVERIFY(dialog.findChild<QLineEdit *>(u"tokenEdit"_s)->text().isEmpty());

    // The token is in the keyring and nowhere in the settings.
    QSettings settings;
    settings.sync();
    QFile file(settings.fileName());
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray contents = file.readAll();
    QVERIFY(contents.contains("octo-oncall"));
    QVERIFY(!contents.contains(Token));
}

void tst_TokenSettingsDialog::saveFailureIsInline()
{
    m_store->failWrites = true;
    TokenSettingsDialog dialog(m_client.get(), m_store.get());
    typeToken(dialog, QString::fromLatin1(Token));
    QSignalSpy done(&dialog, &TokenSettingsDialog::operationFinished);
    dialog.saveToken();
    QVERIFY(done.wait());
    QCOMPARE(done.first().first().toBool(), false);
    QVERIFY(dialog.statusText().contains(u"the keyring is locked"_s));
    QVERIFY(!QSettings().contains(u"github/%1/login"_s.arg(TokenStore::hostFor(m_client->apiUrl()))));
    QVERIFY(!m_client->hasToken());
}

void tst_TokenSettingsDialog::removeDeletesTokenAndLogin()
{
    const QString host = TokenStore::hostFor(m_client->apiUrl());
    m_store->tokens.insert(TokenStore::keyFor(host, u"octo-oncall"_s), QString::fromLatin1(Token));
    QSettings().setValue(u"github/%1/login"_s.arg(host), u"octo-oncall"_s);
    m_client->setToken(QString::fromLatin1(Token));

    TokenSettingsDialog dialog(m_client.get(), m_store.get());
    QCOMPARE(dialog.login(), u"octo-oncall"_s);
    QSignalSpy done(&dialog, &TokenSettingsDialog::operationFinished);
    dialog.removeToken();
    QVERIFY(done.wait());
    QCOMPARE(done.first().first().toBool(), true);
    QVERIFY(m_store->tokens.isEmpty());
    QVERIFY(!QSettings().contains(u"github/%1/login"_s.arg(host)));
    QVERIFY(!m_client->hasToken());
}

void tst_TokenSettingsDialog::badTokenIsInline()
{
    GitHubTestServer::FaultRule rule;
    rule.fault = GitHubTestServer::Fault::NotFound;
    rule.pathContains = u"/user"_s;
    rule.times = -1;
    m_server->addFault(rule);
    TokenSettingsDialog dialog(m_client.get(), m_store.get());
    typeToken(dialog, u"not-a-token"_s);
    QSignalSpy done(&dialog, &TokenSettingsDialog::operationFinished);
    dialog.testToken();
    QVERIFY(done.wait());
    QCOMPARE(done.first().first().toBool(), false);
    QVERIFY2(dialog.statusText().contains(u"does not work"_s), qPrintable(dialog.statusText()));
    QVERIFY(!dialog.statusText().contains(u"not-a-token"_s));
}

void tst_TokenSettingsDialog::showsHostAndSource_data()
{
    QTest::addColumn<QString>("source"); // "": no token
    QTest::addColumn<QStringList>("words");
    QTest::addRow("keyring") << u"keyring"_s << QStringList{u"from the keyring, saved as octo-oncall"_s};
    QTest::addRow("GH_ENTERPRISE_TOKEN") << u"GH_ENTERPRISE_TOKEN"_s
                                         << QStringList{u"from the GH_ENTERPRISE_TOKEN environment variable"_s};
    QTest::addRow("gh") << u"gh"_s << QStringList{u"gh auth token"_s};
    QTest::addRow("none") << QString()
                          << QStringList{u"None for"_s, u"GH_ENTERPRISE_TOKEN or GITHUB_ENTERPRISE_TOKEN"_s,
                                         u"gh auth login --hostname 127.0.0.1:"_s};
}

// The dialog says which host the token in use is for (the loopback server: an Enterprise Server) and where it
// came from, and follows the client when that changes.
void tst_TokenSettingsDialog::showsHostAndSource()
{
    QFETCH(QString, source);
    QFETCH(QStringList, words);
    const QString host = TokenStore::hostFor(m_client->apiUrl());
    QVERIFY(host.startsWith(u"127.0.0.1:"_s));
    QSettings().setValue(u"github/%1/login"_s.arg(host), u"octo-oncall"_s);
    TokenSettingsDialog dialog(m_client.get(), m_store.get());
    QCOMPARE(dialog.findChild<QLabel *>(u"tokenHost"_s)->text(), host + u" (GitHub Enterprise Server)"_s);
    QVERIFY2(dialog.tokenInUseText().startsWith(u"None for "_s + host), qPrintable(dialog.tokenInUseText()));

    m_client->setToken(source.isEmpty() ? QString() : QString::fromLatin1(Token), source);
    const QString text = dialog.tokenInUseText();
    QVERIFY2(text.contains(host), qPrintable(text));
    for (const QString &word : words)
        QVERIFY2(text.contains(word), qPrintable(text));
    QVERIFY(!text.contains(QString::fromLatin1(Token)));
}

// Removing the keyring's entry leaves a token from a variable or gh in use; it only says the keyring's is gone.
void tst_TokenSettingsDialog::removeKeepsAnotherSourcesToken()
{
    const QString host = TokenStore::hostFor(m_client->apiUrl());
    m_store->tokens.insert(TokenStore::keyFor(host, u"octo-oncall"_s), u"keyring-token"_s);
    QSettings().setValue(u"github/%1/login"_s.arg(host), u"octo-oncall"_s);
    m_client->setToken(QString::fromLatin1(Token), u"GH_ENTERPRISE_TOKEN"_s);
    TokenSettingsDialog dialog(m_client.get(), m_store.get());
    QSignalSpy done(&dialog, &TokenSettingsDialog::operationFinished);
    dialog.removeToken();
    QVERIFY(done.wait());
    QVERIFY(m_store->tokens.isEmpty());
    QCOMPARE(m_client->token(), QString::fromLatin1(Token));
    QCOMPARE(m_client->tokenSource(), u"GH_ENTERPRISE_TOKEN"_s);
    QVERIFY(dialog.tokenInUseText().contains(u"GH_ENTERPRISE_TOKEN"_s));
}

QTEST_MAIN(tst_TokenSettingsDialog)
#include "tst_tokensettingsdialog.moc"
