// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/result.h"
#include "engine/github/githubhost.h"

#include <QObject>
#include <QString>
#include <QUrl>

#include <functional>

// Where GitHub tokens live. Asynchronous, since keyrings are (D-Bus, prompts). The implementation over
// QtKeychain is in app/; tests can supply their own. A token is never logged or written anywhere else.
class TokenStore : public QObject
{
    Q_OBJECT

public:
    // An empty token read back means "none stored yet", which is not an error.
    using ReadCallback = std::function<void(const Result<QString> &token)>;
    using DoneCallback = std::function<void(const Result<bool> &done)>;

    // "<app>:<host>:<login>": unique on its own, as some keyrings ignore the service name.
    static QString keyFor(const QString &host, const QString &login)
    {
        return QStringLiteral("triage-console:%1:%2").arg(host, login);
    }
    // The host a token belongs to, named as gh names it (see GitHubHost): github.com for api.github.com.
    static QString hostFor(const QUrl &apiUrl) { return GitHubHost::fromApiUrl(apiUrl).name(); }

    // The callbacks run in the context object's thread, and not at all once it is gone.
    virtual void readToken(const QString &host, const QString &login, QObject *context, ReadCallback done) = 0;
    virtual void writeToken(const QString &host, const QString &login, const QString &token, QObject *context,
                            DoneCallback done) = 0;
    virtual void deleteToken(const QString &host, const QString &login, QObject *context, DoneCallback done) = 0;

protected:
    explicit TokenStore(QObject *parent = nullptr)
        : QObject(parent)
    {}
};
