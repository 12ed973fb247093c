// SPDX-License-Identifier: MIT
#include "app/keychain/keychaintokenstore.h"

#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QDBusServiceWatcher>
#include <QDirIterator>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <optional>

using namespace Qt::StringLiterals;

namespace {
const QString Host = u"github.com"_s;
const QString Token = u"ghp_KeyringTestToken_9f8e7d6c5b4a"_s;
} // namespace

// Against a real Secret Service: a private D-Bus session with its own gnome-keyring, in a private HOME.
class TestKeychainTokenStore final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_home;
    QProcess m_bus;
    QProcess m_keyring;
    QString m_skip;

    Result<QString> read(const QString &login)
    {
        KeychainTokenStore store; // a fresh instance each time, as after a restart
        std::optional<Result<QString>> result;
        store.readToken(Host, login, this, [&](const Result<QString> &token) { result.emplace(token); });
        [&] { QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), 15000); }();
        return result.value_or(Error{u"no answer from the keyring"_s});
    }

    Result<bool> write(const QString &login, const QString &token)
    {
        KeychainTokenStore store;
        std::optional<Result<bool>> result;
        store.writeToken(Host, login, token, this, [&](const Result<bool> &done) { result.emplace(done); });
        [&] { QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), 15000); }();
        return result.value_or(Error{u"no answer from the keyring"_s});
    }

    Result<bool> remove(const QString &login)
    {
        KeychainTokenStore store;
        std::optional<Result<bool>> result;
        store.deleteToken(Host, login, this, [&](const Result<bool> &done) { result.emplace(done); });
        [&] { QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), 15000); }();
        return result.value_or(Error{u"no answer from the keyring"_s});
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_home.isValid());
        const QString busDaemon = QStandardPaths::findExecutable(u"dbus-daemon"_s);
        const QString keyringDaemon = QStandardPaths::findExecutable(u"gnome-keyring-daemon"_s);
        if (busDaemon.isEmpty() || keyringDaemon.isEmpty()) {
            m_skip = u"dbus-daemon or gnome-keyring-daemon is not installed"_s;
            return;
        }
        // Everything the keyring writes stays in the private HOME; set before any D-Bus use.
        QDir(m_home.path()).mkpath(u"runtime"_s);
        QFile::setPermissions(m_home.filePath(u"runtime"_s),
                              QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        qputenv("HOME", m_home.path().toLocal8Bit());
        qputenv("XDG_DATA_HOME", m_home.filePath(u"data"_s).toLocal8Bit());
        qputenv("XDG_CONFIG_HOME", m_home.filePath(u"config"_s).toLocal8Bit());
        qputenv("XDG_CACHE_HOME", m_home.filePath(u"cache"_s).toLocal8Bit());
        qputenv("XDG_RUNTIME_DIR", m_home.filePath(u"runtime"_s).toLocal8Bit());
        qunsetenv("DISPLAY");
        qunsetenv("WAYLAND_DISPLAY");

        m_bus.start(busDaemon, {u"--session"_s, u"--print-address=1"_s, u"--nofork"_s});
        QSignalSpy busReady(&m_bus, &QProcess::readyReadStandardOutput);
        if (!m_bus.waitForStarted(5000) || (!m_bus.canReadLine() && !busReady.wait(5000))) {
            m_skip = u"dbus-daemon did not start: "_s + QString::fromLocal8Bit(m_bus.readAllStandardError());
            return;
        }
        const QByteArray address = m_bus.readLine().trimmed();
        qputenv("DBUS_SESSION_BUS_ADDRESS", address);

        QDBusConnection bus = QDBusConnection::sessionBus();
        if (!bus.isConnected()) {
            m_skip = u"cannot connect to the private D-Bus session"_s;
            return;
        }
        const QString secrets = u"org.freedesktop.secrets"_s;
        QDBusServiceWatcher watcher(secrets, bus, QDBusServiceWatcher::WatchForRegistration);
        QSignalSpy registered(&watcher, &QDBusServiceWatcher::serviceRegistered);
        m_keyring.setProcessEnvironment(QProcessEnvironment::systemEnvironment());
        m_keyring.start(keyringDaemon, {u"--foreground"_s, u"--unlock"_s, u"--components=secrets"_s});
        if (!m_keyring.waitForStarted(5000)) {
            m_skip = u"gnome-keyring-daemon did not start"_s;
            return;
        }
        m_keyring.write("test-keyring-password\n");
        m_keyring.closeWriteChannel();
        if (!bus.interface()->isServiceRegistered(secrets) && !registered.wait(10000)) {
            m_skip =
                u"gnome-keyring-daemon did not come up: "_s + QString::fromLocal8Bit(m_keyring.readAllStandardError());
            return;
        }
        // A first write proves the Secret Service answers (and creates the login collection).
        const Result<bool> probe = write(u"probe"_s, u"probe"_s);
        if (!probe)
            m_skip = u"no usable Secret Service on the private bus: "_s + probe.error();
    }

    void cleanupTestCase()
    {
        for (QProcess *process : {&m_keyring, &m_bus}) {
            if (process->state() != QProcess::NotRunning) {
                process->terminate();
                if (!process->waitForFinished(3000))
                    process->kill();
                process->waitForFinished(3000);
            }
        }
    }

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
        QDirIterator it(m_home.path(), QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
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

QTEST_GUILESS_MAIN(TestKeychainTokenStore)
#include "tst_keychaintokenstore.moc"
