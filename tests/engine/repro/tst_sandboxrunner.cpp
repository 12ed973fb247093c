// SPDX-License-Identifier: MIT
#include "engine/repro/outcomeclassifier.h"
#include "engine/repro/pythonenvironment.h"
#include "engine/repro/reproseries.h"
#include "engine/repro/sandboxrunner.h"
#include "tests/support/resultspy.h"
#include "tests/support/runningprocesses.h"
#include "tests/support/testdata.h"
#include "tests/support/testvenv.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(ReproOutcome::Kind)

// Real bubblewrap, real python3 and torch: every repro here was written by us to probe one behaviour.
class tst_SandboxRunner final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void buildsContainedCommand();
    void reproducesDistinctError();
    void tellsDifferentErrorApart();
    void segfaultIsKilledBySignal();
    void timeoutKillsTheTree();
    void forkBombIsContained();
    void gatesFlakinessOverRuns();
    void fixesHashSeed();
    void glooTwoRankAllReduce();
    void compilesOnEachBackend_data();
    void classifiesFailureModes_data();
    void classifiesFailureModes();
    void compilesOnEachBackend();
    void cannotReachLoopbackServer();
    void cannotWriteOutsideWorkDir();
    void streamsFiftyMegabytes();
    void refusesWhatCannotRun_data();
    void refusesWhatCannotRun();
    void cancelKeepsTheOutputSoFar();
    void cancelEndsTheSeries();
    void runsInConfiguredVirtualenv();
    void parsesCondaEnvList();

private:
    SandboxRequest request(const QString &script) const;
    static Result<SandboxRunResult> attempt(const SandboxRequest &request, int waitMs = 90000);
    // A run expected to run: its value (an error's run so far, with a warning, when it did not).
    static SandboxRunResult run(const SandboxRequest &request, int waitMs = 90000);

    PythonEnvironment m_python;
};

void tst_SandboxRunner::initTestCase()
{
    const QList<PythonEnvironment> environments = TestVenv::probe();
    QVERIFY(!environments.isEmpty());
    m_python = environments.first();
    QCOMPARE(m_python.name, u"system"_s);
    QVERIFY2(m_python.isUsable(), qPrintable(m_python.probeError));
    QVERIFY(m_python.pythonVersion.startsWith(u"3."_s));
    QVERIFY2(!m_python.torchVersion.isEmpty(), "these tests need torch in the system python");
}

SandboxRequest tst_SandboxRunner::request(const QString &script) const
{
    SandboxRequest r;
    r.scriptPath = TestData::path(u"repro/"_s + script);
    r.environment = m_python;
    r.limits.timeoutMs = 60000;
    return r;
}

Result<SandboxRunResult> tst_SandboxRunner::attempt(const SandboxRequest &request, int waitMs)
{
    SandboxRunner runner;
    ResultSpy<SandboxRunResult> finished(&runner, &SandboxRunner::finished);
    runner.start(request);
    if (!finished.wait(waitMs))
        qFatal("sandbox run did not finish");
    QTest::qWait(50); // a second finished() would come now
    if (finished.size() != 1)
        qFatal("finished() more than once");
    return finished.first();
}

SandboxRunResult tst_SandboxRunner::run(const SandboxRequest &request, int waitMs)
{
    const Result<SandboxRunResult> result = attempt(request, waitMs);
    if (!result)
        qWarning("the sandbox did not run it: %s", qPrintable(result.error()));
    return result.partial() ? *result.partial() : SandboxRunResult{};
}

void tst_SandboxRunner::buildsContainedCommand()
{
    SandboxRequest r = request(u"distinct_error.py"_s);
    r.hashSeed = 0;
    r.launcher = {u"torchrun"_s, u"--nproc_per_node=2"_s};
    const QStringList args = SandboxRunner::buildCommand(r, u"/tmp/triage-repro-x/work"_s, 7);
    const QString line = args.join(u' ');
    QVERIFY(line.contains(u"--unshare-all"_s) || line.contains(u"--unshare-net --unshare-pid"_s));
    QVERIFY(args.contains(u"--die-with-parent"_s));
    QVERIFY(args.contains(u"--new-session"_s));
    QVERIFY(line.contains(u"--ro-bind / /"_s));
    QVERIFY(line.contains(u"--tmpfs /home"_s));
    QVERIFY(line.contains(u"--bind /tmp/triage-repro-x/work /tmp"_s));
    QVERIFY(line.contains(u"--setenv USE_LIBUV 0"_s));
    QVERIFY(line.contains(u"--setenv PYTHONHASHSEED 0"_s));
    QVERIFY(line.contains(u"--clearenv"_s));
    QVERIFY(line.contains(u"--json-status-fd 7"_s));
    QVERIFY(line.contains(u"prlimit --as="_s));
    QVERIFY(line.contains(u"--nproc=512"_s));
    // Our launcher starts the ranks (this torch has no libuv for torchrun's store); torchrun on request.
    QVERIFY2(line.contains(u"/tmp/.tc_launch_ranks.py ranks 2 /tmp/distinct_error.py"_s), qPrintable(line));
    r.rankMode = RankLauncher::Mode::Torchrun;
    const QString torchrun = SandboxRunner::buildCommand(r, u"/tmp/triage-repro-x/work"_s, 7).join(u' ');
    QVERIFY2(torchrun.contains(u"/tmp/.tc_launch_ranks.py torchrun --nproc_per_node=2 /tmp/distinct_error.py"_s),
             qPrintable(torchrun));
    // A user name and writable compiler caches for the run; stacks dumped before a timeout.
    QVERIFY(line.contains(u"--setenv USER "_s));
    QVERIFY(line.contains(u"--setenv TORCHINDUCTOR_CACHE_DIR /tmp/.cache/torchinductor"_s));
    QVERIFY(line.contains(u"--setenv TRITON_CACHE_DIR /tmp/.cache/triton"_s));
    QVERIFY(line.contains(u"--setenv XDG_CACHE_HOME /tmp/.cache"_s));
    QVERIFY(line.contains(u"--setenv TC_DEADLINE "_s));
}

void tst_SandboxRunner::reproducesDistinctError()
{
    const Result<SandboxRunResult> ran = attempt(request(u"distinct_error.py"_s));
    QVERIFY2(ran, qPrintable(ran.error()));
    const SandboxRunResult &result = *ran;
    QCOMPARE(result.exitCode, 1);
    const auto expected = ErrorSignature::parse(u"RuntimeError: frobnicate kernel expected 4 columns"_s);
    const ReproOutcome outcome = OutcomeClassifier::classify(result, expected);
    QCOMPARE(outcome.kind, ReproOutcome::Kind::SameError);
    QVERIFY(outcome.reproduces());
    QCOMPARE(outcome.torchVersion, m_python.torchVersion);
    QCOMPARE(outcome.observed.exceptionClass, u"RuntimeError"_s);
}

void tst_SandboxRunner::tellsDifferentErrorApart()
{
    const SandboxRunResult result = run(request(u"different_error.py"_s));
    const auto expected = ErrorSignature::parse(u"RuntimeError: frobnicate kernel expected 4 columns"_s);
    const ReproOutcome outcome = OutcomeClassifier::classify(result, expected);
    QCOMPARE(outcome.kind, ReproOutcome::Kind::DifferentError);
    QVERIFY(outcome.observed.message.contains(u"cannot be multiplied"_s));
    // With no reported error to compare, a failure is just a failure.
    QCOMPARE(OutcomeClassifier::classify(result, {}).kind, ReproOutcome::Kind::Failed);
}

void tst_SandboxRunner::segfaultIsKilledBySignal()
{
    const SandboxRunResult result = run(request(u"segfault.py"_s));
    QCOMPARE(result.exitCode, 139);
    QCOMPARE(result.signal, 11);
    const ReproOutcome outcome = OutcomeClassifier::classify(result, ErrorSignature::parse(u"RuntimeError: x"_s));
    QCOMPARE(outcome.kind, ReproOutcome::Kind::KilledBySignal);
    QVERIFY(outcome.reproduces());
    QVERIFY(QString::fromUtf8(result.stderrTail).contains(u"Segmentation fault"_s)); // faulthandler
}

void tst_SandboxRunner::timeoutKillsTheTree()
{
    SandboxRequest r = request(u"infinite_loop.py"_s);
    r.limits.timeoutMs = 1500;
    const SandboxRunResult result = run(r, 30000);
    QVERIFY(result.timedOut);
    QVERIFY(result.durationMs < 10000);
    QCOMPARE(OutcomeClassifier::classify(result, {}).kind, ReproOutcome::Kind::TimedOut);
    QVERIFY(QString::fromUtf8(result.stdoutTail).contains(u"spinning"_s));
    QTRY_VERIFY_WITH_TIMEOUT(!RunningProcesses::any("/tmp/infinite_loop.py"), 5000);
}

void tst_SandboxRunner::forkBombIsContained()
{
    SandboxRequest r = request(u"fork_bomb.py"_s);
    r.limits.processes = 64;
    r.limits.timeoutMs = 30000;
    const SandboxRunResult result = run(r, 60000);
    QVERIFY2(!result.timedOut, "the process limit, not the clock, must stop a fork bomb");
    QCOMPARE(result.exitCode, 3);
    QVERIFY(QString::fromUtf8(result.stdoutTail).contains(u"fork refused after"_s));
    // Its children sleep for 30 s; the PID namespace takes them down with the script.
    QTRY_VERIFY_WITH_TIMEOUT(!RunningProcesses::any("/tmp/fork_bomb.py"), 5000);
}

void tst_SandboxRunner::gatesFlakinessOverRuns()
{
    ReproSeries series;
    QSignalSpy perRun(&series, &ReproSeries::runFinished);
    ResultSpy<ReproSeriesSummary> finished(&series, &ReproSeries::finished);
    series.start(request(u"flaky.py"_s), ErrorSignature::parse(u"AssertionError: flaky mismatch"_s), 12);
    QVERIFY(finished.wait(60000));
    QCOMPARE(perRun.size(), 12);
    QVERIFY2(finished.first(), qPrintable(finished.first().error()));
    const ReproSeriesSummary &summary = *finished.first();
    QCOMPARE(summary.runs.size(), 12);
    int same = 0;
    for (const ReproOutcome &o : summary.runs) {
        QVERIFY(o.kind == ReproOutcome::Kind::SameError || o.kind == ReproOutcome::Kind::Passed);
        same += o.kind == ReproOutcome::Kind::SameError ? 1 : 0;
    }
    QCOMPARE(summary.reproducedRuns, same);
    QCOMPARE(summary.ratio(), u"%1/12 reproduced"_s.arg(same));
    // A fair coin twelve times: all alike once in 2048 runs of this test.
    QVERIFY(summary.flaky);
    QCOMPARE(summary.overall.kind, ReproOutcome::Kind::SameError);
    QVERIFY(summary.overall.detail.contains(u"flaky"_s));
}

void tst_SandboxRunner::fixesHashSeed()
{
    // Code straight from an extracted candidate, no file of ours.
    SandboxRequest r;
    r.scriptText = u"print(hash('triage-console'))\n"_s;
    r.environment = m_python;
    r.hashSeed = 0;
    const QByteArray first = run(r).stdoutTail;
    const QByteArray second = run(r).stdoutTail;
    QVERIFY(!first.isEmpty());
    QCOMPARE(first, second);
}

void tst_SandboxRunner::glooTwoRankAllReduce()
{
    const SandboxRunResult result = run(request(u"gloo_allreduce.py"_s));
    const QString out = QString::fromUtf8(result.stdoutTail);
    QVERIFY2(result.exitCode == 0, qPrintable(QString::fromUtf8(result.stderrTail).right(2000)));
    QVERIFY(out.contains(u"rank 0 sum 3.0"_s));
    QVERIFY(out.contains(u"rank 1 sum 3.0"_s));
    QCOMPARE(OutcomeClassifier::classify(result, {}).kind, ReproOutcome::Kind::Passed);
}

void tst_SandboxRunner::compilesOnEachBackend_data()
{
    QTest::addColumn<QString>("backend");
    QTest::addRow("eager") << u"eager"_s;
    QTest::addRow("aot_eager") << u"aot_eager"_s;
    QTest::addRow("inductor") << u"inductor"_s; // C++ codegen and g++ in the sandbox, caches in the work dir
}

void tst_SandboxRunner::compilesOnEachBackend()
{
    QFETCH(QString, backend);
    SandboxRequest r = request(u"compiled_backend.py"_s);
    r.scriptArguments = {backend};
    r.limits.timeoutMs = 600000; // inductor's first compile is slow on a loaded two-core machine
    const SandboxRunResult result = run(r, 660000);
    const QString err = QString::fromUtf8(result.stderrTail);
    QVERIFY2(!result.timedOut, "timed out");
    const ReproOutcome outcome = OutcomeClassifier::classify(
        result, ErrorSignature::parse(u"ValueError: compiled on %1 and matched eager (cmp-%1-ok)"_s.arg(backend)));
    QVERIFY2(outcome.kind == ReproOutcome::Kind::SameError, qPrintable(outcome.detail + u'\n' + err.right(3000)));
    // The run has a user name although a root-started run's uid owns no account on the host.
    QVERIFY(QString::fromUtf8(result.stdoutTail).contains(u"compiled as "_s));
    QVERIFY(!err.contains(u"No username set"_s));
}

void tst_SandboxRunner::classifiesFailureModes_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<QStringList>("launcher");
    QTest::addColumn<bool>("stockTorchrun");
    QTest::addColumn<QString>("reported"); // the reported error, `Class: substring`
    QTest::addColumn<bool>("hangReported");
    QTest::addColumn<bool>("hasCheck");
    QTest::addColumn<int>("timeoutS");
    QTest::addColumn<ReproOutcome::Kind>("kind");
    QTest::addColumn<bool>("reproduces");
    QTest::addColumn<QStringList>("shown"); // in the detail, the output or the rank exit codes

    using K = ReproOutcome::Kind;
    const QStringList two = {u"torchrun"_s, u"--nproc_per_node=2"_s};
    QTest::addRow("NCCL-only script, run anyway")
        << u"nccl_only.py"_s << QStringList() << false << QString() << false << true << 120 << K::CannotRunHere << false
        << QStringList{u"cannot run here: needs NCCL"_s};
    QTest::addRow("CUDA-only script") << u"cuda_only.py"_s << QStringList() << false << u"AssertionError"_s << false
                                      << true << 120 << K::CannotRunHere << false
                                      << QStringList{u"cannot run here: needs a CUDA GPU"_s};
    QTest::addRow("missing package") << u"missing_package.py"_s << QStringList() << false << QString() << false << true
                                     << 120 << K::CannotRunHere << false
                                     << QStringList{u"the package triage_console_absent_pkg"_s};
    QTest::addRow("torchrun, our ranks, rank 1 fails")
        << u"torchrun_rank_fails.py"_s << two << false << u"RuntimeError: rank 1 rejects the reduced sum"_s << false
        << true << 180 << K::SameError << true
        << QStringList{u"rank 0: exit 0"_s, u"rank 1: exit 1"_s, u"[rank0]: rank 0 sum 6.0"_s};
    QTest::addRow("torchrun, stock store without libuv, rank 1 fails")
        << u"torchrun_rank_fails.py"_s << two << true << u"RuntimeError: rank 1 rejects the reduced sum"_s << false
        << true << 180 << K::SameError << true << QStringList{u"rank 1 sum 6.0"_s};
    QTest::addRow("mp.spawn, rank 1 fails")
        << u"spawn_rank_fails.py"_s << QStringList() << false << u"ValueError: spawned rank 1 fails"_s << false << true
        << 180 << K::SameError << true << QStringList{u"rank 0 reduced [2.0, 2.0]"_s};
    QTest::addRow("reported hang, two ranks")
        << u"hang_barrier.py"_s << two << false << QString() << true << true << 30 << K::TimedOut << true
        << QStringList{u"hang reproduced: timed out after 30 s (killed by the console)"_s, u"stopped first"_s,
                       u"innermost frame of the script: hang_barrier.py line"_s};
    QTest::addRow("reported hang, the script's own raise ends it: the hang is gone")
        << u"spawn_raise_hang_gone.py"_s << QStringList() << false << QString() << true << true << 120 << K::Passed
        << false
        << QStringList{u"the reported hang did not happen"_s, u"own raise (spawn_raise_hang_gone.py line 11: "_s,
                       u"sr-4410"_s};
    QTest::addRow("reported hang, torch's own error ends it first")
        << u"hang_stops_on_torch_error.py"_s << QStringList() << false << QString() << true << true << 60 << K::Failed
        << false << QStringList{u"raised RuntimeError: shape '[2, 2]' is invalid"_s};
    QTest::addRow("timeout, no hang reported")
        << u"infinite_loop.py"_s << QStringList() << false << QString() << false << true << 4 << K::TimedOut << false
        << QStringList{u"timed out after 4 s (killed by the console)"_s};
    QTest::addRow("reported hang, but still computing at the kill")
        << u"busy_loop.py"_s << QStringList() << false << QString() << true << true << 6 << K::Environment << false
        << QStringList{u"while still computing, not stuck"_s};
    QTest::addRow("multiprocessing queue and event") << u"mp_queue.py"_s << QStringList() << false << QString() << false
                                                     << true << 120 << K::Passed << false << QStringList{u"queue ok"_s};
    QTest::addRow("print-only mismatch") << u"print_mismatch.py"_s << QStringList() << false << QString() << false
                                         << false << 120 << K::NoCheck << false
                                         << QStringList{u"no pass/fail check"_s, u"compiled tensor([ 1.,"_s};
}

void tst_SandboxRunner::classifiesFailureModes()
{
    QFETCH(QString, script);
    QFETCH(QStringList, launcher);
    QFETCH(bool, stockTorchrun);
    QFETCH(QString, reported);
    QFETCH(bool, hangReported);
    QFETCH(bool, hasCheck);
    QFETCH(int, timeoutS);
    QFETCH(ReproOutcome::Kind, kind);
    QFETCH(bool, reproduces);
    QFETCH(QStringList, shown);

    SandboxRequest r = request(script);
    r.launcher = launcher;
    r.rankMode = stockTorchrun ? RankLauncher::Mode::Torchrun : RankLauncher::Mode::OwnRanks;
    r.limits.timeoutMs = timeoutS * 1000;
    const SandboxRunResult result = run(r, (timeoutS + 60) * 1000);
    ReproExpectation expectation;
    expectation.error = ErrorSignature::parse(reported);
    expectation.hangReported = hangReported;
    expectation.hasCheck = hasCheck;
    const ReproOutcome outcome = OutcomeClassifier::classifyExpecting(result, expectation);
    const QString output = QString::fromUtf8(result.stdoutTail + '\n' + result.stderrTail);
    const QString seen = outcome.detail + u'\n' + result.rankExitCodes.join(u", "_s) + u'\n' + output;
    QVERIFY2(outcome.kind == kind,
             qPrintable(ReproOutcome::kindName(outcome.kind) + u": "_s + outcome.detail + u'\n' + output.right(3000)));
    QCOMPARE(outcome.reproduces(), reproduces);
    for (const QString &text : shown)
        QVERIFY2(seen.contains(text), qPrintable(text + u" not in:\n"_s + seen.right(3000)));
    if (kind == ReproOutcome::Kind::CannotRunHere)
        QVERIFY(outcome.saysNothing());
}

void tst_SandboxRunner::cannotReachLoopbackServer()
{
    QTcpServer server;
    QVERIFY(server.listen(QHostAddress::LocalHost));
    QSignalSpy connections(&server, &QTcpServer::newConnection);
    SandboxRequest r = request(u"reach_loopback.py"_s);
    r.scriptArguments = {QString::number(server.serverPort())};
    const SandboxRunResult result = run(r);
    QVERIFY(result.exitCode != 0);
    QVERIFY(!QString::fromUtf8(result.stdoutTail).contains(u"REACHED"_s));
    QVERIFY(QString::fromUtf8(result.stderrTail).contains(u"ConnectionRefusedError"_s) ||
            QString::fromUtf8(result.stderrTail).contains(u"OSError"_s));
    QCOMPARE(connections.size(), 0);
    QVERIFY(!server.hasPendingConnections());
}

void tst_SandboxRunner::cannotWriteOutsideWorkDir()
{
    QTemporaryDir hostDir(QDir::homePath() + u"/triage-escape-XXXXXX"_s);
    QVERIFY(hostDir.isValid());
    const QStringList targets = {hostDir.filePath(u"escape.txt"_s), TestData::path(u"repro/escape.txt"_s),
                                 u"/etc/triage-escape.txt"_s, QDir::homePath() + u"/triage-escape.txt"_s,
                                 u"/var/tmp/triage-escape.txt"_s};
    SandboxRequest r = request(u"write_outside.py"_s);
    r.scriptArguments = targets;
    const SandboxRunResult result = run(r);
    QCOMPARE(result.exitCode, 1);
    QVERIFY(!QString::fromUtf8(result.stdoutTail).contains(u"WROTE"_s));
    for (const QString &target : targets)
        QVERIFY2(!QFile::exists(target), qPrintable(target));
}

void tst_SandboxRunner::streamsFiftyMegabytes()
{
    SandboxRequest r = request(u"big_output.py"_s);
    r.limits.retainBytes = 256 * 1024;
    SandboxRunner runner;
    qint64 streamedOut = 0;
    qint64 streamedErr = 0;
    int chunks = 0;
    connect(&runner, &SandboxRunner::output, this, [&](const QByteArray &chunk, OutputStream stream) {
        (stream == OutputStream::StdOut ? streamedOut : streamedErr) += chunk.size();
        ++chunks;
    });
    ResultSpy<SandboxRunResult> finished(&runner, &SandboxRunner::finished);
    runner.start(r);
    QVERIFY(finished.wait(90000));
    QVERIFY2(finished.first(), qPrintable(finished.first().error()));
    const SandboxRunResult &result = *finished.first();
    QCOMPARE(streamedOut, qint64(50'000'000));
    QCOMPARE(result.stdoutBytes, streamedOut);
    QCOMPARE(result.stderrBytes, streamedErr);
    QVERIFY(chunks > 100); // it came in pieces, as it was written
    QVERIFY(result.stdoutTail.size() <= r.limits.retainBytes);
    QVERIFY(result.stdoutTruncated());
    QVERIFY(QString::fromUtf8(result.stderrTail).contains(u"progress 400000"_s));
    const ReproOutcome outcome =
        OutcomeClassifier::classify(result, ErrorSignature::parse(u"ValueError: finished flooding"_s));
    QCOMPARE(outcome.kind, ReproOutcome::Kind::SameError);
}

void tst_SandboxRunner::refusesWhatCannotRun_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("interpreter");
    QTest::addColumn<ErrorKind>("kind");
    // Neither is the sandbox saying no: the run could not start.
    QTest::addRow("missing script") << u"no_such_repro.py"_s << QString() << ErrorKind::Failed;
    QTest::addRow("missing interpreter") << u"passes.py"_s << u"/nonexistent/bin/python3"_s << ErrorKind::Failed;
}

void tst_SandboxRunner::refusesWhatCannotRun()
{
    QFETCH(QString, script);
    QFETCH(QString, interpreter);
    QFETCH(ErrorKind, kind);
    SandboxRequest r = request(script);
    if (!interpreter.isEmpty())
        r.environment.interpreter = interpreter;
    const Result<SandboxRunResult> result = attempt(r);
    QVERIFY(!result);
    QVERIFY(!result.error().isEmpty());
    QVERIFY2(result.errorKind() == kind, qPrintable(result.error()));
    QVERIFY(result.partial()); // the run as far as it got
    QCOMPARE(result.partial()->environmentName, m_python.name);
    const ReproOutcome outcome = OutcomeClassifier::classify(result, {});
    QCOMPARE(outcome.kind, ReproOutcome::Kind::SandboxRefused);
    QCOMPARE(outcome.detail, result.error());
}

void tst_SandboxRunner::cancelKeepsTheOutputSoFar()
{
    SandboxRunner runner;
    QByteArray streamed;
    connect(&runner, &SandboxRunner::output, this, [&](const QByteArray &chunk) { streamed += chunk; });
    ResultSpy<SandboxRunResult> finished(&runner, &SandboxRunner::finished);
    runner.start(request(u"infinite_loop.py"_s));
    QTRY_VERIFY_WITH_TIMEOUT(streamed.contains("spinning"), 30000);
    QVERIFY(runner.isRunning());
    runner.cancel();
    runner.cancel(); // twice is once
    QVERIFY(finished.wait());
    QTest::qWait(300);
    QCOMPARE(finished.size(), 1);
    const Result<SandboxRunResult> &result = finished.first();
    QVERIFY(result.cancelled());
    QCOMPARE(result.errorKind(), ErrorKind::Cancelled);
    QVERIFY(!runner.isRunning());
    QVERIFY(result.partial());
    QVERIFY(QString::fromUtf8(result.partial()->stdoutTail).contains(u"spinning"_s));
    QVERIFY(!result.partial()->timedOut);
    QCOMPARE(OutcomeClassifier::classify(result, {}).kind, ReproOutcome::Kind::Cancelled);
    QTRY_VERIFY_WITH_TIMEOUT(!RunningProcesses::any("/tmp/infinite_loop.py"), 5000);
}

void tst_SandboxRunner::cancelEndsTheSeries()
{
    // The first run ends by itself, the second is cancelled while it spins: the runs so far come with the error.
    ReproSeries series;
    QSignalSpy started(&series, &ReproSeries::runStarted);
    QByteArray streamed;
    connect(&series, &ReproSeries::output, this, [&](const QByteArray &chunk) { streamed += chunk; });
    ResultSpy<ReproSeriesSummary> finished(&series, &ReproSeries::finished);
    SandboxRequest r = request(u"infinite_loop.py"_s);
    r.limits.timeoutMs = 1500;
    series.start(r, ErrorSignature{}, 3);
    QTRY_VERIFY_WITH_TIMEOUT(started.size() == 2 && streamed.count("spinning") == 2, 60000);
    series.cancel();
    QVERIFY(finished.wait(30000));
    const Result<ReproSeriesSummary> &result = finished.first();
    QCOMPARE(result.errorKind(), ErrorKind::Cancelled);
    QVERIFY(result.partial());
    QCOMPARE(result.partial()->runs.size(), 2);
    QCOMPARE(result.partial()->runs.at(0).kind, ReproOutcome::Kind::TimedOut);
    QCOMPARE(result.partial()->runs.at(1).kind, ReproOutcome::Kind::Cancelled);
    QCOMPARE(started.size(), 2);
}

void tst_SandboxRunner::runsInConfiguredVirtualenv()
{
    // A virtualenv in the (hidden) home folder: bound back read-only so its interpreter runs inside.
    QTemporaryDir home(QDir::homePath() + u"/triage-venv-XXXXXX"_s);
    QVERIFY(home.isValid());
    const QString prefix = home.filePath(u"venv"_s);
    QProcess venv;
    venv.start(m_python.interpreter, {u"-m"_s, u"venv"_s, u"--without-pip"_s, u"--system-site-packages"_s, prefix});
    QSignalSpy made(&venv, &QProcess::finished);
    QVERIFY(made.wait(60000));
    QCOMPARE(venv.exitCode(), 0);

    const Result<PythonEnvironment> configured = PythonEnvironment::fromSetting(u"scratch="_s + prefix);
    QVERIFY2(configured.ok(), qPrintable(configured.error()));
    QCOMPARE(configured->kind, PythonEnvironment::Kind::Virtualenv);
    PythonEnvironmentProbe probe;
    probe.setDiscoverConda(false);
    probe.setConfigured({configured.value()});
    std::optional<Result<QList<PythonEnvironment>>> found;
    connect(&probe, &PythonEnvironmentProbe::finished, this,
            [&](const Result<QList<PythonEnvironment>> &r) { found.emplace(r); });
    QSignalSpy done(&probe, &PythonEnvironmentProbe::finished);
    probe.start();
    QVERIFY(done.wait(60000));
    QVERIFY2(found->ok(), qPrintable(found->error()));
    const QList<PythonEnvironment> envs = found->value();
    QCOMPARE(envs.size(), 2);
    const PythonEnvironment &env = envs.at(1);
    QCOMPARE(env.name, u"scratch"_s);
    QCOMPARE(env.torchVersion, m_python.torchVersion);

    SandboxRequest r;
    r.scriptText = u"import sys\nprint(sys.prefix)\n"_s;
    r.environment = env;
    const SandboxRunResult result = run(r);
    QVERIFY2(result.exitCode == 0, result.stderrTail.constData());
    QCOMPARE(QString::fromUtf8(result.stdoutTail).trimmed(), prefix);
    QVERIFY(!PythonEnvironment::fromSetting(u"broken="_s + home.filePath(u"nothing"_s)).ok());
}

void tst_SandboxRunner::parsesCondaEnvList()
{
    const QByteArray json = R"({"envs": ["/opt/conda", "/opt/conda/envs/pytorch-2.6", "/home/u/.conda/envs/pt-nightly"],
                                "root_prefix": "/opt/conda"})";
    const QList<PythonEnvironment> envs = PythonEnvironment::parseCondaEnvList(json);
    QCOMPARE(envs.size(), 3);
    QCOMPARE(envs.at(0).name, u"base"_s);
    QCOMPARE(envs.at(1).name, u"pytorch-2.6"_s);
    QCOMPARE(envs.at(1).prefix, u"/opt/conda/envs/pytorch-2.6"_s);
    QCOMPARE(envs.at(2).kind, PythonEnvironment::Kind::Conda);
    QVERIFY(!envs.at(2).probeError.isEmpty()); // no interpreter there on this machine
}

QTEST_GUILESS_MAIN(tst_SandboxRunner)
#include "tst_sandboxrunner.moc"
