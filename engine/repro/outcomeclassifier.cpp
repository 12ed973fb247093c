// SPDX-License-Identifier: MIT
#include "engine/repro/outcomeclassifier.h"

#include "engine/core/pythontext.h"

#include <QHash>
#include <QRegularExpression>

#include <algorithm>

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
    case Kind::CannotRunHere:
        return u"cannot-run-here"_s;
    case Kind::Environment:
        return u"environment"_s;
    case Kind::NoCheck:
        return u"no-check"_s;
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

namespace {

struct Pattern
{
    QLatin1StringView text;
    QLatin1StringView what;
};

// Failures that are facts about this machine, not about the bug.
constexpr Pattern EnvironmentFaults[] = {
    {"build without libuv support"_L1,
     "this torch has no libuv: its TCP store needs USE_LIBUV=0, which torchrun's rendezvous ignores"_L1},
    {"No module named 'setuptools"_L1, "inductor's C++ builder needs setuptools, which this environment lacks"_L1},
    {"No username set in the environment"_L1, "the run had no user name (getpass)"_L1},
    {"No working C++ compiler found"_L1, "no working C++ compiler for inductor"_L1},
    {"InvalidCxxCompiler"_L1, "no working C++ compiler for inductor"_L1},
    {"Read-only file system"_L1, "the script writes outside the sandbox's work dir (read-only here)"_L1},
    {"No space left on device"_L1, "the sandbox ran out of disk space"_L1},
    {"std::bad_alloc"_L1, "out of memory within the sandbox's limit"_L1},
    {"MemoryError"_L1, "out of memory within the sandbox's limit"_L1},
    {"DefaultCPUAllocator: can't allocate memory"_L1, "out of memory within the sandbox's limit"_L1},
};

// Failures that say the repro needs what this machine does not have.
constexpr Pattern MissingNeeds[] = {
    {"Torch not compiled with CUDA enabled"_L1, "a CUDA GPU"_L1},
    {"Found no NVIDIA driver"_L1, "a CUDA GPU"_L1},
    {"No CUDA GPUs are available"_L1, "a CUDA GPU"_L1},
    {"no CUDA-capable device is detected"_L1, "a CUDA GPU"_L1},
    {"CUDA driver initialization failed"_L1, "a CUDA GPU"_L1},
    {"Attempting to deserialize object on a CUDA device"_L1, "a CUDA GPU"_L1},
    {"Cannot access accelerator device when none is available"_L1, "a GPU"_L1},
    {"doesn't have NCCL built in"_L1, "NCCL"_L1},
    {"ProcessGroupNCCL is only supported with GPUs"_L1, "NCCL and CUDA GPUs"_L1},
    {"doesn't have MPI built in"_L1, "MPI"_L1},
    {"Cannot find a working triton installation"_L1, "triton (a GPU for inductor's GPU code)"_L1},
    {"No module named 'triton'"_L1, "triton (a GPU for inductor's GPU code)"_L1},
    {"The MPS backend is supported on MacOS"_L1, "an Apple GPU (MPS)"_L1},
    {"Temporary failure in name resolution"_L1, "a download (the sandbox has no network)"_L1},
    {"Name or service not known"_L1, "a download (the sandbox has no network)"_L1},
    {"Network is unreachable"_L1, "a download (the sandbox has no network)"_L1},
    {"urlopen error"_L1, "a download (the sandbox has no network)"_L1},
};

QString firstMatch(const QString &text, const auto &patterns)
{
    for (const Pattern &p : patterns) {
        if (text.contains(p.text))
            return p.what;
    }
    return {};
}

// `No module named 'transformers'` → "the package transformers"; torch's own modules are API drift instead.
// `FileNotFoundError: … '0.pickle'`: a relative file the issue attached or the reporter had, not part of the repro.
QString missingFile(const QString &text)
{
    static const QRegularExpression missing(
        uR"((?:FileNotFoundError|OSError): \[Errno 2\] No such file or directory: '([^'/][^']*)')"_s);
    const auto m = missing.match(text);
    return m.hasMatch() ? u"the file %1 (not part of the repro)"_s.arg(m.captured(1)) : QString();
}

// The script's own check failed: an AssertionError whose traceback passes through the script (in /tmp).
bool ownCheckFailed(const QString &err, const ErrorSignature &observed)
{
    if (!observed.exceptionClass.endsWith(u"AssertionError"_s))
        return false;
    const qsizetype tb = PythonText::lastTracebackAt(err);
    return tb >= 0 && err.indexOf(u"File \"/tmp/"_s, tb) >= 0;
}

// The script's own `raise` ended the run: the last traceback's innermost frame is in the script (its work dir
// is /tmp) on a `raise` of a new exception, and that traceback is not one a library error led to.
// "repro.py line 23: Exception: worker 1 failed", or empty.
QString ownRaise(const QString &err)
{
    const qsizetype tb = err.lastIndexOf(u"Traceback (most recent call last):"_s);
    if (tb < 0)
        return {};
    const qsizetype before = std::max<qsizetype>(0, tb - 200);
    const QString lead = err.mid(before, tb - before);
    if (lead.contains(u"During handling of the above exception"_s) || lead.contains(u"was the direct cause"_s))
        return {};
    static const QRegularExpression frame(uR"re(^[ \t]*File "([^"]+)", line (\d+), in [^\n]*\n[ \t]*([^\n]*))re"_s,
                                          QRegularExpression::MultilineOption);
    QRegularExpressionMatch last;
    auto it = frame.globalMatch(err, tb);
    while (it.hasNext())
        last = it.next();
    static const QRegularExpression newRaise(uR"(^raise [A-Za-z_][\w.]*\()"_s);
    if (!last.hasMatch() || !last.captured(1).startsWith(u"/tmp/"_s) || !newRaise.match(last.captured(3)).hasMatch())
        return {};
    // The exception's line: the first unindented one after the frame (Python 3.13 underlines with ^ first).
    QString raised;
    for (const QString &line : err.mid(last.capturedEnd()).split(u'\n')) {
        if (!line.isEmpty() && !line.front().isSpace()) {
            raised = line.trimmed().left(160);
            break;
        }
    }
    return u"%1 line %2: %3"_s.arg(last.captured(1).section(u'/', -1), last.captured(2), raised);
}

QString missingPackage(const QString &text)
{
    static const QRegularExpression missing(uR"(ModuleNotFoundError: No module named '([A-Za-z0-9_]+))"_s);
    auto it = missing.globalMatch(text);
    while (it.hasNext()) {
        const QString name = it.next().captured(1);
        if (name != u"torch"_s && !name.startsWith(u"torch"_s) && name != u"setuptools"_s && name != u"triton"_s)
            return u"the package %1"_s.arg(name);
    }
    return {};
}

} // namespace

QString OutcomeClassifier::environmentFault(const QString &output)
{
    if (output.contains(u"CppCompileError"_s) && output.contains(u"fatal error:"_s) &&
        output.contains(u"No such file or directory"_s))
        return u"inductor's C++ compile is missing headers on this machine"_s;
    return firstMatch(output, EnvironmentFaults);
}

QString OutcomeClassifier::missingNeed(const QString &output)
{
    QString need = firstMatch(output, MissingNeeds);
    if (need.isEmpty())
        need = missingPackage(output);
    return need.isEmpty() ? missingFile(output) : need;
}

ReproOutcome OutcomeClassifier::classify(const Result<SandboxRunResult> &run, const ErrorSignature &expected)
{
    ReproExpectation expectation;
    expectation.error = expected;
    return classifyExpecting(run, expectation);
}

ReproOutcome OutcomeClassifier::cannotRunHere(const ReproExpectation &e, const PythonEnvironment &environment)
{
    ReproOutcome outcome;
    outcome.kind = ReproOutcome::Kind::CannotRunHere;
    outcome.expected = e.error;
    outcome.hangReported = e.hangReported;
    outcome.needs = e.unmetNeeds;
    outcome.torchVersion = environment.torchVersion;
    outcome.environmentName = environment.name;
    outcome.detail =
        e.unmetSummary.isEmpty() ? u"cannot run here: needs %1"_s.arg(e.unmetNeeds.join(u", "_s)) : e.unmetSummary;
    return outcome;
}

ReproExpectation OutcomeClassifier::expectationFor(const ErrorSignature &reported, const ReproExtraction &extraction,
                                                   const ReproNeeds *needs, Variant variant)
{
    ReproExpectation e;
    e.error = reported;
    e.hangReported = extraction.hangReported;
    e.crashReported = extraction.crashReported;
    if (needs) {
        // Print-only: without a reported error, crash or hang, exit 0 says nothing; its printed values decide.
        e.hasCheck = needs->hasCheck || !needs->prints || !e.error.isEmpty() || e.hangReported || e.crashReported ||
                     variant == Variant::AssertClose;
        if (variant != Variant::Cpu) {
            e.unmetNeeds = needs->unmet;
            e.unmetSummary = needs->summary();
        }
        if (variant == Variant::AssertClose && e.error.isEmpty()) // the added check failing is the wrong result
            e.error = ErrorSignature::parse(u"AssertionError: Tensor-likes are not"_s);
        // A graph break or a recompile nothing makes fail: the script's asserts check other things.
        if (e.error.isEmpty() && extraction.compileSymptom && !needs->seesCompileSymptoms) {
            e.hasCheck = false;
            e.noCheckBecause = u"the reported graph break or recompile shows only in compile logs, and the script "
                               u"does not make it fail (fullgraph=True, a compile counter or explain would)"_s;
            return e;
        }
    }
    if (e.error.isEmpty())
        e.error = extraction.impliedError; // "graph break" in the prose: Dynamo's Unsupported
    return e;
}

ReproOutcome OutcomeClassifier::classifyExpecting(const Result<SandboxRunResult> &ran,
                                                  const ReproExpectation &expectation)
{
    static const SandboxRunResult nothingRan;
    const SandboxRunResult &run = ran.partial() ? *ran.partial() : nothingRan; // an error's: the run so far
    const ErrorSignature &expected = expectation.error;
    ReproOutcome outcome;
    outcome.exitCode = run.exitCode;
    outcome.signal = run.signal;
    outcome.expected = expected;
    outcome.hangReported = expectation.hangReported;
    outcome.timeoutSeconds = run.timeoutMs / 1000;
    outcome.torchVersion = run.torchVersion;
    outcome.environmentName = run.environmentName;
    outcome.rankExitCodes = run.rankExitCodes;
    // Ranks' lines come tagged (`[rank1]: `, by our launcher and by torch's own excepthook, sometimes both).
    static const QRegularExpression rankTags(uR"(^(?:\[rank\d+\]:[ ]?)+)"_s, QRegularExpression::MultilineOption);
    const QString err = QString::fromUtf8(run.stderrTail).remove(rankTags);
    const QString all = err + u'\n' + QString::fromUtf8(run.stdoutTail).remove(rankTags);
    outcome.observed = ErrorSignature::lastRaised(err);
    if (outcome.observed.isEmpty())
        outcome.observed = ErrorSignature::lastRaised(all);

    // A reported error with a message of its own, shown by the run, wins over a need met elsewhere (a
    // child's, a warning's); a need or a machine fault in the error that ended the run wins over the rest.
    const bool sameError = !expected.isEmpty() && expected.foundIn(all);
    const bool specificMatch = sameError && !expected.message.trimmed().isEmpty();
    const QString observedText = outcome.observed.toString();
    QString need = missingNeed(observedText);
    if (need.isEmpty() && !specificMatch)
        need = missingNeed(all);
    QString fault = environmentFault(observedText);
    if (fault.isEmpty() && !specificMatch)
        fault = environmentFault(all);

    using Kind = ReproOutcome::Kind;
    if (ran.cancelled()) {
        outcome.kind = Kind::Cancelled;
        outcome.detail = u"cancelled by the reviewer"_s;
    } else if (!ran) {
        outcome.kind = Kind::SandboxRefused;
        outcome.detail = ran.error();
    } else if (run.timedOut && run.busyAtTimeout && expectation.hangReported) {
        // Still computing at the kill (a slow compile on a loaded machine): whether it would hang cannot be
        // seen here, and calling it a reproduced hang would be wrong.
        outcome.kind = Kind::Environment;
        outcome.detail = u"environment: timed out after %1 s (killed by the console) while still computing, not "
                         u"stuck; this machine is too slow to tell a hang from slow work"_s.arg(run.timeoutMs / 1000);
        if (!run.hangReport.isEmpty())
            outcome.detail += u"; "_s + run.hangReport;
    } else if (run.timedOut) {
        outcome.kind = Kind::TimedOut;
        QString timedOut = u"timed out after %1 s (killed by the console)"_s.arg(run.timeoutMs / 1000);
        if (run.busyAtTimeout)
            timedOut += u" while still computing"_s;
        outcome.detail = expectation.hangReported ? u"hang reproduced: "_s + timedOut : timedOut;
        if (!run.hangReport.isEmpty())
            outcome.detail += u"; "_s + run.hangReport;
    } else if (run.signal > 0) {
        outcome.kind = Kind::KilledBySignal;
        outcome.detail = u"killed by %1 (exit %2)"_s.arg(ReproOutcome::signalName(run.signal)).arg(run.exitCode);
    } else if (!need.isEmpty() && !specificMatch) {
        outcome.kind = Kind::CannotRunHere;
        outcome.needs << need;
        outcome.detail = u"cannot run here: needs %1"_s.arg(need);
    } else if (!fault.isEmpty() && !specificMatch) {
        outcome.kind = Kind::Environment;
        outcome.detail = u"environment: %1"_s.arg(fault);
    } else if (sameError) {
        // Also when the script caught and printed the error and exited 0: the output shows the bug.
        outcome.kind = Kind::SameError;
        outcome.detail = u"raised the reported %1"_s.arg(expected.toString());
    } else if (expected.isEmpty() && run.exitCode != 0 && ownCheckFailed(err, outcome.observed)) {
        // No reported error to compare with, but the script's own check is the pass/fail signal.
        outcome.kind = Kind::SameError;
        outcome.detail = u"the script's own check failed: %1"_s.arg(outcome.observed.toString().left(200));
    } else if (const QString raiseAt =
                   expectation.hangReported && expected.isEmpty() && run.exitCode != 0 ? ownRaise(err) : QString();
               !raiseAt.isEmpty()) {
        // The script raises on purpose to set the hang up (a failing worker the others wait for); it ending
        // there, not waiting forever, is the hang gone.
        outcome.kind = Kind::Passed;
        outcome.detail = u"the reported hang did not happen: the run ended after %1 s on the script's own raise "
                         u"(%2)"_s.arg(run.durationMs / 1000)
                             .arg(raiseAt);
    } else if (run.exitCode == 0 && !expectation.hasCheck) {
        outcome.kind = Kind::NoCheck;
        outcome.detail = expectation.noCheckBecause.isEmpty()
                             ? u"no pass/fail check: exited 0, but the script only prints; its values decide"_s
                             : u"no pass/fail check: exited 0, but %1"_s.arg(expectation.noCheckBecause);
    } else if (run.exitCode == 0) {
        outcome.kind = Kind::Passed;
        outcome.detail =
            expected.isEmpty() ? u"exited 0"_s : u"exited 0 without the reported %1"_s.arg(expected.exceptionClass);
        if (expectation.hangReported)
            outcome.detail += u" (the reported hang did not happen)"_s;
        else if (expectation.crashReported && expected.isEmpty())
            outcome.detail += u" (the reported crash did not happen)"_s;
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
    if (!run.rankExitCodes.isEmpty())
        outcome.detail += u" [%1]"_s.arg(run.rankExitCodes.join(u", "_s));
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
        const bool shows = o.reproduces();
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
