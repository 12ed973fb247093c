// SPDX-License-Identifier: MIT
#include "engine/scrub/fixingpullrequestjob.h"

#include "engine/github/githubclient.h"
#include "engine/github/githubrequestjob.h"

#include <QJsonObject>
#include <QRegularExpression>
#include <QUrlQuery>

using namespace Qt::StringLiterals;

namespace {

constexpr int MaxPages = 10;        // 1,000 events; an issue with more has bigger problems than its fixing PR
constexpr int MaxComparePages = 60; // 6,000 commits: more than a PyTorch release holds

bool closes(const QString &body, const QString &repository, int issue)
{
    // GitHub's closing keywords, with `#N`, `owner/name#N` or the issue's URL.
    const QString ref =
        u"(?:#|%1#|https?://github\\.com/%1/issues/)%2\\b"_s.arg(QRegularExpression::escape(repository)).arg(issue);
    const QRegularExpression re(u"\\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)\\s*:?\\s+"_s + ref,
                                QRegularExpression::CaseInsensitiveOption);
    return re.match(body).hasMatch();
}

} // namespace

FixingPullRequestJob::FixingPullRequestJob(GitHubClient *client, QObject *parent)
    : QObject(parent)
    , m_client(client)
{}

FixingPullRequestJob::~FixingPullRequestJob()
{
    if (m_job)
        m_job->cancel();
}

std::optional<FixingPullRequest> FixingPullRequestJob::pick(const QJsonArray &events, const QString &repository,
                                                            int issueNumber)
{
    std::optional<FixingPullRequest> best;
    for (const QJsonValue &v : events) {
        const QJsonObject event = v.toObject();
        if (event.value("event"_L1).toString() != "cross-referenced"_L1)
            continue;
        const QJsonObject source = event.value("source"_L1).toObject().value("issue"_L1).toObject();
        const QJsonObject pr = source.value("pull_request"_L1).toObject();
        const QDateTime merged = QDateTime::fromString(pr.value("merged_at"_L1).toString(), Qt::ISODate);
        if (pr.isEmpty() || !merged.isValid())
            continue; // an issue, or a pull request that was closed unmerged or is still open
        FixingPullRequest candidate;
        candidate.repository = source.value("repository"_L1).toObject().value("full_name"_L1).toString(repository);
        candidate.number = source.value("number"_L1).toInt();
        candidate.title = source.value("title"_L1).toString();
        candidate.url = pr.value("html_url"_L1).toString(source.value("html_url"_L1).toString());
        candidate.mergedAt = merged;
        candidate.closesIssue = closes(source.value("body"_L1).toString(), repository, issueNumber);
        candidate.route = u"timeline"_s;
        const bool sameRepository = candidate.repository.compare(repository, Qt::CaseInsensitive) == 0;
        if (!sameRepository && !candidate.closesIssue)
            continue; // another project mentioning the issue did not fix it here
        auto rank = [&](const FixingPullRequest &p) {
            return std::make_pair(p.closesIssue ? 1 : 0, p.mergedAt.toMSecsSinceEpoch());
        };
        if (!best || rank(candidate) > rank(*best))
            best = candidate;
    }
    return best;
}

std::optional<FixingPullRequest> FixingPullRequestJob::pickClosing(const QJsonArray &nodes, const QString &repository)
{
    std::optional<FixingPullRequest> best;
    for (const QJsonValue &v : nodes) {
        const QJsonObject node = v.toObject();
        const QDateTime merged = QDateTime::fromString(node.value("mergedAt"_L1).toString(), Qt::ISODate);
        if (!node.value("merged"_L1).toBool() || !merged.isValid())
            continue; // an open pull request that will close it when merged is not a fix yet
        FixingPullRequest candidate;
        candidate.repository = node.value("repository"_L1).toObject().value("nameWithOwner"_L1).toString(repository);
        candidate.number = node.value("number"_L1).toInt();
        candidate.title = node.value("title"_L1).toString();
        candidate.url = node.value("url"_L1).toString();
        candidate.mergedAt = merged;
        candidate.closesIssue = true;
        candidate.route = u"graphql"_s;
        if (!best || merged > best->mergedAt)
            best = candidate;
    }
    return best;
}

std::optional<FixingPullRequest> FixingPullRequestJob::pickCommit(const QJsonArray &commits, const QString &repository,
                                                                  int issueNumber)
{
    // `#N`, `owner/name#N` or the issue's URL; another repository's `#N` is another issue.
    const QRegularExpression names(u"(?<![\\w/#])(?:([\\w.-]+/[\\w.-]+))?#%1\\b|/issues/%1\\b"_s.arg(issueNumber));
    static const QRegularExpression resolved(u"Pull Request resolved:\\s*https?://\\S+/pull/(\\d+)"_s,
                                             QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression squashed(u"\\(#(\\d+)\\)\\s*$"_s);
    std::optional<FixingPullRequest> best;
    for (const QJsonValue &v : commits) {
        const QJsonObject item = v.toObject();
        const QJsonObject commit = item.value("commit"_L1).toObject();
        const QString message = commit.value("message"_L1).toString();
        bool mentioned = false;
        for (auto it = names.globalMatch(message); it.hasNext() && !mentioned;) {
            const QRegularExpressionMatch m = it.next();
            mentioned = m.captured(1).isEmpty() || m.captured(1).compare(repository, Qt::CaseInsensitive) == 0;
        }
        if (!mentioned)
            continue;
        const QString subject = message.section(u'\n', 0, 0).trimmed();
        FixingPullRequest candidate;
        candidate.repository = repository;
        if (const QRegularExpressionMatch m = resolved.match(message); m.hasMatch())
            candidate.number = m.captured(1).toInt();
        else if (const QRegularExpressionMatch m = squashed.match(subject); m.hasMatch())
            candidate.number = m.captured(1).toInt();
        if (candidate.number == issueNumber)
            candidate.number = 0;
        candidate.title = QString(subject).remove(squashed).trimmed();
        candidate.url = candidate.number > 0 ? u"https://github.com/%1/pull/%2"_s.arg(repository).arg(candidate.number)
                                             : item.value("html_url"_L1).toString();
        candidate.mergedAt =
            QDateTime::fromString(commit.value("committer"_L1).toObject().value("date"_L1).toString(), Qt::ISODate);
        candidate.closesIssue = closes(message, repository, issueNumber);
        candidate.route = u"compare"_s;
        candidate.commit = item.value("sha"_L1).toString();
        best = candidate; // oldest first: the last one is the newest
    }
    return best;
}

QString FixingPullRequestJob::tagOf(const QString &version)
{
    static const QRegularExpression release(u"^v?(\\d+)\\.(\\d+)(?:\\.(\\d+))?$"_s);
    const QRegularExpressionMatch m = release.match(version.section(u'+', 0, 0).trimmed());
    if (!m.hasMatch())
        return {}; // a nightly, a dev build or a release candidate has no release tag
    return u"v%1.%2.%3"_s.arg(m.captured(1), m.captured(2), m.captured(3).isEmpty() ? u"0"_s : m.captured(3));
}

QString FixingPullRequestJob::reportedVersion(const QString &text)
{
    static const QRegularExpression version(
        u"\\bPyTorch version:\\s*(\\d+\\.\\d+(?:\\.\\d+)?(?:[+.][\\w.]+)*)|\\btorch\\s*(?:==|version\\s*:?)\\s*"
        u"(\\d+\\.\\d+(?:\\.\\d+)?(?:\\+\\w+)?)"_s,
        QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch m = version.match(text);
    return m.hasMatch() ? (m.captured(1).isEmpty() ? m.captured(2) : m.captured(1)) : QString();
}

QString FixingPullRequest::routeText() const
{
    if (route == u"graphql"_s)
        return u"GitHub's closing reference"_s;
    if (route == u"timeline"_s)
        return u"a cross-reference on the issue's timeline"_s;
    if (route == u"compare"_s)
        return u"commit %1 between %2 and %3"_s.arg(commit.left(10), fromTag, toTag);
    return {};
}

void FixingPullRequestJob::start(const QString &repository, int issueNumber, const FixVersionRange &range)
{
    m_repository = repository;
    m_issue = issueNumber;
    m_range = range;
    m_events = {};
    m_pages = 0;
    m_routesTried = 0;
    m_failures.clear();
    m_failureKind = ErrorKind::Failed;
    m_found.reset();
    askGraphQL();
}

void FixingPullRequestJob::askGraphQL()
{
    ++m_routesTried;
    static const QString query = uR"(query($owner: String!, $name: String!, $number: Int!) {
  repository(owner: $owner, name: $name) {
    issue(number: $number) {
      closedByPullRequestsReferences(first: 25, includeClosedPrs: false) {
        nodes { number title url merged mergedAt repository { nameWithOwner } }
      }
    }
  }
})"_s;
    GitHubRequestJob *job = m_client->graphql(query, QJsonObject{{u"owner"_s, m_repository.section(u'/', 0, 0)},
                                                                 {u"name"_s, m_repository.section(u'/', 1)},
                                                                 {u"number"_s, m_issue}});
    m_job = job;
    connect(job, &GitHubRequestJob::finished, this, [this](const Result<GitHubResponse> &r) {
        m_job = nullptr;
        if (m_done)
            return;
        if (!r) {
            nextRoute(u"Cannot read the closing references of #%1: %2"_s.arg(m_issue).arg(r.error()), r.errorKind());
            return;
        }
        const QJsonObject issue =
            r->json.object().value("data"_L1).toObject().value("repository"_L1).toObject().value("issue"_L1).toObject();
        if (issue.isEmpty()) {
            nextRoute(u"#%1 has no closing references on GitHub"_s.arg(m_issue));
            return;
        }
        const QJsonArray nodes =
            issue.value("closedByPullRequestsReferences"_L1).toObject().value("nodes"_L1).toArray();
        if (auto found = pickClosing(nodes, m_repository)) {
            finish(found);
            return;
        }
        nextRoute({});
    });
}

void FixingPullRequestJob::nextRoute(const QString &failure, ErrorKind kind)
{
    if (!failure.isEmpty()) {
        m_failures << failure;
        // Every route failed: if one of them could work on a retry, so could the lookup.
        if (m_failures.size() == 1 || m_failureKind != ErrorKind::Transient)
            m_failureKind = kind;
    }
    if (m_routesTried == 1) {
        ++m_routesTried;
        QUrlQuery query;
        query.addQueryItem(u"per_page"_s, u"100"_s);
        readTimeline(m_client->restUrl(u"/repos/%1/issues/%2/timeline"_s.arg(m_repository).arg(m_issue), query));
        return;
    }
    const QString base = tagOf(m_range.reproduces);
    const QString head = tagOf(m_range.passes);
    if (m_routesTried == 2 && !base.isEmpty() && !head.isEmpty() && base != head) {
        ++m_routesTried;
        m_pages = 0;
        QUrlQuery query;
        query.addQueryItem(u"per_page"_s, u"100"_s);
        compare(m_client->restUrl(u"/repos/%1/compare/%2...%3"_s.arg(m_repository, base, head), query));
        return;
    }
    // Every route asked: nothing found is an answer, unless every route failed.
    if (m_failures.size() >= m_routesTried)
        finish(Error{m_failures.join(u"; "_s), m_failureKind});
    else
        finish(std::optional<FixingPullRequest>());
}

void FixingPullRequestJob::readTimeline(const QUrl &url)
{
    GitHubRequestJob *job = m_client->get(url);
    m_job = job;
    connect(job, &GitHubRequestJob::finished, this, [this](const Result<GitHubResponse> &r) {
        m_job = nullptr;
        if (m_done)
            return;
        if (!r) {
            nextRoute(u"Cannot read the timeline of #%1: %2"_s.arg(m_issue).arg(r.error()), r.errorKind());
            return;
        }
        const GitHubResponse &response = r.value();
        if (!response.json.isArray()) {
            nextRoute(u"The timeline of #%1 is not a JSON array"_s.arg(m_issue));
            return;
        }
        for (const QJsonValue &v : response.json.array())
            m_events.append(v);
        if (response.nextPage.isValid() && ++m_pages < MaxPages) {
            readTimeline(response.nextPage);
            return;
        }
        if (auto found = pick(m_events, m_repository, m_issue)) {
            finish(found);
            return;
        }
        nextRoute({});
    });
}

void FixingPullRequestJob::compare(const QUrl &url)
{
    GitHubRequestJob *job = m_client->get(url);
    m_job = job;
    connect(job, &GitHubRequestJob::finished, this, [this](const Result<GitHubResponse> &r) {
        m_job = nullptr;
        if (m_done)
            return;
        const QString base = tagOf(m_range.reproduces);
        const QString head = tagOf(m_range.passes);
        if (!r) {
            nextRoute(u"Cannot compare %1 with %2: %3"_s.arg(base, head, r.error()), r.errorKind());
            return;
        }
        const QJsonArray commits = r->json.object().value("commits"_L1).toArray();
        // Oldest first, page after page: a later page's naming commit is newer than an earlier one's.
        if (auto found = pickCommit(commits, m_repository, m_issue))
            m_found = found;
        if (r->nextPage.isValid() && ++m_pages < MaxComparePages) {
            compare(r->nextPage);
            return;
        }
        if (m_found) {
            m_found->fromTag = base;
            m_found->toTag = head;
            finish(m_found);
            return;
        }
        nextRoute({});
    });
}

void FixingPullRequestJob::cancel()
{
    if (m_job)
        m_job->cancel();
    finish(Error::cancelled(u"cancelled"_s));
}

void FixingPullRequestJob::finish(const Result<std::optional<FixingPullRequest>> &result)
{
    if (m_done)
        return;
    m_done = true;
    Q_EMIT finished(result);
}
