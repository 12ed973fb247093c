// SPDX-License-Identifier: MIT
#include "engine/probe/operatorprobejob.h"

#include <QFile>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

OperatorProbeJob::OperatorProbeJob(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<OperatorProbeOutcome>();
}

OperatorProbeJob::~OperatorProbeJob()
{
    if (m_runner) {
        disconnect(m_runner, nullptr, this, nullptr);
        m_runner->cancel();
    }
}

Result<QString> OperatorProbeJob::bundledScript()
{
    QFile file(u":/probe/dtensor_probe.py"_s);
    if (!file.open(QIODevice::ReadOnly))
        return Error{u"Missing from the resources: the operator probe script."_s};
    return QString::fromUtf8(file.readAll());
}

QString OperatorProbeJob::normalizedOpName(const QString &text)
{
    static const QRegularExpression pattern(
        u"^(?:torch\\.ops\\.)?(?:aten(?:::|\\.))?([a-z_][a-z0-9_]*)(?:\\.([A-Za-z_][A-Za-z0-9_]*))?$"_s);
    const QRegularExpressionMatch m = pattern.match(text.trimmed());
    if (!m.hasMatch())
        return {};
    const QString overload = m.captured(2).isEmpty() ? u"default"_s : m.captured(2);
    return u"aten.%1.%2"_s.arg(m.captured(1), overload);
}

void OperatorProbeJob::start(const QStringList &ops, const QList<int> &ranks, const PythonEnvironment &environment)
{
    Q_ASSERT(!isRunning());
    m_report = {};
    m_pending.clear();
    m_ops.clear();
    for (const QString &op : ops) {
        const QString name = normalizedOpName(op);
        if (name.isEmpty()) {
            finishWith({Error::failed(tr("\"%1\" is not an ATen op name (like aten.cumsum.default).").arg(op)), {}});
            return;
        }
        m_ops.append(name);
    }
    if (m_ops.isEmpty() || ranks.isEmpty()) {
        finishWith({Error::failed(tr("Nothing to probe: no op or no mesh size.")), {}});
        return;
    }
    QString text = m_scriptText;
    if (text.isEmpty()) {
        const Result<QString> bundled = bundledScript();
        if (!bundled) {
            finishWith({bundled.failure(), {}});
            return;
        }
        text = bundled.value();
    }
    QStringList sizes;
    for (int r : ranks)
        sizes.append(QString::number(r));

    SandboxRequest request;
    request.scriptText = text;
    request.scriptName = u"dtensor_probe.py"_s;
    request.scriptArguments = m_ops;
    request.scriptArguments << u"--ranks"_s << sizes.join(u',');
    request.environment = environment;
    request.limits.timeoutMs = m_timeoutMs;
    // Each rank is a Python process with torch loaded; the address-space limit applies to each.
    request.extraEnvironment.insert(u"OMP_NUM_THREADS"_s, u"1"_s);

    m_runner = new SandboxRunner(this);
    connect(m_runner, &SandboxRunner::output, this, &OperatorProbeJob::onOutput);
    connect(m_runner, &SandboxRunner::finished, this, &OperatorProbeJob::onFinished);
    m_runner->start(request);
}

void OperatorProbeJob::cancel()
{
    if (m_runner)
        m_runner->cancel();
}

void OperatorProbeJob::onOutput(const QByteArray &chunk, OutputStream stream)
{
    if (stream != OutputStream::StdOut)
        return;
    m_pending.append(chunk);
    qsizetype newline = 0;
    while ((newline = m_pending.indexOf('\n')) >= 0) {
        const QByteArray line = m_pending.left(newline);
        m_pending.remove(0, newline + 1);
        const qsizetype before = m_report.combinationCount();
        const QString op = m_report.addLine(line);
        if (m_report.combinationCount() > before) {
            const OperatorProbeOp *probed = m_report.find(op);
            const OperatorProbeCombination &last = probed->combinations.last();
            Q_EMIT combination(last);
            Q_EMIT progress(op, last.ranks, m_report.combinationCount());
        }
    }
}

void OperatorProbeJob::onFinished(const Result<SandboxRunResult> &ran)
{
    const SandboxRunResult result = ran.partial() ? *ran.partial() : SandboxRunResult{};
    if (!m_pending.trimmed().isEmpty())
        m_report.addLine(m_pending);
    m_pending.clear();
    OperatorProbeOutcome outcome{m_report, result, {}};
    if (ran.cancelled()) {
        finishWith({Error::cancelled(tr("Cancelled.")), outcome});
        return;
    }
    if (!ran) {
        // Whatever kept the sandbox from running the probe (no bwrap, a set-up it refused) is its refusal.
        finishWith({Error::refused(tr("The sandbox refused to start: %1").arg(ran.error())), outcome});
        return;
    }
    if (result.timedOut) {
        outcome.problem = tr("The probe ran past its time limit (%1 s).").arg(m_timeoutMs / 1000);
    } else if (result.exitCode != 0) {
        const QString tail = QString::fromUtf8(result.stderrTail.right(1500)).trimmed();
        const QStringList problems = m_report.problems();
        outcome.problem = tr("The probe exited with code %1: %2")
                              .arg(result.exitCode)
                              .arg(problems.isEmpty() ? tail.section(u'\n', -3) : problems.join(u"; "_s));
    } else {
        for (const QString &op : std::as_const(m_ops)) {
            if (!m_report.find(op))
                outcome.report.addProblem(tr("%1 was not probed.").arg(op));
        }
    }
    finishWith(outcome);
}

void OperatorProbeJob::finishWith(const Result<OperatorProbeOutcome> &outcome)
{
    if (m_runner) {
        m_runner->deleteLater();
        m_runner = nullptr;
    }
    Q_EMIT finished(outcome);
}
