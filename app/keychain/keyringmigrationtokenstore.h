// SPDX-License-Identifier: MIT
#pragma once

#include "engine/github/tokenstore.h"

#include <QPointer>

// Tokens stored before the app id became reverse-DNS without a hyphen live under the old keyring service.
// Wraps the current store: a read that finds nothing there looks under the old service and, when a token
// is found, moves it (written under the current service first, the old entry deleted only after that
// succeeded). Writes go to the current store; deletes remove both, so "Remove token" leaves nothing behind.
class KeyringMigrationTokenStore final : public TokenStore
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KeyringMigrationTokenStore)

public:
    static constexpr auto LegacyService = "org.triage-console.TriageConsole";

    explicit KeyringMigrationTokenStore(TokenStore *current, QObject *parent = nullptr);

    // The old service's name; tests point it elsewhere.
    void setLegacyService(const QString &service) { m_legacyService = service; }

    void readToken(const QString &host, const QString &login, QObject *context, ReadCallback done) override;
    void writeToken(const QString &host, const QString &login, const QString &token, QObject *context,
                    DoneCallback done) override;
    void deleteToken(const QString &host, const QString &login, QObject *context, DoneCallback done) override;

private:
    void readLegacy(const QString &host, const QString &login, QObject *context, const ReadCallback &done);

    QPointer<TokenStore> m_current;
    QString m_legacyService;
};
