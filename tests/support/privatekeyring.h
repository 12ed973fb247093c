// SPDX-License-Identifier: MIT
#pragma once

#include <QProcess>
#include <QString>
#include <QTemporaryDir>

// A real Secret Service for a test: a private D-Bus session with its own unlocked gnome-keyring, in a
// private HOME. start() before any D-Bus use; it returns why it cannot run (empty: running).
class PrivateKeyring final
{
    Q_DISABLE_COPY_MOVE(PrivateKeyring)

public:
    PrivateKeyring() = default;
    ~PrivateKeyring();

    QString start();
    QString home() const { return m_home.path(); }

private:
    QTemporaryDir m_home;
    QProcess m_bus;
    QProcess m_keyring;
};
