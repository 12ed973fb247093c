// SPDX-License-Identifier: MIT
#include "app/commands/reprocommand.h"

#include "app/commands/commandline.h"
#include "app/commands/probeopcommand.h"
#include "app/commands/reprocli.h"
#include "app/commands/reprotoolscommand.h"

#include "engine/core/issuejsonreader.h"
#include "engine/repro/pythonenvironment.h"
#include "engine/repro/reproextractor.h"
#include "engine/repro/reprojson.h"
#include "engine/repro/reproneedsprobe.h"
#include "engine/repro/reproscanner.h"
#include "engine/repro/reprorunvariant.h"
#include "engine/repro/reproseries.h"
#include "engine/scrub/scrubactionability.h"
#include "engine/scrub/scrubduplicatecheck.h"
#include "engine/store/issuestore.h"
#include "engine/repro/outcomeclassifier.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QTextStream>

#include <optional>

using namespace Qt::StringLiterals;

namespace {

using namespace ReproCli;

// Exit codes (see ReproCli for the others): 0 done (the JSON says what happened), 1 scan findings (scan only).
constexpr int ExitFindings = 1;

QString tr(const char *text)
{
    return QCoreApplication::translate("ReproCommand", text);
}

int scan(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(tr("Review a repro script statically (Python's ast); prints JSON."));
    parser.addHelpOption();
    parser.addPositionalArgument(u"file"_s, tr("The script to review."));
    const QCommandLineOption associationOption(
        u"author-association"_s, tr("The author's GitHub association (OWNER, MEMBER, NONE, …)."), u"ASSOCIATION"_s);
    const QCommandLineOption authorOption(u"author"_s, tr("The author's login, for the record."), u"LOGIN"_s);
    parser.addOptions({associationOption, authorOption});
    parser.process(arguments);
    if (parser.positionalArguments().size() != 1)
        return fail(tr("usage: repro scan FILE.py"));
    const QString path = parser.positionalArguments().first();
    const Result<QString> code = readScript(path);
    if (!code)
        return fail(code.error());
    const Result<ScanReport> report = scanNow(code.value());
    if (!report)
        return fail(report.error());
    ReproReview review{report.value(), parser.value(authorOption), parser.value(associationOption),
                       ReproReview::trustFor(parser.value(associationOption))};
    QJsonObject out = ReproJson::toJson(review);
    out.insert(u"file"_s, path);
    print(out);
    return review.scan.clean() ? 0 : ExitFindings;
}

int extract(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(tr("Find the repro candidates, the choice and the reported error of issues."));
    parser.addHelpOption();
    const QCommandLineOption inputOption(u"input"_s, tr("Issues as JSON (gh or REST shape)."), u"ISSUE.json"_s);
    const QCommandLineOption numberOption(u"number"_s, tr("Only this issue of the file."), u"N"_s);
    parser.addOptions({inputOption, numberOption});
    parser.process(arguments);
    if (!parser.isSet(inputOption))
        return fail(tr("--input ISSUE.json is required"));
    const auto issues = IssueJsonReader::readFile(parser.value(inputOption));
    if (!issues)
        return fail(issues.error());
    QJsonArray all;
    for (const Issue &issue : issues.value()) {
        if (parser.isSet(numberOption) && QString::number(issue.number) != parser.value(numberOption))
            continue;
        QJsonObject out = ReproJson::toJson(ReproExtractor::extract(issue));
        out.insert(u"number"_s, issue.number);
        out.insert(u"author"_s, issue.author);
        out.insert(u"authorAssociation"_s, issue.authorAssociation);
        all.append(out);
    }
    if (all.isEmpty())
        return fail(tr("no matching issue in %1").arg(parser.value(inputOption)));
    if (all.size() == 1)
        print(all.first().toObject());
    else
        print(all);
    return 0;
}

int environments(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(tr("List the Python environments repros can run under."));
    parser.addHelpOption();
    parser.process(arguments);
    QJsonArray out;
    for (const PythonEnvironment &env : discoverEnvironments())
        out.append(ReproJson::toJson(env));
    print(out);
    return 0;
}

int runRepro(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(tr("Run a repro in the sandbox, N times, and classify the outcome."));
    parser.addHelpOption();
    parser.addPositionalArgument(u"file"_s, tr("The script to run (or --issue)."));
    parser.addPositionalArgument(u"args"_s, tr("Arguments for the script, after --."), u"[-- args…]"_s);
    const QCommandLineOption envOption(u"env"_s, tr("The environment by name (default: system)."), u"NAME"_s,
                                       u"system"_s);
    const QCommandLineOption expectOption(u"expect"_s, tr("The reported error, 'ExcClass: substring'."),
                                          u"SIGNATURE"_s);
    const QCommandLineOption timeoutOption(u"timeout"_s, tr("Wall-clock limit per run in seconds (default 120)."),
                                           u"S"_s, u"120"_s);
    const QCommandLineOption runsOption(u"runs"_s, tr("How many runs, for flakiness (default 5)."), u"N"_s, u"5"_s);
    const QCommandLineOption seedOption(u"hash-seed"_s, tr("Fix PYTHONHASHSEED."), u"N"_s);
    const QCommandLineOption memoryOption(u"memory"_s, tr("Address-space limit in MiB (default 4096)."), u"MB"_s,
                                          u"4096"_s);
    const QCommandLineOption launcherOption(u"launcher"_s, tr("e.g. 'torchrun --nproc_per_node=2'."), u"CMD"_s);
    const QCommandLineOption consentOption(u"consent"_s,
                                           tr("Who consents to running code with findings or from an untrusted "
                                              "author; recorded in the result."),
                                           u"REVIEWER"_s);
    const QCommandLineOption associationOption(u"author-association"_s,
                                               tr("The author's GitHub association; untrusted ones need --consent."),
                                               u"ASSOCIATION"_s);
    const QCommandLineOption issueOption(
        u"issue"_s, tr("Run the repro an issue gives (gh JSON), against its reported error or hang."), u"ISSUE.json"_s);
    const QCommandLineOption numberOption(u"number"_s, tr("With --issue: this issue of the file."), u"N"_s);
    const QCommandLineOption cpuVariantOption(
        u"cpu-variant"_s, tr("Run the CPU variant (nccl→gloo, cuda→cpu) when the device is all it lacks."));
    const QCommandLineOption assertCloseOption(
        u"add-assert-close"_s, tr("Run a print-only repro with torch.testing.assert_close of its two results."));
    const QCommandLineOption stockTorchrunOption(
        u"stock-torchrun"_s, tr("Launch ranks with torchrun itself (its store without libuv), not our launcher."));
    const QCommandLineOption setOption(
        u"set"_s, tr("An extra environment variable for the runs, e.g. TORCH_LOGS=+dynamo (repeatable)."),
        u"NAME=VALUE"_s);
    const QCommandLineOption dynamoResetOption(
        u"dynamo-reset"_s, tr("Add torch._dynamo.reset() between the compiles of a script that compiles more than once."));
    const QCommandLineOption goOnOption(
        u"go-on"_s, tr("With --issue: run although the actionability check stops it or a recent comment confirms it."));
    const QCommandLineOption storeOption(
        u"store"_s,
        tr("With --issue: the store whose similarity index the duplicate check asks (default: %1).")
            .arg(IssueStore::defaultPath()),
        u"FILE"_s);
    parser.addOptions({envOption, expectOption, timeoutOption, runsOption, seedOption, memoryOption, launcherOption,
                       consentOption, associationOption, issueOption, numberOption, cpuVariantOption, assertCloseOption,
                       stockTorchrunOption, setOption, dynamoResetOption, goOnOption, storeOption});
    parser.process(arguments);
    const QStringList positional = parser.positionalArguments();
    const bool fromIssue = parser.isSet(issueOption);
    if (positional.isEmpty() && !fromIssue)
        return fail(tr("usage: repro run FILE.py [options] [-- args] | repro run --issue ISSUE.json [options]"));
    bool ok = false;
    const int timeout = parser.value(timeoutOption).toInt(&ok);
    if (!ok || timeout <= 0)
        return fail(tr("--timeout needs a positive number of seconds"));
    const int runs = parser.value(runsOption).toInt(&ok);
    if (!ok || runs <= 0 || runs > 100)
        return fail(tr("--runs needs a number from 1 to 100"));
    const qint64 memory = parser.value(memoryOption).toLongLong(&ok);
    if (!ok || memory < 64)
        return fail(tr("--memory needs at least 64 MiB"));
    const auto variables = ReproRunVariant::parseVariables(parser.values(setOption));
    if (!variables)
        return fail(tr("--set: %1").arg(variables.error()));
    std::optional<int> seed;
    if (parser.isSet(seedOption)) {
        seed = parser.value(seedOption).toInt(&ok);
        if (!ok)
            return fail(tr("--hash-seed needs a number"));
    }

    QString path;
    Result<QString> code = QString();
    QJsonObject out;
    ReproExpectation expectation;
    expectation.error = ErrorSignature::parse(parser.value(expectOption));
    QStringList launcher = parser.value(launcherOption).split(u' ', Qt::SkipEmptyParts);
    QStringList scriptArguments = positional.mid(fromIssue ? 0 : 1);
    QString scriptName;
    QString association = parser.value(associationOption);
    QString issueText;
    ReproExtraction extraction; // from --issue: the reported hang, crash or compile symptom
    std::optional<Issue> scrubbed; // --issue: the issue, for the actionability check
    if (fromIssue) {
        const auto issues = IssueJsonReader::readFile(parser.value(issueOption));
        if (!issues)
            return fail(issues.error());
        const Issue *issue = nullptr;
        for (const Issue &i : issues.value()) {
            if (!parser.isSet(numberOption) || QString::number(i.number) == parser.value(numberOption)) {
                issue = &i;
                break;
            }
        }
        if (!issue)
            return fail(tr("no matching issue in %1").arg(parser.value(issueOption)));
        extraction = ReproExtractor::extract(*issue);
        out.insert(u"issue"_s, issue->number);
        out.insert(u"extraction"_s, ReproJson::toJson(extraction));
        const ReproCandidate *chosen = extraction.chosenCandidate();
        if (!chosen) {
            out.insert(u"outcome"_s, u"not-run"_s);
            out.insert(u"reproduces"_s, false);
            out.insert(u"needs"_s, QJsonArray());
            out.insert(u"detail"_s, tr("no runnable repro in the issue: %1").arg(extraction.reason));
            print(out);
            return 0;
        }
        code = chosen->code;
        scriptName = chosen->scriptName;
        if (launcher.isEmpty())
            launcher = chosen->launcher;
        if (scriptArguments.isEmpty())
            scriptArguments = chosen->scriptArguments;
        if (expectation.error.isEmpty())
            expectation.error = extraction.reported;
        expectation.hangReported = extraction.hangReported;
        if (association.isEmpty())
            association = chosen->authorAssociation;
        issueText = issue->title + u'\n' + issue->body;
        path = chosen->where();
        scrubbed = *issue;
    } else {
        path = positional.first();
        code = readScript(path);
        if (!code)
            return fail(code.error());
    }
    out.insert(u"file"_s, path);

    // The same gate as the panel: review first; findings or an untrusted author need a named reviewer.
    if (const auto stop = reviewBeforeRun(code.value(), association, parser.value(consentOption), out,
                                          {{u"outcome"_s, u"not-run"_s}, {u"reproduces"_s, false}}))
        return *stop;

    const QList<PythonEnvironment> envs = discoverEnvironments();
    const PythonEnvironment *env = usableEnvironment(envs, parser.value(envOption));
    if (!env) {
        QStringList names;
        for (const PythonEnvironment &e : envs)
            names << e.label();
        return fail(
            tr("no usable environment \"%1\"; available: %2").arg(parser.value(envOption), names.join(u", "_s)));
    }

    // What it needs against what the environment has, before anything runs.
    ReproNeedsProbe probe;
    const std::optional<Result<ReproNeeds>> probed = waitFor(probe, &ReproNeedsProbe::finished, [&] {
        probe.start(code.value(), *env, RankLauncher::ranksOf(launcher), issueText, expectation.hangReported);
    });
    QString runCode = code.value();
    QString variant;
    const ErrorSignature reported = expectation.error; // --expect, else the issue's
    if (probed && *probed) {
        const ReproNeeds &needs = probed->value();
        out.insert(u"needsCheck"_s, ReproJson::toJson(needs));
        auto kind = OutcomeClassifier::Variant::AsPosted;
        if (parser.isSet(cpuVariantOption) && !needs.cpuVariant.isEmpty()) {
            runCode = needs.cpuVariant;
            variant = u"cpu"_s;
            kind = OutcomeClassifier::Variant::Cpu;
            out.insert(u"variantDiff"_s, needs.cpuVariantDiff);
        } else if (parser.isSet(assertCloseOption) && !needs.assertCloseVariant.isEmpty()) {
            runCode = needs.assertCloseVariant;
            variant = u"assert-close"_s;
            kind = OutcomeClassifier::Variant::AssertClose;
            out.insert(u"variantDiff"_s, needs.assertCloseDiff);
        }
        expectation = OutcomeClassifier::expectationFor(reported, extraction, &needs, kind);
    } else {
        if (probed)
            QTextStream(stderr) << "triage-console repro: " << probed->error() << Qt::endl;
        expectation = OutcomeClassifier::expectationFor(reported, extraction, nullptr);
    }
    if (!variant.isEmpty())
        out.insert(u"variant"_s, variant);

    // The playbook's actionability check and recent confirmation, before anything runs (an issue only).
    if (scrubbed) {
        ScrubMachine machine;
        machine.torchVersion = env->torchVersion;
        if (probed && *probed) {
            machine.gpus = probed->value().haveGpus;
            machine.unmetNeeds = probed->value().unmet;
            machine.hasCpuPath = !probed->value().cpuVariant.isEmpty();
        }
        ScrubGate gate =
            ScrubActionability::assess(*scrubbed, QDateTime::currentDateTimeUtc(), machine, expectation.error);
        // The store's similarity index, when it has one: a likely duplicate stops the run like the text's.
        const auto indexed = ScrubDuplicateCheck::lookUp(
            parser.isSet(storeOption) ? parser.value(storeOption) : IssueStore::defaultPath(), *scrubbed);
        if (indexed)
            ScrubDuplicateCheck::addTo(gate, indexed.value());
        else
            QTextStream(stderr) << "triage-console repro: the duplicate check: " << indexed.error() << Qt::endl;
        out.insert(u"actionability"_s, gate.toJson());
        if ((gate.stopsTheRun() || gate.asks()) && !parser.isSet(goOnOption)) {
            out.insert(u"outcome"_s, u"not-run"_s);
            out.insert(u"reproduces"_s, false);
            out.insert(u"needs"_s, QJsonArray::fromStringList(machine.unmetNeeds));
            out.insert(u"detail"_s,
                       gate.stopsTheRun()
                           ? tr("not actionable: %1 (%2); --go-on runs it anyway")
                                 .arg(gate.stops.constFirst().title(), gate.stops.constFirst().evidence)
                           : tr("recently confirmed by @%1 on %2: re-verify with --go-on, or skip to minimization")
                                 .arg(gate.confirmation->author, gate.confirmation->version));
            print(out);
            return 0;
        }
    }
    if (parser.isSet(dynamoResetOption)) {
        int resets = 0;
        const QString withResets = ReproRunVariant::withDynamoResets(runCode, &resets);
        if (resets > 0) {
            runCode = withResets;
            variant = variant.isEmpty() ? u"dynamo-reset"_s : variant + u"+dynamo-reset"_s;
            out.insert(u"variant"_s, variant);
        }
        out.insert(u"dynamoResets"_s, resets);
    }
    if (!variables->isEmpty()) {
        QJsonObject vars;
        for (auto it = variables->cbegin(); it != variables->cend(); ++it)
            vars.insert(it.key(), it.value());
        out.insert(u"variables"_s, vars);
    }

    SandboxRequest request;
    if (fromIssue || !variant.isEmpty()) {
        request.scriptText = runCode;
        request.scriptName = scriptName.isEmpty() && !fromIssue ? QFileInfo(path).fileName() : scriptName;
    } else {
        request.scriptPath = path;
    }
    request.scriptArguments = scriptArguments;
    request.launcher = launcher;
    if (parser.isSet(stockTorchrunOption))
        request.rankMode = RankLauncher::Mode::Torchrun;
    request.environment = *env;
    request.hashSeed = seed;
    request.extraEnvironment = variables.value();
    request.limits.timeoutMs = timeout * 1000;
    request.limits.memoryBytes = memory * 1024 * 1024;

    QFile err;
    if (!err.open(stderr, QIODevice::WriteOnly | QIODevice::Unbuffered))
        return fail(tr("cannot write to stderr"));
    ReproSeries series;
    SandboxRunResult last;
    QObject::connect(&series, &ReproSeries::runStarted, &series, [&](int index, int total) {
        err.write(u"── run %1/%2 in %3 ──\n"_s.arg(index + 1).arg(total).arg(env->label()).toUtf8());
    });
    QObject::connect(&series, &ReproSeries::output, &series,
                     [&](const QByteArray &chunk, OutputStream) { err.write(chunk); });
    QObject::connect(&series, &ReproSeries::runFinished, &series,
                     [&](int, const ReproOutcome &outcome, const SandboxRunResult &result) {
                         last = result;
                         err.write(
                             u"── %1: %2 ──\n"_s.arg(ReproOutcome::kindName(outcome.kind), outcome.detail).toUtf8());
                     });
    const std::optional<ReproSeriesSummary> summary =
        waitFor(series, &ReproSeries::finished, [&] { series.start(request, expectation, runs); });
    if (!summary)
        return fail(tr("the runs did not finish"));

    merge(out, ReproJson::toJson(*summary));
    // `needs`: what the check before the run found missing, and what a run showed missing.
    QStringList needs = expectation.unmetNeeds;
    for (const ReproOutcome &o : summary->runs) {
        for (const QString &n : o.needs) {
            if (!needs.contains(n))
                needs << n;
        }
    }
    out.insert(u"needs"_s, QJsonArray::fromStringList(needs));
    if (!variant.isEmpty())
        out.insert(u"detail"_s, tr("%1 (run as the %2 variant, not as posted)").arg(summary->overall.detail, variant));
    out.insert(u"environment"_s, ReproJson::toJson(*env)); // the whole environment, not just its name
    out.insert(u"lastRun"_s, ReproJson::toJson(last));
    print(out);
    return summary->overall.kind == ReproOutcome::Kind::SandboxRefused ? ExitRefused : 0;
}

} // namespace

int ReproCommand::run(const QStringList &arguments)
{
    // arguments: "triage-console repro", subcommand, options…
    const QString sub = arguments.value(1);
    const QStringList rest = CommandLine::subcommandArguments(arguments);
    if (sub == u"scan"_s)
        return scan(rest);
    if (sub == u"run"_s)
        return runRepro(rest);
    if (sub == u"extract"_s)
        return extract(rest);
    if (sub == u"envs"_s)
        return environments(rest);
    if (sub == u"probe-op"_s)
        return ProbeOpCommand::run(rest);
    if (ReproToolsCommand::handles(sub))
        return ReproToolsCommand::run(sub, rest);
    return fail(tr("usage: repro scan FILE.py | repro run FILE.py [options] | repro extract --input ISSUE.json | "
                   "repro envs | repro bisect FILE.py --envs A,B,C | repro minimize FILE.py [--out FILE]"));
}
