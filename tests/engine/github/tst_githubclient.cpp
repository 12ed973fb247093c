// SPDX-License-Identifier: MIT
#include "engine/github/githubclient.h"
#include "engine/github/githubrequestjob.h"
#include "tests/support/githubtestserver.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using Fault = GitHubTestServer::Fault;

Q_DECLARE_METATYPE(GitHubTestServer::Fault)
Q_DECLARE_METATYPE(ErrorKind)

namespace {

const QString IssuesQuery = u"query($owner: String!, $name: String!, $first: Int!) { repository(owner: $owner,"
                            " name: $name) { issues(first: $first) { totalCount nodes { number } } } }"_s;

} // namespace

class tst_GitHubClient final : public QObject
{
    Q_OBJECT

private:
    GitHubTestServer *m_server = nullptr;
    GitHubClient *m_client = nullptr;

    // Runs one job to its end; returns the result and how often finished() fired.
    Result<GitHubResponse> run(GitHubRequestJob *job, int *emissions = nullptr)
    {
        std::optional<Result<GitHubResponse>> result;
        int count = 0;
        connect(job, &GitHubRequestJob::finished, this, [&](const Result<GitHubResponse> &r) {
            result.emplace(r);
            ++count;
        });
        QSignalSpy destroyed(job, &QObject::destroyed);
        if (!destroyed.wait(10000))
            return Error{u"the job did not end"_s};
        if (emissions)
            *emissions = count;
        if (!result)
            return Error{u"no finished()"_s};
        return *result;
    }

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void init()
    {
        m_server = new GitHubTestServer(this);
        QVERIFY(m_server->start());
        GitHubTestServer::Generation generation;
        generation.issues = 30;
        m_server->generate(generation);
        m_client = new GitHubClient(this);
        m_server->connectClient(*m_client);
    }

    void cleanup()
    {
        delete m_client;
        delete m_server;
    }

    void endpoints_data()
    {
        QTest::addColumn<QString>("api");
        QTest::addColumn<QString>("rest");
        QTest::addColumn<QString>("graphql");
        QTest::addRow("github.com") << u"https://api.github.com"_s << u"https://api.github.com/user"_s
                                    << u"https://api.github.com/graphql"_s;
        QTest::addRow("trailing slash") << u"https://api.github.com/"_s << u"https://api.github.com/user"_s
                                        << u"https://api.github.com/graphql"_s;
        QTest::addRow("enterprise") << u"https://ghe.example.com/api/v3"_s << u"https://ghe.example.com/api/v3/user"_s
                                    << u"https://ghe.example.com/api/graphql"_s;
        QTest::addRow("test server") << u"http://127.0.0.1:8123"_s << u"http://127.0.0.1:8123/user"_s
                                     << u"http://127.0.0.1:8123/graphql"_s;
    }

    void endpoints()
    {
        QFETCH(QString, api);
        QFETCH(QString, rest);
        QFETCH(QString, graphql);
        GitHubClient client;
        client.setApiUrl(QUrl(api));
        QCOMPARE(client.restUrl(u"/user"_s).toString(), rest);
        QCOMPARE(client.graphqlUrl().toString(), graphql);
    }

    void requestHeaders()
    {
        const Result<GitHubResponse> result = run(m_client->get(m_client->restUrl(u"/user"_s)));
        QVERIFY2(result.ok(), qPrintable(result.error()));
        const QHttpHeaders headers = m_server->lastHeaders();
        QCOMPARE(headers.value("authorization"), "Bearer ghp_testtoken123");
        QCOMPARE(headers.value("accept"), "application/vnd.github+json");
        QCOMPARE(headers.value("x-github-api-version"), "2022-11-28");
        QVERIFY(headers.value("user-agent").startsWith("TriageConsole/"));
        QCOMPARE(result->json.object().value("login"_L1).toString(), u"octo-oncall"_s);
        QCOMPARE(result->oauthScopes, "repo, read:org");
    }

    void tokenStaysWithItsHost()
    {
        const QNetworkRequest own = m_client->buildRequest(m_client->restUrl(u"/user"_s));
        QVERIFY(own.hasRawHeader("Authorization"));
        const QNetworkRequest other = m_client->buildRequest(QUrl(u"https://elsewhere.example/user"_s));
        QVERIFY(!other.hasRawHeader("Authorization"));
    }

    // Redirects are followed, and whatever goes to another origin (a second loopback port here) goes there
    // without the token; a redirect back to the API's own origin keeps it.
    void redirectsLeaveTheTokenBehind_data()
    {
        QTest::addColumn<QByteArray>("verb");
        QTest::addColumn<int>("status");
        QTest::addColumn<bool>("sameServer");
        QTest::addColumn<bool>("writeThere"); // false: a GET arrives there
        QTest::addRow("GET 301") << QByteArray("GET") << 301 << false << false;
        QTest::addRow("GET 302") << QByteArray("GET") << 302 << false << false;
        QTest::addRow("GET 307") << QByteArray("GET") << 307 << false << false;
        QTest::addRow("GET 308") << QByteArray("GET") << 308 << false << false;
        QTest::addRow("POST 307") << QByteArray("POST") << 307 << false << true;
        QTest::addRow("POST 308") << QByteArray("POST") << 308 << false << true;
        QTest::addRow("POST 303 becomes GET") << QByteArray("POST") << 303 << false << false;
        QTest::addRow("PATCH 307") << QByteArray("PATCH") << 307 << false << true;
        QTest::addRow("GET 307, same server") << QByteArray("GET") << 307 << true << false;
        QTest::addRow("POST 307, same server") << QByteArray("POST") << 307 << true << true;
    }

    void redirectsLeaveTheTokenBehind()
    {
        QFETCH(QByteArray, verb);
        QFETCH(int, status);
        QFETCH(bool, sameServer);
        QFETCH(bool, writeThere);
        GitHubTestServer other;
        QVERIFY(other.start());
        GitHubTestServer::Generation generation;
        generation.issues = 30;
        other.generate(generation);
        GitHubTestServer *target = sameServer ? m_server : &other;

        const QString path =
            verb == "POST" ? u"/repos/pytorch/pytorch/issues/3/comments"_s : u"/repos/pytorch/pytorch/issues/3"_s;
        GitHubTestServer::FaultRule redirect;
        redirect.fault = Fault::Redirect;
        redirect.pathContains = QString::fromLatin1(verb) + u' ' + path;
        redirect.redirectTo = target->url();
        redirect.redirectStatus = status;
        m_server->addFault(redirect);

        const QUrl url = m_client->restUrl(path);
        GitHubRequestJob *job = verb == "GET" ? m_client->get(url)
                                : verb == "POST"
                                    ? m_client->write(verb, url, QJsonDocument(QJsonObject{{u"body"_s, u"moved"_s}}))
                                    : m_client->write(verb, url, QJsonDocument(QJsonObject{{u"title"_s, u"moved"_s}}));
        const Result<GitHubResponse> result = run(job);
        QVERIFY2(result.ok(), qPrintable(result.error()));

        QCOMPARE(target->requestCount(path), sameServer ? 2 : 1);
        QCOMPARE(target->writeLog().contains(QString::fromLatin1(verb) + u' ' + path), writeThere);
        if (sameServer) {
            QCOMPARE(m_server->authorizations(), QByteArrayList(2, "Bearer ghp_testtoken123"));
        } else {
            QCOMPARE(m_server->authorizations(), QByteArrayList{"Bearer ghp_testtoken123"});
            QCOMPARE(other.authorizations(), QByteArrayList());
        }
    }

    void redirectLoopEnds()
    {
        GitHubTestServer::FaultRule loop;
        loop.fault = Fault::Redirect;
        loop.pathContains = u"/user"_s;
        loop.redirectTo = m_server->url();
        loop.times = -1;
        m_server->addFault(loop);
        int emissions = 0;
        const Result<GitHubResponse> result = run(m_client->get(m_client->restUrl(u"/user"_s)), &emissions);
        QVERIFY(!result.ok());
        QVERIFY2(result.error().contains(u"redirected more than 10 times"_s), qPrintable(result.error()));
        QCOMPARE(emissions, 1);
        QCOMPARE(m_server->requestCount(u"/user"_s), 11);
        QCOMPARE(result.errorKind(), ErrorKind::Refused);
    }

    void nextLink_data()
    {
        QTest::addColumn<QByteArray>("header");
        QTest::addColumn<QString>("next");
        QTest::addRow("next and last")
            << QByteArray(
                   R"(<https://api.github.com/x?page=2>; rel="next", <https://api.github.com/x?page=9>; rel="last")")
            << u"https://api.github.com/x?page=2"_s;
        QTest::addRow("last page")
            << QByteArray(
                   R"(<https://api.github.com/x?page=1>; rel="first", <https://api.github.com/x?page=8>; rel="prev")")
            << QString();
        QTest::addRow("none") << QByteArray() << QString();
    }

    void nextLink()
    {
        QFETCH(QByteArray, header);
        QFETCH(QString, next);
        QCOMPARE(GitHubClient::parseNextLink(header).toString(), next);
    }

    void rateLimitIsTracked()
    {
        QSignalSpy changed(m_client, &GitHubClient::rateLimitChanged);
        m_server->setRateLimit(1234);
        QVERIFY(run(m_client->get(m_client->restUrl(u"/user"_s))).ok());
        QVERIFY(!changed.isEmpty());
        QCOMPARE(m_client->rateLimit().remaining, 1233);
        QCOMPARE(m_client->rateLimit().limit, 5000);
        QCOMPARE(m_client->rateLimit().resource, u"core"_s);
        QVERIFY(m_client->rateLimit().reset > QDateTime::currentDateTimeUtc());
    }

    void faults_data()
    {
        QTest::addColumn<bool>("graphql");
        QTest::addColumn<Fault>("fault");
        QTest::addColumn<int>("times");
        QTest::addColumn<int>("delayMs");
        QTest::addColumn<bool>("recovers");
        QTest::addColumn<int>("attempts");
        QTest::addColumn<QString>("message");
        QTest::addColumn<ErrorKind>("kind"); // of the error, when it does not recover

        for (const bool graphql : {false, true}) {
            const char *api = graphql ? "graphql" : "rest";
            QTest::addRow("%s: 500 once", api)
                << graphql << Fault::InternalError << 1 << 0 << true << 2 << QString() << ErrorKind::Failed;
            QTest::addRow("%s: 502 twice", api)
                << graphql << Fault::BadGateway << 2 << 0 << true << 3 << QString() << ErrorKind::Failed;
            QTest::addRow("%s: 403 secondary limit, Retry-After", api)
                << graphql << Fault::SecondaryLimit << 1 << 0 << true << 2 << QString() << ErrorKind::Failed;
            QTest::addRow("%s: 429 Retry-After", api)
                << graphql << Fault::TooManyRequests << 1 << 0 << true << 2 << QString() << ErrorKind::Failed;
            QTest::addRow("%s: rate limit exhausted", api)
                << graphql << Fault::RateLimitExhausted << 1 << 0 << true << 2 << QString() << ErrorKind::Failed;
            QTest::addRow("%s: slow but in time", api)
                << graphql << Fault::Slow << 1 << 100 << true << 1 << QString() << ErrorKind::Failed;
            QTest::addRow("%s: stalled past the timeout", api)
                << graphql << Fault::Slow << 1 << 1500 << true << 2 << QString() << ErrorKind::Failed;
            QTest::addRow("%s: connection dropped mid-body", api)
                << graphql << Fault::DropConnection << 1 << 0 << true << 2 << QString() << ErrorKind::Failed;
            QTest::addRow("%s: malformed JSON", api)
                << graphql << Fault::MalformedJson << 1 << 0 << true << 2 << QString() << ErrorKind::Failed;
            QTest::addRow("%s: 500 for ever", api) << graphql << Fault::InternalError << -1 << 0 << false << 4
                                                   << u"gave up after 4 attempts"_s << ErrorKind::Transient;
            QTest::addRow("%s: 502 for ever", api) << graphql << Fault::BadGateway << -1 << 0 << false << 4
                                                   << u"gave up after 4 attempts"_s << ErrorKind::Transient;
            QTest::addRow("%s: stalled past the timeout for ever", api)
                << graphql << Fault::Slow << -1 << 1500 << false << 4 << u"gave up after 4 attempts"_s
                << ErrorKind::Transient;
            QTest::addRow("%s: connection dropped for ever", api)
                << graphql << Fault::DropConnection << -1 << 0 << false << 4 << u"gave up"_s << ErrorKind::Transient;
            QTest::addRow("%s: secondary limit for ever", api)
                << graphql << Fault::SecondaryLimit << -1 << 0 << false << 4 << u"gave up"_s << ErrorKind::Transient;
            QTest::addRow("%s: 429 for ever", api)
                << graphql << Fault::TooManyRequests << -1 << 0 << false << 4 << u"gave up"_s << ErrorKind::Transient;
            QTest::addRow("%s: malformed for ever", api)
                << graphql << Fault::MalformedJson << -1 << 0 << false << 4 << u"malformed JSON"_s << ErrorKind::Failed;
            QTest::addRow("%s: 404", api)
                << graphql << Fault::NotFound << 1 << 0 << false << 1 << u"not found"_s << ErrorKind::Refused;
            QTest::addRow("%s: 422", api) << graphql << Fault::UnprocessableEntity << 1 << 0 << false << 1
                                          << u"Validation Failed"_s << ErrorKind::Refused;
        }
    }

    void faults()
    {
        QFETCH(bool, graphql);
        QFETCH(Fault, fault);
        QFETCH(int, times);
        QFETCH(int, delayMs);
        QFETCH(bool, recovers);
        QFETCH(int, attempts);
        QFETCH(QString, message);
        QFETCH(ErrorKind, kind);

        m_server->addFault({fault, graphql ? u"/graphql"_s : u"/issues"_s, 0, times, 1, delayMs});
        GitHubRequestJob *job =
            graphql ? m_client->graphql(IssuesQuery,
                                        {{u"owner"_s, u"pytorch"_s}, {u"name"_s, u"pytorch"_s}, {u"first"_s, 10}})
                    : m_client->get(
                          m_client->restUrl(u"/repos/pytorch/pytorch/issues"_s, QUrlQuery{{u"per_page"_s, u"10"_s}}));
        int emissions = 0;
        const Result<GitHubResponse> result = run(job, &emissions);
        QCOMPARE(emissions, 1);
        QCOMPARE(result.ok(), recovers);
        if (recovers) {
            QCOMPARE(result->attempts, attempts);
            if (graphql)
                QCOMPARE(result->json.object()["data"_L1]["repository"_L1]["issues"_L1]["totalCount"_L1].toInt(), 30);
            else
                QCOMPARE(result->json.array().size(), 10);
        } else {
            QVERIFY2(result.error().contains(message, Qt::CaseInsensitive), qPrintable(result.error()));
            QCOMPARE(m_server->requestCount(graphql ? u"/graphql"_s : u"/issues"_s), attempts);
            QCOMPARE(result.errorKind(), kind);
        }
    }

    void retryAfterIsHonoured()
    {
        // Retry-After: 4 s, scaled by 0.05 → at least 200 ms between the two attempts.
        m_server->addFault({Fault::TooManyRequests, u"/user"_s, 0, 1, 4, 0});
        QElapsedTimer timer;
        timer.start();
        const Result<GitHubResponse> result = run(m_client->get(m_client->restUrl(u"/user"_s)));
        QVERIFY(result.ok());
        QVERIFY2(timer.elapsed() >= 190, qPrintable(QString::number(timer.elapsed())));
    }

    void exhaustedBudgetHoldsRequestsBack()
    {
        // The first answer spends the budget until 2 s from now; the next request waits before it goes.
        m_server->addFault({Fault::RateLimitExhausted, u"/user"_s, 0, 1, 2, 0});
        QVERIFY(run(m_client->get(m_client->restUrl(u"/user"_s))).ok());
        QVERIFY(m_client->rateLimit().remaining > 0);
    }

    void tooLongAWaitIsAnError()
    {
        RetryPolicy policy = fastRetryPolicy();
        policy.serverWaitScale = 1.0;
        policy.maxRateLimitWait = 1000ms;
        m_client->setRetryPolicy(policy);
        m_server->addFault({Fault::RateLimitExhausted, u"/user"_s, 0, 1, 600, 0});
        const Result<GitHubResponse> result = run(m_client->get(m_client->restUrl(u"/user"_s)));
        QVERIFY(!result.ok());
        QVERIFY2(result.error().contains(u"rate limit"_s), qPrintable(result.error()));
        QCOMPARE(m_server->requestCount(u"/user"_s), 1);
        QCOMPARE(result.errorKind(), ErrorKind::Transient);
    }

    void conditionalRequest()
    {
        const QUrl url = m_client->restUrl(u"/repos/pytorch/pytorch/issues"_s);
        const Result<GitHubResponse> first = run(m_client->get(url));
        QVERIFY(first.ok());
        QVERIFY(!first->etag.isEmpty());
        const int remaining = m_client->rateLimit().remaining;
        const Result<GitHubResponse> second = run(m_client->get(url, first->etag));
        QVERIFY(second.ok());
        QVERIFY(second->notModified());
        QCOMPARE(m_client->rateLimit().remaining, remaining); // a 304 costs nothing
    }

    void cancelEndsOnce()
    {
        m_server->addFault({Fault::Slow, u"/user"_s, 0, 1, 0, 3000});
        RetryPolicy policy = fastRetryPolicy();
        policy.transferTimeout = 10000ms;
        m_client->setRetryPolicy(policy);
        GitHubRequestJob *job = m_client->get(m_client->restUrl(u"/user"_s));
        QTimer::singleShot(50, job, &GitHubRequestJob::cancel);
        QElapsedTimer timer;
        timer.start();
        int emissions = 0;
        const Result<GitHubResponse> result = run(job, &emissions);
        QVERIFY(timer.elapsed() < 2000);
        QCOMPARE(emissions, 1);
        QVERIFY(!result.ok());
        QCOMPARE(result.error(), u"cancelled"_s);
        QCOMPARE(result.errorKind(), ErrorKind::Cancelled);
    }

    void unreachableServer()
    {
        GitHubClient client;
        client.setApiUrl(QUrl(u"http://127.0.0.1:1"_s));
        RetryPolicy policy = fastRetryPolicy();
        policy.maxAttempts = 2;
        client.setRetryPolicy(policy);
        const Result<GitHubResponse> result = run(client.get(client.restUrl(u"/user"_s)));
        QVERIFY(!result.ok());
        QVERIFY2(result.error().startsWith(u"cannot reach 127.0.0.1/user"_s), qPrintable(result.error()));
        QCOMPARE(result.errorKind(), ErrorKind::Transient);
    }
};

QTEST_GUILESS_MAIN(tst_GitHubClient)
#include "tst_githubclient.moc"
