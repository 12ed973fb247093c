// SPDX-License-Identifier: MIT
// Accuracy of the distributed sub-triage on real issues with the labels humans gave them.
// Usage: bench_triageaccuracy [DATASET.jsonl] [--pack FILE] [--verbose] [--evidence] [--others]
// --verbose marks a missed label "FN*" when the keyword matcher found it: the words were there.
// --others: instead of DATASET, the issues of the other dev sets beside it that carry one of its labels and
// that DATASET does not hold: issues the pack was not tuned on.
// Each issue is fed with only its queue labels; its full labels are the answer.
#include "engine/core/issuejsonreader.h"
#include "engine/triage/rubricpack.h"
#include "engine/triage/triageengine.h"
#include "tests/benchmarks/accuracysetup.h"
#include "tests/benchmarks/benchsupport.h"
#include "tests/benchmarks/keywordbaseline.h"
#include "tests/benchmarks/labelscore.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QSet>
#include <QTextStream>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace {

using Bench::out;

// The issue's mapping from human module labels to the sub-oncall they imply.
QString routeOfModule(const QString &label)
{
    static const QSet<QString> infra = {
        u"module: c10d"_s,     u"module: nccl"_s, u"module: elastic"_s,         u"module: rpc"_s,
        u"module: symm_mem"_s, u"module: mpi"_s,  u"module: distributed_tool"_s};
    static const QSet<QString> parallelisms = {u"module: fsdp"_s,
                                               u"module: ddp"_s,
                                               u"module: dtensor"_s,
                                               u"module: pipelining"_s,
                                               u"module: context parallel"_s,
                                               u"module: data parallel"_s,
                                               u"module: activation checkpointing"_s};
    if (label == "module: distributed_checkpoint"_L1)
        return u"oncall: distributed checkpointing"_s;
    if (infra.contains(label))
        return u"oncall: distributed infra"_s;
    if (parallelisms.contains(label))
        return u"oncall: distributed parallelisms"_s;
    return {};
}

QString routeOfModules(const QStringList &labels)
{
    QString best;
    for (const QString &label : labels) {
        const QString route = routeOfModule(label);
        if (route.isEmpty())
            continue;
        // precedence: checkpointing > infra > parallelisms
        if (best.isEmpty() || route.endsWith("checkpointing"_L1) ||
            (route.endsWith("infra"_L1) && best.endsWith("parallelisms"_L1)))
            best = route;
    }
    return best;
}

// One module label's outcomes over the dataset.
struct LabelCounts
{
    int tp = 0;
    int fp = 0;
    int fn = 0;
    int fpUnlabelled = 0; // of fp: on issues humans gave no module label at all
};

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    const bool verbose = args.removeAll(u"--verbose"_s) > 0;
    const bool showEvidence = args.removeAll(u"--evidence"_s) > 0;
    const bool others = args.removeAll(u"--others"_s) > 0;
    const QString packPath = Bench::takeOption(args, u"--pack"_s);
    const QString dataset = Bench::dataset(args, u"distributed.jsonl"_s);
    int status = 0;
    if (!Bench::openDataset(dataset, &status))
        return status;
    const std::unique_ptr<TriageEngine> loaded = Bench::loadEngine(u"distributed"_s, packPath);
    if (!loaded)
        return 1;
    const TriageEngine &engine = *loaded;
    QSet<QString> moduleUniverse = {u"module: distributed_checkpoint"_s};
    for (const ModuleRule &module : engine.pack().modules)
        moduleUniverse.insert(module.label);
    QSet<QString> subOncalls;
    for (const SubOncall &sub : engine.pack().subOncalls)
        subOncalls.insert(sub.label);

    const KeywordBaseline keywords(engine.pack());

    HitRatio humanRoute, moduleRoute, highPrecision, evidenced;
    LabelScore modules, modulesLabelled, keywordsAll, keywordsLabelled;
    // The playbook stops after an infra or checkpointing route: there the module labels are offered, not applied.
    // Applied labels are scored on the parallelisms route, offers on the others, and both together as before.
    LabelScore appliedParallelisms, offeredStopped, appliedOrOffered, appliedOrOfferedLabelled;
    int stoppedIssues = 0;
    int issues = 0;
    int labelledIssues = 0;
    QMap<QString, LabelCounts> perLabel;
    const auto hasGold = [&](const Issue &issue) {
        return std::any_of(issue.labels.cbegin(), issue.labels.cend(),
                           [&](const QString &label) { return moduleUniverse.contains(label); });
    };
    const QList<Issue> dataIssues = others ? Bench::otherIssues(dataset, hasGold) : Bench::readIssues(dataset);
    for (Issue issue : dataIssues) {
        const QStringList answer = issue.labels;
        QStringList queue;
        for (const QString &label : answer) {
            if (label == "oncall: distributed"_L1 || label == "oncall: pt2"_L1)
                queue.append(label);
        }
        issue.labels = queue;
        ++issues;
        const TriagePlan plan = engine.plan(issue);
        Bench::addEvidenceCoverage(evidenced, plan);

        QString humanSub;
        for (const QString &label : answer) {
            if (subOncalls.contains(label))
                humanSub = label;
        }
        QStringList goldModules;
        for (const QString &label : answer) {
            if (moduleUniverse.contains(label))
                goldModules.append(label);
        }
        const QString derivedSub = routeOfModules(goldModules);
        labelledIssues += goldModules.isEmpty() ? 0 : 1;
        if (!humanSub.isEmpty())
            humanRoute.add(plan.subOncall == humanSub);
        if (!derivedSub.isEmpty())
            moduleRoute.add(plan.subOncall == derivedSub);
        const QStringList predicted = onlyLabels(plan.addLabels, moduleUniverse);
        const QStringList matched = onlyLabels(keywords.labels(issue), moduleUniverse);
        modules.add(predicted, goldModules);
        const QStringList offered = onlyLabels(plan.offeredLabels(), moduleUniverse);
        appliedOrOffered.add(predicted + offered, goldModules);
        if (!goldModules.isEmpty())
            appliedOrOfferedLabelled.add(predicted + offered, goldModules);
        if (plan.subOncall == "oncall: distributed parallelisms"_L1) {
            appliedParallelisms.add(predicted, goldModules);
        } else if (plan.decision == TriageDecision::Route || plan.decision == TriageDecision::HighPriority) {
            ++stoppedIssues;
            offeredStopped.add(offered, goldModules);
        }
        keywordsAll.add(matched, goldModules);
        if (!goldModules.isEmpty()) {
            modulesLabelled.add(predicted, goldModules);
            keywordsLabelled.add(matched, goldModules);
        }
        for (const QString &label : std::as_const(predicted)) {
            const bool right = goldModules.contains(label);
            LabelCounts &counts = perLabel[label];
            (right ? counts.tp : counts.fp) += 1;
            counts.fpUnlabelled += !right && goldModules.isEmpty() ? 1 : 0;
            if (plan.confidenceOf(label) == Confidence::High)
                highPrecision.add(right);
        }
        for (const QString &label : std::as_const(goldModules)) {
            perLabel[label].fn += predicted.contains(label) ? 0 : 1;
        }
        const QString knownRoute = humanSub.isEmpty() ? derivedSub : humanSub;
        if (!knownRoute.isEmpty() && plan.confidenceOf(plan.subOncall) == Confidence::High &&
            plan.addLabels.contains(plan.subOncall))
            highPrecision.add(plan.subOncall == knownRoute);

        if (verbose) {
            const bool routeWrong = !knownRoute.isEmpty() && plan.subOncall != knownRoute;
            QStringList moduleMarks;
            for (const QString &label : std::as_const(predicted)) {
                moduleMarks.append((goldModules.contains(label) ? u"+"_s : u"FP "_s) + label.mid(8) + u'/' +
                                   confidenceName(plan.confidenceOf(label)));
            }
            for (const QString &label : std::as_const(goldModules)) {
                if (!predicted.contains(label)) // "FN*": the keyword matcher found it
                    moduleMarks.append((matched.contains(label) ? u"FN* "_s : u"FN "_s) + label.mid(8));
            }
            out() << (routeWrong ? "ROUTE " : "      ") << '#' << issue.number << ' ' << plan.decision.name() << " -> "
                  << plan.subOncall.section(u' ', -1) << " (gold " << knownRoute.section(u' ', -1) << ") ["
                  << moduleMarks.join(u", "_s) << "] " << issue.title.left(70) << Qt::endl;
            if (routeWrong || showEvidence) {
                for (const Evidence &e : plan.evidence)
                    out() << "        " << e.label << " | " << e.rule << " | " << e.where << " | " << e.text
                          << Qt::endl;
            }
        }
    }

    out() << "dataset: " << (others ? u"the other sets beside "_s : QString()) << dataset << " (" << issues
          << " issues)" << Qt::endl;
    out() << "routing accuracy, human sub-oncall:        " << humanRoute.text() << Qt::endl;
    out() << "routing accuracy, from human module labels: " << moduleRoute.text() << Qt::endl;
    out() << "HIGH-confidence precision (modules + sub-oncall): " << highPrecision.text() << Qt::endl;
    out() << "labels with evidence: " << evidenced.text() << Qt::endl;
    out() << "module labels, micro P / R / F1:" << Qt::endl;
    const QString all = u"all %1 issues"_s.arg(issues);
    const QString labelled = u"the %1 issues humans gave one"_s.arg(labelledIssues);
    out() << "  engine,   " << all.leftJustified(32) << modules.text() << Qt::endl;
    out() << "  keywords, " << all.leftJustified(32) << keywordsAll.text() << Qt::endl;
    // Older issues and bot-filed test reports often carry no module label at all: there its absence is no
    // human judgement, so the same figures are also shown over the issues humans did give module labels.
    out() << "  engine,   " << labelled.leftJustified(32) << modulesLabelled.text() << Qt::endl;
    out() << "  keywords, " << labelled.leftJustified(32) << keywordsLabelled.text() << Qt::endl;
    out() << "  (keywords: every positive signal of the pack as a plain word, anywhere in the issue)" << Qt::endl;
    out() << "module labels by route (the plan stops after an infra or checkpointing route; what it found there is "
             "offered, not applied):"
          << Qt::endl;
    out() << "  applied, parallelisms routes          " << appliedParallelisms.text() << Qt::endl;
    out() << "  offered, infra/checkpointing routes   " << offeredStopped.text() << "  (" << stoppedIssues << " issues)"
          << Qt::endl;
    out() << "  applied or offered, all issues        " << appliedOrOffered.text() << Qt::endl;
    out() << "  applied or offered, labelled issues   " << appliedOrOfferedLabelled.text() << Qt::endl;
    out() << "false positives on issues with no human module label: " << modules.fp - modulesLabelled.fp << " of "
          << modules.fp << Qt::endl;
    out() << "per module label (TP / FP / FN; FP on issues with no human module label):" << Qt::endl;
    for (auto it = perLabel.cbegin(); it != perLabel.cend(); ++it) {
        const LabelCounts &c = it.value();
        out() << "  " << it.key().leftJustified(34) << QString::number(c.tp).rightJustified(3) << " / "
              << QString::number(c.fp).rightJustified(3) << " / " << QString::number(c.fn).rightJustified(3) << "   ("
              << c.fpUnlabelled << ')' << Qt::endl;
    }
    return 0;
}
