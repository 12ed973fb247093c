// SPDX-License-Identifier: MIT
#include "engine/review/reviewdecisionstore.h"
#include "engine/store/issuestore.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

const QString Repo = u"pytorch/pytorch"_s;

TriagePlan samplePlan(int number)
{
    TriagePlan plan;
    plan.issueNumber = number;
    plan.profile = u"distributed"_s;
    plan.decision = TriageDecision::Classify;
    plan.subOncall = u"oncall: distributed parallelisms"_s;
    plan.addLabels = {u"oncall: distributed parallelisms"_s, u"module: fsdp"_s};
    plan.removeLabels = {u"triage review"_s};
    plan.labelConfidence = {{u"module: fsdp"_s, Confidence::High}, {u"module: c10d"_s, Confidence::Low}};
    plan.confidence = Confidence::High;
    plan.templateKey = u"needs_repro"_s;
    plan.comment = u"Could you share a script?\n\nThanks — ünïcödé"_s;
    plan.evidence = {Evidence{u"module: fsdp"_s, u"module:fsdp"_s, u"body"_s, 12, 4, u"FSDP"_s},
                     Evidence{u"oncall: distributed parallelisms"_s, u"precedence"_s, QString(), -1, 0, QString()}};
    plan.violations = {Violation{u"allowlist"_s, u"module: nope"_s, u"not allowed"_s}};
    return plan;
}

ReviewDecision decision(int number, ReviewState state)
{
    ReviewDecision d;
    d.repository = Repo;
    d.number = number;
    d.state = state;
    d.plan = samplePlan(number);
    d.reviewer = u"alice"_s;
    d.issueUpdatedAt = QDateTime(QDate(2026, 11, 20), QTime(9, 30, 15, 250), QTimeZone::UTC);
    return d;
}

} // namespace

class tst_ReviewDecisionStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void stateNames_data();
    void stateNames();
    void planRoundTrip();
    void closingPlan_data();
    void closingPlan();
    void latestWins_data();
    void latestWins();
    void undoRestoresPrevious();
    void survivesRestart();
    void sharesTheFileWithIssueStore();
    void refusesForeignFile();
};

void tst_ReviewDecisionStore::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void tst_ReviewDecisionStore::stateNames_data()
{
    QTest::addColumn<int>("state");
    QTest::addColumn<QString>("name");
    QTest::addRow("new") << int(ReviewState::New) << u"new"_s;
    QTest::addRow("approved") << int(ReviewState::Approved) << u"approved"_s;
    QTest::addRow("edited") << int(ReviewState::Edited) << u"edited"_s;
    QTest::addRow("skipped") << int(ReviewState::Skipped) << u"skipped"_s;
    QTest::addRow("submitted") << int(ReviewState::Submitted) << u"submitted"_s;
}

void tst_ReviewDecisionStore::stateNames()
{
    QFETCH(int, state);
    QFETCH(QString, name);
    QCOMPARE(reviewStateName(ReviewState(state)), name);
    QCOMPARE(int(reviewStateFromName(name)), state);
}

void tst_ReviewDecisionStore::planRoundTrip()
{
    const TriagePlan plan = samplePlan(7);
    const TriagePlan back = ReviewDecisionStore::planFromJson(ReviewDecisionStore::planToJson(plan));
    QCOMPARE(back.issueNumber, plan.issueNumber);
    QCOMPARE(back.profile, plan.profile);
    QCOMPARE(back.decision, plan.decision);
    QCOMPARE(back.subOncall, plan.subOncall);
    QCOMPARE(back.addLabels, plan.addLabels);
    QCOMPARE(back.removeLabels, plan.removeLabels);
    QCOMPARE(back.labelConfidence, plan.labelConfidence);
    QCOMPARE(back.confidence, plan.confidence);
    QCOMPARE(back.templateKey, plan.templateKey);
    QCOMPARE(back.comment, plan.comment);
    QCOMPARE(back.evidence, plan.evidence);
    QCOMPARE(back.violations, plan.violations);
    QCOMPARE(ReviewDecisionStore::planHash(back), ReviewDecisionStore::planHash(plan));
}

void tst_ReviewDecisionStore::closingPlan_data()
{
    QTest::addColumn<bool>("close");
    QTest::addColumn<QString>("stateReason");
    QTest::addRow("does not close") << false << QString();
    QTest::addRow("closes as not planned") << true << u"not_planned"_s;
    QTest::addRow("closes as completed") << true << u"completed"_s;
}

void tst_ReviewDecisionStore::closingPlan()
{
    QFETCH(bool, close);
    QFETCH(QString, stateReason);
    TriagePlan plan = samplePlan(7);
    plan.close = close;
    plan.stateReason = stateReason;
    const TriagePlan back = ReviewDecisionStore::planFromJson(ReviewDecisionStore::planToJson(plan));
    QCOMPARE(back.close, close);
    QCOMPARE(back.stateReason, stateReason);
    QCOMPARE(ReviewDecisionStore::planHash(back), ReviewDecisionStore::planHash(plan));
    // Approving a close is another decision than approving the same edits without it; a plan that does not
    // close keeps the hash it always had.
    QCOMPARE(ReviewDecisionStore::planHash(plan) == ReviewDecisionStore::planHash(samplePlan(7)), !close);
}

void tst_ReviewDecisionStore::latestWins_data()
{
    QTest::addColumn<QList<int>>("states");
    QTest::addRow("one") << QList<int>{int(ReviewState::Approved)};
    QTest::addRow("approve then skip") << QList<int>{int(ReviewState::Approved), int(ReviewState::Skipped)};
    QTest::addRow("skip, edit, approve") << QList<int>{int(ReviewState::Skipped), int(ReviewState::Edited),
                                                       int(ReviewState::Approved)};
}

void tst_ReviewDecisionStore::latestWins()
{
    QFETCH(QList<int>, states);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    auto store = ReviewDecisionStore::open(dir.filePath(u"store.sqlite"_s));
    QVERIFY2(store.ok(), qPrintable(store.error()));
    for (const int state : states)
        QVERIFY(store.value()->record(decision(100, ReviewState(state))).ok());
    QVERIFY(store.value()->record(decision(200, ReviewState::Skipped)).ok());

    const auto latest = store.value()->latest(Repo);
    QVERIFY(latest.ok());
    QCOMPARE(latest.value().size(), 2);
    QCOMPARE(int(latest.value().value(100).state), states.last());
    QCOMPARE(latest.value().value(200).state, ReviewState::Skipped);
    QCOMPARE(store.value()->history(Repo, 100).value().size(), states.size());
    // Another repository's decisions are not these.
    QVERIFY(store.value()->latest(u"pytorch/vision"_s).value().isEmpty());
}

void tst_ReviewDecisionStore::undoRestoresPrevious()
{
    QTemporaryDir dir;
    auto store = ReviewDecisionStore::open(dir.filePath(u"store.sqlite"_s));
    QVERIFY(store.ok());
    const qint64 first = store.value()->record(decision(5, ReviewState::Skipped)).value();
    const qint64 second = store.value()->record(decision(5, ReviewState::Approved)).value();
    QVERIFY(second > first);
    QCOMPARE(store.value()->latest(Repo).value().value(5).state, ReviewState::Approved);
    QVERIFY(store.value()->remove(second).value());
    QCOMPARE(store.value()->latest(Repo).value().value(5).state, ReviewState::Skipped);
    QVERIFY(store.value()->remove(first).value());
    QVERIFY(!store.value()->latest(Repo).value().contains(5));
    QVERIFY(!store.value()->remove(first).value()); // already gone
}

void tst_ReviewDecisionStore::survivesRestart()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"store.sqlite"_s);
    {
        auto store = ReviewDecisionStore::open(path);
        QVERIFY(store.ok());
        QVERIFY(store.value()->record(decision(1, ReviewState::Approved)).ok());
        QVERIFY(store.value()->record(decision(2, ReviewState::Edited)).ok());
        const qint64 undone = store.value()->record(decision(3, ReviewState::Skipped)).value();
        QVERIFY(store.value()->remove(undone).ok());
    }
    auto reopened = ReviewDecisionStore::open(path);
    QVERIFY2(reopened.ok(), qPrintable(reopened.error()));
    const QHash<int, ReviewDecision> latest = reopened.value()->latest(Repo).value();
    QCOMPARE(latest.keys().size(), 2);
    QCOMPARE(latest.value(1).state, ReviewState::Approved);
    QCOMPARE(latest.value(2).state, ReviewState::Edited);
    QVERIFY(!latest.contains(3));
    const ReviewDecision edited = latest.value(2);
    QCOMPARE(edited.reviewer, u"alice"_s);
    QCOMPARE(edited.issueUpdatedAt, decision(2, ReviewState::Edited).issueUpdatedAt);
    QVERIFY(edited.decidedAt.isValid());
    QCOMPARE(edited.plan.comment, samplePlan(2).comment);
    QCOMPARE(edited.plan.addLabels, samplePlan(2).addLabels);
}

void tst_ReviewDecisionStore::sharesTheFileWithIssueStore()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"store.sqlite"_s);
    auto issues = IssueStore::open(path);
    QVERIFY(issues.ok());
    auto decisions = ReviewDecisionStore::open(path);
    QVERIFY2(decisions.ok(), qPrintable(decisions.error()));
    QVERIFY(decisions.value()->record(decision(9, ReviewState::Approved)).ok());
    QCOMPARE(issues.value()->schemaVersion(), IssueStore::SchemaVersion);
    // The row is what the outbox will read: the plan as JSON, the hash, the state's name.
    QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"peek"_s);
    db.setDatabaseName(path);
    QVERIFY(db.open());
    {
        QSqlQuery query(db);
        QVERIFY(query.exec(u"SELECT decision, plan_hash, plan, issue_updated_at FROM decisions WHERE number = 9"_s));
        QVERIFY(query.next());
        QCOMPARE(query.value(0).toString(), u"approved"_s);
        QCOMPARE(query.value(1).toString(), ReviewDecisionStore::planHash(samplePlan(9)));
        QVERIFY(query.value(2).toString().contains(u"\"sub_oncall\":\"oncall: distributed parallelisms\""_s));
        QCOMPARE(query.value(3).toString(), u"2026-11-20T09:30:15.250Z"_s);
    }
    db.close();
    db = QSqlDatabase();
    QSqlDatabase::removeDatabase(u"peek"_s);
}

void tst_ReviewDecisionStore::refusesForeignFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"not-a-store.sqlite"_s);
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("this is not SQLite at all, just text that happens to be here");
    file.close();
    const auto store = ReviewDecisionStore::open(path);
    QVERIFY(!store.ok());
    QVERIFY(!store.error().isEmpty());
}

QTEST_GUILESS_MAIN(tst_ReviewDecisionStore)
#include "tst_reviewdecisionstore.moc"
