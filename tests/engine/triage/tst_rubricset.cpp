// SPDX-License-Identifier: MIT
#include "engine/triage/rubricset.h"

#include <QTest>

using namespace Qt::StringLiterals;

namespace {

Issue issueWith(int number, const QString &title, const QString &body, const QStringList &labels)
{
    Issue issue;
    issue.number = number;
    issue.title = title;
    issue.body = body;
    issue.labels = labels;
    issue.state = IssueState::Open;
    return issue;
}

// A Dynamo issue with no distributed word at all: the distributed rubric would call it out of scope.
Issue dynamoIssue(const QStringList &labels)
{
    return issueWith(101, u"dict.items() on a module attribute graph-breaks under torch.compile"_s,
                     u"```python\nimport torch\n\n@torch.compile(fullgraph=True)\ndef f(d, x):\n"
                     "    for k, v in d.items():\n        x = x + v\n    return x\n\nf({'a': torch.ones(2)}, "
                     "torch.ones(2))\n```\n\nDynamo raises Unsupported: graph break on dict.items() of a "
                     "user-defined dict subclass."_s,
                     labels);
}

} // namespace

class tst_RubricSet : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void chosenByLabels_data();
    void chosenByLabels();
    void mixedQueueCounts();
    void singleRubricPlansEverything();
};

void tst_RubricSet::chosenByLabels_data()
{
    QTest::addColumn<QStringList>("labels");
    QTest::addColumn<QString>("profile");
    QTest::addColumn<bool>("notDistributedComment");
    QTest::addRow("oncall: pt2 → pt2, no \"not distributed\" comment")
        << QStringList{u"oncall: pt2"_s, u"triaged"_s} << u"pt2"_s << false;
    QTest::addRow("oncall: distributed → distributed")
        << QStringList{u"oncall: distributed"_s} << u"distributed"_s << true;
    QTest::addRow("a distributed sub-queue → distributed")
        << QStringList{u"oncall: distributed"_s, u"oncall: distributed infra"_s} << u"distributed"_s << true;
    QTest::addRow("no oncall label → general") << QStringList{u"module: dynamo"_s} << u"general"_s << false;
    QTest::addRow("no label at all → general") << QStringList{} << u"general"_s << false;
}

void tst_RubricSet::chosenByLabels()
{
    QFETCH(QStringList, labels);
    QFETCH(QString, profile);
    QFETCH(bool, notDistributedComment);
    const Result<RubricSet> set = RubricSet::byLabels();
    QVERIFY2(set, qPrintable(set ? QString() : set.error()));
    QVERIFY(set->isPerIssue());
    const Issue issue = dynamoIssue(labels);
    QCOMPARE(set->profileFor(issue), profile);
    const TriagePlan plan = set->plan(issue);
    QCOMPARE(plan.profile, profile);
    QCOMPARE(set->packFor(issue).profile, profile);
    QCOMPARE(plan.decision.name() == u"not_distributed"_s, notDistributedComment);
}

void tst_RubricSet::mixedQueueCounts()
{
    const Result<RubricSet> set = RubricSet::byLabels();
    QVERIFY(set);
    const QList<Issue> issues = {dynamoIssue({u"oncall: pt2"_s}), dynamoIssue({u"oncall: pt2"_s}),
                                 dynamoIssue({u"oncall: distributed"_s}), dynamoIssue({})};
    const QList<QPair<QString, int>> counts = set->profileCounts(issues);
    QCOMPARE(counts.size(), 3);
    QCOMPARE(counts.at(0), (QPair<QString, int>{u"pt2"_s, 2}));
    QCOMPARE(set->mainProfile(issues), u"pt2"_s);
    QCOMPARE(set->mainProfile({}), u"general"_s);
}

void tst_RubricSet::singleRubricPlansEverything()
{
    const Result<RubricPack> pack = RubricPack::builtin(u"distributed"_s);
    QVERIFY(pack);
    const RubricSet set(pack.value());
    QVERIFY(!set.isPerIssue());
    const Issue issue = dynamoIssue({u"oncall: pt2"_s});
    QCOMPARE(set.profileFor(issue), u"distributed"_s);
    QCOMPARE(set.plan(issue).profile, u"distributed"_s);
}

QTEST_APPLESS_MAIN(tst_RubricSet)
#include "tst_rubricset.moc"
