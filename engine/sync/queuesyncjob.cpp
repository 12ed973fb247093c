// SPDX-License-Identifier: MIT
#include "engine/sync/queuesyncjob.h"

#include "engine/core/issuejsonreader.h"
#include "engine/github/githubclient.h"
#include "engine/github/githubrequestjob.h"
#include "engine/store/issuestore.h"
#include "engine/sync/syncpagewriter.h"

#include <QJsonArray>
#include <QTimeZone>

#include <tuple>
#include <utility>

using namespace Qt::StringLiterals;

Q_LOGGING_CATEGORY(lcSync, "triage.sync", QtInfoMsg)

namespace {

constexpr int CommentPage = 100;
constexpr int MinPageSize = 25;       // two halvings at most, then REST (or the error)
constexpr int FollowUpsPerQuery = 25; // issues whose further comments one GraphQL query asks for

const QString CommentFields =
    u"fragment CommentFields on IssueComment { databaseId author { login } authorAssociation body createdAt }"_s;

const QString IssuesQuery =
    u"query Queue($owner: String!, $name: String!, $labels: [String!], $states: [IssueState!], $since: DateTime,"
    " $cursor: String, $first: Int!) {"
    " repository(owner: $owner, name: $name) {"
    " issues(first: $first, after: $cursor, labels: $labels, states: $states, filterBy: {since: $since},"
    " orderBy: {field: UPDATED_AT, direction: ASC}) {"
    " totalCount pageInfo { hasNextPage endCursor }"
    " nodes { id number title body state url createdAt updatedAt authorAssociation author { login }"
    " labels(first: 100) { nodes { name } }"
    " reactions { totalCount } thumbsUp: reactions(content: THUMBS_UP) { totalCount }"
    " duplicates: timelineItems(itemTypes: [MARKED_AS_DUPLICATE_EVENT]) { totalCount }"
    " assignees(first: 20) { nodes { login } }"
    " comments(first: 100) { totalCount pageInfo { hasNextPage endCursor } nodes { ...CommentFields } } } } } } "_s +
    CommentFields;

QString isoSince(const QDateTime &since)
{
    return since.toUTC().toString(Qt::ISODate);
}

QList<Comment> commentsFrom(const QJsonArray &nodes)
{
    QList<Comment> comments;
    comments.reserve(nodes.size());
    for (const QJsonValue &value : nodes) {
        const QJsonObject object = value.toObject();
        Comment comment;
        comment.id = object.contains("databaseId"_L1) ? object.value("databaseId"_L1).toInteger()
                                                      : object.value("id"_L1).toInteger();
        const QJsonValue author = object.contains("author"_L1) ? object.value("author"_L1) : object.value("user"_L1);
        comment.author = author.toObject().value("login"_L1).toString(); // null author: a deleted account
        comment.authorAssociation = (object.contains("authorAssociation"_L1) ? object.value("authorAssociation"_L1)
                                                                             : object.value("author_association"_L1))
                                        .toString()
                                        .toUpper();
        comment.body = object.value("body"_L1).toString();
        comment.createdAt = QDateTime::fromString(
            (object.contains("createdAt"_L1) ? object.value("createdAt"_L1) : object.value("created_at"_L1)).toString(),
            Qt::ISODateWithMs);
        comments.append(std::move(comment));
    }
    return comments;
}

QDateTime newest(const QList<Issue> &issues, QDateTime since)
{
    for (const Issue &issue : issues) {
        if (!since.isValid() || issue.updatedAt > since)
            since = issue.updatedAt;
    }
    return since;
}

} // namespace

QueueSyncJob::QueueSyncJob(GitHubClient *client, IssueStore *store, QueueSpec queue, QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_store(store)
    , m_queue(std::move(queue))
{
    qRegisterMetaType<SyncSummary>();
}

QueueSyncJob::~QueueSyncJob()
{
    if (m_current)
        m_current->cancel();
    // Before this object stops being one: the writer's answers are queued to it.
    m_writer.reset();
}

void QueueSyncJob::start()
{
    if (m_started)
        return;
    m_started = true;
    m_requestsAtStart = m_client->requestsSent();
    if (!m_queue.isValid()) {
        fail(Error::failed(tr("\"%1\" is not a repository of the form OWNER/NAME").arg(m_queue.repository())));
        return;
    }
    const Result<qint64> queueId = m_store->ensureQueue(m_queue);
    if (!queueId) {
        fail(queueId.failure());
        return;
    }
    m_queueId = queueId.value();
    m_useGraphQL = m_mode == Mode::GraphQL || (m_mode == Mode::Auto && m_client->hasToken());
    beginPass();
}

void QueueSyncJob::beginPass()
{
    const Result<SyncState> state = m_store->syncState(m_queueId);
    if (!state) {
        fail(state.failure());
        return;
    }
    const SyncMode mode = m_useGraphQL ? SyncMode::GraphQL : SyncMode::Rest;
    if (state->passInProgress() && state->passMode == mode && !m_forceFull) {
        m_summary.resumed = true;
        m_passSince = state->passSince;
        m_cursor = state->cursor;
        qCInfo(lcSync) << "resuming an interrupted" << syncModeName(mode) << "pass of" << m_queue.repository();
        m_passStarted = state->passStarted;
    } else {
        const bool due = m_fullSyncInterval.count() > 0 && state->lastFullSync.isValid() &&
                         state->lastFullSync.msecsTo(QDateTime::currentDateTimeUtc()) >= m_fullSyncInterval.count();
        m_passSince = m_forceFull || due ? QDateTime() : state->since;
        if (!m_passSince.isValid() && m_horizon.isValid())
            m_passSince = m_horizon;
        m_passStarted = QDateTime::currentDateTimeUtc();
        m_cursor.clear();
    }
    m_fullPass = !m_passSince.isValid();
    m_summary.mode = mode;
    m_summary.incremental = !m_fullPass;
    m_pagesCommitted = 0;
    m_total = -1;
    m_issuesDone = 0;
    if (m_useGraphQL) {
        requestGraphQLPage();
    } else {
        if (m_cursor.isEmpty() || QUrl(m_cursor).host() != m_client->apiUrl().host()) {
            QUrlQuery query;
            if (!m_queue.labels.isEmpty())
                query.addQueryItem(u"labels"_s, m_queue.labels.join(u','));
            // A re-sync asks for every state: issues that closed since the last pass must be seen too.
            query.addQueryItem(u"state"_s, queueStateName(m_fullPass ? m_queue.state : QueueState::All));
            query.addQueryItem(u"sort"_s, u"updated"_s);
            query.addQueryItem(u"direction"_s, u"asc"_s);
            query.addQueryItem(u"per_page"_s, QString::number(m_pageSize));
            if (!m_fullPass)
                query.addQueryItem(u"since"_s, isoSince(m_passSince));
            m_cursor = m_client->restUrl(u"/repos/%1/%2/issues"_s.arg(m_queue.owner, m_queue.name), query)
                           .toString(QUrl::FullyEncoded);
        }
        requestRestPage();
    }
}

void QueueSyncJob::track(GitHubRequestJob *job)
{
    m_current = job;
    connect(job, &GitHubRequestJob::waiting, this, &QueueSyncJob::waiting);
}

// ---- GraphQL -------------------------------------------------------------------------------------

void QueueSyncJob::requestGraphQLPage()
{
    QJsonObject variables{{u"owner"_s, m_queue.owner}, {u"name"_s, m_queue.name}, {u"first"_s, m_pageSize}};
    // GraphQL ORs the labels it is given: ask for the first, AND the others when loading the queue.
    variables.insert(u"labels"_s,
                     m_queue.labels.isEmpty() ? QJsonValue() : QJsonValue(QJsonArray{m_queue.labels.constFirst()}));
    QJsonValue states; // null: every state
    if (const std::optional<IssueState> state = issueStateOf(m_queue.state); m_fullPass && state)
        states = QJsonArray{issueStateName(*state)};
    variables.insert(u"states"_s, states);
    variables.insert(u"since"_s, m_fullPass ? QJsonValue() : QJsonValue(isoSince(m_passSince)));
    variables.insert(u"cursor"_s, m_cursor.isEmpty() ? QJsonValue() : QJsonValue(m_cursor));
    GitHubRequestJob *job = m_client->graphql(IssuesQuery, variables);
    connect(job, &GitHubRequestJob::finished, this, &QueueSyncJob::onGraphQLPage);
    track(job);
}

void QueueSyncJob::onGraphQLPage(const Result<GitHubResponse> &result)
{
    if (m_done)
        return;
    if (!result) {
        // GitHub's GraphQL gives up on pages that cost too much (502s, timeouts): ask for smaller ones.
        if (m_current && m_current->failedTransiently() && m_pageSize > MinPageSize) {
            m_pageSize = std::max(MinPageSize, m_pageSize / 2);
            qCInfo(lcSync) << "GraphQL pages of this queue fail; trying" << m_pageSize << "issues a page";
            requestGraphQLPage();
            return;
        }
        if (m_mode == Mode::Auto && m_pagesCommitted == 0)
            fallBackToRest(result.error());
        else
            fail(result.failure());
        return;
    }
    const QJsonObject data = result->json.object().value("data"_L1).toObject();
    const QJsonValue repository = data.value("repository"_L1);
    if (!repository.isObject()) {
        fail(Error::refused(
            tr("%1 was not found on %2, or the token cannot see it").arg(m_queue.repository(), m_client->host())));
        return;
    }
    const QJsonObject connection = repository.toObject().value("issues"_L1).toObject();
    m_total = connection.value("totalCount"_L1).toInt(-1);
    const QJsonObject pageInfo = connection.value("pageInfo"_L1).toObject();
    m_pageHasNext = pageInfo.value("hasNextPage"_L1).toBool();
    m_pageNextCursor = pageInfo.value("endCursor"_L1).toString();

    m_page.clear();
    m_commentCursors.clear();
    for (const QJsonValue &value : connection.value("nodes"_L1).toArray()) {
        const QJsonObject node = value.toObject();
        Result<Issue> issue = IssueJsonReader::fromJson(node);
        if (!issue) {
            qCWarning(lcSync) << "skipping an issue GitHub sent:" << issue.error();
            continue;
        }
        Issue parsed = std::move(issue).value();
        parsed.nodeId = node.value("id"_L1).toString();
        const QJsonObject comments = node.value("comments"_L1).toObject();
        parsed.comments = commentsFrom(comments.value("nodes"_L1).toArray());
        parsed.commentCount = comments.value("totalCount"_L1).toInt();
        const QJsonObject commentPage = comments.value("pageInfo"_L1).toObject();
        if (commentPage.value("hasNextPage"_L1).toBool())
            m_commentCursors.insert(parsed.number, commentPage.value("endCursor"_L1).toString());
        m_page.append(std::move(parsed));
    }
    if (m_commentCursors.isEmpty())
        commitGraphQLPage();
    else
        requestMoreComments();
}

void QueueSyncJob::requestMoreComments()
{
    QString fields;
    QJsonObject variables;
    QString parameters;
    int index = 0;
    for (auto it = m_commentCursors.cbegin(); it != m_commentCursors.cend() && index < FollowUpsPerQuery; ++it) {
        const auto row =
            std::find_if(m_page.cbegin(), m_page.cend(), [&](const Issue &i) { return i.number == it.key(); });
        parameters += u", $id%1: ID!, $after%1: String"_s.arg(index);
        fields += u" c%1: node(id: $id%1) { ... on Issue { number comments(first: %2, after: $after%1) {"
                  " pageInfo { hasNextPage endCursor } nodes { ...CommentFields } } } }"_s.arg(index)
                      .arg(CommentPage);
        variables.insert(u"id%1"_s.arg(index), row->nodeId);
        variables.insert(u"after%1"_s.arg(index), it.value());
        ++index;
    }
    const QString query = u"query MoreComments("_s + parameters.mid(2) + u") {"_s + fields + u" } "_s + CommentFields;
    GitHubRequestJob *job = m_client->graphql(query, variables);
    connect(job, &GitHubRequestJob::finished, this, &QueueSyncJob::onMoreComments);
    track(job);
}

void QueueSyncJob::onMoreComments(const Result<GitHubResponse> &result)
{
    if (m_done)
        return;
    if (!result) {
        fail(result.failure());
        return;
    }
    const QJsonObject data = result->json.object().value("data"_L1).toObject();
    for (auto it = data.constBegin(); it != data.constEnd(); ++it) {
        const QJsonObject node = it.value().toObject();
        const int number = node.value("number"_L1).toInt();
        const auto row = std::find_if(m_page.begin(), m_page.end(), [&](const Issue &i) { return i.number == number; });
        if (row == m_page.end() || !m_commentCursors.contains(number)) {
            fail(Error::failed(tr("GitHub answered a comment query with an unexpected issue (#%1)").arg(number)));
            return;
        }
        const QJsonObject comments = node.value("comments"_L1).toObject();
        row->comments.append(commentsFrom(comments.value("nodes"_L1).toArray()));
        const QJsonObject pageInfo = comments.value("pageInfo"_L1).toObject();
        const QString cursor = pageInfo.value("endCursor"_L1).toString();
        // A cursor that does not move would loop for ever.
        if (pageInfo.value("hasNextPage"_L1).toBool() && !cursor.isEmpty() && cursor != m_commentCursors.value(number))
            m_commentCursors.insert(number, cursor);
        else
            m_commentCursors.remove(number);
    }
    if (m_commentCursors.isEmpty())
        commitGraphQLPage();
    else
        requestMoreComments();
}

void QueueSyncJob::commitGraphQLPage()
{
    const QList<Issue> page = std::exchange(m_page, {});
    commit(page, m_pageHasNext && m_pageNextCursor != m_cursor ? m_pageNextCursor : QString(), [this] {
        if (m_cursor.isEmpty())
            succeed();
        else
            requestGraphQLPage();
    });
}

void QueueSyncJob::fallBackToRest(const QString &why)
{
    qCWarning(lcSync) << "GraphQL failed, falling back to REST:" << why;
    m_useGraphQL = false;
    beginPass();
}

// ---- REST ----------------------------------------------------------------------------------------

void QueueSyncJob::requestRestPage()
{
    const Result<SyncState> state = m_store->syncState(m_queueId);
    const bool conditional = state && m_pagesCommitted == 0 && !state->etag.isEmpty() && state->etagUrl == m_cursor;
    GitHubRequestJob *job = m_client->get(QUrl(m_cursor, QUrl::StrictMode), conditional ? state->etag : QByteArray());
    connect(job, &GitHubRequestJob::finished, this, &QueueSyncJob::onRestPage);
    track(job);
}

void QueueSyncJob::onRestPage(const Result<GitHubResponse> &result)
{
    if (m_done)
        return;
    if (!result) {
        fail(result.failure());
        return;
    }
    if (result->notModified()) {
        // Nothing changed since the last pass: record the visit, nothing else.
        Result<SyncState> state = m_store->syncState(m_queueId);
        if (!state) {
            fail(state.failure());
            return;
        }
        state.value().cursor.clear();
        state.value().passMode.reset();
        state.value().lastSync = QDateTime::currentDateTimeUtc();
        if (m_fullPass) // the whole queue is as the last full pass left it
            state.value().lastFullSync = state.value().lastSync;
        const Result<int> written = m_store->writeSyncState(state.value());
        if (!written) {
            fail(written.failure());
            return;
        }
        m_summary.notModified = true;
        succeed();
        return;
    }
    if (!result->json.isArray()) {
        fail(Error::failed(tr("GitHub sent something other than a list of issues for %1").arg(m_queue.repository())));
        return;
    }
    if (m_pagesCommitted == 0 && !m_summary.resumed) {
        // Recorded with the pass's last page only: an ETag must never stand for a pass left unfinished.
        m_firstPageEtag = result->etag;
        m_firstPageUrl = m_cursor;
    }
    m_page.clear();
    for (const QJsonValue &value : result->json.array()) {
        const QJsonObject object = value.toObject();
        if (object.contains("pull_request"_L1))
            continue; // the issues endpoint lists pull requests too
        Result<Issue> issue = IssueJsonReader::fromJson(object);
        if (!issue) {
            qCWarning(lcSync) << "skipping an issue GitHub sent:" << issue.error();
            continue;
        }
        Issue parsed = std::move(issue).value();
        parsed.nodeId = object.value("node_id"_L1).toString();
        parsed.commentCount = object.value("comments"_L1).toInt();
        parsed.comments.clear();
        m_page.append(std::move(parsed));
    }
    m_pageNextCursor = result->nextPage.isValid() ? result->nextPage.toString(QUrl::FullyEncoded) : QString();

    // Comments only for issues that changed since they were stored.
    QList<int> numbers;
    for (const Issue &issue : std::as_const(m_page))
        numbers.append(issue.number);
    const auto stored = m_store->storedVersions(m_queue.repository(), numbers);
    QList<Issue> changed;
    m_commentQueue.clear();
    m_unchanged.clear();
    for (Issue &issue : m_page) {
        const auto known = stored.constFind(issue.number);
        if (known != stored.cend() && known->first == issue.updatedAt && known->second == issue.commentCount) {
            m_unchanged.append(issue.number);
            continue;
        }
        if (issue.commentCount > 0)
            m_commentQueue.append(int(changed.size()));
        changed.append(std::move(issue));
    }
    m_page = std::move(changed);
    m_commentUrl.clear();
    requestRestComments();
}

void QueueSyncJob::requestRestComments()
{
    if (m_commentQueue.isEmpty()) {
        commitRestPage();
        return;
    }
    if (!m_commentUrl.isValid()) {
        const Issue &issue = m_page.at(m_commentQueue.constFirst());
        m_commentUrl =
            m_client->restUrl(u"/repos/%1/%2/issues/%3/comments"_s.arg(m_queue.owner, m_queue.name).arg(issue.number),
                              QUrlQuery{{u"per_page"_s, QString::number(CommentPage)}});
    }
    GitHubRequestJob *job = m_client->get(m_commentUrl);
    connect(job, &GitHubRequestJob::finished, this, &QueueSyncJob::onRestComments);
    track(job);
}

void QueueSyncJob::onRestComments(const Result<GitHubResponse> &result)
{
    if (m_done)
        return;
    if (!result) {
        fail(result.failure());
        return;
    }
    m_page[m_commentQueue.constFirst()].comments.append(commentsFrom(result->json.array()));
    if (result->nextPage.isValid() && result->nextPage != m_commentUrl) {
        m_commentUrl = result->nextPage;
    } else {
        m_commentQueue.removeFirst();
        m_commentUrl.clear();
    }
    requestRestComments();
}

void QueueSyncJob::commitRestPage()
{
    const QList<Issue> page = std::exchange(m_page, {});
    commit(page, m_pageNextCursor != m_cursor ? m_pageNextCursor : QString(), [this] {
        if (m_cursor.isEmpty())
            succeed();
        else
            requestRestPage();
    });
}

// ---- both ----------------------------------------------------------------------------------------

void QueueSyncJob::commit(const QList<Issue> &issues, const QString &nextCursor, std::function<void()> next)
{
    Result<SyncState> loaded = m_store->syncState(m_queueId);
    if (!loaded) {
        fail(loaded.failure());
        return;
    }
    SyncState state = std::move(loaded).value();
    const bool continuing = m_pagesCommitted > 0 || m_summary.resumed; // else a stale watermark is not ours
    state.passWatermark = newest(issues, continuing ? state.passWatermark : QDateTime());
    if (nextCursor.isEmpty()) {
        // The pass is complete: the next one asks only for what changed after the newest issue seen.
        if (state.passWatermark.isValid() && (!state.since.isValid() || state.passWatermark > state.since))
            state.since = state.passWatermark;
        state.cursor.clear();
        state.passMode.reset();
        state.passSince = {};
        state.passWatermark = {};
        state.lastSync = QDateTime::currentDateTimeUtc();
        if (m_fullPass)
            state.lastFullSync = state.lastSync;
        if (!m_useGraphQL) {
            state.etag = m_firstPageEtag;
            state.etagUrl = m_firstPageUrl;
        }
    } else {
        state.cursor = nextCursor;
        state.passMode = m_summary.mode;
        state.passSince = m_passSince;
    }
    const bool prune = nextCursor.isEmpty() && m_fullPass && m_passStarted.isValid();
    if (nextCursor.isEmpty())
        state.passStarted = {};
    else
        state.passStarted = m_passStarted;
    SyncPageWriter::Page page{m_queue.repository(),           issues,       state,
                              std::exchange(m_unchanged, {}), std::nullopt, m_passStarted};
    if (prune)
        page.pruneQueue = m_queue;
    if (!m_writer)
        m_writer = std::make_unique<SyncPageWriter>(m_store->path());
    int comments = 0;
    for (const Issue &issue : issues)
        comments += int(issue.comments.size());
    const int pageIssues = int(issues.size());
    m_writer->write(std::move(page), this,
                    [this, nextCursor, comments, pageIssues,
                     next = std::move(next)](const Result<SyncPageWriter::Written> &written) {
                        if (m_done)
                            return; // cancelled meanwhile; the page is stored and the next sync resumes after it
                        if (!written) {
                            fail(written.failure());
                            return;
                        }
                        ++m_pagesCommitted;
                        m_cursor = nextCursor;
                        m_summary.issues += written->issues;
                        m_summary.removed += written->pruned;
                        m_summary.comments += comments;
                        m_issuesDone += pageIssues;
                        Q_EMIT progress(m_issuesDone, m_total, m_summary.comments);
                        next();
                    });
}

void QueueSyncJob::cancel()
{
    if (m_done)
        return;
    if (m_current)
        m_current->disconnect(this);
    if (m_current)
        m_current->cancel();
    fail(Error::cancelled(
        tr("sync cancelled with %1 issues stored; the next sync continues from there").arg(m_summary.issues)));
}

void QueueSyncJob::fail(const Error &error)
{
    if (m_done)
        return;
    m_done = true;
    m_summary.requests = m_client->requestsSent() - m_requestsAtStart;
    qCWarning(lcSync) << "sync of" << m_queue.repository() << "failed:" << error.message;
    // The pages stored before the end stay stored: what they held goes along as partial().
    Q_EMIT finished(Result<SyncSummary>(error, m_summary));
    deleteLater();
}

void QueueSyncJob::succeed()
{
    if (m_done)
        return;
    m_done = true;
    m_summary.requests = m_client->requestsSent() - m_requestsAtStart;
    m_summary.rateLimitRemaining = m_client->rateLimit().remaining;
    // Counted in SQL, on the writer's thread: even counting takes a while on a queue of thousands.
    if (!m_writer)
        m_writer = std::make_unique<SyncPageWriter>(m_store->path());
    m_writer->countQueue(m_queue, this, [this](QPair<int, int> counts) {
        std::tie(m_summary.queueIssues, m_summary.queueComments) = counts;
        qCInfo(lcSync) << "synced" << m_queue.repository() << m_summary.issues << "issues," << m_summary.comments
                       << "comments in" << m_summary.requests << "requests";
        Q_EMIT finished(m_summary);
        deleteLater();
    });
}
