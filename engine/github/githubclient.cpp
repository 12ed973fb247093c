// SPDX-License-Identifier: MIT
#include "engine/github/githubclient.h"

#include "engine/github/githubrequestjob.h"

#include <QHttpHeaders>
#include <QJsonArray>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QRegularExpression>
#include <QTimeZone>

using namespace Qt::StringLiterals;
using namespace std::chrono;

Q_LOGGING_CATEGORY(lcGitHub, "triage.github", QtInfoMsg)

namespace {

constexpr auto ApiVersion = "2022-11-28";

QUrl withPath(QUrl url, const QString &path)
{
    url.setPath(path);
    url.setQuery(QString());
    url.setFragment(QString());
    return url;
}

} // namespace

GitHubClient::GitHubClient(QObject *parent)
    : QObject(parent)
    , m_network(new QNetworkAccessManager(this))
    , m_writeTimer(new QTimer(this))
{
    m_writeTimer->setSingleShot(true);
    connect(m_writeTimer, &QTimer::timeout, this, &GitHubClient::dispatchWrites);
    qRegisterMetaType<RateLimit>();
    qRegisterMetaType<GitHubResponse>();
    setApiUrl(QUrl(u"https://api.github.com"_s));
}

GitHubClient::~GitHubClient()
{
    // Jobs release their write slot as they go: let them do it while the slot lists still exist (and empty,
    // so that no queued write starts now).
    m_writeQueue.clear();
    m_writesInFlight.clear();
    qDeleteAll(findChildren<GitHubRequestJob *>(Qt::FindDirectChildrenOnly));
}

void GitHubClient::setApiUrl(const QUrl &url)
{
    QUrl base = url.adjusted(QUrl::StripTrailingSlash | QUrl::RemoveQuery | QUrl::RemoveFragment);
    if (base.path() == u"/"_s)
        base.setPath(QString());
    m_apiUrl = base;
    const QString path = base.path();
    if (base.host() == u"api.github.com"_s || !path.endsWith(u"/api/v3"_s))
        m_graphqlUrl = withPath(base, path + u"/graphql"_s);
    else // GitHub Enterprise Server: REST under /api/v3, GraphQL at /api/graphql
        m_graphqlUrl = withPath(base, path.chopped(3) + u"/graphql"_s);
}

QUrl GitHubClient::restUrl(const QString &path, const QUrlQuery &query) const
{
    QUrl url = m_apiUrl;
    url.setPath(m_apiUrl.path() + (path.startsWith(u'/') ? path : u'/' + path));
    if (!query.isEmpty())
        url.setQuery(query);
    return url;
}

void GitHubClient::setToken(const QString &token, const QString &source)
{
    m_token = token;
    m_tokenSource = token.isEmpty() ? QString() : source;
    Q_EMIT tokenChanged(); // also for "none": the status bar then says so
}

bool GitHubClient::isApiOrigin(const QUrl &url) const
{
    const auto portOf = [](const QUrl &u) { return u.port(u.scheme() == u"http"_s ? 80 : 443); };
    return url.scheme() == m_apiUrl.scheme() && url.host().compare(m_apiUrl.host(), Qt::CaseInsensitive) == 0 &&
           portOf(url) == portOf(m_apiUrl);
}

QNetworkRequest GitHubClient::buildRequest(const QUrl &url, const QByteArray &etag) const
{
    QNetworkRequest request(url);
    request.setRawHeader("Accept", "application/vnd.github+json");
    request.setRawHeader("X-GitHub-Api-Version", ApiVersion);
    request.setHeader(QNetworkRequest::UserAgentHeader, QByteArray("TriageConsole/" TRIAGE_CONSOLE_VERSION));
    // The token goes only to the origin it was found for, never to a host a Link or an answer names.
    if (!m_token.isEmpty() && isApiOrigin(url))
        request.setRawHeader("Authorization", "Bearer " + m_token.toUtf8());
    if (!etag.isEmpty())
        request.setRawHeader("If-None-Match", etag);
    request.setTransferTimeout(int(m_policy.transferTimeout.count()));
    // Redirects come back to GitHubRequestJob, which follows them through redirectRequest().
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    return request;
}

QNetworkRequest GitHubClient::redirectRequest(const QNetworkRequest &request, const QUrl &target) const
{
    QNetworkRequest redirected(request);
    redirected.setUrl(target);
    if (!isApiOrigin(target)) {
        QHttpHeaders headers = redirected.headers();
        headers.removeAll(QHttpHeaders::WellKnownHeader::Authorization);
        redirected.setHeaders(headers);
    }
    return redirected;
}

GitHubRequestJob *GitHubClient::get(const QUrl &url, const QByteArray &etag)
{
    return new GitHubRequestJob(this, buildRequest(url, etag), "GET", {}, false);
}

GitHubRequestJob *GitHubClient::getWithToken(const QUrl &url, const QString &token)
{
    QNetworkRequest request = buildRequest(url);
    QHttpHeaders headers = request.headers();
    headers.removeAll(QHttpHeaders::WellKnownHeader::Authorization);
    if (!token.isEmpty() && isApiOrigin(url))
        headers.append(QHttpHeaders::WellKnownHeader::Authorization, "Bearer " + token.toUtf8());
    request.setHeaders(headers);
    return new GitHubRequestJob(this, request, "GET", {}, false);
}

GitHubRequestJob *GitHubClient::graphql(const QString &query, const QJsonObject &variables)
{
    QNetworkRequest request = buildRequest(m_graphqlUrl);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/json"));
    const QByteArray body =
        QJsonDocument(QJsonObject{{u"query"_s, query}, {u"variables"_s, variables}}).toJson(QJsonDocument::Compact);
    return new GitHubRequestJob(this, request, "POST", body, true);
}

GitHubRequestJob *GitHubClient::write(const QByteArray &verb, const QUrl &url, const QJsonDocument &body)
{
    QNetworkRequest request = buildRequest(url);
    QByteArray payload;
    if (!body.isNull()) {
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/json"));
        payload = body.toJson(QJsonDocument::Compact);
    }
    auto *job = new GitHubRequestJob(this, request, verb, payload, false);
    job->m_write = true;
    return job;
}

bool GitHubClient::acquireWriteSlot(GitHubRequestJob *job)
{
    if (m_writeQueue.isEmpty() && m_writesInFlight.size() < std::max(1, m_policy.maxConcurrentWrites)) {
        const auto since = steady_clock::now() - m_lastWriteAt;
        if (m_lastWriteAt == steady_clock::time_point{} || since >= m_policy.writeSpacing) {
            m_writesInFlight.append(job);
            m_lastWriteAt = steady_clock::now();
            return true;
        }
    }
    if (!m_writeQueue.contains(job))
        m_writeQueue.append(job);
    dispatchWrites();
    return false;
}

void GitHubClient::releaseWriteSlot(GitHubRequestJob *job)
{
    m_writeQueue.removeAll(job);
    if (m_writesInFlight.removeAll(job) > 0)
        dispatchWrites();
}

void GitHubClient::dispatchWrites()
{
    m_writeQueue.removeAll(nullptr);
    while (!m_writeQueue.isEmpty() && m_writesInFlight.size() < std::max(1, m_policy.maxConcurrentWrites)) {
        const auto since = duration_cast<milliseconds>(steady_clock::now() - m_lastWriteAt);
        if (m_lastWriteAt != steady_clock::time_point{} && since < m_policy.writeSpacing) {
            if (!m_writeTimer->isActive())
                m_writeTimer->start(m_policy.writeSpacing - since);
            return;
        }
        GitHubRequestJob *job = m_writeQueue.takeFirst();
        if (!job)
            continue;
        m_writesInFlight.append(job);
        m_lastWriteAt = steady_clock::now();
        job->m_holdsWriteSlot = true;
        job->send();
    }
}

QNetworkReply *GitHubClient::send(const QNetworkRequest &request, const QByteArray &verb, const QByteArray &body)
{
    ++m_requestsSent;
    qCDebug(lcGitHub) << verb.constData() << request.url().toDisplayString(QUrl::RemoveUserInfo);
    return m_network->sendCustomRequest(request, verb, body);
}

void GitHubClient::noteRateLimit(const QNetworkReply *reply)
{
    if (!reply->hasRawHeader("x-ratelimit-remaining"))
        return;
    RateLimit limit;
    limit.resource = QString::fromLatin1(reply->rawHeader("x-ratelimit-resource"));
    if (limit.resource.isEmpty())
        limit.resource = reply->url().path().endsWith(u"/graphql"_s) ? u"graphql"_s : u"core"_s;
    limit.limit = reply->rawHeader("x-ratelimit-limit").toInt();
    limit.remaining = reply->rawHeader("x-ratelimit-remaining").toInt();
    limit.used = reply->rawHeader("x-ratelimit-used").toInt();
    limit.reset = QDateTime::fromSecsSinceEpoch(reply->rawHeader("x-ratelimit-reset").toLongLong(), QTimeZone::UTC);
    m_rateLimits.insert(limit.resource, limit);
    m_lastRateLimit = limit;
    Q_EMIT rateLimitChanged(limit);
}

milliseconds GitHubClient::waitForBudget(const QString &resource) const
{
    const RateLimit limit = m_rateLimits.value(resource);
    const QDateTime now = QDateTime::currentDateTimeUtc();
    if (!limit.isExhaustedAt(now))
        return 0ms;
    // One second past the reset: GitHub's clock and ours differ a little.
    const auto wait = milliseconds(now.msecsTo(limit.reset) + 1000);
    return duration_cast<milliseconds>(wait * m_policy.serverWaitScale);
}

QString GitHubClient::describeFailure(const QUrl &url, int status, const QString &networkError, const QByteArray &body)
{
    const QString where = url.path().isEmpty() ? url.host() : url.host() + url.path();
    if (status == 0)
        return tr("cannot reach %1: %2").arg(where, networkError);

    QString detail;
    const QJsonDocument document = QJsonDocument::fromJson(body);
    if (document.isObject()) {
        const QJsonObject object = document.object();
        detail = object.value("message"_L1).toString();
        QStringList messages;
        for (const QJsonValue &error : object.value("errors"_L1).toArray()) {
            const QString message =
                error.isObject() ? error.toObject().value("message"_L1).toString() : error.toString();
            if (!message.isEmpty())
                messages.append(message);
        }
        if (!messages.isEmpty())
            detail = detail.isEmpty() ? messages.join(u"; "_s) : detail + u" ("_s + messages.join(u"; "_s) + u')';
    }
    switch (status) {
    case 401:
        return tr("GitHub refused the token for %1 (401): %2")
            .arg(where, detail.isEmpty() ? tr("bad credentials") : detail);
    case 403:
        return tr("GitHub denied access to %1 (403): %2").arg(where, detail.isEmpty() ? tr("forbidden") : detail);
    case 404:
        return tr("%1 was not found (404); check the repository name and the token's access").arg(where);
    default:
        break;
    }
    if (status >= 500)
        return tr("GitHub had a server error (%1) for %2").arg(status).arg(where);
    if (status == 200)
        return tr("GitHub answered %1 with an error: %2").arg(where, detail);
    return tr("GitHub answered %1 for %2%3").arg(status).arg(where, detail.isEmpty() ? QString() : u": "_s + detail);
}

QUrl GitHubClient::parseNextLink(const QByteArray &linkHeader)
{
    // <https://api.github.com/…&page=2>; rel="next", <…>; rel="last"
    static const QRegularExpression entry(uR"re(<([^>]*)>\s*;\s*rel="?([^",;]+)"?)re"_s);
    auto matches = entry.globalMatch(QString::fromLatin1(linkHeader));
    while (matches.hasNext()) {
        const QRegularExpressionMatch match = matches.next();
        if (match.captured(2).split(u' ').contains(u"next"_s))
            return QUrl(match.captured(1));
    }
    return {};
}
