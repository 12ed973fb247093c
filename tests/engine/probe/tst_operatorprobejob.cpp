// SPDX-License-Identifier: MIT
#include "engine/probe/operatorprobejob.h"
#include "engine/repro/pythonenvironment.h"
#include "tests/support/testvenv.h"

#include <QSignalSpy>
#include <QTest>

#include <optional>

using namespace Qt::StringLiterals;

// Real bubblewrap, real python3 and torch: the bundled probe starts its own Gloo ranks inside the sandbox.
class tst_OperatorProbeJob final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void normalizesOpNames_data();
    void normalizesOpNames();
    void rejectsWhatIsNotAnOp();
    void probesOpsOnTwoRanks();
    void cancelStopsTheRanks();

private:
    PythonEnvironment m_python;
};

void tst_OperatorProbeJob::initTestCase()
{
    const QList<PythonEnvironment> environments = TestVenv::probe();
    QVERIFY(!environments.isEmpty());
    m_python = environments.first();
    QVERIFY2(m_python.isUsable(), qPrintable(m_python.probeError));
    QVERIFY2(!m_python.torchVersion.isEmpty(), "these tests need torch in the system python");
}

void tst_OperatorProbeJob::normalizesOpNames_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("name");
    QTest::newRow("full") << u"aten.cumsum.default"_s << u"aten.cumsum.default"_s;
    QTest::newRow("no overload") << u"aten.kron"_s << u"aten.kron.default"_s;
    QTest::newRow("torch.ops") << u"torch.ops.aten.mul.Tensor"_s << u"aten.mul.Tensor"_s;
    QTest::newRow("double colon") << u"aten::mm"_s << u"aten.mm.default"_s;
    QTest::newRow("bare") << u"matmul"_s << u"aten.matmul.default"_s;
    QTest::newRow("spaces") << u"  aten.add.Tensor "_s << u"aten.add.Tensor"_s;
    QTest::newRow("code") << u"import os; os.system('x')"_s << QString();
    QTest::newRow("other namespace") << u"prims.sum.default"_s << QString();
    QTest::newRow("empty") << QString() << QString();
}

void tst_OperatorProbeJob::normalizesOpNames()
{
    QFETCH(QString, text);
    QFETCH(QString, name);
    QCOMPARE(OperatorProbeJob::normalizedOpName(text), name);
}

void tst_OperatorProbeJob::rejectsWhatIsNotAnOp()
{
    OperatorProbeJob job;
    std::optional<Result<OperatorProbeOutcome>> outcome;
    connect(&job, &OperatorProbeJob::finished, this,
            [&](const Result<OperatorProbeOutcome> &r) { outcome.emplace(r); });
    QSignalSpy finished(&job, &OperatorProbeJob::finished);
    job.start({u"aten.cumsum.default"_s, u"x; rm -rf /"_s}, {2}, m_python);
    QCOMPARE(finished.count(), 1);
    QVERIFY(!outcome->ok());
    QCOMPARE(outcome->errorKind(), ErrorKind::Failed); // could not run: nothing was started
    QVERIFY2(outcome->error().contains(u"x; rm -rf /"_s), qPrintable(outcome->error()));
    QVERIFY(!job.isRunning());
}

void tst_OperatorProbeJob::probesOpsOnTwoRanks()
{
    OperatorProbeJob job;
    std::optional<Result<OperatorProbeOutcome>> result;
    connect(&job, &OperatorProbeJob::finished, this, [&](const Result<OperatorProbeOutcome> &r) { result.emplace(r); });
    QSignalSpy finished(&job, &OperatorProbeJob::finished);
    QSignalSpy progress(&job, &OperatorProbeJob::progress);
    job.start({u"aten.cumsum.default"_s, u"aten.mul.Tensor"_s}, {2}, m_python);
    QVERIFY(finished.wait(300000));
    QVERIFY2(result->ok(), qPrintable(result->error()));
    const OperatorProbeOutcome outcome = result->value();
    QVERIFY2(outcome.complete(), qPrintable(outcome.problem + QString::fromUtf8(outcome.run.stderrTail.right(2000))));
    QVERIFY2(outcome.report.problems().isEmpty(), qPrintable(outcome.report.problems().join(u'\n')));
    QVERIFY(outcome.report.torchVersion().startsWith(u"2."_s));
    QCOMPARE(progress.count(), outcome.report.combinationCount()); // live: one signal per combination

    // cumsum has no strategy in this torch: every placement raises the dispatcher's message, and the probe's
    // finding agrees with DTensor's registry.
    const OperatorProbeOp *cumsum = outcome.report.find(u"aten.cumsum.default"_s);
    QVERIFY(cumsum);
    QVERIFY(cumsum->schema.startsWith(u"aten::cumsum("_s));
    QVERIFY(!cumsum->strategyObserved());
    QCOMPARE(cumsum->registry.supported, cumsum->strategyObserved());
    // One 2-D input: Shard(0), Shard(1), Replicate(), Partial() on a dividing and a non-dividing shape.
    QCOMPARE(cumsum->combinations.size(), 8);
    for (const OperatorProbeCombination &c : cumsum->combinations) {
        QCOMPARE(c.status, OperatorProbeCombination::Status::Raises);
        QVERIFY2(c.error.contains(u"does not have a sharding strategy registered"_s), qPrintable(c.error));
        QCOMPARE(c.ranks, 2);
    }

    // mul broadcasts: the probe adds the broadcasting case, and every combination matches on one device.
    const OperatorProbeOp *mul = outcome.report.find(u"aten.mul.Tensor"_s);
    QVERIFY(mul);
    QVERIFY(mul->strategyObserved());
    QCOMPARE(mul->registry.supported, true);
    QVERIFY(mul->hasCase(u"broadcast"_s));
    QVERIFY(mul->hasCase(u"does not divide"_s));
    QCOMPARE(mul->count(OperatorProbeCombination::Status::Wrong), 0);
    bool shardedOut = false, redistributedPartial = false;
    for (const OperatorProbeCombination &c : mul->combinations) {
        QVERIFY2(c.status == OperatorProbeCombination::Status::Ok, qPrintable(c.placements.join(u' ') + c.error));
        if (c.placements == QStringList{u"Shard(0)"_s, u"Shard(0)"_s} && c.caseName == u"divides"_s) {
            QCOMPARE(c.outputPlacements, QStringList{u"Shard(0)"_s});
            QVERIFY(!c.redistributed);
            shardedOut = true;
        }
        if (c.placements == QStringList{u"Partial()"_s, u"Partial()"_s})
            redistributedPartial = redistributedPartial || c.redistributed;
    }
    QVERIFY(shardedOut);
    QVERIFY(redistributedPartial); // a product of two partial sums needs them reduced first

    const QJsonObject json = outcome.report.toJson();
    QCOMPARE(json.value(u"ops"_s).toArray().size(), 2);
}

void tst_OperatorProbeJob::cancelStopsTheRanks()
{
    OperatorProbeJob job;
    std::optional<Result<OperatorProbeOutcome>> result;
    connect(&job, &OperatorProbeJob::finished, this, [&](const Result<OperatorProbeOutcome> &r) { result.emplace(r); });
    QSignalSpy finished(&job, &OperatorProbeJob::finished);
    connect(&job, &OperatorProbeJob::progress, &job, [&job] { job.cancel(); });
    job.start({u"aten.mul.Tensor"_s, u"aten.add.Tensor"_s, u"aten.mm.default"_s}, {2, 4}, m_python);
    QVERIFY(job.isRunning());
    QVERIFY(finished.wait(300000));
    QVERIFY(!result->ok());
    QCOMPARE(result->errorKind(), ErrorKind::Cancelled);
    QVERIFY(result->partial()); // the combinations probed before the cancel
    const OperatorProbeOutcome outcome = *result->partial();
    QVERIFY(outcome.report.combinationCount() >= 1);
    QVERIFY(!outcome.report.find(u"aten.mm.default"_s));
    QVERIFY(!job.isRunning());
}

QTEST_GUILESS_MAIN(tst_OperatorProbeJob)
#include "tst_operatorprobejob.moc"
