// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/result.h"

#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QUrl>

// A GitHub instance named the way GitHub's CLI (gh) names it, so that tokens follow the rules gh users
// already live by: github.com, a GHE.com tenant (NAME.ghe.com), github.localhost, or an Enterprise Server
// (every other host, loopback test servers included). A token is issued for one host and goes to no other.
class GitHubHost final
{
public:
    enum class Kind
    {
        GitHubCom,
        Tenant,
        Local,
        EnterpriseServer,
    };

    GitHubHost() = default;
    // The host an API URL belongs to, normalised as gh does: api.github.com → github.com, api.acme.ghe.com →
    // acme.ghe.com, https://ghe.example.com/api/v3 → ghe.example.com. A port other than the scheme's own stays
    // in the name (127.0.0.1:8123): another port is another server.
    static GitHubHost fromApiUrl(const QUrl &apiUrl);
    // A host name as gh takes it (GH_HOST, --hostname): "github.com", "acme.ghe.com", "ghe.example.com".
    static GitHubHost fromName(const QString &name);
    // The API URL a command talks to: --api when given (empty: not given), else GH_HOST's, else github.com's.
    static Result<QUrl> apiUrlFor(const QString &apiOption, const QProcessEnvironment &environment);

    bool isValid() const { return !m_name.isEmpty(); }
    QString name() const { return m_name; }
    Kind kind() const { return m_kind; }
    // https://api.github.com, https://api.NAME.ghe.com, http://api.github.localhost, https://HOST/api/v3.
    QUrl apiUrl() const;
    // The environment variables gh takes a token for this host from, in gh's order: GH_TOKEN, GITHUB_TOKEN for
    // github.com, tenants and github.localhost; GH_ENTERPRISE_TOKEN, GITHUB_ENTERPRISE_TOKEN for the others.
    QStringList tokenVariables() const;
    // Every variable any host takes a token from.
    static QStringList allTokenVariables();

    bool operator==(const GitHubHost &other) const = default;

private:
    static GitHubHost make(const QString &host, int port, const QString &scheme);

    QString m_name;
    Kind m_kind = Kind::GitHubCom;
};
