// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/result.h"

#include <QProcess>
#include <QString>
#include <QTemporaryDir>
#include <QTest>

#include <optional>

// A real Secret Service for a test: a private D-Bus session with its own unlocked gnome-keyring, in a
// private HOME. start() before any D-Bus use; it returns why it cannot run (empty: running).
class PrivateKeyring final
{
    Q_DISABLE_COPY_MOVE(PrivateKeyring)

public:
    PrivateKeyring() = default;
    ~PrivateKeyring();

    QString start();
    // Ends the keyring and the bus (the destructor does too).
    void stop();
    QString home() const { return m_home.path(); }

    // Straight to one keyring service, past the token stores, as an older version (or another program) reads and
    // writes it; the keyring has 15 s. write(): whether `text` was stored under `key`. read(): what is stored under
    // `key`, empty when nothing is, nothing when the keyring did not answer.
    static bool write(const QString &service, const QString &key, const QString &text);
    static std::optional<QString> read(const QString &service, const QString &key);

    // What a token store's call answers through its callback: `call` gets the callback to pass on. The keyring has
    // 15 s to answer; no answer is an error (and fails the test).
    template<typename T, typename Call>
    static Result<T> answerOf(Call call)
    {
        std::optional<Result<T>> result;
        call([&result](const Result<T> &answer) { result.emplace(answer); });
        [&] { QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), 15000); }();
        return result.value_or(Error{QStringLiteral("no answer from the keyring")});
    }

private:
    QTemporaryDir m_home;
    QProcess m_bus;
    QProcess m_keyring;
};
