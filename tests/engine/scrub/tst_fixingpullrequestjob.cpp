// SPDX-License-Identifier: MIT
#include "engine/github/githubclient.h"
#include "engine/scrub/fixingpullrequestjob.h"
#include "tests/support/githubtestserver.h"

#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(QList<TestCrossReference>)
Q_DECLARE_METATYPE(QList<TestCommit>)

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

TestCommit commit(int index, const QString &message)
{
    return TestCommit{u"%1"_s.arg(qlonglong(index), 40, 16, QChar(u'0')), message,
                      Base.addDays(index % 30).addSecs(index)};
}

QList<TestCommit> unrelated(int from, int count)
{
    QList<TestCommit> out;
    for (int i = from; i < from + count; ++i)
        out << commit(
            i,
            u"Speed up the tokenizer (#%1)\n\nPull Request resolved: https://github.com/pytorch/pytorch/pull/%1"_s.arg(
                80000 + i));
    return out;
}

} // namespace

// The fixing PR as GitHub's REST timeline names it, read over loopback from a GitHub-shaped server.
class tst_FixingPullRequestJob final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
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

    // The three routes in turn: GraphQL's closing references, then the timeline, then the commits between the tags
    // where it reproduced and where it passes. Each row fails without its route.
    void routes_data()
    {
        QTest::addColumn<QList<TestCrossReference>>("closedBy");
        QTest::addColumn<QList<TestCrossReference>>("mentions");
        QTest::addColumn<QList<TestCommit>>("commits"); // v2.5.1...v2.6.0
        QTest::addColumn<QString>("reproduces");
        QTest::addColumn<QString>("passes");
        QTest::addColumn<int>("expected");
        QTest::addColumn<QString>("route");

        const QList<TestCrossReference> none;
        const QList<TestCommit> noCommits;
        QTest::addRow("graphql: the merged closing PR, before the timeline's later one")
            << QList<TestCrossReference>{pr(601, u"Fixes #3"_s, 2)}
            << QList<TestCrossReference>{pr(602, u"See #3"_s, 9)} << noCommits << QString() << QString() << 601
            << u"graphql"_s;
        QTest::addRow("graphql: the latest merged of two")
            << QList<TestCrossReference>{pr(605, u"Fixes #3"_s, 2), pr(606, u"Closes #3"_s, 5)} << none << noCommits
            << QString() << QString() << 606 << u"graphql"_s;
        QTest::addRow("graphql: an open closing PR is no fix yet, the timeline names it")
            << QList<TestCrossReference>{pr(603, u"Fixes #3"_s, -1)}
            << QList<TestCrossReference>{pr(604, u"Fix #3"_s, 4)} << noCommits << QString() << QString() << 604
            << u"timeline"_s;
        QTest::addRow("timeline before compare")
            << none << QList<TestCrossReference>{pr(620, u"Pads the shard, see #3"_s, 4)}
            << QList<TestCommit>{commit(1, u"Pad the last shard (#7030)\n\nFixes #3"_s)} << u"2.5.1"_s << u"2.6.0"_s
            << 620 << u"timeline"_s;
        QTest::addRow("compare: a squash-merged commit naming it")
            << none << none
            << QList<TestCommit>{commit(1, u"Unrelated (#7001)"_s),
                                 commit(2, u"Pad the last shard (#7002)\n\nFixes #3"_s), commit(3, u"Other (#7003)"_s)}
            << u"2.5.1"_s << u"2.6.0"_s << 7002 << u"compare"_s;
        QTest::addRow("compare: ghstack's Pull Request resolved line")
            << none << none
            << QList<TestCommit>{commit(4, u"[DTensor] pad the last shard\n\nFixes pytorch/pytorch#3\n\nPull Request "
                                           u"resolved: https://github.com/pytorch/pytorch/pull/7010\nApproved by: "
                                           u"https://github.com/someone"_s)}
            << u"2.5.1+cu121"_s << u"2.6"_s << 7010 << u"compare"_s;
        QTest::addRow("compare: the newest of two naming it")
            << none << none
            << QList<TestCommit>{commit(5, u"Part one (#7040)\n\nFor #3"_s),
                                 commit(6, u"Part two (#7041)\n\nFixes #3"_s)}
            << u"2.5.1"_s << u"2.6.0"_s << 7041 << u"compare"_s;
        QTest::addRow("compare: another repository's #3 is another issue")
            << none << none << QList<TestCommit>{commit(7, u"Bump vision (#7020)\n\nSee pytorch/vision#3"_s)}
            << u"2.5.1"_s << u"2.6.0"_s << 0 << QString();
        QTest::addRow("compare: #33 is not #3")
            << none << none << QList<TestCommit>{commit(8, u"Fix (#7021)\n\nFixes #33"_s)} << u"2.5.1"_s << u"2.6.0"_s
            << 0 << QString();
        QTest::addRow("compare: on the second page")
            << none << none << (unrelated(100, 150) << commit(300, u"Fix the hang (#7050)\n\nFixes #3"_s)) << u"2.5.1"_s
            << u"2.6.0"_s << 7050 << u"compare"_s;
        QTest::addRow("compare: without a version range it is not asked")
            << none << none << QList<TestCommit>{commit(9, u"Fix (#7060)\n\nFixes #3"_s)} << QString() << QString() << 0
            << QString();
        QTest::addRow("compare: a nightly has no release tag")
            << none << none << QList<TestCommit>{commit(10, u"Fix (#7061)\n\nFixes #3"_s)} << u"2.5.1"_s
            << u"2.6.0.dev20250101+cpu"_s << 0 << QString();
    }

    void routes()
    {
        QFETCH(QList<TestCrossReference>, closedBy);
        QFETCH(QList<TestCrossReference>, mentions);
        QFETCH(QList<TestCommit>, commits);
        QFETCH(QString, reproduces);
        QFETCH(QString, passes);
        QFETCH(int, expected);
        QFETCH(QString, route);
        m_server.issues()[2].closedBy = closedBy;
        m_server.issues()[2].crossReferences = mentions;
        m_server.setComparison(u"v2.5.1"_s, u"v2.6.0"_s, commits);
        m_server.resetCounts();

        const auto result = run(3, FixVersionRange{reproduces, passes});
        QVERIFY2(result.ok(), qPrintable(result.error()));
        QCOMPARE(result->has_value(), expected != 0);
        // GraphQL is always asked first; compare only with a range of two release tags and nothing found before.
        QCOMPARE(m_server.requestCount(u"/graphql"_s), 1);
        const bool compared =
            route == u"compare"_s || (expected == 0 && !FixingPullRequestJob::tagOf(passes).isEmpty() &&
                                      !FixingPullRequestJob::tagOf(reproduces).isEmpty());
        QCOMPARE(m_server.requestCount(u"/compare/v2.5.1...v2.6.0"_s) > 0, compared);
        if (commits.size() > 100 && compared)
            QCOMPARE(m_server.requestCount(u"/compare/v2.5.1...v2.6.0"_s), 2);
        if (expected == 0)
            return;
        const FixingPullRequest &fix = **result;
        QCOMPARE(fix.number, expected);
        QCOMPARE(fix.route, route);
        QCOMPARE(fix.repository, m_server.repository());
        QVERIFY(fix.url.endsWith(u"/pull/%1"_s.arg(expected)));
        QVERIFY(fix.mergedAt.isValid());
        QVERIFY(!fix.routeText().isEmpty());
        if (route == u"compare"_s) {
            QCOMPARE(fix.fromTag, u"v2.5.1"_s);
            QCOMPARE(fix.toTag, u"v2.6.0"_s);
            QCOMPARE(fix.commit.size(), 40);
            QVERIFY2(fix.routeText().contains(u"v2.5.1"_s), qPrintable(fix.routeText()));
        }
    }

    void versions_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("reported");
        QTest::addColumn<QString>("tag");

        QTest::addRow("collect_env")
            << u"Collecting environment information...\nPyTorch version: 2.5.1+cu121\nIs debug"_s << u"2.5.1+cu121"_s
            << u"v2.5.1"_s;
        QTest::addRow("pip pin") << u"I installed torch==2.4.0 and it crashes"_s << u"2.4.0"_s << u"v2.4.0"_s;
        QTest::addRow("major.minor") << u"torch version: 2.6"_s << u"2.6"_s << u"v2.6.0"_s;
        QTest::addRow("a nightly has no tag")
            << u"PyTorch version: 2.7.0.dev20250110+cu124"_s << u"2.7.0.dev20250110+cu124"_s << QString();
        QTest::addRow("none") << u"It crashes on my machine."_s << QString() << QString();
    }

    void versions()
    {
        QFETCH(QString, text);
        QFETCH(QString, reported);
        QFETCH(QString, tag);
        QCOMPARE(FixingPullRequestJob::reportedVersion(text), reported);
        QCOMPARE(FixingPullRequestJob::tagOf(reported), tag);
    }

    void aMissingIssueIsAnError()
    {
        const auto result = run(999);
        QVERIFY(!result.ok());
        QVERIFY2(result.error().contains(u"#999"_s), qPrintable(result.error()));
        QCOMPARE(result.errorKind(), ErrorKind::Refused); // GitHub's 404s, passed on
    }

private:
    Result<std::optional<FixingPullRequest>> run(int number, const FixVersionRange &range = {})
    {
        FixingPullRequestJob job(&m_client);
        std::optional<Result<std::optional<FixingPullRequest>>> got;
        int answers = 0;
        connect(&job, &FixingPullRequestJob::finished, this, [&](const Result<std::optional<FixingPullRequest>> &r) {
            got = r;
            ++answers;
        });
        QSignalSpy finished(&job, &FixingPullRequestJob::finished);
        job.start(m_server.repository(), number, range);
        if (!finished.wait(10000) || answers != 1 || !got)
            return Error{u"no single answer"_s};
        return *got;
    }

    GitHubTestServer m_server;
    GitHubClient m_client;
};

QTEST_GUILESS_MAIN(tst_FixingPullRequestJob)
#include "tst_fixingpullrequestjob.moc"
