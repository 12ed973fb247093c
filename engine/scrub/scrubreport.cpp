// SPDX-License-Identifier: MIT
#include "engine/scrub/scrubreport.h"

using namespace Qt::StringLiterals;

namespace {

QString productName(const QString &package)
{
    return package.isEmpty() || package == u"torch"_s ? u"PyTorch"_s : package;
}

QString codeBlock(const QString &code)
{
    QString body = code;
    if (!body.endsWith(u'\n'))
        body += u'\n';
    return u"```python\n"_s + body + u"```"_s;
}

QString range(const BisectBoundary &b)
{
    return b.exact() ? b.toVersion : u"%1 (or %2)"_s.arg(b.toVersion, b.skippedBetween.join(u" or "_s));
}

} // namespace

QString ScrubReport::verdictName(Verdict verdict)
{
    switch (verdict) {
    case Verdict::StillReproduces:
        return u"still-reproduces"_s;
    case Verdict::NoLongerReproduces:
        return u"no-longer-reproduces"_s;
    case Verdict::DifferentError:
        return u"different-error"_s;
    case Verdict::Inconclusive:
        return u"inconclusive"_s;
    case Verdict::NoRepro:
        return u"no-repro"_s;
    case Verdict::Closed:
        return u"closed"_s;
    case Verdict::NotActionable:
        return u"not-actionable"_s;
    }
    return {};
}

namespace {

// What every part of the report reads: the findings, and what it says of the version that ran.
struct Composition
{
    const ScrubFindings &f;
    ScrubReport &r;
    QString version; // the torch version the runs were on
    QString on;      // "PyTorch 2.6.0", "the current PyTorch"
    bool hasNeedsRepro = false;
    QString package; // what the bisection ordered by
};

// The actionability findings come first, whether the reviewer went on or not.
void listFindings(Composition &c)
{
    for (const ScrubStop &stop : c.f.stops)
        c.r.notes << u"Not actionable? %1 — %2: “%3”"_s.arg(stop.title(), stop.where, stop.evidence);
    if (c.f.confirmation)
        c.r.notes << u"Recently confirmed by @%1 on %2 (%3): “%4”"_s.arg(
            c.f.confirmation->author, c.f.confirmation->at.toUTC().date().toString(Qt::ISODate),
            c.f.confirmation->version, c.f.confirmation->evidence);
}

QString stopNextAction(const ScrubStop &first)
{
    using K = ScrubStop::Kind;
    switch (first.kind) {
    case K::Resolved:
        return u"Resolved in the comments: confirm it and close, or go on to re-check."_s;
    case K::Duplicate:
        return first.duplicateOf > 0 ? u"A duplicate: mark it as a duplicate of #%1 (d)."_s.arg(first.duplicateOf)
                                     : u"A duplicate: mark it as one (d) once the original is found."_s;
    case K::NotABug:
        return u"Not a bug: labelled, nothing run. Go on only to verify the behaviour persists."_s;
    case K::Tracker:
        return u"A tracker: labelled, nothing run."_s;
    case K::Hardware:
        return u"Needs hardware this machine lacks: run it on a machine that has it, or skip."_s;
    case K::Stale:
        return u"Suggest closing as not planned."_s;
    }
    return {};
}

void notActionable(Composition &c)
{
    ScrubReport &r = c.r;
    r.verdict = ScrubReport::Verdict::NotActionable;
    bool stale = false;
    for (const ScrubStop &stop : c.f.stops) {
        stale = stale || stop.closeNotPlanned;
        for (const QString &label : stop.addLabels) {
            if (!c.f.labels.contains(label) && !r.addLabels.contains(label))
                r.addLabels << label;
        }
    }
    if (stale && c.f.stops.size() == 1) {
        r.comment = u"This issue has had no activity for over a year and shows no runnable reproduction, error "
                    u"message or expected behaviour, so it is not actionable as it stands. Closing as not "
                    u"planned; please reopen it with a minimal repro and the full error if it still affects "
                    u"you."_s;
        r.close = true;
        r.closeReason = u"not_planned"_s;
        r.nextAction = u"Suggest closing as not planned: the close waits for your approval in the outbox."_s;
    } else {
        r.nextAction = stopNextAction(c.f.stops.constFirst());
    }
}

void stillReproduces(Composition &c)
{
    const ScrubFindings &f = c.f;
    c.r.verdict = ScrubReport::Verdict::StillReproduces;
    QStringList text;
    text << u"This issue still reproduces on %1."_s.arg(c.on);
    if (f.series.overall.kind == ReproOutcome::Kind::KilledBySignal)
        text.last() += u" The process is killed by %1."_s.arg(ReproOutcome::signalName(f.series.overall.signal));
    if (f.series.flaky)
        text << u"It is intermittent: %1 of %2 runs failed as reported."_s.arg(f.series.reproducedRuns)
                    .arg(f.series.runs.size());
    if (f.bisect) {
        if (const BisectBoundary *b = f.bisect->regression())
            text << u"It first appears in %1 %2; %3 is not affected."_s.arg(c.package, range(*b), b->fromVersion);
    }
    c.r.comment = text.join(u' ');
    if (c.hasNeedsRepro)
        c.r.removeLabels << f.reproductionLabel;
}

// Cannot run here, the machine's fault, no check, a timeout without a reported hang: the run says nothing about
// the bug. Nothing is drafted for the issue, and `needs reproduction` stays.
void saysNothing(Composition &c)
{
    const ReproOutcome &overall = c.f.series.overall;
    c.r.verdict = ScrubReport::Verdict::Inconclusive;
    using Kind = ReproOutcome::Kind;
    if (overall.kind == Kind::CannotRunHere)
        c.r.notes << u"Cannot run here (%1). Checking it needs a machine that has it; nothing is drafted and "
                     u"`%2` stays."_s.arg(overall.detail, c.f.reproductionLabel);
    else if (overall.kind == Kind::Environment)
        c.r.notes << u"The run died of this machine's setup (%1), before the bug could show. Fix the environment "
                     u"(or run elsewhere) first; nothing is drafted."_s.arg(overall.detail);
    else if (overall.kind == Kind::NoCheck)
        c.r.notes << u"No pass/fail check: the script only prints, so its exit code says nothing. Read the printed "
                     u"values, or accept the assert_close edit and run that; nothing is drafted."_s;
    else
        c.r.notes << u"The runs were inconclusive (%1): nothing to tell the issue."_s.arg(overall.detail);
}

// "Fixed by pytorch/pytorch#N (GitHub's closing reference)."; a commit without a pull request by its SHA.
QString fixedByText(const FixingPullRequest &fix)
{
    QString by;
    if (fix.number <= 0)
        by = u"commit %1"_s.arg(fix.commit.left(10));
    else if (fix.repository.isEmpty())
        by = u"#%1"_s.arg(fix.number);
    else
        by = u"%1#%2"_s.arg(fix.repository).arg(fix.number);
    const QString route =
        fix.route == u"compare"_s ? u"%1 and %2's commits"_s.arg(fix.fromTag, fix.toTag) : fix.routeText();
    return route.isEmpty() ? u"Fixed by %1."_s.arg(by) : u"Fixed by %1 (found through %2)."_s.arg(by, route);
}

void noLongerReproduces(Composition &c)
{
    const ScrubFindings &f = c.f;
    c.r.verdict = ScrubReport::Verdict::NoLongerReproduces;
    QStringList text;
    text << u"This issue no longer reproduces on %1."_s.arg(c.on);
    QString fixedIn = c.version;
    QString fixedPackage = u"PyTorch"_s;
    if (f.bisect) {
        if (const BisectBoundary *b = f.bisect->fix()) {
            text << u"It was fixed in %1 %2 (the last affected version is %3)."_s.arg(c.package, range(*b),
                                                                                      b->fromVersion);
            fixedIn = b->toVersion;
            fixedPackage = c.package;
        }
    }
    if (f.fixedBy)
        text << fixedByText(*f.fixedBy);
    text << (fixedIn.isEmpty() ? u"Closing as completed."_s
                               : u"Closing as completed: fixed in %1 %2."_s.arg(fixedPackage, fixedIn));
    c.r.comment = text.join(u' ');
    c.r.close = true;
    // The repro was valid (it ran and told us something): the label no longer applies.
    if (c.hasNeedsRepro)
        c.r.removeLabels << f.reproductionLabel;
}

void differentError(Composition &c)
{
    const ReproOutcome &overall = c.f.series.overall;
    c.r.verdict = ScrubReport::Verdict::DifferentError;
    const QString observed = overall.observed.isEmpty() ? overall.detail : overall.observed.toString().left(200);
    c.r.comment = overall.expected.isEmpty()
                      ? u"On %1 the repro fails with `%2`."_s.arg(c.on, observed)
                      : u"On %1 the repro no longer raises the reported `%2`; it fails with `%3` instead."_s.arg(
                            c.on, overall.expected.toString(), observed);
    c.r.notes << u"A different error is API drift or another bug: check (and modernize the repro) before "
                 u"posting."_s;
}

// What the runs (or their absence) say, after the actionability check let them.
void verdictOfRuns(Composition &c)
{
    const ScrubFindings &f = c.f;
    const ReproOutcome &overall = f.series.overall;
    if (f.confirmation && f.series.runs.isEmpty() && !f.closed && f.hasRunnableRepro) {
        c.r.verdict = ScrubReport::Verdict::Inconclusive;
        c.r.nextAction = u"Recently confirmed: re-verify (run it) or skip ahead to minimization."_s;
    } else if (!f.hasRunnableRepro) {
        c.r.verdict = ScrubReport::Verdict::NoRepro;
        if (!c.hasNeedsRepro)
            c.r.addLabels << f.reproductionLabel;
        c.r.notes << u"No runnable repro: nothing was run."_s;
    } else if (f.series.runs.isEmpty()) {
        c.r.verdict = ScrubReport::Verdict::Inconclusive;
        c.r.notes << u"The repro has not run yet."_s;
    } else if (f.series.reproducedRuns > 0) {
        stillReproduces(c);
    } else if (overall.saysNothing()) {
        saysNothing(c);
    } else if (overall.kind == ReproOutcome::Kind::Passed) {
        noLongerReproduces(c);
    } else if (overall.kind == ReproOutcome::Kind::DifferentError || overall.kind == ReproOutcome::Kind::Failed) {
        differentError(c);
    } else {
        c.r.verdict = ScrubReport::Verdict::Inconclusive;
        c.r.notes << u"The runs were inconclusive (%1): nothing to tell the issue."_s.arg(overall.detail);
    }
}

// A bug that fails (as reported or otherwise) gets its minimized repro and its trigger conditions.
void appendReproDetails(Composition &c)
{
    using V = ScrubReport::Verdict;
    if (c.r.comment.isEmpty() || (c.r.verdict != V::StillReproduces && c.r.verdict != V::DifferentError))
        return;
    const QString minimized = c.f.minimizedRepro.trimmed();
    if (!minimized.isEmpty() && minimized != c.f.originalRepro.trimmed())
        c.r.comment += u"\n\nMinimized repro:\n\n"_s + codeBlock(c.f.minimizedRepro);
    QStringList conditions;
    for (const QString &condition : c.f.triggerConditions) {
        if (!condition.trimmed().isEmpty())
            conditions << u"- "_s + condition.trimmed();
    }
    if (!conditions.isEmpty())
        c.r.comment += u"\n\nAll of the following are necessary to trigger the bug:\n"_s + conditions.join(u'\n');
}

QString defaultNextAction(const Composition &c)
{
    using V = ScrubReport::Verdict;
    switch (c.r.verdict) {
    case V::StillReproduces:
        return u"Still a valid bug."_s;
    case V::NoLongerReproduces:
        if (!c.r.fixedBy)
            return u"Appears fixed: close as completed."_s;
        return c.r.fixedBy->number > 0
                   ? u"Appears fixed by #%1: close as completed."_s.arg(c.r.fixedBy->number)
                   : u"Appears fixed by commit %1: close as completed."_s.arg(c.r.fixedBy->commit.left(10));
    case V::DifferentError:
        return u"A different error: tell API drift (modernize the repro) from another bug before posting."_s;
    case V::NoRepro:
        return u"Needs more info from the reporter: a runnable repro and the error."_s;
    case V::Inconclusive:
        return c.f.series.runs.isEmpty() ? u"Run the repro first."_s
                                         : u"Inconclusive: run it where it can run, or skip."_s;
    case V::Closed:
    case V::NotActionable:
        break;
    }
    return {};
}

// Nothing visible changes: bump the issue's "updated" time with `triaged` (two calls, or one add).
void finishLabels(Composition &c)
{
    ScrubReport &r = c.r;
    if (r.comment.isEmpty() && r.addLabels.isEmpty() && r.removeLabels.isEmpty() && !r.close) {
        if (c.f.labels.contains(c.f.triagedLabel)) {
            r.triagedRefresh = true;
            r.notes << u"Nothing visible changes: refresh `%1` (remove it, then add it, in two separate calls)."_s.arg(
                c.f.triagedLabel);
        } else {
            r.addLabels << c.f.triagedLabel;
        }
    }
    if (!r.removeLabels.isEmpty())
        r.notes << u"The outbox removes %1 when you submit."_s.arg(u"`"_s + r.removeLabels.join(u"`, `"_s) + u"`"_s);
}

} // namespace

ScrubReport ScrubReport::compose(const ScrubFindings &f)
{
    ScrubReport r;
    Composition c{f,
                  r,
                  !f.version.isEmpty() ? f.version : f.series.overall.torchVersion,
                  {},
                  f.labels.contains(f.reproductionLabel),
                  f.bisect ? productName(f.bisect->package) : u"PyTorch"_s};
    c.on = c.version.isEmpty() ? u"the current PyTorch"_s : u"PyTorch "_s + c.version;
    r.triggerConditions = f.triggerConditions;
    r.fixedBy = f.fixedBy;
    if (f.closed) {
        r.verdict = Verdict::Closed;
        r.notes << u"The issue is closed: the playbook leaves its labels alone."_s;
        r.nextAction = u"Already closed: nothing to do."_s;
        return r;
    }
    listFindings(c);
    if (!f.stops.isEmpty() && (!f.wentOn || f.series.runs.isEmpty()))
        notActionable(c);
    else
        verdictOfRuns(c);
    appendReproDetails(c);
    if (r.nextAction.isEmpty())
        r.nextAction = defaultNextAction(c);
    if (!r.comment.isEmpty() && r.verdict != Verdict::NotActionable)
        r.comment += u"\n\n_Checked by running the repro in a sandbox with Triage Console._"_s;
    finishLabels(c);
    return r;
}

QString ScrubReport::decisionName(Verdict verdict)
{
    return u"scrub_"_s + verdictName(verdict).replace(u'-', u'_');
}

TriagePlan ScrubReport::plan(int issueNumber, const QString &profile) const
{
    TriagePlan p;
    p.issueNumber = issueNumber;
    p.profile = profile;
    p.decision = TriageDecision::fromName(decisionName(verdict));
    p.addLabels = addLabels;
    p.removeLabels = removeLabels;
    p.comment = comment;
    for (const QString &label : addLabels)
        p.labelConfidence.insert(label, Confidence::High);
    p.confidence = Confidence::High;
    return p;
}

ReviewDecision ScrubReport::decision(const QString &repository, int issueNumber, const QString &profile,
                                     const QString &reviewer, const QDateTime &issueUpdatedAt) const
{
    ReviewDecision d;
    d.repository = repository;
    d.number = issueNumber;
    d.state = ReviewState::Approved;
    d.plan = plan(issueNumber, profile);
    d.reviewer = reviewer;
    d.note = u"scrub: %1"_s.arg(verdictName(verdict));
    d.issueUpdatedAt = issueUpdatedAt;
    d.decidedAt = QDateTime::currentDateTimeUtc();
    return d;
}

Result<OutboxEntry> ScrubReport::enqueueIn(OutboxStore &outbox, const QString &repository, const Issue &seen,
                                           const QString &reviewer, const RubricPack &pack) const
{
    return outbox.enqueue(decision(repository, seen.number, pack.profile, reviewer, seen.updatedAt), seen, pack,
                          outboxClose(), triagedRefresh);
}
