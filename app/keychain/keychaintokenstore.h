// SPDX-License-Identifier: MIT
#pragma once

#include "engine/github/tokenstore.h"

// Tokens in the system keyring through QtKeychain (Secret Service, Keychain, Credential Manager).
// One job per operation; never the plaintext fallback.
class KeychainTokenStore final : public TokenStore
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KeychainTokenStore)

public:
    static constexpr auto Service = TRIAGE_CONSOLE_APP_ID; // the app id; KeyringMigrationTokenStore reads the old one

    explicit KeychainTokenStore(QObject *parent = nullptr);

    void readToken(const QString &host, const QString &login, QObject *context, ReadCallback done) override;
    void writeToken(const QString &host, const QString &login, const QString &token, QObject *context,
                    DoneCallback done) override;
    void deleteToken(const QString &host, const QString &login, QObject *context, DoneCallback done) override;
};
