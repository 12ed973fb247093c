// SPDX-License-Identifier: MIT
#include "app/keychain/keychaintokenstore.h"
#include "app/keychain/keyringmigrationtokenstore.h"
#include "tests/support/privatekeyring.h"

#include <QStandardPaths>
#include <QTest>

#include <optional>

using namespace Qt::StringLiterals;

namespace {
const QString Host = u"github.com"_s;
const QString Legacy = QString::fromLatin1(KeyringMigrationTokenStore::LegacyService);
const QString Current = QString::fromLatin1(KeychainTokenStore::Service);
} // namespace

// Tokens users stored under the old keyring service survive the move to the app id, on a real Secret Service.
class tst_KeyringMigrationTokenStore final : public QObject
{
    Q_OBJECT

private:
    PrivateKeyring m_keyring;
    QString m_skip;

    // Straight to one service, as an older version (or the current store) left it. Empty: none.
    static std::optional<QString> rawRead(const QString &service, const QString &login)
    {
        return PrivateKeyring::read(service, TokenStore::keyFor(Host, login));
    }

    static bool rawWrite(const QString &service, const QString &login, const QString &token)
    {
        return PrivateKeyring::write(service, TokenStore::keyFor(Host, login), token);
    }

    Result<QString> read(const QString &login)
    {
        KeychainTokenStore current; // fresh instances: as after an upgrade and a restart
        KeyringMigrationTokenStore store(&current);
        return PrivateKeyring::answerOf<QString>([&](auto done) { store.readToken(Host, login, this, done); });
    }

    Result<bool> remove(const QString &login)
    {
        KeychainTokenStore current;
        KeyringMigrationTokenStore store(&current);
        return PrivateKeyring::answerOf<bool>([&](auto done) { store.deleteToken(Host, login, this, done); });
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(Legacy != Current);
        QVERIFY2(!Current.contains(u'-'), qPrintable(Current)); // the app id is reverse-DNS without hyphens
        m_skip = m_keyring.start();
        if (m_skip.isEmpty() && !rawWrite(Current, u"probe"_s, u"probe"_s))
            m_skip = u"no usable Secret Service on the private bus"_s;
    }

    void init()
    {
        if (!m_skip.isEmpty())
            QSKIP(qPrintable(m_skip));
    }

    // What was stored where before the read, and what each service holds after it.
    void read_data()
    {
        QTest::addColumn<QString>("legacyBefore");
        QTest::addColumn<QString>("currentBefore");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<QString>("legacyAfter");
        QTest::addColumn<QString>("currentAfter");
        QTest::addRow("stored by an older version: moved")
            << u"ghp_old_1111"_s << QString() << u"ghp_old_1111"_s << QString() << u"ghp_old_1111"_s;
        QTest::addRow("already moved") << QString() << u"ghp_new_2222"_s << u"ghp_new_2222"_s << QString()
                                       << u"ghp_new_2222"_s;
        QTest::addRow("both: the current one wins, the old stays untouched")
            << u"ghp_old_3333"_s << u"ghp_new_3333"_s << u"ghp_new_3333"_s << u"ghp_old_3333"_s << u"ghp_new_3333"_s;
        QTest::addRow("none anywhere: no token, no error")
            << QString() << QString() << QString() << QString() << QString();
    }

    void read()
    {
        QFETCH(QString, legacyBefore);
        QFETCH(QString, currentBefore);
        QFETCH(QString, expected);
        QFETCH(QString, legacyAfter);
        QFETCH(QString, currentAfter);
        const QString login = u"octo-%1"_s.arg(qHash(QByteArray(QTest::currentDataTag()))); // one per row
        if (!legacyBefore.isEmpty())
            QVERIFY(rawWrite(Legacy, login, legacyBefore));
        if (!currentBefore.isEmpty())
            QVERIFY(rawWrite(Current, login, currentBefore));

        const Result<QString> token = read(login);
        QVERIFY2(token.ok(), qPrintable(token.error()));
        QCOMPARE(token.value(), expected);
        QTRY_COMPARE_WITH_TIMEOUT(rawRead(Legacy, login), std::optional(legacyAfter), 15000);
        QCOMPARE(rawRead(Current, login), std::optional(currentAfter));
        // A second read (another start of the app) finds the same token.
        QCOMPARE(read(login).value(), expected);
    }

    void removeLeavesNothingUnderEitherService()
    {
        const QString login = u"octo-remove"_s;
        QVERIFY(rawWrite(Legacy, login, u"ghp_old_4444"_s));
        QVERIFY(rawWrite(Current, login, u"ghp_new_4444"_s));
        const Result<bool> removed = remove(login);
        QVERIFY2(removed.ok(), qPrintable(removed.error()));
        QCOMPARE(rawRead(Legacy, login), std::optional(QString()));
        QCOMPARE(rawRead(Current, login), std::optional(QString()));
        QCOMPARE(read(login).value(), QString());
        QVERIFY(remove(login).ok()); // removing nothing is fine
    }
};

QTEST_GUILESS_MAIN(tst_KeyringMigrationTokenStore)
#include "tst_keyringmigrationtokenstore.moc"
