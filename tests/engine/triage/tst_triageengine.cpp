// SPDX-License-Identifier: MIT
#include "engine/triage/guardrails.h"
#include "engine/triage/textanalyzer.h"
#include "engine/triage/triageengine.h"

#include <QSet>
#include <QtConcurrent/QtConcurrentMap>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

const QString Distributed = u"oncall: distributed"_s;
const QString Parallelisms = u"oncall: distributed parallelisms"_s;
const QString Infra = u"oncall: distributed infra"_s;
const QString Checkpointing = u"oncall: distributed checkpointing"_s;
const QString Marker = u"ptd-bot-triaged"_s;
const QString Review = u"triage review"_s;
const QString NeedsRepro = u"needs reproduction"_s;

// A script that counts as a usable reproduction and names nothing distributed by itself.
const QString Script = u"\n```python\nimport torch\nx = torch.ones(3)\ny = x.sum()\nprint(y)\nz = y.item()\n```\n"_s;

Issue makeIssue(const QString &title, const QString &body, const QStringList &extraLabels = {},
                const QString &association = u"NONE"_s)
{
    Issue issue;
    issue.number = 4242;
    issue.title = title;
    issue.body = body;
    issue.authorAssociation = association;
    issue.labels = QStringList{Distributed} + extraLabels;
    return issue;
}

// The PT2 queue: the queue label is also where an issue stays unless it is redirected.
const QString Pt2 = u"oncall: pt2"_s;
const QString Export = u"oncall: export"_s;
const QString CpuInductor = u"oncall: cpu inductor"_s;
const QString Pt2Marker = u"bot-triaged"_s;
const QString Dynamo = u"module: dynamo"_s;
const QString Inductor = u"module: inductor"_s;
const QString DynamicShapes = u"module: dynamic shapes"_s;
const QString Dispatcher = u"module: pt2-dispatcher"_s;

Issue makePt2Issue(const QString &title, const QString &body, const QStringList &extraLabels = {},
                   const QString &association = u"NONE"_s)
{
    Issue issue = makeIssue(title, body, extraLabels, association);
    issue.labels = QStringList{Pt2} + extraLabels;
    return issue;
}

bool firedRule(const TriagePlan &plan, const QString &rule)
{
    for (const Evidence &evidence : plan.evidence) {
        if (evidence.rule == rule)
            return true;
    }
    return false;
}

QString describe(const TriagePlan &plan)
{
    QStringList rules;
    for (const Evidence &e : plan.evidence)
        rules.append(e.label + u" ← "_s + e.rule + u" ["_s + e.text + u']');
    return plan.decision.name() + u" / "_s + plan.subOncall + u" / "_s + plan.addLabels.join(u", "_s) + u"\n  "_s +
           rules.join(u"\n  "_s);
}

// First-level fixtures: a new issue carries no labels at all.
Issue newIssue(const QString &title, const QString &body, const QStringList &labels = {})
{
    Issue issue;
    issue.number = 777;
    issue.title = title;
    issue.body = body;
    issue.authorAssociation = u"NONE"_s;
    issue.labels = labels;
    return issue;
}

const QString Triaged = u"triaged"_s;
const QString BotTriaged = u"bot-triaged"_s;

} // namespace

class tst_TriageEngine : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        Result<RubricPack> pack = RubricPack::builtin(u"distributed"_s);
        QVERIFY2(pack.ok(), qPrintable(pack.error()));
        m_engine = std::make_unique<TriageEngine>(std::move(pack).value());
        Result<RubricPack> pt2 = RubricPack::builtin(u"pt2"_s);
        QVERIFY2(pt2.ok(), qPrintable(pt2.error()));
        m_pt2 = std::make_unique<TriageEngine>(std::move(pt2).value());
        Result<RubricPack> general = RubricPack::builtin(u"general"_s);
        QVERIFY2(general.ok(), qPrintable(general.error()));
        m_general = std::make_unique<TriageEngine>(std::move(general).value());
    }

    void procedure_data()
    {
        QTest::addColumn<Issue>("issue");
        QTest::addColumn<QString>("decision");
        QTest::addColumn<QString>("subOncall");
        QTest::addColumn<QStringList>("added");    // must be in add_labels
        QTest::addColumn<QStringList>("notAdded"); // must not be
        QTest::addColumn<QString>("rule");         // must have fired (empty: no check)

        // Step 0 and the sub-oncall rules.
        QTest::addRow("already classified")
            << makeIssue(u"[FSDP2] fully_shard hangs"_s, Script, {Infra, u"module: c10d"_s}) << u"already_classified"_s
            << Infra << QStringList{Marker} << QStringList{Parallelisms, u"module: fsdp"_s} << u"already-classified"_s;
        QTest::addRow("existing sub-oncall kept")
            << makeIssue(u"[FSDP2] fully_shard loses gradients"_s,
                         u"from torch.distributed.fsdp import fully_shard\nmodel = fully_shard(model)"_s + Script,
                         {Infra})
            << u"route"_s << Infra << QStringList{Marker} << QStringList{Parallelisms, Infra, u"module: fsdp"_s}
            << u"existing sub-oncall kept"_s;
        QTest::addRow("a route and its module read the same words")
            << makeIssue(u"TORCH_DISTRIBUTED_DEBUG=DETAIL reports a false mismatch for all_to_all_single"_s,
                         u"We use nccl here."_s)
            << QString() << Infra << QStringList{Infra, u"module: c10d"_s} << QStringList{Parallelisms}
            << u"precedence: infra"_s;
        QTest::addRow("a module label a human set routes, and is the evidence")
            << makeIssue(u"DISABLED test_backward_outside (__main__.AutogradUnderWrapperTest)"_s,
                         u"Platforms: linux. Flaky in CI."_s, {u"module: rpc"_s})
            << QString() << Infra << QStringList{Infra} << QStringList{Parallelisms} << u"precedence: infra"_s;
        QTest::addRow("classify symm_mem through NVSHMEM")
            << makeIssue(u"all_to_all_vdev hangs with the NVSHMEM backend"_s,
                         u"```python\nimport torch.distributed._symmetric_memory as symm_mem\n"
                         u"symm_mem.set_backend(\"NVSHMEM\")\nout = symm_mem.empty(n, device=dev)\n```"_s)
            << u"route"_s << Infra << QStringList{Infra, u"module: symm_mem"_s} << QStringList{Parallelisms}
            << QString();
        QTest::addRow("confusion: symmetric memory's rendezvous is not elastic's")
            << makeIssue(u"invalid device ordinal when calling symm_mem.rendezvous on a subgroup"_s,
                         u"```python\nimport torch.distributed._symmetric_memory as symm_mem\n"
                         u"buf = symm_mem.empty(n, device=dev)\nhdl = symm_mem.rendezvous(buf, group)\n```"_s)
            << u"route"_s << Infra << QStringList{Infra, u"module: symm_mem"_s} << QStringList{u"module: elastic"_s}
            << u"confusion: symmetric-memory-rendezvous"_s;
        QTest::addRow("default route, low confidence")
            << makeIssue(u"Training is odd on my cluster"_s, u"Something looks off."_s + Script) << u"low_confidence"_s
            << Parallelisms << QStringList{Parallelisms, Review, Marker} << QStringList{NeedsRepro}
            << u"default sub-oncall"_s;
        QTest::addRow("classify fsdp")
            << makeIssue(
                   u"[FSDP2] fully_shard crashes with MixedPrecisionPolicy"_s,
                   u"```python\nimport torch\nfrom torch.distributed.fsdp import fully_shard, MixedPrecisionPolicy\n"
                   u"model = fully_shard(model, mp_policy=MixedPrecisionPolicy(param_dtype=torch.bfloat16))\n"
                   u"loss = model(x).sum()\nloss.backward()\n```"_s)
            << u"classify"_s << Parallelisms << QStringList{Parallelisms, u"module: fsdp"_s, Marker}
            << QStringList{Review, NeedsRepro, u"module: dtensor"_s} << u"module signals"_s;

        // Step 1: not distributed.
        QTest::addRow("out of scope: nccl symbol at import")
            << makeIssue(
                   u"ImportError: undefined symbol: ncclAlltoAll"_s,
                   u"After pip install, import torch fails with ImportError: libtorch_cuda.so: undefined symbol"_s)
            << u"not_distributed"_s << Infra << QStringList{Review, Marker}
            << QStringList{Infra, Parallelisms, u"module: nccl"_s} << u"out of scope: nccl-symbol-at-import"_s;
        QTest::addRow("out of scope: single device")
            << makeIssue(u"CUDA out of memory when training a ResNet"_s,
                         u"On a single GPU the model runs out of memory after 3 epochs."_s)
            << u"not_distributed"_s << QString() << QStringList{Review, Marker} << QStringList{Parallelisms}
            << u"out of scope: single-device"_s;
        QTest::addRow("out of scope: compile only")
            << makeIssue(u"torch.compile graph break in my attention block"_s,
                         u"Dynamo reports a graph break and inductor falls back."_s)
            << u"not_distributed"_s << QString() << QStringList{Review, Marker} << QStringList{Parallelisms}
            << u"out of scope: compile-only"_s;

        // Edge cases.
        QTest::addRow("edge: NCCL timeout during FSDP is infra")
            << makeIssue(u"FSDP training stops with NCCL timeout"_s,
                         u"[rank0]: Watchdog caught collective operation timeout: WorkNCCL(SeqNum=5, OpType=ALLGATHER) "
                         u"ran for 600000 milliseconds before timing out.\nThe model is wrapped with "
                         u"FullyShardedDataParallel."_s)
            << u"route"_s << Infra << QStringList{Infra, Marker} << QStringList{Parallelisms, NeedsRepro}
            << u"edge case: collective-timeout-during-training"_s;
        QTest::addRow("edge: FSDP state-dict internals are parallelisms")
            << makeIssue(
                   u"[FSDP] state_dict_type with ShardedStateDictConfig returns wrong keys"_s,
                   u"with FSDP.state_dict_type(model, StateDictType.SHARDED_STATE_DICT, ShardedStateDictConfig()):\n"
                   u"    sd = model.state_dict()"_s +
                       Script)
            << u"classify"_s << Parallelisms << QStringList{Parallelisms, u"module: fsdp"_s}
            << QStringList{Checkpointing} << u"edge case: fsdp-state-dict-internals"_s;
        QTest::addRow("edge: DCP save/load is checkpointing")
            << makeIssue(u"dcp.load fails to restore an FSDP model"_s,
                         u"import torch.distributed.checkpoint as dcp\ndcp.save(state_dict, checkpoint_id=path)\n"
                         u"dcp.load(state_dict, checkpoint_id=path)\nraises CheckpointException on rank 1"_s)
            << u"route"_s << Checkpointing << QStringList{Checkpointing, Marker}
            << QStringList{Parallelisms, u"module: fsdp"_s, u"module: distributed_checkpoint"_s}
            << u"precedence: checkpointing"_s;
        QTest::addRow("edge: torchrun rendezvous failure is infra")
            << makeIssue(u"torchrun fails with RendezvousTimeoutError on 2 nodes"_s,
                         u"torchrun --nnodes=2 --rdzv_backend=c10d --rdzv_endpoint=host:29400 train_ddp.py\n"
                         u"The DDP script never starts."_s)
            << u"route"_s << Infra << QStringList{Infra, Marker} << QStringList{Parallelisms, NeedsRepro}
            << u"edge case: launch-or-rendezvous-failure"_s;
        QTest::addRow("edge: DDP failing after a good launch is parallelisms")
            << makeIssue(u"DDP training fails with find_unused_parameters error"_s,
                         u"Launched with torchrun --nproc_per_node=2; all processes start fine. Then "
                         u"DistributedDataParallel raises RuntimeError: Expected to have finished reduction in the "
                         u"prior iteration before starting a new one."_s +
                             Script)
            << u"classify"_s << Parallelisms << QStringList{Parallelisms, u"module: ddp"_s}
            << QStringList{Infra, u"module: elastic"_s} << u"edge case: training-fails-after-good-launch"_s;
        QTest::addRow("edge: backend selection at init is infra")
            << makeIssue(
                   u"init_process_group fails: Unknown c10d backend type MPI"_s,
                   u"dist.init_process_group(backend='mpi') raises AssertionError: Unknown c10d backend type MPI"_s +
                       Script)
            << u"route"_s << Infra << QStringList{Infra} << QStringList{Parallelisms}
            << u"edge case: backend-selection-at-init"_s;

        // Confusions.
        QTest::addRow("confusion: DataParallel with DDP in sight")
            << makeIssue(u"DistributedDataParallel hangs on backward"_s,
                         u"model = nn.parallel.DistributedDataParallel(model)\nI moved from DataParallel last week."_s +
                             Script)
            << u"classify"_s << Parallelisms << QStringList{u"module: ddp"_s} << QStringList{u"module: data parallel"_s}
            << u"confusion: dataparallel-vs-ddp"_s;
        QTest::addRow("confusion: legacy DataParallel alone")
            << makeIssue(u"nn.DataParallel replicas give wrong output"_s,
                         u"model = torch.nn.DataParallel(model) on 4 GPUs returns different values"_s + Script)
            << u"high_priority"_s << Parallelisms << QStringList{u"module: data parallel"_s}
            << QStringList{u"module: ddp"_s} << QString();
        QTest::addRow("confusion: activation vs distributed checkpoint")
            << makeIssue(u"dcp.save fails for my model"_s,
                         u"import torch.distributed.checkpoint as dcp\napply_activation_checkpointing(model)\n"
                         u"dcp.save(model.state_dict(), checkpoint_id=path)\nFSDP model, torchrun on 2 GPUs"_s)
            << QString() << Checkpointing << QStringList{Checkpointing}
            << QStringList{u"module: activation checkpointing"_s}
            << u"confusion: activation-vs-distributed-checkpoint"_s;
        QTest::addRow("confusion: activation checkpointing is not distributed checkpoint")
            << makeIssue(u"FSDP with activation checkpointing recomputes twice"_s,
                         u"from torch.utils.checkpoint import checkpoint\nmodel = FSDP(model)\n"
                         u"apply_activation_checkpointing(model) and checkpoint(block, x) run the forward twice"_s +
                             Script)
            << QString() << Parallelisms << QStringList{u"module: activation checkpointing"_s}
            << QStringList{Checkpointing, u"module: distributed_checkpoint"_s} << QString();
        QTest::addRow("confusion: sharding alone is not FSDP")
            << makeIssue(u"Sharding sharded weights is slow"_s, u"sharding takes minutes"_s + Script)
            << u"low_confidence"_s << Parallelisms << QStringList{Review} << QStringList{u"module: fsdp"_s}
            << u"confusion: sharding-alone-is-not-fsdp"_s;
        QTest::addRow("confusion: NCCL at import is packaging")
            << makeIssue(u"undefined symbol ncclCommResume when importing torch"_s,
                         u"import torch\nImportError: undefined symbol: ncclCommResume"_s)
            << u"not_distributed"_s << Infra << QStringList{Review} << QStringList{u"module: nccl"_s} << QString();
        QTest::addRow("confusion: NCCL only as the backend")
            << makeIssue(u"all_gather returns wrong results on two GPUs"_s,
                         u"dist.init_process_group('nccl')\ndist.all_gather(out, t)"_s + Script)
            << u"high_priority"_s << Infra << QStringList{u"module: c10d"_s} << QStringList{u"module: nccl"_s}
            << u"confusion: nccl-is-only-the-backend-in-use"_s;
        QTest::addRow("confusion: NCCL named in the title is the subject")
            << makeIssue(u"all_gather with the NCCL backend returns wrong results"_s,
                         u"dist.init_process_group('nccl')\ndist.all_gather(out, t)"_s + Script)
            << u"high_priority"_s << Infra << QStringList{u"module: nccl"_s} << QStringList{u"module: c10d"_s}
            << u"confusion: nccl-in-the-title-is-nccl"_s;
        QTest::addRow("confusion: c10d on the call path")
            << makeIssue(
                   u"FSDP backward fails after unfreezing"_s,
                   u"```\nTraceback (most recent call last):\n  File \"/x/torch/distributed/fsdp/_runtime_utils.py\", "
                   u"line 3, in f\n  File \"/x/torch/distributed/distributed_c10d.py\", line 9, in all_reduce\n"
                   u"  File \"/x/torch/csrc/distributed/c10d/Work.cpp\", line 2, in barrier\n"
                   u"RuntimeError: bad\n```\nmodel = FSDP(model, use_orig_params=True)"_s +
                       Script)
            << u"classify"_s << Parallelisms << QStringList{u"module: fsdp"_s} << QStringList{u"module: c10d"_s, Infra}
            << u"confusion: c10d-on-the-call-path"_s;
        QTest::addRow("confusion: compile mishandling a collective")
            << makeIssue(u"torch.compile graph break on dist.all_reduce"_s,
                         u"torch._dynamo.exc.Unsupported: async_op=True for dist.all_reduce in torch.compile"_s +
                             Script,
                         {u"oncall: pt2"_s})
            << QString() << QString() << QStringList{} << QStringList{u"module: c10d"_s}
            << u"confusion: compile-mishandling-collectives"_s;
        QTest::addRow("confusion: DTensor as the FSDP2 substrate")
            << makeIssue(u"[FSDP2] fully_shard drops gradients of frozen layers"_s,
                         u"The parameters become DTensor after fully_shard(model), and grads are None."_s + Script)
            << u"classify"_s << Parallelisms << QStringList{u"module: fsdp"_s} << QStringList{u"module: dtensor"_s}
            << u"confusion: dtensor-as-fsdp2-substrate"_s;
        QTest::addRow("DTensor's own RNG tracker under FSDP2 is DTensor's too")
            << makeIssue(u"DTensor RNG tracker resets the CPU generator under FSDP2 CPU offload"_s,
                         u"With fully_shard(model, offload_policy=CPUOffloadPolicy()) random ops on the parameters "
                         u"go through the DTensor RNG tracker, which forks the CUDA generator."_s +
                             Script)
            << QString() << Parallelisms << QStringList{u"module: fsdp"_s, u"module: dtensor"_s} << QStringList{}
            << QString();
        QTest::addRow("confusion: DeviceMesh used by others")
            << makeIssue(u"[FSDP2] HSDP with a 2-D mesh fails"_s,
                         u"mesh = init_device_mesh('cuda', (2, 4), mesh_dim_names=('dp', 'shard'))\n"
                         u"fully_shard(model, mesh=mesh) and the DeviceMesh device mesh is 2-D"_s +
                             Script)
            << u"classify"_s << Parallelisms << QStringList{u"module: fsdp"_s} << QStringList{u"module: DeviceMesh"_s}
            << u"confusion: devicemesh-used-by-others"_s;

        // Confidence caps.
        QTest::addRow("cap: PT2 overlap keeps distributed labels at MEDIUM")
            << makeIssue(u"[FSDP2] torch.compile of fully_shard model fails"_s,
                         u"from torch.distributed.fsdp import fully_shard\nmodel = fully_shard(model)\n"
                         u"torch.compile(model) raises an error in dynamo"_s +
                             Script,
                         {u"oncall: pt2"_s})
            << u"classify"_s << Parallelisms << QStringList{u"module: fsdp"_s} << QStringList{u"oncall: pt2"_s}
            << u"confidence cap: pt2-overlap"_s;

        // Type labels.
        QTest::addRow("type: feature")
            << makeIssue(u"[RFC] Expose per-bucket hooks in DDP"_s,
                         u"### 🚀 The feature, motivation and pitch\nI propose a new hook API for DDP buckets."_s)
            << u"classify"_s << Parallelisms << QStringList{u"feature"_s} << QStringList{u"enhancement"_s, NeedsRepro}
            << u"type: feature"_s;
        QTest::addRow("type: performance enhancement")
            << makeIssue(u"Make all_gather_into_tensor faster for small tensors"_s,
                         u"### 🚀 The feature, motivation and pitch\nall_gather is slow for many small tensors; it "
                         u"would be great to make it faster, performance matters here."_s)
            << u"route"_s << Infra << QStringList{u"enhancement"_s, u"module: performance"_s}
            << QStringList{u"feature"_s, NeedsRepro} << u"type: performance-enhancement"_s;
        QTest::addRow("type: enhancement")
            << makeIssue(u"Improve the error message of monitored_barrier"_s,
                         u"### 🚀 The feature, motivation and pitch\nmonitored_barrier currently works but the error "
                         u"message should name every failed rank."_s)
            << u"route"_s << Infra << QStringList{u"enhancement"_s} << QStringList{u"feature"_s}
            << u"type: enhancement"_s;

        // High priority: review label, never the marker, never `high priority`.
        const QStringList noMarker{Marker, u"high priority"_s};
        QTest::addRow("high priority: crash")
            << makeIssue(u"Segmentation fault in ProcessGroupGloo allreduce"_s,
                         u"dist.all_reduce(t) with gloo: Segmentation fault (core dumped)"_s + Script)
            << u"high_priority"_s << Infra << QStringList{Review} << noMarker << u"high priority: crash"_s;
        QTest::addRow("high priority: silently wrong")
            << makeIssue(u"DTensor redistribute gives wrong results"_s,
                         u"distribute_tensor(t, mesh, [Shard(0)]).redistribute(mesh, [Replicate()]) gives wrong "
                         u"results without any error"_s +
                             Script)
            << u"high_priority"_s << Parallelisms << QStringList{Review, u"module: dtensor"_s} << noMarker
            << u"high priority: silently-wrong-results"_s;
        QTest::addRow("high priority: regression")
            << makeIssue(u"DDP static_graph fails in 2.5, used to work in 2.4"_s,
                         u"This is a regression: DistributedDataParallel(model, static_graph=True) fails."_s + Script)
            << u"high_priority"_s << Parallelisms << QStringList{Review} << noMarker << u"high priority: regression"_s;
        QTest::addRow("high priority: multi-node hang")
            << makeIssue(u"Job hangs on multi-node training"_s,
                         u"With 2 nodes and DDP the job hangs at the first all_reduce."_s + Script)
            << u"high_priority"_s << QString() << QStringList{Review} << noMarker
            << u"high priority: multi-node-hang"_s;
        QTest::addRow("high priority: checkpoint corruption")
            << makeIssue(u"Async checkpoint writes corrupted files"_s,
                         u"dcp.async_save produces a corrupt checkpoint when the model changes."_s + Script)
            << u"high_priority"_s << Checkpointing << QStringList{Review} << noMarker
            << u"high priority: checkpoint-corruption"_s;
        QTest::addRow("high priority: internal assert")
            << makeIssue(
                   u"c10d INTERNAL ASSERT FAILED in ProcessGroupNCCL"_s,
                   u"RuntimeError: INTERNAL ASSERT FAILED at \"torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp\""_s +
                       Script)
            << u"high_priority"_s << Infra << QStringList{Review} << noMarker << u"high priority: internal-assert"_s;

        // Reproduction.
        QTest::addRow("repro: none → ask")
            << makeIssue(u"DDP hangs sometimes"_s, u"It hangs after a while, no idea why."_s) << u"needs_reproduction"_s
            << Parallelisms << QStringList{NeedsRepro, Marker} << QStringList{Review} << u"no usable reproduction"_s;
        QTest::addRow("repro: script present")
            << makeIssue(u"DDP hangs sometimes"_s, u"Here is my script:"_s + Script) << u"classify"_s << Parallelisms
            << QStringList{Marker} << QStringList{NeedsRepro} << QString();
        QTest::addRow("repro: CI test report is exempt")
            << makeIssue(u"DISABLED test_ddp_logging_data_cpu (__main__.TestDistBackendWithFork)"_s,
                         u"Platforms: linux. This test was disabled because it is failing on main."_s)
            << u"classify"_s << Parallelisms << QStringList{u"module: ddp"_s} << QStringList{NeedsRepro} << QString();
        QTest::addRow("repro: maintainer is exempt")
            << makeIssue(u"DDP hangs sometimes"_s, u"Tracking this for the team."_s, {}, u"MEMBER"_s) << u"classify"_s
            << Parallelisms << QStringList{} << QStringList{NeedsRepro} << QString();
    }

    void procedure() { checkProcedureRow(*m_engine, true, u"needs_distributed_reproduction"_s, u"not_distributed"_s); }

    // Where a module's words stand (context rules, incidental text) and the confusions that resolve which
    // module is meant. Each row: the module label and the confidence it must get (None: not suggested).
    void context_data()
    {
        QTest::addColumn<Issue>("issue");
        QTest::addColumn<QString>("label");
        QTest::addColumn<int>("confidence");
        QTest::addColumn<QString>("rule"); // must have fired (empty: no check)

        const int None = int(Confidence::None);
        const int Medium = int(Confidence::Medium);
        const int High = int(Confidence::High);
        const QString ciLog = u"Platforms: linux. This test was disabled because it is failing in CI.\n```\n"
                              u"[rank1]: RuntimeError: DTensor redistribute failed in FullyShardedDataParallel\n"
                              u"[rank1]:   File \"/x/torch/distributed/tensor/_redistribute.py\", line 3, in f\n```"_s;

        QTest::addRow("ci report: module from the test class")
            << makeIssue(u"DISABLED test_allgather_uneven (__main__.TestFSDPCollectives)"_s, ciLog) << u"module: fsdp"_s
            << Medium << u"context: ci-test-report-read-from-the-test"_s;
        QTest::addRow("ci report: log words name no module")
            << makeIssue(u"DISABLED test_allgather_uneven (__main__.TestFSDPCollectives)"_s, ciLog)
            << u"module: dtensor"_s << None << u"context: ci-test-report-read-from-the-test"_s;
        QTest::addRow("ci report: a test naming nothing gets nothing")
            << makeIssue(u"DISABLED test_save_then_load (__main__.TestRoundTrip)"_s, ciLog) << u"module: fsdp"_s << None
            << u"context: ci-test-report-read-from-the-test"_s;
        QTest::addRow("ci report: flaky test")
            << makeIssue(u"test_fsdp_grad_clip is flaky"_s, ciLog) << u"module: fsdp"_s << Medium
            << u"context: ci-test-report-read-from-the-test"_s;
        // FSDP: the one module whose HIGH is not held back by a ceiling, so HIGH shows the whole text was read.
        QTest::addRow("not a ci report: a user's flaky job is read whole")
            << makeIssue(u"Flaky hang after a few hundred steps"_s,
                         u"```python\nmodel = FSDP(model, use_orig_params=True)\n```"_s)
            << u"module: fsdp"_s << High << QString();
        QTest::addRow("not a ci report: a user's test script is read whole")
            << makeIssue(u"My test_train.py fails with FSDP2"_s,
                         u"```python\nfrom torch.distributed.fsdp import fully_shard\n"
                         u"fully_shard(model, mesh=mesh)\n```"_s)
            << u"module: fsdp"_s << High << QString();

        QTest::addRow("tag: the tagged module is the subject")
            << makeIssue(u"[DDP] Gradients are None when blocks are wrapped in checkpoint_wrapper"_s,
                         u"```python\nmodel = DDP(checkpoint_wrapper(block))\nloss = model(x).sum()\n```"_s)
            << u"module: ddp"_s << Medium << QString();
        QTest::addRow("tag: a module beside the tag is context")
            << makeIssue(u"[DDP] Gradients are None when blocks are wrapped in checkpoint_wrapper"_s,
                         u"```python\nmodel = DDP(checkpoint_wrapper(block))\nloss = model(x).sum()\n```"_s)
            << u"module: activation checkpointing"_s << None << u"context: tagged-component-is-the-subject"_s;
        QTest::addRow("tag: a module with its own frames is kept")
            << makeIssue(u"[FSDP2] backward fails on uneven shards"_s,
                         u"Traceback (most recent call last):\n"
                         u"  File \"/x/torch/distributed/tensor/_ops/_view_ops.py\", line 7, in prop\n"
                         u"NotImplementedError: Operator aten.view.default does not have a sharding strategy "
                         u"registered.\n"_s)
            << u"module: dtensor"_s << Medium << QString();
        QTest::addRow("tag: no tag, both modules count")
            << makeIssue(u"DDP gradients are None when blocks are wrapped in checkpoint_wrapper"_s,
                         u"```python\nmodel = DDP(checkpoint_wrapper(block))\nloss = model(x).sum()\n```"_s)
            << u"module: activation checkpointing"_s << Medium << QString();

        QTest::addRow("passing: a body word beside a title subject")
            << makeIssue(u"ColwiseParallel shards the bias twice"_s,
                         u"We train with tensor parallel; the rest of the model uses FSDP. The bias ends up with the "
                         u"wrong shape."_s)
            << u"module: fsdp"_s << None << u"context: mention-in-passing"_s;
        QTest::addRow("passing: the same module in code is no passing mention")
            << makeIssue(u"ColwiseParallel shards the bias twice"_s,
                         u"```python\nmodel = FSDP(model, use_orig_params=True)\n```\nThe bias has the wrong "
                         u"shape."_s)
            << u"module: fsdp"_s << High << QString();
        QTest::addRow("passing: nothing in the title, the body decides")
            << makeIssue(u"Training is slower than expected"_s,
                         u"We wrap the model in DDP and the step time doubled compared to one GPU."_s)
            << u"module: ddp"_s << Medium << QString();

        const QString imports = u"```python\nimport torch\nimport torch.distributed.rpc as rpc\nmodel = Net()\n"
                                u"loss = model(x).sum()\nloss.backward()\n```"_s;
        QTest::addRow("import: imported, never used") << makeIssue(u"Loss diverges after the first epoch"_s, imports)
                                                      << u"module: rpc"_s << None << u"context: imported-not-used"_s;
        QTest::addRow("import: imported and called")
            << makeIssue(u"Loss diverges after the first epoch"_s,
                         imports + u"\n```python\nrpc.init_rpc('worker0', rank=0, world_size=2)\n"
                                   u"rpc.rpc_sync('worker1', torch.add, args=(t, 1))\n```"_s)
            << u"module: rpc"_s << Medium << QString();

        QTest::addRow("incidental: environment dump")
            << makeIssue(u"Loss is NaN after resuming training"_s,
                         u"Training resumes from step 1000 and the loss is NaN.\n\n### Versions\n"
                         u"PyTorch version: 2.5.1\n[pip3] torchrec==1.0 (DistributedDataParallel helpers)\n"_s)
            << u"module: ddp"_s << None << QString();
        QTest::addRow("incidental: cc list")
            << makeIssue(u"Training hangs at the first step"_s,
                         u"It hangs after the first batch on 2 nodes.\n\ncc @fsdp-owners @alice"_s)
            << u"module: fsdp"_s << None << QString();

        QTest::addRow("confusion: a backend that cannot be found is c10d's")
            << makeIssue(u"init_process_group('mpi') fails on our cluster"_s,
                         u"RuntimeError: Unknown c10d backend type MPI. We built from source with MPI installed."_s)
            << u"module: mpi"_s << None << u"confusion: backend-lookup-is-c10d"_s;
        QTest::addRow("confusion: NCCL that is not built in is c10d's")
            << makeIssue(u"NCCL backend missing on our nightly build"_s,
                         u"dist.init_process_group('nccl') says the NCCL error: ProcessGroupNCCL is not built with "
                         u"NCCL support, unhandled system error follows."_s)
            << u"module: nccl"_s << None << u"confusion: backend-lookup-is-c10d"_s;
        QTest::addRow("confusion: the MPI backend misbehaving is MPI")
            << makeIssue(u"MPI backend reports rank -1 on every process"_s,
                         u"Built with USE_MPI=1; dist.init_process_group('mpi') works but get_rank() returns -1 on "
                         u"every process."_s)
            << u"module: mpi"_s << Medium << QString();
        QTest::addRow("confusion: a backend in the title is the setting")
            << makeIssue(u"Run the DDP bucketing tests on the Gloo backend too"_s,
                         u"The bucketing tests only run with NCCL today although nothing in them needs it."_s)
            << u"module: c10d"_s << None << u"confusion: collectives-used-by-a-parallelism"_s;
        QTest::addRow("confusion: the parallelism beside the backend is the subject")
            << makeIssue(u"Run the DDP bucketing tests on the Gloo backend too"_s,
                         u"The bucketing tests only run with NCCL today although nothing in them needs it."_s)
            << u"module: ddp"_s << Medium << QString();
        QTest::addRow("confusion: a process group in the title is the collective layer")
            << makeIssue(u"ProcessGroupGloo allreduce hangs with large DDP buckets"_s,
                         u"```python\npg = dist.new_group(backend='gloo')\ndist.all_reduce(t, group=pg)\n```"_s)
            << u"module: c10d"_s << Medium << QString();
    }

    void context()
    {
        QFETCH(Issue, issue);
        QFETCH(QString, label);
        QFETCH(int, confidence);
        QFETCH(QString, rule);

        const TriagePlan plan = m_engine->plan(issue);
        const QString why = describe(plan);
        QVERIFY2(plan.confidenceOf(label) == Confidence(confidence),
                 qPrintable(label + u" is "_s + confidenceName(plan.confidenceOf(label)) + u": "_s + why));
        // Weighed at that confidence: applied, or (after a route to a team that triages its own issues) offered.
        QCOMPARE(plan.addLabels.contains(label) || plan.offeredLabels().contains(label),
                 confidence != int(Confidence::None));
        if (!rule.isEmpty())
            QVERIFY2(firedRule(plan, rule), qPrintable(u"rule did not fire: "_s + rule + u": "_s + why));
        // Rationale for a label held back never passes for evidence of one.
        for (const Evidence &e : plan.evidence) {
            if (e.rule.startsWith(u"context: "_s) || e.rule.startsWith(u"confusion: "_s))
                QVERIFY2(e.label.isEmpty(), qPrintable(e.rule));
        }
        // Nothing suggested stands on incidental text.
        for (const Evidence &e : plan.evidence) {
            if (e.start < 0 || e.label.isEmpty() || e.where != "body"_L1)
                continue;
            const AnalyzedText body = TextAnalyzer::analyze(issue.body, u"body"_s);
            QVERIFY2(body.kindAt(e.start) != SegmentKind::Incidental, qPrintable(e.label + u": "_s + e.text));
        }
    }

    void evidencePointsIntoTheText()
    {
        Issue issue = makeIssue(u"[FSDP2] fully_shard crashes"_s, u"We call fully_shard(model) on 8 GPUs."_s);
        issue.comments.append(Comment{u"someone"_s, u"NONE"_s, u"Same with FSDP2 here."_s, {}});
        const TriagePlan plan = m_engine->plan(issue);
        bool sawComment = false;
        for (const Evidence &e : plan.evidence) {
            if (e.start < 0)
                continue;
            const QString &source = e.where == "title"_L1  ? issue.title
                                    : e.where == "body"_L1 ? issue.body
                                                           : issue.comments.at(e.where.mid(8).toInt() - 1).body;
            QVERIFY2(e.where == "title"_L1 || e.where == "body"_L1 || e.where.startsWith(u"comment "_s),
                     qPrintable(e.where));
            QCOMPARE(source.mid(e.start, e.length), e.text);
            sawComment = sawComment || e.where == "comment 1"_L1;
        }
        QVERIFY(plan.confidenceOf(u"module: fsdp"_s) != Confidence::None);
        Q_UNUSED(sawComment);
    }

    void highConfidenceNeedsCorroboration()
    {
        // A title word alone is MEDIUM; the same with API use in code is HIGH.
        const TriagePlan alone = m_engine->plan(makeIssue(u"FSDP FSDP question"_s, Script));
        QCOMPARE(alone.confidenceOf(u"module: fsdp"_s), Confidence::Medium);
        const TriagePlan corroborated = m_engine->plan(
            makeIssue(u"FSDP question"_s, u"from torch.distributed.fsdp import FullyShardedDataParallel\n"_s + Script));
        QCOMPARE(corroborated.confidenceOf(u"module: fsdp"_s), Confidence::High);
    }

    // A module humans label unevenly is offered at MEDIUM at most, however strong its words; the rationale says
    // why. The same pack without the ceiling gives HIGH, so it is the ceiling that holds it.
    void confidenceCeiling_data()
    {
        QTest::addColumn<Issue>("issue");
        QTest::addColumn<QString>("module");
        QTest::addColumn<QString>("id");

        QTest::addRow("dtensor") << makeIssue(
                                        u"[DTensor] redistribute from Shard(0) to Replicate returns wrong values"_s,
                                        u"```python\nfrom torch.distributed.tensor import distribute_tensor\n"
                                        u"dt = distribute_tensor(t, mesh, [Shard(0)])\n"
                                        u"out = dt.redistribute(mesh, [Replicate()]).full_tensor()\n```"_s +
                                            Script)
                                 << u"module: dtensor"_s << u"dtensor"_s;
        QTest::addRow("ddp") << makeIssue(u"DistributedDataParallel: gradients differ across ranks"_s,
                                          u"```python\nfrom torch.nn.parallel import DistributedDataParallel as DDP\n"
                                          u"model = DDP(model, device_ids=[rank])\nloss = model(x).sum()\n```"_s +
                                              Script)
                             << u"module: ddp"_s << u"ddp"_s;
    }

    void confidenceCeiling()
    {
        QFETCH(Issue, issue);
        QFETCH(QString, module);
        QFETCH(QString, id);
        const TriagePlan plan = m_engine->plan(issue);
        QVERIFY(plan.addLabels.contains(module));
        QCOMPARE(plan.confidenceOf(module), Confidence::Medium);
        const auto ceiling = std::find_if(plan.evidence.cbegin(), plan.evidence.cend(),
                                          [&](const Evidence &e) { return e.rule == u"confidence ceiling: "_s + id; });
        QVERIFY(ceiling != plan.evidence.cend());
        QCOMPARE(ceiling->text, module);
        QVERIFY(ceiling->label.isEmpty()); // rationale, not evidence for a label

        RubricPack unbounded = m_engine->pack();
        for (ModuleRule &rule : unbounded.modules)
            rule.ceiling = Confidence::High;
        const TriagePlan free = TriageEngine(std::move(unbounded)).plan(issue);
        QCOMPARE(free.confidenceOf(module), Confidence::High);
        QVERIFY(std::none_of(free.evidence.cbegin(), free.evidence.cend(),
                             [](const Evidence &e) { return e.rule.startsWith("confidence ceiling"_L1); }));
    }

    void confidenceCaps()
    {
        // On a PT2 issue the module label stays MEDIUM however strong the words.
        Issue pt2 =
            makeIssue(u"[FSDP2] torch.compile of fully_shard model fails"_s,
                      u"from torch.distributed.fsdp import fully_shard\nmodel = fully_shard(model)\n"_s + Script,
                      {u"oncall: pt2"_s});
        QCOMPARE(m_engine->plan(pt2).confidenceOf(u"module: fsdp"_s), Confidence::Medium);
        pt2.labels.removeAll(u"oncall: pt2"_s);
        QCOMPARE(m_engine->plan(pt2).confidenceOf(u"module: fsdp"_s), Confidence::High);

        // After routing to infra the rubric hands the issue to the team: module labels are advice, MEDIUM.
        const TriagePlan infra = m_engine->plan(makeIssue(
            u"monitored_barrier in ProcessGroupGloo reports only the first failed rank"_s,
            u"import torch.distributed as dist\ndist.init_process_group('gloo')\ndist.monitored_barrier(timeout=t)\n"
            u"ProcessGroupGloo raises for rank 1 only; c10d should report all of them."_s +
                Script));
        QCOMPARE(infra.subOncall, Infra);
        // … and offered, not applied: the team triages the rest.
        QVERIFY(!infra.addLabels.contains(u"module: c10d"_s));
        QVERIFY(infra.offeredLabels().contains(u"module: c10d"_s));
        QCOMPARE(infra.confidenceOf(u"module: c10d"_s), Confidence::Medium);
        QCOMPARE(infra.confidenceOf(Infra), Confidence::High);
    }

    // The first-level (`general`) profile, one row per rule of its procedure. Columns as in procedure(); `close`
    // says whether the plan closes the issue.
    void firstLevel_data()
    {
        QTest::addColumn<Issue>("issue");
        QTest::addColumn<QString>("decision");
        QTest::addColumn<QString>("templateKey");
        QTest::addColumn<bool>("close");
        QTest::addColumn<QStringList>("added");
        QTest::addColumn<QStringList>("notAdded");
        QTest::addColumn<QString>("rule");

        const QStringList oncalls = {u"oncall: pt2"_s,    u"oncall: distributed"_s,  u"oncall: export"_s,
                                     u"oncall: jit"_s,    u"oncall: quantization"_s, u"oncall: profiler"_s,
                                     u"oncall: mobile"_s, u"oncall: visualization"_s};
        const QString compileScript = u"\n```python\nimport torch\n@torch.compile(fullgraph=True)\ndef f(x):\n"
                                      u"    return x.sin()\nf(torch.randn(3))\n```\n"_s;

        // A row whose plan routes to one queue, with nothing else checked.
        const auto routesTo = [](const char *name, const Issue &issue, const QString &queue) {
            QTest::addRow("%s", name) << issue << u"route"_s << QString() << false << QStringList{queue}
                                      << QStringList{} << QString();
        };

        // Step 0: anything already routed is that queue's.
        QTest::addRow("already routed: any oncall label")
            << newIssue(u"torch.compile graph break on dict"_s, compileScript, {u"oncall: cpu inductor"_s})
            << u"already_routed"_s << QString() << false << QStringList{} << QStringList{BotTriaged, Triaged}
            << u"already routed"_s;
        // Step 1: questions, unclear reports, reproductions nobody can run.
        QTest::addRow("usage question: closed with the forum template")
            << newIssue(u"How do I freeze some layers of a model?"_s,
                        u"I am new to PyTorch. Is there a way to train only the last layer of my model? Any advice "
                        u"is welcome."_s)
            << u"close_question"_s << u"redirect_to_forum"_s << true << QStringList{BotTriaged} << QStringList{Triaged}
            << u"stop: usage-question"_s;
        QTest::addRow("a question with a traceback is a bug report")
            << newIssue(u"How do I fix this error?"_s,
                        u"Traceback (most recent call last):\n  File \"a.py\", line 3, in <module>\n    y = x.view(2)\n"
                        u"RuntimeError: shape '[2]' is invalid for input of size 3\n"_s)
            << QString() << QString() << false << QStringList{} << QStringList{} << QString();
        QTest::addRow("cannot tell: request more information")
            << newIssue(u"Something is off"_s, u"See the picture, it happens every time since yesterday."_s)
            << u"request_info"_s << u"request_more_info"_s << false << QStringList{BotTriaged} << QStringList{Triaged}
            << u"stop: cannot-tell"_s;
        QTest::addRow("extremal inputs: edge case and the numerical-accuracy note")
            << newIssue(u"exp overflows for inputs near torch.finfo(torch.float32).max"_s,
                        u"With x = torch.full((3,), 3.4e38) the result is inf; extreme values at the dtype limits."_s)
            << u"label"_s << u"numerical_accuracy"_s << false << QStringList{u"module: edge cases"_s, BotTriaged}
            << QStringList{Triaged} << u"stop: extremal-inputs"_s;
        QTest::addRow("external download: self-contained reproduction")
            << newIssue(u"Wrong output from my model after upgrading torch"_s,
                        u"Download the checkpoint from https://drive.google.com/file/d/abc/view and run "
                        u"inference.py."_s)
            << u"request_reproduction"_s << u"request_self_contained_reproduction"_s << false << QStringList{BotTriaged}
            << QStringList{Triaged, u"needs reproduction"_s} << u"stop: external-download"_s;
        QTest::addRow("private model, no script: self-contained reproduction")
            << newIssue(u"Training loss becomes NaN on GPU"_s,
                        u"It happens with our proprietary model; I cannot share the model or the data."_s)
            << u"request_reproduction"_s << u"request_self_contained_reproduction"_s << false << QStringList{BotTriaged}
            << QStringList{Triaged} << u"stop: not-self-contained"_s;
        // Step 3: exactly one oncall queue, and nothing else.
        QTest::addRow("route: pt2") << newIssue(u"torch.compile graph break on a dict subclass"_s,
                                                u"Dynamo reports a graph break and inductor recompiles every step."_s +
                                                    compileScript)
                                    << u"route"_s << QString() << false << QStringList{u"oncall: pt2"_s, BotTriaged}
                                    << QStringList{Triaged, u"module: dynamo"_s} << u"precedence: pt2"_s;
        QTest::addRow("route: distributed")
            << newIssue(u"[FSDP2] fully_shard hangs in all_gather with NCCL"_s,
                        u"Two nodes, torchrun, the job hangs in the first all_gather."_s)
            << u"route"_s << QString() << false << QStringList{u"oncall: distributed"_s, BotTriaged}
            << QStringList{Triaged, u"module: fsdp"_s} << u"precedence: distributed"_s;
        QTest::addRow("route: export") << newIssue(u"torch.export fails on a model with a data-dependent branch"_s,
                                                   u"ExportedProgram cannot be produced; run_decompositions raises."_s)
                                       << u"route"_s << QString() << false << QStringList{u"oncall: export"_s}
                                       << QStringList{Triaged} << u"precedence: export"_s;
        QTest::addRow("route: jit") << newIssue(u"TorchScript cannot script a method using a dataclass"_s,
                                                u"torch.jit.script(model) raises for the ScriptModule."_s)
                                    << u"route"_s << QString() << false << QStringList{u"oncall: jit"_s}
                                    << QStringList{Triaged} << u"precedence: jit"_s;
        QTest::addRow("route: quantization")
            << newIssue(u"Quantized model gives NaN after convert_fx"_s,
                        u"prepare_fx with the default qconfig, then calibrate; the observer sees zeros."_s)
            << u"route"_s << QString() << false << QStringList{u"oncall: quantization"_s} << QStringList{Triaged}
            << u"precedence: quantization"_s;
        QTest::addRow("route: profiler") << newIssue(
                                                u"torch.profiler drops CUDA kernels from the trace"_s,
                                                u"Kineto trace exported with export_chrome_trace misses kernels."_s)
                                         << u"route"_s << QString() << false << QStringList{u"oncall: profiler"_s}
                                         << QStringList{Triaged} << u"precedence: profiler"_s;
        QTest::addRow("route: mobile") << newIssue(
                                              u"Android app crashes loading a lite interpreter model"_s,
                                              u"Saved with _save_for_lite_interpreter after optimize_for_mobile."_s)
                                       << u"route"_s << QString() << false << QStringList{u"oncall: mobile"_s}
                                       << QStringList{Triaged} << u"precedence: mobile"_s;
        QTest::addRow("route: visualization")
            << newIssue(u"TensorBoard SummaryWriter add_graph fails"_s,
                        u"torch.utils.tensorboard cannot trace the model."_s)
            << u"route"_s << QString() << false << QStringList{u"oncall: visualization"_s} << QStringList{Triaged}
            << u"precedence: visualization"_s;
        // Step 4: the general queue — specific module labels, a type label, `triaged` when nothing needs review.
        QTest::addRow("general: module labels and triaged")
            << newIssue(u"DataLoader with num_workers=4 hangs on Windows"_s,
                        u"With persistent_workers the DataLoader never returns the first batch on Windows 11."_s)
            << u"classify"_s << QString() << false
            << QStringList{u"module: dataloader"_s, u"module: windows"_s, Triaged, BotTriaged} << oncalls
            << u"module signals"_s;
        QTest::addRow("general: MPS is not mobile")
            << newIssue(u"MPS: index_select returns garbage on Apple silicon"_s,
                        u"On device mps the result differs from CPU."_s + Script)
            << QString() << QString() << false << QStringList{u"module: mps"_s} << oncalls << u"module signals"_s;
        QTest::addRow("general: a test disabled on ROCm alone stays with ROCm")
            << newIssue(u"DISABLED test_ring_attention_sdpa (__main__.RingAttentionTest)"_s,
                        u"Platforms: rocm. This test was disabled because it is failing on main branch "
                        u"(test/distributed/tensor/test_attention.py)."_s)
            << u"classify"_s << QString() << false << QStringList{u"module: rocm"_s, Triaged} << oncalls
            << u"edge case: rocm-only-disabled-test"_s;
        QTest::addRow("general: the same test failing everywhere is distributed's")
            << newIssue(u"DISABLED test_ring_attention_sdpa (__main__.RingAttentionTest)"_s,
                        u"Platforms: linux. This test was disabled because it is failing on main branch "
                        u"(test/distributed/tensor/test_attention.py)."_s)
            << u"route"_s << QString() << false << QStringList{u"oncall: distributed"_s}
            << QStringList{u"module: rocm"_s} << QString();
        routesTo("general: a disabled test's class names its queue",
                 newIssue(u"DISABLED test_full_like (__main__.TestDTensorOpsCPU)"_s,
                          u"Platforms: linux. This test was disabled because it is failing on main branch."_s),
                 u"oncall: distributed"_s);
        QTest::addRow("general: functional collectives are distributed's, whatever compiles them")
            << newIssue(u"Add scatter to funcol"_s,
                        u"Inductor lowers all_gather and reduce_scatter from funcol, but there is no scatter, so the "
                        u"codegen falls back."_s)
            << u"route"_s << QString() << false << QStringList{u"oncall: distributed"_s}
            << QStringList{u"oncall: pt2"_s} << QString();
        routesTo("general: a CamelCase API name in a test class",
                 newIssue(u"DISABLED test_train_parity (__main__.TestFullyShardMixedPrecision)"_s,
                          u"Platforms: linux. This test was disabled because it is failing on main branch."_s),
                 u"oncall: distributed"_s);
        routesTo("general: SyncBatchNorm is distributed's",
                 newIssue(u"SyncBatchNorm should not sync in eval mode"_s,
                          u"In model.eval() the running statistics are used, yet every forward still waits on the "
                          u"other processes."_s),
                 u"oncall: distributed"_s);
        routesTo("general: a CamelCase AOTAutograd name is PT2's",
                 newIssue(u"AOTAutogradCache misses after a restart"_s,
                          u"The second process recomputes everything although the cache directory is shared."_s),
                 u"oncall: pt2"_s);
        routesTo("general: a custom_op is PT2's",
                 newIssue(u"[custom_op] registering an op with a Tuple argument fails unclearly"_s,
                          u"Registering an op whose schema takes a Tuple gives an error nobody can read."_s),
                 u"oncall: pt2"_s);
        routesTo("general: a SymFloat is PT2's, as a SymInt is",
                 newIssue(u"torch.tensor of two SymFloat values raises"_s,
                          u"Building a tensor from a list whose elements are SymFloat fails; plain floats work."_s),
                 u"oncall: pt2"_s);
        routesTo("general: auto_functionalized is PT2's",
                 newIssue(u"auto_functionalized ops are never written back in place"_s,
                          u"The mutated buffer is copied instead of written in place, so memory use doubles."_s),
                 u"oncall: pt2"_s);
        routesTo("general: the min-cut partitioner is PT2's",
                 newIssue(u"The min-cut partitioner leaves recomputed nodes untagged"_s,
                          u"Recomputed nodes carry no annotation, so later passes cannot tell them apart."_s),
                 u"oncall: pt2"_s);
        QTest::addRow("general: a [SymmMem] tag is distributed's")
            << newIssue(u"[SymmMem] is the enablement call still needed?"_s,
                        u"The examples call an enablement function first; can that be the default?"_s)
            << u"route"_s << QString() << false << QStringList{u"oncall: distributed"_s} << QStringList{} << QString();
        routesTo("general: ranks are distributed's",
                 newIssue(u"all_to_all_single hangs when some ranks send nothing"_s,
                          u"With two ranks and only one sending, the forward deadlocks."_s),
                 u"oncall: distributed"_s);
        routesTo("general: a fuzzer's divergence report is a bug, not a question",
                 newIssue(u"[Fuzzer][Eager/Compile Divergence] numerical difference between eager and compile"_s,
                          u"The generated program below gives results 8% apart under torch.compile."_s),
                 u"oncall: pt2"_s);
        QTest::addRow("general: building PyTorch is not torch.compile")
            << newIssue(u"Compiling PyTorch from source fails with gcc 13"_s,
                        u"python setup.py develop stops: CMake error in the build, then ninja: build stopped."_s)
            << u"classify"_s << QString() << false << QStringList{u"module: build"_s} << oncalls
            << u"edge case: building-pytorch-is-not-torch-compile"_s;
        QTest::addRow("general: torch.onnx.export is ONNX, not torch.export")
            << newIssue(u"torch.onnx.export fails for a model with LayerNorm"_s,
                        u"Exporting with opset 17 raises in the ONNX exporter; onnxruntime cannot load the file."_s)
            << QString() << QString() << false << QStringList{u"module: onnx"_s} << oncalls
            << u"edge case: onnx-export-is-onnx"_s;
        QTest::addRow("route: torch.export stays export")
            << newIssue(u"torch.export then torch.onnx.export of the ExportedProgram fails"_s,
                        u"torch.export.export(model) works, run_decompositions raises before ONNX sees it."_s)
            << u"route"_s << QString() << false << QStringList{u"oncall: export"_s} << QStringList{}
            << u"precedence: export"_s;
        QTest::addRow("general: a matrix decomposition is linear algebra, not the compiler")
            << newIssue(u"QR decomposition returns wrong signs for torch.linalg.qr on CPU"_s,
                        u"torch.linalg.qr and the LU decomposition disagree with numpy."_s + Script)
            << QString() << QString() << false << QStringList{u"module: linear algebra"_s} << oncalls
            << u"module signals"_s;
        QTest::addRow("general: a feature request gets a type label")
            << newIssue(u"[RFC] Add support for a cosine warmup scheduler in torch.optim.lr_scheduler"_s,
                        u"### The feature, motivation and pitch\nIt would be great to have a warmup option for "
                        u"lr_scheduler; please add it."_s)
            << QString() << QString() << false << QStringList{u"feature"_s, u"module: LrScheduler"_s} << oncalls
            << u"type: feature"_s;
        QTest::addRow("general: a new argument is a function request")
            << newIssue(u"Add a new argument to torch.nn.functional.pad for reflect mode on 5-D input"_s,
                        u"### The feature, motivation and pitch\nPlease add an argument so that pad can do it."_s)
            << QString() << QString() << false << QStringList{u"function request"_s} << oncalls
            << u"type: function-request"_s;
        QTest::addRow("general: high-priority signs go to review, not triaged")
            << newIssue(u"Segmentation fault in torch.linalg.svd on large matrices"_s,
                        u"The process dies with a segfault (core dumped) when calling torch.linalg.svd."_s + Script)
            << u"high_priority"_s << QString() << false << QStringList{u"triage review"_s, u"module: linear algebra"_s}
            << QStringList{Triaged, u"high priority"_s} << u"high priority: crash"_s;
        QTest::addRow("general: no specific module, a human looks")
            << newIssue(u"Unexpected result from a tensor operation"_s, u"The values look off."_s + Script)
            << u"low_confidence"_s << QString() << false << QStringList{u"triage review"_s} << QStringList{Triaged}
            << u"no module at MEDIUM confidence or better"_s;
    }

    void firstLevel()
    {
        QFETCH(Issue, issue);
        QFETCH(QString, decision);
        QFETCH(QString, templateKey);
        QFETCH(bool, close);
        QFETCH(QStringList, added);
        QFETCH(QStringList, notAdded);
        QFETCH(QString, rule);

        const TriageEngine &engine = *m_general;
        const TriagePlan plan = engine.plan(issue);
        const QString why = describe(plan);
        if (!decision.isEmpty())
            QVERIFY2(plan.decision.name() == decision, qPrintable(why));
        QVERIFY2(plan.templateKey == templateKey, qPrintable(why));
        QCOMPARE(plan.close, close);
        QCOMPARE(plan.stateReason, close ? u"not_planned"_s : QString());
        if (!templateKey.isEmpty())
            QCOMPARE(plan.comment, engine.pack().templateByKey(templateKey)->text);
        for (const QString &label : std::as_const(added))
            QVERIFY2(plan.addLabels.contains(label), qPrintable(u"missing "_s + label + u": "_s + why));
        for (const QString &label : std::as_const(notAdded))
            QVERIFY2(!plan.addLabels.contains(label), qPrintable(u"unexpected "_s + label + u": "_s + why));
        if (!rule.isEmpty())
            QVERIFY2(firedRule(plan, rule), qPrintable(u"rule did not fire: "_s + rule + u": "_s + why));

        // Whatever the path: at most one oncall label; a routed plan adds nothing but it and the marker; an
        // already-routed issue gets nothing at all; every label has evidence; the guardrails have no objection.
        QStringList oncall;
        for (const QString &label : plan.addLabels) {
            if (label.startsWith(u"oncall: "_s))
                oncall.append(label);
        }
        QVERIFY2(oncall.size() <= 1, qPrintable(why));
        if (plan.decision == TriageDecision::Route)
            QCOMPARE(plan.addLabels, (QStringList{oncall.value(0), BotTriaged}));
        if (plan.decision == TriageDecision::AlreadyRouted) {
            QVERIFY(plan.addLabels.isEmpty());
            QVERIFY(plan.comment.isEmpty());
        }
        if (plan.addLabels.contains(Triaged))
            QVERIFY2(!plan.addLabels.contains(u"triage review"_s), qPrintable(why));
        for (const QString &label : plan.addLabels) {
            QVERIFY2(engine.pack().allows(label), qPrintable(label));
            QVERIFY2(!engine.pack().forbidsPattern(label), qPrintable(label));
            bool evidenced = false;
            for (const Evidence &e : plan.evidence)
                evidenced = evidenced || e.label == label;
            QVERIFY2(evidenced, qPrintable(u"no evidence for "_s + label + u": "_s + why));
        }
        const QList<Violation> violations = Guardrails::check(plan, issue, engine.pack());
        QVERIFY2(violations.isEmpty(), qPrintable(violations.value(0).rule + u": "_s + violations.value(0).message));
    }

    // The general pack leaves the distributed procedure alone: a first-level pack's keys are off by default.
    void firstLevelKeysAreOffForDistributed()
    {
        const RubricPack &pack = m_engine->pack();
        QVERIFY(pack.skipLabelPrefixes.isEmpty());
        QVERIFY(pack.stopRules.isEmpty());
        QVERIFY(!pack.routeStops);
        QVERIFY(pack.completeLabel.isEmpty());
        QVERIFY(pack.defaultInShare);
        const Issue routedElsewhere = makeIssue(u"[FSDP2] fully_shard hangs"_s, Script, {u"oncall: pt2"_s});
        QVERIFY(m_engine->plan(routedElsewhere).decision != TriageDecision::AlreadyRouted);
    }

    void oddInput_data()
    {
        QTest::addColumn<Issue>("issue");
        QTest::addRow("empty") << makeIssue({}, {});
        QTest::addRow("only a fence") << makeIssue(u"```"_s, u"```\n```\n```"_s);
        QTest::addRow("unterminated traceback")
            << makeIssue(u"x"_s, u"Traceback (most recent call last):\n  File \""_s);
        QTest::addRow("control and non-ASCII characters")
            << makeIssue(u"FSDP \u0000\u0007 ✓ 𝔽𝕊𝔻ℙ"_s, QString(u"\u00e9\u4e2d\u0001"_s).repeated(50));
        QTest::addRow("long body") << makeIssue(u"DDP hangs"_s,
                                                u"dist.all_reduce(t)  # see torch/distributed/x.py\n"_s.repeated(4000));
        Issue comments = makeIssue(u"t"_s, u"b"_s);
        for (int i = 0; i < 300; ++i)
            comments.comments.append(Comment{u"a"_s, u"NONE"_s, u"same here with FSDP"_s, {}});
        QTest::addRow("many comments") << comments;
    }

    void oddInput()
    {
        QFETCH(Issue, issue);
        const TriagePlan plan = m_engine->plan(issue);
        QVERIFY(!plan.decision.isEmpty());
        QVERIFY(Guardrails::check(plan, issue, m_engine->pack()).isEmpty());
        for (const Evidence &e : plan.evidence)
            QVERIFY(e.start < 0 || e.length > 0);
    }

    void sharedAcrossThreads()
    {
        QList<Issue> issues;
        for (int i = 0; i < 200; ++i)
            issues.append(makeIssue(i % 2 ? u"[FSDP2] fully_shard hangs"_s : u"NCCL watchdog timeout"_s,
                                    u"collective operation timeout after fully_shard(model)"_s + QString::number(i)));
        const TriageEngine &engine = *m_engine;
        const QList<TriagePlan> parallel =
            QtConcurrent::blockingMapped(issues, [&engine](const Issue &issue) { return engine.plan(issue); });
        for (qsizetype i = 0; i < issues.size(); ++i) {
            const TriagePlan sequential = engine.plan(issues.at(i));
            QCOMPARE(parallel.at(i).addLabels, sequential.addLabels);
            QCOMPARE(parallel.at(i).evidence, sequential.evidence);
        }
    }

    void deterministic()
    {
        const Issue issue = makeIssue(u"NCCL watchdog timeout in FSDP"_s, u"collective operation timeout"_s);
        const TriagePlan a = m_engine->plan(issue);
        const TriagePlan b = m_engine->plan(issue);
        QCOMPARE(a.addLabels, b.addLabels);
        QCOMPARE(a.evidence, b.evidence);
    }

    // The pt2 profile: its rubric's rules, one row each, on small made-up issues.
    void pt2Procedure_data()
    {
        QTest::addColumn<Issue>("issue");
        QTest::addColumn<QString>("decision");
        QTest::addColumn<QString>("subOncall");
        QTest::addColumn<QStringList>("added");    // must be in add_labels
        QTest::addColumn<QStringList>("notAdded"); // must not be
        QTest::addColumn<QString>("rule");         // must have fired (empty: no check)

        const QString compiled = u"\n```python\nimport torch\n\n@torch.compile\ndef f(x):\n    return x.sin() + 1\n\n"
                                 u"x = torch.randn(8)\nprint(f(x))\n```\n"_s;

        // Rows about the CPU inductor redirect, with nothing else checked.
        const auto redirectedToCpuInductor = [](const char *name, const Issue &issue) {
            QTest::addRow("%s", name) << issue << QString() << CpuInductor << QStringList{CpuInductor} << QStringList{}
                                      << u"edge case: cpu-only-inductor"_s;
        };
        const auto staysWithPt2 = [](const char *name, const Issue &issue) {
            QTest::addRow("%s", name) << issue << QString() << Pt2 << QStringList{} << QStringList{CpuInductor}
                                      << QString();
        };
        // Rows about Python's object model in compiled code: Dynamo's, not the backend's.
        const auto constructIsDynamos = [](const char *name, const Issue &issue) {
            QTest::addRow("%s", name) << issue << QString() << Pt2 << QStringList{Dynamo} << QStringList{Inductor}
                                      << u"procedure: python-construct-in-compiled-code"_s;
        };

        QTest::addRow("already classified")
            << makePt2Issue(u"Inductor fails to lower aten.foo"_s, compiled, {Inductor}) << u"already_classified"_s
            << Pt2 << QStringList{Pt2Marker} << QStringList{Dynamo, Review} << u"already-classified"_s;
        QTest::addRow("graph break is dynamo")
            << makePt2Issue(u"[dynamo] graph break on a dict comprehension"_s,
                            u"torch._dynamo.exc.Unsupported: dict comprehension is not supported"_s + compiled)
            << u"classify"_s << Pt2 << QStringList{Dynamo, Pt2Marker} << QStringList{Inductor, DynamicShapes, Export}
            << u"module signals"_s;
        QTest::addRow("a domain tag leaves the PT2 component be")
            << makePt2Issue(u"[DTensor][compile] placements attribute breaks tracing"_s,
                            u"Dynamo wraps the DTensor as a plain TensorVariable, so reading .placements inside the "
                            u"compiled region graph breaks."_s +
                                compiled)
            << QString() << Pt2 << QStringList{Dynamo, u"module: dtensor"_s} << QStringList{Export} << QString();
        QTest::addRow("a component tag makes another component context")
            << makePt2Issue(u"[inductor] generated kernel is slow for a reduction"_s,
                            u"Dynamo captures one graph; the Triton kernel inductor emits is slower than eager."_s +
                                compiled)
            << QString() << Pt2 << QStringList{Inductor} << QStringList{Dynamo} << QString();
        QTest::addRow("PT2 frames on the stack are compile enough")
            << makePt2Issue(u"Indexing with a tensor index fails"_s,
                            u"Traceback (most recent call last):\n"
                            u"  File \"/usr/lib/python3/torch/_subclasses/fake_tensor.py\", line 1061, in "
                            u"__torch_dispatch__\n"
                            u"    return self.dispatch(func, types, args, kwargs)\n"
                            u"RuntimeError: cannot index with a data-dependent value\n"_s)
            << QString() << Pt2 << QStringList{Pt2Marker} << QStringList{Review} << QString();
        QTest::addRow("a disabled test's name names its backend")
            << makePt2Issue(u"DISABLED test_allreduce_inductor_cudagraph_trees (__main__.TestCollectives)"_s,
                            u"Platforms: linux. This test was disabled because it is failing on main."_s)
            << QString() << Pt2 << QStringList{Inductor} << QStringList{Dynamo} << QString();
        QTest::addRow("a disabled test's class names its backend")
            << makePt2Issue(u"DISABLED test_comprehensive_linalg_lu_cuda_float32 (__main__.TestInductorOpInfoCUDA)"_s,
                            u"Platforms: linux. This test was disabled because it is failing on main."_s)
            << QString() << Pt2 << QStringList{Inductor} << QStringList{Dynamo} << QString();
        QTest::addRow("dynamic=False fixes it: dynamic shapes, not dynamo")
            << makePt2Issue(u"torch.compile recompiles on every batch size"_s,
                            u"With dynamic=False it works fine. Dynamo recompiles and the SymInt guards fail."_s +
                                compiled)
            << u"classify"_s << Pt2 << QStringList{DynamicShapes} << QStringList{Dynamo}
            << u"procedure: dynamic-false-fixes-it"_s;
        QTest::addRow("data-dependent guard is dynamic shapes")
            << makePt2Issue(
                   u"GuardOnDataDependentSymNode in torch.compile with .item()"_s,
                   u"Dynamo stops: torch.fx.experimental.symbolic_shapes.GuardOnDataDependentSymNode: Could not "
                   u"guard on data-dependent expression Eq(u0, 1)"_s +
                       compiled)
            << u"classify"_s << Pt2 << QStringList{DynamicShapes} << QStringList{Dynamo}
            << u"confusion: shapes-not-dynamo"_s;
        QTest::addRow("isolation: fails on aot_eager, not eager → dispatcher")
            << makePt2Issue(u"torch.compile gives wrong strides for an inplace view"_s,
                            u"backend=\"eager\" works. With backend=\"aot_eager\" it fails: the output metadata "
                            u"differs."_s +
                                compiled)
            << u"classify"_s << Pt2 << QStringList{Dispatcher} << QStringList{Inductor}
            << u"procedure: fails-on-aot-eager-not-eager"_s;
        QTest::addRow("isolation: fails on inductor, not aot_eager → inductor")
            << makePt2Issue(u"torch.compile output is wrong for a masked sum"_s,
                            u"aot_eager works and matches eager. With backend=\"inductor\" the result is wrong."_s +
                                compiled)
            << u"classify"_s << Pt2 << QStringList{Inductor} << QStringList{Dispatcher}
            << u"procedure: fails-on-inductor-not-aot-eager"_s;
        QTest::addRow("isolation: fails while tracing → dynamo")
            << makePt2Issue(u"torch.compile fails on a generator expression"_s,
                            u"Even backend=\"eager\" fails, so it breaks while tracing the bytecode."_s + compiled)
            << u"classify"_s << Pt2 << QStringList{Dynamo} << QStringList{Inductor, Dispatcher}
            << u"procedure: fails-while-tracing"_s;
        QTest::addRow("isolation: the eager backend fails too → dynamo, with no Dynamo word")
            << makePt2Issue(u"torch.compile raises on a model that builds a dict of lists"_s,
                            u"Switching to backend=\"eager\" still fails with the same error."_s + compiled)
            << u"classify"_s << Pt2 << QStringList{Dynamo} << QStringList{Inductor, Dispatcher}
            << u"procedure: fails-even-on-eager-backend"_s;
        QTest::addRow("isolation: eager backend works, aot_eager fails → not dynamo")
            << makePt2Issue(u"torch.compile loses the strides of an output view"_s,
                            u"With backend=\"eager\" everything works; with backend=\"aot_eager\" it fails with a "
                            u"stride error."_s +
                                compiled)
            << u"classify"_s << Pt2 << QStringList{Dispatcher} << QStringList{Dynamo, Inductor}
            << u"procedure: fails-on-aot-eager-not-eager"_s;
        QTest::addRow("aot_autograd merely on the stack is not the dispatcher")
            << makePt2Issue(u"InductorError: LoweringException in aten.scatter_reduce"_s,
                            u"```\nTraceback (most recent call last):\n  File "
                            u"\"torch/_functorch/_aot_autograd/jit_compile_runtime_wrappers.py\", line 3, in f\n"
                            u"  File \"torch/_inductor/lowering.py\", line 9, in g\n"
                            u"torch._inductor.exc.InductorError: LoweringException: scatter_reduce\n```"_s +
                                compiled)
            << u"classify"_s << Pt2 << QStringList{Inductor} << QStringList{Dispatcher} << QString();
        // Rules written from the rubric's reasons, in the words a report uses when it summarises.
        QTest::addRow("dynamo failing to run an op on fake inputs is a tracing failure")
            << makePt2Issue(u"TorchRuntimeError when compiling a strided view"_s,
                            u"Dynamo failed to run FX node with fake tensors: call_function on a view with an odd "
                            u"stride raises."_s +
                                compiled)
            << u"classify"_s << Pt2 << QStringList{Dynamo} << QStringList{Inductor, Dispatcher}
            << u"procedure: fails-while-tracing"_s;
        QTest::addRow("no fake implementation is FakeTensor, in the dispatcher")
            << makePt2Issue(u"UnsupportedOperatorException for my extension op under torch.compile"_s,
                            u"The op has no meta kernel, so tracing raises "
                            u"torch._subclasses.fake_tensor.UnsupportedOperatorException."_s +
                                compiled)
            << u"classify"_s << Pt2 << QStringList{u"module: fakeTensor"_s, Dispatcher} << QStringList{Inductor}
            << u"module signals"_s;
        QTest::addRow("a wrong meta registration is FakeTensor, in the dispatcher")
            << makePt2Issue(u"Meta kernel of an op reports the wrong output stride under torch.compile"_s,
                            u"The meta registration returns contiguous strides while the real kernel returns "
                            u"channels-last."_s +
                                compiled)
            << QString() << Pt2 << QStringList{u"module: fakeTensor"_s, Dispatcher} << QStringList{} << QString();
        QTest::addRow("FakeTensor in passing is not its label")
            << makePt2Issue(u"torch.compile fails with a shape mismatch on my model"_s,
                            u"The error message prints a FakeTensor, then: RuntimeError: shape mismatch in the add."_s +
                                compiled)
            << QString() << Pt2 << QStringList{} << QStringList{u"module: fakeTensor"_s} << QString();
        QTest::addRow("AOTAutograd named once is the dispatcher, not aotdispatch")
            << makePt2Issue(u"Wrapper subclass inside another wrapper subclass breaks under torch.compile"_s,
                            u"A tensor subclass that wraps another wrapper subclass gives wrong gradients under "
                            u"torch.compile(backend=\"aot_eager\"); the flatten calls in Dynamo and AOTAutograd may be "
                            u"the cause. Without compile it is fine."_s)
            << QString() << Pt2 << QStringList{Dispatcher} << QStringList{u"module: aotdispatch"_s} << QString();
        QTest::addRow("a value read back with .item() is dynamic shapes")
            << makePt2Issue(u"Compiled function errors on a count read back from a tensor"_s,
                            u"The count comes from x.sum().item() and sizes a later view; it only gets past tracing "
                            u"with capture_scalar_outputs set, and then u0 cannot be bounded."_s +
                                compiled)
            << u"classify"_s << Pt2 << QStringList{DynamicShapes} << QStringList{Dynamo} << QString();
        QTest::addRow("one telling word of a specific component is enough: dynamic in the title")
            << makePt2Issue(u"torch.compile errors once the sequence length is dynamic"_s,
                            u"The first call works, the second one with a longer input raises."_s + compiled)
            << QString() << Pt2 << QStringList{DynamicShapes} << QStringList{Dynamo} << QString();
        QTest::addRow("a varying batch size is dynamic shapes, not guards")
            << makePt2Issue(u"torch.compile recompiles for each different batch size"_s,
                            u"A varying batch size triggers a fresh compile on every call."_s + compiled)
            << u"classify"_s << Pt2 << QStringList{DynamicShapes} << QStringList{u"module: guards"_s} << QString();
        QTest::addRow("guards failing on non-shape state: guards and dynamo")
            << makePt2Issue(u"Guard failure on a module flag makes every step recompile"_s,
                            u"TORCH_LOGS=recompiles says the guards failed on self.training; after a while it hits "
                            u"recompile_limit."_s +
                                compiled)
            << u"classify"_s << Pt2 << QStringList{u"module: guards"_s, Dynamo} << QStringList{DynamicShapes}
            << QString();
        QTest::addRow("the title naming Dynamo keeps it beside dynamic shapes")
            << makePt2Issue(u"Dynamo fails to trace a size comparison inside a tensor subclass"_s,
                            u"The SymInt produced for the unbacked size u0 cannot be compared while tracing."_s +
                                compiled)
            << u"classify"_s << Pt2 << QStringList{Dynamo, DynamicShapes} << QStringList{} << QString();
        QTest::addRow("a lost mutation under aot_eager is the dispatcher")
            << makePt2Issue(u"Mutating a grad inside a custom autograd Function backward is lost under torch.compile"_s,
                            u"With backend='aot_eager' the change to the grad disappears and later steps read the "
                            u"stale value."_s +
                                compiled)
            << u"classify"_s << Pt2 << QStringList{Dispatcher} << QStringList{Inductor} << QString();
        QTest::addRow("a tangent in inductor's size assert is not the dispatcher")
            << makePt2Issue(u"Inductor assert_size_stride fails on a tangent in the backward"_s,
                            u"The generated code asserts on the stride of the tangent it receives."_s + compiled)
            << u"classify"_s << Pt2 << QStringList{Inductor} << QStringList{Dispatcher} << QString();
        QTest::addRow("control flow operators are higher-order operators")
            << makePt2Issue(u"A control flow operator rejects a branch that returns a view"_s,
                            u"The true_fn returns x.view(-1) and the false_fn returns x.clone(); compiling the model "
                            u"raises."_s +
                                compiled)
            << u"classify"_s << Pt2 << QStringList{u"module: higher order operators"_s} << QStringList{} << QString();
        QTest::addRow("an eager-correct update the compiled code skips is dynamo, not inductor")
            << makePt2Issue(u"Compiled forward gives a different output when a module counter is bumped"_s,
                            u"Under torch.compile the counter update has no effect and the output differs from eager; "
                            u"the second call reads a stale value."_s +
                                compiled)
            << QString() << Pt2 << QStringList{Dynamo} << QStringList{Inductor}
            << u"procedure: compile-mishandles-an-eager-op"_s;
        QTest::addRow("a compile failure only on XPU is that device's Inductor backend")
            << makePt2Issue(u"[XPU] torch.compile of a small convnet fails in the backward"_s,
                            u"Eager runs on the xpu device; only the compiled backward raises on XPU."_s + compiled)
            << QString() << Pt2 << QStringList{Inductor} << QStringList{CpuInductor, Dispatcher} << QString();
        QTest::addRow("compiled output drifting from eager is inductor")
            << makePt2Issue(u"Compiled softmax drifts away from eager in bf16"_s,
                            u"There is a clear divergence, and the largest discrepancy grows with the sequence "
                            u"length."_s +
                                compiled)
            << QString() << Pt2 << QStringList{Inductor} << QStringList{Dispatcher}
            << u"procedure: numerics-differ-from-eager"_s;
        QTest::addRow("reading out of bounds where eager refuses is inductor")
            << makePt2Issue(u"[torch.compile] index_select reads out of bounds"_s,
                            u"The compiled model returns garbage values; eager raises IndexError."_s + compiled)
            << QString() << Pt2 << QStringList{Inductor} << QStringList{Dynamo}
            << u"procedure: numerics-differ-from-eager"_s;
        QTest::addRow("torch.testing's 'not equal' is a divergence from eager")
            << makePt2Issue(u"torch.compile returns a different argmin index for a transposed tensor"_s,
                            u"torch.testing.assert_close(out, compiled_out) fails: Scalars are not equal!"_s + compiled)
            << QString() << Pt2 << QStringList{Inductor} << QStringList{} << u"procedure: numerics-differ-from-eager"_s;
        QTest::addRow("reduce-overhead's cudagraph trees are inductor too")
            << makePt2Issue(u"reduce-overhead: cudagraph trees overwrite an output between runs"_s,
                            u"With mode='reduce-overhead' the cudagraph trees replay clobbers an output tensor from "
                            u"the previous step."_s +
                                compiled)
            << QString() << Pt2 << QStringList{u"module: cuda graphs"_s, Inductor} << QStringList{} << QString();
        // Where a traceback raised (its innermost frame), not what it passed through, says whose code is wrong.
        const QString compiledCall = u"Traceback (most recent call last):\n  File \"repro.py\", line 12, in <module>\n"
                                     u"    out = f(x)\n  File \"torch/_dynamo/eval_frame.py\", line 600, in _fn\n"
                                     u"    return fn(*args, **kwargs)\n"_s;
        QTest::addRow("raised inside AOTAutograd: dispatcher and aotdispatch")
            << makePt2Issue(u"torch.compile: assertion about output metadata for a model returning a view"_s,
                            u"It fails on the first call.\n```\n"_s + compiledCall +
                                u"  File \"torch/_functorch/_aot_autograd/collect_metadata_analysis.py\", line 210, "
                                u"in inner\n    raise AssertionError(\"output metadata changed\")\n"
                                u"AssertionError: output metadata changed\n```\n"_s +
                                compiled)
            << u"classify"_s << Pt2 << QStringList{Dispatcher, u"module: aotdispatch"_s} << QStringList{Inductor}
            << u"procedure: raised-in-aot-autograd"_s;
        QTest::addRow("a named component's message is that component's")
            << makePt2Issue(u"Improve the error message for GuardOnDataDependentSymNode"_s,
                            u"The message for a data-dependent guard is confusing: it does not say which unbacked "
                            u"SymInt from .item() was guarded on, or suggest torch._check."_s +
                                compiled)
            << u"classify"_s << Pt2 << QStringList{DynamicShapes} << QStringList{u"module: compile ux"_s}
            << u"confusion: message-of-a-named-component"_s;
        QTest::addRow("a domain tag sets no bar for the component at fault")
            << makePt2Issue(u"[DTensor][FSDP] dynamo internal error for fully_shard(reshard_after_forward=2)"_s,
                            u"```python\nfrom torch.distributed._composable.fsdp import fully_shard\n"
                            u"from torch.distributed.tensor import DTensor, distribute_tensor\n"
                            u"model = fully_shard(model, reshard_after_forward=2)\n"
                            u"model = torch.compile(model)\nmodel(x).sum().backward()\n```\n"_s)
            << QString() << Pt2 << QStringList{Dynamo, u"module: fsdp"_s} << QStringList{} << QString();
        QTest::addRow("module hooks under compile are Dynamo's")
            << makePt2Issue(u"torch.compile ignores a forward hook registered after the first call"_s,
                            u"```python\nimport torch\nm = torch.compile(torch.nn.Linear(2, 2))\nm(torch.randn(2))\n"
                            u"m.register_forward_hook(lambda mod, i, o: print('hook'))\nm(torch.randn(2))\n```\n"
                            u"The hook never prints."_s)
            << u"classify"_s << Pt2 << QStringList{Dynamo} << QStringList{Inductor} << QString();
        QTest::addRow("compiled autograd owns it, Dynamo is only the way in")
            << makePt2Issue(u"Compiled autograd fails on a hook that reads ctx.saved_tensors"_s,
                            u"With torch._dynamo.config.compiled_autograd = True the backward raises "
                            u"torch._dynamo.exc.Unsupported: call_method on the autograd context."_s +
                                compiled)
            << u"classify"_s << Pt2 << QStringList{u"module: compiled autograd"_s} << QStringList{Dynamo}
            << u"confusion: a-component-with-its-own-label"_s;
        QTest::addRow("a title naming Dynamo keeps it")
            << makePt2Issue(u"[dynamo] compiled autograd graph break on a hook that reads ctx.saved_tensors"_s,
                            u"With torch._dynamo.config.compiled_autograd = True the backward raises "
                            u"torch._dynamo.exc.Unsupported: call_method on the autograd context."_s +
                                compiled)
            << u"classify"_s << Pt2 << QStringList{Dynamo} << QStringList{} << QString();
        QTest::addRow("fullgraph itself is Dynamo's graph capture")
            << makePt2Issue(u"fullgraph=True does not raise when DDP splits the graph"_s,
                            u"Wrapping the model in DistributedDataParallel and compiling with fullgraph=True "
                            u"runs without an error, although the graph is split per bucket."_s)
            << u"classify"_s << Pt2 << QStringList{Dynamo} << QStringList{Inductor}
            << u"procedure: about-the-capture-contract"_s;
        constructIsDynamos(
            "a Python construct in compiled code is Dynamo's",
            makePt2Issue(u"torch.compile raises AttributeError on a module that overrides __setattr__"_s,
                         u"Eager runs fine; the compiled model raises while assigning the buffer."_s + compiled));
        QTest::addRow("calling iter() on a compiled function's input is Dynamo's")
            << makePt2Issue(u"Compiled code gives a different result after calling iter() on a list argument"_s,
                            u"The compiled function returns the first element again; eager returns the next one."_s +
                                compiled)
            << QString() << Pt2 << QStringList{Dynamo} << QStringList{}
            << u"procedure: python-construct-in-compiled-code"_s;
        constructIsDynamos("a dunder method in compiled code is Dynamo's",
                           makePt2Issue(u"torch.compile fails when a user-defined object implements __index__"_s,
                                        u"Slicing a tensor with the object works in eager; the compiled function "
                                        u"raises TypeError."_s +
                                            compiled));
        constructIsDynamos("a partial function in compiled code is Dynamo's",
                           makePt2Issue(u"torch.compile raises KeyError on a functools.partial of the loss"_s,
                                        u"Calling the partial eagerly works."_s + compiled));
        QTest::addRow("the module torch.compile returns is Dynamo's wrapper")
            << makePt2Issue(u"OptimizedModule should forward load_state_dict to the original module"_s,
                            u"The compiled model's state_dict() keys all start with _orig_mod., so loading a "
                            u"checkpoint saved from the plain model fails."_s)
            << QString() << Pt2 << QStringList{Dynamo} << QStringList{Inductor} << u"module signals"_s;
        QTest::addRow("a named tuple without compilation is no Dynamo issue")
            << makePt2Issue(u"torch.topk's namedtuple result loses its field names after pickling"_s,
                            u"pickle.loads(pickle.dumps(torch.topk(x, 2))) returns a plain tuple."_s)
            << QString() << Pt2 << QStringList{} << QStringList{Dynamo} << QString();
        QTest::addRow("a higher-order op alone is not the dispatcher")
            << makePt2Issue(u"torch.cond rejects branches that return different dtypes"_s,
                            u"```python\nimport torch\n\n@torch.compile(fullgraph=True)\ndef f(x):\n"
                            u"    return torch.cond(x.sum() > 0, lambda x: x.sin(), lambda x: x.int(), (x,))\n\n"
                            u"f(torch.randn(3))\n```\n"_s)
            << u"classify"_s << Pt2 << QStringList{u"module: higher order operators"_s}
            << QStringList{Inductor, Dispatcher} << QString();
        QTest::addRow("slow to compile on the eager backend is Dynamo's")
            << makePt2Issue(u"torch.compile of a MoE model: long compilation time with backend=\"eager\""_s,
                            u"Compiling takes 20 minutes even with backend=\"eager\"; nothing fails."_s)
            << QString() << Pt2 << QStringList{Dynamo} << QStringList{Inductor}
            << u"procedure: slow-even-on-eager-backend"_s;
        QTest::addRow("flex attention brings the higher-order-op umbrella, not the dispatcher")
            << makePt2Issue(u"[FlexAttention] wrong gradients with a block mask"_s,
                            u"flex_attention with create_block_mask gives gradients that differ from SDPA."_s +
                                compiled)
            << QString() << Pt2 << QStringList{u"module: flex attention"_s, u"module: higher order operators"_s}
            << QStringList{Dispatcher} << u"umbrella of flex_attention"_s;
        QTest::addRow("symbolic sizes are dynamic shapes")
            << makePt2Issue(u"torch.compile: torch.diff breaks on a new input shape"_s,
                            u"The second call raises: Cannot call sizes() on tensor with symbolic sizes/strides."_s +
                                compiled)
            << QString() << Pt2 << QStringList{DynamicShapes} << QStringList{} << QString();
        QTest::addRow("raised inside symbolic shapes: dynamic shapes")
            << makePt2Issue(u"torch.compile raises while checking a size in my model"_s,
                            u"It fails on the first call.\n```\n"_s + compiledCall +
                                u"  File \"torch/fx/experimental/symbolic_shapes.py\", line 5000, in _decide\n"
                                u"    raise RuntimeError(msg)\nRuntimeError: cannot decide whether the size is zero\n"
                                u"```\n"_s +
                                compiled)
            << u"classify"_s << Pt2 << QStringList{DynamicShapes} << QStringList{Dispatcher}
            << u"procedure: raised-in-symbolic-shapes"_s;
        QTest::addRow("raised inside generated code: inductor")
            << makePt2Issue(u"Compiled model crashes after the first step"_s,
                            u"Eager runs fine.\n```\nTraceback (most recent call last):\n  File \"train.py\", line 30, "
                            u"in <module>\n    loss = model(batch)\n  File \"/tmp/torchinductor_me/ab/cabc123.py\", "
                            u"line 40, in call\n    buf0 = empty_strided(...)\nRuntimeError: CUDA error: an illegal "
                            u"memory access was encountered\n```\n"_s +
                                compiled)
            << QString() << Pt2 << QStringList{Inductor} << QStringList{Dispatcher}
            << u"procedure: raised-in-inductor"_s;
        QTest::addRow("a dispatcher path in a log line is not where anything raised")
            << makePt2Issue(u"torch.compile prints a warning on every step"_s,
                            u"The run finishes but the log fills up.\n```\nW0101 12:00:00.000000 1234 "
                            u"torch/_functorch/_aot_autograd/runtime_wrappers.py:100] a warning about the step\n"
                            u"W0101 12:00:01.000000 1234 torch/_functorch/_aot_autograd/runtime_wrappers.py:100] a "
                            u"warning about the step\n```\n"_s +
                                compiled)
            << QString() << Pt2 << QStringList{} << QStringList{Dispatcher, u"module: aotdispatch"_s} << QString();
        QTest::addRow("the minifier as the subject")
            << makePt2Issue(u"Accuracy minifier writes a repro that does not reproduce"_s,
                            u"TORCHDYNAMO_REPRO_AFTER=aot TORCHDYNAMO_REPRO_LEVEL=4 writes minifier_launcher.py, but "
                            u"the repro it produces passes."_s +
                                compiled)
            << QString() << Pt2 << QStringList{u"module: minifier"_s} << QStringList{} << u"module signals"_s;
        QTest::addRow("a repro the minifier wrote is not about the minifier")
            << makePt2Issue(u"Inductor produces NaN for a fused softmax"_s,
                            u"The compiled softmax returns NaN.\n\n### Minified repro\n\nWritten by the minifier:"_s +
                                compiled)
            << QString() << Pt2 << QStringList{Inductor} << QStringList{u"module: minifier"_s} << QString();
        QTest::addRow("functorch transform under compile")
            << makePt2Issue(u"torch.compile of vmap over a jacrev fails"_s,
                            u"```python\nimport torch\nfrom torch.func import vmap, jacrev\n"
                            u"f = torch.compile(vmap(jacrev(g)))\nf(x)\n```\nFails in torch/_functorch."_s)
            << u"classify"_s << Pt2 << QStringList{u"module: functorch"_s, u"dynamo-functorch"_s}
            << QStringList{Inductor, Dispatcher} << QString();
        QTest::addRow("CPU-only inductor is redirected")
            << makePt2Issue(u"[Inductor][CPU] LayerNorm outputs NaN in float16"_s,
                            u"Only on cpu: the cpp_fused kernel gives NaN."_s + compiled)
            << u"route"_s << CpuInductor << QStringList{CpuInductor} << QStringList{Export}
            << u"edge case: cpu-only-inductor"_s;
        redirectedToCpuInductor(
            "MKLDNN codegen is redirected",
            makePt2Issue(u"torch.compile crashes in a fused conv"_s,
                         u"The mkldnn fusion pass in torch/_inductor/fx_passes/mkldnn_fusion.py picks the wrong "
                         u"weight layout."_s +
                             compiled));
        QTest::addRow("'only on CPU' in the body is redirected")
            << makePt2Issue(u"torch.compile gives NaN for a bfloat16 softmax"_s,
                            u"This only happens on CPU; eager is fine."_s + compiled)
            << QString() << CpuInductor << QStringList{CpuInductor} << QStringList{}
            << u"edge case: cpu-only-inductor"_s;
        QTest::addRow("a tracing bug on CPU stays")
            << makePt2Issue(u"[CPU] graph break on a dict comprehension"_s,
                            u"torch._dynamo.exc.Unsupported: dict comprehension"_s + compiled)
            << QString() << Pt2 << QStringList{Dynamo} << QStringList{CpuInductor} << QString();
        staysWithPt2("CPU next to a GPU stays",
                     makePt2Issue(u"[CPU] torch.compile differs on cuda too"_s,
                                  u"Same wrong result on the GPU (cuda) as on the cpu."_s + compiled));
        redirectedToCpuInductor(
            "a [CPU] tag outweighs a GPU named in the body",
            makePt2Issue(u"[Inductor] [CPU] asinh returns -inf for large inputs"_s,
                         u"Compiled, asinh returns -inf where eager returns a finite value. I compared with cuda."_s +
                             compiled));
        staysWithPt2("CPU in the title's sentence is no tag: a GPU in the body keeps it",
                     makePt2Issue(u"Inductor asinh returns -inf for large inputs on CPU"_s,
                                  u"Compiled, asinh returns -inf where eager returns a finite value. I compared with "
                                  u"cuda."_s +
                                      compiled));
        staysWithPt2("a CI job on a CPU runner is a test report",
                     makePt2Issue(u"UNSTABLE inductor / linux-jammy-cpu-py3.9-gcc11-inductor / test (cpu_inductor)"_s,
                                  u"The job is marked unstable while the failures in torch.compile are looked at."_s));
        redirectedToCpuInductor(
            "CPU fails while the GPU works: redirected",
            makePt2Issue(u"InductorError when compiling a Swin Transformer on CPU"_s,
                         u"torch.compile() fails with InductorError on the CPU device (CUDA works)."_s + compiled));
        redirectedToCpuInductor(
            "the CPU team's benchmark report: 'dynamic shape' there is a configuration",
            makePt2Issue(u"[inductor][cpu] AMP static/dynamic shape default wrapper performance regression"_s,
                         u"Nightly benchmark: speed_up dropped for 3 torchbench models with the dynamic shape default "
                         u"wrapper on the inductor backend."_s));
        staysWithPt2("a dynamic-shape bug on the CPU without the tag stays",
                     makePt2Issue(u"Inductor fails on CPU with dynamic shapes"_s,
                                  u"With dynamic shapes (mark_dynamic on dim 0), the compiled model fails on cpu."_s +
                                      compiled));
        redirectedToCpuInductor(
            "a title naming CPU Inductor outweighs a shape bug, as a tag does",
            makePt2Issue(u"Unbacked SymInt from .item() fails in CPU Inductor"_s,
                         u"With dynamic shapes (mark_dynamic on dim 0) the generated code fails to index."_s +
                             compiled));
        redirectedToCpuInductor(
            "freezing is the CPU inference path",
            makePt2Issue(u"[torch.compile][freezing] addmm loses accuracy"_s,
                         u"With TORCHINDUCTOR_FREEZING=1 and torch.no_grad() the compiled output drifts from "
                         u"eager."_s +
                             compiled));
        staysWithPt2("freezing on a GPU stays",
                     makePt2Issue(u"[torch.compile][freezing] addmm loses accuracy on cuda"_s,
                                  u"With TORCHINDUCTOR_FREEZING=1 and torch.no_grad() the compiled output drifts "
                                  u"from eager."_s +
                                      compiled));
        staysWithPt2("a C++ compile error alone is not CPU-only",
                     makePt2Issue(u"torch.compile crashes with CppCompileError"_s,
                                  u"torch._inductor.exc.CppCompileError: C++ compile error\n"
                                  u"error: invalid conversion from 'long' to 'int8_t'"_s +
                                      compiled));
        staysWithPt2("Dynamo in the title is a tracing problem, on the CPU too",
                     makePt2Issue(u"`out=` dynamo support using the `eager` (on CPU) backend"_s,
                                  u"Only on cpu: eager didn't fail, but dynamo did."_s + compiled));
        QTest::addRow("a GPU device in the title is the subject, whatever works")
            << makePt2Issue(u"[MPS] torch.compile of ResNet-18 fails in backward on MPS, works on CPU"_s,
                            u"The compiled backward raises on MPS; the same script works on CPU."_s + compiled)
            << QString() << Pt2 << QStringList{} << QStringList{CpuInductor} << QString();
        QTest::addRow("export-only is redirected")
            << makePt2Issue(u"[export] torch.export.save fails on a custom class constant"_s,
                            u"ExportedProgram cannot be serialized: torch.export.save raises SerializeError."_s +
                                Script)
            << u"route"_s << Export << QStringList{Export} << QStringList{CpuInductor} << u"edge case: export-only"_s;
        QTest::addRow("a disabled export test stays where the bot filed it")
            << makePt2Issue(u"DISABLED test_export_save_load_roundtrip (__main__.TestSerialize)"_s,
                            u"Platforms: linux. This test was disabled because it is failing in CI."_s)
            << QString() << Pt2 << QStringList{} << QStringList{Export} << QString();
        QTest::addRow("export with compile involved stays")
            << makePt2Issue(u"[export/dynamo] torch._check fails at compile time"_s,
                            u"torch.export and torch.compile both hit it while dynamo traces torch._check."_s +
                                compiled)
            << QString() << Pt2 << QStringList{} << QStringList{Export} << QString();
        QTest::addRow("AOT Inductor packaging is export's, whatever its name says")
            << makePt2Issue(u"AOT Inductor package fails to load on cuda:1"_s,
                            u"```python\nep = torch.export.export(model, (x,))\n"
                            u"path = torch._inductor.aoti_compile_and_package(ep)\n"
                            u"runner = torch._inductor.aoti_load_package(path)\n```\nLoading raises on cuda:1."_s)
            << u"route"_s << Export << QStringList{Export, u"module: aotinductor"_s} << QStringList{CpuInductor}
            << u"edge case: aoti-package"_s;
        QTest::addRow("AOT Inductor code that fails to build is Inductor's codegen")
            << makePt2Issue(u"aot_compile: C++ compile error for EmbeddingBag with abi_compatible"_s,
                            u"so_path = torch._export.aot_compile(model, (x,))\n"
                            u"error: 'aoti_torch__embedding_bag' was not declared in this scope"_s)
            << QString() << Pt2 << QStringList{u"module: aotinductor"_s} << QStringList{Export} << QString();
        QTest::addRow("a higher-order op is a PT2 component, with or without torch.compile")
            << makePt2Issue(u"Performance issue of torch._higher_order_ops.scan"_s,
                            u"scan over 1000 steps is ten times slower than a Python loop."_s)
            << QString() << Pt2 << QStringList{u"module: higher order operators"_s} << QStringList{Review} << QString();
        QTest::addRow("an Inductor benchmark job's name is about compile")
            << makePt2Issue(u"inductor_torchbench started to fail since Dec 6"_s, u"The nightly job is red."_s)
            << u"needs_reproduction"_s << Pt2 << QStringList{NeedsRepro} << QStringList{} << QString();
        QTest::addRow("an AOT Inductor test's pytest id is a test report, not packaging")
            << makePt2Issue(u"[triton 3.5] test_aot_inductor_package.py::TestAOTInductorPackage::test_linear"_s,
                            u"Fails after the Triton pin update."_s)
            << QString() << Pt2 << QStringList{u"module: aotinductor"_s} << QStringList{Export} << QString();
        QTest::addRow("a dispatcher component under AOT Inductor stays")
            << makePt2Issue(u"auto_functionalized is not decomposed before AOTInductor lowering"_s,
                            u"A mutable custom op reaches the Inductor lowering as auto_functionalized."_s + compiled)
            << QString() << Pt2 << QStringList{} << QStringList{Export} << QString();
        QTest::addRow("DTensor under compile stays, labelled for visibility")
            << makePt2Issue(u"DTensor + torch.compile: inductor size assert on a tangent"_s,
                            u"```python\nfrom torch.distributed.tensor import distribute_tensor, Shard\n"
                            u"dt = distribute_tensor(x, mesh, [Shard(1)])\nout = torch.compile(f)(dt)\n```\n"
                            u"Inductor raises an assert_size_stride error in the generated code."_s)
            << QString() << Pt2 << QStringList{u"module: dtensor"_s} << QStringList{Export, u"oncall: distributed"_s}
            << QString();
        QTest::addRow("FSDP2 under compile stays, labelled for visibility")
            << makePt2Issue(u"torch.compile of an FSDP2 fully_shard model graph breaks"_s,
                            u"fully_shard(model) then torch.compile(model): Dynamo graph breaks in FSDP hooks."_s +
                                compiled)
            << QString() << Pt2 << QStringList{u"module: fsdp"_s, Dynamo} << QStringList{} << QString();
        QTest::addRow("feature label: determinism")
            << makePt2Issue(u"Compiled model is non-deterministic with use_deterministic_algorithms"_s,
                            u"torch.use_deterministic_algorithms(True) still gives run-to-run differences."_s +
                                compiled)
            << QString() << Pt2 << QStringList{u"module: determinism"_s} << QStringList{} << QString();
        QTest::addRow("feature label: compile time")
            << makePt2Issue(u"Very long compile time for a 40-layer model"_s,
                            u"Compilation time went from 2 to 9 minutes; cold start is the worst."_s + compiled)
            << QString() << Pt2 << QStringList{u"module: compile-time"_s} << QStringList{} << QString();
        QTest::addRow("feature label: cuda graphs")
            << makePt2Issue(u"mode=\"reduce-overhead\" re-records cudagraphs every step"_s,
                            u"cudagraph trees re-record because of a static input."_s + compiled)
            << QString() << Pt2 << QStringList{u"module: cuda graphs"_s} << QStringList{} << QString();
        QTest::addRow("max-autotune without cudagraphs is not cuda graphs")
            << makePt2Issue(u"max-autotune-no-cudagraphs: Triton template autotuning fails"_s,
                            u"Inductor codegen of the bmm template fails during autotuning."_s + compiled)
            << QString() << Pt2 << QStringList{Inductor} << QStringList{u"module: cuda graphs"_s} << QString();
        QTest::addRow("flex attention")
            << makePt2Issue(u"flex_attention with a block_mask fails to compile"_s,
                            u"create_block_mask(mask_mod, ...) then flex_attention(q, k, v, block_mask=bm)"_s +
                                compiled)
            << QString() << Pt2 << QStringList{u"module: flex attention"_s} << QStringList{} << QString();
        QTest::addRow("high priority: crash → triage review, never high priority")
            << makePt2Issue(u"torch.compile segfault in the backward"_s,
                            u"Segmentation fault (core dumped) in the Inductor generated kernel."_s + compiled)
            << u"high_priority"_s << Pt2 << QStringList{Review} << QStringList{u"high priority"_s, Pt2Marker}
            << u"high priority: crash"_s;
        QTest::addRow("high priority: silently wrong")
            << makePt2Issue(u"torch.compile gives wrong results for cumsum"_s,
                            u"The compiled output differs from eager with no error."_s + compiled)
            << u"high_priority"_s << Pt2 << QStringList{Review} << QStringList{u"high priority"_s}
            << u"high priority: silently-wrong-results"_s;
        QTest::addRow("high priority: regression")
            << makePt2Issue(u"torch.compile of my model no longer works in 2.6"_s,
                            u"This used to work in 2.5; Dynamo now raises Unsupported."_s + compiled)
            << u"high_priority"_s << Pt2 << QStringList{Review} << QStringList{u"high priority"_s}
            << u"high priority: regression"_s;
        QTest::addRow("high priority: flaky test")
            << makePt2Issue(u"DISABLED test_inductor_sum (__main__.TestInductor) is flaky"_s,
                            u"Platforms: linux. This test was disabled because it is flaky on main."_s)
            << u"high_priority"_s << Pt2 << QStringList{Review} << QStringList{NeedsRepro}
            << u"high priority: flaky-test"_s;
        QTest::addRow("fuzzer issue is tagged")
            << makePt2Issue(u"[fuzzer] inductor result mismatch for a generated program"_s,
                            u"Found by the fuzzer; compared with torch._dynamo.utils.same and an fp64 reference."_s +
                                compiled)
            << QString() << Pt2 << QStringList{u"topic: fuzzer"_s} << QStringList{} << QString();
        QTest::addRow("fuzzer with zero tolerance is not silently wrong")
            << makePt2Issue(u"[fuzzer] compiled output differs from eager"_s,
                            u"Found by the fuzzer; assert_close(rtol=0, atol=0) fails."_s + compiled)
            << QString() << Pt2 << QStringList{u"topic: fuzzer"_s} << QStringList{Review} << QString();
        QTest::addRow("type: feature request")
            << makePt2Issue(
                   u"Add a way to show TORCH_LOGS from one rank"_s,
                   u"### 🚀 The feature, motivation and pitch\nIt would be nice to have an option to choose the "
                   u"rank whose logs torch.compile prints."_s)
            << QString() << Pt2 << QStringList{u"feature"_s} << QStringList{NeedsRepro} << u"type: feature"_s;
        QTest::addRow("no reproduction: the template asks for backend isolation")
            << makePt2Issue(u"torch.compile makes my model slower"_s, u"Inductor is slower than eager for my model."_s)
            << u"needs_reproduction"_s << Pt2 << QStringList{NeedsRepro} << QStringList{}
            << u"no usable reproduction"_s;
        QTest::addRow("not PT2 at all: flagged, and stays in the queue if a human keeps it")
            << makePt2Issue(u"torch.linalg.solve returns garbage for singular matrices"_s,
                            u"In eager mode, solve on a singular 3x3 matrix returns huge values."_s + Script)
            << u"not_pt2"_s << Pt2 << QStringList{Review, Pt2Marker} << QStringList{Export, CpuInductor} << QString();
    }

    void pt2Procedure() { checkProcedureRow(*m_pt2, false, u"needs_pt2_reproduction"_s, u"not_pt2"_s); }

    // Every PT2 issue carries a module label: when none is strong enough to apply, the strongest candidate (or
    // the rubric's fallback) is offered at LOW beside the review label, and not applied.
    void pt2ModuleRequired_data()
    {
        QTest::addColumn<Issue>("issue");
        QTest::addColumn<QString>("offered");

        QTest::addRow("weak candidate offered")
            << makePt2Issue(u"torch.compile fails on my model"_s, u"It fails somewhere in the kernel."_s + Script)
            << Inductor;
        QTest::addRow("no candidate: the rubric's fallback")
            << makePt2Issue(u"torch.compile fails on my model"_s, u"It just does not work."_s + Script)
            << u"module: compile ux"_s;
    }

    void pt2ModuleRequired()
    {
        QFETCH(Issue, issue);
        QFETCH(QString, offered);
        const TriagePlan plan = m_pt2->plan(issue);
        const QString why = describe(plan);
        QVERIFY2(plan.decision == TriageDecision::LowConfidence, qPrintable(why));
        QVERIFY2(plan.addLabels.contains(Review), qPrintable(why));
        QCOMPARE(plan.confidenceOf(offered), Confidence::Low);
        QVERIFY2(!plan.addLabels.contains(offered), qPrintable(why)); // offered, not applied
        for (const QString &label : plan.addLabels)
            QVERIFY2(!label.startsWith(u"module: "_s), qPrintable(why));
        QVERIFY(Guardrails::check(plan, issue, m_pt2->pack()).isEmpty());

        // The distributed pack does not require one: the same issue there gets no offer.
        Issue distributed = issue;
        distributed.labels = {Distributed};
        QVERIFY(!m_engine->plan(distributed).labelConfidence.contains(offered));
    }

    // A procedure step is a combination (a Python construct *and* compiled code): when one part holds and another
    // does not, the part's hits must not stay behind as evidence of a step the reviewer would think was taken.
    void pt2FailedStepLeavesNoEvidence_data()
    {
        QTest::addColumn<QString>("title");
        QTest::addColumn<QString>("rule");

        QTest::addRow("an ignored update, nothing compiled")
            << u"The counter update has no effect"_s << u"procedure: compile-mishandles-an-eager-op"_s;
        QTest::addRow("a named tuple, nothing compiled")
            << u"namedtuple result loses its field names"_s << u"procedure: python-construct-in-compiled-code"_s;
    }

    void pt2FailedStepLeavesNoEvidence()
    {
        QFETCH(QString, title);
        QFETCH(QString, rule);
        const TriagePlan eagerOnly = m_pt2->plan(makePt2Issue(title, u"It returns the old value."_s));
        QVERIFY2(!firedRule(eagerOnly, rule), qPrintable(describe(eagerOnly)));

        // The same report with a compiled repro takes the step: the check above is not vacuous.
        const QString compiled = u"\n```python\nimport torch\nf = torch.compile(lambda x: x + 1)\n"
                                 u"print(f(torch.ones(3)))\n```\n"_s;
        const TriagePlan compiledRepro = m_pt2->plan(makePt2Issue(title, u"It returns the old value."_s + compiled));
        QVERIFY2(firedRule(compiledRepro, rule), qPrintable(describe(compiledRepro)));
    }

    // Backend isolation reads what one sentence says about one backend: the verdict must stand next to it.
    void pt2IsolationNeedsProximity()
    {
        const QString filler = u" The model is a small transformer with rotary embeddings and a custom MLP; it is "
                               u"trained in bf16 on one GPU with gradient accumulation over four micro-batches."_s;
        const Issue near =
            makePt2Issue(u"torch.compile problem"_s, u"backend=\"eager\" works. aot_eager fails."_s + filler + Script);
        const Issue apart = makePt2Issue(u"torch.compile problem"_s, u"backend=\"eager\" and aot_eager:"_s + filler +
                                                                         u" It works. It fails."_s + Script);
        QVERIFY(firedRule(m_pt2->plan(near), u"procedure: fails-on-aot-eager-not-eager"_s));
        QVERIFY(!firedRule(m_pt2->plan(apart), u"procedure: fails-on-aot-eager-not-eager"_s));
    }

    void pt2QueueLabelIsNotAnExistingRoute()
    {
        // `oncall: pt2` says which queue the issue is in; it does not stop a redirect.
        const Issue issue = makePt2Issue(u"[export] torch.export.load fails for an ExportedProgram"_s,
                                         u"torch.export.load raises on a saved ExportedProgram."_s + Script);
        const TriagePlan plan = m_pt2->plan(issue);
        QCOMPARE(plan.subOncall, Export);
        QVERIFY(plan.addLabels.contains(Export));
        // A human's redirect is kept.
        const TriagePlan kept = m_pt2->plan(makePt2Issue(issue.title, issue.body, {CpuInductor}));
        QCOMPARE(kept.subOncall, CpuInductor);
        QVERIFY(!kept.addLabels.contains(Export));
    }

private:
    // What every procedure row checks, whatever the profile: the row's own expectations, then what must hold on
    // any path — add-only, never `high priority`, at most one sub-oncall (counting the issue's own when
    // `issueLabelsCount`; a PT2 issue's queue label is itself one), a confidence and evidence for every label, no
    // guardrail objection, and the profile's templates with `needs reproduction` and its out-of-scope decision.
    void checkProcedureRow(const TriageEngine &engine, bool issueLabelsCount, const QString &reproTemplate,
                           const QString &outOfScope)
    {
        QFETCH(Issue, issue);
        QFETCH(QString, decision);
        QFETCH(QString, subOncall);
        QFETCH(QStringList, added);
        QFETCH(QStringList, notAdded);
        QFETCH(QString, rule);

        const TriagePlan plan = engine.plan(issue);
        const QString why = describe(plan);
        if (!decision.isEmpty())
            QVERIFY2(plan.decision.name() == decision, qPrintable(why));
        if (!subOncall.isEmpty())
            QVERIFY2(plan.subOncall == subOncall, qPrintable(why));
        // After a route to a team that triages its own issues (distributed infra, checkpointing) the plan stops at
        // the route: the other labels a row expects are found as before, and offered instead of applied.
        bool stopped = false;
        for (const Evidence &e : plan.evidence)
            stopped = stopped || e.rule.startsWith("route stops: "_L1);
        const QString review = engine.pack().reviewLabel;
        for (const QString &label : std::as_const(added)) {
            const bool kept = label == plan.subOncall || label == engine.pack().markerLabel ||
                              (label == review && plan.decision == TriageDecision::HighPriority);
            if (stopped && !kept)
                QVERIFY2(!plan.addLabels.contains(label) && plan.offeredLabels().contains(label),
                         qPrintable(u"not offered "_s + label + u": "_s + why));
            else
                QVERIFY2(plan.addLabels.contains(label), qPrintable(u"missing "_s + label + u": "_s + why));
        }
        for (const QString &label : std::as_const(notAdded))
            QVERIFY2(!plan.addLabels.contains(label), qPrintable(u"unexpected "_s + label + u": "_s + why));
        if (!rule.isEmpty())
            QVERIFY2(firedRule(plan, rule), qPrintable(u"rule did not fire: "_s + rule + u": "_s + why));

        QVERIFY(plan.removeLabels.isEmpty());
        QVERIFY(!plan.addLabels.contains(u"high priority"_s));
        int subs = 0;
        for (const QString &label : issueLabelsCount ? plan.addLabels + issue.labels : plan.addLabels)
            subs += engine.pack().subOncallByLabel(label) ? 1 : 0;
        QVERIFY2(subs <= 1, qPrintable(why));
        for (const QString &label : plan.addLabels) {
            QVERIFY2(plan.confidenceOf(label) != Confidence::None, qPrintable(label));
            bool evidenced = false;
            for (const Evidence &e : plan.evidence)
                evidenced = evidenced || e.label == label;
            QVERIFY2(evidenced, qPrintable(u"no evidence for "_s + label + u": "_s + why));
        }
        // A rule shows the same words once per label, however many of its signals matched them.
        QSet<QString> spans;
        for (const Evidence &e : plan.evidence) {
            if (e.start < 0 || e.label.isEmpty())
                continue;
            const QString span = u"%1 / %2 / %3 %4+%5"_s.arg(e.label, e.rule, e.where).arg(e.start).arg(e.length);
            QVERIFY2(!spans.contains(span), qPrintable(u"shown twice: "_s + span + u": "_s + why));
            spans.insert(span);
        }
        const QList<Violation> violations = Guardrails::check(plan, issue, engine.pack());
        QVERIFY2(violations.isEmpty(), qPrintable(violations.value(0).rule + u": "_s + violations.value(0).message));
        if (plan.addLabels.contains(NeedsRepro))
            QCOMPARE(plan.templateKey, reproTemplate);
        if (plan.decision.name() == outOfScope)
            QCOMPARE(plan.templateKey, outOfScope);
    }

private Q_SLOTS:
    // What the playbooks (seeds 000 and 002) ask for, one row per rule (issue #28's items). `offered`: shown
    // unchecked with evidence, not applied; `comment`: whether the plan drafts a comment.
    void playbook_data()
    {
        QTest::addColumn<QString>("profile");
        QTest::addColumn<Issue>("issue");
        QTest::addColumn<QString>("decision");
        QTest::addColumn<QString>("subOncall");
        QTest::addColumn<QStringList>("added");
        QTest::addColumn<QStringList>("notAdded");
        QTest::addColumn<QStringList>("offered");
        QTest::addColumn<bool>("comment");

        const QString dcpBody =
            u"import torch.distributed.checkpoint as dcp\ndcp.save(state_dict, checkpoint_id=path)\n"
            u"dcp.load(state_dict, checkpoint_id=path)\nraises CheckpointException on rank 1"_s;
        // Item 1: after an infra or checkpointing route the plan stops at the route and the marker.
        QTest::addRow("1: existing infra sub-oncall: fsdp offered, not applied")
            << u"distributed"_s
            << makeIssue(u"[FSDP2] fully_shard loses gradients"_s,
                         u"from torch.distributed.fsdp import fully_shard\nmodel = fully_shard(model)"_s + Script,
                         {Infra})
            << u"route"_s << Infra << QStringList{Marker} << QStringList{u"module: fsdp"_s}
            << QStringList{u"module: fsdp"_s} << false;
        QTest::addRow("1: checkpointing route: DCP module offered only, no repro request")
            << u"distributed"_s << makeIssue(u"dcp.load fails to restore an FSDP model"_s, dcpBody) << u"route"_s
            << Checkpointing << QStringList{Checkpointing, Marker}
            << QStringList{u"module: distributed_checkpoint"_s, NeedsRepro}
            << QStringList{u"module: distributed_checkpoint"_s} << false;
        QTest::addRow("1: infra route with no repro: the request is offered, no comment")
            << u"distributed"_s
            << makeIssue(u"torchrun fails with RendezvousTimeoutError on 2 nodes"_s,
                         u"torchrun --nnodes=2 --rdzv_backend=c10d --rdzv_endpoint=host:29400 train_ddp.py\n"
                         u"The DDP script never starts."_s)
            << u"route"_s << Infra << QStringList{Infra, Marker} << QStringList{NeedsRepro} << QStringList{NeedsRepro}
            << false;
        QTest::addRow("1: parallelisms route still classifies")
            << u"distributed"_s
            << makeIssue(u"[FSDP2] fully_shard loses gradients"_s,
                         u"from torch.distributed.fsdp import fully_shard\nmodel = fully_shard(model)"_s + Script)
            << QString() << Parallelisms << QStringList{Parallelisms, u"module: fsdp"_s, Marker} << QStringList{}
            << QStringList{} << false;

        // Item 2: an issue the queue already processed is not planned again.
        QTest::addRow("2: carries ptd-bot-triaged: already processed, empty plan")
            << u"distributed"_s
            << makeIssue(u"[FSDP2] fully_shard loses gradients"_s,
                         u"from torch.distributed.fsdp import fully_shard\nmodel = fully_shard(model)"_s + Script,
                         {Marker})
            << u"already_processed"_s << QString() << QStringList{}
            << QStringList{Parallelisms, u"module: fsdp"_s, Marker} << QStringList{} << false;
        QTest::addRow("2: first level's marker: already processed")
            << u"general"_s
            << newIssue(u"torch.compile graph-breaks on dict.items()"_s, u"Dynamo fails to trace this."_s, {BotTriaged})
            << u"already_processed"_s << QString() << QStringList{} << QStringList{u"oncall: pt2"_s, Triaged}
            << QStringList{} << false;

        // Item 3: the playbook's not-distributed traps.
        const QString visionScript = u"```python\nimport torch\nimport torchvision\n"
                                     u"model = torchvision.models.detection.fasterrcnn_resnet50_fpn().eval()\n"
                                     u"out = model([torch.rand(3, 300, 400)])\nprint(out[0]['boxes'])\n```\n"_s;
        QTest::addRow("3: a vision issue that mentions distributed training is not ours")
            << u"distributed"_s
            << makeIssue(u"fasterrcnn returns empty boxes after upgrading torchvision"_s,
                         u"We first saw this in our distributed training job, but it happens in a plain script:\n"_s +
                             visionScript)
            << u"not_distributed"_s << QString() << QStringList{Review, Marker} << QStringList{Parallelisms}
            << QStringList{} << true;
        QTest::addRow("3: a vision issue with distributed code stays")
            << u"distributed"_s
            << makeIssue(
                   u"fasterrcnn hangs under DDP"_s,
                   u"```python\nimport torch.distributed as dist\nimport torchvision\n"
                   u"dist.init_process_group('nccl')\nmodel = torchvision.models.detection."
                   u"fasterrcnn_resnet50_fpn()\nmodel = torch.nn.parallel.DistributedDataParallel(model)\n```\n"_s)
            << QString() << QString() << QStringList{} << QStringList{Review} << QStringList{} << false;
        QTest::addRow("3: \"distributed\" only in the title, one device in the text")
            << u"distributed"_s
            << makeIssue(u"Distributed training: LayerNorm backward runs out of memory"_s,
                         u"```python\nimport torch\nx = torch.randn(8192, 8192, device='cuda')\n"
                         u"ln = torch.nn.LayerNorm(8192).cuda()\nln(x).sum().backward()\n```\n"
                         u"torch.OutOfMemoryError: CUDA out of memory on a single GPU."_s)
            << u"not_distributed"_s << QString() << QStringList{Review, Marker} << QStringList{Parallelisms}
            << QStringList{} << true;
        QTest::addRow("3: \"distributed\" in the title and the text stays")
            << u"distributed"_s
            << makeIssue(u"Distributed training: LayerNorm backward runs out of memory"_s,
                         u"With FSDP on 8 GPUs:\n```python\nfrom torch.distributed.fsdp import fully_shard\n"
                         u"model = fully_shard(model)\n```\ntorch.OutOfMemoryError: CUDA out of memory."_s)
            << QString() << Parallelisms << QStringList{u"module: fsdp"_s} << QStringList{Review} << QStringList{}
            << true;

        // Item 6: PT2 and distributed.
        const QString pt2Compiled =
            u"\n```python\nimport torch\n\n@torch.compile\ndef f(x):\n    return x.sin() + 1\n\n"
            u"x = torch.randn(8)\nprint(f(x))\n```\n"_s;
        const QString DistributedOncall = u"oncall: distributed"_s;
        QTest::addRow("6: a bug inside DTensor's subclass code goes to distributed")
            << u"pt2"_s
            << makePt2Issue(
                   u"DTensor redistribute from Shard(0) to Replicate returns the wrong shape"_s,
                   u"```python\nfrom torch.distributed.tensor import distribute_tensor, Shard, Replicate\n"
                   u"dt = distribute_tensor(torch.randn(8, 4), mesh, [Shard(0)])\n"
                   u"f = torch.compile(lambda t: t.redistribute(mesh, [Replicate()]))\nout = f(dt)\n```\n"
                   u"Traceback (most recent call last):\n  File \"repro.py\", line 9, in <module>\n"
                   u"    out = f(dt)\n  File \"torch/_dynamo/eval_frame.py\", line 600, in _fn\n"
                   u"    return fn(*args, **kwargs)\n"
                   u"  File \"/usr/lib/python3/site-packages/torch/distributed/tensor/_api.py\", line 540, in "
                   u"redistribute\n    return Redistribute.apply(self, device_mesh, placements)\n"
                   u"  File \"/usr/lib/python3/site-packages/torch/distributed/tensor/_redistribute.py\", line 310, "
                   u"in forward\n    output = redistribute_local_tensor(local_tensor, current_spec, target_spec)\n"
                   u"RuntimeError: shape mismatch in redistribute_local_tensor\n"_s)
            << u"route"_s << DistributedOncall << QStringList{DistributedOncall} << QStringList{} << QStringList{}
            << false;
        QTest::addRow("6: PT2-D stays with PT2, oncall: distributed offered")
            << u"pt2"_s
            << makePt2Issue(
                   u"torch.compile of an FSDP2 model graph-breaks on the fully_shard hooks"_s,
                   u"```python\nfrom torch.distributed.fsdp import fully_shard\nmodel = fully_shard(model)\n"
                   u"model = torch.compile(model)\n```\nDynamo reports a graph break in the pre-forward hook."_s)
            << QString() << Pt2 << QStringList{u"module: fsdp"_s} << QStringList{DistributedOncall}
            << QStringList{DistributedOncall} << false;

        // Item 7: the dispatcher only from the stack, not from a named transform or operator.
        QTest::addRow("7: vmap under compile is functorch, not the dispatcher")
            << u"pt2"_s
            << makePt2Issue(u"torch.compile of vmap over a jacrev fails"_s,
                            u"```python\nimport torch\nfrom torch.func import vmap, jacrev\n"
                            u"f = torch.compile(vmap(jacrev(g)))\nf(x)\n```\n"_s)
            << QString() << Pt2 << QStringList{u"module: functorch"_s} << QStringList{Dispatcher} << QStringList{}
            << false;
        QTest::addRow("7: raised inside AOTAutograd is the dispatcher")
            << u"pt2"_s
            << makePt2Issue(u"torch.compile of vmap fails in the backward"_s,
                            u"```python\nimport torch\nfrom torch.func import vmap\nf = torch.compile(vmap(g))\n"
                            u"f(x).sum().backward()\n```\nTraceback (most recent call last):\n"
                            u"  File \"repro.py\", line 5, in <module>\n    f(x).sum().backward()\n"
                            u"  File \"torch/_functorch/_aot_autograd/runtime_wrappers.py\", line 1800, in backward\n"
                            u"    out = call_compiled_backward()\n"
                            u"RuntimeError: expected a tangent with the same metadata as the forward output\n"_s)
            << QString() << Pt2 << QStringList{Dispatcher} << QStringList{} << QStringList{} << false;

        // Item 8: the rubric's holistic and status labels.
        QTest::addRow("8: slower than eager is module: performance")
            << u"pt2"_s
            << makePt2Issue(u"Compiled ResNet is 2x slower than eager on A100 after upgrading"_s,
                            u"A performance regression: the compiled model's throughput halved."_s + pt2Compiled)
            << QString() << Pt2 << QStringList{u"module: performance"_s} << QStringList{} << QStringList{} << false;
        QTest::addRow("8: peak memory is module: memory usage")
            << u"pt2"_s
            << makePt2Issue(u"torch.compile doubles peak memory of a transformer block"_s,
                            u"Memory usage with the compiled block: peak memory 20 GB, eager 10 GB."_s + pt2Compiled)
            << QString() << Pt2 << QStringList{u"module: memory usage"_s} << QStringList{} << QStringList{} << false;
        QTest::addRow("8: a rare fuzzer finding: low priority offered")
            << u"pt2"_s
            << makePt2Issue(u"[fuzzer] inductor mismatch on an empty tensor with negative strides"_s,
                            u"Found by the fuzzer: a corner case, an empty tensor with negative strides."_s +
                                pt2Compiled)
            << QString() << Pt2 << QStringList{u"topic: fuzzer"_s} << QStringList{u"low priority"_s}
            << QStringList{u"low priority"_s} << false;
        QTest::addRow("8: cause unknown: needs research offered")
            << u"pt2"_s
            << makePt2Issue(u"Inductor output drifts after a few hundred steps"_s,
                            u"Not sure why, and it needs investigation: the compiled loss drifts."_s + pt2Compiled)
            << QString() << Pt2 << QStringList{} << QStringList{u"needs research"_s} << QStringList{u"needs research"_s}
            << false;
        QTest::addRow("8: the fix is named: actionable offered")
            << u"pt2"_s
            << makePt2Issue(
                   u"Dynamo graph-breaks on dict.items() of a user dict subclass"_s,
                   u"The fix is to treat the subclass like dict in the dict variable tracker; happy to send a PR."_s +
                       pt2Compiled)
            << QString() << Pt2 << QStringList{Dynamo} << QStringList{u"actionable"_s} << QStringList{u"actionable"_s}
            << false;
        QTest::addRow("8: classified, nothing to review: triaged")
            << u"pt2"_s
            << makePt2Issue(u"Dynamo graph-breaks on dict.items() of a user dict subclass"_s,
                            u"Dynamo raises Unsupported for this graph break."_s + pt2Compiled)
            << u"classify"_s << Pt2 << QStringList{Dynamo, u"triaged"_s} << QStringList{Review} << QStringList{}
            << false;

        // Item 4: many users affected goes to review (a high-priority sign: review, no marker).
        QTest::addRow("4: many 👍 and linked duplicates: review") << u"distributed"_s <<
            [] {
                Issue issue =
                    makeIssue(u"FSDP2 checkpoint resharding drops optimizer state"_s,
                              u"from torch.distributed.fsdp import fully_shard\nmodel = fully_shard(model)"_s + Script);
                issue.thumbsUpCount = 8;
                issue.duplicateCount = 2;
                return issue;
            }() << u"high_priority"_s << QString() << QStringList{Review}
                                                                  << QStringList{Marker} << QStringList{} << false;
        QTest::addRow("4: \"+1\" comments count too") << u"distributed"_s <<
            [] {
                Issue issue =
                    makeIssue(u"FSDP2 checkpoint resharding drops optimizer state"_s,
                              u"from torch.distributed.fsdp import fully_shard\nmodel = fully_shard(model)"_s + Script);
                issue.thumbsUpCount = 7;
                for (const QString &body : {u"+1"_s, u"Same here!"_s, u"same issue."_s})
                    issue.comments.append(Comment{u"user"_s, u"NONE"_s, body, {}});
                return issue;
            }() << u"high_priority"_s << QString() << QStringList{Review}
                                                      << QStringList{Marker} << QStringList{} << false;
        QTest::addRow("4: a few 👍 are not many users") << u"distributed"_s <<
            [] {
                Issue issue =
                    makeIssue(u"FSDP2 checkpoint resharding drops optimizer state"_s,
                              u"from torch.distributed.fsdp import fully_shard\nmodel = fully_shard(model)"_s + Script);
                issue.thumbsUpCount = 3;
                issue.comments.append(
                    Comment{u"user"_s, u"NONE"_s, u"+1, and here is what I tried: a long story"_s, {}});
                return issue;
            }() << QString() << QString() << QStringList{Marker}
                                                        << QStringList{Review} << QStringList{} << false;

        // Item 5: a template already on the issue is not drafted again; the labels stay.
        Issue asked = makeIssue(u"Training hangs after a while"_s, u"It hangs after a while with FSDP."_s);
        QTest::addRow("5: repro request already posted: labels kept, no comment") << u"distributed"_s <<
            [&] {
                const TriagePlan first = m_engine->plan(asked);
                asked.comments.append(Comment{u"someone"_s, u"MEMBER"_s, first.comment, {}});
                return asked;
            }() << QString() << QString() << QStringList{NeedsRepro, Marker} << QStringList{}
                                                                                  << QStringList{} << false;
    }

    void playbook()
    {
        QFETCH(QString, profile);
        QFETCH(Issue, issue);
        QFETCH(QString, decision);
        QFETCH(QString, subOncall);
        QFETCH(QStringList, added);
        QFETCH(QStringList, notAdded);
        QFETCH(QStringList, offered);
        QFETCH(bool, comment);
        const TriageEngine &engine = profile == "pt2"_L1 ? *m_pt2 : profile == "general"_L1 ? *m_general : *m_engine;
        const TriagePlan plan = engine.plan(issue);
        if (plan.decision == TriageDecision::AlreadyProcessed) {
            // The reviewer may still ask: then it is planned as a new issue.
            const TriagePlan again = engine.plan(issue, {.retriage = true});
            QVERIFY2(again.decision != plan.decision && !again.addLabels.isEmpty(), qPrintable(describe(again)));
        }
        const QString why = describe(plan) + u"\n  offered: "_s + plan.offeredLabels().join(u", "_s);
        if (!decision.isEmpty())
            QVERIFY2(plan.decision.name() == decision, qPrintable(why));
        if (!subOncall.isEmpty())
            QVERIFY2(plan.subOncall == subOncall, qPrintable(why));
        for (const QString &label : std::as_const(added))
            QVERIFY2(plan.addLabels.contains(label), qPrintable(u"missing "_s + label + u": "_s + why));
        for (const QString &label : std::as_const(notAdded))
            QVERIFY2(!plan.addLabels.contains(label), qPrintable(u"unexpected "_s + label + u": "_s + why));
        for (const QString &label : std::as_const(offered)) {
            QVERIFY2(plan.offeredLabels().contains(label), qPrintable(u"not offered "_s + label + u": "_s + why));
            // An offer carries its reasons, as an applied label does.
            bool evidenced = false;
            for (const Evidence &e : plan.evidence)
                evidenced = evidenced || e.label == label;
            QVERIFY2(evidenced, qPrintable(u"no evidence for the offer "_s + label + u": "_s + why));
        }
        QVERIFY2(plan.comment.isEmpty() != comment, qPrintable(why));
        const QList<Violation> violations = Guardrails::check(plan, issue, engine.pack());
        QVERIFY2(violations.isEmpty(), qPrintable(violations.value(0).rule + u": "_s + violations.value(0).message));
    }

private:
    std::unique_ptr<TriageEngine> m_engine;
    std::unique_ptr<TriageEngine> m_pt2;
    std::unique_ptr<TriageEngine> m_general;
};

QTEST_GUILESS_MAIN(tst_TriageEngine)
#include "tst_triageengine.moc"
