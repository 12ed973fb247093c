// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/result.h"

#include <QDateTime>
#include <QJsonArray>
#include <QMetaType>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

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
    // Where it was found: "graphql" (GitHub's closing references), "timeline" (a cross-reference) or "compare"
    // (a commit between two tags whose message names the issue); empty when not said.
    QString route;
    QString commit; // compare: the commit's SHA, and the tags compared
    QString fromTag;
    QString toTag;

    // For the report: "GitHub's closing reference", "a cross-reference on the timeline", "commit abc1234 between
    // v2.5.1 and v2.6.0"; empty when the route is not known.
    QString routeText() const;
};
Q_DECLARE_METATYPE(FixingPullRequest)
Q_DECLARE_METATYPE(std::optional<FixingPullRequest>)

// The versions a scrub ran: where the bug last reproduced and where it no longer does ("2.5.1", "2.6.0+cpu").
struct FixVersionRange
{
    QString reproduces;
    QString passes;
    bool isValid() const { return !reproduces.isEmpty() && !passes.isEmpty(); }
};
Q_DECLARE_METATYPE(FixVersionRange)

// Names the merged pull request that fixed an issue, by three routes in turn, the first that names one winning:
// 1. GraphQL `closedByPullRequestsReferences` on the issue: the merged pull requests GitHub links as closing it;
// 2. the REST timeline (`GET /repos/{o}/{r}/issues/{n}/timeline`, every page): among its `cross-referenced`
//    events, one whose description closes the issue first, else the most recently merged one of the repository;
// 3. with a version range, the commits between the two release tags (`GET /repos/{o}/{r}/compare/{base}...{head}`,
//    every page): the newest whose message names the issue (`#N`, `Fixes #N`, `owner/name#N`), and the pull
//    request its message names ("(#12345)", "Pull Request resolved: …/pull/12345").
// No merged pull request by any route: nullopt, not an error. A route that fails is passed over; the job fails
// only when every route it tried failed.
class FixingPullRequestJob final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FixingPullRequestJob)

public:
    explicit FixingPullRequestJob(GitHubClient *client, QObject *parent = nullptr);
    ~FixingPullRequestJob() override;

    void start(const QString &repository, int issueNumber, const FixVersionRange &range = {});
    void cancel();

    // The choice over timeline events, for tests and other sources of the same events.
    static std::optional<FixingPullRequest> pick(const QJsonArray &events, const QString &repository, int issueNumber);
    // The merged one among GraphQL's `closedByPullRequestsReferences` nodes (the latest merged).
    static std::optional<FixingPullRequest> pickClosing(const QJsonArray &nodes, const QString &repository);
    // The newest of the compare API's `commits` whose message names the issue, with the PR its message names.
    static std::optional<FixingPullRequest> pickCommit(const QJsonArray &commits, const QString &repository,
                                                       int issueNumber);
    // The release tag of a version: "2.5.1+cu121" → "v2.5.1", "2.6" → "v2.6.0"; nightlies and dev builds have none.
    static QString tagOf(const QString &version);
    // The torch version an issue reports ("PyTorch version: 2.5.1+cu121", "torch==2.5.1"); empty when none.
    static QString reportedVersion(const QString &text);

Q_SIGNALS:
    void finished(const Result<std::optional<FixingPullRequest>> &result);

private:
    void askGraphQL();
    void readTimeline(const QUrl &url);
    void compare(const QUrl &url);
    void nextRoute(const QString &failure, ErrorKind kind = ErrorKind::Failed);
    void finish(const Result<std::optional<FixingPullRequest>> &result);

    GitHubClient *m_client;
    QPointer<GitHubRequestJob> m_job;
    QString m_repository;
    int m_issue = 0;
    FixVersionRange m_range;
    QJsonArray m_events;
    int m_pages = 0;
    int m_routesTried = 0;
    QStringList m_failures;
    ErrorKind m_failureKind = ErrorKind::Failed; // of the failures, when every route failed
    std::optional<FixingPullRequest> m_found;    // compare: the newest naming commit so far
    bool m_done = false;
};
