// SPDX-License-Identifier: MIT
#pragma once

#include "engine/result.h"

#include <QObject>
#include <QPointer>
#include <QProcessEnvironment>

class QProcess;
class TokenStore;

struct ResolvedToken
{
    QString token;  // empty: none found anywhere
    QString source; // "keyring", "GH_TOKEN", "GITHUB_TOKEN", "gh", or empty
};

// Finds the token to use, in this order: the keyring, GH_TOKEN / GITHUB_TOKEN, an existing `gh` login
// (`gh auth token`, if gh is installed). Emits finished() exactly once, then deletes itself.
class TokenResolver final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TokenResolver)

public:
    explicit TokenResolver(TokenStore *store, QObject *parent = nullptr);

    void setEnvironment(const QProcessEnvironment &environment) { m_environment = environment; }
    // The gh executable; empty disables the gh step. Default: gh from PATH, if any.
    void setGhProgram(const QString &program) { m_ghProgram = program; }
    void resolve(const QString &host, const QString &login);

Q_SIGNALS:
    void finished(const ResolvedToken &token);

private:
    void tryEnvironment();
    void tryGh();
    void finish(const QString &token, const QString &source);

    QPointer<TokenStore> m_store;
    QProcessEnvironment m_environment;
    QString m_ghProgram;
    QString m_host;
    QProcess *m_process = nullptr;
    bool m_done = false;
};
