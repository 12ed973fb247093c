// SPDX-License-Identifier: MIT
#include "engine/scrub/fixingpullrequestjob.h"

#include "engine/github/githubclient.h"
#include "engine/github/githubrequestjob.h"

#include <QJsonObject>
#include <QRegularExpression>
#include <QUrlQuery>

using namespace Qt::StringLiterals;

namespace {

constexpr int MaxPages = 10; // 1,000 events; an issue with more has bigger problems than its fixing PR

bool closes(const QString &body, const QString &repository, int issue)
{
    // GitHub's closing keywords, with `#N`, `owner/name#N` or the issue's URL.
    const QString ref = u"(?:#|%1#|https?://github\\.com/%1/issues/)%2\\b"_s.arg(QRegularExpression::escape(repository))
                            .arg(issue);
    const QRegularExpression re(u"\\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)\\s*:?\\s+"_s + ref,
                                QRegularExpression::CaseInsensitiveOption);
    return re.match(body).hasMatch();
}

} // namespace

FixingPullRequestJob::FixingPullRequestJob(GitHubClient *client, QObject *parent)
    : QObject(parent)
    , m_client(client)
{
}

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

void FixingPullRequestJob::start(const QString &repository, int issueNumber)
{
    m_repository = repository;
    m_issue = issueNumber;
    m_events = {};
    m_pages = 0;
    QUrlQuery query;
    query.addQueryItem(u"per_page"_s, u"100"_s);
    fetch(m_client->restUrl(u"/repos/%1/issues/%2/timeline"_s.arg(repository).arg(issueNumber), query));
}

void FixingPullRequestJob::fetch(const QUrl &url)
{
    GitHubRequestJob *job = m_client->get(url);
    m_job = job;
    connect(job, &GitHubRequestJob::finished, this, [this](const Result<GitHubResponse> &r) {
        m_job = nullptr;
        if (m_done)
            return;
        if (!r) {
            finish(Error{u"Cannot read the timeline of #%1: %2"_s.arg(m_issue).arg(r.error())});
            return;
        }
        const GitHubResponse &response = r.value();
        if (!response.json.isArray()) {
            finish(Error{u"The timeline of #%1 is not a JSON array"_s.arg(m_issue)});
            return;
        }
        for (const QJsonValue &v : response.json.array())
            m_events.append(v);
        if (response.nextPage.isValid() && ++m_pages < MaxPages) {
            fetch(response.nextPage);
            return;
        }
        finish(pick(m_events, m_repository, m_issue));
    });
}

void FixingPullRequestJob::cancel()
{
    if (m_job)
        m_job->cancel();
    finish(Error{u"cancelled"_s});
}

void FixingPullRequestJob::finish(const Result<std::optional<FixingPullRequest>> &result)
{
    if (m_done)
        return;
    m_done = true;
    Q_EMIT finished(result);
}
