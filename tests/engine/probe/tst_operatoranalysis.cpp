// SPDX-License-Identifier: MIT
#include "engine/probe/operatoranalysis.h"
#include "engine/probe/operatorprobejob.h"
#include "engine/repro/pythonenvironment.h"
#include "tests/support/testvenv.h"

#include <QSignalSpy>
#include <QTest>

#include <optional>

using namespace Qt::StringLiterals;

// The analysis of real probe runs (real bubblewrap, python3, torch). A wrong result is made on purpose: the
// test patches the probe's own sandboxed script so that DTensor treats cumsum as point-wise, which scans each
// shard on its own — the kind of strategy bug the probe is there to catch.
class tst_OperatorAnalysis final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void categoryFromTheName_data();
    void categoryFromTheName();
    void wrongShardIsReportedAsWrong();
    void missingStrategyIsAFeature();

private:
    OperatorProbeOutcome m_patched;
    PythonEnvironment m_python;
};

void tst_OperatorAnalysis::initTestCase()
{
    const QList<PythonEnvironment> environments = TestVenv::probe();
    QVERIFY(!environments.isEmpty());
    m_python = environments.first();
    QVERIFY2(!m_python.torchVersion.isEmpty(), "these tests need torch in the system python");

    const Result<QString> script = OperatorProbeJob::bundledScript();
    QVERIFY2(script, qPrintable(script.error()));
    QString patched = script.value();
    const QString anchor = u"\n\ndef worker("_s;
    QVERIFY(patched.contains(anchor));
    // At module level, so every spawned rank (which re-imports the script) has it too.
    patched.replace(anchor, u"\n\nfrom torch.distributed.tensor._op_schema import RuntimeSchemaInfo\n"
                            "from torch.distributed.tensor._ops._pointwise_ops import pointwise_strategy\n"
                            "from torch.distributed.tensor._ops.utils import register_op_strategy\n"
                            "register_op_strategy(torch.ops.aten.cumsum.default, "
                            "schema_info=RuntimeSchemaInfo(1))(pointwise_strategy)\n"_s +
                                anchor);
    OperatorProbeJob job;
    job.setScriptText(patched);
    std::optional<Result<OperatorProbeOutcome>> result;
    connect(&job, &OperatorProbeJob::finished, this, [&](const Result<OperatorProbeOutcome> &r) { result.emplace(r); });
    QSignalSpy finished(&job, &OperatorProbeJob::finished);
    job.start({u"aten.cumsum.default"_s, u"aten.cumprod.default"_s}, {2}, m_python);
    QVERIFY(finished.wait(300000));
    QVERIFY2(result->ok(), qPrintable(result->error()));
    m_patched = result->value();
    QVERIFY2(m_patched.complete(),
             qPrintable(m_patched.problem + QString::fromUtf8(m_patched.run.stderrTail.right(2000))));
}

void tst_OperatorAnalysis::categoryFromTheName_data()
{
    QTest::addColumn<QString>("op");
    QTest::addColumn<QString>("category");
    QTest::newRow("mm") << u"aten.mm.default"_s << u"matmul"_s;
    QTest::newRow("kron") << u"aten.kron.default"_s << u"matmul"_s;
    QTest::newRow("cumsum") << u"aten.cumsum.default"_s << u"reduction"_s;
    QTest::newRow("sum dim") << u"aten.sum.dim_IntList"_s << u"reduction"_s;
    QTest::newRow("permute") << u"aten.permute.default"_s << u"reshape/view"_s;
    QTest::newRow("gather") << u"aten.gather.default"_s << u"gather/index"_s;
    QTest::newRow("index_select") << u"aten.index_select.default"_s << u"gather/index"_s;
    QTest::newRow("unknown, nothing probed") << u"aten.frobnicate.default"_s << u"other"_s;
}

void tst_OperatorAnalysis::categoryFromTheName()
{
    QFETCH(QString, op);
    QFETCH(QString, category);
    QCOMPARE(OperatorAnalysis::categoryName(OperatorAnalysis::categoryOf(op)), category);
}

void tst_OperatorAnalysis::wrongShardIsReportedAsWrong()
{
    const OperatorProbeOp *cumsum = m_patched.report.find(u"aten.cumsum.default"_s);
    QVERIFY(cumsum);
    QVERIFY(cumsum->strategyObserved()); // the patch registered one
    QVERIFY(cumsum->registry.registered);
    // The probe scans along dim 1: sharding that dim scans each shard alone; the other placements are right.
    for (const OperatorProbeCombination &c : cumsum->combinations) {
        const bool scannedDimSharded = c.placements == QStringList{u"Shard(1)"_s};
        QCOMPARE(c.status,
                 scannedDimSharded ? OperatorProbeCombination::Status::Wrong : OperatorProbeCombination::Status::Ok);
        if (scannedDimSharded)
            QVERIFY2(c.error.contains(u"not close"_s), qPrintable(c.error));
    }

    const OperatorAnalysis analysis = OperatorAnalysis::analyse(*cumsum);
    QCOMPARE(analysis.wrong, 2); // dividing and non-dividing shapes
    QCOMPARE(analysis.wrongResults.size(), 2);
    for (const QString &line : analysis.wrongResults)
        QVERIFY2(line.contains(u"(Shard(1))"_s), qPrintable(line));
    QVERIFY(analysis.labels.contains(u"triage review"_s));
    QVERIFY(analysis.labels.contains(u"module: dtensor"_s));
    QVERIFY(!analysis.labels.contains(u"feature"_s));
    QVERIFY(analysis.comment.contains(u"**WRONG RESULTS: 2 placement combination(s)"_s));
    QVERIFY(analysis.comment.contains(u"### Wrong results"_s));
    QCOMPARE(analysis.category, OperatorAnalysis::Category::Reduction);
    // The generated test has the wrong combinations, built as the probe built them.
    QVERIFY(analysis.test.contains(u"def test_cumsum_divides_shard_1(self):"_s));
    QVERIFY(analysis.test.contains(u"def test_cumsum_does_not_divide_shard_1(self):"_s));
    QVERIFY(analysis.test.contains(u"dt0 = _dtensor(t0, Shard(1), mesh)"_s));
    QVERIFY(analysis.test.contains(u"out = torch.ops.aten.cumsum.default(dt0, 1)"_s));
    QVERIFY(!analysis.test.contains(u"_shard_0(self)"_s));
}

void tst_OperatorAnalysis::missingStrategyIsAFeature()
{
    const OperatorProbeOp *cumprod = m_patched.report.find(u"aten.cumprod.default"_s);
    QVERIFY(cumprod);
    QVERIFY(!cumprod->strategyObserved());
    const OperatorAnalysis analysis = OperatorAnalysis::analyse(*cumprod);
    QCOMPARE(analysis.labels, (QStringList{u"module: dtensor"_s, u"feature"_s}));
    QCOMPARE(analysis.wrong, 0);
    QCOMPARE(analysis.ok, 0);
    QVERIFY(analysis.comment.contains(u"**none registered**"_s));
    QVERIFY(analysis.comment.contains(u"Register a sharding strategy for `aten.cumprod.default`"_s));
    QVERIFY(!analysis.comment.contains(u"WRONG"_s));
    QVERIFY(analysis.partial.contains(u"2 raise"_s));
    QCOMPARE(analysis.broadcast, u"one tensor input: no broadcasting to check"_s);
    // Every combination raised, so each is in the test, on the 2-rank class.
    QVERIFY(analysis.test.contains(u"class DTensorCumprodOn2RanksTest(DTensorTestBase):"_s));
    QCOMPARE(analysis.test.count(u"@with_comms"_s), 8);
}

QTEST_GUILESS_MAIN(tst_OperatorAnalysis)
#include "tst_operatoranalysis.moc"
