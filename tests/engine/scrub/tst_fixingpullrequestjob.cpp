// SPDX-License-Identifier: MIT
#include "engine/scrub/fixingpullrequestjob.h"
#include "engine/github/githubclient.h"
#include "tests/support/githubtestserver.h"

#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(QList<TestCrossReference>)

namespace {

const QDateTime Base = QDateTime(QDate(2026, 3, 1), QTime(10, 0), QTimeZone::UTC);

TestCrossReference pr(int number, const QString &body, int mergedDays, const QString &repository = {})
{
    TestCrossReference x;
    x.number = number;
    x.title = u"Change %1"_s.arg(number);
    x.body = body;
    x.repository = repository;
    x.mergedAt = mergedDays >= 0 ? Base.addDays(mergedDays) : QDateTime();
    x.at = Base.addDays(std::max(0, mergedDays) - 1);
    return x;
}

} // namespace

// The fixing PR as GitHub's REST timeline names it, read over loopback from a GitHub-shaped server.
class TestFixingPullRequestJob final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_server.start());
        GitHubTestServer::Generation generation;
        generation.issues = 5;
        generation.maxComments = 3;
        m_server.generate(generation);
        m_server.connectClient(m_client);
    }

    void namesTheMergedPullRequest_data()
    {
        QTest::addColumn<QList<TestCrossReference>>("mentions");
        QTest::addColumn<int>("expected"); // 0: none

        QTest::addRow("no mentions") << QList<TestCrossReference>{} << 0;
        QTest::addRow("one merged PR") << QList<TestCrossReference>{pr(501, u"Handle uneven shards."_s, 3)} << 501;
        QTest::addRow("an open PR is not a fix") << QList<TestCrossReference>{pr(502, u"Fixes #3"_s, -1)} << 0;
        TestCrossReference issue = pr(503, u"Same as #3?"_s, -1);
        issue.pullRequest = false;
        QTest::addRow("an issue mentioning it is not a fix") << QList<TestCrossReference>{issue} << 0;
        QTest::addRow("the one that closes it beats a later one")
            << QList<TestCrossReference>{pr(504, u"This fixes #3 by padding the last shard."_s, 2),
                                         pr(505, u"Refactor, see #3 for context."_s, 9)}
            << 504;
        QTest::addRow("without a closing keyword: the latest merged")
            << QList<TestCrossReference>{pr(506, u"Related to #3."_s, 2), pr(507, u"Follow-up to #3."_s, 6)} << 507;
        QTest::addRow("a closing keyword for another issue does not count")
            << QList<TestCrossReference>{pr(508, u"Fixes #33."_s, 2), pr(509, u"Touches #3."_s, 1)} << 508;
        QTest::addRow("another repository's PR only when it closes this one")
            << QList<TestCrossReference>{pr(510, u"Mentions pytorch/pytorch#3."_s, 8, u"other/fork"_s),
                                         pr(511, u"Uses the new API from #3."_s, 1)}
            << 511;
        // Many events: the job follows the Link header's pages (per_page 100).
        QList<TestCrossReference> many;
        for (int i = 0; i < 150; ++i)
            many << pr(1000 + i, u"Unrelated mention of #3."_s, -1);
        many << pr(2000, u"Closes #3"_s, 40);
        QTest::addRow("on the second page") << many << 2000;
    }

    void namesTheMergedPullRequest()
    {
        QFETCH(QList<TestCrossReference>, mentions);
        QFETCH(int, expected);
        m_server.issues()[2].crossReferences = mentions; // issue #3
        m_server.resetCounts();

        const auto result = run(3);
        QVERIFY2(result.ok(), qPrintable(result.error()));
        QCOMPARE(result->has_value(), expected != 0);
        if (expected != 0) {
            const FixingPullRequest &fix = **result;
            QCOMPARE(fix.number, expected);
            QVERIFY(fix.mergedAt.isValid());
            QVERIFY(fix.url.endsWith(u"/pull/%1"_s.arg(expected)));
            QCOMPARE(fix.repository, m_server.repository());
        }
        QVERIFY(m_server.requestCount(u"/issues/3/timeline"_s) >= 1);
        if (mentions.size() > 100)
            QCOMPARE(m_server.requestCount(u"/issues/3/timeline"_s), 2);
    }

    void aMissingIssueIsAnError()
    {
        const auto result = run(999);
        QVERIFY(!result.ok());
        QVERIFY2(result.error().contains(u"#999"_s), qPrintable(result.error()));
    }

private:
    Result<std::optional<FixingPullRequest>> run(int number)
    {
        FixingPullRequestJob job(&m_client);
        std::optional<Result<std::optional<FixingPullRequest>>> got;
        int answers = 0;
        connect(&job, &FixingPullRequestJob::finished, this,
                [&](const Result<std::optional<FixingPullRequest>> &r) {
                    got = r;
                    ++answers;
                });
        QSignalSpy finished(&job, &FixingPullRequestJob::finished);
        job.start(m_server.repository(), number);
        if (!finished.wait(10000) || answers != 1 || !got)
            return Error{u"no single answer"_s};
        return *got;
    }

    GitHubTestServer m_server;
    GitHubClient m_client;
};

QTEST_GUILESS_MAIN(TestFixingPullRequestJob)
#include "tst_fixingpullrequestjob.moc"
