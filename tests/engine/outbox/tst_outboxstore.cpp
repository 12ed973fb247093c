// SPDX-License-Identifier: MIT
#include "engine/outbox/outboxreport.h"
#include "engine/outbox/outboxstore.h"
#include "engine/review/reviewdecisionstore.h"
#include "engine/scrub/scrubreport.h"
#include "engine/triage/guardrails.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

const QString Repo = u"pytorch/pytorch"_s;
const QString Parallelisms = u"oncall: distributed parallelisms"_s;

Issue seenIssue(int number, const QStringList &labels = {u"oncall: distributed"_s, u"triaged"_s})
{
    Issue issue;
    issue.number = number;
    issue.title = u"NCCL timeout on rank %1"_s.arg(number);
    issue.state = IssueState::Open;
    issue.labels = labels;
    issue.updatedAt = QDateTime(QDate(2026, 11, 20), QTime(9, 30), QTimeZone::UTC);
    issue.commentCount = 2;
    issue.comments = {Comment{u"alice"_s, u"MEMBER"_s, u"seen it too"_s, issue.updatedAt.addSecs(-60), 11},
                      Comment{u"bob"_s, u"NONE"_s, u"same here"_s, issue.updatedAt.addSecs(-30), 12}};
    return issue;
}

TriagePlan plan(int number, const QStringList &labels = {Parallelisms, u"module: fsdp"_s},
                const QString &comment = u"Routed to parallelisms (FSDP)."_s)
{
    TriagePlan plan;
    plan.issueNumber = number;
    plan.profile = u"distributed"_s;
    plan.decision = TriageDecision::Classify;
    plan.subOncall = Parallelisms;
    plan.addLabels = labels;
    plan.confidence = Confidence::High;
    plan.comment = comment;
    return plan;
}

ReviewDecision approval(const TriagePlan &plan, qint64 id = 0)
{
    ReviewDecision decision;
    decision.id = id;
    decision.repository = Repo;
    decision.number = plan.issueNumber;
    decision.state = ReviewState::Approved;
    decision.plan = plan;
    decision.reviewer = u"alice"_s;
    return decision;
}

} // namespace

class tst_OutboxStore final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<OutboxStore> m_store;
    RubricPack m_pack;

    QString path() const { return m_dir->filePath(u"store.sqlite"_s); }

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void statusNames_data();
    void statusNames();
    void enqueueRunsGuardrails_data();
    void enqueueRunsGuardrails();
    void keepsWhatTheReviewerSaw();
    void samePlanIsOneEntry();
    void newerApprovalReplacesUnsubmitted_data();
    void newerApprovalReplacesUnsubmitted();
    void removeOnlyBeforeSubmission();
    void selectionAndSubmittable();
    void journal();
    void auditLogExports();
    void completeRecordsSubmitted();
    void survivesRestart();
    void refusesBadInput_data();
    void refusesBadInput();
    void reportMarkdown();
    void scrubReports_data();
    void scrubReports();
    void scrubRefreshIsPerSeenIssue();
    void keepSubscriptionsPerRepository();
};

void tst_OutboxStore::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    const Result<RubricPack> pack = OutboxStore::packFor(u"distributed"_s);
    QVERIFY2(pack, qPrintable(pack.error()));
    m_pack = pack.value();
}

void tst_OutboxStore::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    Result<std::unique_ptr<OutboxStore>> store = OutboxStore::open(path());
    QVERIFY2(store, qPrintable(store.error()));
    m_store = std::move(store).value();
}

void tst_OutboxStore::cleanup()
{
    m_store.reset();
    m_dir.reset();
}

void tst_OutboxStore::statusNames_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("pending");
    QTest::addRow("ready") << int(OutboxStatus::Ready) << u"ready"_s << true;
    QTest::addRow("blocked") << int(OutboxStatus::Blocked) << u"blocked"_s << false;
    QTest::addRow("submitting") << int(OutboxStatus::Submitting) << u"submitting"_s << true;
    QTest::addRow("applied") << int(OutboxStatus::Applied) << u"applied"_s << false;
    QTest::addRow("already applied") << int(OutboxStatus::AlreadyApplied) << u"already_applied"_s << false;
    QTest::addRow("conflict") << int(OutboxStatus::Conflict) << u"conflict"_s << false;
    QTest::addRow("failed") << int(OutboxStatus::Failed) << u"failed"_s << false;
}

void tst_OutboxStore::statusNames()
{
    QFETCH(int, status);
    QFETCH(QString, name);
    QFETCH(bool, pending);
    QCOMPARE(outboxStatusName(OutboxStatus(status)), name);
    QCOMPARE(outboxStatusFromName(name), OutboxStatus(status));
    QCOMPARE(isOutboxPending(OutboxStatus(status)), pending);
    QVERIFY(!outboxStatusText(OutboxStatus(status)).isEmpty());
}

void tst_OutboxStore::enqueueRunsGuardrails_data()
{
    QTest::addColumn<QStringList>("seenLabels");
    QTest::addColumn<QStringList>("add");
    QTest::addColumn<QStringList>("remove");
    QTest::addColumn<QString>("rule"); // empty: Ready

    const QStringList queue = {u"oncall: distributed"_s, u"triaged"_s};
    QTest::addRow("allowed") << queue << QStringList{Parallelisms, u"module: fsdp"_s} << QStringList() << QString();
    QTest::addRow("high priority") << queue << QStringList{Parallelisms, u"high priority"_s} << QStringList()
                                   << QString::fromLatin1(Guardrails::NoHighPriority);
    QTest::addRow("not in the allowlist") << queue << QStringList{Parallelisms, u"module: nope"_s} << QStringList()
                                          << QString::fromLatin1(Guardrails::Allowlist);
    QTest::addRow("removes a label") << queue << QStringList{Parallelisms} << QStringList{u"triaged"_s}
                                     << QString::fromLatin1(Guardrails::AddOnly);
    QTest::addRow("already routed elsewhere")
        << QStringList{u"oncall: distributed"_s, u"oncall: distributed infra"_s} << QStringList{Parallelisms}
        << QStringList() << QString::fromLatin1(Guardrails::KeepSubOncall);
    QTest::addRow("two sub-oncalls") << queue << QStringList{Parallelisms, u"oncall: distributed infra"_s}
                                     << QStringList() << QString::fromLatin1(Guardrails::OneSubOncall);
}

void tst_OutboxStore::enqueueRunsGuardrails()
{
    QFETCH(QStringList, seenLabels);
    QFETCH(QStringList, add);
    QFETCH(QStringList, remove);
    QFETCH(QString, rule);

    TriagePlan p = plan(7, add);
    p.removeLabels = remove;
    const Result<OutboxEntry> entry = m_store->enqueue(approval(p), seenIssue(7, seenLabels), m_pack);
    QVERIFY2(entry, qPrintable(entry.error()));
    if (rule.isEmpty()) {
        QCOMPARE(entry->status, OutboxStatus::Ready);
        QVERIFY(entry->violations.isEmpty());
        return;
    }
    QCOMPARE(entry->status, OutboxStatus::Blocked);
    QVERIFY(!entry->violations.isEmpty());
    QVERIFY(std::any_of(entry->violations.cbegin(), entry->violations.cend(),
                        [&rule](const Violation &v) { return v.rule == rule; }));
    QVERIFY2(!entry->outcome.isEmpty(), "a blocked entry says why");
    // Blocked entries are never submitted.
    QVERIFY(!m_store->submittable()->contains(entry->id));
}

void tst_OutboxStore::keepsWhatTheReviewerSaw()
{
    const Issue seen = seenIssue(12, {u"oncall: distributed"_s, u"triaged"_s, u"module: ünïcode"_s});
    const Result<OutboxEntry> queued =
        m_store->enqueue(approval(plan(12), 41), seen, m_pack, OutboxClose{true, u"not_planned"_s});
    QVERIFY2(queued, qPrintable(queued.error()));
    const Result<OutboxEntry> entry = m_store->entry(queued->id);
    QVERIFY(entry);
    QCOMPARE(entry->repository, Repo);
    QCOMPARE(entry->number, 12);
    QCOMPARE(entry->decisionId, qint64(41));
    QCOMPARE(entry->planHash, ReviewDecisionStore::planHash(plan(12)));
    QCOMPARE(entry->addLabels, (QStringList{Parallelisms, u"module: fsdp"_s}));
    QCOMPARE(entry->comment, plan(12).comment);
    QVERIFY(entry->close);
    QCOMPARE(entry->stateReason, u"not_planned"_s);
    QCOMPARE(entry->seenLabels, seen.labels);
    QCOMPARE(entry->seenState, std::optional(IssueState::Open));
    QCOMPARE(entry->seenCommentCount, 2);
    QCOMPARE(entry->seenUpdatedAt, seen.updatedAt);
    QCOMPARE(entry->reviewer, u"alice"_s);
    QCOMPARE(entry->subOncall, Parallelisms);
    QCOMPARE(entry->confidence, Confidence::High);
    QVERIFY(entry->selected);
    QVERIFY(entry->createdAt.isValid());
    QVERIFY(entry->commentBody().endsWith(u"\n\n<!-- triage-console:plan="_s + entry->planHash + u" -->"_s));
}

void tst_OutboxStore::samePlanIsOneEntry()
{
    const Result<OutboxEntry> first = m_store->enqueue(approval(plan(3)), seenIssue(3), m_pack);
    const Result<OutboxEntry> second = m_store->enqueue(approval(plan(3)), seenIssue(3), m_pack);
    QVERIFY(first && second);
    QCOMPARE(second->id, first->id);
    QCOMPARE(m_store->entries()->size(), 1);

    // A conflict re-approved with the issue as it is now becomes Ready again, with the new view.
    OutboxEntry conflicted = first.value();
    conflicted.status = OutboxStatus::Conflict;
    conflicted.change.labelsAdded = {u"module: ddp"_s};
    QVERIFY(m_store->update(conflicted).value());
    Issue now = seenIssue(3, {u"oncall: distributed"_s, u"triaged"_s, u"module: ddp"_s});
    const Result<OutboxEntry> again = m_store->enqueue(approval(plan(3)), now, m_pack);
    QVERIFY(again);
    QCOMPARE(again->id, first->id);
    QCOMPARE(again->status, OutboxStatus::Ready);
    QVERIFY(again->change.isEmpty());
    QCOMPARE(again->seenLabels, now.labels);

    // An applied one stays as it is.
    QVERIFY(m_store->setStatus(first->id, OutboxStatus::Applied, u"written"_s).value());
    const Result<OutboxEntry> late = m_store->enqueue(approval(plan(3)), seenIssue(3), m_pack);
    QVERIFY(late);
    QCOMPARE(late->status, OutboxStatus::Applied);
    QCOMPARE(late->seenLabels, now.labels);
}

void tst_OutboxStore::newerApprovalReplacesUnsubmitted_data()
{
    QTest::addColumn<int>("olderStatus");
    QTest::addColumn<bool>("replaced");
    QTest::addRow("ready") << int(OutboxStatus::Ready) << true;
    QTest::addRow("blocked") << int(OutboxStatus::Blocked) << true;
    QTest::addRow("conflict") << int(OutboxStatus::Conflict) << true;
    QTest::addRow("failed") << int(OutboxStatus::Failed) << true;
    QTest::addRow("submitting") << int(OutboxStatus::Submitting) << false;
    QTest::addRow("applied") << int(OutboxStatus::Applied) << false;
}

void tst_OutboxStore::newerApprovalReplacesUnsubmitted()
{
    QFETCH(int, olderStatus);
    QFETCH(bool, replaced);
    const Result<OutboxEntry> older = m_store->enqueue(approval(plan(5)), seenIssue(5), m_pack);
    QVERIFY(older);
    QVERIFY(m_store->setStatus(older->id, OutboxStatus(olderStatus)).value());
    QVERIFY(m_store->journal(older->id, JournalStep::Reread, JournalPhase::Begin));

    const Result<OutboxEntry> newer =
        m_store->enqueue(approval(plan(5, {Parallelisms}, u"Edited by the reviewer."_s)), seenIssue(5), m_pack);
    QVERIFY(newer);
    QVERIFY(newer->planHash != older->planHash);
    QCOMPARE(newer->comment, u"Edited by the reviewer."_s);
    const QList<OutboxEntry> entries = m_store->entries().value();
    QCOMPARE(entries.size(), replaced ? 1 : 2);
    const bool olderKept = std::any_of(entries.cbegin(), entries.cend(),
                                       [&](const OutboxEntry &e) { return e.planHash == older->planHash; });
    QCOMPARE(olderKept, !replaced);
    // Its journal went with it (SQLite may give the new entry the freed id).
    QCOMPARE(m_store->journalOf(newer->id)->isEmpty(), replaced || newer->id != older->id);
}

void tst_OutboxStore::removeOnlyBeforeSubmission()
{
    const Result<OutboxEntry> ready = m_store->enqueue(approval(plan(8), 80), seenIssue(8), m_pack);
    const Result<OutboxEntry> busy = m_store->enqueue(approval(plan(9), 90), seenIssue(9), m_pack);
    QVERIFY(ready && busy);
    QVERIFY(m_store->setStatus(busy->id, OutboxStatus::Submitting).value());

    QCOMPARE(m_store->removeForDecision(80).value(), true);
    QVERIFY(!m_store->entry(ready->id));
    QCOMPARE(m_store->remove(busy->id).value(), false);
    QCOMPARE(m_store->entry(busy->id)->status, OutboxStatus::Submitting);
    QCOMPARE(m_store->remove(12345).value(), false);
}

void tst_OutboxStore::selectionAndSubmittable()
{
    QList<qint64> ids;
    for (int n = 1; n <= 4; ++n)
        ids.append(m_store->enqueue(approval(plan(n)), seenIssue(n), m_pack)->id);
    QVERIFY(m_store->setSelected(ids.at(1), false).value());
    QVERIFY(m_store->setStatus(ids.at(2), OutboxStatus::Submitting).value());
    QVERIFY(m_store->setStatus(ids.at(3), OutboxStatus::Applied).value());
    QCOMPARE(m_store->submittable().value(), (QList<qint64>{ids.at(0), ids.at(2)}));
    QVERIFY(!m_store->entry(ids.at(1))->selected);

    const QHash<OutboxStatus, int> counts = m_store->counts().value();
    QCOMPARE(counts.value(OutboxStatus::Ready), 2);
    QCOMPARE(counts.value(OutboxStatus::Submitting), 1);
    QCOMPARE(counts.value(OutboxStatus::Applied), 1);
    QCOMPARE(m_store->entries(OutboxStatus::Ready)->size(), 2);
    QCOMPARE(m_store->entries(Repo)->size(), 4);
}

void tst_OutboxStore::journal()
{
    const qint64 id = m_store->enqueue(approval(plan(4)), seenIssue(4), m_pack)->id;
    QVERIFY(!m_store->hasBegunWrites(id));
    QVERIFY(m_store->journal(id, JournalStep::Reread, JournalPhase::Begin));
    QVERIFY(m_store->journal(id, JournalStep::Reread, JournalPhase::Done, u"state OPEN"_s));
    QVERIFY(!m_store->hasBegunWrites(id));
    QVERIFY(m_store->journal(id, JournalStep::Comment, JournalPhase::Begin, OutboxEntry::marker(u"abc"_s)));
    QVERIFY(m_store->hasBegunWrites(id));
    const QList<OutboxJournalRecord> records = m_store->journalOf(id).value();
    QCOMPARE(records.size(), 3);
    QCOMPARE(records.at(1).detail, u"state OPEN"_s);
    QCOMPARE(records.at(2).step, JournalStep::Comment);
    QCOMPARE(records.at(2).phase, JournalPhase::Begin);
    QVERIFY(records.at(2).at.isValid());

    QVERIFY(m_store->saveRead(id, "W/\"abc\"", R"({"state":"OPEN"})").value());
    QCOMPARE(m_store->lastRead(id).first, QByteArray("W/\"abc\""));
    QCOMPARE(m_store->lastRead(id).second, QByteArray(R"({"state":"OPEN"})"));
}

void tst_OutboxStore::auditLogExports()
{
    OutboxAuditRecord record;
    record.at = QDateTime(QDate(2026, 11, 22), QTime(12, 0), QTimeZone::UTC);
    record.login = u"octo-oncall"_s;
    record.repository = Repo;
    record.number = 17;
    record.action = u"labels"_s;
    record.request = uR"(POST /repos/pytorch/pytorch/issues/17/labels {"labels":["module: fsdp"]})"_s;
    record.status = 200;
    record.response = uR"([{"name":"module: fsdp"}] | with a pipe)"_s;
    QVERIFY(m_store->appendAudit(record));
    record.action = u"comment"_s;
    record.status = 0;
    record.response = u"no answer: connection closed"_s;
    QVERIFY(m_store->appendAudit(record));

    const QList<OutboxAuditRecord> log = m_store->auditLog().value();
    QCOMPARE(log.size(), 2);
    QCOMPARE(log.at(0).login, u"octo-oncall"_s);
    QCOMPARE(log.at(0).at, record.at);

    const QList<QByteArray> lines = OutboxStore::auditToJsonLines(log).trimmed().split('\n');
    QCOMPARE(lines.size(), 2);
    const QJsonObject first = QJsonDocument::fromJson(lines.at(0)).object();
    QCOMPARE(first.value(u"number"_s).toInt(), 17);
    QCOMPARE(first.value(u"action"_s).toString(), u"labels"_s);
    QCOMPARE(first.value(u"status"_s).toInt(), 200);
    QCOMPARE(first.value(u"login"_s).toString(), u"octo-oncall"_s);

    const QString markdown = OutboxStore::auditToMarkdown(log);
    QVERIFY(markdown.contains(u"| 2026-11-22 12:00:00 | octo-oncall | pytorch/pytorch#17 | labels | 200 |"_s));
    QVERIFY2(markdown.contains(u"with a pipe"_s) && markdown.contains(u"\\|"_s), "pipes escaped in cells");
    QVERIFY(markdown.contains(u"no answer"_s));
}

void tst_OutboxStore::completeRecordsSubmitted()
{
    OutboxEntry entry = m_store->enqueue(approval(plan(21), 5), seenIssue(21), m_pack).value();
    entry.status = OutboxStatus::Applied;
    entry.outcome = u"written to GitHub"_s;
    entry.commentId = 987;
    QVERIFY(m_store->complete(entry).value());
    QCOMPARE(m_store->entry(entry.id)->status, OutboxStatus::Applied);
    QCOMPARE(m_store->entry(entry.id)->commentId, qint64(987));
    QCOMPARE(m_store->journalOf(entry.id)->constLast().step, JournalStep::Submitted);

    Result<std::unique_ptr<ReviewDecisionStore>> decisions = ReviewDecisionStore::open(path());
    QVERIFY(decisions);
    const QHash<int, ReviewDecision> latest = decisions.value()->latest(Repo).value();
    QCOMPARE(latest.value(21).state, ReviewState::Submitted);
    QCOMPARE(latest.value(21).plan.addLabels, entry.addLabels);
    QCOMPARE(ReviewDecisionStore::planHash(latest.value(21).plan), entry.planHash);

    // A conflict is not a submission.
    OutboxEntry other = m_store->enqueue(approval(plan(22)), seenIssue(22), m_pack).value();
    other.status = OutboxStatus::Conflict;
    other.change.newComments = 1;
    QVERIFY(m_store->complete(other).value());
    QVERIFY(!decisions.value()->latest(Repo)->contains(22));
    QCOMPARE(m_store->entry(other.id)->change.newComments, 1);
}

void tst_OutboxStore::survivesRestart()
{
    const qint64 id = m_store->enqueue(approval(plan(30)), seenIssue(30), m_pack)->id;
    QVERIFY(m_store->setStatus(id, OutboxStatus::Submitting).value());
    QVERIFY(m_store->journal(id, JournalStep::Comment, JournalPhase::Begin));
    m_store.reset();

    Result<std::unique_ptr<OutboxStore>> reopened = OutboxStore::open(path());
    QVERIFY2(reopened, qPrintable(reopened.error()));
    const OutboxEntry entry = reopened.value()->entry(id).value();
    QCOMPARE(entry.status, OutboxStatus::Submitting);
    QCOMPARE(entry.addLabels, plan(30).addLabels);
    QVERIFY(reopened.value()->hasBegunWrites(id));
    QCOMPARE(reopened.value()->submittable().value(), QList<qint64>{id});
}

void tst_OutboxStore::scrubReports_data()
{
    QTest::addColumn<QStringList>("remove");
    QTest::addColumn<bool>("refresh");
    QTest::addColumn<int>("status");
    QTest::addColumn<QStringList>("rules");

    const QString repro = u"needs reproduction"_s;
    QTest::addRow("removes the reproduction label")
        << QStringList{repro} << false << int(OutboxStatus::Ready) << QStringList{};
    QTest::addRow("refreshes triaged") << QStringList{} << true << int(OutboxStatus::Ready) << QStringList{};
    QTest::addRow("removes another label") << QStringList{repro, u"module: ddp"_s} << false
                                           << int(OutboxStatus::Blocked) << QStringList{u"scrub-removals"_s};
    QTest::addRow("removes a protected label") << QStringList{u"oncall: distributed"_s} << false
                                               << int(OutboxStatus::Blocked) << QStringList{u"scrub-removals"_s};
}

void tst_OutboxStore::scrubReports()
{
    QFETCH(QStringList, remove);
    QFETCH(bool, refresh);
    QFETCH(int, status);
    QFETCH(QStringList, rules);

    ScrubReport report;
    report.verdict = ScrubReport::Verdict::StillReproduces;
    report.comment = refresh ? QString() : u"This issue still reproduces on PyTorch 2.6.0."_s;
    report.removeLabels = remove;
    report.triagedRefresh = refresh;
    const Issue seen =
        seenIssue(50, {u"oncall: distributed"_s, u"triaged"_s, u"needs reproduction"_s, u"module: ddp"_s});
    const Result<OutboxEntry> entry = report.enqueueIn(*m_store, Repo, seen, u"carol"_s, m_pack);
    QVERIFY2(entry, qPrintable(entry.error()));
    QCOMPARE(int(entry->status), status);
    QStringList found;
    for (const Violation &v : entry->violations)
        found.append(v.rule);
    QCOMPARE(found, rules);

    // What it carries survives a restart (an older store lacks nothing it needs).
    m_store.reset();
    Result<std::unique_ptr<OutboxStore>> reopened = OutboxStore::open(path());
    QVERIFY2(reopened, qPrintable(reopened.error()));
    const OutboxEntry stored = reopened.value()->entry(entry->id).value();
    QCOMPARE(stored.decision.name(), u"scrub_still_reproduces"_s);
    QCOMPARE(stored.removeLabels, remove);
    QCOMPARE(stored.refreshTriaged, refresh);
    QCOMPARE(stored.comment, report.comment);
    QCOMPARE(stored.reviewer, u"carol"_s);
    // The same report again is the same entry.
    QCOMPARE(report.enqueueIn(*reopened.value(), Repo, seen, u"carol"_s, m_pack)->id, entry->id);
    m_store = std::move(reopened).value();
}

void tst_OutboxStore::scrubRefreshIsPerSeenIssue()
{
    // A refresh writes nothing visible: a later scrub of the same issue refreshes it again, while a plain
    // plan with the same (empty) comment and labels is a different entry altogether.
    ScrubReport report;
    report.verdict = ScrubReport::Verdict::Inconclusive;
    report.triagedRefresh = true;
    Issue seen = seenIssue(51);
    const OutboxEntry first = report.enqueueIn(*m_store, Repo, seen, u"carol"_s, m_pack).value();
    QVERIFY(m_store->setStatus(first.id, OutboxStatus::Applied).value());
    QCOMPARE(report.enqueueIn(*m_store, Repo, seen, u"carol"_s, m_pack)->id, first.id);
    seen.updatedAt = seen.updatedAt.addDays(7);
    const OutboxEntry later = report.enqueueIn(*m_store, Repo, seen, u"carol"_s, m_pack).value();
    QVERIFY(later.id != first.id);
    QCOMPARE(later.status, OutboxStatus::Ready);
    QVERIFY(later.planHash != first.planHash);

    // Only a scrub may refresh: the refresh is a removal of `triaged` to the guardrails.
    OutboxEntry notScrub = later;
    notScrub.decision = TriageDecision::Classify;
    const QList<Violation> violations = OutboxStore::check(notScrub, seen, m_pack);
    QVERIFY(std::any_of(violations.cbegin(), violations.cend(),
                        [](const Violation &v) { return v.rule == u"add-only"_s && v.label == u"triaged"_s; }));
}

void tst_OutboxStore::keepSubscriptionsPerRepository()
{
    QVERIFY(m_store->keepSubscriptions(Repo)); // on unless set off
    QVERIFY(m_store->setKeepSubscriptions(Repo, false).value());
    QVERIFY(!m_store->keepSubscriptions(Repo));
    QVERIFY(m_store->keepSubscriptions(u"pytorch/vision"_s));
    m_store.reset();

    // Shared through the file: another connection (the headless submit, the window) sees it.
    Result<std::unique_ptr<OutboxStore>> reopened = OutboxStore::open(path());
    QVERIFY2(reopened, qPrintable(reopened.error()));
    QVERIFY(!reopened.value()->keepSubscriptions(Repo));
    QVERIFY(reopened.value()->setKeepSubscriptions(Repo, true).value());
    QVERIFY(reopened.value()->keepSubscriptions(Repo));
    reopened.value().reset();

    // A store made before the setting existed gains it on open.
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"old-store"_s);
        db.setDatabaseName(path());
        QVERIFY(db.open());
        QVERIFY(QSqlQuery(db).exec(u"DROP TABLE outbox_settings"_s));
        db.close();
    }
    QSqlDatabase::removeDatabase(u"old-store"_s);
    reopened = OutboxStore::open(path());
    QVERIFY2(reopened, qPrintable(reopened.error()));
    QVERIFY(reopened.value()->keepSubscriptions(Repo));
    m_store = std::move(reopened).value();
}

void tst_OutboxStore::refusesBadInput_data()
{
    QTest::addColumn<QString>("repository");
    QTest::addColumn<int>("seenNumber");
    QTest::addColumn<QString>("stateReason");
    QTest::addRow("no repository") << QString() << 40 << QString();
    QTest::addRow("another issue") << Repo << 41 << QString();
    QTest::addRow("bad state reason") << Repo << 40 << u"because"_s;
}

void tst_OutboxStore::refusesBadInput()
{
    QFETCH(QString, repository);
    QFETCH(int, seenNumber);
    QFETCH(QString, stateReason);
    ReviewDecision decision = approval(plan(40));
    decision.repository = repository;
    const OutboxClose close{!stateReason.isEmpty(), stateReason};
    const Result<OutboxEntry> entry = m_store->enqueue(decision, seenIssue(seenNumber), m_pack, close);
    QVERIFY(!entry);
    QVERIFY(!entry.error().isEmpty());
    QVERIFY2(m_store->entries()->isEmpty(), "nothing half-stored");

    const Result<std::unique_ptr<OutboxStore>> directory = OutboxStore::open(m_dir->path());
    QVERIFY(!directory);
}

void tst_OutboxStore::reportMarkdown()
{
    OutboxReport report;
    report.login = u"octo-oncall"_s;
    report.finished = QDateTime(QDate(2026, 11, 22), QTime(13, 5), QTimeZone::UTC);
    OutboxEntry applied = m_store->enqueue(approval(plan(1)), seenIssue(1), m_pack).value();
    applied.status = OutboxStatus::Applied;
    OutboxEntry medium = m_store->enqueue(approval(plan(2)), seenIssue(2), m_pack).value();
    medium.status = OutboxStatus::AlreadyApplied;
    medium.confidence = Confidence::Medium;
    OutboxEntry conflict = m_store->enqueue(approval(plan(3)), seenIssue(3), m_pack).value();
    conflict.status = OutboxStatus::Conflict;
    conflict.change.labelsAdded = {u"module: ddp"_s};
    conflict.change.newComments = 2;
    conflict.change.newCommentAuthors = {u"carol"_s};
    OutboxEntry failed = m_store->enqueue(approval(plan(4)), seenIssue(4), m_pack).value();
    failed.status = OutboxStatus::Failed;
    failed.outcome = u"GitHub answered 422: Validation Failed"_s;
    report.items = {applied, medium, conflict, failed};

    QCOMPARE(report.count(OutboxStatus::Applied), 1);
    QVERIFY(report.hasProblems());
    const QString markdown = report.toMarkdown();
    QVERIFY(markdown.contains(u"4 issues: 1 applied, 1 already applied, 1 conflict, 1 failed"_s));
    QVERIFY(markdown.contains(u"by @octo-oncall"_s));
    QVERIFY2(markdown.contains(u"| oncall: distributed parallelisms | 1 | 1 | 0 | 0 | 2 |"_s), qPrintable(markdown));
    QVERIFY(markdown.contains(u"| pytorch/pytorch#1 | oncall: distributed parallelisms | "_s
                              u"`oncall: distributed parallelisms`, `module: fsdp` | high | yes | applied |"_s));
    QVERIFY2(markdown.contains(u"- pytorch/pytorch#3: labels added by others: module: ddp; 2 new comments (carol)"_s),
             qPrintable(markdown));
    QVERIFY(markdown.contains(u"- pytorch/pytorch#4: GitHub answered 422: Validation Failed"_s));

    const QJsonObject json = OutboxReport::toJson(conflict);
    QCOMPARE(json.value(u"status"_s).toString(), u"conflict"_s);
    QCOMPARE(json.value(u"change"_s).toObject().value(u"new_comments"_s).toInt(), 2);
}

QTEST_GUILESS_MAIN(tst_OutboxStore)
#include "tst_outboxstore.moc"
