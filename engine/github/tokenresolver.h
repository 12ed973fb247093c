// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/processjob.h"
#include "engine/core/result.h"
#include "engine/github/githubhost.h"

#include <QObject>
#include <QPointer>
#include <QProcessEnvironment>

class TokenStore;

struct ResolvedToken
{
    QString token;  // empty: none found for the host
    QString source; // "keyring", "GH_TOKEN", "GITHUB_TOKEN", "GH_ENTERPRISE_TOKEN", "GITHUB_ENTERPRISE_TOKEN",
                    // "gh", or empty
    QString host;   // the host it was looked up for, and the only one it may go to (GitHubHost::name())
};

// Finds the token issued for one host, in this order: the keyring entry for that host (and login), the
// environment variables gh reads for that kind of host (GitHubHost::tokenVariables()), then an existing gh
// login for that host (`gh auth token --hostname HOST`, if gh is installed). Never a github.com token for
// another host, never an enterprise token for github.com. Emits finished() exactly once, then deletes itself:
// what it found is a value (an empty token when no source had one, also for a host name that is none); an error
// only when cancel() stopped it.
class TokenResolver final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TokenResolver)

public:
    explicit TokenResolver(TokenStore *store, QObject *parent = nullptr);

    // Where variables, PATH and GH_PATH come from. Default: the process's environment.
    void setEnvironment(const QProcessEnvironment &environment) { m_environment = environment; }
    // The gh executable; empty disables the gh step. Default: GH_PATH, else gh on the environment's PATH.
    void setGhProgram(const QString &program)
    {
        m_ghProgram = program;
        m_ghProgramSet = true;
    }
    // host: a name as GitHubHost::name() gives it (TokenStore::hostFor(apiUrl)).
    void resolve(const QString &host, const QString &login);
    // Ends the lookup now with a Cancelled error (a running gh is killed); safe at any time, also from a slot.
    void cancel();

Q_SIGNALS:
    void finished(const Result<ResolvedToken> &token);

private:
    void tryEnvironment();
    void tryGh();
    QString ghProgram() const;
    void finish(const QString &token, const QString &source);
    void finish(const Result<ResolvedToken> &result);

    QPointer<TokenStore> m_store;
    QProcessEnvironment m_environment;
    QString m_ghProgram;
    bool m_ghProgramSet = false;
    GitHubHost m_host;
    ProcessJob *m_process = nullptr;
    bool m_done = false;
};
