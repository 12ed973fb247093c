// SPDX-License-Identifier: MIT
// Prints: scanner recall on the dangerous corpus and false positives on the benign one; whether each
// sandbox escape attempt was contained; the longest event-loop stall while 50 MB of output streams, bare and
// through the repro panel (model, list view and delegate on the offscreen platform unless told otherwise).
#include "engine/repro/outcomeclassifier.h"
#include "engine/repro/pythonenvironment.h"
#include "engine/repro/reproscanner.h"
#include "engine/repro/sandboxrunner.h"
#include "models/repro/reprooutputmodel.h"
#include "tests/support/runningprocesses.h"
#include "views/repro/repropanel.h"

#include <KSyntaxHighlighting/Repository>

#include <QApplication>
#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QLineEdit>
#include <QListView>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThread>
#include <QTimer>

#include <functional>
#include <optional>

#include <unistd.h>

using namespace Qt::StringLiterals;

namespace {

QTextStream out(stdout);
const QString Data = QStringLiteral(TRIAGE_SOURCE_DIR "/tests/data/repro");

// Benchmarks are small programs; a local event loop per awaited job keeps them linear to read.
template<typename Signal, typename Object>
void await(Object *object, Signal signal)
{
    QEventLoop loop;
    QObject::connect(object, signal, &loop, &QEventLoop::quit);
    loop.exec();
}

std::optional<ScanReport> scanFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    ReproScanner scanner;
    std::optional<ScanReport> report;
    QObject::connect(&scanner, &ReproScanner::finished, &scanner, [&](const Result<ScanReport> &r) {
        if (r)
            report = r.value();
    });
    QEventLoop loop;
    QObject::connect(&scanner, &ReproScanner::finished, &loop, &QEventLoop::quit);
    scanner.scan(QString::fromUtf8(file.readAll()));
    if (!report)
        loop.exec();
    return report;
}

void benchScanner()
{
    out << "== scanner (resources/repro/scan_repro.py over tests/data/repro/scanner) ==\n";
    QElapsedTimer clock;
    clock.start();
    int dangerous = 0, caught = 0, benign = 0, falsePositives = 0;
    for (const QString &kind : {u"dangerous"_s, u"benign"_s}) {
        const QDir dir(Data + u"/scanner/"_s + kind);
        for (const QString &name : dir.entryList({u"*.py"_s}, QDir::Files, QDir::Name)) {
            const auto report = scanFile(dir.filePath(name));
            const bool flagged = !report || !report->clean();
            if (kind == u"dangerous"_s) {
                ++dangerous;
                caught += flagged ? 1 : 0;
                if (!flagged)
                    out << "  missed: " << name << '\n';
            } else {
                ++benign;
                falsePositives += flagged ? 1 : 0;
                if (flagged)
                    out << "  false positive: " << name << " (" << (report ? report->rules().join(u","_s) : u"error"_s)
                        << ")\n";
            }
        }
    }
    const double recall = dangerous ? 100.0 * caught / dangerous : 0;
    const double fpRate = benign ? 100.0 * falsePositives / benign : 0;
    out << u"  recall on dangerous:      %1/%2 = %3%  (target 100%)  %4\n"_s.arg(caught)
               .arg(dangerous)
               .arg(recall, 0, 'f', 1)
               .arg(recall >= 100.0 ? u"OK"_s : u"MISSED"_s);
    out << u"  false positives (benign): %1/%2 = %3%  (target <= 10%)  %4\n"_s.arg(falsePositives)
               .arg(benign)
               .arg(fpRate, 0, 'f', 1)
               .arg(fpRate <= 10.0 ? u"OK"_s : u"TOO MANY"_s);
    out << u"  time: %1 ms for %2 files (%3 ms/file)\n"_s.arg(clock.elapsed())
               .arg(dangerous + benign)
               .arg(clock.elapsed() / std::max(1, dangerous + benign));
    out.flush();
}

SandboxRunResult runScript(const PythonEnvironment &env, const QString &code, const QString &name,
                           const std::function<void(SandboxRequest &)> &adjust = {})
{
    QTemporaryDir dir;
    QFile file(dir.filePath(name));
    file.open(QIODevice::WriteOnly);
    file.write(code.toUtf8());
    file.close();
    SandboxRequest request;
    request.scriptPath = file.fileName();
    request.environment = env;
    request.limits.timeoutMs = 30000;
    if (adjust)
        adjust(request);
    SandboxRunner runner;
    SandboxRunResult result;
    QObject::connect(&runner, &SandboxRunner::finished, &runner, [&](const Result<SandboxRunResult> &r) {
        if (!r)
            out << u"  (the sandbox did not run it: %1)\n"_s.arg(r.error());
        if (r.partial())
            result = *r.partial();
    });
    runner.start(request);
    await(&runner, &SandboxRunner::finished);
    return result;
}

void benchContainment(const PythonEnvironment &env)
{
    out << "== sandbox containment (bubblewrap; one row per escape attempt) ==\n";
    struct Row
    {
        QString attempt;
        bool contained;
        QString evidence;
    };
    QList<Row> rows;
    auto text = [](const SandboxRunResult &r) { return QString::fromUtf8(r.stdoutTail + r.stderrTail); };

    { // a server on the host's loopback
        QTcpServer server;
        server.listen(QHostAddress::LocalHost);
        int accepted = 0;
        QObject::connect(&server, &QTcpServer::newConnection, &server, [&] { ++accepted; });
        const auto result = runScript(
            env,
            [] {
                QFile f(Data + u"/reach_loopback.py"_s);
                f.open(QIODevice::ReadOnly);
                return QString::fromUtf8(f.readAll());
            }(),
            u"reach_loopback.py"_s,
            [&](SandboxRequest &req) { req.scriptArguments = {QString::number(server.serverPort())}; });
        rows << Row{u"connect to a loopback server on the host"_s,
                    accepted == 0 && !text(result).contains(u"REACHED"_s),
                    u"%1 connections, exit %2"_s.arg(accepted).arg(result.exitCode)};
    }
    {
        const auto result = runScript(env,
                                      u"import socket\ns = socket.create_connection(('1.1.1.1', 53), timeout=3)\n"
                                      u"print('REACHED')\n"_s,
                                      u"reach_internet.py"_s);
        rows << Row{u"connect to an internet address"_s, !text(result).contains(u"REACHED"_s),
                    ErrorSignature::lastRaised(text(result)).toString().left(60)};
    }
    {
        const QString target = QDir::homePath() + u"/triage-bench-escape.txt"_s;
        const QString project = QStringLiteral(TRIAGE_SOURCE_DIR "/triage-bench-escape.txt");
        const auto result =
            runScript(env,
                      u"import sys\nfor p in sys.argv[1:]:\n    try:\n        open(p, 'w').write('x')\n"
                      u"        print('WROTE', p)\n    except OSError as e:\n        print(e)\n"_s,
                      u"write_outside.py"_s, [&](SandboxRequest &req) {
                          req.scriptArguments = {target, project, u"/etc/triage-bench"_s, u"/usr/triage-bench"_s};
                      });
        const bool escaped = QFile::exists(target) || QFile::exists(project) || QFile::exists(u"/etc/triage-bench"_s) ||
                             QFile::exists(u"/usr/triage-bench"_s);
        rows << Row{u"write to home, project, /etc, /usr"_s, !escaped && !text(result).contains(u"WROTE"_s),
                    escaped ? u"a file appeared on the host"_s : u"no file on the host"_s};
    }
    {
        const QString secretPath = QDir::homePath() + u"/.triage-bench-secret"_s;
        QFile secret(secretPath);
        secret.open(QIODevice::WriteOnly);
        secret.write("token-5f1e2d");
        secret.close();
        const auto result =
            runScript(env,
                      u"import sys\ntry:\n    print(open(sys.argv[1]).read())\nexcept OSError as e:\n"
                      u"    print(e)\n"_s,
                      u"read_secret.py"_s, [&](SandboxRequest &req) { req.scriptArguments = {secretPath}; });
        QFile::remove(secretPath);
        rows << Row{u"read a secret file in the home folder"_s, !text(result).contains(u"token-5f1e2d"_s),
                    text(result).trimmed().section(u'\n', -1).left(60)};
    }
    {
        qputenv("TRIAGE_BENCH_SECRET", "env-secret-77");
        const auto result = runScript(env, u"import os\nprint(sorted(os.environ.items()))\n"_s, u"env_leak.py"_s);
        rows << Row{u"read the console's environment variables"_s, !text(result).contains(u"env-secret-77"_s),
                    u"%1 variables visible"_s.arg(text(result).count(u"', '"_s))};
    }
    {
        const auto result = runScript(
            env,
            u"import os, sys\ntry:\n    os.kill(int(sys.argv[1]), 0)\n    print('SEES HOST PID')\n"
            u"except OSError as e:\n    print(e)\n"_s,
            u"signal_host.py"_s, [&](SandboxRequest &req) { req.scriptArguments = {QString::number(getpid())}; });
        rows << Row{u"signal a host process"_s, !text(result).contains(u"SEES HOST PID"_s),
                    text(result).trimmed().section(u'\n', -1).left(60)};
    }
    {
        QFile f(Data + u"/fork_bomb.py"_s);
        f.open(QIODevice::ReadOnly);
        QElapsedTimer clock;
        clock.start();
        const auto result = runScript(env, QString::fromUtf8(f.readAll()), u"bench_fork_bomb.py"_s,
                                      [](SandboxRequest &req) { req.limits.processes = 128; });
        QElapsedTimer settle;
        settle.start();
        while (RunningProcesses::any("/tmp/bench_fork_bomb.py") && settle.elapsed() < 5000)
            QThread::msleep(50);
        const bool left = RunningProcesses::any("/tmp/bench_fork_bomb.py");
        rows << Row{u"fork bomb"_s, !result.timedOut && !left,
                    u"%1 in %2 ms, %3"_s
                        .arg(text(result).contains(u"fork refused"_s) ? u"RLIMIT_NPROC stopped it"_s
                                                                      : u"exit %1"_s.arg(result.exitCode))
                        .arg(clock.elapsed())
                        .arg(left ? u"processes left behind"_s : u"nothing left behind"_s)};
    }
    {
        const auto result =
            runScript(env,
                      u"import os, sys, time\nif os.fork() == 0:\n    os.setsid()\n    if os.fork() == 0:\n"
                      u"        time.sleep(120)\n    os._exit(0)\nprint('daemon started', flush=True)\n"
                      u"time.sleep(120)\n"_s,
                      u"bench_daemon.py"_s, [](SandboxRequest &req) { req.limits.timeoutMs = 1500; });
        QElapsedTimer settle;
        settle.start();
        while (RunningProcesses::any("/tmp/bench_daemon.py") && settle.elapsed() < 5000)
            QThread::msleep(50);
        const bool left = RunningProcesses::any("/tmp/bench_daemon.py");
        rows << Row{u"daemonise to outlive the timeout"_s, result.timedOut && !left,
                    left ? u"a daemon survived"_s : u"timed out, daemon gone with the PID namespace"_s};
    }
    {
        const auto result =
            runScript(env, u"blocks = []\nwhile True:\n    blocks.append(bytearray(256 * 1024 * 1024))\n"_s,
                      u"memory_hog.py"_s, [](SandboxRequest &req) { req.limits.memoryBytes = 1LL << 30; });
        rows << Row{u"allocate memory without end (1 GiB limit)"_s,
                    !result.timedOut && text(result).contains(u"MemoryError"_s),
                    ErrorSignature::lastRaised(text(result)).toString().left(60)};
    }
    {
        const auto result =
            runScript(env,
                      u"with open('big.bin', 'wb') as f:\n    for _ in range(64):\n"
                      u"        f.write(b'0' * (8 << 20))\nprint('WROTE 512 MiB')\n"_s,
                      u"disk_hog.py"_s, [](SandboxRequest &req) { req.limits.fileSizeBytes = 64LL << 20; });
        rows << Row{u"write a file past the size limit (64 MiB)"_s, !text(result).contains(u"WROTE"_s),
                    result.signal ? u"killed by %1"_s.arg(ReproOutcome::signalName(result.signal))
                                  : ErrorSignature::lastRaised(text(result)).toString().left(60)};
    }
    int contained = 0;
    for (const Row &row : std::as_const(rows)) {
        contained += row.contained ? 1 : 0;
        out << u"  %1  %2  (%3)\n"_s.arg(row.contained ? u"contained: yes"_s : u"contained: NO "_s)
                   .arg(row.attempt, -44)
                   .arg(row.evidence);
    }
    out << u"  all contained: %1/%2  %3\n"_s.arg(contained)
               .arg(rows.size())
               .arg(contained == rows.size() ? u"OK"_s : u"ESCAPED"_s);
    out.flush();
}

void benchStall(const PythonEnvironment &env)
{
    out << "== event-loop stall while streaming 50 MB (5 ms timer) ==\n";
    SandboxRequest request;
    request.scriptPath = Data + u"/big_output.py"_s;
    request.environment = env;
    request.limits.timeoutMs = 120000;
    SandboxRunner runner;
    QTimer ticker;
    ticker.setTimerType(Qt::PreciseTimer);
    ticker.setInterval(5);
    QElapsedTimer sinceTick;
    qint64 longestGap = 0;
    qint64 ticks = 0;
    qint64 bytes = 0;
    qint64 lines = 0;
    QObject::connect(&ticker, &QTimer::timeout, &ticker, [&] {
        if (sinceTick.isValid())
            longestGap = std::max(longestGap, sinceTick.nsecsElapsed());
        sinceTick.start();
        ++ticks;
    });
    // A consumer that looks at every byte, as the panel's line splitter would.
    QObject::connect(&runner, &SandboxRunner::output, &runner, [&](const QByteArray &chunk, OutputStream) {
        bytes += chunk.size();
        lines += chunk.count('\n');
    });
    QElapsedTimer clock;
    clock.start();
    ticker.start();
    SandboxRunResult result;
    QObject::connect(&runner, &SandboxRunner::finished, &runner, [&](const Result<SandboxRunResult> &r) {
        if (!r)
            out << u"  (the sandbox did not run it: %1)\n"_s.arg(r.error());
        if (r.partial())
            result = *r.partial();
    });
    runner.start(request);
    await(&runner, &SandboxRunner::finished);
    ticker.stop();
    const double seconds = clock.elapsed() / 1000.0;
    const double gapMs = longestGap / 1e6;
    out << u"  streamed %1 MB (%2 lines) in %3 s = %4 MB/s; retained tail %5 KB\n"_s.arg(bytes / 1e6, 0, 'f', 1)
               .arg(lines)
               .arg(seconds, 0, 'f', 2)
               .arg(bytes / 1e6 / seconds, 0, 'f', 1)
               .arg(result.stdoutTail.size() / 1024);
    out << u"  timer ticks: %1; longest gap between ticks: %2 ms (target <= 50 ms)  %3\n"_s.arg(ticks)
               .arg(gapMs, 0, 'f', 1)
               .arg(gapMs <= 50.0 ? u"OK"_s : u"STALLED"_s);
    out.flush();
}

void benchPanelStall(const PythonEnvironment &env)
{
    out << "== repro panel: event-loop stall while 50 MB streams through the model and the list view (5 ms timer) ==\n";
    KSyntaxHighlighting::Repository syntax;
    ReproPanel panel(&syntax);
    panel.resize(1000, 640);
    panel.show();
    panel.setEnvironments({env});
    QFile script(Data + u"/big_output.py"_s);
    script.open(QIODevice::ReadOnly);
    Issue issue;
    issue.number = 1;
    issue.author = u"bench"_s;
    issue.authorAssociation = u"MEMBER"_s;
    issue.body = u"```python\n"_s + QString::fromUtf8(script.readAll()) + u"```\n"_s;
    QSignalSpy scanned(&panel, &ReproPanel::scanFinished);
    panel.setIssue(issue);
    if (!scanned.wait(30000) || !panel.blocker().isEmpty()) {
        out << "  cannot run: " << panel.blocker() << '\n';
        return;
    }
    panel.expectedEdit()->setText(u"ValueError: finished flooding"_s);
    panel.runsSpin()->setValue(1);
    QTimer ticker;
    ticker.setTimerType(Qt::PreciseTimer);
    ticker.setInterval(5);
    QElapsedTimer sinceTick;
    qint64 longestGap = 0;
    qint64 ticks = 0;
    int over50 = 0;
    int maxRows = 0;
    QObject::connect(&ticker, &QTimer::timeout, &ticker, [&] {
        if (sinceTick.isValid()) {
            const qint64 gap = sinceTick.nsecsElapsed();
            longestGap = std::max(longestGap, gap);
            over50 += gap > 50'000'000 ? 1 : 0;
        }
        sinceTick.start();
        ++ticks;
        maxRows = std::max(maxRows, panel.outputModel()->rowCount());
    });
    QSignalSpy finished(&panel, &ReproPanel::runFinished);
    QElapsedTimer clock;
    clock.start();
    ticker.start();
    panel.run();
    finished.wait(180000);
    ticker.stop();
    const double seconds = clock.elapsed() / 1000.0;
    const double gapMs = longestGap / 1e6;
    const ReproOutputModel *model = panel.outputModel();
    out << u"  %1 lines in %2 s; kept %3 rows (cap %4), %5 not kept; peak rows %6; outcome: %7\n"_s
               .arg(model->totalLines())
               .arg(seconds, 0, 'f', 2)
               .arg(model->rowCount())
               .arg(model->maxLines())
               .arg(model->droppedLines())
               .arg(maxRows)
               .arg(panel.badgeText());
    out << u"  timer ticks: %1; gaps over 50 ms: %2; longest gap between ticks: %3 ms (target <= 50 ms)  %4\n"_s
               .arg(ticks)
               .arg(over50)
               .arg(gapMs, 0, 'f', 1)
               .arg(gapMs <= 50.0 ? u"OK"_s : u"STALLED"_s);
    out.flush();
}

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QLoggingCategory::setFilterRules(u"triage.repro.info=false\ntriage.repro.warning=false"_s);
    benchScanner();
    PythonEnvironmentProbe probe;
    probe.setDiscoverConda(false);
    PythonEnvironment env;
    QObject::connect(&probe, &PythonEnvironmentProbe::finished, &probe,
                     [&](const Result<QList<PythonEnvironment>> &envs) {
                         if (envs)
                             env = envs->value(0);
                     });
    QEventLoop loop;
    QObject::connect(&probe, &PythonEnvironmentProbe::finished, &loop, &QEventLoop::quit);
    probe.start();
    loop.exec();
    out << "environment: " << env.label() << '\n';
    benchContainment(env);
    benchStall(env);
    benchPanelStall(env);
    return 0;
}
