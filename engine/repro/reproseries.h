// SPDX-License-Identifier: MIT
#pragma once

#include "engine/repro/outcomeclassifier.h"
#include "engine/repro/sandboxrunner.h"

#include <QObject>
#include <QPointer>

// Runs one repro N times (default 5), one sandbox after another, and classifies each run. Emits finished()
// exactly once: the summary when the runs ran (or could not run here for unmet needs); a run the sandbox could
// not start or refused ends the series early with that error (Failed, Refused), cancel() with Cancelled; either
// way the runs so far, the stopped one as SandboxRefused or Cancelled, come as the error's partial().
class ReproSeries final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReproSeries)

public:
    explicit ReproSeries(QObject *parent = nullptr);

    void start(const SandboxRequest &request, const ErrorSignature &expected, int runs = 5);
    // With unmet needs nothing runs: the series ends at once with one cannot-run-here outcome.
    void start(const SandboxRequest &request, const ReproExpectation &expectation, int runs = 5);
    void cancel();

Q_SIGNALS:
    void runStarted(int index, int total);
    void output(const QByteArray &chunk, OutputStream stream);
    void runFinished(int index, const ReproOutcome &outcome, const Result<SandboxRunResult> &run);
    void finished(const Result<ReproSeriesSummary> &summary);

private:
    void startNext();

    SandboxRequest m_request;
    ReproExpectation m_expected;
    int m_total = 0;
    QList<ReproOutcome> m_outcomes;
    QPointer<SandboxRunner> m_runner;
    bool m_cancelled = false;
};
