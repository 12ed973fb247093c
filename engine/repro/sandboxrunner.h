// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/processjob.h"
#include "engine/core/result.h"
#include "engine/repro/pythonenvironment.h"
#include "engine/repro/ranklauncher.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QMap>
#include <QMetaType>
#include <QObject>
#include <QPointer>
#include <QStringList>
#include <QTemporaryDir>
#include <QTimer>

#include <optional>

// What a sandboxed run may use. Memory is address space (RLIMIT_AS); processes count threads too.
struct SandboxLimits
{
    qint64 memoryBytes = 4LL * 1024 * 1024 * 1024;
    int processes = 512;
    qint64 fileSizeBytes = 256LL * 1024 * 1024;
    int cpuSeconds = 0;                 // 0: derived from the timeout
    int timeoutMs = 120 * 1000;         // wall clock; the whole process tree is killed when it passes
    qint64 retainBytes = 1024LL * 1024; // per stream: the tail kept for classification and display
};

struct SandboxRequest
{
    QString scriptPath; // host file, copied into the private work dir
    QString scriptText; // or the code itself (an extracted candidate), when scriptPath is empty
    QString scriptName; // name inside the sandbox; the file's own name (or repro.py) when empty
    QStringList scriptArguments;
    QStringList launcher; // {"torchrun", "--nproc_per_node=2"}: N ranks (RankLauncher), tagged output
    RankLauncher::Mode rankMode = RankLauncher::Mode::OwnRanks;
    PythonEnvironment environment;
    std::optional<int> hashSeed; // PYTHONHASHSEED
    QMap<QString, QString> extraEnvironment;
    QStringList hiddenPaths; // host folders to hide besides the defaults (home, /root, /run, …)
    SandboxLimits limits;
};

enum class OutputStream
{
    StdOut,
    StdErr,
};

// How a run whose script ran ended: its exit, signal or timeout, and its output.
struct SandboxRunResult
{
    int exitCode = -1;
    int signal = 0; // set when the repro was killed by a signal (exit 128+N inside the sandbox)
    bool timedOut = false;
    int timeoutMs = 0;          // the limit the run had
    QString hangReport;         // on a timeout: where it hung (the first rank to stop, the innermost frame)
    bool busyAtTimeout = false; // a process stayed runnable (computing) through the last second: slow, not stuck
    QStringList rankExitCodes;  // multi-rank runs: "rank 0: exit 0", "rank 1: exit 1"
    qint64 durationMs = 0;
    QByteArray stdoutTail; // the last SandboxLimits::retainBytes of each stream
    QByteArray stderrTail;
    qint64 stdoutBytes = 0;
    qint64 stderrBytes = 0;
    QStringList command; // what ran, bwrap included
    QString environmentName;
    QString pythonVersion;
    QString torchVersion;

    bool stdoutTruncated() const { return stdoutBytes > stdoutTail.size(); }
    bool stderrTruncated() const { return stderrBytes > stderrTail.size(); }
};

// Runs one script once inside bubblewrap: no network, read-only system, the host's home and runtime
// folders hidden, a private work dir (seen as /tmp) as the only writable place, its own PID namespace, and
// it dies with us. Inside, a wrapper sets the limits (prlimit) and, when we run as root, drops to an
// unprivileged uid (setpriv) so the process limit applies. Output streams as it comes. The child is a ProcessJob.
//
// Ends with one finished(): a run whose script ran is a value, whatever it printed, its exit or a timeout. A
// run that could not start (no bwrap, no interpreter, an unreadable script) is Failed; the sandbox refusing to
// set up (bwrap, its limits or uid wrapper) is Refused; cancel() is Cancelled. Every error carries the run as
// far as it got (its command, environment, the output so far) as partial().
class SandboxRunner final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SandboxRunner)

public:
    explicit SandboxRunner(QObject *parent = nullptr);
    ~SandboxRunner() override;

    void start(const SandboxRequest &request);
    void cancel();
    bool isRunning() const { return m_job != nullptr && !m_done; }
    QString workDir() const; // on the host, while the runner lives

    // The full command line for a request; `statusFd` is bwrap's --json-status-fd (-1: none). `uid` is the
    // run's uid (root-started runs drop to it; -1: a fresh one). When the work dir's parent holds `passwd`
    // and `group` files (start() writes them), they are mounted over /etc's, so the run has a user name.
    static QStringList buildCommand(const SandboxRequest &request, const QString &workDir, int statusFd, int uid = -1);
    // The user name a run has inside the sandbox: ours when we are not root, else "repro".
    static QString userNameFor(int uid);
    static QStringList defaultHiddenPaths();
    static QString scriptNameOf(const SandboxRequest &request);
    // Where a timed-out run hung, from the stacks every process dumped before the kill (faulthandler) and the
    // launcher's watchdog: "rank 1 stopped first; repro.py line 12 in worker". Empty when nothing was dumped.
    static QString hangReportOf(const QString &output, const QString &scriptName);
    // The lines of the script (by number) in the dumped stacks, innermost first, for the code view.
    static QList<int> hangLinesOf(const QString &output, const QString &scriptName);

Q_SIGNALS:
    void started();
    void output(const QByteArray &chunk, OutputStream stream);
    void finished(const Result<SandboxRunResult> &result);

private:
    Result<Done> prepare(int uid);
    void onTimingOut();
    void onFinished(const Result<ProcessOutcome> &ran);
    void finishLater(const Error &error); // queued: never inside start() or cancel()
    void finish(const std::optional<Error> &error = std::nullopt);
    void closeStatusPipe();
    bool writeIdentity(int uid);
    void sampleStates();

    SandboxRequest m_request;
    SandboxRunResult m_result;
    std::optional<QTemporaryDir> m_dir;
    QPointer<ProcessJob> m_job;
    QTimer m_sampleTimer; // in the last second before a timeout: is anything still computing?
    QMap<qint64, int> m_runnableSamples;
    int m_samples = 0;
    QElapsedTimer m_clock;
    int m_statusPipe[2] = {-1, -1};
    bool m_cancelled = false;
    bool m_done = false;
};

Q_DECLARE_METATYPE(SandboxRunResult)
