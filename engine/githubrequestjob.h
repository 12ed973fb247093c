// SPDX-License-Identifier: MIT
#pragma once

#include "engine/githubclient.h"

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
    bool failedTransiently() const { return m_transientFailure; }

Q_SIGNALS:
    void finished(const Result<GitHubResponse> &result);
    // Between attempts: how long and why ("rate limit", "Retry-After", "HTTP 502", …).
    void waiting(qint64 milliseconds, const QString &reason);

private:
    friend class GitHubClient;
    GitHubRequestJob(GitHubClient *client, const QNetworkRequest &request, const QByteArray &verb,
                     const QByteArray &body, bool graphql);

    void attempt();
    void onReplyFinished();
    void retryLater(std::chrono::milliseconds delay, const QString &reason);
    void finish(const Result<GitHubResponse> &result);
    std::chrono::milliseconds backoff() const;
    QString resource() const { return m_graphql ? QStringLiteral("graphql") : QStringLiteral("core"); }

    GitHubClient *m_client;
    QNetworkRequest m_request;
    QByteArray m_verb;
    QByteArray m_body;
    bool m_graphql;
    QPointer<QNetworkReply> m_reply;
    QTimer m_timer;
    int m_attempt = 0;
    bool m_finished = false;
    bool m_budgetWaited = false;
    bool m_transientFailure = false;
    QString m_lastFailure;
};
