// SPDX-License-Identifier: MIT
#include "engine/core/processjob.h"

#include <QFile>
#include <QTest>

#include <optional>

using namespace Qt::StringLiterals;

// The one child-process lifecycle every job that runs a program shares: real /bin/sh children, a grandchild
// that must die with its group, a program that does not exist.
class tst_ProcessJob : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void ends_data();
    void ends();
    void groupIsKilled_data();
    void groupIsKilled();
    void cancel();
    void missingProgram();
};

namespace {

ProcessSpec shell(const QString &script, int timeoutMs = 20000)
{
    ProcessSpec spec;
    spec.program = u"/bin/sh"_s;
    spec.arguments = {u"-c"_s, script};
    spec.timeoutMs = timeoutMs;
    spec.what = u"the test shell"_s;
    return spec;
}

Result<ProcessOutcome> run(ProcessJob &job)
{
    std::optional<Result<ProcessOutcome>> ended;
    int count = 0;
    QObject::connect(&job, &ProcessJob::finished, &job, [&](const Result<ProcessOutcome> &outcome) {
        ended = outcome;
        ++count;
    });
    job.start();
    if (!ended && !QTest::qWaitFor([&] { return ended.has_value(); }, 30000))
        return Error{u"no finished() in 30 s"_s};
    QTest::qWait(100); // a second finished() would come now
    if (count != 1)
        return Error{u"finished() %1 times"_s.arg(count)};
    return *ended;
}

// Gone, or a zombie waiting for its new parent to reap it: either way no longer running.
bool alive(qint64 pid)
{
    QFile stat(u"/proc/%1/stat"_s.arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return false;
    const QByteArray text = stat.readAll();
    const qsizetype close = text.lastIndexOf(')');
    return close > 0 && text.mid(close + 2, 1) != "Z" && text.mid(close + 2, 1) != "X";
}

} // namespace

void tst_ProcessJob::ends_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<qint64>("retain");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<bool>("crashed");
    QTest::addColumn<QByteArray>("out");
    QTest::addColumn<QByteArray>("err");
    QTest::addColumn<qint64>("outBytes");

    QTest::newRow("success") << u"printf hello"_s << QByteArray() << qint64(-1) << 0 << false << "hello"_ba
                             << ""_ba << qint64(5);
    QTest::newRow("exit code") << u"echo bad >&2; exit 3"_s << QByteArray() << qint64(-1) << 3 << false << ""_ba
                               << "bad\n"_ba << qint64(0);
    QTest::newRow("killed by a signal") << u"kill -KILL $$"_s << QByteArray() << qint64(-1) << 9 << true << ""_ba
                                        << ""_ba << qint64(0);
    QTest::newRow("standard input") << u"cat"_s << "from stdin"_ba << qint64(-1) << 0 << false << "from stdin"_ba
                                    << ""_ba << qint64(10);
    QTest::newRow("tail kept") << u"printf 0123456789"_s << QByteArray() << qint64(4) << 0 << false << "6789"_ba
                               << ""_ba << qint64(10);
}

void tst_ProcessJob::ends()
{
    QFETCH(QString, script);
    QFETCH(QByteArray, input);
    QFETCH(qint64, retain);
    QFETCH(int, exitCode);
    QFETCH(bool, crashed);
    QFETCH(QByteArray, out);
    QFETCH(QByteArray, err);
    QFETCH(qint64, outBytes);

    ProcessSpec spec = shell(script);
    if (!input.isEmpty())
        spec.standardInput = input;
    spec.retainBytes = retain;
    ProcessJob job(spec);
    QByteArray streamed;
    connect(&job, &ProcessJob::output, this, [&](const QByteArray &chunk, QProcess::ProcessChannel channel) {
        if (channel == QProcess::StandardOutput)
            streamed += chunk;
    });
    const Result<ProcessOutcome> outcome = run(job);
    QVERIFY2(outcome, qPrintable(outcome.error()));
    QCOMPARE(outcome->crashed, crashed);
    if (!crashed)
        QCOMPARE(outcome->exitCode, exitCode);
    QCOMPARE(outcome->succeeded(), exitCode == 0 && !crashed);
    QVERIFY(!outcome->timedOut);
    QCOMPARE(outcome->standardOutput, out);
    QCOMPARE(outcome->standardError, err);
    QCOMPARE(outcome->standardOutputBytes, outBytes);
    QCOMPARE(streamed.size(), outBytes); // output() sees everything, whatever the tail keeps
    QCOMPARE(outcome->lastErrorLine(), QString::fromUtf8(err).trimmed());
    QVERIFY(!job.isRunning());
}

void tst_ProcessJob::groupIsKilled_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<int>("timeoutMs");
    QTest::addColumn<bool>("timedOut");

    // The shell waits for its child: the timeout must reach the grandchild too, not only the shell.
    QTest::newRow("timeout") << u"sleep 60 & echo $!; wait"_s << 700 << true;
    // The shell ends at once and leaves its child behind: the group goes with it.
    QTest::newRow("left behind") << u"sleep 60 & echo $!"_s << 20000 << false;
    // A grandchild that moved into a group of its own is out of reach: not asserted here.
}

void tst_ProcessJob::groupIsKilled()
{
    QFETCH(QString, script);
    QFETCH(int, timeoutMs);
    QFETCH(bool, timedOut);

    ProcessJob job(shell(script, timeoutMs));
    // timingOut() comes once, before the kill: the program can still be looked at.
    int timingOut = 0;
    bool runningAtTimeout = false;
    connect(&job, &ProcessJob::timingOut, this, [&] {
        ++timingOut;
        runningAtTimeout = job.isRunning() && alive(job.processId());
    });
    const Result<ProcessOutcome> outcome = run(job);
    QVERIFY2(outcome, qPrintable(outcome.error()));
    QCOMPARE(outcome->timedOut, timedOut);
    QCOMPARE(timingOut, timedOut ? 1 : 0);
    QCOMPARE(runningAtTimeout, timedOut);
    QCOMPARE(outcome->succeeded(), !timedOut);
    if (timedOut)
        QVERIFY2(outcome->durationMs >= timeoutMs, qPrintable(QString::number(outcome->durationMs)));
    const qint64 grandchild = outcome->standardOutput.trimmed().toLongLong();
    QVERIFY2(grandchild > 0, outcome->standardOutput.constData());
    QTRY_VERIFY_WITH_TIMEOUT(!alive(grandchild), 5000);
}

void tst_ProcessJob::cancel()
{
    ProcessJob job(shell(u"sleep 60 & echo $!; wait"_s));
    QList<Result<ProcessOutcome>> finished;
    connect(&job, &ProcessJob::finished, this,
            [&](const Result<ProcessOutcome> &outcome) { finished.append(outcome); });
    QByteArray out;
    connect(&job, &ProcessJob::output, this, [&](const QByteArray &chunk) { out += chunk; });
    job.start();
    QTRY_VERIFY(out.endsWith('\n'));
    const qint64 grandchild = out.trimmed().toLongLong();
    QVERIFY(alive(grandchild));
    job.cancel();
    job.cancel(); // twice is once
    QCOMPARE(finished.size(), 1);
    const Result<ProcessOutcome> outcome = finished.at(0);
    QVERIFY(!outcome);
    QVERIFY(job.wasCancelled());
    QVERIFY(outcome.cancelled());
    QVERIFY(!job.isRunning());
    QVERIFY(outcome.error().contains(u"the test shell"_s));
    // The work so far comes with the error: what it printed before the cancel.
    QVERIFY(outcome.partial());
    QCOMPARE(outcome.partial()->standardOutput, out);
    QCOMPARE(outcome.partial()->standardOutputBytes, out.size());
    QVERIFY(!outcome.partial()->timedOut);
    QTRY_VERIFY_WITH_TIMEOUT(!alive(grandchild), 5000);
    QTest::qWait(300);
    QCOMPARE(finished.size(), 1); // nothing more when QProcess reaps the shell
}

void tst_ProcessJob::missingProgram()
{
    ProcessSpec spec;
    spec.program = u"/nonexistent/triage-console-no-such-program"_s;
    spec.what = u"the missing helper"_s;
    ProcessJob job(spec);
    const Result<ProcessOutcome> outcome = run(job);
    QVERIFY(!outcome);
    QVERIFY(!job.wasCancelled());
    QCOMPARE(outcome.errorKind(), ErrorKind::Failed);
    QVERIFY2(outcome.error().startsWith(u"the missing helper could not start"_s), qPrintable(outcome.error()));
}

QTEST_GUILESS_MAIN(tst_ProcessJob)
#include "tst_processjob.moc"
