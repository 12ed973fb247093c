// SPDX-License-Identifier: MIT
#include "engine/github/githubhost.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("GitHubHost", text);
}

int defaultPort(const QString &scheme)
{
    if (scheme == u"https"_s)
        return 443;
    if (scheme == u"http"_s)
        return 80;
    return -1;
}

} // namespace

GitHubHost GitHubHost::make(const QString &rawHost, int port, const QString &scheme)
{
    QString host = rawHost.toLower();
    while (host.endsWith(u'.'))
        host.chop(1);
    GitHubHost result;
    if (host.isEmpty())
        return result;
    if (port > 0 && port != defaultPort(scheme)) {
        // GitHub's own hosts never answer on another port: whatever does is a server of its own.
        result.m_name = (host.contains(u':') ? u'[' + host + u']' : host) + u':' + QString::number(port);
        result.m_kind = Kind::EnterpriseServer;
        return result;
    }
    // gh's normalisation: every *.github.com is github.com, *.github.localhost is github.localhost, and
    // api.NAME.ghe.com is NAME.ghe.com.
    if (host == u"github.com"_s || host.endsWith(u".github.com"_s)) {
        result.m_name = u"github.com"_s;
        result.m_kind = Kind::GitHubCom;
    } else if (host == u"github.localhost"_s || host.endsWith(u".github.localhost"_s)) {
        result.m_name = u"github.localhost"_s;
        result.m_kind = Kind::Local;
    } else if (host.endsWith(u".ghe.com"_s)) {
        const QString tenant = host.chopped(8).section(u'.', -1);
        result.m_name = tenant + u".ghe.com"_s;
        result.m_kind = Kind::Tenant;
    } else {
        result.m_name = host.contains(u':') ? u'[' + host + u']' : host;
        result.m_kind = Kind::EnterpriseServer;
    }
    return result;
}

GitHubHost GitHubHost::fromApiUrl(const QUrl &apiUrl)
{
    if (!apiUrl.isValid())
        return {};
    return make(apiUrl.host(), apiUrl.port(), apiUrl.scheme());
}

GitHubHost GitHubHost::fromName(const QString &name)
{
    const QString trimmed = name.trimmed();
    if (trimmed.isEmpty())
        return {};
    // gh wants a bare host name; a URL pasted instead is taken for its host.
    const bool hasScheme = trimmed.contains(u"://"_s);
    if (!hasScheme && trimmed.contains(u'/'))
        return {};
    const QUrl url(hasScheme ? trimmed : u"https://"_s + trimmed, QUrl::StrictMode);
    if (!url.isValid() || url.host().isEmpty() || !url.userInfo().isEmpty())
        return {};
    return make(url.host(), url.port(), url.scheme());
}

Result<QUrl> GitHubHost::apiUrlFor(const QString &apiOption, const QProcessEnvironment &environment)
{
    if (!apiOption.isEmpty()) {
        const QUrl api(apiOption, QUrl::StrictMode);
        if (!api.isValid() || api.host().isEmpty() || (api.scheme() != u"https"_s && api.scheme() != u"http"_s))
            return Error{tr("--api needs an http(s) URL")};
        return api;
    }
    const QString ghHost = environment.value(u"GH_HOST"_s).trimmed();
    if (ghHost.isEmpty())
        return QUrl(u"https://api.github.com"_s);
    const GitHubHost host = fromName(ghHost);
    if (!host.isValid())
        return Error{tr("GH_HOST=%1 is not a host name (such as github.com or ghe.example.com)").arg(ghHost)};
    return host.apiUrl();
}

QUrl GitHubHost::apiUrl() const
{
    switch (m_kind) {
    case Kind::GitHubCom:
        return QUrl(u"https://api.github.com"_s);
    case Kind::Tenant:
        return QUrl(u"https://api."_s + m_name);
    case Kind::Local:
        return QUrl(u"http://api.github.localhost"_s);
    case Kind::EnterpriseServer:
        break;
    }
    return m_name.isEmpty() ? QUrl() : QUrl(u"https://"_s + m_name + u"/api/v3"_s);
}

QStringList GitHubHost::tokenVariables() const
{
    if (!isValid())
        return {};
    if (m_kind == Kind::EnterpriseServer)
        return {u"GH_ENTERPRISE_TOKEN"_s, u"GITHUB_ENTERPRISE_TOKEN"_s};
    return {u"GH_TOKEN"_s, u"GITHUB_TOKEN"_s};
}

QStringList GitHubHost::allTokenVariables()
{
    return {u"GH_TOKEN"_s, u"GITHUB_TOKEN"_s, u"GH_ENTERPRISE_TOKEN"_s, u"GITHUB_ENTERPRISE_TOKEN"_s};
}
