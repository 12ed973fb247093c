// SPDX-License-Identifier: MIT
#include "engine/repro/outcomeclassifier.h"
#include "engine/repro/reproneedsprobe.h"
#include "engine/repro/sandboxrunner.h"
#include "tests/support/resultspy.h"
#include "tests/support/testdata.h"
#include "tests/support/testvenv.h"

#include <QFile>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;

// The needs check runs the real helper with the real python3 and torch (no CUDA, no NCCL here), on repros we
// wrote for each need; its variants then run in the real sandbox.
class tst_ReproNeedsProbe final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void findsNeeds_data();
    void findsNeeds();
    void readsGpuCountFromIssue_data();
    void readsGpuCountFromIssue();
    void cpuVariantRunsHere();
    void assertCloseVariantShowsTheMismatch();

private:
    ReproNeeds probe(const QString &script, int ranks = 0, const QString &issueText = {}) const;
    static QString read(const QString &script);
    SandboxRunResult run(const QString &code, const QString &name) const;

    PythonEnvironment m_python;
};

void tst_ReproNeedsProbe::initTestCase()
{
    const QList<PythonEnvironment> environments = TestVenv::probe();
    QVERIFY(!environments.isEmpty());
    m_python = environments.first();
    QVERIFY2(m_python.isUsable(), qPrintable(m_python.probeError));
}

QString tst_ReproNeedsProbe::read(const QString &script)
{
    QFile file(TestData::path(u"repro/"_s + script));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing test script");
    return QString::fromUtf8(file.readAll());
}

ReproNeeds tst_ReproNeedsProbe::probe(const QString &script, int ranks, const QString &issueText) const
{
    ReproNeedsProbe p;
    std::optional<Result<ReproNeeds>> result;
    connect(&p, &ReproNeedsProbe::finished, this, [&](const Result<ReproNeeds> &r) { result = r; });
    p.start(read(script), m_python, ranks, issueText);
    if (!QTest::qWaitFor([&] { return result.has_value(); }, 180000))
        qFatal("the needs probe did not finish");
    if (!*result)
        qFatal("%s", qPrintable(result->error()));
    return result->value();
}

SandboxRunResult tst_ReproNeedsProbe::run(const QString &code, const QString &name) const
{
    SandboxRequest r;
    r.scriptText = code;
    r.scriptName = name;
    r.environment = m_python;
    r.limits.timeoutMs = 180000;
    SandboxRunner runner;
    ResultSpy<SandboxRunResult> finished(&runner, &SandboxRunner::finished);
    runner.start(r);
    if (!finished.wait(240000))
        qFatal("sandbox run did not finish");
    if (!finished.first())
        qFatal("the sandbox did not run it: %s", qPrintable(finished.first().error()));
    return *finished.first();
}

void tst_ReproNeedsProbe::findsNeeds_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<int>("ranks");
    QTest::addColumn<QStringList>("unmet");
    QTest::addColumn<bool>("hasCheck");
    QTest::addColumn<bool>("cpuVariant");
    QTest::addColumn<QString>("summaryHas");

    QTest::addRow("NCCL and two GPUs") << u"nccl_only.py"_s << 0 << QStringList{u"2 CUDA GPUs"_s, u"NCCL"_s} << true
                                       << true
                                       << u"cannot run here: needs 2 CUDA GPUs and NCCL; this machine has no "
                                          u"CUDA GPU and no NCCL"_s;
    QTest::addRow("one CUDA device") << u"cuda_only.py"_s << 0 << QStringList{u"1 CUDA GPU"_s} << true << true
                                     << u"needs 1 CUDA GPU"_s;
    QTest::addRow("a missing package") << u"missing_package.py"_s << 0
                                       << QStringList{u"the package triage_console_absent_pkg"_s} << false << false
                                       << u"needs the package triage_console_absent_pkg"_s;
    QTest::addRow("a download") << u"download_model.py"_s << 0
                                << QStringList{u"a download (the sandbox has no network)"_s} << false << false
                                << u"no network in the sandbox"_s;
    QTest::addRow("print-only") << u"print_mismatch.py"_s << 0 << QStringList() << false << false << u"can run here"_s;
    QTest::addRow("print-only in a function called test()")
        << u"print_in_test_function.py"_s << 0 << QStringList() << false << false << u"can run here"_s;
    QTest::addRow("a unittest test method")
        << u"unittest_function.py"_s << 0 << QStringList() << true << false << u"can run here"_s;
    QTest::addRow("CPU and Gloo, two ranks")
        << u"gloo_allreduce.py"_s << 0 << QStringList() << true << false << u"can run here"_s;
    QTest::addRow("torchrun script") << u"torchrun_rank_fails.py"_s << 2 << QStringList() << true << false
                                     << u"can run here"_s;
}

void tst_ReproNeedsProbe::findsNeeds()
{
    QFETCH(QString, script);
    QFETCH(int, ranks);
    QFETCH(QStringList, unmet);
    QFETCH(bool, hasCheck);
    QFETCH(bool, cpuVariant);
    QFETCH(QString, summaryHas);

    const ReproNeeds needs = probe(script, ranks);
    QVERIFY(needs.parsed);
    // torchvision may or may not be installed; the download is what matters for that row.
    QStringList got = needs.unmet;
    got.removeAll(u"the package torchvision"_s);
    QCOMPARE(got, unmet);
    QCOMPARE(needs.canRunHere(), needs.unmet.isEmpty());
    QCOMPARE(needs.hasCheck, hasCheck);
    QCOMPARE(!needs.cpuVariant.isEmpty(), cpuVariant);
    QVERIFY2(needs.summary().contains(summaryHas), qPrintable(needs.summary()));
    QVERIFY(!needs.torchVersion.isEmpty());
    if (cpuVariant) {
        QVERIFY(needs.cpuVariantDiff.startsWith(u"--- a/repro.py"_s));
        QVERIFY(!needs.cpuVariant.contains(u".cuda()"_s));
    }
    if (script == u"torchrun_rank_fails.py"_s) {
        QCOMPARE(needs.worldSize, 2);
        QCOMPARE(needs.launcher, u"torchrun"_s);
    }
    if (script == u"gloo_allreduce.py"_s) {
        QCOMPARE(needs.worldSize, 2);
        QCOMPARE(needs.launcher, u"mp.spawn"_s);
    }
}

void tst_ReproNeedsProbe::readsGpuCountFromIssue_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("gpus");
    QTest::addRow("digits") << u"Fails on 8 GPUs with NCCL"_s << 8;
    QTest::addRow("model name") << u"node with 2x A100"_s << 2;
    QTest::addRow("word") << u"two GPUs are enough"_s << 2;
    QTest::addRow("none") << u"CPU only, nothing else"_s << 0;
}

void tst_ReproNeedsProbe::readsGpuCountFromIssue()
{
    QFETCH(QString, text);
    QFETCH(int, gpus);
    QCOMPARE(ReproNeedsProbe::gpusStatedIn(text), gpus);
}

void tst_ReproNeedsProbe::cpuVariantRunsHere()
{
    // The NCCL-only script as a CPU variant: nccl→gloo, .cuda() dropped, set_device removed; it runs and passes.
    const ReproNeeds needs = probe(u"nccl_only.py"_s);
    QVERIFY(needs.cpuVariant.contains(u"\"gloo\""_s));
    QVERIFY(needs.cpuVariantDiff.contains(u"-    torch.cuda.set_device(rank)"_s));
    const SandboxRunResult result = run(needs.cpuVariant, u"nccl_only.py"_s);
    const ReproOutcome outcome = OutcomeClassifier::classify(result, {});
    QVERIFY2(outcome.kind == ReproOutcome::Kind::Passed,
             qPrintable(outcome.detail + u'\n' + QString::fromUtf8(result.stderrTail).right(2000)));
    QVERIFY(QString::fromUtf8(result.stdoutTail).contains(u"rank 1 ok"_s));
}

void tst_ReproNeedsProbe::assertCloseVariantShowsTheMismatch()
{
    const ReproNeeds needs = probe(u"print_mismatch.py"_s);
    QVERIFY(!needs.hasCheck);
    QVERIFY(needs.prints);
    QVERIFY2(needs.assertCloseVariant.contains(u"torch.testing.assert_close(eager, compiled)"_s),
             qPrintable(needs.assertCloseDiff));
    QVERIFY(needs.assertCloseDiff.contains(u"+torch.testing.assert_close(eager, compiled)"_s));
    // As posted it only prints: no check. With the edit the wrong result fails the run.
    const SandboxRunResult asPosted = run(read(u"print_mismatch.py"_s), u"print_mismatch.py"_s);
    ReproExpectation e;
    e.hasCheck = needs.hasCheck;
    QCOMPARE(OutcomeClassifier::classifyExpecting(asPosted, e).kind, ReproOutcome::Kind::NoCheck);
    const SandboxRunResult checked = run(needs.assertCloseVariant, u"print_mismatch.py"_s);
    e.hasCheck = true;
    e.error = ErrorSignature::parse(u"AssertionError: Tensor-likes are not"_s);
    const ReproOutcome outcome = OutcomeClassifier::classifyExpecting(checked, e);
    QVERIFY2(outcome.kind == ReproOutcome::Kind::SameError, qPrintable(outcome.detail));
}

QTEST_GUILESS_MAIN(tst_ReproNeedsProbe)
#include "tst_reproneedsprobe.moc"
