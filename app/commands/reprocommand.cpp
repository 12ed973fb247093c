// SPDX-License-Identifier: MIT
#include "app/commands/reprocommand.h"

#include "app/commands/cli.h"
#include "app/commands/commandline.h"
#include "app/commands/probeopcommand.h"
#include "app/commands/reprocli.h"
#include "app/commands/reprotoolscommand.h"

#include "engine/core/issuejsonreader.h"
#include "engine/repro/outcomeclassifier.h"
#include "engine/repro/pythonenvironment.h"
#include "engine/repro/reproextractor.h"
#include "engine/repro/reprojson.h"
#include "engine/repro/reproneedsprobe.h"
#include "engine/repro/reprorunvariant.h"
#include "engine/repro/reproscanner.h"
#include "engine/repro/reproseries.h"
#include "engine/scrub/scrubactionability.h"
#include "engine/scrub/scrubduplicatecheck.h"
#include "engine/store/issuestore.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QMap>
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

// The options of `repro run`.
struct RunOptions
{
    QCommandLineOption env{u"env"_s, tr("The environment by name (default: system)."), u"NAME"_s, u"system"_s};
    QCommandLineOption expect{u"expect"_s, tr("The reported error, 'ExcClass: substring'."), u"SIGNATURE"_s};
    QCommandLineOption timeout{u"timeout"_s, tr("Wall-clock limit per run in seconds (default 120)."), u"S"_s,
                               u"120"_s};
    QCommandLineOption runs{u"runs"_s, tr("How many runs, for flakiness (default 5)."), u"N"_s, u"5"_s};
    QCommandLineOption seed{u"hash-seed"_s, tr("Fix PYTHONHASHSEED."), u"N"_s};
    QCommandLineOption memory{u"memory"_s, tr("Address-space limit in MiB (default 4096)."), u"MB"_s, u"4096"_s};
    QCommandLineOption launcher{u"launcher"_s, tr("e.g. 'torchrun --nproc_per_node=2'."), u"CMD"_s};
    QCommandLineOption consent{u"consent"_s,
                               tr("Who consents to running code with findings or from an untrusted "
                                  "author; recorded in the result."),
                               u"REVIEWER"_s};
    QCommandLineOption association{u"author-association"_s,
                                   tr("The author's GitHub association; untrusted ones need --consent."),
                                   u"ASSOCIATION"_s};
    QCommandLineOption issue{
        u"issue"_s, tr("Run the repro an issue gives (gh JSON), against its reported error or hang."), u"ISSUE.json"_s};
    QCommandLineOption number{u"number"_s, tr("With --issue: this issue of the file."), u"N"_s};
    QCommandLineOption cpuVariant{u"cpu-variant"_s,
                                  tr("Run the CPU variant (nccl→gloo, cuda→cpu) when the device is all it lacks.")};
    QCommandLineOption assertClose{u"add-assert-close"_s,
                                   tr("Run a print-only repro with torch.testing.assert_close of its two results.")};
    QCommandLineOption stockTorchrun{
        u"stock-torchrun"_s, tr("Launch ranks with torchrun itself (its store without libuv), not our launcher.")};
    QCommandLineOption set{u"set"_s,
                           tr("An extra environment variable for the runs, e.g. TORCH_LOGS=+dynamo (repeatable)."),
                           u"NAME=VALUE"_s};
    QCommandLineOption dynamoReset{
        u"dynamo-reset"_s,
        tr("Add torch._dynamo.reset() between the compiles of a script that compiles more than once.")};
    QCommandLineOption goOn{
        u"go-on"_s, tr("With --issue: run although the actionability check stops it or a recent comment confirms it.")};
    QCommandLineOption store{
        u"store"_s,
        tr("With --issue: the store whose similarity index the duplicate check asks (default: %1).")
            .arg(IssueStore::defaultPath()),
        u"FILE"_s};

    void addTo(QCommandLineParser &parser) const
    {
        parser.addOptions({env, expect, timeout, runs, seed, memory, launcher, consent, association, issue, number,
                           cpuVariant, assertClose, stockTorchrun, set, dynamoReset, goOn, store});
    }
};

// `repro run`, step by step: read the options, load the script (from a file or an issue), review it, check what it
// needs, the actionability gate, the variants, the runs and the report. Each step that can end the command returns
// its exit code.
class ReproRun final
{
public:
    int run(const QStringList &arguments);

private:
    std::optional<int> parseOptions(const QStringList &arguments);
    std::optional<int> loadIssue();
    std::optional<int> loadScript();
    std::optional<int> chooseEnvironment();
    void checkNeeds();
    std::optional<int> gate();
    void addDynamoResets();
    SandboxRequest sandboxRequest() const;
    int runSeries(const SandboxRequest &request);
    // Prints `out` as a run that did not happen, for `detail`; the command ends with 0.
    int notRun(const QString &detail, const QStringList &needs);

    QCommandLineParser m_parser;
    RunOptions m_options;
    // From the options.
    bool m_fromIssue = false;
    int m_timeout = 0;
    int m_runs = 0;
    qint64 m_memory = 0;
    std::optional<int> m_seed;
    QMap<QString, QString> m_variables;
    // The script, and what it is expected to show.
    QString m_path;
    QString m_code;
    QString m_scriptName;
    QStringList m_scriptArguments;
    QStringList m_launcher;
    QString m_association;
    QString m_issueText;
    ReproExpectation m_expectation;
    ReproExtraction m_extraction;    // from --issue: the reported hang, crash or compile symptom
    std::optional<Issue> m_scrubbed; // --issue: the issue, for the actionability check
    // Where and how it runs.
    QList<PythonEnvironment> m_environments;
    const PythonEnvironment *m_env = nullptr;
    std::optional<Result<ReproNeeds>> m_probed;
    QString m_runCode;
    QString m_variant;
    QJsonObject m_out;
};

int ReproRun::run(const QStringList &arguments)
{
    if (const auto stop = parseOptions(arguments))
        return *stop;
    if (const auto stop = m_fromIssue ? loadIssue() : loadScript())
        return *stop;
    m_out.insert(u"file"_s, m_path);

    // The same gate as the panel: review first; findings or an untrusted author need a named reviewer.
    if (const auto stop = reviewBeforeRun(m_code, m_association, m_parser.value(m_options.consent), m_out,
                                          {{u"outcome"_s, u"not-run"_s}, {u"reproduces"_s, false}}))
        return *stop;
    if (const auto stop = chooseEnvironment())
        return *stop;
    checkNeeds();
    if (const auto stop = gate())
        return *stop;
    addDynamoResets();
    if (!m_variables.isEmpty()) {
        QJsonObject vars;
        for (auto it = m_variables.cbegin(); it != m_variables.cend(); ++it)
            vars.insert(it.key(), it.value());
        m_out.insert(u"variables"_s, vars);
    }
    return runSeries(sandboxRequest());
}

std::optional<int> ReproRun::parseOptions(const QStringList &arguments)
{
    m_parser.setApplicationDescription(tr("Run a repro in the sandbox, N times, and classify the outcome."));
    m_parser.addHelpOption();
    m_parser.addPositionalArgument(u"file"_s, tr("The script to run (or --issue)."));
    m_parser.addPositionalArgument(u"args"_s, tr("Arguments for the script, after --."), u"[-- args…]"_s);
    m_options.addTo(m_parser);
    m_parser.process(arguments);
    const QStringList positional = m_parser.positionalArguments();
    m_fromIssue = m_parser.isSet(m_options.issue);
    if (positional.isEmpty() && !m_fromIssue)
        return fail(tr("usage: repro run FILE.py [options] [-- args] | repro run --issue ISSUE.json [options]"));
    bool ok = false;
    m_timeout = m_parser.value(m_options.timeout).toInt(&ok);
    if (!ok || m_timeout <= 0)
        return fail(tr("--timeout needs a positive number of seconds"));
    m_runs = m_parser.value(m_options.runs).toInt(&ok);
    if (!ok || m_runs <= 0 || m_runs > 100)
        return fail(tr("--runs needs a number from 1 to 100"));
    m_memory = m_parser.value(m_options.memory).toLongLong(&ok);
    if (!ok || m_memory < 64)
        return fail(tr("--memory needs at least 64 MiB"));
    const auto variables = ReproRunVariant::parseVariables(m_parser.values(m_options.set));
    if (!variables)
        return fail(tr("--set: %1").arg(variables.error()));
    m_variables = variables.value();
    if (m_parser.isSet(m_options.seed)) {
        m_seed = m_parser.value(m_options.seed).toInt(&ok);
        if (!ok)
            return fail(tr("--hash-seed needs a number"));
    }
    m_expectation.error = ErrorSignature::parse(m_parser.value(m_options.expect));
    m_launcher = m_parser.value(m_options.launcher).split(u' ', Qt::SkipEmptyParts);
    m_scriptArguments = positional.mid(m_fromIssue ? 0 : 1);
    m_association = m_parser.value(m_options.association);
    return std::nullopt;
}

std::optional<int> ReproRun::loadIssue()
{
    const auto issues = IssueJsonReader::readFile(m_parser.value(m_options.issue));
    if (!issues)
        return fail(issues.error());
    const Issue *issue = nullptr;
    for (const Issue &i : issues.value()) {
        if (!m_parser.isSet(m_options.number) || QString::number(i.number) == m_parser.value(m_options.number)) {
            issue = &i;
            break;
        }
    }
    if (!issue)
        return fail(tr("no matching issue in %1").arg(m_parser.value(m_options.issue)));
    m_extraction = ReproExtractor::extract(*issue);
    m_out.insert(u"issue"_s, issue->number);
    m_out.insert(u"extraction"_s, ReproJson::toJson(m_extraction));
    const ReproCandidate *chosen = m_extraction.chosenCandidate();
    if (!chosen)
        return notRun(tr("no runnable repro in the issue: %1").arg(m_extraction.reason), {});
    m_code = chosen->code;
    m_scriptName = chosen->scriptName;
    if (m_launcher.isEmpty())
        m_launcher = chosen->launcher;
    if (m_scriptArguments.isEmpty())
        m_scriptArguments = chosen->scriptArguments;
    if (m_expectation.error.isEmpty())
        m_expectation.error = m_extraction.reported;
    m_expectation.hangReported = m_extraction.hangReported;
    if (m_association.isEmpty())
        m_association = chosen->authorAssociation;
    m_issueText = issue->title + u'\n' + issue->body;
    m_path = chosen->where();
    m_scrubbed = *issue;
    return std::nullopt;
}

std::optional<int> ReproRun::loadScript()
{
    m_path = m_parser.positionalArguments().first();
    const Result<QString> code = readScript(m_path);
    if (!code)
        return fail(code.error());
    m_code = code.value();
    return std::nullopt;
}

std::optional<int> ReproRun::chooseEnvironment()
{
    m_environments = discoverEnvironments();
    m_env = usableEnvironment(m_environments, m_parser.value(m_options.env));
    if (m_env)
        return std::nullopt;
    QStringList names;
    for (const PythonEnvironment &e : std::as_const(m_environments))
        names << e.label();
    return fail(
        tr("no usable environment \"%1\"; available: %2").arg(m_parser.value(m_options.env), names.join(u", "_s)));
}

// What it needs against what the environment has, before anything runs; the variant asked for, when there is one.
void ReproRun::checkNeeds()
{
    ReproNeedsProbe probe;
    m_probed = waitFor(probe, &ReproNeedsProbe::finished, [&] {
        probe.start(m_code, *m_env, RankLauncher::ranksOf(m_launcher), m_issueText, m_expectation.hangReported);
    });
    m_runCode = m_code;
    const ErrorSignature reported = m_expectation.error; // --expect, else the issue's
    if (m_probed && *m_probed) {
        const ReproNeeds &needs = m_probed->value();
        m_out.insert(u"needsCheck"_s, ReproJson::toJson(needs));
        auto kind = OutcomeClassifier::Variant::AsPosted;
        if (m_parser.isSet(m_options.cpuVariant) && !needs.cpuVariant.isEmpty()) {
            m_runCode = needs.cpuVariant;
            m_variant = u"cpu"_s;
            kind = OutcomeClassifier::Variant::Cpu;
            m_out.insert(u"variantDiff"_s, needs.cpuVariantDiff);
        } else if (m_parser.isSet(m_options.assertClose) && !needs.assertCloseVariant.isEmpty()) {
            m_runCode = needs.assertCloseVariant;
            m_variant = u"assert-close"_s;
            kind = OutcomeClassifier::Variant::AssertClose;
            m_out.insert(u"variantDiff"_s, needs.assertCloseDiff);
        }
        m_expectation = OutcomeClassifier::expectationFor(reported, m_extraction, &needs, kind);
    } else {
        if (m_probed)
            Cli::complain(u"repro"_s, m_probed->error());
        m_expectation = OutcomeClassifier::expectationFor(reported, m_extraction, nullptr);
    }
    if (!m_variant.isEmpty())
        m_out.insert(u"variant"_s, m_variant);
}

// The playbook's actionability check and recent confirmation, before anything runs (an issue only).
std::optional<int> ReproRun::gate()
{
    if (!m_scrubbed)
        return std::nullopt;
    ScrubMachine machine;
    machine.torchVersion = m_env->torchVersion;
    if (m_probed && *m_probed) {
        machine.gpus = m_probed->value().haveGpus;
        machine.unmetNeeds = m_probed->value().unmet;
        machine.hasCpuPath = !m_probed->value().cpuVariant.isEmpty();
    }
    ScrubGate gate =
        ScrubActionability::assess(*m_scrubbed, QDateTime::currentDateTimeUtc(), machine, m_expectation.error);
    // The store's similarity index, when it has one: a likely duplicate stops the run like the text's.
    const auto indexed = ScrubDuplicateCheck::lookUp(
        m_parser.isSet(m_options.store) ? m_parser.value(m_options.store) : IssueStore::defaultPath(), *m_scrubbed);
    if (indexed)
        ScrubDuplicateCheck::addTo(gate, indexed.value());
    else
        QTextStream(stderr) << "triage-console repro: the duplicate check: " << indexed.error() << Qt::endl;
    m_out.insert(u"actionability"_s, gate.toJson());
    if ((!gate.stopsTheRun() && !gate.asks()) || m_parser.isSet(m_options.goOn))
        return std::nullopt;
    return notRun(gate.stopsTheRun()
                      ? tr("not actionable: %1 (%2); --go-on runs it anyway")
                            .arg(gate.stops.constFirst().title(), gate.stops.constFirst().evidence)
                      : tr("recently confirmed by @%1 on %2: re-verify with --go-on, or skip to minimization")
                            .arg(gate.confirmation->author, gate.confirmation->version),
                  machine.unmetNeeds);
}

void ReproRun::addDynamoResets()
{
    if (!m_parser.isSet(m_options.dynamoReset))
        return;
    int resets = 0;
    const QString withResets = ReproRunVariant::withDynamoResets(m_runCode, &resets);
    if (resets > 0) {
        m_runCode = withResets;
        m_variant = m_variant.isEmpty() ? u"dynamo-reset"_s : m_variant + u"+dynamo-reset"_s;
        m_out.insert(u"variant"_s, m_variant);
    }
    m_out.insert(u"dynamoResets"_s, resets);
}

SandboxRequest ReproRun::sandboxRequest() const
{
    SandboxRequest request;
    if (m_fromIssue || !m_variant.isEmpty()) {
        request.scriptText = m_runCode;
        request.scriptName = m_scriptName.isEmpty() && !m_fromIssue ? QFileInfo(m_path).fileName() : m_scriptName;
    } else {
        request.scriptPath = m_path;
    }
    request.scriptArguments = m_scriptArguments;
    request.launcher = m_launcher;
    if (m_parser.isSet(m_options.stockTorchrun))
        request.rankMode = RankLauncher::Mode::Torchrun;
    request.environment = *m_env;
    request.hashSeed = m_seed;
    request.extraEnvironment = m_variables;
    request.limits.timeoutMs = m_timeout * 1000;
    request.limits.memoryBytes = m_memory * 1024 * 1024;
    return request;
}

// The runs, their output live on stderr, then the report on stdout.
int ReproRun::runSeries(const SandboxRequest &request)
{
    QFile err;
    if (!err.open(stderr, QIODevice::WriteOnly | QIODevice::Unbuffered))
        return fail(tr("cannot write to stderr"));
    ReproSeries series;
    Result<SandboxRunResult> last = SandboxRunResult{};
    QObject::connect(&series, &ReproSeries::runStarted, &series, [&](int index, int total) {
        err.write(u"── run %1/%2 in %3 ──\n"_s.arg(index + 1).arg(total).arg(m_env->label()).toUtf8());
    });
    QObject::connect(&series, &ReproSeries::output, &series,
                     [&](const QByteArray &chunk, OutputStream) { err.write(chunk); });
    QObject::connect(&series, &ReproSeries::runFinished, &series,
                     [&](int, const ReproOutcome &outcome, const Result<SandboxRunResult> &run) {
                         last = run;
                         err.write(
                             u"── %1: %2 ──\n"_s.arg(ReproOutcome::kindName(outcome.kind), outcome.detail).toUtf8());
                     });
    const std::optional<Result<ReproSeriesSummary>> ended =
        waitFor(series, &ReproSeries::finished, [&] { series.start(request, m_expectation, m_runs); });
    if (!ended || !ended->partial())
        return fail(tr("the runs did not finish"));
    const ReproSeriesSummary *summary = ended->partial(); // refused or cancelled: the runs so far

    merge(m_out, ReproJson::toJson(*summary));
    // `needs`: what the check before the run found missing, and what a run showed missing.
    QStringList needs = m_expectation.unmetNeeds;
    for (const ReproOutcome &o : summary->runs) {
        for (const QString &n : o.needs) {
            if (!needs.contains(n))
                needs << n;
        }
    }
    m_out.insert(u"needs"_s, QJsonArray::fromStringList(needs));
    if (!m_variant.isEmpty())
        m_out.insert(u"detail"_s,
                     tr("%1 (run as the %2 variant, not as posted)").arg(summary->overall.detail, m_variant));
    m_out.insert(u"environment"_s, ReproJson::toJson(*m_env)); // the whole environment, not just its name
    m_out.insert(u"lastRun"_s, ReproJson::toJson(last));
    print(m_out);
    return summary->overall.kind == ReproOutcome::Kind::SandboxRefused ? ExitRefused : 0;
}

int ReproRun::notRun(const QString &detail, const QStringList &needs)
{
    m_out.insert(u"outcome"_s, u"not-run"_s);
    m_out.insert(u"reproduces"_s, false);
    m_out.insert(u"needs"_s, QJsonArray::fromStringList(needs));
    m_out.insert(u"detail"_s, detail);
    print(m_out);
    return 0;
}

int runRepro(const QStringList &arguments)
{
    ReproRun run;
    return run.run(arguments);
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
