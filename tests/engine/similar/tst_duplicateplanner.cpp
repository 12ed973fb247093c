// SPDX-License-Identifier: MIT
// Marking a duplicate: the guards, and the whole way to GitHub — the plan in the outbox, submitted to the
// loopback test server, the comment and the close there and in the audit log.
#include "engine/github/githubclient.h"
#include "engine/github/githubrequestjob.h"
#include "engine/outbox/outboxreport.h"
#include "engine/outbox/outboxstore.h"
#include "engine/outbox/outboxsubmitjob.h"
#include "engine/similar/duplicateplanner.h"

#include "tests/support/githubtestserver.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

const QString Repo = u"pytorch/pytorch"_s;

Issue issue(int number, bool open = true)
{
    Issue issue;
    issue.number = number;
    issue.title = u"Issue %1"_s.arg(number);
    issue.state = open ? IssueState::Open : IssueState::Closed;
    issue.labels = {u"oncall: distributed"_s};
    return issue;
}

SimilarityMatch match(int number, bool open)
{
    SimilarityMatch match;
    match.repository = Repo;
    match.number = number;
    match.state = open ? IssueState::Open : IssueState::Closed;
    return match;
}

} // namespace

class tst_DuplicatePlanner final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        qRegisterMetaType<OutboxReport>();
        const Result<RubricPack> pack = OutboxStore::packFor(u"distributed"_s);
        QVERIFY2(pack, qPrintable(pack.error()));
        m_pack = pack.value();
    }

    void guards_data()
    {
        QTest::addColumn<bool>("issueOpen");
        QTest::addColumn<int>("target");
        QTest::addColumn<bool>("targetStored");
        QTest::addColumn<bool>("targetOpen");
        QTest::addColumn<QList<int>>("openAlternatives");
        QTest::addColumn<bool>("confirmed");
        QTest::addColumn<QString>("error"); // empty: a plan
        QTest::addRow("open target") << true << 3 << true << true << QList<int>{} << false << QString();
        QTest::addRow("itself") << true << 5 << true << true << QList<int>{} << false << u"of itself"_s;
        QTest::addRow("not in the repository")
            << true << 77 << false << true << QList<int>{} << false << u"#77 is not an issue of pytorch/pytorch"_s;
        QTest::addRow("issue already closed")
            << false << 3 << true << true << QList<int>{} << false << u"#5 is already closed"_s;
        QTest::addRow("closed target, an open one similar")
            << true << 3 << true << false << QList<int>{9} << false << u"prefer the open one"_s;
        QTest::addRow("closed target, confirmed") << true << 3 << true << false << QList<int>{9} << true << QString();
        QTest::addRow("closed target, no open one") << true << 3 << true << false << QList<int>{} << false << QString();
    }
    void guards()
    {
        QFETCH(bool, issueOpen);
        QFETCH(int, target);
        QFETCH(bool, targetStored);
        QFETCH(bool, targetOpen);
        QFETCH(QList<int>, openAlternatives);
        QFETCH(bool, confirmed);
        QFETCH(QString, error);
        QList<SimilarityMatch> alternatives{match(target, targetOpen), match(11, false)};
        for (int number : openAlternatives)
            alternatives.append(match(number, true));
        const std::optional<Issue> stored =
            targetStored ? std::optional<Issue>(issue(target, targetOpen)) : std::nullopt;
        const Result<DuplicatePlan> plan = DuplicatePlanner::plan(Repo, issue(5, issueOpen), target, stored,
                                                                  alternatives, m_pack, u"alice"_s, confirmed);
        if (!error.isEmpty()) {
            QVERIFY(!plan.ok());
            QVERIFY2(plan.error().contains(error), qPrintable(plan.error()));
            if (!openAlternatives.isEmpty())
                QVERIFY(plan.error().contains(u"#%1"_s.arg(openAlternatives.constFirst())));
            return;
        }
        QVERIFY2(plan.ok(), qPrintable(plan.error()));
        QCOMPARE(plan->target, target);
        QCOMPARE(plan->decision.plan.comment, u"Duplicate of #%1"_s.arg(target));
        QCOMPARE(plan->decision.plan.decision.name(), u"duplicate"_s);
        QVERIFY(plan->decision.plan.decision == TriageDecision::Duplicate);
        QVERIFY(plan->close.close);
        QCOMPARE(plan->close.stateReason, u"duplicate"_s);
        QCOMPARE(plan->decision.number, 5);
        QCOMPARE(plan->decision.reviewer, u"alice"_s);
    }

    // The whole flow: drafted, queued, submitted; GitHub (the test server) shows it and the audit log says so.
    void landsOnGitHub()
    {
        QTemporaryDir dir;
        GitHubTestServer server;
        QVERIFY(server.start());
        GitHubTestServer::Generation generation;
        generation.issues = 12;
        generation.maxComments = 2;
        server.generate(generation);
        GitHubClient client;
        server.connectClient(client, u"ghp_DuplicateTestToken"_s);
        const QString path = dir.filePath(u"store.sqlite"_s);
        auto store = OutboxStore::open(path);
        QVERIFY2(store.ok(), qPrintable(store.error()));

        const Issue seen = server.issue(5)->seen();
        const Issue target = server.issue(3)->seen();
        const Result<DuplicatePlan> plan =
            DuplicatePlanner::plan(server.repository(), seen, 3, target, {}, m_pack, u"alice"_s);
        QVERIFY2(plan.ok(), qPrintable(plan.error()));
        const Result<OutboxEntry> entry = store.value()->enqueue(plan->decision, seen, m_pack, plan->close);
        QVERIFY2(entry.ok(), qPrintable(entry.error()));
        QVERIFY2(entry->status == OutboxStatus::Ready, qPrintable(entry->outcome));
        QCOMPARE(entry->stateReason, u"duplicate"_s);

        OutboxSubmitJob job(&client, path, {entry->id});
        QSignalSpy finished(&job, &OutboxSubmitJob::finished);
        job.start();
        QVERIFY(finished.wait(20000));

        const TestIssue *written = server.issue(5);
        QVERIFY(!written->open);
        QCOMPARE(written->stateReason, u"duplicate"_s);
        QCOMPARE(written->commentsContaining(u"Duplicate of #3"_s), 1);
        QVERIFY(server.issue(3)->open); // the original is left alone
        QCOMPARE(server.writes(3).comments + server.writes(3).patches, 0);
        QCOMPARE(store.value()->entry(entry->id)->status, OutboxStatus::Applied);

        const QList<OutboxAuditRecord> audit = store.value()->auditLog().value();
        bool commented = false;
        bool closed = false;
        for (const OutboxAuditRecord &record : audit) {
            QCOMPARE(record.number, 5);
            if (record.action == u"comment"_s) {
                commented = record.request.contains(u"Duplicate of #3"_s) && record.status == 201;
            } else if (record.action == u"close"_s) {
                closed = record.request.contains(u"\"state_reason\":\"duplicate\""_s) && record.status == 200;
            }
        }
        QVERIFY2(commented, qPrintable(QString::fromUtf8(OutboxStore::auditToJsonLines(audit))));
        QVERIFY2(closed, qPrintable(QString::fromUtf8(OutboxStore::auditToJsonLines(audit))));
    }

    void serverRefusesAnUnknownCloseReason()
    {
        // The test server answers as GitHub: an unknown state_reason is a 422, so the flow above proves more
        // than that the server takes anything.
        QTemporaryDir dir;
        GitHubTestServer server;
        QVERIFY(server.start());
        GitHubTestServer::Generation generation;
        generation.issues = 3;
        server.generate(generation);
        GitHubClient client;
        server.connectClient(client, u"ghp_DuplicateTestToken"_s);
        GitHubRequestJob *job =
            client.write("PATCH", client.restUrl(u"/repos/%1/issues/2"_s.arg(server.repository())),
                         QJsonDocument(QJsonObject{{u"state"_s, u"closed"_s}, {u"state_reason"_s, u"dupe"_s}}));
        std::optional<Result<GitHubResponse>> answer;
        connect(job, &GitHubRequestJob::finished, this,
                [&answer](const Result<GitHubResponse> &result) { answer = result; });
        QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), 10000);
        QVERIFY(!answer->ok());
        QVERIFY2(answer->error().contains(u"state_reason"_s) || answer->error().contains(u"422"_s),
                 qPrintable(answer->error()));
        QVERIFY(server.issue(2)->open);
    }

private:
    RubricPack m_pack;
};

QTEST_GUILESS_MAIN(tst_DuplicatePlanner)
#include "tst_duplicateplanner.moc"
