// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/github/githubclient.h"

#include <QDateTime>
#include <QHash>
#include <QHttpHeaders>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <functional>

class QHttpServer;
class QHttpServerRequest;
class QHttpServerResponder;
class QTcpServer;

struct TestComment
{
    qint64 id = 0;
    QString author;
    QString association;
    QString body;
    QDateTime createdAt;
};

// Another issue or pull request that mentions a test issue: a `cross-referenced` event on its timeline.
struct TestCrossReference
{
    int number = 0;
    QString repository; // owner/name; empty: the server's own
    QString title;
    QString body;
    bool pullRequest = true;
    QDateTime mergedAt; // invalid: not merged (open, or closed unmerged)
    bool closed = false;
    QDateTime at;
};

// A commit as the compare API lists it (`GET /repos/{o}/{r}/compare/{base}...{head}`), oldest first.
struct TestCommit
{
    QString sha;
    QString message;
    QDateTime at;
};

struct TestIssue
{
    int number = 0;
    QString nodeId;
    QString title;
    QString body;
    QString author;
    QString association;
    bool open = true;
    QString stateReason = QStringLiteral("completed"); // when closed
    bool pullRequest = false;
    QStringList labels;
    QDateTime createdAt;
    QDateTime updatedAt;
    QList<TestComment> comments;
    // The token owner's notification subscription (GraphQL viewerSubscription): SUBSCRIBED, UNSUBSCRIBED,
    // IGNORED. Commenting subscribes, as on GitHub; adding or removing labels does not.
    QString subscription = QStringLiteral("UNSUBSCRIBED");
    bool locked = false;
    QString lockReason; // GitHub's active_lock_reason when locked ("too heated", "resolved", …)
    // The REST timeline (`…/issues/N/timeline`): its comments and labels as events, and these mentions.
    QList<TestCrossReference> crossReferences;
    // The pull requests GitHub links as closing it (GraphQL closedByPullRequestsReferences): their descriptions
    // close it; merged or not (mergedAt invalid: open, it closes the issue when merged).
    QList<TestCrossReference> closedBy;
    // How many people it touches (GraphQL reactions, thumbsUp, MARKED_AS_DUPLICATE timeline items) and who has it.
    int reactions = 0;
    int thumbsUp = 0;
    int duplicates = 0;
    QStringList assignees;

    // The issue as the console read it before a submit: number, title, state, labels and comments.
    Issue seen() const;
    // How many comments contain `text` (a marker, say).
    int commentsContaining(const QString &text) const;
};

// A repository label as GET /repos/{owner}/{repo}/labels lists it.
struct TestLabel
{
    QString name;
    QString color; // six hex digits, no '#'
    QString description;
};

// Retries and waits scaled down for the test server: four attempts, backoff in milliseconds, 400 ms without a
// byte is a lost answer, Retry-After: 1 waits 50 ms.
RetryPolicy fastRetryPolicy();

// A GitHub-shaped server on 127.0.0.1 (ephemeral port) for the queries the console makes: REST issue
// lists and comments with Link pagination and ETags, GraphQL issue pages with comment cursors, the
// x-ratelimit-* headers, and faults injected on demand. Data is generated, deterministic, and mutable.
class GitHubTestServer final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(GitHubTestServer)

public:
    enum class Fault
    {
        InternalError,       // 500
        BadGateway,          // 502
        SecondaryLimit,      // 403 + Retry-After
        TooManyRequests,     // 429 + Retry-After
        RateLimitExhausted,  // 403 + x-ratelimit-remaining: 0, reset in retryAfterSeconds
        Slow,                // answers after delayMs
        DropConnection,      // headers promise more than is sent, then the connection closes
        MalformedJson,       // 200 with half a document
        NotFound,            // 404
        ApplyThenDrop,       // a write is applied, then its answer is lost (the connection drops)
        UnprocessableEntity, // 422 with GitHub's validation message
        Redirect,            // redirectStatus to the same path and query on redirectTo's server
    };
    struct FaultRule
    {
        Fault fault = Fault::InternalError;
        QString pathContains; // which requests: "" any, "/graphql", "/comments", …; "POST /comments": POSTs only
        int skip = 0;         // let this many matching requests through first
        int times = 1;        // then fault this many (-1: every one)
        int retryAfterSeconds = 1;
        int delayMs = 0;
        QString bodyContains = {}; // … and whose body contains this ("updateSubscription"); "" any
        QUrl redirectTo = {};      // Redirect: the server (scheme, host, port) to send the client to
        int redirectStatus = 307;  // Redirect: 301, 302, 303, 307 or 308
    };
    struct Generation
    {
        QString owner = QStringLiteral("pytorch");
        QString name = QStringLiteral("pytorch");
        int issues = 100;
        int maxComments = 60;      // issue n has (n·37) mod (maxComments+1) comments …
        int manyCommentsEvery = 0; // … except every k-th, which has manyComments + n mod 50
        int manyComments = 150;
        QStringList queueLabels = {QStringLiteral("oncall: distributed")};
        int closedEvery = 0;       // every k-th issue is closed
        int pullRequestEvery = 0;  // every k-th number is a pull request (REST lists only)
        int otherLabelEvery = 0;   // every k-th issue lacks the queue labels (another queue)
        int unicodeLabelEvery = 0; // every k-th issue also has UnicodeLabel
        int hugeBodyIssue = 0;     // this issue's body is 5 MB
        // The repository's labels: the queue labels, `triaged`, `module: docs`, UnicodeLabel, then generated
        // ones ("module: area 7", …) up to this many in all.
        int repositoryLabels = 40;
    };
    static const QString UnicodeLabel;

    explicit GitHubTestServer(QObject *parent = nullptr);
    ~GitHubTestServer() override;

    bool start();
    QUrl url() const;
    // Points a test's client at this server: its URL, the token and fastRetryPolicy().
    void connectClient(GitHubClient &client, const QString &token = QStringLiteral("ghp_testtoken123")) const;

    void generate(const Generation &generation);
    QString repository() const { return m_owner + u'/' + m_name; }
    QList<TestIssue> &issues() { return m_issues; }
    // The repository's labels, in GitHub's order (creation); mutable, as on GitHub.
    QList<TestLabel> &labels() { return m_labels; }
    const TestIssue *issue(int number) const;
    // Moves an issue to the newest update, optionally with one more comment.
    void touch(int number, const QString &newComment = {});
    int commentTotal() const;

    // The commits between two tags or SHAs, as the compare API pages them (per_page, Link header).
    void setComparison(const QString &base, const QString &head, const QList<TestCommit> &commits)
    {
        m_comparisons.insert(base + QStringLiteral("...") + head, commits);
    }

    void addFault(const FaultRule &rule) { m_faults.append(rule); }
    void clearFaults() { m_faults.clear(); }
    void setRateLimit(int remaining) { m_rateRemaining = remaining; }

    // Writes, per issue and in all: what the outbox must do exactly once, and what it must never do.
    struct WriteCounts
    {
        int comments = 0;            // POST …/comments that created one
        int labelPosts = 0;          // POST …/labels (append)
        int labelsAdded = 0;         // labels those posts added (already present ones do not count)
        int labelsRedundant = 0;     // labels those posts sent although already present
        int labelPuts = 0;           // PUT …/labels (replace): never used by the console
        int labelDeletes = 0;        // DELETE …/labels/NAME: never used by the console
        int patches = 0;             // PATCH …/issues/N
        int subscriptionUpdates = 0; // GraphQL updateSubscription
    };
    WriteCounts writes(int number) const { return m_writes.value(number); }
    WriteCounts totalWrites() const;
    // "POST /repos/o/n/issues/5/labels", in order.
    QStringList writeLog() const { return m_writeLog; }
    // The login the server answers GET /user with, and posts comments as.
    static const QString Login;

    int requestCount() const { return int(m_requests.size()); }
    int requestCount(const QString &pathContains) const;
    QStringList requests() const { return m_requests; }
    void resetCounts() { m_requests.clear(); }
    QHttpHeaders lastHeaders() const { return m_lastHeaders; }
    // Every Authorization header this server received, in order (a server that must never see a token
    // records none).
    QByteArrayList authorizations() const { return m_authorizations; }

Q_SIGNALS:
    void requestServed(const QString &pathAndQuery);

private:
    struct Answer
    {
        int status = 200;
        QByteArray body;
        QHttpHeaders headers;
    };
    using Producer = std::function<Answer()>;

    void serve(const QHttpServerRequest &request, QHttpServerResponder &responder, const Producer &produce);
    bool takeFault(const QString &path, const QString &method, const QByteArray &body, FaultRule *rule);
    QHttpHeaders rateHeaders(bool graphql, bool spend);
    Answer restIssues(const QString &owner, const QString &name, const QHttpServerRequest &request);
    Answer restLabels(const QString &owner, const QString &name, const QHttpServerRequest &request);
    Answer restComments(const QString &owner, const QString &name, int number, const QHttpServerRequest &request);
    Answer timeline(const QString &owner, const QString &name, int number, const QHttpServerRequest &request);
    Answer graphql(const QHttpServerRequest &request);
    Answer graphqlSubscription(const QString &text, const QJsonObject &variables);
    Answer graphqlClosingReferences(const QJsonObject &variables);
    Answer compare(const QString &owner, const QString &name, const QString &basehead,
                   const QHttpServerRequest &request);
    Answer singleIssue(const QString &owner, const QString &name, int number);
    Answer postComment(const QString &owner, const QString &name, int number, const QHttpServerRequest &request);
    Answer postLabels(const QString &owner, const QString &name, int number, const QHttpServerRequest &request,
                      bool replace);
    Answer deleteLabel(const QString &owner, const QString &name, int number, const QString &label);
    Answer patchIssue(const QString &owner, const QString &name, int number, const QHttpServerRequest &request);
    QJsonObject issueJson(const TestIssue &issue) const;
    TestIssue *findIssue(const QString &owner, const QString &name, int number);
    void noteWrite(const QHttpServerRequest &request);
    QDateTime nextUpdate() const;
    QByteArray linkHeader(const QHttpServerRequest &request, int page, int lastPage) const;
    bool isOurRepository(const QString &owner, const QString &name) const;

    QHttpServer *m_http;
    QTcpServer *m_tcp;
    QTcpServer *m_dropper;
    QString m_owner;
    QString m_name;
    QList<TestIssue> m_issues;
    QList<TestLabel> m_labels;
    QHash<QString, QList<TestCommit>> m_comparisons;
    QList<FaultRule> m_faults;
    QStringList m_requests;
    QStringList m_writeLog;
    QHash<int, WriteCounts> m_writes;
    QHttpHeaders m_lastHeaders;
    QByteArrayList m_authorizations;
    int m_rateRemaining = 5000;
    qint64 m_rateReset = 0;
};
