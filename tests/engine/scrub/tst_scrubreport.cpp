// SPDX-License-Identifier: MIT
#include "engine/outbox/outboxstore.h"
#include "engine/scrub/scrubreport.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

ReproOutcome outcome(ReproOutcome::Kind kind, const QString &observed = {}, int signal = 0)
{
    ReproOutcome o;
    o.kind = kind;
    o.signal = signal;
    o.exitCode = signal > 0 ? 128 + signal : (kind == ReproOutcome::Kind::Passed ? 0 : 1);
    o.expected = ErrorSignature::parse(u"RuntimeError: expected scalar type Float"_s);
    o.observed = ErrorSignature::parse(observed);
    o.torchVersion = u"2.6.0"_s;
    return o;
}

ReproSeriesSummary series(const QList<ReproOutcome::Kind> &kinds, const QString &observed = {}, int signal = 0)
{
    QList<ReproOutcome> runs;
    for (ReproOutcome::Kind k : kinds)
        runs << outcome(k, observed, signal);
    return ReproSeriesAggregator::summarise(runs);
}

BisectResult bisected(bool fixed)
{
    BisectResult b;
    b.package = u"torch"_s;
    if (fixed)
        b.boundaries << BisectBoundary{u"2.4.1"_s, u"2.5.0"_s, true, {}};
    else
        b.boundaries << BisectBoundary{u"2.2.2"_s, u"2.3.0"_s, false, {u"2.2.9"_s}};
    return b;
}

} // namespace

using Kind = ReproOutcome::Kind;
using Verdict = ScrubReport::Verdict;

class tst_ScrubReport final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void composes_data();
    void composes();
    void minimizedReproOnlyWhenChanged();
    void planGoesToTheOutbox();
    void playbookFields_data();
    void playbookFields();
    void notActionableGoesToTheOutbox_data();
    void notActionableGoesToTheOutbox();
};

void tst_ScrubReport::composes_data()
{
    QTest::addColumn<ScrubFindings>("findings");
    QTest::addColumn<int>("verdict");
    QTest::addColumn<QStringList>("commentHas");
    QTest::addColumn<QStringList>("commentLacks");
    QTest::addColumn<QStringList>("add");
    QTest::addColumn<QStringList>("remove");
    QTest::addColumn<bool>("close");
    QTest::addColumn<bool>("refresh");

    ScrubFindings f;
    f.issueNumber = 4242;
    f.labels = {u"oncall: distributed"_s};

    ScrubFindings still = f;
    still.series = series({Kind::SameError, Kind::SameError, Kind::SameError});
    QTest::addRow("still reproduces") << still << int(Verdict::StillReproduces)
                                      << QStringList{u"This issue still reproduces on PyTorch 2.6.0."_s}
                                      << QStringList{u"intermittent"_s, u"Closing"_s, u"Minimized"_s} << QStringList()
                                      << QStringList() << false << false;

    ScrubFindings stillLabelled = still;
    stillLabelled.labels << u"needs reproduction"_s << u"triaged"_s;
    QTest::addRow("still reproduces, drops needs reproduction")
        << stillLabelled << int(Verdict::StillReproduces) << QStringList{u"still reproduces"_s} << QStringList()
        << QStringList() << QStringList{u"needs reproduction"_s} << false << false;

    ScrubFindings flaky = f;
    flaky.series = series({Kind::SameError, Kind::Passed, Kind::SameError, Kind::Passed, Kind::Passed});
    QTest::addRow("flaky") << flaky << int(Verdict::StillReproduces)
                           << QStringList{u"still reproduces"_s, u"intermittent: 2 of 5 runs"_s} << QStringList()
                           << QStringList() << QStringList() << false << false;

    ScrubFindings crash = f;
    crash.series = series({Kind::KilledBySignal, Kind::KilledBySignal}, {}, 11);
    QTest::addRow("crash by signal") << crash << int(Verdict::StillReproduces)
                                     << QStringList{u"still reproduces"_s, u"killed by SIGSEGV"_s} << QStringList()
                                     << QStringList() << QStringList() << false << false;

    ScrubFindings regression = still;
    regression.bisect = bisected(false);
    QTest::addRow("still reproduces, bisected regression")
        << regression << int(Verdict::StillReproduces)
        << QStringList{u"first appears in PyTorch 2.3.0 (or 2.2.9); 2.2.2 is not affected."_s} << QStringList()
        << QStringList() << QStringList() << false << false;

    ScrubFindings fixed = f;
    fixed.series = series({Kind::Passed, Kind::Passed, Kind::Passed});
    fixed.version = u"2.7.1"_s;
    QTest::addRow("no longer reproduces") << fixed << int(Verdict::NoLongerReproduces)
                                          << QStringList{u"This issue no longer reproduces on PyTorch 2.7.1."_s,
                                                         u"Closing as completed: fixed in PyTorch 2.7.1."_s}
                                          << QStringList{u"still"_s} << QStringList() << QStringList() << true << false;

    ScrubFindings fixedBisected = fixed;
    fixedBisected.bisect = bisected(true);
    fixedBisected.labels << u"needs reproduction"_s;
    QTest::addRow("no longer reproduces, bisected")
        << fixedBisected << int(Verdict::NoLongerReproduces)
        << QStringList{u"no longer reproduces on PyTorch 2.7.1."_s,
                       u"fixed in PyTorch 2.5.0 (the last affected version is 2.4.1)"_s,
                       u"Closing as completed: fixed in PyTorch 2.5.0."_s}
        << QStringList() << QStringList() << QStringList{u"needs reproduction"_s} << true << false;

    ScrubFindings different = f;
    different.series = series({Kind::DifferentError}, u"AttributeError: module 'torch' has no attribute 'foo'"_s);
    QTest::addRow("different error")
        << different << int(Verdict::DifferentError)
        << QStringList{u"no longer raises the reported `RuntimeError: expected scalar type Float`"_s,
                       u"AttributeError: module 'torch' has no attribute 'foo'"_s}
        << QStringList{u"Closing"_s} << QStringList() << QStringList() << false << false;

    ScrubFindings timedOut = f;
    timedOut.labels << u"triaged"_s;
    timedOut.series = series({Kind::TimedOut});
    QTest::addRow("timed out: refresh triaged") << timedOut << int(Verdict::Inconclusive) << QStringList()
                                                << QStringList() << QStringList() << QStringList() << false << true;

    ScrubFindings refusedUntriaged = f;
    refusedUntriaged.series = series({Kind::SandboxRefused});
    QTest::addRow("refused, not triaged yet: add triaged")
        << refusedUntriaged << int(Verdict::Inconclusive) << QStringList() << QStringList() << QStringList{u"triaged"_s}
        << QStringList() << false << false;

    ScrubFindings noRepro = f;
    noRepro.hasRunnableRepro = false;
    QTest::addRow("no repro: needs reproduction")
        << noRepro << int(Verdict::NoRepro) << QStringList() << QStringList() << QStringList{u"needs reproduction"_s}
        << QStringList() << false << false;

    ScrubFindings noReproLabelled = noRepro;
    noReproLabelled.labels << u"needs reproduction"_s << u"triaged"_s;
    QTest::addRow("no repro, already labelled: refresh")
        << noReproLabelled << int(Verdict::NoRepro) << QStringList() << QStringList() << QStringList() << QStringList()
        << false << true;

    // Runs that say nothing about the bug: no close, `needs reproduction` stays, nothing posted.
    const QList<std::pair<const char *, Kind>> saysNothing = {
        {"cannot run here: keeps needs reproduction", Kind::CannotRunHere},
        {"environment: keeps needs reproduction", Kind::Environment},
        {"no pass/fail check: keeps needs reproduction", Kind::NoCheck}};
    for (const auto &[name, kind] : saysNothing) {
        ScrubFindings nothing = f;
        nothing.labels << u"needs reproduction"_s << u"triaged"_s;
        nothing.series = series({kind, kind});
        QTest::addRow("%s", name) << nothing << int(Verdict::Inconclusive) << QStringList() << QStringList()
                                  << QStringList() << QStringList() << false << true;
    }
    ScrubFindings hang = f;
    hang.labels << u"needs reproduction"_s;
    ReproOutcome hung = outcome(Kind::TimedOut);
    hung.hangReported = true;
    hang.series = ReproSeriesAggregator::summarise({hung, hung});
    QTest::addRow("reported hang timed out: still reproduces")
        << hang << int(Verdict::StillReproduces) << QStringList{u"still reproduces"_s} << QStringList{u"Closing"_s}
        << QStringList() << QStringList{u"needs reproduction"_s} << false << false;

    ScrubFindings closed = fixed;
    closed.closed = true;
    QTest::addRow("closed: hands off") << closed << int(Verdict::Closed) << QStringList() << QStringList()
                                       << QStringList() << QStringList() << false << false;
}

void tst_ScrubReport::composes()
{
    QFETCH(ScrubFindings, findings);
    QFETCH(int, verdict);
    QFETCH(QStringList, commentHas);
    QFETCH(QStringList, commentLacks);
    QFETCH(QStringList, add);
    QFETCH(QStringList, remove);
    QFETCH(bool, close);
    QFETCH(bool, refresh);

    const ScrubReport r = ScrubReport::compose(findings);
    QCOMPARE(int(r.verdict), verdict);
    QCOMPARE(r.comment.isEmpty(), commentHas.isEmpty());
    for (const QString &s : std::as_const(commentHas))
        QVERIFY2(r.comment.contains(s), qPrintable(r.comment));
    for (const QString &s : std::as_const(commentLacks))
        QVERIFY2(!r.comment.contains(s), qPrintable(r.comment));
    QCOMPARE(r.addLabels, add);
    QCOMPARE(r.removeLabels, remove);
    QCOMPARE(r.close, close);
    QCOMPARE(r.triagedRefresh, refresh);
    if (findings.series.overall.saysNothing()) {
        QVERIFY(!r.close);
        QVERIFY(!r.removeLabels.contains(findings.reproductionLabel));
        QVERIFY(!r.notes.isEmpty()); // says what would be needed
    }
    // Every issue we touch either changes visibly or gets its `triaged` refresh; a closed one is left alone.
    if (r.verdict != Verdict::Closed)
        QVERIFY(!r.comment.isEmpty() || !r.addLabels.isEmpty() || !r.removeLabels.isEmpty() || r.triagedRefresh);
    if (!r.removeLabels.isEmpty())
        QVERIFY(r.notes.join(u'\n').contains(u"The outbox removes"_s));
    // What the outbox gets: the removals, under a scrub decision the guardrails know.
    const TriagePlan plan = r.plan(findings.issueNumber, findings.profile);
    QCOMPARE(plan.removeLabels, remove);
    QVERIFY(plan.decision.name().startsWith(u"scrub_"_s));
    QVERIFY(plan.decision.isScrub());
}

void tst_ScrubReport::minimizedReproOnlyWhenChanged()
{
    ScrubFindings f;
    f.series = series({Kind::SameError});
    f.originalRepro = u"import torch\nx = torch.ones(3)\nx.foo()\n"_s;
    f.minimizedRepro = f.originalRepro + u"\n"_s; // only whitespace differs: not a change
    QVERIFY(!ScrubReport::compose(f).comment.contains(u"Minimized repro"_s));
    f.minimizedRepro = u"import torch\ntorch.ones(3).foo()\n"_s;
    const QString comment = ScrubReport::compose(f).comment;
    QVERIFY(comment.contains(u"Minimized repro:\n\n```python\nimport torch\ntorch.ones(3).foo()\n```"_s));
    f.triggerConditions = {u"only with `torch.compile(dynamic=True)`"_s};
    QVERIFY(ScrubReport::compose(f).comment.contains(
        u"All of the following are necessary to trigger the bug:\n- only with `torch.compile(dynamic=True)`"_s));
    // A fixed bug gets no repro in its comment: it is being closed.
    f.series = series({Kind::Passed});
    QVERIFY(!ScrubReport::compose(f).comment.contains(u"Minimized repro"_s));
}

void tst_ScrubReport::planGoesToTheOutbox()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    Result<std::unique_ptr<OutboxStore>> store = OutboxStore::open(dir.filePath(u"store.sqlite"_s));
    QVERIFY2(store.ok(), qPrintable(store.error()));
    const Result<RubricPack> pack = OutboxStore::packFor(u"distributed"_s);
    QVERIFY2(pack.ok(), qPrintable(pack.error()));

    ScrubFindings f;
    f.issueNumber = 77;
    f.labels = {u"oncall: distributed"_s, u"needs reproduction"_s};
    f.series = series({Kind::Passed, Kind::Passed});
    f.bisect = bisected(true);
    const ScrubReport report = ScrubReport::compose(f);

    Issue seen;
    seen.number = 77;
    seen.state = IssueState::Open;
    seen.labels = f.labels;
    seen.updatedAt = QDateTime::currentDateTimeUtc().addSecs(-60);
    const Result<OutboxEntry> entry =
        report.enqueueIn(*store.value(), u"pytorch/pytorch"_s, seen, u"reviewer"_s, pack.value());
    QVERIFY2(entry.ok(), qPrintable(entry.error()));
    QCOMPARE(entry->status, OutboxStatus::Ready);
    QCOMPARE(entry->decision.name(), u"scrub_no_longer_reproduces"_s);
    QCOMPARE(entry->removeLabels, QStringList{u"needs reproduction"_s}); // the outbox carries the removal
    QVERIFY(!entry->refreshTriaged);
    QCOMPARE(entry->comment, report.comment);
    QVERIFY(entry->close);
    QCOMPARE(entry->stateReason, u"completed"_s);
    QCOMPARE(report.removeLabels, QStringList{u"needs reproduction"_s});
}

void tst_ScrubReport::playbookFields_data()
{
    QTest::addColumn<ScrubFindings>("findings");
    QTest::addColumn<int>("verdict");
    QTest::addColumn<QStringList>("commentHas");
    QTest::addColumn<QStringList>("commentLacks");
    QTest::addColumn<QStringList>("add");
    QTest::addColumn<QString>("nextActionHas");
    QTest::addColumn<QString>("firstNoteHas");
    QTest::addColumn<QString>("closeReason"); // empty: no close

    ScrubFindings f;
    f.issueNumber = 4243;
    f.labels = {u"oncall: distributed"_s, u"triaged"_s};

    // Item 11: the fixing PR is named when known, the version otherwise.
    ScrubFindings fixedByPr = f;
    fixedByPr.series = series({Kind::Passed, Kind::Passed});
    fixedByPr.version = u"2.7.1"_s;
    FixingPullRequest pr;
    pr.repository = u"pytorch/pytorch"_s;
    pr.number = 150123;
    pr.title = u"Fix the uneven all_gather"_s;
    pr.closesIssue = true;
    fixedByPr.fixedBy = pr;
    QTest::addRow("fixed, PR known: Fixed by #N")
        << fixedByPr << int(Verdict::NoLongerReproduces)
        << QStringList{u"no longer reproduces on PyTorch 2.7.1."_s, u"Fixed by pytorch/pytorch#150123."_s,
                       u"fixed in PyTorch 2.7.1"_s}
        << QStringList() << QStringList() << u"Appears fixed by #150123"_s << QString() << u"completed"_s;
    // … with the route that named it: GitHub's closing reference, or a commit between two release tags.
    ScrubFindings fixedByGraphQL = fixedByPr;
    fixedByGraphQL.fixedBy->route = u"graphql"_s;
    QTest::addRow("fixed, PR from the closing reference: says so")
        << fixedByGraphQL << int(Verdict::NoLongerReproduces)
        << QStringList{u"Fixed by pytorch/pytorch#150123 (found through GitHub's closing reference)."_s}
        << QStringList() << QStringList() << u"Appears fixed by #150123"_s << QString() << u"completed"_s;
    ScrubFindings fixedByCompare = fixedByPr;
    fixedByCompare.fixedBy->route = u"compare"_s;
    fixedByCompare.fixedBy->commit = u"0123456789abcdef0123456789abcdef01234567"_s;
    fixedByCompare.fixedBy->fromTag = u"v2.5.1"_s;
    fixedByCompare.fixedBy->toTag = u"v2.6.0"_s;
    QTest::addRow("fixed, PR from the commits between tags: says so")
        << fixedByCompare << int(Verdict::NoLongerReproduces)
        << QStringList{u"Fixed by pytorch/pytorch#150123 (found through v2.5.1 and v2.6.0's commits)."_s}
        << QStringList() << QStringList() << u"Appears fixed by #150123"_s << QString() << u"completed"_s;
    ScrubFindings fixedByCommit = fixedByCompare;
    fixedByCommit.fixedBy->number = 0;
    QTest::addRow("fixed by a commit that names no PR: the commit")
        << fixedByCommit << int(Verdict::NoLongerReproduces)
        << QStringList{u"Fixed by commit 0123456789 (found through v2.5.1 and v2.6.0's commits)."_s}
        << QStringList{u"#0"_s} << QStringList() << u"Appears fixed by commit 0123456789"_s << QString()
        << u"completed"_s;
    ScrubFindings fixedNoPr = fixedByPr;
    fixedNoPr.fixedBy.reset();
    QTest::addRow("fixed, no PR: the version only")
        << fixedNoPr << int(Verdict::NoLongerReproduces) << QStringList{u"fixed in PyTorch 2.7.1"_s}
        << QStringList{u"Fixed by"_s} << QStringList() << u"Appears fixed: close as completed"_s << QString()
        << u"completed"_s;

    // Item 14: trigger conditions as the playbook's list, the recommended next action.
    ScrubFindings conditions = f;
    conditions.series = series({Kind::SameError});
    conditions.triggerConditions = {u"`torch.compile` with the inductor backend"_s, u"a float16 input"_s, u" "_s};
    QTest::addRow("trigger conditions as a list")
        << conditions << int(Verdict::StillReproduces)
        << QStringList{u"All of the following are necessary to trigger the bug:\n- `torch.compile` with the inductor "
                       u"backend\n- a float16 input"_s}
        << QStringList{u"It needs"_s, u"\n- \n"_s} << QStringList() << u"Still a valid bug"_s << QString() << QString();
    ScrubFindings different = f;
    different.series = series({Kind::DifferentError}, u"TypeError: f() missing 1 required positional argument"_s);
    QTest::addRow("different error: check before posting")
        << different << int(Verdict::DifferentError) << QStringList{u"TypeError"_s} << QStringList() << QStringList()
        << u"API drift"_s << QString() << QString();
    ScrubFindings noRepro = f;
    noRepro.hasRunnableRepro = false;
    QTest::addRow("no repro: needs more info")
        << noRepro << int(Verdict::NoRepro) << QStringList() << QStringList() << QStringList{u"needs reproduction"_s}
        << u"Needs more info from the reporter"_s << QString() << QString();

    // Item 9: a stop is the first finding, with its evidence, and nothing is run or posted.
    ScrubStop tracker;
    tracker.kind = ScrubStop::Kind::Tracker;
    tracker.evidence = u"[Tracker] DTensor op coverage"_s;
    tracker.where = u"the title"_s;
    tracker.addLabels = {u"tracker"_s};
    ScrubFindings stopped = f;
    stopped.stops = {tracker};
    QTest::addRow("tracker: add tracker, no comment, no run")
        << stopped << int(Verdict::NotActionable) << QStringList() << QStringList() << QStringList{u"tracker"_s}
        << u"A tracker"_s << u"A tracking issue — the title: “[Tracker] DTensor op coverage”"_s << QString();
    ScrubStop resolved;
    resolved.kind = ScrubStop::Kind::Resolved;
    resolved.evidence = u"This was fixed by #4321."_s;
    resolved.where = u"@dev1's comment of 2026-05-12"_s;
    ScrubFindings resolvedStop = f;
    resolvedStop.stops = {resolved};
    resolvedStop.series = series({Kind::SameError}); // a run from before does not override the stop
    QTest::addRow("resolved: nothing posted, triaged refreshed")
        << resolvedStop << int(Verdict::NotActionable) << QStringList() << QStringList() << QStringList()
        << u"confirm it and close"_s << u"Resolved in the comments"_s << QString();
    ScrubFindings wentOn = resolvedStop;
    wentOn.wentOn = true;
    QTest::addRow("went on after a stop: the run's verdict, the finding first")
        << wentOn << int(Verdict::StillReproduces) << QStringList{u"still reproduces"_s} << QStringList()
        << QStringList() << u"Still a valid bug"_s << u"Resolved in the comments"_s << QString();
    ScrubStop dup;
    dup.kind = ScrubStop::Kind::Duplicate;
    dup.evidence = u"Duplicate of #8800"_s;
    dup.where = u"the body"_s;
    dup.duplicateOf = 8800;
    ScrubFindings dupStop = f;
    dupStop.stops = {dup};
    QTest::addRow("duplicate: mark it") << dupStop << int(Verdict::NotActionable) << QStringList() << QStringList()
                                        << QStringList() << u"duplicate of #8800 (d)"_s << u"#8800"_s << QString();
    ScrubStop stale;
    stale.kind = ScrubStop::Kind::Stale;
    stale.evidence = u"opened 500 days ago"_s;
    stale.where = u"the issue"_s;
    stale.closeNotPlanned = true;
    ScrubFindings staleStop = f;
    staleStop.stops = {stale};
    QTest::addRow("stale: close as not planned, asked")
        << staleStop << int(Verdict::NotActionable) << QStringList{u"Closing as not planned"_s}
        << QStringList{u"Checked by running"_s} << QStringList() << u"Suggest closing as not planned"_s
        << u"Old, unassigned and underspecified"_s << u"not_planned"_s;

    // Item 10: a recent confirmation asks before anything runs.
    ScrubFindings confirmed = f;
    confirmed.confirmation = RecentConfirmation{u"user7"_s, QDateTime(QDate(2026, 5, 1), QTime(9, 0), QTimeZone::UTC),
                                                u"This still reproduces on torch 2.6.0."_s, u"2.6"_s};
    QTest::addRow("recently confirmed: re-verify or skip")
        << confirmed << int(Verdict::Inconclusive) << QStringList() << QStringList() << QStringList()
        << u"re-verify (run it) or skip ahead to minimization"_s << u"Recently confirmed by @user7 on 2026-05-01"_s
        << QString();
}

void tst_ScrubReport::playbookFields()
{
    QFETCH(ScrubFindings, findings);
    QFETCH(int, verdict);
    QFETCH(QStringList, commentHas);
    QFETCH(QStringList, commentLacks);
    QFETCH(QStringList, add);
    QFETCH(QString, nextActionHas);
    QFETCH(QString, firstNoteHas);
    QFETCH(QString, closeReason);

    const ScrubReport r = ScrubReport::compose(findings);
    QCOMPARE(int(r.verdict), verdict);
    QCOMPARE(r.comment.isEmpty(), commentHas.isEmpty());
    for (const QString &s : std::as_const(commentHas))
        QVERIFY2(r.comment.contains(s), qPrintable(r.comment));
    for (const QString &s : std::as_const(commentLacks))
        QVERIFY2(!r.comment.contains(s), qPrintable(r.comment));
    QCOMPARE(r.addLabels, add);
    QVERIFY2(r.nextAction.contains(nextActionHas), qPrintable(r.nextAction));
    if (!firstNoteHas.isEmpty()) {
        QVERIFY(!r.notes.isEmpty());
        QVERIFY2(r.notes.constFirst().contains(firstNoteHas), qPrintable(r.notes.constFirst()));
    }
    QCOMPARE(r.close, !closeReason.isEmpty());
    if (r.close)
        QCOMPARE(r.outboxClose().stateReason, closeReason);
    QCOMPARE(r.triggerConditions, findings.triggerConditions);
    // Nothing visible: the triaged refresh, as for every scrub that ends without a change.
    if (r.verdict == Verdict::NotActionable && r.comment.isEmpty() && r.addLabels.isEmpty())
        QVERIFY(r.triagedRefresh);
}

void tst_ScrubReport::notActionableGoesToTheOutbox_data()
{
    QTest::addColumn<int>("kind"); // ScrubStop::Kind
    QTest::addColumn<QString>("profile");
    QTest::addColumn<QStringList>("add");
    QTest::addColumn<QString>("stateReason"); // empty: no close
    QTest::addColumn<bool>("refresh");

    QTest::addRow("stale: close as not planned")
        << int(ScrubStop::Kind::Stale) << u"distributed"_s << QStringList() << u"not_planned"_s << false;
    // The playbook's own labels pass the guardrails in a scrub plan, whatever the pack's allowlist says.
    QTest::addRow("tracker, distributed pack")
        << int(ScrubStop::Kind::Tracker) << u"distributed"_s << QStringList{u"tracker"_s} << QString() << false;
    QTest::addRow("refactor, pt2 pack") << int(ScrubStop::Kind::NotABug) << u"pt2"_s
                                        << QStringList{u"better-engineering"_s} << QString() << false;
    QTest::addRow("resolved: the triaged refresh only")
        << int(ScrubStop::Kind::Resolved) << u"distributed"_s << QStringList() << QString() << true;
}

void tst_ScrubReport::notActionableGoesToTheOutbox()
{
    QFETCH(int, kind);
    QFETCH(QString, profile);
    QFETCH(QStringList, add);
    QFETCH(QString, stateReason);
    QFETCH(bool, refresh);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    Result<std::unique_ptr<OutboxStore>> store = OutboxStore::open(dir.filePath(u"store.sqlite"_s));
    QVERIFY2(store.ok(), qPrintable(store.error()));
    const Result<RubricPack> pack = OutboxStore::packFor(profile);
    QVERIFY2(pack.ok(), qPrintable(pack.error()));
    ScrubStop stop;
    stop.kind = ScrubStop::Kind(kind);
    stop.closeNotPlanned = stop.kind == ScrubStop::Kind::Stale;
    if (stop.kind == ScrubStop::Kind::Tracker)
        stop.addLabels = {u"tracker"_s};
    if (stop.kind == ScrubStop::Kind::NotABug)
        stop.addLabels = {u"better-engineering"_s};
    ScrubFindings f;
    f.issueNumber = 78;
    f.profile = profile;
    f.labels = {profile == u"pt2"_s ? u"oncall: pt2"_s : u"oncall: distributed"_s, u"triaged"_s};
    f.stops = {stop};
    const ScrubReport report = ScrubReport::compose(f);
    QCOMPARE(report.addLabels, add);
    Issue seen;
    seen.number = 78;
    seen.state = IssueState::Open;
    seen.labels = f.labels;
    seen.updatedAt = QDateTime::currentDateTimeUtc().addSecs(-60);
    const Result<OutboxEntry> entry =
        report.enqueueIn(*store.value(), u"pytorch/pytorch"_s, seen, u"reviewer"_s, pack.value());
    QVERIFY2(entry.ok(), qPrintable(entry.error()));
    QCOMPARE(entry->decision.name(), u"scrub_not_actionable"_s);
    QVERIFY2(entry->status == OutboxStatus::Ready, qPrintable(entry->outcome));
    QCOMPARE(entry->addLabels, add);
    QCOMPARE(entry->close, !stateReason.isEmpty());
    QCOMPARE(entry->stateReason, stateReason);
    QCOMPARE(entry->refreshTriaged, refresh);
}

QTEST_GUILESS_MAIN(tst_ScrubReport)
#include "tst_scrubreport.moc"
