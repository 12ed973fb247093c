// SPDX-License-Identifier: MIT
#include "engine/tokenresolver.h"

#include "engine/tokenstore.h"

#include <QLoggingCategory>
#include <QProcess>
#include <QStandardPaths>
#include <QTimer>

using namespace Qt::StringLiterals;

Q_LOGGING_CATEGORY(lcToken, "triage.token")

TokenResolver::TokenResolver(TokenStore *store, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_environment(QProcessEnvironment::systemEnvironment())
    , m_ghProgram(QStandardPaths::findExecutable(u"gh"_s))
{}

void TokenResolver::resolve(const QString &host, const QString &login)
{
    m_host = host;
    if (!m_store || login.isEmpty()) {
        // No keyring, or no login to look up: go on on the next turn, so callers can connect first.
        QTimer::singleShot(0, this, &TokenResolver::tryEnvironment);
        return;
    }
    m_store->readToken(host, login, this, [this](const Result<QString> &token) {
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
    for (const QString &name : {u"GH_TOKEN"_s, u"GITHUB_TOKEN"_s}) {
        const QString value = m_environment.value(name).trimmed();
        if (!value.isEmpty()) {
            finish(value, name);
            return;
        }
    }
    tryGh();
}

void TokenResolver::tryGh()
{
    if (m_ghProgram.isEmpty()) {
        finish({}, {});
        return;
    }
    // No shell: the program and its arguments as a list.
    m_process = new QProcess(this);
    m_process->setProcessEnvironment(m_environment);
    connect(m_process, &QProcess::finished, this, [this](int exitCode, QProcess::ExitStatus status) {
        const QString token = QString::fromUtf8(m_process->readAllStandardOutput()).trimmed();
        const bool ok = status == QProcess::NormalExit && exitCode == 0 && !token.isEmpty() && !token.contains(u' ');
        finish(ok ? token : QString(), ok ? u"gh"_s : QString());
    });
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            finish({}, {});
    });
    QTimer::singleShot(10000, m_process, [this] {
        qCInfo(lcToken) << "gh auth token did not answer in time";
        m_process->kill();
        finish({}, {});
    });
    m_process->start(m_ghProgram, {u"auth"_s, u"token"_s, u"--hostname"_s, m_host});
}

void TokenResolver::finish(const QString &token, const QString &source)
{
    if (m_done)
        return;
    m_done = true;
    qCInfo(lcToken) << (token.isEmpty() ? "no GitHub token found" : "using the GitHub token from") << source;
    Q_EMIT finished(ResolvedToken{token, source});
    deleteLater();
}
