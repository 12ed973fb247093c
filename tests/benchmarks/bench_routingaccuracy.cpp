// SPDX-License-Identifier: MIT
// First-level routing accuracy of the `general` profile on real issues with the labels humans gave them.
// Usage: bench_routingaccuracy [--data DIR] [--pack FILE] [--verbose]
// Every issue of general.jsonl, pt2.jsonl and distributed.jsonl is fed with NO labels at all; the queue its plan
// routes to (the oncall label it adds, or none) is compared with the queue its human labels name.
#include "engine/core/issuejsonreader.h"
#include "engine/triage/guardrails.h"
#include "engine/triage/rubricpack.h"
#include "engine/triage/triageengine.h"
#include "tests/benchmarks/accuracysetup.h"
#include "tests/benchmarks/benchsupport.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QSet>
#include <QTextStream>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

using Bench::out;

const QString None = u"none"_s;

// The queue an oncall label stands for. Sub-queues count as their parent, and CPU inductor is a PT2 queue at
// the first level (the PT2 pass redirects it).
QString queueOfOncall(const QString &label)
{
    if (!label.startsWith("oncall: "_L1))
        return {};
    const QString name = label.mid(8);
    if (name.startsWith("distributed"_L1))
        return u"distributed"_s;
    if (name == "pt2"_L1 || name == "cpu inductor"_L1)
        return u"pt2"_s;
    static const QSet<QString> queues = {u"export"_s,   u"jit"_s,    u"quantization"_s,
                                         u"profiler"_s, u"mobile"_s, u"visualization"_s};
    return queues.contains(name) ? name : QString();
}

// Issues older than the oncall labels carry only module (or bare component) labels.
QString queueOfLegacy(const QString &label)
{
    static const QSet<QString> distributed = {u"distributed"_s,
                                              u"module: distributed"_s,
                                              u"module: fsdp"_s,
                                              u"module: ddp"_s,
                                              u"module: dtensor"_s,
                                              u"module: c10d"_s,
                                              u"module: nccl"_s,
                                              u"module: rpc"_s,
                                              u"module: elastic"_s,
                                              u"module: pipelining"_s,
                                              u"module: symm_mem"_s,
                                              u"module: mpi"_s,
                                              u"module: DeviceMesh"_s,
                                              u"module: data parallel"_s,
                                              u"module: threaded pg"_s,
                                              u"module: tensorpipe"_s,
                                              u"module: context parallel"_s,
                                              u"module: distributed_checkpoint"_s,
                                              u"module: distributed_tool"_s};
    static const QSet<QString> pt2 = {u"module: inductor"_s,
                                      u"module: dynamo"_s,
                                      u"module: dynamic shapes"_s,
                                      u"module: pt2-dispatcher"_s,
                                      u"module: aotdispatch"_s,
                                      u"module: guards"_s,
                                      u"module: compiled autograd"_s,
                                      u"module: fakeTensor"_s,
                                      u"module: cpu inductor"_s,
                                      u"module: graph breaks"_s,
                                      u"module: aotinductor"_s,
                                      u"module: decompositions"_s,
                                      u"module: higher order operators"_s,
                                      u"module: flex attention"_s,
                                      u"module: compile ux"_s,
                                      u"module: compile-time"_s,
                                      u"module: pt2 accuracy"_s,
                                      u"module: pt2 optimizer"_s,
                                      u"module: functionalization"_s,
                                      u"module: user triton"_s,
                                      u"module: minifier"_s};
    if (distributed.contains(label))
        return u"distributed"_s;
    if (pt2.contains(label) || label.startsWith("dynamo-"_L1))
        return u"pt2"_s;
    if (label == "jit"_L1 || label == "module: jit"_L1)
        return u"jit"_s;
    if (label == "quantization"_L1 || label == "module: quantization"_L1)
        return u"quantization"_s;
    if (label == "mobile"_L1 || label == "module: android"_L1 || label == "module: ios"_L1 ||
        label == "module: mobile"_L1)
        return u"mobile"_s;
    if (label == "module: profiler"_L1)
        return u"profiler"_s;
    if (label == "module: tensorboard"_L1)
        return u"visualization"_s;
    if (label == "module: export"_L1)
        return u"export"_s;
    return {};
}

// The queues a correct first-level plan may pick: those the oncall labels name, else those the legacy labels
// imply, else none. Humans sometimes give two (compile mishandling a collective: pt2 and distributed); either one
// is right, since a plan routes to exactly one.
QStringList goldQueues(const QStringList &labels)
{
    QStringList queues;
    for (const QString &label : labels) {
        const QString queue = queueOfOncall(label);
        if (!queue.isEmpty() && !queues.contains(queue))
            queues.append(queue);
    }
    if (queues.isEmpty()) {
        for (const QString &label : labels) {
            const QString queue = queueOfLegacy(label);
            if (!queue.isEmpty() && !queues.contains(queue))
                queues.append(queue);
        }
    }
    if (queues.isEmpty())
        queues.append(None);
    std::sort(queues.begin(), queues.end());
    return queues;
}

QString predictedQueue(const TriagePlan &plan)
{
    for (const QString &label : plan.addLabels) {
        const QString queue = queueOfOncall(label);
        if (!queue.isEmpty())
            return queue;
    }
    return None;
}

QString fixed(double value)
{
    return QString::number(value, 'f', 3);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    const bool verbose = args.removeAll(u"--verbose"_s) > 0;
    const QString packPath = Bench::takeOption(args, u"--pack"_s);
    QString dataDir = Bench::takeOption(args, u"--data"_s);
    if (dataDir.isEmpty())
        dataDir = QFileInfo(Bench::dataset({}, u"general.jsonl"_s)).path();
    const QStringList datasets = {u"general"_s, u"pt2"_s, u"distributed"_s};
    for (const QString &name : datasets) {
        const QString path = dataDir + u'/' + name + u".jsonl"_s;
        if (!QFile::exists(path)) {
            out() << "skipped: " << path << " is absent (it lives beside the repository, in ../shared)" << Qt::endl;
            return 0;
        }
    }
    const std::unique_ptr<TriageEngine> loaded = Bench::loadEngine(u"general"_s, packPath);
    if (!loaded)
        return 1;
    const TriageEngine &engine = *loaded;
    QSet<QString> moduleUniverse;
    for (const ModuleRule &module : engine.pack().modules)
        moduleUniverse.insert(module.label);

    out() << "gold: the queues the issue's oncall labels name (a distributed sub-queue counts as distributed, "
             "cpu inductor as pt2);"
          << Qt::endl
          << "      without any, the queue its older labels imply (distributed modules and the bare `distributed` "
             "label -> distributed,"
          << Qt::endl
          << "      PT2 modules (inductor, dynamo, dynamic shapes, pt2-dispatcher, aotdispatch, guards, flex "
             "attention, …) and dynamo-* -> pt2,"
          << Qt::endl
          << "      jit -> jit, mobile / android / ios -> mobile, …); else none. Two gold queues: either is right (a "
             "plan routes to one)."
          << Qt::endl
          << "prediction: the oncall label the plan adds (issues fed with no labels), else none." << Qt::endl;

    HitRatio overall;
    HitRatio singleGold; // issues whose human labels name exactly one queue (or none): no leniency at all
    QMap<QString, HitRatio> perDataset;
    QMap<QString, int> decisions;                // how often each step of the procedure ended a plan
    QMap<QString, QMap<QString, int>> confusion; // gold → predicted → count
    QSet<QString> predictedColumns;
    int tp = 0, fp = 0, fn = 0, generalIssues = 0;
    QList<Issue> all;
    for (const QString &name : datasets) {
        const QList<Issue> issues = Bench::readIssues(dataDir + u'/' + name + u".jsonl"_s);
        for (Issue issue : issues) {
            const QStringList answer = issue.labels;
            issue.labels.clear();
            all.append(issue);
            const TriagePlan plan = Guardrails::enforce(engine.plan(issue), issue, engine.pack());
            const QStringList gold = goldQueues(answer);
            const QString predicted = predictedQueue(plan);
            ++decisions[plan.decision.name()];
            const bool right = gold.contains(predicted);
            overall.add(right);
            if (gold.size() == 1)
                singleGold.add(right);
            perDataset[name].add(right);
            const QString goldKey = gold.join(u'+');
            ++confusion[goldKey][predicted];
            predictedColumns.insert(predicted);

            // Module labels where both agree the issue stays in the general queue.
            QStringList goldModules, predictedModules;
            if (gold == QStringList{None} && predicted == None) {
                ++generalIssues;
                for (const QString &label : answer) {
                    if (moduleUniverse.contains(label))
                        goldModules.append(label);
                }
                for (const QString &label : plan.addLabels) {
                    if (moduleUniverse.contains(label))
                        predictedModules.append(label);
                }
                for (const QString &label : std::as_const(predictedModules))
                    (goldModules.contains(label) ? tp : fp) += 1;
                for (const QString &label : std::as_const(goldModules))
                    fn += predictedModules.contains(label) ? 0 : 1;
            }
            if (verbose) {
                out() << (right ? "      " : "WRONG ") << name.leftJustified(12) << '#' << issue.number << ' '
                      << plan.decision.name() << " -> " << predicted << " (gold " << goldKey << ") ["
                      << plan.addLabels.join(u", "_s) << "] " << issue.title.left(70) << Qt::endl;
                if (!right) {
                    for (const Evidence &e : plan.evidence)
                        out() << "        " << e.label << " | " << e.rule << " | " << e.where << " | " << e.text
                              << Qt::endl;
                }
            }
        }
    }

    out() << "routing accuracy, overall:        " << overall.text() << Qt::endl;
    out() << "routing accuracy, one gold queue: " << singleGold.text() << Qt::endl;
    for (const QString &name : datasets)
        out() << "routing accuracy, " << QString(name + u':').leftJustified(16) << perDataset.value(name).text()
              << Qt::endl;
    QStringList columns(predictedColumns.cbegin(), predictedColumns.cend());
    std::sort(columns.begin(), columns.end());
    out() << "confusion (rows: gold, columns: predicted):" << Qt::endl;
    out() << "  " << QString().leftJustified(26);
    for (const QString &column : std::as_const(columns))
        out() << column.left(12).rightJustified(13);
    out() << Qt::endl;
    for (auto row = confusion.cbegin(); row != confusion.cend(); ++row) {
        out() << "  " << row.key().leftJustified(26);
        for (const QString &column : std::as_const(columns))
            out() << QString::number(row.value().value(column)).rightJustified(13);
        out() << Qt::endl;
    }
    out() << "decisions:";
    for (auto it = decisions.cbegin(); it != decisions.cend(); ++it)
        out() << ' ' << it.key() << ' ' << it.value();
    out() << Qt::endl;
    const double precision = tp + fp == 0 ? 0.0 : double(tp) / (tp + fp);
    const double recall = tp + fn == 0 ? 0.0 : double(tp) / (tp + fn);
    const double f1 = precision + recall == 0.0 ? 0.0 : 2 * precision * recall / (precision + recall);
    out() << "module labels on issues kept in the general queue (" << generalIssues << " issues; pack modules only): P "
          << fixed(precision) << " (" << tp << '/' << tp + fp << "), R " << fixed(recall) << " (" << tp << '/'
          << tp + fn << "), F1 " << fixed(f1) << Qt::endl;

    // Throughput: the same engine, one thread, the whole set planned until a second has passed.
    QElapsedTimer timer;
    timer.start();
    qint64 planned = 0;
    int sink = 0;
    while (timer.elapsed() < 1000 || planned < 1000) {
        for (const Issue &issue : std::as_const(all)) {
            sink += int(engine.plan(issue).addLabels.size());
            ++planned;
        }
    }
    const double seconds = double(timer.nsecsElapsed()) / 1e9;
    out() << "throughput (one thread): " << QString::number(double(planned) / seconds, 'f', 0) << " issues/s ("
          << planned << " plans, " << sink << " labels)" << Qt::endl;
    return 0;
}
