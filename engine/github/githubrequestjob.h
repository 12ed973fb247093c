// SPDX-License-Identifier: MIT
#pragma once

#include "engine/github/githubclient.h"

#include <QPointer>
#include <QTimer>

// One GitHub call with its retries: rate-limit waits, Retry-After, exponential backoff on 5xx and
// network errors. Emits finished() exactly once (also when cancelled), then deletes itself.
class GitHubRequestJob final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(GitHubRequestJob)

public:
    ~GitHubRequestJob() override;

    QUrl url() const { return m_request.url(); }
    bool isGraphQL() const { return m_graphql; }
    // Ends the job now with a "cancelled" error; safe to call at any time, also from a slot.
    void cancel();
    // After a failure: whether it was the kind that retrying could have fixed (5xx, network, malformed
    // answers), as opposed to a refusal (4xx, GraphQL errors) or a cancel. Valid in the finished() slot.
    // The error's kind says more: Transient for network faults, timeouts, 5xx and rate limits, Refused for
    // a 4xx, a GraphQL error or a redirect not followed, Cancelled for cancel(), Failed for a malformed answer.
    bool failedTransiently() const { return m_transientFailure; }
    bool isWrite() const { return m_write; }
    QByteArray verb() const { return m_verb; }
    QByteArray requestBody() const { return m_body; }
    // The last answer's HTTP status (0: none, the connection failed) and body; valid in the finished() slot,
    // for failures too (the audit log keeps GitHub's refusal).
    int lastStatus() const { return m_lastStatus; }
    QByteArray lastBody() const { return m_lastBody; }

Q_SIGNALS:
    void finished(const Result<GitHubResponse> &result);
    // Between attempts: how long and why ("rate limit", "Retry-After", "HTTP 502", …).
    void waiting(qint64 milliseconds, const QString &reason);

private:
    friend class GitHubClient;
    GitHubRequestJob(GitHubClient *client, const QNetworkRequest &request, QByteArray verb, QByteArray body,
                     bool graphql);

    void attempt();
    void send();
    void onReplyFinished();
    enum class Redirect
    {
        None,
        Followed,
        Refused,
    };
    Redirect followRedirect(QNetworkReply *reply, int status);
    void retryLater(std::chrono::milliseconds delay, const QString &reason);
    void finish(const Result<GitHubResponse> &result);
    void failTransiently();
    std::chrono::milliseconds backoff() const;
    QString resource() const { return m_graphql ? QStringLiteral("graphql") : QStringLiteral("core"); }

    GitHubClient *m_client;
    QNetworkRequest m_request;
    QByteArray m_verb;
    QByteArray m_body;
    bool m_graphql;
    bool m_write = false;
    bool m_holdsWriteSlot = false;
    int m_lastStatus = 0;
    QByteArray m_lastBody;
    QPointer<QNetworkReply> m_reply;
    QTimer m_timer;
    int m_attempt = 0;
    int m_redirects = 0;   // in this attempt
    QByteArray m_sentVerb; // what this attempt sends now (a 303 turns a write into a GET)
    QByteArray m_sentBody;
    bool m_finished = false;
    bool m_budgetWaited = false;
    bool m_transientFailure = false;
    QString m_lastFailure;
    ErrorKind m_failureKind = ErrorKind::Transient; // of m_lastFailure, when retrying it gives up
};
