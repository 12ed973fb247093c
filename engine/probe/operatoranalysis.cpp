// SPDX-License-Identifier: MIT
#include "engine/probe/operatoranalysis.h"

#include <QJsonArray>
#include <QMap>
#include <QRegularExpression>
#include <QSet>

using namespace Qt::StringLiterals;

namespace {

using Status = OperatorProbeCombination::Status;

QString baseName(const QString &op)
{
    return op.section(u'.', 1, 1);
}

QString placementText(const OperatorProbeCombination &c)
{
    return c.placements.join(u", "_s);
}

// "2 ranks, divides" → the combinations' placements, in probe order; with `withError`, those that failed the
// same way share one line: "2 ranks, divides: MESSAGE ← (Shard(0)); (Shard(1))".
QMap<QString, QStringList> grouped(const OperatorProbeOp &probed, Status status, bool withError)
{
    QMap<QString, QStringList> groups;
    QMap<QString, QString> errorOfKey;
    for (const OperatorProbeCombination &c : probed.combinations) {
        if (c.status != status)
            continue;
        QString key = u"%1 ranks, %2"_s.arg(c.ranks).arg(c.caseName);
        if (withError && !c.error.isEmpty())
            key += u": %1 ←"_s.arg(c.error.left(160));
        groups[key].append(u"(%1)"_s.arg(placementText(c)));
    }
    return groups;
}

QStringList flatten(const QMap<QString, QStringList> &groups)
{
    QStringList out;
    for (auto it = groups.cbegin(); it != groups.cend(); ++it)
        out.append(u"%1%2 %3"_s.arg(it.key(), it.key().endsWith(u'←') ? QString() : u":"_s, it.value().join(u"; "_s)));
    return out;
}

QString pythonPlacement(const QString &placement)
{
    return placement; // Shard(0), Replicate(), Partial() are the Python spellings already
}

QString inputBuilder(const QJsonObject &input)
{
    QStringList dims;
    for (const QJsonValue &d : input.value(u"shape"_s).toArray())
        dims.append(QString::number(d.toInt()));
    const QString shape = u"(%1%2)"_s.arg(dims.join(u", "_s), dims.size() == 1 ? u","_s : QString());
    if (input.value(u"kind"_s).toString() == u"index"_s)
        return u"torch.randint(0, %1, %2, generator=gen)"_s.arg(input.value(u"high"_s).toInt()).arg(shape);
    return u"torch.randn(%1, generator=gen, dtype=torch.float64)"_s.arg(shape);
}

QString identifier(const QString &text)
{
    QString id = text.toLower();
    id.replace(QRegularExpression(u"[^a-z0-9]+"_s), u"_"_s);
    while (id.endsWith(u'_'))
        id.chop(1);
    while (id.startsWith(u'_'))
        id.remove(0, 1);
    return id;
}

} // namespace

QString OperatorAnalysis::categoryName(Category category)
{
    switch (category) {
    case Category::ElementWise:
        return u"element-wise"_s;
    case Category::MatMul:
        return u"matmul"_s;
    case Category::Reduction:
        return u"reduction"_s;
    case Category::ReshapeView:
        return u"reshape/view"_s;
    case Category::GatherIndex:
        return u"gather/index"_s;
    case Category::Other:
        return u"other"_s;
    }
    return {};
}

OperatorAnalysis::Category OperatorAnalysis::categoryOf(const QString &op, const OperatorProbeOp *probed,
                                                        QString *reason)
{
    static const QSet<QString> matmul{u"mm"_s,    u"bmm"_s,       u"matmul"_s, u"addmm"_s, u"baddbmm"_s, u"linear"_s,
                                      u"dot"_s,   u"mv"_s,        u"kron"_s,   u"addmv"_s, u"einsum"_s,  u"inner"_s,
                                      u"outer"_s, u"tensordot"_s, u"addbmm"_s, u"vdot"_s};
    static const QSet<QString> reshape{
        u"view"_s,      u"reshape"_s, u"permute"_s,      u"transpose"_s, u"t"_s,        u"flatten"_s, u"unsqueeze"_s,
        u"squeeze"_s,   u"expand"_s,  u"_unsafe_view"_s, u"split"_s,     u"chunk"_s,    u"cat"_s,     u"stack"_s,
        u"unflatten"_s, u"movedim"_s, u"flip"_s,         u"roll"_s,      u"repeat"_s,   u"tile"_s,    u"narrow"_s,
        u"slice"_s,     u"select"_s,  u"contiguous"_s,   u"clone"_s,     u"diagonal"_s, u"tril"_s,    u"triu"_s};
    static const QSet<QString> gather{u"gather"_s,         u"index_select"_s, u"index"_s,      u"scatter"_s,
                                      u"scatter_add"_s,    u"embedding"_s,    u"take"_s,       u"masked_select"_s,
                                      u"index_add"_s,      u"index_put"_s,    u"index_copy"_s, u"masked_fill"_s,
                                      u"take_along_dim"_s, u"nonzero"_s,      u"where"_s};
    static const QSet<QString> reduction{u"sum"_s,
                                         u"mean"_s,
                                         u"max"_s,
                                         u"min"_s,
                                         u"amax"_s,
                                         u"amin"_s,
                                         u"prod"_s,
                                         u"norm"_s,
                                         u"var"_s,
                                         u"std"_s,
                                         u"argmax"_s,
                                         u"argmin"_s,
                                         u"cumsum"_s,
                                         u"cumprod"_s,
                                         u"logsumexp"_s,
                                         u"_softmax"_s,
                                         u"_log_softmax"_s,
                                         u"softmax"_s,
                                         u"log_softmax"_s,
                                         u"any"_s,
                                         u"all"_s,
                                         u"cummax"_s,
                                         u"cummin"_s,
                                         u"logcumsumexp"_s,
                                         u"sort"_s,
                                         u"topk"_s,
                                         u"median"_s,
                                         u"var_mean"_s,
                                         u"linalg_vector_norm"_s,
                                         u"count_nonzero"_s,
                                         u"nansum"_s,
                                         u"aminmax"_s};
    const QString name = baseName(op);
    auto say = [reason](const QString &why) {
        if (reason)
            *reason = why;
    };
    if (matmul.contains(name)) {
        say(u"multiplies across its inputs' dimensions (matrix, batched, outer or Kronecker products)"_s);
        return Category::MatMul;
    }
    if (gather.contains(name)) {
        say(u"selects or writes elements by index"_s);
        return Category::GatherIndex;
    }
    if (reshape.contains(name)) {
        say(u"moves elements without computing on them"_s);
        return Category::ReshapeView;
    }
    if (reduction.contains(name)) {
        say(name.startsWith(u"cum"_s) || name == u"logcumsumexp"_s
                ? u"a scan along a dimension: each output depends on every earlier element of that dimension"_s
                : u"combines elements along a dimension"_s);
        return Category::Reduction;
    }
    // Not a known name: what the probe saw on its first case.
    if (probed && !probed->cases.isEmpty()) {
        const OperatorProbeCase &first = probed->cases.first();
        const QJsonArray in =
            first.inputs.isEmpty() ? QJsonArray{} : first.inputs.first().toObject().value(u"shape"_s).toArray();
        const QJsonArray out = first.outputShape;
        if (!in.isEmpty() && in == out) {
            say(u"the output has its input's shape"_s);
            return Category::ElementWise;
        }
        if (!in.isEmpty() && !out.isEmpty() && out.size() < in.size()) {
            say(u"the output has fewer dimensions than its input"_s);
            return Category::Reduction;
        }
    }
    say(u"not a known category"_s);
    return Category::Other;
}

OperatorAnalysis OperatorAnalysis::analyse(const OperatorProbeOp &probed)
{
    OperatorAnalysis a;
    a.op = probed.op;
    a.category = categoryOf(probed.op, &probed, &a.categoryReason);
    a.strategy = probed.strategyObserved();
    a.ok = probed.count(Status::Ok);
    a.raises = probed.count(Status::Raises);
    a.wrong = probed.count(Status::Wrong);
    a.working = flatten(grouped(probed, Status::Ok, false));
    a.raising = flatten(grouped(probed, Status::Raises, true));
    a.wrongResults = flatten(grouped(probed, Status::Wrong, true));

    // Broadcasting: the probe adds a "broadcast" case only when the op broadcasts on one device.
    if (probed.hasCase(u"broadcast"_s)) {
        int bOk = 0, bBad = 0;
        for (const OperatorProbeCombination &c : probed.combinations) {
            if (c.caseName == u"broadcast"_s)
                (c.status == Status::Ok ? bOk : bBad)++;
        }
        a.broadcast = u"broadcasts (a trailing-dimension operand on one device); under DTensor %1 of %2 "
                      "broadcast combinations match the single-device result"_s.arg(bOk)
                          .arg(bOk + bBad);
    } else {
        a.broadcast = probed.cases.isEmpty() || probed.cases.first().inputs.size() < 2
                          ? u"one tensor input: no broadcasting to check"_s
                          : u"does not broadcast: a trailing-dimension operand is rejected on one device"_s;
    }
    int pOk = 0, pRaise = 0, pWrong = 0, pRedistributed = 0;
    for (const OperatorProbeCombination &c : probed.combinations) {
        if (!c.hasPartialInput())
            continue;
        if (c.status == Status::Ok) {
            ++pOk;
            if (c.redistributed)
                ++pRedistributed;
        } else if (c.status == Status::Wrong) {
            ++pWrong;
        } else {
            ++pRaise;
        }
    }
    if (pOk + pRaise + pWrong == 0)
        a.partial = u"no floating-point input: Partial() not tried"_s;
    else
        a.partial = u"Partial() inputs: %1 match (%2 of them after a redistribution), %3 raise, %4 wrong"_s.arg(pOk)
                        .arg(pRedistributed)
                        .arg(pRaise)
                        .arg(pWrong);

    a.labels.append(u"module: dtensor"_s);
    if (!a.strategy)
        a.labels.append(u"feature"_s);
    if (a.wrong > 0)
        a.labels.append(u"triage review"_s);
    a.test = generateTest(probed);

    // The drafted comment, in the operator-analysis report's shape.
    QString md;
    md += u"## Operator analysis: `%1`\n\n"_s.arg(probed.op);
    if (a.wrong > 0)
        md +=
            u"> [!WARNING]\n> **WRONG RESULTS: %1 placement combination(s) run without error and give a result that "
            "differs from the single-device run.** This is a DTensor correctness bug, not a missing feature.\n\n"_s.arg(
                a.wrong);
    md += u"Probed on this machine: every placement of every tensor input on a CPU Gloo mesh, compared with the "
          "single-device result (`torch.testing.assert_close`).\n\n"_s;
    md += u"| | |\n|---|---|\n"_s;
    md += u"| Schema | `%1` |\n"_s.arg(probed.schema);
    md += u"| Category | %1 (%2) |\n"_s.arg(categoryName(a.category), a.categoryReason);
    md += u"| Sharding strategy | %1 |\n"_s.arg(
        a.strategy ? (probed.registry.registered ? u"registered"_s
                                                 : u"none of its own; it decomposes into ops that have one"_s)
                   : u"**none registered**: `NotImplementedError` for every placement"_s);
    md += u"| Broadcast | %1 |\n"_s.arg(a.broadcast);
    md += u"| Partial inputs | %1 |\n"_s.arg(a.partial);
    md += u"| Combinations | %1 match, %2 raise, %3 wrong |\n\n"_s.arg(a.ok).arg(a.raises).arg(a.wrong);
    auto section = [&md](const QString &title, const QStringList &lines) {
        if (lines.isEmpty())
            return;
        md += u"### %1\n\n"_s.arg(title);
        for (const QString &line : lines)
            md += u"- %1\n"_s.arg(line);
        md += u"\n"_s;
    };
    section(u"Wrong results"_s, a.wrongResults);
    if (a.strategy)
        section(u"Raising placements"_s, a.raising);
    else if (!probed.combinations.isEmpty())
        md += u"### Raising placements\n\nEvery combination: `%1`\n\n"_s.arg(probed.combinations.first().error);
    section(u"Working placements"_s, a.working);
    md += u"### Next steps\n\n"_s;
    if (a.wrong > 0)
        md += u"- Fix the strategy that produces the wrong shards; the test below fails until then.\n"_s;
    if (!a.strategy)
        md += u"- Register a sharding strategy for `%1` (category: %2); the test below is the integration test to "
              "start from.\n"_s.arg(probed.op, categoryName(a.category));
    if (a.strategy && a.raises > 0 && a.wrong == 0)
        md += u"- The raising combinations above are the ones the strategy does not cover yet.\n"_s;
    if (a.strategy && a.raises == 0 && a.wrong == 0)
        md += u"- Every probed placement matches the single-device result today.\n"_s;
    md += u"\n<details><summary>Generated test</summary>\n\n```python\n%1```\n\n</details>\n"_s.arg(a.test);
    a.comment = md;
    return a;
}

QString OperatorAnalysis::generateTest(const OperatorProbeOp &probed)
{
    QList<const OperatorProbeCombination *> picked;
    for (const OperatorProbeCombination &c : probed.combinations) {
        if (c.status != Status::Ok)
            picked.append(&c);
    }
    const bool passing = picked.isEmpty();
    if (passing && !probed.combinations.isEmpty())
        picked.append(&probed.combinations.first());

    const QString name = baseName(probed.op);
    QString py;
    py += u"# Generated by Triage Console's operator probe for %1.\n"_s.arg(probed.op);
    py += u"# Each test runs one placement combination on a CPU Gloo mesh and compares the full result with the\n"
          "# single-device one. %1\n"_s.arg(passing
                                                ? u"Every probed combination passed; this is one to extend."_s
                                                : u"These are the combinations that raised or gave a wrong result."_s);
    py += u"# Run: python test_dtensor_%1.py\n"_s.arg(identifier(name));
    py += u"import torch\n"
          "from torch.distributed.tensor import DTensor, Partial, Replicate, Shard, distribute_tensor\n"
          "from torch.testing._internal.common_utils import run_tests\n"
          "from torch.testing._internal.distributed._tensor.common_dtensor import DTensorTestBase, with_comms\n\n\n"_s;
    py += u"def _dtensor(t, placement, mesh):\n"
          "    if isinstance(placement, Partial):\n"
          "        local = t.clone() if mesh.get_rank() == 0 else torch.zeros_like(t)\n"
          "        return DTensor.from_local(local, mesh, [placement], run_check=False)\n"
          "    return distribute_tensor(t, mesh, [placement])\n\n\n"_s;
    py += u"def _full(out):\n"
          "    return out.full_tensor() if isinstance(out, DTensor) else out\n\n"_s;
    QString camel;
    for (const QString &part : identifier(name).split(u'_', Qt::SkipEmptyParts))
        camel += part.left(1).toUpper() + part.mid(1);
    QList<int> sizes;
    for (const OperatorProbeCombination *c : picked) {
        if (!sizes.contains(c->ranks))
            sizes.append(c->ranks);
    }
    std::sort(sizes.begin(), sizes.end());
    for (int size : sizes) {
        py += u"\nclass DTensor%1On%2RanksTest(DTensorTestBase):\n"_s.arg(camel).arg(size);
        py += u"    @property\n    def world_size(self):\n        return %1\n\n"_s.arg(size);
        QSet<QString> used;
        for (const OperatorProbeCombination *c : picked) {
            if (c->ranks != size)
                continue;
            const OperatorProbeCase *found = nullptr;
            for (const OperatorProbeCase &k : probed.cases) {
                if (k.name == c->caseName)
                    found = &k;
            }
            if (!found)
                continue;
            const QString method = u"test_%1_%2_%3"_s.arg(identifier(name), identifier(c->caseName),
                                                          identifier(c->placements.join(u"_"_s)));
            if (used.contains(method))
                continue;
            used.insert(method);
            py += u"    @with_comms\n    def %1(self):\n"_s.arg(method);
            py += u"        # Probe: %1%2\n"_s.arg(OperatorProbeCombination::statusName(c->status),
                                                   c->error.isEmpty() ? QString() : u" — "_s + c->error.left(150));
            py += u"        mesh = self.build_device_mesh()\n"_s;
            py += u"        gen = torch.Generator().manual_seed(1234)\n"_s;
            QStringList names;
            for (const QJsonValue &v : found->inputs) {
                const QJsonObject input = v.toObject();
                names.append(input.value(u"name"_s).toString());
                py += u"        %1 = %2\n"_s.arg(names.last(), inputBuilder(input));
            }
            py += u"        expected = %1\n"_s.arg(found->call);
            QString call = found->call;
            for (qsizetype i = 0; i < names.size() && i < c->placements.size(); ++i) {
                py += u"        d%1 = _dtensor(%1, %2, mesh)\n"_s.arg(names[i], pythonPlacement(c->placements[i]));
                call.replace(QRegularExpression(u"\\b%1\\b"_s.arg(names[i])), u"d"_s + names[i]);
            }
            py += u"        out = %1\n"_s.arg(call);
            py += u"        if isinstance(expected, (tuple, list)):\n"
                  "            for e, o in zip(expected, out):\n"
                  "                torch.testing.assert_close(_full(o), e, check_dtype=False)\n"
                  "        else:\n"
                  "            torch.testing.assert_close(_full(out), expected, check_dtype=False)\n\n"_s;
        }
    }
    py += u"\nif __name__ == \"__main__\":\n    run_tests()\n"_s;
    return py;
}

QJsonObject OperatorAnalysis::toJson() const
{
    return {{u"op"_s, op},
            {u"category"_s, categoryName(category)},
            {u"categoryReason"_s, categoryReason},
            {u"strategy"_s, strategy},
            {u"broadcast"_s, broadcast},
            {u"partial"_s, partial},
            {u"ok"_s, ok},
            {u"raises"_s, raises},
            {u"wrong"_s, wrong},
            {u"working"_s, QJsonArray::fromStringList(working)},
            {u"raising"_s, QJsonArray::fromStringList(raising)},
            {u"wrongResults"_s, QJsonArray::fromStringList(wrongResults)},
            {u"labels"_s, QJsonArray::fromStringList(labels)},
            {u"comment"_s, comment},
            {u"test"_s, test}};
}
