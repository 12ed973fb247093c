// SPDX-License-Identifier: MIT
#pragma once

#include "engine/errorsignature.h"
#include "engine/sandboxrunner.h"

#include <QList>
#include <QMetaType>
#include <QString>

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
    };
    Kind kind = Kind::SandboxRefused;
    int exitCode = -1;
    int signal = 0;
    ErrorSignature expected;
    ErrorSignature observed; // the last exception in the output, if any
    QString torchVersion;
    QString environmentName;
    QString detail; // one readable line

    // A bug still showing itself: the reported error, or a crash by signal.
    bool reproduces() const { return kind == Kind::SameError || kind == Kind::KilledBySignal; }
    static QString kindName(Kind kind);
    static QString signalName(int signal);
};

class OutcomeClassifier final
{
public:
    static ReproOutcome classify(const SandboxRunResult &run, const ErrorSignature &expected);
};

// N runs of the same repro: flaky results are still results, reported with their ratio.
struct ReproSeriesSummary
{
    QList<ReproOutcome> runs;
    ReproOutcome overall; // the bug-showing outcome if any run showed it, else the most frequent
    int reproducedRuns = 0;
    bool flaky = false; // runs disagree

    QString ratio() const; // "3/5 reproduced"
};

class ReproSeriesAggregator final
{
public:
    static ReproSeriesSummary summarise(const QList<ReproOutcome> &runs);
};

Q_DECLARE_METATYPE(ReproOutcome)
Q_DECLARE_METATYPE(ReproSeriesSummary)
