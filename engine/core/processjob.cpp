// SPDX-License-Identifier: MIT
#include "engine/core/processjob.h"

#include <csignal>
#include <ranges>
#include <sys/types.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

void keepTail(QByteArray &tail, const QByteArray &chunk, qint64 retainBytes)
{
    tail += chunk;
    if (retainBytes >= 0 && tail.size() > retainBytes)
        tail.remove(0, tail.size() - retainBytes);
}

} // namespace

QString ProcessOutcome::lastErrorLine() const
{
    const QStringList lines = QString::fromUtf8(standardError).split(u'\n', Qt::SkipEmptyParts);
    for (const QString &line : std::views::reverse(lines)) {
        if (const QString trimmed = line.trimmed(); !trimmed.isEmpty())
            return trimmed;
    }
    return {};
}

ProcessJob::ProcessJob(ProcessSpec spec, QObject *parent)
    : QObject(parent)
    , m_spec(std::move(spec))
{
    if (m_spec.what.isEmpty())
        m_spec.what = m_spec.program;
    m_timer.setSingleShot(true);
    m_timer.setTimerType(Qt::PreciseTimer); // a coarse timer may fire 5% early: a timeout is never before its time
    connect(&m_timer, &QTimer::timeout, this, [this] {
        m_outcome.timedOut = true;
        Q_EMIT timingOut();
        killGroup(); // finished() follows when QProcess has reaped the child
    });
}

ProcessJob::~ProcessJob()
{
    if (m_process) {
        m_process->disconnect(this);
        if (m_process->state() != QProcess::NotRunning) {
            killGroup();
            // Reaped here, not left to QProcess's destructor, which warns about a process still running.
            m_process->waitForFinished(1000);
        }
        delete m_process.data();
    }
}

qint64 ProcessJob::processId() const
{
    return m_process && !m_done ? m_process->processId() : 0;
}

void ProcessJob::start()
{
    if (m_process || m_done)
        return;
    m_process = new QProcess(this);
    m_process->setProgram(m_spec.program);
    m_process->setArguments(m_spec.arguments);
    if (m_spec.environment)
        m_process->setProcessEnvironment(*m_spec.environment);
    if (!m_spec.workingDirectory.isEmpty())
        m_process->setWorkingDirectory(m_spec.workingDirectory);
    m_process->setProcessChannelMode(QProcess::SeparateChannels);
    if (!m_spec.standardInput)
        m_process->setStandardInputFile(QProcess::nullDevice());
    m_process->setChildProcessModifier([setup = m_spec.childSetup] {
        ::setpgid(0, 0); // a group of its own: one kill reaches everything it starts
        if (setup)
            setup();
    });
    connect(m_process, &QProcess::readyReadStandardOutput, this, [this] { read(QProcess::StandardOutput); });
    connect(m_process, &QProcess::readyReadStandardError, this, [this] { read(QProcess::StandardError); });
    connect(m_process, &QProcess::finished, this, &ProcessJob::onFinished);
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            finish(Error{tr("%1 could not start: %2").arg(m_spec.what, m_process->errorString())});
    });
    connect(m_process, &QProcess::started, this, [this] {
        m_group = m_process->processId();
        if (m_spec.timeoutMs > 0)
            m_timer.start(m_spec.timeoutMs);
        if (m_spec.standardInput) {
            m_process->write(*m_spec.standardInput);
            m_process->closeWriteChannel();
        }
        Q_EMIT started();
    });
    m_clock.start();
    m_process->start();
}

void ProcessJob::cancel()
{
    if (m_done)
        return;
    killGroup(); // the child is reaped when QProcess sees it end, or in the destructor
    m_cancelled = true;
    finish({Error::cancelled(tr("%1 was cancelled.").arg(m_spec.what)), m_outcome});
}

void ProcessJob::read(QProcess::ProcessChannel channel)
{
    if (!m_process || m_done)
        return;
    const bool isErr = channel == QProcess::StandardError;
    const QByteArray chunk = isErr ? m_process->readAllStandardError() : m_process->readAllStandardOutput();
    if (chunk.isEmpty())
        return;
    (isErr ? m_outcome.standardErrorBytes : m_outcome.standardOutputBytes) += chunk.size();
    keepTail(isErr ? m_outcome.standardError : m_outcome.standardOutput, chunk, m_spec.retainBytes);
    Q_EMIT output(chunk, channel);
}

void ProcessJob::onFinished(int exitCode, QProcess::ExitStatus status)
{
    read(QProcess::StandardOutput);
    read(QProcess::StandardError);
    killGroup(); // whatever it left running in its group ends with it
    m_group = 0;
    m_outcome.exitCode = exitCode;
    m_outcome.crashed = status == QProcess::CrashExit;
    finish(m_outcome);
}

void ProcessJob::killGroup()
{
    if (m_group > 0)
        ::kill(pid_t(-m_group), SIGKILL);
    if (m_process && m_process->state() != QProcess::NotRunning)
        m_process->kill();
}

void ProcessJob::finish(const Result<ProcessOutcome> &outcome)
{
    if (m_done)
        return;
    m_done = true;
    m_timer.stop();
    Result<ProcessOutcome> ended = outcome;
    if (ended.partial())
        ended.value().durationMs = m_clock.isValid() ? m_clock.elapsed() : 0;
    Q_EMIT finished(ended);
}
