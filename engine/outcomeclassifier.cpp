// SPDX-License-Identifier: MIT
#include "engine/outcomeclassifier.h"

#include <QHash>

using namespace Qt::StringLiterals;

QString ReproOutcome::kindName(Kind kind)
{
    switch (kind) {
    case Kind::SameError:
        return u"same-error"_s;
    case Kind::DifferentError:
        return u"different-error"_s;
    case Kind::Failed:
        return u"failed"_s;
    case Kind::Passed:
        return u"passed"_s;
    case Kind::KilledBySignal:
        return u"killed-by-signal"_s;
    case Kind::TimedOut:
        return u"timed-out"_s;
    case Kind::SandboxRefused:
        return u"sandbox-refused"_s;
    case Kind::Cancelled:
        return u"cancelled"_s;
    }
    return {};
}

QString ReproOutcome::signalName(int signal)
{
    switch (signal) {
    case 4:
        return u"SIGILL"_s;
    case 6:
        return u"SIGABRT"_s;
    case 7:
        return u"SIGBUS"_s;
    case 8:
        return u"SIGFPE"_s;
    case 9:
        return u"SIGKILL (often the OOM killer)"_s;
    case 11:
        return u"SIGSEGV (segmentation fault)"_s;
    case 15:
        return u"SIGTERM"_s;
    case 24:
        return u"SIGXCPU (CPU time limit)"_s;
    case 25:
        return u"SIGXFSZ (file size limit)"_s;
    default:
        return u"signal %1"_s.arg(signal);
    }
}

ReproOutcome OutcomeClassifier::classify(const SandboxRunResult &run, const ErrorSignature &expected)
{
    ReproOutcome outcome;
    outcome.exitCode = run.exitCode;
    outcome.signal = run.signal;
    outcome.expected = expected;
    outcome.torchVersion = run.torchVersion;
    outcome.environmentName = run.environmentName;
    const QString err = QString::fromUtf8(run.stderrTail);
    const QString all = err + u'\n' + QString::fromUtf8(run.stdoutTail);
    outcome.observed = ErrorSignature::lastRaised(err);
    if (outcome.observed.isEmpty())
        outcome.observed = ErrorSignature::lastRaised(all);

    using Kind = ReproOutcome::Kind;
    if (run.sandboxRefused()) {
        outcome.kind = Kind::SandboxRefused;
        outcome.detail = run.refusal;
    } else if (run.cancelled) {
        outcome.kind = Kind::Cancelled;
        outcome.detail = u"cancelled by the reviewer"_s;
    } else if (run.timedOut) {
        outcome.kind = Kind::TimedOut;
        outcome.detail = u"no result within the time limit; the process tree was killed"_s;
    } else if (run.signal > 0) {
        outcome.kind = Kind::KilledBySignal;
        outcome.detail = u"killed by %1 (exit %2)"_s.arg(ReproOutcome::signalName(run.signal)).arg(run.exitCode);
    } else if (!expected.isEmpty() && expected.foundIn(all)) {
        // Also when the script caught and printed the error and exited 0: the output shows the bug.
        outcome.kind = Kind::SameError;
        outcome.detail = u"raised the reported %1"_s.arg(expected.toString());
    } else if (run.exitCode == 0) {
        outcome.kind = Kind::Passed;
        outcome.detail =
            expected.isEmpty() ? u"exited 0"_s : u"exited 0 without the reported %1"_s.arg(expected.exceptionClass);
    } else if (expected.isEmpty()) {
        outcome.kind = Kind::Failed;
        outcome.detail = outcome.observed.isEmpty() ? u"exited %1"_s.arg(run.exitCode)
                                                    : u"raised %1"_s.arg(outcome.observed.toString().left(200));
    } else {
        outcome.kind = Kind::DifferentError;
        outcome.detail =
            outcome.observed.isEmpty()
                ? u"exited %1 without the reported %2"_s.arg(run.exitCode).arg(expected.toString())
                : u"raised %1, not the reported %2"_s.arg(outcome.observed.toString().left(200), expected.toString());
    }
    // Known environment faults, worth a word so nobody files them as the bug.
    if (all.contains(u"build without libuv support"_s))
        outcome.detail += u" — this torch has no libuv: USE_LIBUV=0 fixes init_process_group, but torchrun's own "
                          u"rendezvous store ignores it; launch with mp.spawn or use another environment"_s;
    return outcome;
}

QString ReproSeriesSummary::ratio() const
{
    return u"%1/%2 reproduced"_s.arg(reproducedRuns).arg(runs.size());
}

ReproSeriesSummary ReproSeriesAggregator::summarise(const QList<ReproOutcome> &runs)
{
    ReproSeriesSummary summary;
    summary.runs = runs;
    if (runs.isEmpty())
        return summary;
    QHash<int, int> counts;
    int firstShowing = -1;
    for (int i = 0; i < runs.size(); ++i) {
        const ReproOutcome &o = runs.at(i);
        counts[int(o.kind)] += 1;
        // Without a reported error to match, any failure shows the bug as much as we can tell.
        const bool shows = o.reproduces() || o.kind == ReproOutcome::Kind::Failed;
        if (shows) {
            ++summary.reproducedRuns;
            if (firstShowing < 0)
                firstShowing = i;
        }
    }
    summary.flaky = counts.size() > 1;
    if (firstShowing >= 0) {
        summary.overall = runs.at(firstShowing);
    } else {
        int best = 0;
        for (int i = 1; i < runs.size(); ++i) {
            if (counts.value(int(runs.at(i).kind)) > counts.value(int(runs.at(best).kind)))
                best = i;
        }
        summary.overall = runs.at(best);
    }
    if (summary.flaky)
        summary.overall.detail += u" (flaky: %1)"_s.arg(summary.ratio());
    return summary;
}
