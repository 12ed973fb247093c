// SPDX-License-Identifier: MIT
#include "engine/github/githubclient.h"
#include "engine/outbox/outboxstore.h"
#include "engine/outbox/outboxsubmitjob.h"
#include "engine/review/reviewdecisionstore.h"
#include "engine/scrub/scrubreport.h"
#include "tests/support/githubtestserver.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <optional>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace {

const QString Parallelisms = u"oncall: distributed parallelisms"_s;
const QString Fsdp = u"module: fsdp"_s;

// Writes spaced by milliseconds, and a secondary limit without Retry-After that does not stall the tests.
RetryPolicy fastPolicy()
{
    RetryPolicy policy = fastRetryPolicy();
    policy.secondaryLimitDelay = 200ms;
    policy.writeSpacing = 2ms;
    return policy;
}

// What another person does to the issue between the review and the submit, or how GitHub misbehaves.
enum class Scenario
{
    Fresh,
    AlreadyThere,
    OtherAddsLabel,
    OtherRemovesLabel,
    OtherCloses,
    OtherComments,
    StricterPack,
    Refused,
    ServerErrors,
    AnswerLostComment,
    AnswerLostLabels,
    SecondaryLimit,
    Close,
};

TriagePlan routePlan(int number)
{
    TriagePlan plan;
    plan.issueNumber = number;
    plan.profile = u"distributed"_s;
    plan.decision = TriageDecision::Classify;
    plan.subOncall = Parallelisms;
    plan.addLabels = {Parallelisms, Fsdp};
    plan.confidence = Confidence::High;
    plan.comment = u"Routing to parallelisms: the trace points at FSDP (#%1)."_s.arg(number);
    return plan;
}

GitHubTestServer::FaultRule fault(GitHubTestServer::Fault kind, const QString &path, int skip, int times,
                                  int retryAfterSeconds = 1)
{
    GitHubTestServer::FaultRule rule;
    rule.fault = kind;
    rule.pathContains = u"POST "_s + path;
    rule.skip = skip;
    rule.times = times;
    rule.retryAfterSeconds = retryAfterSeconds;
    return rule;
}

} // namespace

class tst_OutboxSubmitJob final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    GitHubTestServer *m_server = nullptr;
    GitHubClient *m_client = nullptr;
    std::unique_ptr<OutboxStore> m_store;
    RubricPack m_pack;

    QString path() const { return m_dir->filePath(u"store.sqlite"_s); }

    OutboxEntry approve(int number, const OutboxClose &close = {})
    {
        ReviewDecision decision;
        decision.repository = m_server->repository();
        decision.number = number;
        decision.state = ReviewState::Approved;
        decision.plan = routePlan(number);
        decision.reviewer = u"alice"_s;
        const Result<OutboxEntry> entry = m_store->enqueue(decision, m_server->issue(number)->seen(), m_pack, close);
        if (!entry)
            qFatal("cannot enqueue: %s", qPrintable(entry.error()));
        return entry.value();
    }

    OutboxEntry approveScrub(int number, const ScrubReport &report)
    {
        const Result<OutboxEntry> entry =
            report.enqueueIn(*m_store, m_server->repository(), m_server->issue(number)->seen(), u"alice"_s, m_pack);
        if (!entry)
            qFatal("cannot enqueue: %s", qPrintable(entry.error()));
        return entry.value();
    }

    QStringList auditActions() const
    {
        QStringList actions;
        const QList<OutboxAuditRecord> records = m_store->auditLog().value();
        for (const OutboxAuditRecord &record : records)
            actions.append(record.action);
        return actions;
    }

    TestIssue &serverIssue(int number)
    {
        for (TestIssue &issue : m_server->issues()) {
            if (issue.number == number)
                return issue;
        }
        qFatal("no issue %d", number);
    }

    OutboxReport submit(const QList<qint64> &ids, const std::function<void(OutboxSubmitJob *)> &configure = {})
    {
        OutboxSubmitJob job(m_client, path(), ids);
        if (configure)
            configure(&job);
        std::optional<Result<OutboxReport>> result;
        connect(&job, &OutboxSubmitJob::finished, this, [&](const Result<OutboxReport> &r) { result.emplace(r); });
        QSignalSpy finished(&job, &OutboxSubmitJob::finished);
        job.start();
        if (!finished.wait(20000))
            qFatal("the batch did not finish");
        // A batch that ran is a value; one that could not start hands its report beside the error.
        return *result->partial();
    }

    void verifyNeverReplaced(int deletes = 0)
    {
        QCOMPARE(m_server->totalWrites().labelPuts, 0);
        QCOMPARE(m_server->totalWrites().labelDeletes, deletes);
    }

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void outcome_data();
    void outcome();
    void resumesAfterAKill_data();
    void resumesAfterAKill();
    void rereadIsConditional();
    void cancelLeavesTheRestReady();
    void writesAreSpaced();
    void batchOfManyAppliesEachOnce();
    void unreadableStoreIsAnError();
    void scrubRemovals_data();
    void scrubRemovals();
    void scrubResumesAfterAKill_data();
    void scrubResumesAfterAKill();
    void subscriptions_data();
    void subscriptions();
    void closingAndLocked_data();
    void closingAndLocked();
    void resumeRestoresTheOriginalSubscription_data();
    void resumeRestoresTheOriginalSubscription();
};

void tst_OutboxSubmitJob::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    qRegisterMetaType<OutboxReport>();
    const Result<RubricPack> pack = OutboxStore::packFor(u"distributed"_s);
    QVERIFY2(pack, qPrintable(pack.error()));
    m_pack = pack.value();
}

void tst_OutboxSubmitJob::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_server = new GitHubTestServer(this);
    QVERIFY(m_server->start());
    GitHubTestServer::Generation generation;
    generation.issues = 30;
    generation.maxComments = 4;
    m_server->generate(generation);
    m_client = new GitHubClient(this);
    m_client->setApiUrl(m_server->url());
    m_client->setToken(u"ghp_OutboxTestToken"_s);
    m_client->setRetryPolicy(fastPolicy());
    Result<std::unique_ptr<OutboxStore>> store = OutboxStore::open(path());
    QVERIFY2(store, qPrintable(store.error()));
    m_store = std::move(store).value();
}

void tst_OutboxSubmitJob::cleanup()
{
    m_store.reset();
    delete m_client;
    delete m_server;
    m_dir.reset();
}

void tst_OutboxSubmitJob::outcome_data()
{
    QTest::addColumn<int>("scenario");
    QTest::addColumn<int>("status");
    QTest::addColumn<int>("comments");    // comments the server created
    QTest::addColumn<int>("labelsAdded"); // labels the append endpoint added
    QTest::addColumn<int>("patches");
    QTest::addColumn<QString>("outcome"); // part of the outcome text

    const auto row = [](const char *name, Scenario s, OutboxStatus status, int comments, int labels, int patches,
                        const QString &outcome) {
        QTest::addRow("%s", name) << int(s) << int(status) << comments << labels << patches << outcome;
    };
    row("applied", Scenario::Fresh, OutboxStatus::Applied, 1, 2, 0, u"written"_s);
    row("already applied", Scenario::AlreadyThere, OutboxStatus::AlreadyApplied, 0, 0, 0, u"already"_s);
    row("conflict: label added by someone", Scenario::OtherAddsLabel, OutboxStatus::Conflict, 0, 0, 0,
        u"labels added by others: module: ddp"_s);
    row("conflict: label removed", Scenario::OtherRemovesLabel, OutboxStatus::Conflict, 0, 0, 0,
        u"labels removed by others: triaged"_s);
    row("conflict: closed", Scenario::OtherCloses, OutboxStatus::Conflict, 0, 0, 0, u"closed by others"_s);
    row("conflict: new comment", Scenario::OtherComments, OutboxStatus::Conflict, 0, 0, 0,
        u"1 new comment (late-commenter)"_s);
    row("blocked by a guardrail", Scenario::StricterPack, OutboxStatus::Blocked, 0, 0, 0, u"allowlist"_s);
    row("failed with GitHub's 4xx message", Scenario::Refused, OutboxStatus::Failed, 0, 0, 0, u"Validation Failed"_s);
    row("5xx retried then applied", Scenario::ServerErrors, OutboxStatus::Applied, 1, 2, 0, u"written"_s);
    row("comment applied, answer lost", Scenario::AnswerLostComment, OutboxStatus::Applied, 1, 2, 0, u"written"_s);
    row("labels applied, answer lost", Scenario::AnswerLostLabels, OutboxStatus::Applied, 1, 2, 0, u"written"_s);
    row("secondary rate limit waited for", Scenario::SecondaryLimit, OutboxStatus::Applied, 1, 2, 0, u"written"_s);
    row("close with a state reason", Scenario::Close, OutboxStatus::Applied, 1, 2, 1, u"written"_s);
}

void tst_OutboxSubmitJob::outcome()
{
    QFETCH(int, scenario);
    QFETCH(int, status);
    QFETCH(int, comments);
    QFETCH(int, labelsAdded);
    QFETCH(int, patches);
    QFETCH(QString, outcome);

    const int number = 7;
    const Scenario s = Scenario(scenario);
    const OutboxEntry queued =
        approve(number, s == Scenario::Close ? OutboxClose{true, u"not_planned"_s} : OutboxClose{});
    QCOMPARE(queued.status, OutboxStatus::Ready);
    TestIssue &issue = serverIssue(number);
    const int commentsBefore = int(issue.comments.size());

    RubricPack stricter = m_pack;
    switch (s) {
    case Scenario::AlreadyThere:
        issue.labels.append({Parallelisms, Fsdp});
        issue.comments.append(
            TestComment{999, GitHubTestServer::Login, u"MEMBER"_s, queued.commentBody(), issue.updatedAt});
        m_server->touch(number);
        break;
    case Scenario::OtherAddsLabel:
        issue.labels.append(u"module: ddp"_s);
        m_server->touch(number);
        break;
    case Scenario::OtherRemovesLabel:
        issue.labels.removeAll(u"triaged"_s);
        m_server->touch(number);
        break;
    case Scenario::OtherCloses:
        issue.open = false;
        m_server->touch(number);
        break;
    case Scenario::OtherComments:
        m_server->touch(number, u"any update on this?"_s);
        break;
    case Scenario::StricterPack:
        // The pack changed after the approval: the submit checks again.
        stricter.labels.removeIf([](const LabelInfo &info) { return info.name == Fsdp; });
        break;
    case Scenario::Refused:
        m_server->addFault(fault(GitHubTestServer::Fault::UnprocessableEntity, u"/comments"_s, 0, -1));
        break;
    case Scenario::ServerErrors:
        m_server->addFault(fault(GitHubTestServer::Fault::InternalError, u"/comments"_s, 0, 2));
        m_server->addFault(fault(GitHubTestServer::Fault::BadGateway, u"/labels"_s, 0, 1));
        break;
    case Scenario::AnswerLostComment:
        m_server->addFault(fault(GitHubTestServer::Fault::ApplyThenDrop, u"/comments"_s, 0, 1));
        break;
    case Scenario::AnswerLostLabels:
        m_server->addFault(fault(GitHubTestServer::Fault::ApplyThenDrop, u"/labels"_s, 0, 1));
        break;
    case Scenario::SecondaryLimit:
        m_server->addFault(fault(GitHubTestServer::Fault::SecondaryLimit, u"/labels"_s, 0, 1, 1));
        break;
    case Scenario::Fresh:
    case Scenario::Close:
        break;
    }

    QList<OutboxEntry> seenChanges;
    QStringList waits;
    const OutboxReport report = submit({queued.id}, [&](OutboxSubmitJob *job) {
        if (s == Scenario::StricterPack)
            job->setPack(stricter);
        connect(job, &OutboxSubmitJob::entryChanged, this, [&](const OutboxEntry &e) { seenChanges.append(e); });
        connect(job, &OutboxSubmitJob::waiting, this, [&](qint64, const QString &why) { waits.append(why); });
    });
    if (s == Scenario::SecondaryLimit || s == Scenario::ServerErrors || s == Scenario::AnswerLostComment)
        QVERIFY2(!waits.isEmpty(), "the batch waited before trying again");

    QVERIFY2(report.error.isEmpty(), qPrintable(report.error));
    QCOMPARE(report.items.size(), 1);
    const OutboxEntry result = report.items.constFirst();
    QCOMPARE(outboxStatusName(result.status), outboxStatusName(OutboxStatus(status)));
    QVERIFY2(result.outcome.contains(outcome), qPrintable(result.outcome));
    QCOMPARE(m_store->entry(queued.id)->status, OutboxStatus(status));
    QVERIFY(!seenChanges.isEmpty());
    QCOMPARE(seenChanges.constFirst().status, OutboxStatus::Submitting);
    QCOMPARE(seenChanges.constLast().status, OutboxStatus(status));

    // What the server saw: exactly the writes the outcome allows, never a replace or a delete.
    const GitHubTestServer::WriteCounts writes = m_server->writes(number);
    QCOMPARE(writes.comments, comments);
    QCOMPARE(writes.labelsAdded, labelsAdded);
    QCOMPARE(writes.patches, patches);
    verifyNeverReplaced();
    const TestIssue &after = *m_server->issue(number);
    if (result.status == OutboxStatus::Applied || result.status == OutboxStatus::AlreadyApplied) {
        QCOMPARE(after.commentsContaining(queued.marker()), 1);
        QCOMPARE(after.labels.count(Parallelisms), 1);
        QCOMPARE(after.labels.count(Fsdp), 1);
        Result<std::unique_ptr<ReviewDecisionStore>> decisions = ReviewDecisionStore::open(path());
        QVERIFY(decisions);
        QCOMPARE(decisions.value()->latest(m_server->repository())->value(number).state, ReviewState::Submitted);
    } else {
        QCOMPARE(int(after.comments.size()) - (s == Scenario::OtherComments ? 1 : 0) -
                     (s == Scenario::AlreadyThere ? 1 : 0),
                 commentsBefore);
        QCOMPARE(after.commentsContaining(queued.marker()), 0);
    }

    switch (s) {
    case Scenario::OtherAddsLabel:
        QCOMPARE(result.change.labelsAdded, QStringList{u"module: ddp"_s});
        QVERIFY(result.change.labelsRemoved.isEmpty());
        break;
    case Scenario::OtherRemovesLabel:
        QCOMPARE(result.change.labelsRemoved, QStringList{u"triaged"_s});
        break;
    case Scenario::OtherCloses:
        QCOMPARE(result.change.stateBefore, std::optional(IssueState::Open));
        QCOMPARE(result.change.stateNow, std::optional(IssueState::Closed));
        break;
    case Scenario::OtherComments:
        QCOMPARE(result.change.newComments, 1);
        QCOMPARE(result.change.newCommentAuthors, QStringList{u"late-commenter"_s});
        break;
    case Scenario::StricterPack:
        QCOMPARE(result.violations.size(), 1);
        QCOMPARE(result.violations.constFirst().label, Fsdp);
        break;
    case Scenario::Close:
        QVERIFY(!after.open);
        QCOMPARE(after.stateReason, u"not_planned"_s);
        break;
    default:
        QVERIFY(result.change.isEmpty());
        break;
    }

    // The audit log has a row per write request, with who and GitHub's status.
    const QList<OutboxAuditRecord> audit = m_store->auditLog().value();
    int expectedRows = 0;
    for (const QString &write : m_server->writeLog())
        expectedRows += write.contains(u"/issues/%1"_s.arg(number)) ? 1 : 0;
    expectedRows += writes.subscriptionUpdates; // the notification subscription put back
    if (s == Scenario::ServerErrors)
        expectedRows += 3; // refused before the route ran
    if (s == Scenario::Refused)
        expectedRows += 1; // refused before the route ran
    QCOMPARE(audit.size(), expectedRows);
    for (const OutboxAuditRecord &record : audit) {
        QCOMPARE(record.login, GitHubTestServer::Login);
        QCOMPARE(record.number, number);
        QVERIFY(!record.request.isEmpty());
    }
    if (s == Scenario::AnswerLostComment || s == Scenario::AnswerLostLabels)
        QVERIFY(std::any_of(audit.cbegin(), audit.cend(), [](const OutboxAuditRecord &r) { return r.status == 0; }));
    if (s == Scenario::Refused)
        QCOMPARE(audit.constFirst().status, 422);
}

void tst_OutboxSubmitJob::resumesAfterAKill_data()
{
    // Where the earlier process died: after the comment was posted but before its journal said so, or
    // after one of the two labels too; and whether GitHub had already moved the issue on.
    QTest::addColumn<bool>("commentPosted");
    QTest::addColumn<int>("labelsPresent");
    QTest::addRow("before any write") << false << 0;
    QTest::addRow("comment posted, not journalled") << true << 0;
    QTest::addRow("comment and one label") << true << 1;
    QTest::addRow("everything written, not journalled") << true << 2;
}

void tst_OutboxSubmitJob::resumesAfterAKill()
{
    QFETCH(bool, commentPosted);
    QFETCH(int, labelsPresent);
    const int number = 11;
    const OutboxEntry queued = approve(number);
    TestIssue &issue = serverIssue(number);
    // The earlier run: status Submitting, its journal ends with a write begun.
    QVERIFY(m_store->setStatus(queued.id, OutboxStatus::Submitting).value());
    QVERIFY(m_store->journal(queued.id, JournalStep::Reread, JournalPhase::Begin));
    QVERIFY(m_store->journal(queued.id, JournalStep::Reread, JournalPhase::Done));
    if (commentPosted) {
        QVERIFY(m_store->journal(queued.id, JournalStep::Comment, JournalPhase::Begin));
        issue.comments.append(
            TestComment{4242, GitHubTestServer::Login, u"MEMBER"_s, queued.commentBody(), issue.updatedAt});
    }
    if (labelsPresent > 0) {
        QVERIFY(m_store->journal(queued.id, JournalStep::Labels, JournalPhase::Begin));
        issue.labels.append(queued.addLabels.mid(0, labelsPresent));
    }
    m_server->touch(number);

    // No ids: the batch picks up what was Submitting.
    const OutboxReport report = submit({});
    QCOMPARE(report.items.size(), 1);
    QCOMPARE(report.items.constFirst().status, OutboxStatus::Applied);
    const TestIssue &after = *m_server->issue(number);
    QCOMPARE(after.commentsContaining(queued.marker()), 1);
    QCOMPARE(after.labels.count(Parallelisms), 1);
    QCOMPARE(after.labels.count(Fsdp), 1);
    QCOMPARE(m_server->writes(number).comments, commentPosted ? 0 : 1);
    QCOMPARE(m_server->writes(number).labelsAdded, 2 - labelsPresent);
    QCOMPARE(m_server->writes(number).labelPosts, labelsPresent == 2 ? 0 : 1);
    verifyNeverReplaced();
}

void tst_OutboxSubmitJob::rereadIsConditional()
{
    const int number = 4;
    const OutboxEntry queued = approve(number);
    // First batch: GitHub refuses the comment; the read is kept.
    m_server->addFault(fault(GitHubTestServer::Fault::UnprocessableEntity, u"/comments"_s, 0, 1));
    QCOMPARE(submit({queued.id}).items.constFirst().status, OutboxStatus::Failed);
    QVERIFY(!m_store->lastRead(queued.id).first.isEmpty());
    const int commentReads = m_server->requestCount(u"/issues/4/comments?"_s);
    QCOMPARE(commentReads, 1);

    // Second batch: the issue is unchanged, so its re-read is a 304 and its comments are not fetched again.
    QVERIFY(m_store->setStatus(queued.id, OutboxStatus::Ready).value());
    const OutboxReport report = submit({queued.id});
    QCOMPARE(report.items.constFirst().status, OutboxStatus::Applied);
    QCOMPARE(m_server->requestCount(u"/issues/4/comments?"_s), commentReads);
    QCOMPARE(m_server->writes(number).comments, 1);
    const auto journal = m_store->journalOf(queued.id).value();
    QVERIFY(std::any_of(journal.cbegin(), journal.cend(),
                        [](const OutboxJournalRecord &r) { return r.detail == u"not modified"_s; }));
}

void tst_OutboxSubmitJob::cancelLeavesTheRestReady()
{
    QList<qint64> ids;
    for (int n = 1; n <= 6; ++n)
        ids.append(approve(n).id);
    OutboxSubmitJob job(m_client, path(), ids);
    job.setMaxConcurrent(1);
    std::optional<Result<OutboxReport>> result;
    connect(&job, &OutboxSubmitJob::finished, this, [&](const Result<OutboxReport> &r) { result.emplace(r); });
    QSignalSpy finished(&job, &OutboxSubmitJob::finished);
    QSignalSpy progress(&job, &OutboxSubmitJob::progress);
    connect(&job, &OutboxSubmitJob::entryChanged, this, [&job](const OutboxEntry &entry) {
        if (!entry.isPending())
            job.cancel();
    });
    job.start();
    QVERIFY(finished.wait(20000));
    QCOMPARE(finished.size(), 1);
    QVERIFY(result && !result->ok());
    QCOMPARE(result->errorKind(), ErrorKind::Cancelled);
    QVERIFY(result->partial()); // the report so far
    const OutboxReport report = *result->partial();
    QVERIFY(report.cancelled);
    QCOMPARE(report.count(OutboxStatus::Applied), 1);
    QCOMPARE(report.count(OutboxStatus::Ready), 5);
    QCOMPARE(progress.constFirst().at(1).toInt(), 6);
    for (int n = 2; n <= 6; ++n) {
        QCOMPARE(m_server->writes(n).comments, 0);
        QCOMPARE(m_store->entry(ids.at(n - 1))->status, OutboxStatus::Ready);
    }
    QCOMPARE(m_store->submittable()->size(), 5);
}

void tst_OutboxSubmitJob::writesAreSpaced()
{
    RetryPolicy policy = fastPolicy();
    policy.writeSpacing = 60ms;
    m_client->setRetryPolicy(policy);
    QList<qint64> ids;
    for (int n = 1; n <= 3; ++n)
        ids.append(approve(n).id);
    QElapsedTimer clock;
    clock.start();
    QList<qint64> writeTimes;
    connect(m_server, &GitHubTestServer::requestServed, this, [&](const QString &path) {
        if (path.endsWith(u"/comments"_s) || path.endsWith(u"/labels"_s))
            writeTimes.append(clock.elapsed());
    });
    const OutboxReport report = submit(ids, [](OutboxSubmitJob *job) { job->setMaxConcurrent(3); });
    QCOMPARE(report.count(OutboxStatus::Applied), 3);
    QCOMPARE(writeTimes.size(), 6);
    // Sent 60 ms apart at least; arrivals here may bunch up a little when the event loop is busy, so the
    // span of all of them is what is checked.
    const qint64 span = writeTimes.constLast() - writeTimes.constFirst();
    QVERIFY2(span >= 5 * 60 - 60, qPrintable(u"6 writes within %1 ms"_s.arg(span)));
}

void tst_OutboxSubmitJob::batchOfManyAppliesEachOnce()
{
    QList<qint64> ids;
    for (int n = 1; n <= 30; ++n)
        ids.append(approve(n).id);
    // Faults sprinkled across the batch: lost answers, server errors, a secondary limit.
    m_server->addFault(fault(GitHubTestServer::Fault::ApplyThenDrop, u"/comments"_s, 3, 2));
    m_server->addFault(fault(GitHubTestServer::Fault::ApplyThenDrop, u"/labels"_s, 5, 2));
    m_server->addFault(fault(GitHubTestServer::Fault::InternalError, u"/comments"_s, 10, 1));
    m_server->addFault(fault(GitHubTestServer::Fault::SecondaryLimit, u"/labels"_s, 12, 1, 1));
    QList<int> progressDone;
    const OutboxReport report = submit(ids, [&](OutboxSubmitJob *job) {
        connect(job, &OutboxSubmitJob::progress, this, [&](int done, int) { progressDone.append(done); });
    });
    QCOMPARE(report.count(OutboxStatus::Applied), 30);
    QCOMPARE(progressDone.constLast(), 30);
    QVERIFY(std::is_sorted(progressDone.cbegin(), progressDone.cend()));
    for (int n = 1; n <= 30; ++n) {
        const TestIssue &issue = *m_server->issue(n);
        QCOMPARE(issue.commentsContaining(OutboxEntry::marker(ReviewDecisionStore::planHash(routePlan(n)))), 1);
        QCOMPARE(issue.labels.count(Parallelisms), 1);
        QCOMPARE(issue.labels.count(Fsdp), 1);
        QCOMPARE(m_server->writes(n).comments, 1);
    }
    verifyNeverReplaced();
    QVERIFY(report.toMarkdown().contains(u"30 issues: 30 applied"_s));
}

void tst_OutboxSubmitJob::unreadableStoreIsAnError()
{
    QFile foreign(m_dir->filePath(u"foreign.sqlite"_s));
    QVERIFY(foreign.open(QIODevice::WriteOnly));
    foreign.write("not a database at all");
    foreign.close();
    OutboxSubmitJob job(m_client, foreign.fileName(), {1});
    std::optional<Result<OutboxReport>> result;
    connect(&job, &OutboxSubmitJob::finished, this, [&](const Result<OutboxReport> &r) { result.emplace(r); });
    QSignalSpy finished(&job, &OutboxSubmitJob::finished);
    job.start();
    QVERIFY(finished.wait(5000));
    QVERIFY(result && !result->ok());
    QCOMPARE(result->errorKind(), ErrorKind::Failed);
    QVERIFY(result->partial());
    const OutboxReport report = *result->partial();
    QCOMPARE(report.error, result->error());
    QVERIFY(!report.error.isEmpty());
    QVERIFY(report.hasProblems());
    QCOMPARE(m_server->requestCount(), 0);
}

void tst_OutboxSubmitJob::scrubRemovals_data()
{
    QTest::addColumn<bool>("comment");
    QTest::addColumn<bool>("removeRepro");
    QTest::addColumn<bool>("refresh");
    QTest::addColumn<bool>("reproOnIssue");     // the label is on the issue when the scrub looked and now
    QTest::addColumn<bool>("deleteAnswers404"); // the label went between our re-read and our DELETE
    QTest::addColumn<int>("status");
    QTest::addColumn<QStringList>("writes"); // the server's write log, in order, for the issue

    const QString comment = u"POST /repos/pytorch/pytorch/issues/9/comments"_s;
    const QString deleteRepro = u"DELETE /repos/pytorch/pytorch/issues/9/labels/needs reproduction"_s; // as decoded
    const QString deleteTriaged = u"DELETE /repos/pytorch/pytorch/issues/9/labels/triaged"_s;
    const QString postLabels = u"POST /repos/pytorch/pytorch/issues/9/labels"_s;
    QTest::addRow("comment, then the reproduction label removed")
        << true << true << false << true << false << int(OutboxStatus::Applied) << QStringList{comment, deleteRepro};
    QTest::addRow("reproduction label already gone")
        << false << true << false << false << false << int(OutboxStatus::AlreadyApplied) << QStringList{};
    // The 404 comes in the route's place: the server's log has no DELETE.
    QTest::addRow("404 on the DELETE is not a failure")
        << true << true << false << true << true << int(OutboxStatus::Applied) << QStringList{comment};
    QTest::addRow("triaged refreshed: delete first, then add")
        << false << false << true << false << false << int(OutboxStatus::Applied)
        << QStringList{deleteTriaged, postLabels};
}

void tst_OutboxSubmitJob::scrubRemovals()
{
    QFETCH(bool, comment);
    QFETCH(bool, removeRepro);
    QFETCH(bool, refresh);
    QFETCH(bool, reproOnIssue);
    QFETCH(bool, deleteAnswers404);
    QFETCH(int, status);
    QFETCH(QStringList, writes);

    const int number = 9;
    const QString repro = u"needs reproduction"_s;
    TestIssue &issue = serverIssue(number);
    if (reproOnIssue)
        issue.labels.append(repro);
    ScrubReport report;
    report.verdict = refresh ? ScrubReport::Verdict::Inconclusive : ScrubReport::Verdict::StillReproduces;
    if (comment)
        report.comment = u"This issue still reproduces on PyTorch 2.6.0."_s;
    if (removeRepro)
        report.removeLabels = {repro};
    report.triagedRefresh = refresh;
    const OutboxEntry queued = approveScrub(number, report);
    QCOMPARE(queued.status, OutboxStatus::Ready);
    if (deleteAnswers404) {
        GitHubTestServer::FaultRule rule;
        rule.fault = GitHubTestServer::Fault::NotFound;
        rule.pathContains = u"DELETE /labels/"_s;
        m_server->addFault(rule);
    }
    const int postsBefore = m_server->writes(number).labelPosts;

    const OutboxReport report2 = submit({queued.id});
    QCOMPARE(report2.items.size(), 1);
    const OutboxEntry result = report2.items.constFirst();
    QVERIFY2(result.change.isEmpty(), qPrintable(result.change.describe()));
    QCOMPARE(outboxStatusName(result.status), outboxStatusName(OutboxStatus(status)));

    QStringList log;
    for (const QString &write : m_server->writeLog()) {
        if (write.contains(u"/issues/%1/"_s.arg(number)))
            log.append(write);
    }
    QCOMPARE(log, writes);
    const TestIssue &after = *m_server->issue(number);
    // The injected 404 answered in the server's place: the label stayed.
    QCOMPARE(after.labels.contains(repro), deleteAnswers404);
    QCOMPARE(after.labels.count(u"triaged"_s), 1);
    if (refresh) {
        QCOMPARE(m_server->writes(number).labelPosts - postsBefore, 1);
        QCOMPARE(m_server->writes(number).labelsAdded, 1); // `triaged`, back
    }
    // Journalled and audited like every write: one audit row per DELETE/POST sent.
    const QStringList actions = auditActions();
    QCOMPARE(int(actions.count(u"unlabel"_s)), removeRepro && reproOnIssue ? 1 : 0);
    QCOMPARE(int(actions.count(u"refresh"_s)), refresh ? 1 : 0);
    QCOMPARE(int(actions.count(u"relabel"_s)), refresh ? 1 : 0);
    const QList<OutboxJournalRecord> journal = m_store->journalOf(queued.id).value();
    if (deleteAnswers404)
        QVERIFY(std::any_of(journal.cbegin(), journal.cend(), [](const OutboxJournalRecord &r) {
            return r.step == JournalStep::Unlabel && r.phase == JournalPhase::Done &&
                   r.detail.contains(u"already absent"_s);
        }));
    // A second batch finds everything done: nothing more is written (after the injected 404 the label is in
    // fact still there: it goes now).
    QVERIFY(m_store->setStatus(queued.id, OutboxStatus::Ready).value());
    const auto restWrites = [this] { return int(m_server->writeLog().filter(u"/issues/"_s).size()); };
    const int writesBefore = restWrites();
    const OutboxEntry again = submit({queued.id}).items.constFirst();
    QVERIFY2(again.status == OutboxStatus::Applied || again.status == OutboxStatus::AlreadyApplied,
             qPrintable(again.outcome));
    QCOMPARE(restWrites(), writesBefore + (deleteAnswers404 ? 1 : 0));
    QVERIFY(!m_server->issue(number)->labels.contains(repro));
}

void tst_OutboxSubmitJob::scrubResumesAfterAKill_data()
{
    // Where the earlier process died, and what GitHub had done by then.
    QTest::addColumn<bool>("refresh");
    QTest::addColumn<QStringList>("journalled"); // steps begun
    QTest::addColumn<bool>("removedOnGitHub");   // the DELETE landed
    QTest::addColumn<bool>("readdedOnGitHub");   // the refresh's POST landed
    QTest::addColumn<int>("deletes");            // DELETEs the resumed batch sends
    QTest::addColumn<int>("posts");              // label POSTs it sends

    QTest::addRow("unlabel begun, landed") << false << QStringList{u"unlabel"_s} << true << false << 0 << 0;
    QTest::addRow("unlabel begun, not landed") << false << QStringList{u"unlabel"_s} << false << false << 1 << 0;
    QTest::addRow("refresh begun, not landed") << true << QStringList{u"refresh"_s} << false << false << 1 << 1;
    QTest::addRow("refresh landed, not journalled") << true << QStringList{u"refresh"_s} << true << false << 0 << 1;
    QTest::addRow("relabel landed, not journalled")
        << true << QStringList{u"refresh"_s, u"relabel"_s} << true << true << 0 << 0;
}

void tst_OutboxSubmitJob::scrubResumesAfterAKill()
{
    QFETCH(bool, refresh);
    QFETCH(QStringList, journalled);
    QFETCH(bool, removedOnGitHub);
    QFETCH(bool, readdedOnGitHub);
    QFETCH(int, deletes);
    QFETCH(int, posts);

    const int number = 13;
    const QString repro = u"needs reproduction"_s;
    const QString label = refresh ? u"triaged"_s : repro;
    TestIssue &issue = serverIssue(number);
    issue.labels.append(repro);
    ScrubReport report;
    report.verdict = ScrubReport::Verdict::StillReproduces;
    if (refresh)
        report.triagedRefresh = true;
    else
        report.removeLabels = {repro};
    const OutboxEntry queued = approveScrub(number, report);
    QCOMPARE(queued.status, OutboxStatus::Ready);

    QVERIFY(m_store->setStatus(queued.id, OutboxStatus::Submitting).value());
    QVERIFY(m_store->journal(queued.id, JournalStep::Reread, JournalPhase::Begin));
    QVERIFY(m_store->journal(queued.id, JournalStep::Reread, JournalPhase::Done));
    for (const QString &step : std::as_const(journalled))
        QVERIFY(m_store->journal(queued.id, EnumNames::value(journalStepNames, step).value(), JournalPhase::Begin,
                                 step == u"relabel"_s ? u"triaged"_s : label));
    if (removedOnGitHub && !readdedOnGitHub)
        issue.labels.removeAll(label);
    m_server->touch(number);

    const OutboxReport done = submit({});
    QCOMPARE(done.items.size(), 1);
    const OutboxEntry result = done.items.constFirst();
    // Our own removal is not someone else's change.
    QVERIFY2(result.change.isEmpty(), qPrintable(result.change.describe()));
    QCOMPARE(outboxStatusName(result.status), outboxStatusName(OutboxStatus::Applied));
    QCOMPARE(m_server->writes(number).labelDeletes, deletes);
    QCOMPARE(m_server->writes(number).labelPosts, posts);
    const TestIssue &after = *m_server->issue(number);
    QCOMPARE(after.labels.contains(repro), refresh);
    QCOMPARE(after.labels.count(u"triaged"_s), 1);
}

// The playbook: closing keeps the closer subscribed (replies reach them); a locked issue is reported and skipped
// before any write, and its subscription is never asked or touched.
void tst_OutboxSubmitJob::closingAndLocked_data()
{
    QTest::addColumn<bool>("close");
    QTest::addColumn<bool>("locked");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("after"); // the writer's subscription after the batch
    QTest::addColumn<int>("queries");   // GraphQL requests (saving and restoring the subscription)
    QTest::addRow("labels only: restored") << false << false << int(OutboxStatus::Applied) << u"UNSUBSCRIBED"_s << 2;
    QTest::addRow("closed by the batch: stays subscribed")
        << true << false << int(OutboxStatus::Applied) << u"SUBSCRIBED"_s << 1;
    QTest::addRow("locked: skipped, untouched") << false << true << int(OutboxStatus::Failed) << u"UNSUBSCRIBED"_s << 0;
    QTest::addRow("locked, a close planned: skipped, untouched")
        << true << true << int(OutboxStatus::Failed) << u"UNSUBSCRIBED"_s << 0;
}

void tst_OutboxSubmitJob::closingAndLocked()
{
    QFETCH(bool, close);
    QFETCH(bool, locked);
    QFETCH(int, status);
    QFETCH(QString, after);
    QFETCH(int, queries);

    const int number = 17;
    TestIssue &issue = serverIssue(number);
    issue.subscription = u"UNSUBSCRIBED"_s;
    QVERIFY(m_store->setKeepSubscriptions(m_server->repository(), true).value());
    const OutboxEntry queued = approve(number, close ? OutboxClose{true, u"completed"_s} : OutboxClose{});
    QCOMPARE(queued.status, OutboxStatus::Ready);
    issue.locked = locked;
    issue.lockReason = locked ? u"too heated"_s : QString();
    m_server->resetCounts();

    const OutboxEntry result = submit({queued.id}).items.constFirst();
    QCOMPARE(outboxStatusName(result.status), outboxStatusName(OutboxStatus(status)));
    QCOMPARE(m_server->issue(number)->subscription, after);
    QCOMPARE(m_server->requestCount(u"/graphql"_s), queries);
    QCOMPARE(m_server->issue(number)->open, !close || locked);
    if (locked) {
        QVERIFY2(result.outcome.contains(u"locked (too heated)"_s), qPrintable(result.outcome));
        QCOMPARE(m_server->writes(number).labelPosts, 0);
        QCOMPARE(m_server->issue(number)->commentsContaining(queued.marker()), 0);
        QVERIFY(!m_server->issue(number)->labels.contains(Fsdp));
    } else {
        QCOMPARE(m_server->issue(number)->labels.count(Fsdp), 1);
    }
}

void tst_OutboxSubmitJob::subscriptions_data()
{
    QTest::addColumn<QString>("before"); // the writer's subscription before the batch
    QTest::addColumn<bool>("keep");      // the repository's setting
    QTest::addColumn<bool>("closed");
    QTest::addColumn<bool>("alreadyThere"); // nothing to write
    QTest::addColumn<bool>("restoreFails");
    QTest::addColumn<QString>("after");
    QTest::addColumn<int>("updates"); // updateSubscription mutations GitHub applied
    QTest::addColumn<int>("queries"); // GraphQL requests in all

    QTest::addRow("unsubscribed, restored")
        << u"UNSUBSCRIBED"_s << true << false << false << false << u"UNSUBSCRIBED"_s << 1 << 2;
    QTest::addRow("ignored, restored") << u"IGNORED"_s << true << false << false << false << u"IGNORED"_s << 1 << 2;
    QTest::addRow("subscribed: nothing to put back")
        << u"SUBSCRIBED"_s << true << false << false << false << u"SUBSCRIBED"_s << 0 << 1;
    QTest::addRow("option off: left as our comment made it")
        << u"UNSUBSCRIBED"_s << false << false << false << false << u"SUBSCRIBED"_s << 0 << 0;
    QTest::addRow("closed issue: skipped")
        << u"UNSUBSCRIBED"_s << true << true << false << false << u"SUBSCRIBED"_s << 0 << 0;
    QTest::addRow("nothing written: not asked")
        << u"IGNORED"_s << true << false << true << false << u"IGNORED"_s << 0 << 0;
    QTest::addRow("restore refused: edits stand, a warning")
        << u"UNSUBSCRIBED"_s << true << false << false << true << u"SUBSCRIBED"_s << 0 << 2;
}

void tst_OutboxSubmitJob::subscriptions()
{
    QFETCH(QString, before);
    QFETCH(bool, keep);
    QFETCH(bool, closed);
    QFETCH(bool, alreadyThere);
    QFETCH(bool, restoreFails);
    QFETCH(QString, after);
    QFETCH(int, updates);
    QFETCH(int, queries);

    const int number = 17;
    TestIssue &issue = serverIssue(number);
    issue.subscription = before;
    issue.open = !closed;
    QVERIFY(m_store->setKeepSubscriptions(m_server->repository(), keep).value());
    const OutboxEntry queued = approve(number);
    QCOMPARE(queued.status, OutboxStatus::Ready);
    if (alreadyThere) {
        issue.labels.append({Parallelisms, Fsdp});
        issue.comments.append(
            TestComment{999, GitHubTestServer::Login, u"MEMBER"_s, queued.commentBody(), issue.updatedAt});
        m_server->touch(number);
    }
    if (restoreFails) {
        GitHubTestServer::FaultRule rule;
        rule.fault = GitHubTestServer::Fault::UnprocessableEntity;
        rule.pathContains = u"/graphql"_s;
        rule.bodyContains = u"updateSubscription"_s;
        rule.times = -1;
        m_server->addFault(rule);
    }
    m_server->resetCounts();

    const OutboxEntry result = submit({queued.id}).items.constFirst();
    QCOMPARE(outboxStatusName(result.status),
             outboxStatusName(alreadyThere ? OutboxStatus::AlreadyApplied : OutboxStatus::Applied));
    QCOMPARE(m_server->issue(number)->subscription, after);
    QCOMPARE(m_server->writes(number).subscriptionUpdates, updates);
    QCOMPARE(m_server->requestCount(u"/graphql"_s), queries);
    // The edits went through either way.
    QCOMPARE(m_server->issue(number)->labels.count(Fsdp), 1);
    QCOMPARE(result.outcome.contains(u"warning"_s), restoreFails);
    if (restoreFails)
        QVERIFY2(result.outcome.contains(u"UNSUBSCRIBED"_s), qPrintable(result.outcome));

    // The restore is in the audit log, refused or not; the saved state in the journal.
    const int audited = int(auditActions().count(u"subscription"_s));
    QCOMPARE(audited, updates + (restoreFails ? 1 : 0));
    const QList<OutboxJournalRecord> journal = m_store->journalOf(queued.id).value();
    const bool saved = std::any_of(journal.cbegin(), journal.cend(), [&](const OutboxJournalRecord &r) {
        return r.step == JournalStep::Subscription && r.phase == JournalPhase::Done &&
               r.detail.startsWith(before + u' ');
    });
    QCOMPARE(saved, queries > 0);
}

void tst_OutboxSubmitJob::resumeRestoresTheOriginalSubscription_data()
{
    QTest::addColumn<bool>("restoreBegun"); // killed while the restore was in flight
    QTest::addColumn<bool>("restoreDone");  // killed after it, before the entry ended
    QTest::addRow("killed between the last write and the restore") << false << false;
    QTest::addRow("killed during the restore") << true << false;
    QTest::addRow("killed after the restore") << true << true;
}

void tst_OutboxSubmitJob::resumeRestoresTheOriginalSubscription()
{
    QFETCH(bool, restoreBegun);
    QFETCH(bool, restoreDone);

    const int number = 19;
    const OutboxEntry queued = approve(number);
    TestIssue &issue = serverIssue(number);
    // The earlier run saved UNSUBSCRIBED, then wrote everything; its comment subscribed the writer.
    QVERIFY(m_store->setStatus(queued.id, OutboxStatus::Submitting).value());
    QVERIFY(m_store->journal(queued.id, JournalStep::Subscription, JournalPhase::Begin));
    QVERIFY(
        m_store->journal(queued.id, JournalStep::Subscription, JournalPhase::Done, u"UNSUBSCRIBED "_s + issue.nodeId));
    QVERIFY(m_store->journal(queued.id, JournalStep::Comment, JournalPhase::Begin));
    QVERIFY(m_store->journal(queued.id, JournalStep::Labels, JournalPhase::Begin));
    issue.comments.append(
        TestComment{4343, GitHubTestServer::Login, u"MEMBER"_s, queued.commentBody(), issue.updatedAt});
    issue.labels.append({Parallelisms, Fsdp});
    issue.subscription = u"SUBSCRIBED"_s;
    if (restoreBegun)
        QVERIFY(m_store->journal(queued.id, JournalStep::RestoreSubscription, JournalPhase::Begin, u"UNSUBSCRIBED"_s));
    if (restoreDone) {
        QVERIFY(m_store->journal(queued.id, JournalStep::RestoreSubscription, JournalPhase::Done, u"UNSUBSCRIBED"_s));
        issue.subscription = u"UNSUBSCRIBED"_s;
    }
    m_server->touch(number);
    m_server->resetCounts();

    const OutboxEntry result = submit({}).items.constFirst();
    QCOMPARE(result.status, OutboxStatus::Applied);
    QVERIFY2(!result.outcome.contains(u"warning"_s), qPrintable(result.outcome));
    // The state from before our writes, not the one they caused; the resumed batch does not ask again.
    QCOMPARE(m_server->issue(number)->subscription, u"UNSUBSCRIBED"_s);
    QCOMPARE(m_server->writes(number).subscriptionUpdates, restoreDone ? 0 : 1);
    QCOMPARE(m_server->requestCount(u"/graphql"_s), restoreDone ? 0 : 1);
    QCOMPARE(m_server->writes(number).comments, 0);
}

QTEST_GUILESS_MAIN(tst_OutboxSubmitJob)
#include "tst_outboxsubmitjob.moc"
