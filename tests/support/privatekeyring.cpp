// SPDX-License-Identifier: MIT
#include "tests/support/privatekeyring.h"

#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QDBusServiceWatcher>
#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QStandardPaths>

#include <qt6keychain/keychain.h>

using namespace Qt::StringLiterals;

QString PrivateKeyring::start()
{
    if (!m_home.isValid())
        return u"cannot create a private HOME"_s;
    const QString busDaemon = QStandardPaths::findExecutable(u"dbus-daemon"_s);
    const QString keyringDaemon = QStandardPaths::findExecutable(u"gnome-keyring-daemon"_s);
    if (busDaemon.isEmpty() || keyringDaemon.isEmpty())
        return u"dbus-daemon or gnome-keyring-daemon is not installed"_s;
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
    if (!m_bus.waitForStarted(5000) || (!m_bus.canReadLine() && !busReady.wait(5000)))
        return u"dbus-daemon did not start: "_s + QString::fromLocal8Bit(m_bus.readAllStandardError());
    qputenv("DBUS_SESSION_BUS_ADDRESS", m_bus.readLine().trimmed());

    QDBusConnection bus = QDBusConnection::sessionBus();
    if (!bus.isConnected())
        return u"cannot connect to the private D-Bus session"_s;
    const QString secrets = u"org.freedesktop.secrets"_s;
    QDBusServiceWatcher watcher(secrets, bus, QDBusServiceWatcher::WatchForRegistration);
    QSignalSpy registered(&watcher, &QDBusServiceWatcher::serviceRegistered);
    m_keyring.setProcessEnvironment(QProcessEnvironment::systemEnvironment());
    m_keyring.start(keyringDaemon, {u"--foreground"_s, u"--unlock"_s, u"--components=secrets"_s});
    if (!m_keyring.waitForStarted(5000))
        return u"gnome-keyring-daemon did not start"_s;
    m_keyring.write("test-keyring-password\n");
    m_keyring.closeWriteChannel();
    if (!bus.interface()->isServiceRegistered(secrets) && !registered.wait(10000))
        return u"gnome-keyring-daemon did not come up: "_s + QString::fromLocal8Bit(m_keyring.readAllStandardError());
    return {};
}

PrivateKeyring::~PrivateKeyring()
{
    stop();
}

void PrivateKeyring::stop()
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

bool PrivateKeyring::write(const QString &service, const QString &key, const QString &text)
{
    QKeychain::WritePasswordJob job(service);
    job.setAutoDelete(false);
    job.setKey(key);
    job.setTextData(text);
    QSignalSpy done(&job, &QKeychain::Job::finished);
    job.start();
    return done.wait(15000) && job.error() == QKeychain::NoError;
}

std::optional<QString> PrivateKeyring::read(const QString &service, const QString &key)
{
    QKeychain::ReadPasswordJob job(service);
    job.setAutoDelete(false);
    job.setKey(key);
    QSignalSpy done(&job, &QKeychain::Job::finished);
    job.start();
    if (!done.wait(15000))
        return std::nullopt;
    return job.error() == QKeychain::NoError ? job.textData() : QString();
}
