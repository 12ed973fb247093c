// SPDX-License-Identifier: MIT
#pragma once

#include "engine/repro/errorsignature.h"
#include "engine/repro/reproextractor.h"
#include "engine/repro/reproneedsprobe.h"
#include "engine/repro/sandboxrunner.h"

#include <QList>
#include <QMetaType>
#include <QString>

// What a run is judged against: the reported error or hang, whether the script can fail at all, and what
// it needs that this machine lacks (ReproNeeds); from the issue and the script, before the run.
struct ReproExpectation
{
    ErrorSignature error;
    bool hangReported = false;  // the issue says it hangs: a timeout is the bug showing
    bool crashReported = false; // the issue says it dies of a signal: surviving is the pass/fail signal
    bool hasCheck = true;       // false: the script only prints (no assert, raise or failing comparison)
    QString noCheckBecause;     // why an exit 0 says nothing, when not because the script only prints
    QStringList unmetNeeds;     // "2 CUDA GPUs", "NCCL", "the package transformers": non-empty, it is not run
    QString unmetSummary;       // "cannot run here: needs 2 CUDA GPUs and NCCL; this machine has none"
};

// What one run says about the bug, in the scrub playbook's terms.
struct ReproOutcome
{
    enum class Kind
    {
        SameError,      // the reported exception class and message substring: still reproduces
        DifferentError, // failed, but not as reported (API drift or another bug)
        Failed,         // failed with an error and there was no reported error to compare with
        Passed,         // exit 0 and no sign of the reported error: may be fixed
        KilledBySignal, // exit > 128 / signaled (139 segfault, 137 OOM kill): a valid crash repro
        TimedOut,       // hit the wall-clock limit; a hang may be the bug
        SandboxRefused, // never ran
        Cancelled,
        CannotRunHere, // needs hardware, a backend, a package or a download this machine lacks: says nothing
        Environment,   // died of this machine's setup (no libuv, a compiler's missing part) before the bug could show
        NoCheck,       // exited 0, but the script has no pass/fail check: only its printed values could tell
    };
    Kind kind = Kind::SandboxRefused;
    int exitCode = -1;
    int signal = 0;
    ErrorSignature expected;
    ErrorSignature observed; // the last exception in the output, if any
    QString torchVersion;
    QString environmentName;
    QString detail; // one readable line
    bool hangReported = false;
    int timeoutSeconds = 0;    // the limit a TimedOut run hit
    QStringList needs;         // what it needs that is missing here (CannotRunHere)
    QStringList rankExitCodes; // "rank 0: exit 0", "rank 1: exit 1" for multi-rank runs

    // A bug still showing itself: the reported error, a crash by signal, or the reported hang.
    bool reproduces() const
    {
        return kind == Kind::SameError || kind == Kind::KilledBySignal || (kind == Kind::TimedOut && hangReported);
    }
    // Outcomes that say nothing about the bug and must never draft a close or drop `needs reproduction`.
    bool saysNothing() const
    {
        return kind == Kind::CannotRunHere || kind == Kind::Environment || kind == Kind::NoCheck ||
               kind == Kind::SandboxRefused || kind == Kind::Cancelled || (kind == Kind::TimedOut && !hangReported);
    }
    static QString kindName(Kind kind);
    static QString signalName(int signal);
};

class OutcomeClassifier final
{
public:
    enum class Variant
    {
        AsPosted,
        Cpu,         // nccl→gloo, cuda→cpu: what it lacked is no longer needed
        AssertClose, // the print-only script with an added assert_close: that check failing is the bug showing
    };
    // What the run is judged against. The reported symptom decides what can tell pass from fail: an error,
    // a crash or a hang shows in how the run ends; a wrong value needs a check of the script's own; a graph
    // break or a recompile needs fullgraph=True or a counter. `reported`: the error to match (the or
    // the reviewer's); `needs`: the check before the run, null when it failed.
    static ReproExpectation expectationFor(const ErrorSignature &reported, const ReproExtraction &extraction,
                                           const ReproNeeds *needs, Variant variant = Variant::AsPosted);
    // A run that did not happen (SandboxRunner's error) is SandboxRefused, or Cancelled.
    static ReproOutcome classify(const Result<SandboxRunResult> &run, const ErrorSignature &expected);
    static ReproOutcome classifyExpecting(const Result<SandboxRunResult> &ran, const ReproExpectation &expectation);
    // The outcome of a repro that was not run because it needs what this machine lacks.
    static ReproOutcome cannotRunHere(const ReproExpectation &expectation, const PythonEnvironment &environment);

    // The machine's own fault in an output, named ("this torch has no libuv …"); empty when none.
    static QString environmentFault(const QString &output);
    // What a failing run needed that is not here ("a CUDA GPU", "NCCL", "the package transformers"); empty
    // when the output shows no such need.
    static QString missingNeed(const QString &output);
};

// N runs of the same repro: flaky results are still results, reported with their ratio.
struct ReproSeriesSummary
{
    QList<ReproOutcome> runs;
    ReproOutcome overall; // the bug-showing outcome if any run showed it, else the most frequent
    int reproducedRuns = 0;
    bool flaky = false; // runs disagree

    QString ratio() const; // "3/5 reproduced": only runs that showed the bug count
};

class ReproSeriesAggregator final
{
public:
    static ReproSeriesSummary summarise(const QList<ReproOutcome> &runs);
};

Q_DECLARE_METATYPE(ReproOutcome)
Q_DECLARE_METATYPE(ReproSeriesSummary)
