// SPDX-License-Identifier: MIT
#include "engine/scoreboard/agreementcalculator.h"

#include <QTest>

using namespace Qt::StringLiterals;

namespace {

const QString Sub = u"oncall: distributed parallelisms"_s;
const QString Infra = u"oncall: distributed infra"_s;

TriagePlan plan(const QString &subOncall, const QStringList &labels)
{
    TriagePlan p;
    p.profile = u"distributed"_s;
    p.subOncall = subOncall;
    p.addLabels = labels;
    for (const QString &label : labels)
        p.labelConfidence.insert(label, Confidence::Medium);
    p.confidence = Confidence::Medium;
    return p;
}

} // namespace

// What counts as the final labels of an approved issue once a later sync shows what others did on GitHub. The
// scoreboard's figures themselves are checked against an independent count on a store built through the review
// flow (tst_scoreboardpage).
class tst_AgreementCalculator : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void finalLabels_data();
    void finalLabels();
    void agreementNeedsTheSameSubOncall();
};

void tst_AgreementCalculator::finalLabels_data()
{
    QTest::addColumn<bool>("written");
    QTest::addColumn<bool>("synced");
    QTest::addColumn<QStringList>("approved");
    QTest::addColumn<QStringList>("seen");
    QTest::addColumn<QStringList>("now");
    QTest::addColumn<QStringList>("final");
    QTest::addColumn<QStringList>("removed");
    QTest::addColumn<QStringList>("added");
    QTest::addColumn<QString>("subOncall");

    const QStringList approved = {Sub, u"module: fsdp"_s};
    const QStringList seen = {u"oncall: distributed"_s};
    QTest::addRow("not written: the approval stands")
        << false << false << approved << seen << QStringList() << QStringList{u"module: fsdp"_s, Sub} << QStringList()
        << QStringList() << Sub;
    QTest::addRow("written, no sync since: the approval stands")
        << true << false << approved << seen << QStringList() << QStringList{u"module: fsdp"_s, Sub} << QStringList()
        << QStringList() << Sub;
    QTest::addRow("written and synced unchanged")
        << true << true << approved << seen << (seen + approved) << QStringList{u"module: fsdp"_s, Sub} << QStringList()
        << QStringList() << Sub;
    QTest::addRow("a module label removed by someone else")
        << true << true << approved << seen << (seen + QStringList{Sub}) << QStringList{Sub}
        << QStringList{u"module: fsdp"_s} << QStringList() << Sub;
    QTest::addRow("a known label added, an unknown one ignored")
        << true << true << approved << seen << (seen + approved + QStringList{u"module: dtensor"_s, u"random"_s})
        << QStringList{u"module: dtensor"_s, u"module: fsdp"_s, Sub} << QStringList()
        << QStringList{u"module: dtensor"_s} << Sub;
    QTest::addRow("a label that was there when the reviewer looked is not an addition")
        << true << true << approved << (seen + QStringList{u"module: dtensor"_s})
        << (seen + approved + QStringList{u"module: dtensor"_s}) << QStringList{u"module: fsdp"_s, Sub} << QStringList()
        << QStringList() << Sub;
    QTest::addRow("the sub-oncall moved by someone else")
        << true << true << approved << seen << (seen + QStringList{u"module: fsdp"_s, Infra})
        << QStringList{u"module: fsdp"_s, Infra} << QStringList{Sub} << QStringList{Infra} << Infra;
    QTest::addRow("label case as GitHub returns it")
        << true << true << approved << seen << (seen + QStringList{Sub, u"Module: FSDP"_s})
        << QStringList{u"module: fsdp"_s, Sub} << QStringList() << QStringList() << Sub;
}

void tst_AgreementCalculator::finalLabels()
{
    QFETCH(bool, written);
    QFETCH(bool, synced);
    QFETCH(QStringList, approved);
    QFETCH(QStringList, seen);
    QFETCH(QStringList, now);
    QFETCH(QStringList, final);
    QFETCH(QStringList, removed);
    QFETCH(QStringList, added);
    QFETCH(QString, subOncall);

    DecidedIssue issue;
    issue.repository = u"o/r"_s;
    issue.number = 7;
    issue.state = ReviewState::Approved;
    issue.plan = plan(Sub, approved);
    issue.suggestion = issue.plan;
    issue.seenLabels = seen;
    issue.written = written;
    issue.syncedSince = synced;
    issue.labelsNow = now;
    // Another decision makes dtensor and the infra route known triage labels.
    DecidedIssue other = issue;
    other.number = 8;
    other.plan = plan(Infra, {Infra, u"module: dtensor"_s});
    other.suggestion = other.plan;
    other.written = false;
    const QList<DecidedIssue> all = {issue, other};

    const AgreementCalculator::Final result = AgreementCalculator::finalOf(issue, AgreementCalculator::knownLabels(all),
                                                                           AgreementCalculator::knownSubOncalls(all));
    QCOMPARE(result.labels, final);
    QCOMPARE(result.removedByOthers, removed);
    QCOMPARE(result.addedByOthers, added);
    QCOMPARE(result.subOncall, subOncall);

    const Scoreboard board = AgreementCalculator::compute(all);
    QCOMPARE(board.overriddenByOthers, removed.isEmpty() && added.isEmpty() ? 0 : 1);
    const bool agreed = result.labels == AgreementCalculator::labelSet(issue.plan) && result.subOncall == Sub;
    QCOMPARE(board.agreed, 1 + (agreed ? 1 : 0));
}

void tst_AgreementCalculator::agreementNeedsTheSameSubOncall()
{
    const TriagePlan suggested = plan(Sub, {Sub, u"module: fsdp"_s});
    QVERIFY(AgreementCalculator::agrees(suggested, {u"module: fsdp"_s, Sub}, Sub));
    QVERIFY(!AgreementCalculator::agrees(suggested, {u"module: fsdp"_s, Sub}, Infra));
    QVERIFY(!AgreementCalculator::agrees(suggested, {Sub}, Sub));
}

QTEST_APPLESS_MAIN(tst_AgreementCalculator)
#include "tst_agreementcalculator.moc"
