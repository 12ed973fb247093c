// SPDX-License-Identifier: MIT
// Prints, for a fixed list of 40 ATen ops across the operator categories: the probe's "has a strategy" (from
// what DTensor did when the op ran) against DTensor's own registry (read separately, outside the sandbox, from
// the sharding propagator's op_strategy_funcs / op_to_rules and the dispatcher's custom handlers; an op that
// decomposes before DTensor sees it counts as supported when every op it reaches is registered), the wall time
// per op at each mesh size, and every wrong-result combination found. One sandboxed probe run does every op.
// Options: --ranks 2,4  --ops a,b,c (instead of the fixed list)
#include "benchsupport.h"
#include "engine/probe/operatoranalysis.h"
#include "engine/probe/operatorprobejob.h"
#include "engine/repro/pythonenvironment.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTextStream>

using namespace Qt::StringLiterals;

namespace {

// 40 ops: element-wise, matmul, reduction, reshape/view, gather/index; with and without a strategy in 2.6.
const QStringList FixedOps{
    // element-wise (10)
    u"aten.add.Tensor"_s,
    u"aten.mul.Tensor"_s,
    u"aten.div.Tensor"_s,
    u"aten.relu.default"_s,
    u"aten.gelu.default"_s,
    u"aten.sigmoid.default"_s,
    u"aten.tanh.default"_s,
    u"aten.pow.Tensor_Scalar"_s,
    u"aten.maximum.default"_s,
    u"aten.clamp_min.default"_s,
    // matmul (5)
    u"aten.mm.default"_s,
    u"aten.bmm.default"_s,
    u"aten.matmul.default"_s,
    u"aten.kron.default"_s,
    u"aten.linear.default"_s,
    // reduction (13)
    u"aten.sum.default"_s,
    u"aten.sum.dim_IntList"_s,
    u"aten.mean.dim"_s,
    u"aten.amax.default"_s,
    u"aten.max.dim"_s,
    u"aten.cumsum.default"_s,
    u"aten.cumprod.default"_s,
    u"aten.logsumexp.default"_s,
    u"aten._softmax.default"_s,
    u"aten._log_softmax.default"_s,
    u"aten.topk.default"_s,
    u"aten.sort.default"_s,
    u"aten.logcumsumexp.default"_s,
    // reshape/view (9)
    u"aten.view.default"_s,
    u"aten.permute.default"_s,
    u"aten.transpose.int"_s,
    u"aten.t.default"_s,
    u"aten.unsqueeze.default"_s,
    u"aten.squeeze.dim"_s,
    u"aten.flip.default"_s,
    u"aten.repeat.default"_s,
    u"aten.tril.default"_s,
    // gather/index (3)
    u"aten.gather.default"_s,
    u"aten.index_select.default"_s,
    u"aten.embedding.default"_s,
};

// Asks DTensor's registry, in the plain interpreter: argv is OP[:REACHED,REACHED…] for each op.
const char *RegistryScript = R"PY(
import json, sys
import torch
from torch.distributed.tensor import DTensor
d = DTensor._op_dispatcher
p = d.sharding_propagator
def resolve(name):
    _, packet, overload = name.split(".")
    return getattr(getattr(torch.ops.aten, packet), overload)
def registered(op):
    return op in p.op_strategy_funcs or op in p.op_to_rules or op in d._custom_op_handlers
out = {}
for arg in sys.argv[1:]:
    name, _, reached = arg.partition(":")
    op = resolve(name)
    composite = torch._C._dispatch_has_kernel_for_dispatch_key(op.name(), "CompositeImplicitAutograd")
    supported = registered(op)
    if not supported and composite and reached:
        supported = all(registered(resolve(r)) for r in reached.split(",") if not r.startswith("aten._to_copy"))
    out[name] = {"registered": registered(op), "composite": bool(composite), "supported": bool(supported)}
print(json.dumps(out))
)PY";

PythonEnvironment systemPython()
{
    PythonEnvironmentProbe probe;
    probe.setDiscoverConda(false);
    QList<PythonEnvironment> found;
    QEventLoop loop;
    QObject::connect(&probe, &PythonEnvironmentProbe::finished, &loop,
                     [&](const Result<QList<PythonEnvironment>> &envs) {
                         if (envs)
                             found = envs.value();
                         loop.quit();
                     });
    probe.start();
    if (found.isEmpty())
        loop.exec();
    return found.value(0);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    QStringList ops = FixedOps;
    QList<int> ranks{2, 4};
    const QStringList args = app.arguments();
    for (qsizetype i = 1; i + 1 < args.size(); ++i) {
        if (args[i] == u"--ops"_s)
            ops = args[i + 1].split(u',', Qt::SkipEmptyParts);
        if (args[i] == u"--ranks"_s) {
            ranks.clear();
            for (const QString &r : args[i + 1].split(u',', Qt::SkipEmptyParts))
                ranks.append(r.toInt());
        }
    }
    const PythonEnvironment python = systemPython();
    if (!python.isUsable() || python.torchVersion.isEmpty()) {
        out << "bench_operatorprobe: needs python3 with torch (" << python.probeError << ")\n";
        return 1;
    }
    out << "Operator probe: " << ops.size() << " ops\n";
    out.flush();

    OperatorProbeJob job;
    OperatorProbeOutcome outcome;
    QString stopped; // why the probe did not end well; empty when it did
    QElapsedTimer clock;
    clock.start();
    {
        QEventLoop loop;
        QObject::connect(&job, &OperatorProbeJob::finished, &loop, [&](const Result<OperatorProbeOutcome> &o) {
            if (o.partial())
                outcome = *o.partial();
            stopped = o ? o->problem : o.error();
            loop.quit();
        });
        job.start(ops, ranks, python);
        if (job.isRunning())
            loop.exec();
    }
    const qint64 wallMs = clock.elapsed();
    if (!stopped.isEmpty())
        out << "probe error: " << stopped << "\n";
    for (const QString &problem : outcome.report.problems())
        out << "problem: " << problem << "\n";

    // The registry, asked separately.
    QStringList registryArgs{u"-c"_s, QString::fromUtf8(RegistryScript)};
    for (const QString &op : ops) {
        const QString name = OperatorProbeJob::normalizedOpName(op);
        const OperatorProbeOp *probed = outcome.report.find(name);
        registryArgs.append(
            probed && !probed->registry.reaches.isEmpty() ? name + u':' + probed->registry.reaches.join(u',') : name);
    }
    QProcess registry;
    registry.start(python.interpreter, registryArgs);
    registry.waitForFinished(120000);
    const QJsonObject entries = QJsonDocument::fromJson(registry.readAllStandardOutput()).object();
    if (entries.isEmpty())
        out << "registry query failed: " << registry.readAllStandardError().right(1000) << "\n";

    QStringList sizes;
    for (int r : ranks)
        sizes.append(QString::number(r));
    out << u"%1 %2 %3 %4 %5 %6 %7"_s.arg(u"op"_s, -28)
               .arg(u"category"_s, -13)
               .arg(u"registry"_s, -9)
               .arg(u"probe"_s, -6)
               .arg(u"agree"_s, -6)
               .arg(u"ok/raise/wrong"_s, -15)
               .arg(u"seconds @ " + sizes.join(u" / "_s))
        << "\n";
    int agree = 0, disagree = 0;
    QStringList wrongLines;
    for (const QString &op : ops) {
        const QString name = OperatorProbeJob::normalizedOpName(op);
        const OperatorProbeOp *probed = outcome.report.find(name);
        const QJsonObject entry = entries.value(name).toObject();
        const bool known = !entry.isEmpty();
        const bool supported = entry.value(u"supported"_s).toBool();
        if (!probed || !probed->error.isEmpty() || probed->combinations.isEmpty()) {
            out << u"%1 not probed: %2"_s.arg(name, -28).arg(probed ? probed->error : u"missing"_s) << "\n";
            ++disagree;
            continue;
        }
        const bool observed = probed->strategyObserved();
        const bool same = known && observed == supported;
        (same ? agree : disagree)++;
        QStringList seconds;
        for (int r : ranks)
            seconds.append(QString::number(probed->secondsByRanks.value(r), 'f', 2));
        out << u"%1 %2 %3 %4 %5 %6 %7"_s.arg(name, -28)
                   .arg(OperatorAnalysis::categoryName(OperatorAnalysis::categoryOf(name, probed)), -13)
                   .arg(known ? (supported ? u"yes"_s : u"no"_s) : u"?"_s, -9)
                   .arg(observed ? u"yes"_s : u"no"_s, -6)
                   .arg(same ? u"yes"_s : u"NO"_s, -6)
                   .arg(u"%1/%2/%3"_s.arg(probed->count(OperatorProbeCombination::Status::Ok))
                            .arg(probed->count(OperatorProbeCombination::Status::Raises))
                            .arg(probed->count(OperatorProbeCombination::Status::Wrong)),
                        -15)
                   .arg(seconds.join(u" / "_s))
            << "\n";
        for (const OperatorProbeCombination &c : probed->combinations) {
            if (c.status == OperatorProbeCombination::Status::Wrong)
                wrongLines.append(u"  %1 on %2 ranks, %3: (%4) → output %5: %6"_s.arg(name).arg(c.ranks).arg(
                    c.caseName, c.placements.join(u", "_s), c.outputPlacements.join(u", "_s), c.error.left(80)));
        }
    }
    out << "\nWrong-result combinations: " << wrongLines.size() << "\n";
    for (const QString &line : wrongLines)
        out << line << "\n";
    out << "\nRegistry agreement: " << agree << " of " << ops.size() << " ops" << (disagree ? " (DISAGREEMENTS)" : "")
        << "\n";
    out << "Combinations: " << outcome.report.combinationCount() << "\n";
    out << "Wall time: " << QString::number(wallMs / 1000.0, 'f', 1) << " s for the sandboxed run (ranks "
        << sizes.join(u","_s) << ", process start included), " << QString::number(wallMs / 1000.0 / ops.size(), 'f', 2)
        << " s per op on average\n";
    out << "torch " << outcome.report.torchVersion() << ", " << python.label() << "\n";
    return disagree == 0 && stopped.isEmpty() ? 0 : 1;
}
