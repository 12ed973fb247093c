// SPDX-License-Identifier: MIT
#include "engine/github/githubrequestjob.h"

#include <QJsonArray>
#include <QNetworkReply>

#include <algorithm>
#include <utility>

using namespace Qt::StringLiterals;
using namespace std::chrono;

namespace {

constexpr int MaxRedirects = 10;

milliseconds scaled(milliseconds wait, double scale)
{
    return std::max(0ms, duration_cast<milliseconds>(wait * scale));
}

bool isGraphQLRateLimited(const QJsonObject &object)
{
    for (const QJsonValue &error : object.value("errors"_L1).toArray()) {
        if (error.toObject().value("type"_L1).toString() == "RATE_LIMITED"_L1)
            return true;
    }
    return false;
}

} // namespace

GitHubRequestJob::GitHubRequestJob(GitHubClient *client, const QNetworkRequest &request, QByteArray verb,
                                   QByteArray body, bool graphql)
    : QObject(client)
    , m_client(client)
    , m_request(request)
    , m_verb(std::move(verb))
    , m_body(std::move(body))
    , m_graphql(graphql)
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &GitHubRequestJob::attempt);
    // Start on the next turn of the event loop, so that the caller can connect to finished() first.
    m_timer.start(0);
}

GitHubRequestJob::~GitHubRequestJob()
{
    if (m_write && m_client)
        m_client->releaseWriteSlot(this);
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
    }
}

void GitHubRequestJob::cancel()
{
    if (m_finished)
        return;
    m_timer.stop();
    if (m_write)
        m_client->releaseWriteSlot(this);
    m_holdsWriteSlot = false;
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
        m_reply.clear();
    }
    finish(Error::cancelled(tr("cancelled")));
}

void GitHubRequestJob::attempt()
{
    if (m_finished)
        return;
    // A spent budget holds the request back until the reset, as GitHub asks.
    // (Once per wait: after it, the request goes out and GitHub's answer updates the budget.)
    const milliseconds wait = m_budgetWaited ? 0ms : m_client->waitForBudget(resource());
    m_budgetWaited = false;
    if (wait > 0ms) {
        if (wait > scaled(m_client->retryPolicy().maxRateLimitWait, m_client->retryPolicy().serverWaitScale)) {
            finish(
                Error::transient(tr("the GitHub rate limit is exhausted until %1")
                                     .arg(m_client->rateLimit(resource()).reset.toLocalTime().toString(u"HH:mm"_s))));
            return;
        }
        Q_EMIT waiting(wait.count(), tr("rate limit"));
        m_budgetWaited = true;
        m_timer.start(wait);
        return;
    }
    // Writes wait for their slot; the client calls send() when it is theirs.
    if (m_write && !m_holdsWriteSlot) {
        if (!m_client->acquireWriteSlot(this))
            return;
        m_holdsWriteSlot = true;
    }
    send();
}

void GitHubRequestJob::send()
{
    if (m_finished)
        return;
    ++m_attempt;
    // Every attempt starts at the request's own URL: a retry after a redirect target failed asks again.
    m_redirects = 0;
    m_sentVerb = m_verb;
    m_sentBody = m_body;
    m_reply = m_client->send(m_request, m_verb, m_body);
    connect(m_reply, &QNetworkReply::finished, this, &GitHubRequestJob::onReplyFinished);
}

GitHubRequestJob::Redirect GitHubRequestJob::followRedirect(QNetworkReply *reply, int status)
{
    if (status != 301 && status != 302 && status != 303 && status != 307 && status != 308)
        return Redirect::None;
    const QUrl location = reply->attribute(QNetworkRequest::RedirectionTargetAttribute).toUrl();
    if (!location.isValid())
        return Redirect::None;
    const QUrl target = reply->url().resolved(location);
    m_client->noteRateLimit(reply);
    if (++m_redirects > MaxRedirects) {
        m_lastFailure = tr("%1 redirected more than %2 times").arg(m_request.url().path()).arg(MaxRedirects);
        return Redirect::Refused;
    }
    // As Qt's NoLessSafeRedirectPolicy: never from https to http, never to another scheme.
    if ((target.scheme() != u"https"_s && target.scheme() != u"http"_s) ||
        (reply->url().scheme() == u"https"_s && target.scheme() != u"https"_s)) {
        m_lastFailure = tr("%1 redirected to %2, which is less safe; not followed")
                            .arg(reply->url().toDisplayString(QUrl::RemoveUserInfo | QUrl::RemoveQuery),
                                 target.toDisplayString(QUrl::RemoveUserInfo | QUrl::RemoveQuery));
        return Redirect::Refused;
    }
    // The client decides what goes along: never the token, to another host.
    QNetworkRequest next = m_client->redirectRequest(reply->request(), target);
    if (status == 303 && m_sentVerb != "GET" && m_sentVerb != "HEAD") {
        m_sentVerb = "GET";
        m_sentBody.clear();
        next.setHeader(QNetworkRequest::ContentTypeHeader, QVariant());
    }
    qCInfo(lcGitHub) << "redirected" << status << "to" << target.toDisplayString(QUrl::RemoveUserInfo);
    m_reply = m_client->send(next, m_sentVerb, m_sentBody);
    connect(m_reply, &QNetworkReply::finished, this, &GitHubRequestJob::onReplyFinished);
    return Redirect::Followed;
}

milliseconds GitHubRequestJob::backoff() const
{
    const RetryPolicy &policy = m_client->retryPolicy();
    const auto delay = policy.baseDelay * (1LL << std::min(m_attempt - 1, 20));
    return std::min<milliseconds>(delay, policy.maxDelay);
}

void GitHubRequestJob::onReplyFinished()
{
    QNetworkReply *reply = m_reply;
    if (!reply || m_finished)
        return;
    m_reply.clear();
    reply->deleteLater();
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    // A redirect is followed within the attempt (a write keeps its slot); a refused one ends the job.
    const Redirect redirect = followRedirect(reply, status);
    if (redirect == Redirect::Followed)
        return;
    if (m_holdsWriteSlot) {
        m_holdsWriteSlot = false;
        m_client->releaseWriteSlot(this);
    }
    if (redirect == Redirect::Refused) {
        m_lastStatus = status;
        finish(Error::refused(m_lastFailure));
        return;
    }

    const QNetworkReply::NetworkError networkError = reply->error();
    const QByteArray body = reply->isOpen() ? reply->readAll() : QByteArray();
    m_client->noteRateLimit(reply);
    const RetryPolicy &policy = m_client->retryPolicy();
    m_lastStatus = status;
    m_lastBody = body;

    // Transport failures (refused, reset, dropped mid-body, timed out) come before any status.
    if (networkError != QNetworkReply::NoError &&
        (status == 0 || networkError < QNetworkReply::ProxyConnectionRefusedError)) {
        m_lastFailure = GitHubClient::describeFailure(m_request.url(), 0, reply->errorString(), {});
        m_failureKind = ErrorKind::Transient;
        m_lastStatus = 0;
        if (m_write) // the write may have happened: the caller re-reads before trying again
            return failTransiently();
        retryLater(backoff(), reply->errorString());
        return;
    }

    if (status == 304 || (status >= 200 && status < 300)) {
        GitHubResponse response;
        response.status = status;
        response.etag = reply->rawHeader("ETag");
        response.nextPage = GitHubClient::parseNextLink(reply->rawHeader("Link"));
        response.oauthScopes = reply->rawHeader("X-OAuth-Scopes");
        response.attempts = m_attempt;
        if (status != 304 && status != 204) {
            QJsonParseError parseError;
            response.json = QJsonDocument::fromJson(body, &parseError);
            if (parseError.error != QJsonParseError::NoError) {
                // A truncated or mangled answer is worth another try, like a network error.
                m_lastFailure = tr("GitHub sent malformed JSON for %1 (%2 at byte %3)")
                                    .arg(m_request.url().path(), parseError.errorString())
                                    .arg(parseError.offset);
                m_failureKind = ErrorKind::Failed; // retried all the same: a truncated answer may come whole
                if (m_write)
                    return failTransiently();
                retryLater(backoff(), tr("malformed JSON"));
                return;
            }
            if (m_graphql && response.json.object().contains("errors"_L1)) {
                if (isGraphQLRateLimited(response.json.object())) {
                    const milliseconds wait = m_client->waitForBudget(resource());
                    m_lastFailure = tr("the GitHub GraphQL rate limit is exhausted");
                    m_failureKind = ErrorKind::Transient;
                    retryLater(wait > 0ms ? wait : scaled(policy.secondaryLimitDelay, policy.serverWaitScale),
                               tr("rate limit"));
                    return;
                }
                finish(Error::refused(GitHubClient::describeFailure(m_request.url(), status, {}, body)));
                return;
            }
        }
        response.body = body;
        finish(response);
        return;
    }

    m_lastFailure = GitHubClient::describeFailure(m_request.url(), status, reply->errorString(), body);
    m_failureKind = ErrorKind::Transient; // what is retried below: rate limits and 5xx
    if (status == 403 || status == 429) {
        const bool exhausted = reply->rawHeader("x-ratelimit-remaining") == "0";
        const QByteArray retryAfter = reply->rawHeader("Retry-After");
        if (exhausted) {
            const milliseconds wait = m_client->waitForBudget(resource());
            if (wait > scaled(policy.maxRateLimitWait, policy.serverWaitScale)) {
                finish(Error::transient(m_lastFailure)); // not failedTransiently(): no sooner than the reset
                return;
            }
            retryLater(std::max(wait, 1ms), tr("rate limit"));
            return;
        }
        if (!retryAfter.isEmpty()) {
            retryLater(scaled(seconds(retryAfter.trimmed().toLongLong()), policy.serverWaitScale), u"Retry-After"_s);
            return;
        }
        if (status == 429 || body.contains("secondary rate limit")) {
            const auto wait = policy.secondaryLimitDelay * (1LL << std::min(m_attempt - 1, 10));
            retryLater(scaled(wait, policy.serverWaitScale), tr("secondary rate limit"));
            return;
        }
        finish(Error::refused(m_lastFailure));
        return;
    }
    if (status >= 500) {
        if (m_write)
            return failTransiently();
        retryLater(backoff(), u"HTTP %1"_s.arg(status));
        return;
    }
    finish(Error::refused(m_lastFailure));
}

void GitHubRequestJob::retryLater(milliseconds delay, const QString &reason)
{
    if (m_attempt >= m_client->retryPolicy().maxAttempts) {
        m_transientFailure = true;
        finish(Error{tr("%1 (gave up after %2 attempts)").arg(m_lastFailure).arg(m_attempt), m_failureKind});
        return;
    }
    m_budgetWaited = true; // this wait already honours whatever GitHub asked for
    qCInfo(lcGitHub) << "retrying" << m_request.url().path() << "in" << delay.count() << "ms:" << reason;
    Q_EMIT waiting(delay.count(), reason);
    m_timer.start(delay);
}

void GitHubRequestJob::failTransiently()
{
    m_transientFailure = true;
    finish(Error{m_lastFailure, m_failureKind});
}

void GitHubRequestJob::finish(const Result<GitHubResponse> &result)
{
    if (m_finished)
        return;
    m_finished = true;
    if (!result)
        qCInfo(lcGitHub) << "request failed:" << result.error();
    Q_EMIT finished(result);
    deleteLater();
}
