// SPDX-License-Identifier: MIT
#include "views/sync/tokenstatuslabel.h"

#include "engine/github/githubclient.h"
#include "engine/github/githubhost.h"
#include "engine/github/tokenstore.h"

using namespace Qt::StringLiterals;

TokenStatusLabel::TokenStatusLabel(QWidget *parent)
    : QLabel(parent)
{
    setObjectName(u"tokenStatusLabel"_s);
    setContentsMargins(8, 0, 0, 0);
    hide();
}

void TokenStatusLabel::setClient(GitHubClient *client)
{
    if (m_client)
        disconnect(m_client, nullptr, this, nullptr);
    m_client = client;
    if (m_client)
        connect(m_client, &GitHubClient::tokenChanged, this, &TokenStatusLabel::refresh);
    hide();
}

QString TokenStatusLabel::hostKind(const QString &host)
{
    switch (GitHubHost::fromName(host).kind()) {
    case GitHubHost::Kind::GitHubCom:
        return tr("GitHub.com");
    case GitHubHost::Kind::Tenant:
        return tr("GitHub Enterprise Cloud, GHE.com");
    case GitHubHost::Kind::Local:
        return tr("GitHub development host");
    case GitHubHost::Kind::EnterpriseServer:
        break;
    }
    return tr("GitHub Enterprise Server");
}

QString TokenStatusLabel::sourceText(const QString &source)
{
    if (source == u"keyring"_s)
        return tr("the keyring");
    if (source == u"gh"_s)
        return tr("GitHub CLI's login (gh auth token)");
    if (source.isEmpty())
        return tr("this session");
    return tr("the %1 environment variable").arg(source);
}

QString TokenStatusLabel::howToAdd(const QString &host)
{
    return tr("Save one in GitHub Token…, set %1, or sign in with gh auth login --hostname %2.")
        .arg(GitHubHost::fromName(host).tokenVariables().join(tr(" or ")), host);
}

void TokenStatusLabel::refresh()
{
    if (!m_client)
        return;
    const QString host = TokenStore::hostFor(m_client->apiUrl());
    if (m_client->hasToken()) {
        const QString source = m_client->tokenSource();
        setText(source.isEmpty() ? tr("Token for %1").arg(host) : tr("Token for %1: %2").arg(host, source));
        setToolTip(tr("The token for %1 (%2) comes from %3. It is sent to %1 only.")
                       .arg(host, hostKind(host), sourceText(source)));
    } else {
        setText(tr("No token for %1").arg(host));
        setToolTip(tr("No token for %1 (%2): public data only, nothing written. %3")
                       .arg(host, hostKind(host), howToAdd(host)));
    }
    show();
}
