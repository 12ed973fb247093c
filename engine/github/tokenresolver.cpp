// SPDX-License-Identifier: MIT
#include "engine/github/tokenresolver.h"

#include "engine/core/processjob.h"
#include "engine/github/tokenstore.h"

#include <QDir>
#include <QLoggingCategory>
#include <QStandardPaths>
#include <QTimer>

using namespace Qt::StringLiterals;

Q_LOGGING_CATEGORY(lcToken, "triage.token")

TokenResolver::TokenResolver(TokenStore *store, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_environment(QProcessEnvironment::systemEnvironment())
{}

void TokenResolver::resolve(const QString &host, const QString &login)
{
    m_host = GitHubHost::fromName(host);
    if (!m_host.isValid()) {
        QTimer::singleShot(0, this, [this] { finish({}, {}); });
        return;
    }
    if (!m_store || login.isEmpty()) {
        // No keyring, or no login to look up: go on on the next turn, so callers can connect first.
        QTimer::singleShot(0, this, &TokenResolver::tryEnvironment);
        return;
    }
    m_store->readToken(m_host.name(), login, this, [this](const Result<QString> &token) {
        if (token && !token->isEmpty()) {
            finish(token.value(), u"keyring"_s);
            return;
        }
        if (!token) // no keyring running is common on servers; the other sources still count
            qCInfo(lcToken) << "keyring unavailable:" << token.error();
        tryEnvironment();
    });
}

void TokenResolver::tryEnvironment()
{
    if (m_done) // cancelled meanwhile
        return;
    // Only the variables gh reads for this kind of host: GH_TOKEN is github.com's, never an enterprise's.
    for (const QString &name : m_host.tokenVariables()) {
        const QString value = m_environment.value(name).trimmed();
        if (!value.isEmpty()) {
            finish(value, name);
            return;
        }
    }
    tryGh();
}

QString TokenResolver::ghProgram() const
{
    if (m_ghProgramSet)
        return m_ghProgram;
    // As gh's own library finds it: GH_PATH, else gh on PATH.
    QString ghPath = m_environment.value(u"GH_PATH"_s);
    if (!ghPath.isEmpty())
        return ghPath;
    const QStringList path = m_environment.value(u"PATH"_s).split(QDir::listSeparator(), Qt::SkipEmptyParts);
    return path.isEmpty() ? QString() : QStandardPaths::findExecutable(u"gh"_s, path);
}

void TokenResolver::tryGh()
{
    const QString program = ghProgram();
    if (program.isEmpty()) {
        finish({}, {});
        return;
    }
    // gh answers for the host asked about, from its own login (keyring or hosts.yml). The token variables are
    // not passed on: they were weighed above, by host, and gh's answer must be its login, nothing else.
    QProcessEnvironment environment = m_environment;
    for (const QString &name : GitHubHost::allTokenVariables())
        environment.remove(name);
    // No shell: the program and its arguments as a list.
    ProcessSpec spec;
    spec.program = program;
    spec.arguments = {u"auth"_s, u"token"_s, u"--hostname"_s, m_host.name()};
    spec.environment = environment;
    spec.timeoutMs = 10000;
    spec.what = u"gh auth token"_s;
    m_process = new ProcessJob(spec, this);
    connect(m_process, &ProcessJob::finished, this, [this](const Result<ProcessOutcome> &outcome) {
        if (outcome && outcome->timedOut)
            qCInfo(lcToken) << "gh auth token did not answer in time";
        const QString token = outcome ? QString::fromUtf8(outcome->standardOutput).trimmed() : QString();
        const bool ok =
            outcome && outcome->succeeded() && !token.isEmpty() && !token.contains(u' ') && !token.contains(u'\n');
        finish(ok ? token : QString(), ok ? u"gh"_s : QString());
    });
    m_process->start();
}

void TokenResolver::cancel()
{
    finish(Error::cancelled(tr("the token lookup was cancelled")));
}

void TokenResolver::finish(const QString &token, const QString &source)
{
    if (m_done)
        return;
    if (token.isEmpty())
        qCInfo(lcToken) << "no GitHub token found for" << m_host.name();
    else
        qCInfo(lcToken) << "using the GitHub token from" << source << "for" << m_host.name();
    finish(ResolvedToken{token, source, m_host.name()});
}

void TokenResolver::finish(const Result<ResolvedToken> &result)
{
    if (m_done)
        return;
    m_done = true;
    if (m_process) // a gh still running is killed and reaped with its job
        m_process->disconnect(this);
    Q_EMIT finished(result);
    deleteLater();
}
