// SPDX-License-Identifier: MIT
// Accuracy of the PT2 triage on real issues with the labels humans gave them.
// Usage: bench_pt2accuracy [DATASET.jsonl] [--pack FILE] [--verbose] [--evidence] [--others]
// --verbose marks a missed label "FN*" when the keyword matcher found it: the words were there.
// --others: instead of DATASET, the issues of the other dev sets beside it that carry one of its labels and
// that DATASET does not hold: issues the pack was not tuned on.
// Each issue is fed with only its queue label (`oncall: pt2`); its full labels are the answer.
#include "engine/core/issuejsonreader.h"
#include "engine/triage/rubricpack.h"
#include "engine/triage/triageengine.h"
#include "tests/benchmarks/accuracysetup.h"
#include "tests/benchmarks/benchsupport.h"
#include "tests/benchmarks/keywordbaseline.h"
#include "tests/benchmarks/labelscore.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QSet>
#include <QTextStream>

using namespace Qt::StringLiterals;

namespace {

using Bench::out;

// The PT2 component labels: what the rubric asks the PT2 oncall to decide (its core components, the dispatcher's
// specific labels, the compile-only features and the holistic areas it names), as spelled in the label catalogue.
// Fixed here, not read from the pack, so a pack cannot improve its score by not knowing a label. Domain labels
// added for visibility (dtensor, fsdp, ddp) are another team's components and are scored apart.
const QSet<QString> &componentLabels()
{
    static const QSet<QString> labels = {u"module: dynamo"_s,
                                         u"module: inductor"_s,
                                         u"module: dynamic shapes"_s,
                                         u"module: pt2-dispatcher"_s,
                                         u"module: aotdispatch"_s,
                                         u"module: fakeTensor"_s,
                                         u"module: functionalization"_s,
                                         u"module: custom-operators"_s,
                                         u"module: higher order operators"_s,
                                         u"module: guards"_s,
                                         u"module: graph breaks"_s,
                                         u"module: compiled autograd"_s,
                                         u"module: cuda graphs"_s,
                                         u"module: flex attention"_s,
                                         u"module: functorch"_s,
                                         u"module: aotinductor"_s,
                                         u"module: user triton"_s,
                                         u"module: decompositions"_s,
                                         u"module: fx"_s,
                                         u"module: pt2 optimizer"_s,
                                         u"module: compile ux"_s,
                                         u"module: compile-time"_s,
                                         u"module: determinism"_s,
                                         u"module: numerical-stability"_s,
                                         u"module: helion"_s,
                                         u"module: minifier"_s,
                                         u"module: pt2 accuracy"_s};
    return labels;
}

const QSet<QString> &domainLabels()
{
    static const QSet<QString> labels = {u"module: dtensor"_s, u"module: fsdp"_s, u"module: ddp"_s};
    return labels;
}

// Where a human sent the issue: a redirect label wins over the queue it came from.
QString humanRoute(const QStringList &labels)
{
    for (const QString &route : {u"oncall: export"_s, u"oncall: cpu inductor"_s}) {
        if (labels.contains(route))
            return route;
    }
    return u"oncall: pt2"_s;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    const bool verbose = args.removeAll(u"--verbose"_s) > 0;
    const bool showEvidence = args.removeAll(u"--evidence"_s) > 0;
    const bool others = args.removeAll(u"--others"_s) > 0;
    const QString packPath = Bench::takeOption(args, u"--pack"_s);
    const QString dataset = Bench::dataset(args, u"pt2.jsonl"_s);
    int status = 0;
    if (!Bench::openDataset(dataset, &status))
        return status;
    const std::unique_ptr<TriageEngine> loaded = Bench::loadEngine(u"pt2"_s, packPath);
    if (!loaded)
        return 1;
    const TriageEngine &engine = *loaded;
    const KeywordBaseline keywordBaseline(engine.pack());

    HitRatio evidenced;
    LabelScore modules;          // labels the plan applies
    LabelScore modulesLabelled;  // the same, on issues humans gave a component label
    LabelScore modulesWithOffer; // as if the reviewer accepted every LOW offer too
    LabelScore domain;
    LabelScore keywords;
    LabelScore keywordsLabelled;
    QMap<QString, LabelScore> perLabel;
    QMap<QString, QMap<QString, int>> routes; // human → plan → issues
    int issues = 0;
    int routeHits = 0;
    int labelledIssues = 0;
    int withoutModule = 0; // issues left with no applied module label
    const auto hasGold = [&](const Issue &issue) {
        return std::any_of(issue.labels.cbegin(), issue.labels.cend(),
                           [&](const QString &label) { return componentLabels().contains(label); });
    };
    const QList<Issue> dataIssues = others ? Bench::otherIssues(dataset, hasGold) : Bench::readIssues(dataset);
    for (Issue issue : dataIssues) {
        const QStringList answer = issue.labels;
        issue.labels =
            onlyLabels(answer, QSet<QString>(engine.pack().queueLabels.cbegin(), engine.pack().queueLabels.cend()));
        ++issues;
        const TriagePlan plan = engine.plan(issue);
        Bench::addEvidenceCoverage(evidenced, plan);

        const QString goldRoute = humanRoute(answer);
        routeHits += plan.subOncall == goldRoute ? 1 : 0;
        routes[goldRoute][plan.subOncall] += 1;

        const QStringList gold = onlyLabels(answer, componentLabels());
        const QStringList predicted = onlyLabels(plan.addLabels, componentLabels());
        QStringList offered = predicted;
        for (auto it = plan.labelConfidence.cbegin(); it != plan.labelConfidence.cend(); ++it) {
            if (componentLabels().contains(it.key()) && !offered.contains(it.key()))
                offered.append(it.key());
        }
        const QStringList matched = onlyLabels(keywordBaseline.labels(issue), componentLabels());
        modules.add(predicted, gold);
        keywords.add(matched, gold);
        modulesWithOffer.add(offered, gold);
        if (!gold.isEmpty()) {
            ++labelledIssues;
            modulesLabelled.add(predicted, gold);
            keywordsLabelled.add(matched, gold);
        }
        withoutModule += predicted.isEmpty() && onlyLabels(plan.addLabels, domainLabels()).isEmpty() ? 1 : 0;
        domain.add(onlyLabels(plan.addLabels, domainLabels()), onlyLabels(answer, domainLabels()));
        for (const QString &label : componentLabels()) {
            if (predicted.contains(label) || gold.contains(label))
                perLabel[label].add(onlyLabels(predicted, {label}), onlyLabels(gold, {label}));
        }

        if (verbose) {
            QStringList marks;
            for (const QString &label : predicted) {
                marks.append((gold.contains(label) ? u"+"_s : u"FP "_s) + label.mid(8) + u'/' +
                             confidenceName(plan.confidenceOf(label)));
            }
            for (const QString &label : gold) {
                if (!predicted.contains(label)) // "FN*": the keyword matcher found it
                    marks.append((matched.contains(label) ? u"FN* "_s : u"FN "_s) + label.mid(8));
            }
            for (const QString &label : offered) {
                if (!predicted.contains(label))
                    marks.append(u"offer "_s + label.mid(8));
            }
            const bool routeWrong = plan.subOncall != goldRoute;
            out() << (routeWrong ? "ROUTE " : "      ") << '#' << issue.number << ' ' << plan.decision.name() << " -> "
                  << plan.subOncall.mid(8) << " (gold " << goldRoute.mid(8) << ") [" << marks.join(u", "_s) << "] "
                  << issue.title.left(70) << Qt::endl;
            if (routeWrong || showEvidence) {
                for (const Evidence &e : plan.evidence)
                    out() << "        " << e.label << " | " << e.rule << " | " << e.where << " | " << e.text
                          << Qt::endl;
            }
        }
    }

    out() << "dataset: " << (others ? u"the other sets beside "_s : QString()) << dataset << " (" << issues
          << " issues, fed with only their queue label)" << Qt::endl;
    out() << "redirect accuracy (stays oncall: pt2 / oncall: export / oncall: cpu inductor): "
          << QString::number(issues == 0 ? 0.0 : double(routeHits) / issues, 'f', 3) << " (" << routeHits << '/'
          << issues << ')' << Qt::endl;
    out() << "labels with evidence: " << evidenced.text() << Qt::endl;
    for (auto it = routes.cbegin(); it != routes.cend(); ++it) {
        for (auto to = it.value().cbegin(); to != it.value().cend(); ++to)
            out() << "  human " << it.key().leftJustified(22) << " plan " << to.key().leftJustified(22) << to.value()
                  << Qt::endl;
    }
    const QString all = u"all %1 issues"_s.arg(issues);
    const QString labelled = u"the %1 issues humans gave one"_s.arg(labelledIssues);
    out() << "PT2 component labels, micro P / R / F1:" << Qt::endl;
    out() << "  engine,   " << all.leftJustified(32) << modules.text() << Qt::endl;
    out() << "  keywords, " << all.leftJustified(32) << keywords.text() << Qt::endl;
    out() << "  engine,   " << labelled.leftJustified(32) << modulesLabelled.text() << Qt::endl;
    out() << "  keywords, " << labelled.leftJustified(32) << keywordsLabelled.text() << Qt::endl;
    out() << "  engine,   " << u"all, LOW offers accepted too"_s.leftJustified(32) << modulesWithOffer.text()
          << Qt::endl;
    out() << "  (keywords: every positive signal of the pack as a plain word, anywhere in the issue)" << Qt::endl;
    out() << "issues left without a module label (offered at LOW + review instead): " << withoutModule << Qt::endl;
    out() << "domain labels for visibility (dtensor, fsdp, ddp): " << domain.text() << Qt::endl;
    out() << "per component label (TP / FP / FN):" << Qt::endl;
    for (auto it = perLabel.cbegin(); it != perLabel.cend(); ++it) {
        const LabelScore &c = it.value();
        out() << "  " << it.key().leftJustified(34) << QString::number(c.tp).rightJustified(3) << " / "
              << QString::number(c.fp).rightJustified(3) << " / " << QString::number(c.fn).rightJustified(3)
              << Qt::endl;
    }
    return 0;
}
