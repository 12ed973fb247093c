// SPDX-License-Identifier: MIT
#include "app/commands/probeopcommand.h"

#include "app/commands/reprocli.h"

#include "engine/probe/operatoranalysis.h"
#include "engine/probe/operatorprobejob.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>

using namespace Qt::StringLiterals;
using namespace ReproCli;

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("ProbeOpCommand", text);
}

} // namespace

int ProbeOpCommand::run(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Probe what DTensor does with an ATen op: every placement of every tensor input on a CPU Gloo mesh, "
           "compared with the single-device result."));
    parser.addHelpOption();
    parser.addPositionalArgument(u"op"_s, tr("The op(s), e.g. aten.cumsum.default."), u"OP…"_s);
    const QCommandLineOption ranksOption(u"ranks"_s, tr("Mesh sizes (default 2,4)."), u"N,M"_s, u"2,4"_s);
    const QCommandLineOption envOption(u"env"_s, tr("The environment by name (default: system)."), u"NAME"_s,
                                       u"system"_s);
    const QCommandLineOption timeoutOption(u"timeout"_s, tr("Wall-clock limit in seconds (default 600)."), u"S"_s,
                                           u"600"_s);
    const QCommandLineOption analysisOption(
        u"analysis"_s, tr("Add the analysis, the drafted comment, suggested labels and the generated test."));
    parser.addOptions({ranksOption, envOption, timeoutOption, analysisOption});
    parser.process(arguments);
    const QStringList ops = parser.positionalArguments();
    if (ops.isEmpty())
        return fail(tr("usage: repro probe-op OP [OP…] [--ranks 2,4] [--env NAME] [--timeout S] [--analysis]"));
    QList<int> ranks;
    for (const QString &part : parser.value(ranksOption).split(u',', Qt::SkipEmptyParts)) {
        bool ok = false;
        const int n = part.trimmed().toInt(&ok);
        if (!ok || n < 1 || n > 16)
            return fail(tr("--ranks needs mesh sizes from 1 to 16, like 2,4"));
        ranks.append(n);
    }
    if (ranks.isEmpty())
        return fail(tr("--ranks needs mesh sizes from 1 to 16, like 2,4"));
    bool ok = false;
    const int timeout = parser.value(timeoutOption).toInt(&ok);
    if (!ok || timeout <= 0)
        return fail(tr("--timeout needs a positive number of seconds"));
    for (const QString &op : ops) {
        if (OperatorProbeJob::normalizedOpName(op).isEmpty())
            return fail(tr("\"%1\" is not an ATen op name (like aten.cumsum.default)").arg(op));
    }

    const QList<PythonEnvironment> envs = discoverEnvironments();
    const PythonEnvironment *env = usableEnvironment(envs, parser.value(envOption));
    if (!env)
        return fail(tr("no usable environment \"%1\"").arg(parser.value(envOption)));

    QFile err;
    if (!err.open(stderr, QIODevice::WriteOnly | QIODevice::Unbuffered))
        return fail(tr("cannot write to stderr"));
    OperatorProbeJob job;
    job.setTimeoutMs(timeout * 1000);
    QString lastOp;
    int lastRanks = 0;
    QObject::connect(&job, &OperatorProbeJob::progress, &job, [&](const QString &op, int meshSize, int done) {
        if (op != lastOp || meshSize != lastRanks)
            err.write(u"── %1 on %2 ranks ──\n"_s.arg(op).arg(meshSize).toUtf8());
        lastOp = op;
        lastRanks = meshSize;
        Q_UNUSED(done);
    });
    QObject::connect(&job, &OperatorProbeJob::combination, &job, [&](const OperatorProbeCombination &c) {
        err.write(u"  %1 %2: %3\n"_s
                      .arg(c.caseName, c.placements.join(u", "_s), OperatorProbeCombination::statusName(c.status))
                      .toUtf8());
    });
    const std::optional<Result<OperatorProbeOutcome>> result =
        waitFor(job, &OperatorProbeJob::finished, [&] { job.start(ops, ranks, *env); });
    if (!result)
        return fail(tr("the probe did not finish"));
    // Refused, cancelled or could not start: the outcome so far comes along, and is printed the same.
    const std::optional<OperatorProbeOutcome> outcome =
        result->partial() ? std::optional(*result->partial()) : std::optional(OperatorProbeOutcome{});
    const QString stopped = result->ok() ? outcome->problem : result->error();

    QJsonObject out = outcome->report.toJson();
    out.insert(u"ranks"_s, QJsonArray::fromVariantList({ranks.cbegin(), ranks.cend()}));
    out.insert(u"environment"_s, env->label());
    out.insert(u"durationMs"_s, outcome->run.durationMs);
    if (!stopped.isEmpty())
        out.insert(u"error"_s, stopped);
    if (parser.isSet(analysisOption)) {
        QJsonArray analyses;
        for (const OperatorProbeOp &op : outcome->report.ops())
            analyses.append(OperatorAnalysis::analyse(op).toJson());
        out.insert(u"analyses"_s, analyses);
    }
    print(out);
    if (!result->ok() && result->errorKind() == ErrorKind::Refused)
        return ExitRefused;
    // An op the probe could not even try (unknown to this torch, no inputs from its schema) is a failed probe,
    // said on stderr as well as in the JSON.
    const QList<OperatorProbeOp> probed = outcome->report.ops();
    const bool noneTried = !probed.isEmpty() && std::all_of(probed.cbegin(), probed.cend(), [](const auto &op) {
        return !op.error.isEmpty() && op.combinations.isEmpty();
    });
    if (noneTried)
        return fail(tr("no op could be probed: %1").arg(probed.constFirst().error), 1);
    return stopped.isEmpty() ? 0 : 1;
}
