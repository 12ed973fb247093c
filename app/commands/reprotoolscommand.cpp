// SPDX-License-Identifier: MIT
#include "app/commands/reprotoolscommand.h"

#include "app/commands/reprocli.h"
#include "engine/reduction/reprobisector.h"
#include "engine/reduction/reprominimizer.h"
#include "engine/repro/pythonenvironment.h"
#include "engine/repro/reprojson.h"
#include "engine/repro/reprorunvariant.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QTextStream>

#include <optional>
#include <tuple>

using namespace Qt::StringLiterals;

namespace {

using namespace ReproCli;

constexpr int ExitNothingToMinimize = 5; // the original does not fail (or not as reported)

QString tr(const char *text)
{
    return QCoreApplication::translate("ReproToolsCommand", text);
}

void progress(const QString &line)
{
    QTextStream(stderr) << line << Qt::endl;
}

struct Gate
{
    QCommandLineOption expect{u"expect"_s, tr("The reported error, 'ExcClass: substring'."), u"SIGNATURE"_s};
    QCommandLineOption timeout{u"timeout"_s, tr("Wall-clock limit per run of the original, in seconds (default 120)."),
                               u"S"_s, u"120"_s};
    QCommandLineOption seed{u"hash-seed"_s, tr("Fix PYTHONHASHSEED (default 0)."), u"N"_s, u"0"_s};
    QCommandLineOption consent{
        u"consent"_s, tr("Who consents to running code with findings or from an untrusted author."), u"REVIEWER"_s};
    QCommandLineOption association{u"author-association"_s,
                                   tr("The author's GitHub association; untrusted ones need --consent."),
                                   u"ASSOCIATION"_s};

    QCommandLineOption set{u"set"_s, tr("An extra environment variable, e.g. TORCH_LOGS=+dynamo (repeatable)."),
                           u"NAME=VALUE"_s};

    void addTo(QCommandLineParser &parser) const
    {
        parser.addOptions({expect, timeout, seed, consent, association, set});
    }

    // Reads the script at `path` into `code` and puts it through the review gate, which adds the review to `out`
    // (started with the file); the exit code when it may not run.
    std::optional<int> readReviewed(const QCommandLineParser &parser, const QString &path, QString &code,
                                    QJsonObject &out) const
    {
        const Result<QString> read = readScript(path);
        if (!read)
            return fail(read.error());
        code = read.value();
        out = QJsonObject{{u"file"_s, path}};
        return reviewBeforeRun(code, parser, association, consent, out);
    }
};

std::optional<int> positiveInt(const QCommandLineParser &parser, const QCommandLineOption &option, int &value,
                               int minimum = 1)
{
    bool ok = false;
    value = parser.value(option).toInt(&ok);
    if (!ok || value < minimum)
        return fail(tr("--%1 needs a number of at least %2").arg(option.names().first()).arg(minimum));
    return std::nullopt;
}

QJsonObject toJson(const BisectProbe &p)
{
    return {{u"environment"_s, p.environment.name},
            {u"version"_s, p.version},
            {u"state"_s, BisectProbe::stateName(p.state)},
            {u"reason"_s, p.reason},
            {u"round"_s, p.round},
            {u"ratio"_s, p.ratio},
            {u"durationMs"_s, p.durationMs}};
}

QJsonObject toJson(const Result<BisectResult> &result)
{
    const BisectResult &r = *result.partial(); // a cancelled bisection hands what it knows
    QJsonArray boundaries;
    for (const BisectBoundary &b : r.boundaries)
        boundaries << QJsonObject{{u"from"_s, b.fromVersion},
                                  {u"to"_s, b.toVersion},
                                  {u"change"_s, b.fixed ? u"fixed"_s : u"regressed"_s},
                                  {u"exact"_s, b.exact()},
                                  {u"skippedBetween"_s, QJsonArray::fromStringList(b.skippedBetween)}};
    QJsonArray probes;
    for (const BisectProbe &p : r.probes)
        probes << toJson(p);
    QJsonObject out{{u"package"_s, r.package},     {u"summary"_s, r.summary()},
                    {u"boundaries"_s, boundaries}, {u"rounds"_s, r.rounds},
                    {u"runs"_s, r.runs},           {u"concurrency"_s, r.concurrency},
                    {u"elapsedMs"_s, r.elapsedMs}, {u"cancelled"_s, result.cancelled()},
                    {u"probes"_s, probes}};
    if (const BisectBoundary *fix = r.fix()) {
        out.insert(u"firstGood"_s, fix->toVersion);
        out.insert(u"lastBad"_s, fix->fromVersion);
    }
    if (const BisectBoundary *regression = r.regression()) {
        out.insert(u"firstBad"_s, regression->toVersion);
        out.insert(u"lastGood"_s, regression->fromVersion);
    }
    if (!result && !result.cancelled())
        out.insert(u"error"_s, result.error());
    return out;
}

QJsonObject toJson(const Result<MinimizeResult> &result)
{
    const MinimizeResult &r = *result.partial(); // the minimizer always hands its work so far
    QJsonObject out{{u"signature"_s, r.signatureText()},
                    {u"flaky"_s, r.flaky},
                    {u"baseline"_s, r.baselineRatio},
                    {u"changed"_s, r.changed()},
                    {u"originalLines"_s, r.originalLines},
                    {u"finalLines"_s, r.finalLines},
                    {u"originalNonBlankLines"_s, r.originalNonBlank},
                    {u"finalNonBlankLines"_s, r.finalNonBlank},
                    {u"runs"_s, r.runs},
                    {u"rechecks"_s, r.rechecks},
                    {u"rounds"_s, r.rounds},
                    {u"stepTimeoutMs"_s, r.stepTimeoutMs},
                    {u"elapsedMs"_s, r.elapsedMs},
                    {u"cancelled"_s, result.cancelled()},
                    {u"steps"_s, QJsonArray::fromStringList(r.steps)},
                    {u"conditions"_s, QJsonArray::fromStringList(r.conditions)},
                    {u"minimized"_s, r.minimized},
                    {u"diff"_s, r.diff}};
    if (!result && !result.cancelled())
        out.insert(u"error"_s, result.error());
    return out;
}

int bisect(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Bisect a repro across environments: order them by a package's version and find where the outcome "
           "changes."));
    parser.addHelpOption();
    parser.addPositionalArgument(u"file"_s, tr("The script to run."));
    const QCommandLineOption envsOption(u"envs"_s, tr("Environments by name, comma-separated (default: all)."),
                                        u"A,B,C"_s);
    const QCommandLineOption packageOption(u"package"_s, tr("The package whose version orders them (default torch)."),
                                           u"NAME"_s, u"torch"_s);
    const QCommandLineOption knownBadOption(
        u"known-bad"_s, tr("An environment where it is known to reproduce (the reporter's)."), u"ENV"_s);
    const QCommandLineOption probesOption(u"probes"_s, tr("Probes per round, 1 to 3 (default 3)."), u"N"_s, u"3"_s);
    const QCommandLineOption runsOption(u"runs"_s, tr("Runs per probe (default 1)."), u"N"_s, u"1"_s);
    Gate gate;
    parser.addOptions({envsOption, packageOption, knownBadOption, probesOption, runsOption});
    gate.addTo(parser);
    parser.process(arguments);
    if (parser.positionalArguments().size() != 1)
        return fail(tr("usage: repro bisect FILE.py [--envs A,B,C] [--package NAME] [--expect 'Exc: text']"));
    int probes = 0, runs = 0, timeout = 0, seed = 0;
    for (const auto &[option, value, minimum] : {std::tuple{&probesOption, &probes, 1},
                                                 {&runsOption, &runs, 1},
                                                 {&gate.timeout, &timeout, 1},
                                                 {&gate.seed, &seed, 0}}) {
        if (const auto code = positiveInt(parser, *option, *value, minimum))
            return *code;
    }
    const QString path = parser.positionalArguments().first();
    QString code;
    QJsonObject out;
    if (const auto stop = gate.readReviewed(parser, path, code, out))
        return *stop;

    const QList<PythonEnvironment> all = discoverEnvironments();
    QList<PythonEnvironment> chosen;
    if (parser.isSet(envsOption)) {
        for (const QString &name : parser.value(envsOption).split(u',', Qt::SkipEmptyParts)) {
            const auto env = std::find_if(all.cbegin(), all.cend(),
                                          [&](const PythonEnvironment &e) { return e.name == name.trimmed(); });
            if (env == all.cend())
                return fail(tr("no environment \"%1\"; see `repro envs`").arg(name));
            chosen << *env;
        }
    } else {
        chosen = all;
    }
    QList<PythonEnvironment> usable;
    for (const PythonEnvironment &e : std::as_const(chosen)) {
        if (e.isUsable())
            usable << e;
        else
            progress(tr("skipping %1: %2").arg(e.name, e.probeError));
    }
    if (usable.size() < 2)
        return fail(tr("bisection needs at least two usable environments"));

    SandboxRequest base;
    base.scriptPath = path;
    base.hashSeed = seed;
    base.limits.timeoutMs = timeout * 1000;
    const auto variables = ReproRunVariant::parseVariables(parser.values(gate.set));
    if (!variables)
        return fail(tr("--set: %1").arg(variables.error()));
    base.extraEnvironment = variables.value();
    BisectorOptions options;
    options.package = parser.value(packageOption);
    options.expected = ErrorSignature::parse(parser.value(gate.expect));
    options.knownBad = parser.value(knownBadOption);
    options.probesPerRound = std::min(probes, 3);
    options.runsPerProbe = runs;

    ReproBisector bisector;
    QObject::connect(&bisector, &ReproBisector::roundStarted, &bisector, [](int round, const QStringList &versions) {
        progress(u"── round %1: %2 ──"_s.arg(round).arg(versions.join(u", "_s)));
    });
    QObject::connect(&bisector, &ReproBisector::probeFinished, &bisector, [](const BisectProbe &p) {
        progress(
            u"   %1 (%2): %3 — %4"_s.arg(p.version, p.environment.name, BisectProbe::stateName(p.state), p.reason));
    });
    const std::optional<Result<BisectResult>> result =
        waitFor(bisector, &ReproBisector::finished, [&] { bisector.start(base, usable, options); });
    if (!result)
        return fail(tr("the bisection did not finish"));
    merge(out, toJson(*result));
    print(out);
    return *result || result->cancelled() ? 0 : ExitRefused;
}

int minimize(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Shrink a failing repro while it fails the same way (same exception and message, or same signal)."));
    parser.addHelpOption();
    parser.addPositionalArgument(u"file"_s, tr("The script; it is never changed."));
    const QCommandLineOption envOption(u"env"_s, tr("The environment by name (default: system)."), u"NAME"_s,
                                       u"system"_s);
    const QCommandLineOption outOption(u"out"_s, tr("Write the minimized script here."), u"FILE"_s);
    const QCommandLineOption stopOption(u"stop-lines"_s,
                                        tr("Stop at this many non-blank non-import lines (default 20; 0: go on "
                                           "until nothing more can go)."),
                                        u"N"_s, u"20"_s);
    const QCommandLineOption baselineOption(u"baseline-runs"_s, tr("Runs of the original (default 3)."), u"N"_s,
                                            u"3"_s);
    const QCommandLineOption minStepOption(u"min-step-timeout"_s, tr("Per-candidate timeout floor, s (default 30)."),
                                           u"S"_s, u"30"_s);
    const QCommandLineOption maxStepOption(u"max-step-timeout"_s, tr("Per-candidate timeout cap, s (default 60)."),
                                           u"S"_s, u"60"_s);
    Gate gate;
    parser.addOptions({envOption, outOption, stopOption, baselineOption, minStepOption, maxStepOption});
    gate.addTo(parser);
    parser.process(arguments);
    if (parser.positionalArguments().size() != 1)
        return fail(tr("usage: repro minimize FILE.py [--env NAME] [--expect 'Exc: text'] [--out FILE]"));
    int stopLines = 0, baseline = 0, minStep = 0, maxStep = 0, timeout = 0, seed = 0;
    for (const auto &[option, value, minimum] : {std::tuple{&stopOption, &stopLines, 0},
                                                 {&baselineOption, &baseline, 1},
                                                 {&minStepOption, &minStep, 1},
                                                 {&maxStepOption, &maxStep, 1},
                                                 {&gate.timeout, &timeout, 1},
                                                 {&gate.seed, &seed, 0}}) {
        if (const auto code = positiveInt(parser, *option, *value, minimum))
            return *code;
    }
    const QString path = parser.positionalArguments().first();
    const QString outPath = parser.value(outOption);
    if (!outPath.isEmpty() && QFileInfo(outPath).absoluteFilePath() == QFileInfo(path).absoluteFilePath())
        return fail(tr("--out must not be the original: it is kept as it is"));
    QString code;
    QJsonObject out;
    if (const auto stop = gate.readReviewed(parser, path, code, out))
        return *stop;

    const QList<PythonEnvironment> envs = discoverEnvironments();
    const PythonEnvironment *env = usableEnvironment(envs, parser.value(envOption));
    if (!env)
        return fail(tr("no usable environment \"%1\"; see `repro envs`").arg(parser.value(envOption)));

    SandboxRequest base;
    base.scriptName = QFileInfo(path).fileName();
    base.environment = *env;
    base.hashSeed = seed;
    base.limits.timeoutMs = timeout * 1000;
    const auto variables = ReproRunVariant::parseVariables(parser.values(gate.set));
    if (!variables)
        return fail(tr("--set: %1").arg(variables.error()));
    base.extraEnvironment = variables.value();
    MinimizerOptions options;
    options.expected = ErrorSignature::parse(parser.value(gate.expect));
    options.stopLines = stopLines;
    options.baselineRuns = baseline;
    options.minStepTimeoutMs = minStep * 1000;
    options.maxStepTimeoutMs = std::max(minStep, maxStep) * 1000;

    ReproMinimizer minimizer;
    QObject::connect(
        &minimizer, &ReproMinimizer::progress, &minimizer, [](int round, const QString &pass, int runs, int lines) {
            progress(u"── round %1, %2: %3 lines, %4 runs so far ──"_s.arg(round).arg(pass).arg(lines).arg(runs));
        });
    QObject::connect(&minimizer, &ReproMinimizer::bestChanged, &minimizer,
                     [](const QString &, int lines, const QString &step) {
                         progress(u"   kept: %1 → %2 lines"_s.arg(step).arg(lines));
                     });
    const std::optional<Result<MinimizeResult>> result =
        waitFor(minimizer, &ReproMinimizer::finished, [&] { minimizer.start(code, base, options); });
    if (!result)
        return fail(tr("the minimization did not finish"));
    merge(out, toJson(*result));
    out.insert(u"environment"_s, ReproJson::toJson(*env));
    const bool minimized = *result || result->cancelled(); // a cancelled minimization keeps its best so far
    if (!outPath.isEmpty() && minimized) {
        QFile target(outPath);
        if (!target.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
            target.write(result->partial()->minimized.toUtf8()) < 0)
            return fail(tr("cannot write %1: %2").arg(outPath, target.errorString()));
        out.insert(u"out"_s, outPath);
    }
    print(out);
    return minimized ? 0 : ExitNothingToMinimize;
}

} // namespace

bool ReproToolsCommand::handles(const QString &sub)
{
    return sub == u"bisect"_s || sub == u"minimize"_s;
}

int ReproToolsCommand::run(const QString &sub, const QStringList &arguments)
{
    if (sub == u"bisect"_s)
        return bisect(arguments);
    if (sub == u"minimize"_s)
        return minimize(arguments);
    return fail(tr("unknown repro tool \"%1\"").arg(sub));
}
