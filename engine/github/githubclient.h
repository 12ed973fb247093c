// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/result.h"

#include <QByteArray>
#include <QDateTime>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QNetworkRequest>
#include <QObject>
#include <QPointer>
#include <QTimer>
#include <QUrl>
#include <QUrlQuery>

#include <chrono>

Q_DECLARE_LOGGING_CATEGORY(lcGitHub)

class QNetworkAccessManager;
class QNetworkReply;
class GitHubRequestJob;

// The budget GitHub reports in x-ratelimit-* headers, per resource ("core", "graphql", "search", …).
struct RateLimit
{
    QString resource;
    int limit = -1;
    int remaining = -1;
    int used = -1;
    QDateTime reset; // UTC

    bool isKnown() const { return remaining >= 0; }
    bool isExhaustedAt(const QDateTime &now) const { return remaining == 0 && reset.isValid() && reset > now; }
};
Q_DECLARE_METATYPE(RateLimit)

// How hard a request tries. Production defaults; tests shrink the delays.
struct RetryPolicy
{
    int maxAttempts = 5;                       // per request, the first one included
    std::chrono::milliseconds baseDelay{1000}; // 5xx / network: base · 2^(attempt-1)
    std::chrono::milliseconds maxDelay{std::chrono::minutes(2)};
    std::chrono::milliseconds secondaryLimitDelay{60000};                 // a secondary limit without Retry-After
    std::chrono::milliseconds maxRateLimitWait{std::chrono::minutes(65)}; // longer than this: give up
    std::chrono::milliseconds transferTimeout{60000};                     // no byte for this long: a network error
    double serverWaitScale = 1.0; // scales waits GitHub dictates (Retry-After, reset); tests use < 1
    // Content-creating requests (comments, labels, edits) have tighter secondary limits: GitHub asks for
    // no concurrency and about a second between them.
    std::chrono::milliseconds writeSpacing{1000};
    int maxConcurrentWrites = 1;
};

struct GitHubResponse
{
    int status = 0;
    QByteArray body;
    QJsonDocument json; // parsed for 2xx answers
    QByteArray etag;
    QUrl nextPage;          // Link: rel="next"
    QByteArray oauthScopes; // X-OAuth-Scopes: what a classic token may do (empty for fine-grained ones)
    int attempts = 1;

    bool notModified() const { return status == 304; }
};
Q_DECLARE_METATYPE(GitHubResponse)

// The one door to GitHub: owns the QNetworkAccessManager, builds every request, tracks the rate limit.
class GitHubClient final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(GitHubClient)

public:
    explicit GitHubClient(QObject *parent = nullptr);
    ~GitHubClient() override;

    // https://api.github.com (GraphQL at /graphql), GitHub Enterprise https://HOST/api/v3 (GraphQL at
    // /api/graphql), or any server answering REST at URL/… and GraphQL at URL/graphql (tests, --api).
    void setApiUrl(const QUrl &url);
    QUrl apiUrl() const { return m_apiUrl; }
    QUrl graphqlUrl() const { return m_graphqlUrl; }
    QString host() const { return m_apiUrl.host(); }
    QUrl restUrl(const QString &path, const QUrlQuery &query = {}) const;

    // The token for the API URL's host and where it came from ("keyring", "GH_TOKEN", "gh", …; see
    // TokenResolver). Kept in memory only: never logged, never written anywhere. It goes only to the API URL's
    // origin: never to a host a Link, a URL in an answer or a redirect names.
    void setToken(const QString &token, const QString &source = {});
    bool hasToken() const { return !m_token.isEmpty(); }
    QString token() const { return m_token; }
    QString tokenSource() const { return m_tokenSource; }
    // Whether a request to url may carry the token: the API URL's scheme, host and port.
    bool isApiOrigin(const QUrl &url) const;

    void setRetryPolicy(const RetryPolicy &policy) { m_policy = policy; }
    const RetryPolicy &retryPolicy() const { return m_policy; }

    // Jobs start on the next event-loop turn: connect to finished() first. They belong to the client.
    GitHubRequestJob *get(const QUrl &url, const QByteArray &etag = {});
    // A GET with a token to try (the token dialog's test) instead of the client's; the client keeps its own.
    GitHubRequestJob *getWithToken(const QUrl &url, const QString &token);
    GitHubRequestJob *graphql(const QString &query, const QJsonObject &variables);
    // A write (POST, PATCH, PUT, DELETE) with an optional JSON body. Writes go out one at a time (at most
    // RetryPolicy::maxConcurrentWrites), RetryPolicy::writeSpacing apart. Rate limits are waited for; a
    // server error or lost answer is NOT retried (the write may have happened): the job fails with
    // failedTransiently() and the caller re-reads before trying again.
    GitHubRequestJob *write(const QByteArray &verb, const QUrl &url, const QJsonDocument &body = {});

    // Every request GitHub sees is built here.
    QNetworkRequest buildRequest(const QUrl &url, const QByteArray &etag = {}) const;
    // The request a redirect to target makes of request: the same, at target, without the Authorization
    // header unless target is the API URL's origin. Redirects are followed here, not by Qt: Qt 6.8's
    // NoLessSafeRedirectPolicy sends the request's Authorization header on to another origin (seen on a
    // loopback pair), and this must hold whatever Qt the console runs on.
    QNetworkRequest redirectRequest(const QNetworkRequest &request, const QUrl &target) const;

    RateLimit rateLimit() const { return m_lastRateLimit; }
    RateLimit rateLimit(const QString &resource) const { return m_rateLimits.value(resource); }
    int requestsSent() const { return m_requestsSent; }

    // HTTP, network and GraphQL failures as readable text, in one place.
    static QString describeFailure(const QUrl &url, int status, const QString &networkError, const QByteArray &body);
    static QUrl parseNextLink(const QByteArray &linkHeader);

Q_SIGNALS:
    void rateLimitChanged(const RateLimit &rateLimit);
    // setToken() was called: a token (or none) was found or given.
    void tokenChanged();

private:
    friend class GitHubRequestJob;
    QNetworkReply *send(const QNetworkRequest &request, const QByteArray &verb, const QByteArray &body);
    void noteRateLimit(const QNetworkReply *reply);
    // How long to hold a request back because the budget it draws on is spent (0: send now).
    std::chrono::milliseconds waitForBudget(const QString &resource) const;
    // Write slots: a write job asks before each attempt; granted now, or later through startWrite().
    bool acquireWriteSlot(GitHubRequestJob *job);
    void releaseWriteSlot(GitHubRequestJob *job);
    void dispatchWrites();

    QNetworkAccessManager *m_network;
    QUrl m_apiUrl;
    QUrl m_graphqlUrl;
    QString m_token;
    QString m_tokenSource;
    RetryPolicy m_policy;
    QHash<QString, RateLimit> m_rateLimits;
    RateLimit m_lastRateLimit;
    int m_requestsSent = 0;
    QList<QPointer<GitHubRequestJob>> m_writeQueue;
    QList<GitHubRequestJob *> m_writesInFlight;
    std::chrono::steady_clock::time_point m_lastWriteAt;
    QTimer *m_writeTimer;
};
