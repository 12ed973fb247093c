// SPDX-License-Identifier: MIT
#include "engine/scrub/scrubactionability.h"

#include <QTest>

using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(Comment)

namespace {

const QDateTime Now = QDateTime(QDate(2026, 6, 1), QTime(12, 0), QTimeZone::UTC);

Comment said(const QString &author, const QString &body, int daysAgo)
{
    Comment c;
    c.author = author;
    c.body = body;
    c.createdAt = Now.addDays(-daysAgo);
    return c;
}

// A plain bug report of our own: an error, a repro, opened two months ago, assigned.
Issue bugReport()
{
    Issue issue;
    issue.number = 9001;
    issue.title = u"all_gather_into_tensor hangs with uneven shards"_s;
    issue.body = u"Running the script below with two ranks never returns.\n\n```python\nimport torch\n"
                 u"torch.distributed.init_process_group('gloo')\n```\n\nRuntimeError: Timed out after 1800 s"_s;
    issue.createdAt = Now.addDays(-60);
    issue.updatedAt = Now.addDays(-3);
    issue.state = IssueState::Open;
    issue.assignees = {u"rank0"_s};
    issue.assigneesKnown = true;
    return issue;
}

} // namespace

class tst_ScrubActionability final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void stops_data();
    void stops();
    void recentConfirmation_data();
    void recentConfirmation();
    void labelsToAddSkipPresentOnes();
};

void tst_ScrubActionability::stops_data()
{
    QTest::addColumn<Issue>("issue");
    QTest::addColumn<ScrubMachine>("machine");
    QTest::addColumn<QStringList>("kinds"); // ScrubStop::kindName of every stop, in order
    QTest::addColumn<QString>("evidenceHas");
    QTest::addColumn<QStringList>("addLabels");

    const ScrubMachine cpuOnly{0, {}, false, u"2.6.0"_s};
    QTest::addRow("a plain bug: actionable") << bugReport() << cpuOnly << QStringList() << QString() << QStringList();

    // Resolved in the comments (item 9).
    Issue resolved = bugReport();
    resolved.comments << said(u"dev1"_s, u"Thanks for the report. This was fixed by #4321, it is in the nightly."_s,
                              20);
    QTest::addRow("resolved: fixed by a PR")
        << resolved << cpuOnly << QStringList{u"resolved"_s} << u"fixed by #4321"_s << QStringList();
    Issue worksNow = bugReport();
    worksNow.comments << said(u"reporter"_s, u"Tried again today and it works now on 2.7, thanks!"_s, 5);
    QTest::addRow("resolved: works now") << worksNow << cpuOnly << QStringList{u"resolved"_s} << u"works now"_s
                                         << QStringList();
    Issue reopened = resolved;
    reopened.comments << said(u"user2"_s, u"I still see the hang on 2.7.0 with three ranks."_s, 2);
    QTest::addRow("resolved, then still seen: actionable")
        << reopened << cpuOnly << QStringList() << QString() << QStringList();
    Issue asking = bugReport();
    asking.comments << said(u"user3"_s, u"Is this fixed in 2.7?"_s, 2);
    QTest::addRow("a question about a fix is not a fix")
        << asking << cpuOnly << QStringList() << QString() << QStringList();
    Issue quoted = bugReport();
    quoted.comments << said(u"user4"_s, u"> this is fixed in main\n\nNo, it fails the same way for me."_s, 2);
    QTest::addRow("a quoted claim does not count") << quoted << cpuOnly << QStringList() << QString() << QStringList();

    // Duplicates (item 9, with the duplicate planner's «Duplicate of #N»).
    Issue dup = bugReport();
    dup.comments << said(u"dev2"_s, u"Duplicate of #8800"_s, 4);
    QTest::addRow("duplicate: named in a comment")
        << dup << cpuOnly << QStringList{u"duplicate"_s} << u"#8800"_s << QStringList();
    Issue dupLabel = bugReport();
    dupLabel.labels << u"duplicate"_s;
    QTest::addRow("duplicate: labelled") << dupLabel << cpuOnly << QStringList{u"duplicate"_s} << u"duplicate"_s
                                         << QStringList();
    Issue notDup = bugReport();
    notDup.body += u"\nThis is not the same as the all_reduce hang, see the traces."_s;
    QTest::addRow("mentions another hang: not a duplicate")
        << notDup << cpuOnly << QStringList() << QString() << QStringList();

    // Not a bug: feature, refactor, question.
    Issue feature;
    feature.number = 9002;
    feature.title = u"[Feature request] a timeout argument for barrier()"_s;
    feature.body = u"It would be useful if barrier took a per-call timeout, like the process group does."_s;
    feature.createdAt = Now.addDays(-10);
    QTest::addRow("feature request: add feature")
        << feature << cpuOnly << QStringList{u"not-a-bug"_s} << u"Feature request"_s << QStringList{u"feature"_s};
    Issue featureBody = feature;
    featureBody.title = u"barrier() with a timeout"_s;
    QTest::addRow("feature in the body: add feature") << featureBody << cpuOnly << QStringList{u"not-a-bug"_s}
                                                      << u"It would be useful if"_s << QStringList{u"feature"_s};
    Issue refactor;
    refactor.number = 9003;
    refactor.title = u"Refactor the rendezvous handlers into one module"_s;
    refactor.body = u"Three copies of the same retry loop live in the handlers."_s;
    refactor.createdAt = Now.addDays(-10);
    QTest::addRow("refactor: add better-engineering")
        << refactor << cpuOnly << QStringList{u"not-a-bug"_s} << u"Refactor"_s << QStringList{u"better-engineering"_s};
    Issue question;
    question.number = 9004;
    question.title = u"How do I pick the backend per process group?"_s;
    question.body = u"The docs show one backend for the default group only."_s;
    question.createdAt = Now.addDays(-10);
    QTest::addRow("question: stop, no label")
        << question << cpuOnly << QStringList{u"not-a-bug"_s} << u"How do I"_s << QStringList();
    Issue bugAsksForFeature = bugReport();
    bugAsksForFeature.body += u"\nIt would be nice if the error named the rank."_s;
    QTest::addRow("a bug with a wish is still a bug")
        << bugAsksForFeature << cpuOnly << QStringList() << QString() << QStringList();

    // Trackers.
    Issue tracker;
    tracker.number = 9005;
    tracker.title = u"[Tracker] DTensor op coverage for the 2.8 release"_s;
    tracker.body = u"Ops that still lack a sharding strategy."_s;
    tracker.createdAt = Now.addDays(-30);
    QTest::addRow("tracker: title, add tracker")
        << tracker << cpuOnly << QStringList{u"tracker"_s} << u"[Tracker]"_s << QStringList{u"tracker"_s};
    Issue checklist = tracker;
    checklist.title = u"DTensor op coverage"_s;
    checklist.body = u"- [x] cumsum #7001\n- [ ] sort #7002\n- [ ] topk #7003\n- [ ] kthvalue #7004\n"_s;
    QTest::addRow("tracker: a checklist of issues")
        << checklist << cpuOnly << QStringList{u"tracker"_s} << u"4 issues"_s << QStringList{u"tracker"_s};
    Issue labelledTracker = tracker;
    labelledTracker.labels << u"tracker"_s;
    QTest::addRow("tracker: labelled already, nothing to add")
        << labelledTracker << cpuOnly << QStringList{u"tracker"_s} << u"tracker"_s << QStringList();

    // Hardware this machine lacks (with the needs probe's findings).
    ScrubMachine twoGpus = cpuOnly;
    twoGpus.unmetNeeds = {u"2 CUDA GPUs"_s, u"NCCL"_s};
    QTest::addRow("hardware: 2 GPUs and NCCL, no CPU path")
        << bugReport() << twoGpus << QStringList{u"hardware"_s} << u"2 CUDA GPUs, NCCL; this machine has no GPU"_s
        << QStringList();
    ScrubMachine cpuPath = twoGpus;
    cpuPath.hasCpuPath = true;
    QTest::addRow("hardware: a CPU variant exists, so go on")
        << bugReport() << cpuPath << QStringList() << QString() << QStringList();
    ScrubMachine packageOnly = cpuOnly;
    packageOnly.unmetNeeds = {u"the package transformers"_s};
    QTest::addRow("a missing package is not hardware")
        << bugReport() << packageOnly << QStringList() << QString() << QStringList();
    Issue tpu = bugReport();
    tpu.body += u"\nOnly on TPU v4 pods with torch_xla; GPUs are fine."_s;
    QTest::addRow("hardware: TPU in the text")
        << tpu << cpuOnly << QStringList{u"hardware"_s} << u"TPU"_s << QStringList();
    Issue multiNode = bugReport();
    multiNode.body += u"\nLaunched with torchrun --nnodes=4 --nproc-per-node=8."_s;
    QTest::addRow("hardware: four nodes")
        << multiNode << cpuOnly << QStringList{u"hardware"_s} << u"--nnodes=4"_s << QStringList();

    // Old, unassigned, underspecified.
    Issue stale;
    stale.number = 9006;
    stale.title = u"FSDP is slow"_s;
    stale.body = u"Training got slower after upgrading. Any ideas?"_s;
    stale.createdAt = Now.addDays(-500);
    stale.comments << said(u"user5"_s, u"Same here."_s, 400);
    stale.assigneesKnown = true;
    QTest::addRow("stale: suggest not planned")
        << stale << cpuOnly << QStringList{u"stale"_s} << u"500 days"_s << QStringList();
    Issue staleAssigned = stale;
    staleAssigned.assignees = {u"owner1"_s};
    QTest::addRow("old but assigned: actionable")
        << staleAssigned << cpuOnly << QStringList() << QString() << QStringList();
    Issue staleActive = stale;
    staleActive.comments << said(u"user6"_s, u"Bump, we hit this too."_s, 30);
    QTest::addRow("old but active: actionable")
        << staleActive << cpuOnly << QStringList() << QString() << QStringList();
    Issue oldWithRepro = bugReport();
    oldWithRepro.createdAt = Now.addDays(-700);
    oldWithRepro.assignees.clear();
    QTest::addRow("old, unassigned, but with a repro: actionable")
        << oldWithRepro << cpuOnly << QStringList() << QString() << QStringList();
    Issue staleUnknown = stale;
    staleUnknown.assigneesKnown = false;
    QTest::addRow("stale, assignees not synced: says so")
        << staleUnknown << cpuOnly << QStringList{u"stale"_s} << u"assignees not synced"_s << QStringList();

    // Several at once, in the playbook's order.
    Issue both = tracker;
    both.comments << said(u"dev3"_s, u"Duplicate of #7000"_s, 3);
    QTest::addRow("duplicate before tracker")
        << both << cpuOnly << QStringList{u"duplicate"_s, u"tracker"_s} << u"#7000"_s << QStringList{u"tracker"_s};
}

void tst_ScrubActionability::stops()
{
    QFETCH(Issue, issue);
    QFETCH(ScrubMachine, machine);
    QFETCH(QStringList, kinds);
    QFETCH(QString, evidenceHas);
    QFETCH(QStringList, addLabels);

    const ScrubGate gate = ScrubActionability::assess(issue, Now, machine);
    QStringList got;
    for (const ScrubStop &s : gate.stops)
        got << ScrubStop::kindName(s.kind);
    QCOMPARE(got, kinds);
    QCOMPARE(gate.stopsTheRun(), !kinds.isEmpty());
    if (!kinds.isEmpty()) {
        const ScrubStop &first = gate.stops.constFirst();
        QVERIFY2(first.evidence.contains(evidenceHas, Qt::CaseInsensitive), qPrintable(first.evidence));
        QVERIFY(!first.where.isEmpty());
        QVERIFY(!first.title().isEmpty());
        QCOMPARE(first.closeNotPlanned, first.kind == ScrubStop::Kind::Stale);
        if (first.kind == ScrubStop::Kind::Duplicate && evidenceHas.startsWith(u'#'))
            QCOMPARE(first.duplicateOf, evidenceHas.mid(1).toInt());
    }
    QCOMPARE(gate.labelsToAdd(issue.labels), addLabels);
}

void tst_ScrubActionability::recentConfirmation_data()
{
    QTest::addColumn<QList<Comment>>("comments");
    QTest::addColumn<QString>("reported");
    QTest::addColumn<QString>("author"); // empty: no confirmation
    QTest::addColumn<QString>("version");

    const QString err = u"RuntimeError: Timed out after 1800 s"_s;
    QTest::addRow("still reproduces on 2.6, last month")
        << QList<Comment>{said(u"user7"_s, u"This still reproduces on torch 2.6.0 with the script above."_s, 30)} << err
        << u"user7"_s << u"2.6"_s;
    QTest::addRow("nightly counts as recent")
        << QList<Comment>{said(u"user8"_s, u"Can still reproduce with today's nightly."_s, 2)} << err << u"user8"_s
        << u"nightly"_s;
    QTest::addRow("too old: eight months ago")
        << QList<Comment>{said(u"user7"_s, u"This still reproduces on torch 2.6.0."_s, 240)} << err << QString()
        << QString();
    QTest::addRow("an old version is not recent")
        << QList<Comment>{said(u"user9"_s, u"Still happens on 2.1.2 here."_s, 20)} << err << QString() << QString();
    QTest::addRow("no version named") << QList<Comment>{said(u"user9"_s, u"Still happens for me."_s, 20)} << err
                                      << QString() << QString();
    QTest::addRow("cannot reproduce is no confirmation")
        << QList<Comment>{said(u"dev4"_s, u"I cannot reproduce this on 2.6.0, could you share the launch command?"_s,
                               10)}
        << err << QString() << QString();
    QTest::addRow("another error is no confirmation")
        << QList<Comment>{said(u"user10"_s,
                               u"Still fails on 2.6.0 but now with\nValueError: world_size must be positive"_s, 10)}
        << err << QString() << QString();
    QTest::addRow("the same error is")
        << QList<Comment>{said(u"user11"_s, u"Still fails on 2.6.0:\nRuntimeError: Timed out after 1800 s"_s, 10)}
        << err << u"user11"_s << u"2.6"_s;
    QTest::addRow("the newest of two") << QList<Comment>{said(u"a"_s, u"Still reproduces on 2.5.1."_s, 90),
                                                         said(u"b"_s, u"Still reproduces on 2.6.0."_s, 9)}
                                       << err << u"b"_s << u"2.6"_s;
}

void tst_ScrubActionability::recentConfirmation()
{
    QFETCH(QList<Comment>, comments);
    QFETCH(QString, reported);
    QFETCH(QString, author);
    QFETCH(QString, version);

    Issue issue = bugReport();
    issue.comments = comments;
    const ScrubGate gate =
        ScrubActionability::assess(issue, Now, ScrubMachine{0, {}, false, u"2.6.0"_s}, ErrorSignature::parse(reported));
    QVERIFY(gate.stops.isEmpty());
    QCOMPARE(gate.confirmation.has_value(), !author.isEmpty());
    QCOMPARE(gate.asks(), !author.isEmpty());
    if (gate.confirmation) {
        QCOMPARE(gate.confirmation->author, author);
        QCOMPARE(gate.confirmation->version, version);
        QVERIFY(!gate.confirmation->evidence.isEmpty());
    }
}

void tst_ScrubActionability::labelsToAddSkipPresentOnes()
{
    ScrubGate gate;
    ScrubStop a;
    a.addLabels = {u"tracker"_s};
    ScrubStop b;
    b.addLabels = {u"feature"_s, u"tracker"_s};
    gate.stops = {a, b};
    QCOMPARE(gate.labelsToAdd({}), (QStringList{u"tracker"_s, u"feature"_s}));
    QCOMPARE(gate.labelsToAdd({u"tracker"_s}), QStringList{u"feature"_s});
}

QTEST_APPLESS_MAIN(tst_ScrubActionability)
#include "tst_scrubactionability.moc"
