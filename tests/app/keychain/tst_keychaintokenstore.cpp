// SPDX-License-Identifier: MIT
#include "app/keychain/keychaintokenstore.h"
#include "tests/support/privatekeyring.h"

#include <QDirIterator>
#include <QStandardPaths>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {
const QString Host = u"github.com"_s;
const QString Token = u"ghp_KeyringTestToken_9f8e7d6c5b4a"_s;
} // namespace

// Against a real Secret Service: a private D-Bus session with its own gnome-keyring, in a private HOME
// (PrivateKeyring).
class tst_KeychainTokenStore final : public QObject
{
    Q_OBJECT

private:
    PrivateKeyring m_keyring;
    QString m_skip;

    Result<QString> read(const QString &login)
    {
        KeychainTokenStore store; // a fresh instance each time, as after a restart
        return PrivateKeyring::answerOf<QString>([&](auto done) { store.readToken(Host, login, this, done); });
    }

    Result<bool> write(const QString &login, const QString &token)
    {
        KeychainTokenStore store;
        return PrivateKeyring::answerOf<bool>([&](auto done) { store.writeToken(Host, login, token, this, done); });
    }

    Result<bool> remove(const QString &login)
    {
        KeychainTokenStore store;
        return PrivateKeyring::answerOf<bool>([&](auto done) { store.deleteToken(Host, login, this, done); });
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(!m_keyring.home().isEmpty());
        // Everything the keyring writes stays in the private HOME.
        m_skip = m_keyring.start();
        if (!m_skip.isEmpty())
            return;
        // A first write proves the Secret Service answers (and creates the login collection).
        const Result<bool> probe = write(u"probe"_s, u"probe"_s);
        if (!probe)
            m_skip = u"no usable Secret Service on the private bus: "_s + probe.error();
    }

    void cleanupTestCase() { m_keyring.stop(); }

    void init()
    {
        if (!m_skip.isEmpty())
            QSKIP(qPrintable(m_skip));
    }

    void missingTokenIsNoError()
    {
        const Result<QString> token = read(u"nobody-yet"_s);
        QVERIFY2(token.ok(), qPrintable(token.error()));
        QVERIFY(token->isEmpty());
    }

    void writeReadDelete()
    {
        QVERIFY(write(u"octo-oncall"_s, Token).ok());
        const Result<QString> back = read(u"octo-oncall"_s); // another store instance: "after a restart"
        QVERIFY2(back.ok(), qPrintable(back.error()));
        QCOMPARE(back.value(), Token);
        QCOMPARE(read(u"someone-else"_s).value(), QString()); // the login is part of the key

        QVERIFY(remove(u"octo-oncall"_s).ok());
        QCOMPARE(read(u"octo-oncall"_s).value(), QString());
        QVERIFY(remove(u"octo-oncall"_s).ok()); // deleting nothing is fine
    }

    void keyShape()
    {
        QCOMPARE(TokenStore::keyFor(u"github.com"_s, u"octo"_s), u"triage-console:github.com:octo"_s);
        QCOMPARE(TokenStore::hostFor(QUrl(u"https://api.github.com"_s)), u"github.com"_s);
        QCOMPARE(TokenStore::hostFor(QUrl(u"https://ghe.example.com/api/v3"_s)), u"ghe.example.com"_s);
    }

    // The keyring keeps its data encrypted: the token appears in no file under HOME, config or cache.
    void tokenIsNowhereOnDisk()
    {
        QVERIFY(write(u"octo-oncall"_s, Token).ok());
        QCOMPARE(read(u"octo-oncall"_s).value(), Token);
        const QByteArray utf8 = Token.toUtf8();
        const QByteArray utf16(reinterpret_cast<const char *>(Token.utf16()), Token.size() * 2);
        QDirIterator it(m_keyring.home(), QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
        int files = 0;
        while (it.hasNext()) {
            QFile file(it.next());
            if (!file.open(QIODevice::ReadOnly))
                continue; // sockets
            const QByteArray data = file.readAll();
            QVERIFY2(!data.contains(utf8) && !data.contains(utf16), qPrintable(file.fileName()));
            ++files;
        }
        QVERIFY(files > 0); // the keyring file itself
        QVERIFY(remove(u"octo-oncall"_s).ok());
    }
};

QTEST_GUILESS_MAIN(tst_KeychainTokenStore)
#include "tst_keychaintokenstore.moc"
