// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/result.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QMetaType>
#include <QObject>
#include <QPointer>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QTimer>

#include <functional>
#include <optional>

// What to run: no shell, the program and its arguments as a list.
struct ProcessSpec
{
    QString program;
    QStringList arguments;
    std::optional<QProcessEnvironment> environment; // none: ours
    QString workingDirectory;                       // empty: ours
    std::optional<QByteArray> standardInput;        // written and closed once it starts; none: /dev/null
    int timeoutMs = 30 * 1000;                      // wall clock; 0: none
    // Runs in the child after fork, once it leads a process group of its own: limits (setrlimit), file
    // descriptors. Only async-signal-safe calls.
    std::function<void()> childSetup;
    qint64 retainBytes = -1; // per stream: the tail the outcome keeps (-1: all of it); output() sees everything
    QString what;            // names the program in errors: "the repro analyser"
};

// How a process that ran ended. A non-zero exit, a signal or a timeout is a value: the program ran.
struct ProcessOutcome
{
    int exitCode = -1;
    bool crashed = false;      // ended by a signal (our timeout's kill among them)
    bool timedOut = false;     // the timeout passed and the group was killed
    QByteArray standardOutput; // the last ProcessSpec::retainBytes of each stream
    QByteArray standardError;
    qint64 standardOutputBytes = 0;
    qint64 standardErrorBytes = 0;
    qint64 durationMs = 0;

    bool succeeded() const { return !crashed && !timedOut && exitCode == 0; }
    // The last non-empty line of standard error, for "failed (exit 1): …".
    QString lastErrorLine() const;
};

// One child process from start to reaped: it runs in a process group of its own, so a timeout, cancel() or the
// job's end kills the whole group (the program and anything it started), and QProcess reaps the child. Emits
// finished() exactly once: an outcome when the program ran (whatever its exit), an Error when it could not
// start or was cancelled (wasCancelled() tells which); a cancelled job hands its outcome so far (the output it
// had streamed) as the error's partial().
class ProcessJob final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProcessJob)

public:
    explicit ProcessJob(ProcessSpec spec, QObject *parent = nullptr);
    ~ProcessJob() override; // a running group is killed and the child reaped

    void start();
    void cancel();
    bool isRunning() const { return m_process && !m_done; }
    bool wasCancelled() const { return m_cancelled; } // it ended by cancel(): its error says so
    qint64 processId() const;                         // 0 before it started and after it ended
    const ProcessSpec &spec() const { return m_spec; }

Q_SIGNALS:
    void started();
    // The timeout has passed and the group is about to be killed: a last look at the running program (the
    // sandbox asks whether it is still computing). finished() follows with timedOut set.
    void timingOut();
    void output(const QByteArray &chunk, QProcess::ProcessChannel channel);
    void finished(const Result<ProcessOutcome> &outcome);

private:
    void read(QProcess::ProcessChannel channel);
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void killGroup();
    void finish(const Result<ProcessOutcome> &outcome);

    ProcessSpec m_spec;
    ProcessOutcome m_outcome;
    QPointer<QProcess> m_process;
    qint64 m_group = 0;
    QTimer m_timer;
    QElapsedTimer m_clock;
    bool m_done = false;
    bool m_cancelled = false;
};

Q_DECLARE_METATYPE(ProcessOutcome)
