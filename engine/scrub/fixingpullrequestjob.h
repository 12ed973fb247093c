// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/result.h"

#include <QDateTime>
#include <QJsonArray>
#include <QMetaType>
#include <QObject>
#include <QPointer>
#include <QString>

#include <optional>

class GitHubClient;
class GitHubRequestJob;

// The merged pull request that fixed an issue, as GitHub's cross-references name it.
struct FixingPullRequest
{
    QString repository; // owner/name of the pull request
    int number = 0;
    QString title;
    QString url;
    QDateTime mergedAt;
    bool closesIssue = false; // its description closes the issue ("Fixes #N"): the strongest link
};
Q_DECLARE_METATYPE(FixingPullRequest)
Q_DECLARE_METATYPE(std::optional<FixingPullRequest>)

// Reads an issue's timeline (REST `GET /repos/{o}/{r}/issues/{n}/timeline`, every page) and names the merged
// pull request among its `cross-referenced` events: one whose description closes the issue first, else the
// most recently merged one of the same repository. No merged pull request: nullopt, not an error.
class FixingPullRequestJob final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FixingPullRequestJob)

public:
    explicit FixingPullRequestJob(GitHubClient *client, QObject *parent = nullptr);
    ~FixingPullRequestJob() override;

    void start(const QString &repository, int issueNumber);
    void cancel();

    // The choice over timeline events, for tests and other sources of the same events.
    static std::optional<FixingPullRequest> pick(const QJsonArray &events, const QString &repository, int issueNumber);

Q_SIGNALS:
    void finished(const Result<std::optional<FixingPullRequest>> &result);

private:
    void fetch(const QUrl &url);
    void finish(const Result<std::optional<FixingPullRequest>> &result);

    GitHubClient *m_client;
    QPointer<GitHubRequestJob> m_job;
    QString m_repository;
    int m_issue = 0;
    QJsonArray m_events;
    int m_pages = 0;
    bool m_done = false;
};
