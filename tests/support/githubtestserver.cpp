// SPDX-License-Identifier: MIT
#include "tests/support/githubtestserver.h"

#include <QCryptographicHash>
#include <QHttpServer>
#include <QHttpServerRequest>
#include <QHttpServerResponder>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <QTimeZone>
#include <QUrlQuery>

#include <algorithm>
#include <memory>

using namespace Qt::StringLiterals;

Issue TestIssue::seen() const
{
    Issue issue;
    issue.number = number;
    issue.title = title;
    issue.state = open ? IssueState::Open : IssueState::Closed;
    issue.labels = labels;
    issue.updatedAt = updatedAt;
    issue.commentCount = int(comments.size());
    for (const TestComment &c : comments)
        issue.comments.append(Comment{c.author, c.association, c.body, c.createdAt, c.id});
    return issue;
}

int TestIssue::commentsContaining(const QString &text) const
{
    return int(
        std::count_if(comments.cbegin(), comments.cend(), [&](const TestComment &c) { return c.body.contains(text); }));
}

RetryPolicy fastRetryPolicy()
{
    using namespace std::chrono_literals;
    RetryPolicy policy;
    policy.maxAttempts = 4;
    policy.baseDelay = 5ms;
    policy.maxDelay = 40ms;
    policy.secondaryLimitDelay = 1000ms;
    policy.transferTimeout = 400ms;
    policy.serverWaitScale = 0.05;
    return policy;
}

const QString GitHubTestServer::UnicodeLabel = u"module: ünïcode ✓ and spaces"_s;
const QString GitHubTestServer::Login = u"octo-oncall"_s;

namespace {

// Replies go out in several writes (headers, body): without TCP_NODELAY, Nagle's algorithm and delayed
// ACKs add 40 ms to each round trip on loopback.
class LowDelayTcpServer final : public QTcpServer
{
public:
    using QTcpServer::QTcpServer;

protected:
    void incomingConnection(qintptr descriptor) override
    {
        auto *socket = new QTcpSocket(this);
        socket->setSocketDescriptor(descriptor);
        socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
        addPendingConnection(socket);
    }
};

const QDateTime Epoch = QDateTime(QDate(2024, 1, 1), QTime(0, 0), QTimeZone::UTC);

QString iso(const QDateTime &time)
{
    return time.toUTC().toString(Qt::ISODate);
}

QString methodName(QHttpServerRequest::Method method)
{
    switch (method) {
    case QHttpServerRequest::Method::Get:
        return u"GET"_s;
    case QHttpServerRequest::Method::Post:
        return u"POST"_s;
    case QHttpServerRequest::Method::Put:
        return u"PUT"_s;
    case QHttpServerRequest::Method::Patch:
        return u"PATCH"_s;
    case QHttpServerRequest::Method::Delete:
        return u"DELETE"_s;
    default:
        return u"OTHER"_s;
    }
}

const QByteArray NotFoundBody = R"({"message":"Not Found","documentation_url":"https://docs.github.com/rest"})";

QJsonObject user(const QString &login)
{
    return {{u"login"_s, login}, {u"id"_s, qint64(qHash(login) % 1000000)}, {u"type"_s, u"User"_s}};
}

QByteArray json(const QJsonValue &value)
{
    return value.isArray() ? QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact)
                           : QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact);
}

QString encodeCursor(const QString &position)
{
    return QString::fromLatin1(QByteArray("cursor:v2:" + position.toUtf8()).toBase64());
}

QString decodeCursor(const QString &cursor)
{
    const QByteArray raw = QByteArray::fromBase64(cursor.toLatin1());
    return raw.startsWith("cursor:v2:") ? QString::fromUtf8(raw.mid(10)) : QString();
}

bool updatedOrder(const TestIssue *a, const TestIssue *b)
{
    return a->updatedAt != b->updatedAt ? a->updatedAt < b->updatedAt : a->number < b->number;
}

QJsonObject graphqlComment(const TestComment &comment)
{
    return {{u"databaseId"_s, comment.id},
            {u"author"_s, QJsonObject{{u"login"_s, comment.author}}},
            {u"authorAssociation"_s, comment.association},
            {u"body"_s, comment.body},
            {u"createdAt"_s, iso(comment.createdAt)}};
}

// One page of an issue's comments, GraphQL-shaped: {totalCount, pageInfo, nodes}.
QJsonObject graphqlComments(const TestIssue &issue, int first, const QString &after)
{
    const int start = after.isEmpty() ? 0 : decodeCursor(after).toInt();
    const int end = std::min<int>(int(issue.comments.size()), start + first);
    QJsonArray nodes;
    for (int i = start; i < end; ++i)
        nodes.append(graphqlComment(issue.comments.at(i)));
    return {{u"totalCount"_s, int(issue.comments.size())},
            {u"pageInfo"_s, QJsonObject{{u"hasNextPage"_s, end < issue.comments.size()},
                                        {u"endCursor"_s,
                                         end > start ? QJsonValue(encodeCursor(QString::number(end))) : QJsonValue()}}},
            {u"nodes"_s, nodes}};
}

} // namespace

GitHubTestServer::GitHubTestServer(QObject *parent)
    : QObject(parent)
    , m_http(new QHttpServer(this))
    , m_tcp(new LowDelayTcpServer(this))
    , m_dropper(new QTcpServer(this))
{
    m_rateReset = QDateTime::currentSecsSinceEpoch() + 3600;

    m_http->route(u"/repos/<arg>/<arg>/issues"_s, QHttpServerRequest::Method::Get, this,
                  [this](const QString &owner, const QString &name, const QHttpServerRequest &request,
                         QHttpServerResponder &responder) {
                      serve(request, responder, [=, this, &request] { return restIssues(owner, name, request); });
                  });
    m_http->route(u"/repos/<arg>/<arg>/labels"_s, QHttpServerRequest::Method::Get, this,
                  [this](const QString &owner, const QString &name, const QHttpServerRequest &request,
                         QHttpServerResponder &responder) {
                      serve(request, responder, [=, this, &request] { return restLabels(owner, name, request); });
                  });
    m_http->route(u"/repos/<arg>/<arg>/issues/<arg>/comments"_s, QHttpServerRequest::Method::Get, this,
                  [this](const QString &owner, const QString &name, int number, const QHttpServerRequest &request,
                         QHttpServerResponder &responder) {
                      serve(request, responder,
                            [=, this, &request] { return restComments(owner, name, number, request); });
                  });
    m_http->route(u"/repos/<arg>/<arg>/issues/<arg>/timeline"_s, QHttpServerRequest::Method::Get, this,
                  [this](const QString &owner, const QString &name, int number, const QHttpServerRequest &request,
                         QHttpServerResponder &responder) {
                      serve(request, responder, [=, this, &request] { return timeline(owner, name, number, request); });
                  });
    m_http->route(u"/repos/<arg>/<arg>/compare/<arg>"_s, QHttpServerRequest::Method::Get, this,
                  [this](const QString &owner, const QString &name, const QString &basehead,
                         const QHttpServerRequest &request, QHttpServerResponder &responder) {
                      serve(request, responder,
                            [=, this, &request] { return compare(owner, name, basehead, request); });
                  });
    m_http->route(u"/repos/<arg>/<arg>/issues/<arg>"_s, QHttpServerRequest::Method::Get, this,
                  [this](const QString &owner, const QString &name, int number, const QHttpServerRequest &request,
                         QHttpServerResponder &responder) {
                      serve(request, responder, [=, this] { return singleIssue(owner, name, number); });
                  });
    m_http->route(u"/repos/<arg>/<arg>/issues/<arg>"_s, QHttpServerRequest::Method::Patch, this,
                  [this](const QString &owner, const QString &name, int number, const QHttpServerRequest &request,
                         QHttpServerResponder &responder) {
                      serve(request, responder,
                            [=, this, &request] { return patchIssue(owner, name, number, request); });
                  });
    m_http->route(u"/repos/<arg>/<arg>/issues/<arg>/comments"_s, QHttpServerRequest::Method::Post, this,
                  [this](const QString &owner, const QString &name, int number, const QHttpServerRequest &request,
                         QHttpServerResponder &responder) {
                      serve(request, responder,
                            [=, this, &request] { return postComment(owner, name, number, request); });
                  });
    m_http->route(u"/repos/<arg>/<arg>/issues/<arg>/labels"_s, QHttpServerRequest::Method::Post, this,
                  [this](const QString &owner, const QString &name, int number, const QHttpServerRequest &request,
                         QHttpServerResponder &responder) {
                      serve(request, responder,
                            [=, this, &request] { return postLabels(owner, name, number, request, false); });
                  });
    m_http->route(u"/repos/<arg>/<arg>/issues/<arg>/labels"_s, QHttpServerRequest::Method::Put, this,
                  [this](const QString &owner, const QString &name, int number, const QHttpServerRequest &request,
                         QHttpServerResponder &responder) {
                      serve(request, responder,
                            [=, this, &request] { return postLabels(owner, name, number, request, true); });
                  });
    m_http->route(u"/repos/<arg>/<arg>/issues/<arg>/labels/<arg>"_s, QHttpServerRequest::Method::Delete, this,
                  [this](const QString &owner, const QString &name, int number, const QString &label,
                         const QHttpServerRequest &request, QHttpServerResponder &responder) {
                      serve(request, responder, [=, this] { return deleteLabel(owner, name, number, label); });
                  });
    m_http->route(u"/graphql"_s, QHttpServerRequest::Method::Post, this,
                  [this](const QHttpServerRequest &request, QHttpServerResponder &responder) {
                      serve(request, responder, [this, &request] { return graphql(request); });
                  });
    m_http->route(u"/user"_s, QHttpServerRequest::Method::Get, this,
                  [this](const QHttpServerRequest &request, QHttpServerResponder &responder) {
                      serve(request, responder, [] {
                          Answer answer{200, json(user(Login)), {}};
                          answer.headers.append("X-OAuth-Scopes", "repo, read:org");
                          return answer;
                      });
                  });
    m_http->setMissingHandler(this, [this](const QHttpServerRequest &request, QHttpServerResponder &responder) {
        serve(request, responder, [] {
            return Answer{404, R"({"message":"Not Found","documentation_url":"https://docs.github.com/rest"})", {}};
        });
    });

    // Dropped connections: a raw socket that sends headers and part of a body, then closes.
    connect(m_dropper, &QTcpServer::newConnection, this, [this] {
        while (QTcpSocket *socket = m_dropper->nextPendingConnection()) {
            auto received = std::make_shared<QByteArray>();
            connect(socket, &QTcpSocket::readyRead, socket, [socket, received] {
                received->append(socket->readAll());
                const qsizetype headerEnd = received->indexOf("\r\n\r\n");
                if (headerEnd < 0 || socket->property("answered").toBool())
                    return;
                // A redirected write carries a body: take all of it first, so that the client is not cut off
                // mid-upload (it would send the request again elsewhere).
                static const QRegularExpression lengthHeader(u"(?i)\r\ncontent-length:\\s*(\\d+)"_s);
                const QRegularExpressionMatch length =
                    lengthHeader.match(QString::fromLatin1(received->left(headerEnd + 2)));
                if (length.hasMatch() && received->size() < headerEnd + 4 + length.captured(1).toLongLong())
                    return;
                socket->setProperty("answered", true);
                socket->write("HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=utf-8\r\n"
                              "Content-Length: 100000\r\n\r\n{\"data\":{\"repository\":{\"issues\":{\"nodes\":[{\"num");
                socket->disconnectFromHost();
            });
            connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        }
    });
}

GitHubTestServer::~GitHubTestServer() = default;

bool GitHubTestServer::start()
{
    if (!m_tcp->listen(QHostAddress::LocalHost, 0) || !m_http->bind(m_tcp))
        return false;
    return m_dropper->listen(QHostAddress::LocalHost, 0);
}

QUrl GitHubTestServer::url() const
{
    return QUrl(u"http://127.0.0.1:%1"_s.arg(m_tcp->serverPort()));
}

void GitHubTestServer::connectClient(GitHubClient &client, const QString &token) const
{
    client.setApiUrl(url());
    client.setToken(token);
    client.setRetryPolicy(fastRetryPolicy());
}

void GitHubTestServer::generate(const Generation &generation)
{
    m_owner = generation.owner;
    m_name = generation.name;
    m_issues.clear();
    m_labels.clear();
    {
        QStringList names = generation.queueLabels;
        names += {u"triaged"_s, u"module: docs"_s, UnicodeLabel};
        for (int n = 1; names.size() < generation.repositoryLabels; ++n)
            names.append(n % 3 == 0 ? u"topic: area %1"_s.arg(n) : u"module: area %1"_s.arg(n));
        names.removeDuplicates();
        for (qsizetype i = 0; i < names.size() && i < std::max(generation.repositoryLabels, 0); ++i) {
            // Deterministic colours over the whole range, dark and light ones alike.
            const quint32 rgb = quint32((i * 2654435761u) & 0xffffffu);
            m_labels.append(TestLabel{names.at(i), QString::number(rgb, 16).rightJustified(6, u'0'),
                                      i % 2 ? u"Label %1"_s.arg(i) : QString()});
        }
    }
    static const QStringList associations = {u"NONE"_s, u"CONTRIBUTOR"_s, u"MEMBER"_s, u"COLLABORATOR"_s,
                                             u"FIRST_TIME_CONTRIBUTOR"_s};
    for (int n = 1; n <= generation.issues; ++n) {
        TestIssue issue;
        issue.number = n;
        issue.nodeId = u"I_kwDOTest%1"_s.arg(n);
        issue.pullRequest = generation.pullRequestEvery > 0 && n % generation.pullRequestEvery == 0;
        issue.title = u"[%1] NCCL timeout in all_reduce on rank %2"_s.arg(n).arg(n % 8);
        issue.body = n == generation.hugeBodyIssue
                         ? QString(5 * 1024 * 1024, u'x')
                         : u"### 🐛 Describe the bug\n\nIssue %1 body with ünïcode and a traceback.\n"_s.arg(n);
        issue.author = u"reporter%1"_s.arg(n % 13);
        issue.association = associations.at(n % associations.size());
        issue.open = !(generation.closedEvery > 0 && n % generation.closedEvery == 0);
        if (!(generation.otherLabelEvery > 0 && n % generation.otherLabelEvery == 0))
            issue.labels = generation.queueLabels;
        else
            issue.labels = {u"module: docs"_s};
        if (generation.unicodeLabelEvery > 0 && n % generation.unicodeLabelEvery == 0)
            issue.labels.append(UnicodeLabel);
        issue.labels.append(u"triaged"_s);
        issue.createdAt = Epoch.addSecs(qint64(n) * 3600);
        // Updates in a different order from creation, every one distinct.
        issue.updatedAt =
            Epoch.addSecs(qint64(generation.issues) * 3600 + qint64((n * 7919) % generation.issues) * 60 + n % 60);
        int comments = (n * 37) % (generation.maxComments + 1);
        if (generation.manyCommentsEvery > 0 && n % generation.manyCommentsEvery == 0)
            comments = generation.manyComments + n % 50;
        if (issue.pullRequest)
            comments = n % 3;
        for (int k = 0; k < comments; ++k) {
            issue.comments.append(TestComment{qint64(n) * 100000 + k, u"commenter%1"_s.arg(k % 7),
                                              associations.at((n + k) % associations.size()),
                                              u"Comment %1 on #%2: still failing with ✓ ünïcode"_s.arg(k).arg(n),
                                              issue.createdAt.addSecs(qint64(k + 1) * 60)});
        }
        m_issues.append(std::move(issue));
    }
}

const TestIssue *GitHubTestServer::issue(int number) const
{
    for (const TestIssue &issue : m_issues) {
        if (issue.number == number)
            return &issue;
    }
    return nullptr;
}

void GitHubTestServer::touch(int number, const QString &newComment)
{
    QDateTime latest = Epoch;
    for (const TestIssue &issue : std::as_const(m_issues))
        latest = std::max(latest, issue.updatedAt);
    for (TestIssue &issue : m_issues) {
        if (issue.number != number)
            continue;
        issue.updatedAt = latest.addSecs(60);
        if (!newComment.isEmpty()) {
            const qint64 id = qint64(number) * 100000 + 90000 + issue.comments.size();
            issue.comments.append(TestComment{id, u"late-commenter"_s, u"MEMBER"_s, newComment, issue.updatedAt});
        }
    }
}

int GitHubTestServer::commentTotal() const
{
    int total = 0;
    for (const TestIssue &issue : m_issues)
        total += issue.pullRequest ? 0 : int(issue.comments.size());
    return total;
}

int GitHubTestServer::requestCount(const QString &pathContains) const
{
    return int(std::count_if(m_requests.cbegin(), m_requests.cend(),
                             [&](const QString &request) { return request.contains(pathContains); }));
}

bool GitHubTestServer::takeFault(const QString &path, const QString &method, const QByteArray &body, FaultRule *rule)
{
    for (qsizetype i = 0; i < m_faults.size(); ++i) {
        FaultRule &candidate = m_faults[i];
        // "POST /comments": the method, then a part of the path.
        QString part = candidate.pathContains;
        const qsizetype space = part.indexOf(u' ');
        if (space > 0) {
            if (part.left(space) != method)
                continue;
            part = part.mid(space + 1);
        }
        if (!path.contains(part))
            continue;
        if (!candidate.bodyContains.isEmpty() && !body.contains(candidate.bodyContains.toUtf8()))
            continue;
        if (candidate.skip > 0) {
            --candidate.skip;
            continue;
        }
        *rule = candidate;
        if (candidate.times > 0 && --candidate.times == 0)
            m_faults.removeAt(i);
        return true;
    }
    return false;
}

QHttpHeaders GitHubTestServer::rateHeaders(bool graphql, bool spend)
{
    if (spend && m_rateRemaining > 0)
        --m_rateRemaining;
    QHttpHeaders headers;
    headers.append("x-ratelimit-limit", "5000");
    headers.append("x-ratelimit-remaining", QByteArray::number(m_rateRemaining));
    headers.append("x-ratelimit-used", QByteArray::number(5000 - m_rateRemaining));
    headers.append("x-ratelimit-reset", QByteArray::number(m_rateReset));
    headers.append("x-ratelimit-resource", graphql ? "graphql" : "core");
    return headers;
}

void GitHubTestServer::serve(const QHttpServerRequest &request, QHttpServerResponder &responder,
                             const Producer &produce)
{
    const QString path = request.url().path() + (request.url().hasQuery() ? u'?' + request.url().query() : QString());
    m_requests.append(path);
    m_lastHeaders = request.headers();
    if (m_lastHeaders.contains(QHttpHeaders::WellKnownHeader::Authorization))
        m_authorizations.append(m_lastHeaders.combinedValue(QHttpHeaders::WellKnownHeader::Authorization));
    Q_EMIT requestServed(path);
    const bool graphql = request.url().path().endsWith(u"/graphql"_s);

    FaultRule fault;
    if (takeFault(path, methodName(request.method()), request.body(), &fault)) {
        QHttpHeaders headers = rateHeaders(graphql, true);
        headers.append(QHttpHeaders::WellKnownHeader::ContentType, "application/json; charset=utf-8");
        const QByteArray retryAfter = QByteArray::number(fault.retryAfterSeconds);
        using Status = QHttpServerResponder::StatusCode;
        switch (fault.fault) {
        case Fault::InternalError:
            responder.write(R"({"message":"Server Error"})", headers, Status::InternalServerError);
            return;
        case Fault::BadGateway:
            responder.write("<html><body>502 Bad Gateway</body></html>", headers, Status::BadGateway);
            return;
        case Fault::NotFound:
            responder.write(R"({"message":"Not Found"})", headers, Status::NotFound);
            return;
        case Fault::UnprocessableEntity:
            responder.write(
                R"({"message":"Validation Failed","errors":[{"resource":"Label","code":"invalid","field":"name"}],"documentation_url":"https://docs.github.com/rest"})",
                headers, Status::UnprocessableEntity);
            return;
        case Fault::ApplyThenDrop: {
            // The write happens; its answer never comes. The client gives up (its transfer timeout) and drops
            // the connection. (Closing it from here is no test: Qt 6.8's HTTP/1 channel then sends the request
            // again by itself, POST included.)
            produce();
            auto held = std::make_shared<QHttpServerResponder>(std::move(responder));
            QTimer::singleShot(fault.delayMs > 0 ? fault.delayMs : 10000, this, [held] {});
            return;
        }
        case Fault::SecondaryLimit:
            headers.append(QHttpHeaders::WellKnownHeader::RetryAfter, retryAfter);
            responder.write(
                R"({"message":"You have exceeded a secondary rate limit. Please wait a few minutes before you try again."})",
                headers, Status::Forbidden);
            return;
        case Fault::TooManyRequests:
            headers.append(QHttpHeaders::WellKnownHeader::RetryAfter, retryAfter);
            responder.write(R"({"message":"Too many requests"})", headers, Status::TooManyRequests);
            return;
        case Fault::RateLimitExhausted:
            headers.replaceOrAppend("x-ratelimit-remaining", "0");
            headers.replaceOrAppend("x-ratelimit-reset",
                                    QByteArray::number(QDateTime::currentSecsSinceEpoch() + fault.retryAfterSeconds));
            responder.write(R"({"message":"API rate limit exceeded for user ID 1."})", headers, Status::Forbidden);
            return;
        case Fault::MalformedJson: {
            const QByteArray body = produce().body;
            responder.write(body.left(body.size() / 2), headers, Status::Ok);
            return;
        }
        case Fault::DropConnection: {
            QUrl target = request.url();
            target.setHost(u"127.0.0.1"_s);
            target.setPort(m_dropper->serverPort());
            headers.append(QHttpHeaders::WellKnownHeader::Location, target.toEncoded());
            responder.write(QByteArray(), headers, Status::TemporaryRedirect);
            return;
        }
        case Fault::Redirect: {
            QUrl target = fault.redirectTo;
            target.setPath(request.url().path());
            target.setQuery(request.url().query());
            headers.append(QHttpHeaders::WellKnownHeader::Location, target.toEncoded());
            responder.write(QByteArray(), headers, QHttpServerResponder::StatusCode(fault.redirectStatus));
            return;
        }
        case Fault::Slow:
            break; // answered normally, later
        }
    }

    Answer answer = produce();
    QHttpHeaders headers = rateHeaders(graphql, false);
    headers.append(QHttpHeaders::WellKnownHeader::ContentType, "application/json; charset=utf-8");
    for (qsizetype i = 0; i < answer.headers.size(); ++i)
        headers.append(answer.headers.nameAt(i), answer.headers.valueAt(i));
    auto status = QHttpServerResponder::StatusCode(answer.status);
    if (request.method() == QHttpServerRequest::Method::Get && answer.status == 200) {
        const QByteArray etag = "W/\"" + QCryptographicHash::hash(answer.body, QCryptographicHash::Sha1).toHex() + '"';
        headers.append(QHttpHeaders::WellKnownHeader::ETag, etag);
        if (request.headers().value(QHttpHeaders::WellKnownHeader::IfNoneMatch) == etag) {
            // Conditional hits are free, as on GitHub.
            status = QHttpServerResponder::StatusCode::NotModified;
            answer.body.clear();
        }
    }
    if (status != QHttpServerResponder::StatusCode::NotModified && m_rateRemaining > 0) {
        --m_rateRemaining;
        headers.replaceOrAppend("x-ratelimit-remaining", QByteArray::number(m_rateRemaining));
        headers.replaceOrAppend("x-ratelimit-used", QByteArray::number(5000 - m_rateRemaining));
    }

    if (fault.fault == Fault::Slow && fault.delayMs > 0) {
        auto later = std::make_shared<QHttpServerResponder>(std::move(responder));
        QTimer::singleShot(fault.delayMs, this,
                           [later, body = answer.body, headers, status] { later->write(body, headers, status); });
        return;
    }
    responder.write(answer.body, headers, status);
}

bool GitHubTestServer::isOurRepository(const QString &owner, const QString &name) const
{
    return owner.compare(m_owner, Qt::CaseInsensitive) == 0 && name.compare(m_name, Qt::CaseInsensitive) == 0;
}

QByteArray GitHubTestServer::linkHeader(const QHttpServerRequest &request, int page, int lastPage) const
{
    const auto pageUrl = [&](int number) {
        QUrl link = url();
        link.setPath(request.url().path());
        QUrlQuery query(request.url());
        query.removeAllQueryItems(u"page"_s);
        query.addQueryItem(u"page"_s, QString::number(number));
        link.setQuery(query);
        return "<" + link.toEncoded() + ">";
    };
    QByteArrayList links;
    if (page < lastPage) {
        links.append(pageUrl(page + 1) + "; rel=\"next\"");
        links.append(pageUrl(lastPage) + "; rel=\"last\"");
    }
    if (page > 1) {
        links.append(pageUrl(1) + "; rel=\"first\"");
        links.append(pageUrl(page - 1) + "; rel=\"prev\"");
    }
    return links.join(", ");
}

GitHubTestServer::Answer GitHubTestServer::restIssues(const QString &owner, const QString &name,
                                                      const QHttpServerRequest &request)
{
    if (!isOurRepository(owner, name))
        return Answer{404, R"({"message":"Not Found","documentation_url":"https://docs.github.com/rest"})", {}};
    const QUrlQuery query(request.url());
    const QString state = query.queryItemValue(u"state"_s, QUrl::FullyDecoded).isEmpty()
                              ? u"open"_s
                              : query.queryItemValue(u"state"_s, QUrl::FullyDecoded);
    const QString labelList = query.queryItemValue(u"labels"_s, QUrl::FullyDecoded);
    const QStringList labels = labelList.isEmpty() ? QStringList() : labelList.split(u',');
    const QString sinceText = query.queryItemValue(u"since"_s, QUrl::FullyDecoded);
    const QDateTime since = QDateTime::fromString(sinceText, Qt::ISODate);
    const int perPage = std::clamp(
        query.queryItemValue(u"per_page"_s).isEmpty() ? 30 : query.queryItemValue(u"per_page"_s).toInt(), 1, 100);
    const int page = std::max(1, query.queryItemValue(u"page"_s).toInt());

    QList<const TestIssue *> matching;
    for (const TestIssue &issue : std::as_const(m_issues)) {
        if ((state == u"open"_s && !issue.open) || (state == u"closed"_s && issue.open))
            continue;
        if (since.isValid() && issue.updatedAt < since)
            continue;
        const bool hasAll = std::all_of(labels.cbegin(), labels.cend(), [&](const QString &label) {
            return issue.labels.contains(label.trimmed(), Qt::CaseInsensitive);
        });
        if (hasAll)
            matching.append(&issue);
    }
    if (query.queryItemValue(u"sort"_s) == u"updated"_s) {
        std::sort(matching.begin(), matching.end(), updatedOrder);
        if (query.queryItemValue(u"direction"_s) != u"asc"_s)
            std::reverse(matching.begin(), matching.end());
    } else {
        std::sort(matching.begin(), matching.end(), [](auto *a, auto *b) { return a->createdAt > b->createdAt; });
    }
    const int lastPage = std::max<int>(1, int((matching.size() + perPage - 1) / perPage));
    QJsonArray items;
    for (qsizetype i = qsizetype(page - 1) * perPage;
         i < std::min<qsizetype>(matching.size(), qsizetype(page) * perPage); ++i) {
        items.append(issueJson(*matching.at(i)));
    }
    Answer answer{200, json(items), {}};
    const QByteArray link = linkHeader(request, page, lastPage);
    if (!link.isEmpty())
        answer.headers.append(QHttpHeaders::WellKnownHeader::Link, link);
    return answer;
}

GitHubTestServer::Answer GitHubTestServer::restLabels(const QString &owner, const QString &name,
                                                      const QHttpServerRequest &request)
{
    if (!isOurRepository(owner, name))
        return Answer{404, R"({"message":"Not Found","documentation_url":"https://docs.github.com/rest"})", {}};
    const QUrlQuery query(request.url());
    const int perPage = std::clamp(
        query.queryItemValue(u"per_page"_s).isEmpty() ? 30 : query.queryItemValue(u"per_page"_s).toInt(), 1, 100);
    const int page = std::max(1, query.queryItemValue(u"page"_s).toInt());
    const int lastPage = std::max<int>(1, int((m_labels.size() + perPage - 1) / perPage));
    QJsonArray items;
    const qsizetype end = std::min<qsizetype>(m_labels.size(), qsizetype(page) * perPage);
    for (qsizetype i = qsizetype(page - 1) * perPage; i < end; ++i) {
        const TestLabel &label = m_labels.at(i);
        const qint64 id = 100000 + i;
        items.append(QJsonObject{
            {u"id"_s, id},
            {u"node_id"_s, u"LA_kwDOTest%1"_s.arg(id)},
            {u"url"_s, u"%1/repos/%2/%3/labels/%4"_s.arg(url().toString(), m_owner, m_name,
                                                         QString::fromLatin1(QUrl::toPercentEncoding(label.name)))},
            {u"name"_s, label.name},
            {u"color"_s, label.color},
            {u"default"_s, label.name == u"bug"_s},
            {u"description"_s, label.description.isEmpty() ? QJsonValue() : QJsonValue(label.description)}});
    }
    Answer answer{200, json(items), {}};
    const QByteArray link = linkHeader(request, page, lastPage);
    if (!link.isEmpty())
        answer.headers.append(QHttpHeaders::WellKnownHeader::Link, link);
    return answer;
}

GitHubTestServer::Answer GitHubTestServer::restComments(const QString &owner, const QString &name, int number,
                                                        const QHttpServerRequest &request)
{
    const TestIssue *found = isOurRepository(owner, name) ? issue(number) : nullptr;
    if (!found)
        return Answer{404, R"({"message":"Not Found","documentation_url":"https://docs.github.com/rest"})", {}};
    const QUrlQuery query(request.url());
    const int perPage = std::clamp(
        query.queryItemValue(u"per_page"_s).isEmpty() ? 30 : query.queryItemValue(u"per_page"_s).toInt(), 1, 100);
    const int page = std::max(1, query.queryItemValue(u"page"_s).toInt());
    const int lastPage = std::max<int>(1, int((found->comments.size() + perPage - 1) / perPage));
    QJsonArray items;
    for (qsizetype i = qsizetype(page - 1) * perPage;
         i < std::min<qsizetype>(found->comments.size(), qsizetype(page) * perPage); ++i) {
        const TestComment &comment = found->comments.at(i);
        items.append(QJsonObject{
            {u"id"_s, comment.id},
            {u"node_id"_s, u"IC_kwDOTest%1"_s.arg(comment.id)},
            {u"html_url"_s,
             u"https://github.com/%1/%2/issues/%3#issuecomment-%4"_s.arg(m_owner, m_name).arg(number).arg(comment.id)},
            {u"user"_s, user(comment.author)},
            {u"author_association"_s, comment.association},
            {u"body"_s, comment.body},
            {u"created_at"_s, iso(comment.createdAt)},
            {u"updated_at"_s, iso(comment.createdAt)}});
    }
    Answer answer{200, json(items), {}};
    const QByteArray link = linkHeader(request, page, lastPage);
    if (!link.isEmpty())
        answer.headers.append(QHttpHeaders::WellKnownHeader::Link, link);
    return answer;
}

GitHubTestServer::Answer GitHubTestServer::timeline(const QString &owner, const QString &name, int number,
                                                    const QHttpServerRequest &request)
{
    const TestIssue *found = isOurRepository(owner, name) ? issue(number) : nullptr;
    if (!found)
        return Answer{404, R"({"message":"Not Found","documentation_url":"https://docs.github.com/rest"})", {}};
    // GitHub's shapes: a `labeled` event per label, `commented` events, and `cross-referenced` ones whose
    // source.issue is the mentioning issue or pull request (pull_request.merged_at for a merged one).
    QList<std::pair<QDateTime, QJsonObject>> events;
    qint64 id = qint64(number) * 1000;
    for (const QString &label : found->labels)
        events.append({found->createdAt, QJsonObject{{u"id"_s, ++id},
                                                     {u"event"_s, u"labeled"_s},
                                                     {u"actor"_s, user(found->author)},
                                                     {u"created_at"_s, iso(found->createdAt)},
                                                     {u"label"_s, QJsonObject{{u"name"_s, label}}}}});
    for (const TestComment &c : found->comments)
        events.append({c.createdAt, QJsonObject{{u"id"_s, c.id},
                                                {u"event"_s, u"commented"_s},
                                                {u"actor"_s, user(c.author)},
                                                {u"user"_s, user(c.author)},
                                                {u"body"_s, c.body},
                                                {u"author_association"_s, c.association},
                                                {u"created_at"_s, iso(c.createdAt)}}});
    for (const TestCrossReference &x : found->crossReferences) {
        const QString repo = x.repository.isEmpty() ? m_owner + u'/' + m_name : x.repository;
        const QString kind = x.pullRequest ? u"pull"_s : u"issues"_s;
        QJsonObject source{{u"id"_s, x.number * 7},
                           {u"number"_s, x.number},
                           {u"title"_s, x.title},
                           {u"body"_s, x.body},
                           {u"state"_s, x.closed || x.mergedAt.isValid() ? u"closed"_s : u"open"_s},
                           {u"user"_s, user(u"contributor"_s)},
                           {u"html_url"_s, u"https://github.com/%1/%2/%3"_s.arg(repo, kind).arg(x.number)},
                           {u"repository"_s, QJsonObject{{u"full_name"_s, repo},
                                                         {u"name"_s, repo.section(u'/', 1)},
                                                         {u"owner"_s, user(repo.section(u'/', 0, 0))}}}};
        if (x.pullRequest)
            source.insert(
                u"pull_request"_s,
                QJsonObject{{u"url"_s, QString(url().toString() + u"/repos/%1/pulls/%2"_s.arg(repo).arg(x.number))},
                            {u"html_url"_s, u"https://github.com/%1/pull/%2"_s.arg(repo).arg(x.number)},
                            {u"merged_at"_s,
                             x.mergedAt.isValid() ? QJsonValue(iso(x.mergedAt)) : QJsonValue(QJsonValue::Null)}});
        events.append({x.at, QJsonObject{{u"event"_s, u"cross-referenced"_s},
                                         {u"actor"_s, user(u"contributor"_s)},
                                         {u"created_at"_s, iso(x.at)},
                                         {u"updated_at"_s, iso(x.at)},
                                         {u"source"_s, QJsonObject{{u"type"_s, u"issue"_s}, {u"issue"_s, source}}}}});
    }
    std::stable_sort(events.begin(), events.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    const QUrlQuery query(request.url());
    const int perPage = std::clamp(
        query.queryItemValue(u"per_page"_s).isEmpty() ? 30 : query.queryItemValue(u"per_page"_s).toInt(), 1, 100);
    const int page = std::max(1, query.queryItemValue(u"page"_s).toInt());
    const int lastPage = std::max<int>(1, int((events.size() + perPage - 1) / perPage));
    QJsonArray items;
    for (qsizetype i = qsizetype(page - 1) * perPage; i < std::min<qsizetype>(events.size(), qsizetype(page) * perPage);
         ++i)
        items.append(events.at(i).second);
    Answer answer{200, json(items), {}};
    const QByteArray link = linkHeader(request, page, lastPage);
    if (!link.isEmpty())
        answer.headers.append(QHttpHeaders::WellKnownHeader::Link, link);
    return answer;
}

GitHubTestServer::Answer GitHubTestServer::graphql(const QHttpServerRequest &request)
{
    const QJsonObject document = QJsonDocument::fromJson(request.body()).object();
    const QString text = document.value("query"_L1).toString();
    const QJsonObject variables = document.value("variables"_L1).toObject();
    if (text.isEmpty())
        return Answer{400, R"({"message":"Problems parsing JSON"})", {}};
    if (text.contains(u"viewerSubscription"_s))
        return graphqlSubscription(text, variables);

    if (text.contains(u"repository("_s)) {
        const QString owner = variables.value("owner"_L1).toString();
        const QString name = variables.value("name"_L1).toString();
        if (!isOurRepository(owner, name)) {
            const QJsonObject error{
                {u"type"_s, u"NOT_FOUND"_s},
                {u"path"_s, QJsonArray{u"repository"_s}},
                {u"message"_s, u"Could not resolve to a Repository with the name '%1/%2'."_s.arg(owner, name)}};
            return Answer{200,
                          json(QJsonObject{{u"data"_s, QJsonObject{{u"repository"_s, QJsonValue()}}},
                                           {u"errors"_s, QJsonArray{error}}}),
                          {}};
        }
        if (text.contains(u"closedByPullRequestsReferences"_s))
            return graphqlClosingReferences(variables);
        const QJsonArray labels = variables.value("labels"_L1).toArray();
        const QJsonArray states = variables.value("states"_L1).toArray();
        const QDateTime since = QDateTime::fromString(variables.value("since"_L1).toString(), Qt::ISODate);
        const int first = std::clamp(variables.value("first"_L1).toInt(100), 1, 100);
        const QString after = decodeCursor(variables.value("cursor"_L1).toString());

        QList<const TestIssue *> matching;
        for (const TestIssue &issue : std::as_const(m_issues)) {
            if (issue.pullRequest)
                continue;
            if (!states.isEmpty() && !states.contains(QJsonValue(issue.open ? u"OPEN"_s : u"CLOSED"_s)))
                continue;
            if (since.isValid() && issue.updatedAt < since)
                continue;
            // GraphQL's labels argument is an OR, unlike REST's.
            const bool any =
                labels.isEmpty() || std::any_of(labels.begin(), labels.end(), [&](const QJsonValue &label) {
                    return issue.labels.contains(label.toString(), Qt::CaseInsensitive);
                });
            if (any)
                matching.append(&issue);
        }
        std::sort(matching.begin(), matching.end(), updatedOrder);
        qsizetype start = 0;
        if (!after.isEmpty()) {
            // Position cursors: after (updatedAt, number), stable when issues move.
            const QStringList key = after.split(u'|');
            const QDateTime afterTime = QDateTime::fromMSecsSinceEpoch(key.value(0).toLongLong(), QTimeZone::UTC);
            const int afterNumber = key.value(1).toInt();
            while (start < matching.size() &&
                   (matching.at(start)->updatedAt < afterTime ||
                    (matching.at(start)->updatedAt == afterTime && matching.at(start)->number <= afterNumber)))
                ++start;
        }
        const qsizetype end = std::min<qsizetype>(matching.size(), start + first);
        QJsonArray nodes;
        for (qsizetype i = start; i < end; ++i) {
            const TestIssue &issue = *matching.at(i);
            QJsonArray labelNodes;
            for (const QString &label : issue.labels)
                labelNodes.append(QJsonObject{{u"name"_s, label}});
            QJsonArray assigneeNodes;
            for (const QString &login : issue.assignees)
                assigneeNodes.append(QJsonObject{{u"login"_s, login}});
            nodes.append(
                QJsonObject{{u"id"_s, issue.nodeId},
                            {u"number"_s, issue.number},
                            {u"title"_s, issue.title},
                            {u"body"_s, issue.body},
                            {u"state"_s, issue.open ? u"OPEN"_s : u"CLOSED"_s},
                            {u"url"_s, u"https://github.com/%1/%2/issues/%3"_s.arg(m_owner, m_name).arg(issue.number)},
                            {u"createdAt"_s, iso(issue.createdAt)},
                            {u"updatedAt"_s, iso(issue.updatedAt)},
                            {u"authorAssociation"_s, issue.association},
                            {u"author"_s, QJsonObject{{u"login"_s, issue.author}}},
                            {u"labels"_s, QJsonObject{{u"nodes"_s, labelNodes}}},
                            {u"reactions"_s, QJsonObject{{u"totalCount"_s, issue.reactions}}},
                            {u"thumbsUp"_s, QJsonObject{{u"totalCount"_s, issue.thumbsUp}}},
                            {u"duplicates"_s, QJsonObject{{u"totalCount"_s, issue.duplicates}}},
                            {u"assignees"_s, QJsonObject{{u"nodes"_s, assigneeNodes}}},
                            {u"comments"_s, graphqlComments(issue, 100, {})}});
        }
        QJsonValue endCursor;
        if (end > start) {
            const TestIssue &last = *matching.at(end - 1);
            endCursor =
                encodeCursor(QString::number(last.updatedAt.toMSecsSinceEpoch()) + u'|' + QString::number(last.number));
        }
        const QJsonObject connection{
            {u"totalCount"_s, int(matching.size())},
            {u"pageInfo"_s, QJsonObject{{u"hasNextPage"_s, end < matching.size()}, {u"endCursor"_s, endCursor}}},
            {u"nodes"_s, nodes}};
        return Answer{
            200,
            json(QJsonObject{{u"data"_s, QJsonObject{{u"repository"_s, QJsonObject{{u"issues"_s, connection}}}}}}),
            {}};
    }

    if (text.contains(u"node(id:"_s)) {
        QJsonObject data;
        for (int index = 0; variables.contains(u"id%1"_s.arg(index)); ++index) {
            const QString nodeId = variables.value(u"id%1"_s.arg(index)).toString();
            const auto found = std::find_if(m_issues.cbegin(), m_issues.cend(),
                                            [&](const TestIssue &issue) { return issue.nodeId == nodeId; });
            if (found == m_issues.cend()) {
                data.insert(u"c%1"_s.arg(index), QJsonValue());
                continue;
            }
            data.insert(
                u"c%1"_s.arg(index),
                QJsonObject{{u"number"_s, found->number},
                            {u"comments"_s,
                             graphqlComments(*found, 100, variables.value(u"after%1"_s.arg(index)).toString())}});
        }
        return Answer{200, json(QJsonObject{{u"data"_s, data}}), {}};
    }

    const QJsonObject error{{u"message"_s, u"the test server does not know this query"_s}};
    return Answer{200, json(QJsonObject{{u"errors"_s, QJsonArray{error}}}), {}};
}

GitHubTestServer::Answer GitHubTestServer::graphqlClosingReferences(const QJsonObject &variables)
{
    const int number = variables.value("number"_L1).toInt();
    const TestIssue *found = issue(number);
    if (!found || found->pullRequest) {
        const QJsonObject error{{u"type"_s, u"NOT_FOUND"_s},
                                {u"path"_s, QJsonArray{u"repository"_s, u"issue"_s}},
                                {u"locations"_s, QJsonArray{QJsonObject{{u"line"_s, 3}, {u"column"_s, 5}}}},
                                {u"message"_s, u"Could not resolve to an Issue with the number of %1."_s.arg(number)}};
        return Answer{
            200,
            json(QJsonObject{{u"data"_s, QJsonObject{{u"repository"_s, QJsonObject{{u"issue"_s, QJsonValue()}}}}},
                             {u"errors"_s, QJsonArray{error}}}),
            {}};
    }
    // GitHub's shape: PullRequest nodes; includeClosedPrs: false leaves out the ones closed unmerged.
    QJsonArray nodes;
    for (const TestCrossReference &x : found->closedBy) {
        if (x.closed && !x.mergedAt.isValid())
            continue;
        const QString repo = x.repository.isEmpty() ? m_owner + u'/' + m_name : x.repository;
        nodes.append(QJsonObject{
            {u"number"_s, x.number},
            {u"title"_s, x.title},
            {u"url"_s, u"https://github.com/%1/pull/%2"_s.arg(repo).arg(x.number)},
            {u"merged"_s, x.mergedAt.isValid()},
            {u"mergedAt"_s, x.mergedAt.isValid() ? QJsonValue(iso(x.mergedAt)) : QJsonValue(QJsonValue::Null)},
            {u"repository"_s, QJsonObject{{u"nameWithOwner"_s, repo}}}});
    }
    const QJsonObject references{{u"nodes"_s, nodes}};
    return Answer{
        200,
        json(QJsonObject{
            {u"data"_s,
             QJsonObject{{u"repository"_s, QJsonObject{{u"issue"_s, QJsonObject{{u"closedByPullRequestsReferences"_s,
                                                                                 references}}}}}}}}),
        {}};
}

GitHubTestServer::Answer GitHubTestServer::compare(const QString &owner, const QString &name, const QString &basehead,
                                                   const QHttpServerRequest &request)
{
    const auto found = m_comparisons.constFind(basehead);
    if (!isOurRepository(owner, name) || found == m_comparisons.cend())
        return Answer{
            404,
            R"({"message":"Not Found","documentation_url":"https://docs.github.com/rest/commits/commits#compare-two-commits","status":"404"})",
            {}};
    const QList<TestCommit> &commits = found.value();
    const QString repo = m_owner + u'/' + m_name;
    const QString base = basehead.section(u"..."_s, 0, 0);
    const QUrlQuery query(request.url());
    const int perPage = std::clamp(
        query.queryItemValue(u"per_page"_s).isEmpty() ? 250 : query.queryItemValue(u"per_page"_s).toInt(), 1, 250);
    const int page = std::max(1, query.queryItemValue(u"page"_s).toInt());
    const int lastPage = std::max<int>(1, int((commits.size() + perPage - 1) / perPage));
    // GitHub's shape: the comparison, with this page of its commits (oldest first), each a full commit object.
    const auto commitJson = [&](const TestCommit &c) {
        const QJsonObject person{{u"name"_s, u"PyTorch MergeBot"_s},
                                 {u"email"_s, u"pytorchmergebot@users.noreply.github.com"_s},
                                 {u"date"_s, iso(c.at)}};
        return QJsonObject{
            {u"sha"_s, c.sha},
            {u"node_id"_s, QString(u"C_"_s + c.sha.left(12))},
            {u"commit"_s,
             QJsonObject{{u"author"_s, person},
                         {u"committer"_s, person},
                         {u"message"_s, c.message},
                         {u"tree"_s, QJsonObject{{u"sha"_s, c.sha}}},
                         {u"url"_s, QString(url().toString() + u"/repos/%1/git/commits/%2"_s.arg(repo, c.sha))},
                         {u"comment_count"_s, 0}}},
            {u"url"_s, QString(url().toString() + u"/repos/%1/commits/%2"_s.arg(repo, c.sha))},
            {u"html_url"_s, u"https://github.com/%1/commit/%2"_s.arg(repo, c.sha)},
            {u"author"_s, user(u"pytorchmergebot"_s)},
            {u"committer"_s, user(u"pytorchmergebot"_s)},
            {u"parents"_s, QJsonArray()}};
    };
    QJsonArray items;
    for (qsizetype i = qsizetype(page - 1) * perPage;
         i < std::min<qsizetype>(commits.size(), qsizetype(page) * perPage); ++i)
        items.append(commitJson(commits.at(i)));
    const QJsonObject baseCommit{{u"sha"_s, base}, {u"commit"_s, QJsonObject{{u"message"_s, base}}}};
    const QJsonObject comparison{{u"url"_s, QString(url().toString() + u"/repos/%1/compare/%2"_s.arg(repo, basehead))},
                                 {u"html_url"_s, u"https://github.com/%1/compare/%2"_s.arg(repo, basehead)},
                                 {u"permalink_url"_s, u"https://github.com/%1/compare/%2"_s.arg(repo, basehead)},
                                 {u"diff_url"_s, u"https://github.com/%1/compare/%2.diff"_s.arg(repo, basehead)},
                                 {u"patch_url"_s, u"https://github.com/%1/compare/%2.patch"_s.arg(repo, basehead)},
                                 {u"base_commit"_s, baseCommit},
                                 {u"merge_base_commit"_s, baseCommit},
                                 {u"status"_s, u"ahead"_s},
                                 {u"ahead_by"_s, int(commits.size())},
                                 {u"behind_by"_s, 0},
                                 {u"total_commits"_s, int(commits.size())},
                                 {u"commits"_s, items},
                                 {u"files"_s, QJsonArray()}};
    Answer answer{200, json(comparison), {}};
    const QByteArray link = linkHeader(request, page, lastPage);
    if (!link.isEmpty())
        answer.headers.append(QHttpHeaders::WellKnownHeader::Link, link);
    return answer;
}

GitHubTestServer::Answer GitHubTestServer::graphqlSubscription(const QString &text, const QJsonObject &variables)
{
    const auto notFound = [](const QString &path, const QString &message) {
        const QJsonObject error{{u"type"_s, u"NOT_FOUND"_s}, {u"path"_s, QJsonArray{path}}, {u"message"_s, message}};
        return Answer{
            200,
            json(QJsonObject{{u"data"_s, QJsonObject{{path, QJsonValue()}}}, {u"errors"_s, QJsonArray{error}}}),
            {}};
    };
    if (text.contains(u"updateSubscription"_s)) {
        const QString id = variables.value("id"_L1).toString();
        const QString state = variables.value("state"_L1).toString();
        const auto found =
            std::find_if(m_issues.begin(), m_issues.end(), [&](const TestIssue &issue) { return issue.nodeId == id; });
        if (found == m_issues.end())
            return notFound(u"updateSubscription"_s,
                            u"Could not resolve to a node with the global id of '%1'"_s.arg(id));
        if (state != u"SUBSCRIBED"_s && state != u"UNSUBSCRIBED"_s && state != u"IGNORED"_s) {
            const QJsonObject error{{u"message"_s, u"Argument 'state' on InputObject 'UpdateSubscriptionInput' has an "
                                                   u"invalid value (%1)."_s.arg(state)}};
            return Answer{200, json(QJsonObject{{u"errors"_s, QJsonArray{error}}}), {}};
        }
        found->subscription = state;
        m_writes[found->number].subscriptionUpdates += 1;
        m_writeLog.append(u"updateSubscription %1 %2"_s.arg(found->number).arg(state));
        const QJsonObject subscribable{{u"id"_s, found->nodeId}, {u"viewerSubscription"_s, state}};
        return Answer{200,
                      json(QJsonObject{{u"data"_s, QJsonObject{{u"updateSubscription"_s,
                                                                QJsonObject{{u"subscribable"_s, subscribable}}}}}}),
                      {}};
    }
    const QString owner = variables.value("owner"_L1).toString();
    const QString name = variables.value("name"_L1).toString();
    if (!isOurRepository(owner, name))
        return notFound(u"repository"_s,
                        u"Could not resolve to a Repository with the name '%1/%2'."_s.arg(owner, name));
    const int number = variables.value("number"_L1).toInt();
    const TestIssue *found = issue(number);
    if (!found || found->pullRequest) {
        const QJsonObject error{{u"type"_s, u"NOT_FOUND"_s},
                                {u"path"_s, QJsonArray{u"repository"_s, u"issue"_s}},
                                {u"message"_s, u"Could not resolve to an Issue with the number of %1."_s.arg(number)}};
        return Answer{
            200,
            json(QJsonObject{{u"data"_s, QJsonObject{{u"repository"_s, QJsonObject{{u"issue"_s, QJsonValue()}}}}},
                             {u"errors"_s, QJsonArray{error}}}),
            {}};
    }
    const QJsonObject issueObject{{u"id"_s, found->nodeId}, {u"viewerSubscription"_s, found->subscription}};
    return Answer{
        200,
        json(QJsonObject{{u"data"_s, QJsonObject{{u"repository"_s, QJsonObject{{u"issue"_s, issueObject}}}}}}),
        {}};
}

QJsonObject GitHubTestServer::issueJson(const TestIssue &issue) const
{
    const QString apiUrl = url().toString() + u"/repos/%1/%2/issues/%3"_s.arg(m_owner, m_name).arg(issue.number);
    const QString htmlUrl =
        u"https://github.com/%1/%2/%3/%4"_s.arg(m_owner, m_name, issue.pullRequest ? u"pull"_s : u"issues"_s)
            .arg(issue.number);
    QJsonArray labelArray;
    for (const QString &label : issue.labels)
        labelArray.append(QJsonObject{{u"id"_s, qint64(qHash(label) % 100000000)},
                                      {u"name"_s, label},
                                      {u"color"_s, u"ededed"_s},
                                      {u"default"_s, false},
                                      {u"description"_s, QJsonValue()}});
    QJsonObject object{
        {u"id"_s, qint64(issue.number) + 1000000000},
        {u"node_id"_s, issue.nodeId},
        {u"url"_s, apiUrl},
        {u"html_url"_s, htmlUrl},
        {u"number"_s, issue.number},
        {u"title"_s, issue.title},
        {u"user"_s, user(issue.author)},
        {u"labels"_s, labelArray},
        {u"state"_s, issue.open ? u"open"_s : u"closed"_s},
        {u"state_reason"_s, issue.open ? QJsonValue() : QJsonValue(issue.stateReason)},
        {u"locked"_s, issue.locked},
        {u"active_lock_reason"_s, issue.lockReason.isEmpty() ? QJsonValue() : QJsonValue(issue.lockReason)},
        {u"assignees"_s,
         [&issue] {
             QJsonArray list;
             for (const QString &login : issue.assignees)
                 list.append(user(login));
             return list;
         }()},
        {u"reactions"_s, QJsonObject{{u"total_count"_s, issue.reactions}, {u"+1"_s, issue.thumbsUp}}},
        {u"milestone"_s, QJsonValue()},
        {u"comments"_s, int(issue.comments.size())},
        {u"created_at"_s, iso(issue.createdAt)},
        {u"updated_at"_s, iso(issue.updatedAt)},
        {u"closed_at"_s, issue.open ? QJsonValue() : QJsonValue(iso(issue.updatedAt))},
        {u"author_association"_s, issue.association},
        {u"body"_s, issue.body}};
    if (issue.pullRequest)
        object.insert(u"pull_request"_s, QJsonObject{{u"url"_s, apiUrl}, {u"html_url"_s, htmlUrl}});
    return object;
}

TestIssue *GitHubTestServer::findIssue(const QString &owner, const QString &name, int number)
{
    if (!isOurRepository(owner, name))
        return nullptr;
    for (TestIssue &issue : m_issues) {
        if (issue.number == number)
            return &issue;
    }
    return nullptr;
}

QDateTime GitHubTestServer::nextUpdate() const
{
    // Writes move the issue to the newest update, as on GitHub.
    QDateTime latest = Epoch;
    for (const TestIssue &issue : m_issues)
        latest = std::max(latest, issue.updatedAt);
    return latest.addSecs(60);
}

void GitHubTestServer::noteWrite(const QHttpServerRequest &request)
{
    m_writeLog.append(methodName(request.method()) + u' ' + request.url().path());
}

GitHubTestServer::WriteCounts GitHubTestServer::totalWrites() const
{
    WriteCounts total;
    for (const WriteCounts &counts : m_writes) {
        total.comments += counts.comments;
        total.labelPosts += counts.labelPosts;
        total.labelsAdded += counts.labelsAdded;
        total.labelsRedundant += counts.labelsRedundant;
        total.labelPuts += counts.labelPuts;
        total.labelDeletes += counts.labelDeletes;
        total.patches += counts.patches;
        total.subscriptionUpdates += counts.subscriptionUpdates;
    }
    return total;
}

GitHubTestServer::Answer GitHubTestServer::singleIssue(const QString &owner, const QString &name, int number)
{
    const TestIssue *found = findIssue(owner, name, number);
    if (!found)
        return Answer{404, NotFoundBody, {}};
    return Answer{200, json(issueJson(*found)), {}};
}

GitHubTestServer::Answer GitHubTestServer::postComment(const QString &owner, const QString &name, int number,
                                                       const QHttpServerRequest &request)
{
    TestIssue *found = findIssue(owner, name, number);
    if (!found)
        return Answer{404, NotFoundBody, {}};
    noteWrite(request);
    const QString body = QJsonDocument::fromJson(request.body()).object().value("body"_L1).toString();
    if (body.isEmpty())
        return Answer{
            422,
            R"({"message":"Validation Failed","errors":[{"resource":"IssueComment","code":"missing_field","field":"body"}]})",
            {}};
    found->updatedAt = nextUpdate();
    const qint64 id = qint64(number) * 100000 + 50000 + found->comments.size();
    found->comments.append(TestComment{id, Login, u"MEMBER"_s, body, found->updatedAt});
    found->subscription = u"SUBSCRIBED"_s; // commenting subscribes the commenter
    m_writes[number].comments += 1;
    const QJsonObject comment{
        {u"id"_s, id},
        {u"node_id"_s, u"IC_kwDOTest%1"_s.arg(id)},
        {u"url"_s, QString(url().toString() + u"/repos/%1/%2/issues/comments/%3"_s.arg(m_owner, m_name).arg(id))},
        {u"html_url"_s,
         u"https://github.com/%1/%2/issues/%3#issuecomment-%4"_s.arg(m_owner, m_name).arg(number).arg(id)},
        {u"issue_url"_s, QString(url().toString() + u"/repos/%1/%2/issues/%3"_s.arg(m_owner, m_name).arg(number))},
        {u"user"_s, user(Login)},
        {u"author_association"_s, u"MEMBER"_s},
        {u"body"_s, body},
        {u"created_at"_s, iso(found->updatedAt)},
        {u"updated_at"_s, iso(found->updatedAt)}};
    Answer answer{201, json(comment), {}};
    answer.headers.append(QHttpHeaders::WellKnownHeader::Location, comment.value("url"_L1).toString().toUtf8());
    return answer;
}

GitHubTestServer::Answer GitHubTestServer::postLabels(const QString &owner, const QString &name, int number,
                                                      const QHttpServerRequest &request, bool replace)
{
    TestIssue *found = findIssue(owner, name, number);
    if (!found)
        return Answer{404, NotFoundBody, {}};
    noteWrite(request);
    // GitHub takes {"labels": [...]} or a bare array.
    const QJsonDocument document = QJsonDocument::fromJson(request.body());
    const QJsonArray names = document.isArray() ? document.array() : document.object().value("labels"_L1).toArray();
    if (names.isEmpty() && !replace)
        return Answer{
            422,
            R"({"message":"Invalid request.\n\nNo subschema in \"anyOf\" matched.","documentation_url":"https://docs.github.com/rest/issues/labels"})",
            {}};
    WriteCounts &counts = m_writes[number];
    if (replace) {
        counts.labelPuts += 1;
        found->labels.clear();
    } else {
        counts.labelPosts += 1;
    }
    for (const QJsonValue &value : names) {
        const QString label = value.isObject() ? value.toObject().value("name"_L1).toString() : value.toString();
        if (!found->labels.contains(label, Qt::CaseInsensitive)) {
            found->labels.append(label);
            if (!replace)
                counts.labelsAdded += 1;
        } else if (!replace) {
            counts.labelsRedundant += 1;
        }
    }
    found->updatedAt = nextUpdate();
    return Answer{200, json(issueJson(*found).value("labels"_L1)), {}};
}

GitHubTestServer::Answer GitHubTestServer::deleteLabel(const QString &owner, const QString &name, int number,
                                                       const QString &label)
{
    TestIssue *found = findIssue(owner, name, number);
    if (!found)
        return Answer{404, NotFoundBody, {}};
    m_writeLog.append(u"DELETE /repos/%1/%2/issues/%3/labels/%4"_s.arg(owner, name).arg(number).arg(label));
    m_writes[number].labelDeletes += 1;
    // The route hands the name decoded once, as GitHub does: a name encoded twice does not match.
    if (found->labels.removeIf([&](const QString &l) { return l.compare(label, Qt::CaseInsensitive) == 0; }) == 0)
        return Answer{404, R"({"message":"Label does not exist"})", {}};
    found->updatedAt = nextUpdate();
    return Answer{200, json(issueJson(*found).value("labels"_L1)), {}};
}

GitHubTestServer::Answer GitHubTestServer::patchIssue(const QString &owner, const QString &name, int number,
                                                      const QHttpServerRequest &request)
{
    TestIssue *found = findIssue(owner, name, number);
    if (!found)
        return Answer{404, NotFoundBody, {}};
    noteWrite(request);
    m_writes[number].patches += 1;
    const QJsonObject patch = QJsonDocument::fromJson(request.body()).object();
    const QString state = patch.value("state"_L1).toString();
    if (!state.isEmpty() && state != u"open"_s && state != u"closed"_s)
        return Answer{
            422,
            R"({"message":"Validation Failed","errors":[{"resource":"Issue","field":"state","code":"invalid"}]})",
            {}};
    // GitHub's close reasons; anything else is refused as GitHub does.
    const QString reason = patch.value("state_reason"_L1).toString();
    if (!reason.isEmpty() &&
        !QStringList{u"completed"_s, u"not_planned"_s, u"duplicate"_s, u"reopened"_s}.contains(reason))
        return Answer{
            422,
            R"({"message":"Validation Failed","errors":[{"resource":"Issue","field":"state_reason","code":"invalid"}]})",
            {}};
    if (state == u"closed"_s) {
        found->open = false;
        found->stateReason = patch.value("state_reason"_L1).toString(u"completed"_s);
    } else if (state == u"open"_s) {
        found->open = true;
        found->stateReason.clear();
    }
    found->updatedAt = nextUpdate();
    return Answer{200, json(issueJson(*found)), {}};
}
