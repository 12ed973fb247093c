// SPDX-License-Identifier: MIT
#pragma once

#include "engine/probe/operatorprobereport.h"
#include "engine/repro/pythonenvironment.h"
#include "engine/repro/sandboxrunner.h"

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QStringList>

// The result of one probe run: the parsed table and how the sandboxed run ended.
struct OperatorProbeOutcome
{
    OperatorProbeReport report;
    SandboxRunResult run;
    QString problem; // the probe ran but did not end well: past its time limit, or a non-zero exit; else empty

    bool complete() const { return problem.isEmpty(); }
};

// Runs the bundled operator probe (resources/probe/dtensor_probe.py) once in the sandbox: the script starts its
// own ranks on a CPU Gloo mesh for each mesh size and prints one JSON line per combination, which become
// progress as they stream. Cancellable; emits finished() exactly once per start(): a probe that ran is a value
// (its problem says if it ran past its time or exited non-zero); an error when it could not run (Failed: not an
// op name, nothing to probe, no script), the sandbox refused it (Refused) or it was cancelled (Cancelled). An
// error carries the outcome so far (the combinations probed, how the sandbox ended) as partial().
class OperatorProbeJob final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(OperatorProbeJob)

public:
    explicit OperatorProbeJob(QObject *parent = nullptr);
    ~OperatorProbeJob() override;

    // The probe's own text; replaceable (a test patches it to make an op give a wrong shard).
    static Result<QString> bundledScript();
    void setScriptText(const QString &text) { m_scriptText = text; }
    void setTimeoutMs(int timeoutMs) { m_timeoutMs = timeoutMs; }

    void start(const QStringList &ops, const QList<int> &ranks, const PythonEnvironment &environment);
    void cancel();
    bool isRunning() const { return m_runner != nullptr; }

    // "aten.cumsum" → "aten.cumsum.default"; "torch.ops.aten.mm.default" → "aten.mm.default"; empty when the
    // text is not an ATen op name.
    static QString normalizedOpName(const QString &text);

Q_SIGNALS:
    // One combination done; `combinations` so far across every op and mesh size.
    void progress(const QString &op, int ranks, int combinations);
    void combination(const OperatorProbeCombination &combination);
    void finished(const Result<OperatorProbeOutcome> &outcome);

private:
    void onOutput(const QByteArray &chunk, OutputStream stream);
    void onFinished(const Result<SandboxRunResult> &ran);
    void finishWith(const Result<OperatorProbeOutcome> &outcome);

    QPointer<SandboxRunner> m_runner;
    QString m_scriptText;
    int m_timeoutMs = 10 * 60 * 1000;
    QByteArray m_pending;
    OperatorProbeReport m_report;
    QStringList m_ops;
};

Q_DECLARE_METATYPE(OperatorProbeOutcome)
