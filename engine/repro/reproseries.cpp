// SPDX-License-Identifier: MIT
#include "engine/repro/reproseries.h"

ReproSeries::ReproSeries(QObject *parent)
    : QObject(parent)
{}

void ReproSeries::start(const SandboxRequest &request, const ErrorSignature &expected, int runs)
{
    ReproExpectation expectation;
    expectation.error = expected;
    start(request, expectation, runs);
}

void ReproSeries::start(const SandboxRequest &request, const ReproExpectation &expectation, int runs)
{
    m_request = request;
    m_expected = expectation;
    m_total = std::max(1, runs);
    m_outcomes.clear();
    if (!expectation.unmetNeeds.isEmpty()) {
        m_outcomes << OutcomeClassifier::cannotRunHere(expectation, request.environment);
        // Queued: callers connect after start(), and finished() comes exactly once either way.
        QMetaObject::invokeMethod(
            this, [this] { Q_EMIT finished(ReproSeriesAggregator::summarise(m_outcomes)); }, Qt::QueuedConnection);
        return;
    }
    startNext();
}

void ReproSeries::cancel()
{
    m_cancelled = true;
    if (m_runner)
        m_runner->cancel();
}

void ReproSeries::startNext()
{
    const int index = int(m_outcomes.size());
    auto *runner = new SandboxRunner(this);
    m_runner = runner;
    connect(runner, &SandboxRunner::output, this, &ReproSeries::output);
    connect(runner, &SandboxRunner::finished, this, [this, runner, index](const Result<SandboxRunResult> &run) {
        const ReproOutcome outcome = OutcomeClassifier::classifyExpecting(run, m_expected);
        m_outcomes << outcome;
        Q_EMIT runFinished(index, outcome, run);
        runner->deleteLater();
        const ReproSeriesSummary summary = ReproSeriesAggregator::summarise(m_outcomes);
        if (m_cancelled)
            Q_EMIT finished({Error::cancelled(tr("The runs were cancelled.")), summary});
        else if (!run)
            Q_EMIT finished({run.failure(), summary});
        else if (m_outcomes.size() < m_total)
            startNext();
        else
            Q_EMIT finished(summary);
    });
    Q_EMIT runStarted(index, m_total);
    runner->start(m_request);
}
