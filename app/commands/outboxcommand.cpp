// SPDX-License-Identifier: MIT
#include "app/commands/outboxcommand.h"

#include "app/commands/cli.h"
#include "app/commands/commandline.h"
#include "app/commands/queueoptions.h"
#include "app/keychain/commandtokenlookup.h"
#include "engine/github/githubclient.h"
#include "engine/github/githubhost.h"
#include "engine/outbox/outboxreport.h"
#include "engine/outbox/outboxstore.h"
#include "engine/outbox/outboxsubmitjob.h"
#include "engine/review/reviewdecisionstore.h"
#include "engine/store/issuestore.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

#include <optional>

using namespace Qt::StringLiterals;

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("OutboxCommand", text);
}

int fail(const QString &message)
{
    return Cli::fail(u"outbox"_s, message);
}

void printLine(const QJsonObject &object)
{
    Cli::print(object, QJsonDocument::Compact);
}

// Plans from a file or, for "-", from stdin.
bool openPlans(QFile &input, const QString &from)
{
    if (from == u"-"_s)
        return input.open(stdin, QIODevice::ReadOnly);
    input.setFileName(from);
    return input.open(QIODevice::ReadOnly);
}

// What `outbox add` needs for each plan: the pack, the stores and the issues as stored (what the reviewer saw).
class Approver final
{
public:
    Approver(const RubricPack &pack, IssueStore &issues, ReviewDecisionStore &decisions, OutboxStore &outbox)
        : m_pack(pack)
        , m_issues(issues)
        , m_decisions(decisions)
        , m_outbox(outbox)
    {}

    QString defaultRepo;
    QString storePath;
    QString reviewer;
    QString from;

    // Records one plan (a line of JSON) as an approved decision and puts it in the outbox.
    Result<OutboxEntry> approve(const QByteArray &line);

private:
    const Issue *issueFor(const QString &repository, int number);

    const RubricPack &m_pack;
    IssueStore &m_issues;
    ReviewDecisionStore &m_decisions;
    OutboxStore &m_outbox;
    QHash<QString, QHash<int, Issue>> m_known; // repository → number → the issue as stored
};

const Issue *Approver::issueFor(const QString &repository, int number)
{
    auto cached = m_known.find(repository);
    if (cached == m_known.end()) {
        QueueSpec everything;
        everything.setRepository(repository);
        everything.state = QueueState::All;
        QHash<int, Issue> byNumber;
        const Result<QList<Issue>> loaded = m_issues.loadQueue(everything);
        if (loaded) {
            for (const Issue &issue : loaded.value())
                byNumber.insert(issue.number, issue);
        }
        cached = m_known.insert(repository, byNumber);
    }
    const auto found = cached->constFind(number);
    return found == cached->cend() ? nullptr : &*found;
}

Result<OutboxEntry> Approver::approve(const QByteArray &line)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(line, &parseError);
    if (!document.isObject())
        return Error{parseError.error != QJsonParseError::NoError ? tr("not JSON (%1)").arg(parseError.errorString())
                                                                  : tr("not a JSON object")};
    const QJsonObject json = document.object();
    TriagePlan plan = ReviewDecisionStore::planFromJson(json);
    if (plan.issueNumber <= 0)
        return Error{tr("no issue number")};
    if (plan.profile.isEmpty())
        plan.profile = m_pack.profile;
    const QString repository = json.value(u"repo"_s).toString(defaultRepo);
    if (repository.isEmpty())
        return Error{tr("#%1: which repository? Give --repo OWNER/NAME").arg(plan.issueNumber)};
    const Issue *seen = issueFor(repository, plan.issueNumber);
    if (!seen)
        return Error{
            tr("%1#%2 is not in the store %3; sync it first").arg(repository).arg(plan.issueNumber).arg(storePath)};
    OutboxClose close;
    close.close = json.value(u"close"_s).toBool();
    if (close.close)
        close.stateReason = json.value(u"state_reason"_s).toString(u"completed"_s);

    ReviewDecision decision;
    decision.repository = repository;
    decision.number = plan.issueNumber;
    decision.state = ReviewState::Approved;
    decision.plan = plan;
    decision.reviewer = reviewer;
    decision.note = tr("approved headless from %1").arg(from);
    decision.issueUpdatedAt = seen->updatedAt;
    const Result<qint64> recorded = m_decisions.record(decision);
    if (!recorded)
        return Error{recorded.error()};
    decision.id = recorded.value();
    const Result<OutboxEntry> entry = m_outbox.enqueue(decision, *seen, m_pack, close);
    if (!entry) {
        m_decisions.remove(decision.id); // nothing approved that is not in the outbox
        return entry;
    }
    // Approving again what was written already changes nothing: the issue stays submitted.
    if (entry->status == OutboxStatus::Applied || entry->status == OutboxStatus::AlreadyApplied)
        m_decisions.remove(decision.id);
    return entry;
}

int add(const QStringList &arguments)
{
    const std::unique_ptr<QCommandLineParser> parser =
        Cli::parser(tr("Approve plans (the triage command's JSON Lines) into the outbox. The issues must be in the "
                       "store (sync first): what the reviewer saw is what the submit compares against."));
    const QueueOptions queueOptions;
    const QCommandLineOption fromOption(u"from"_s, tr("The plans, JSON Lines (- for stdin)."), u"FILE"_s);
    const QCommandLineOption profileOption(u"profile"_s, tr("The rubric pack profile (default distributed)."),
                                           u"PROFILE"_s, u"distributed"_s);
    const QCommandLineOption packOption(u"pack"_s, tr("A rubric pack file instead of the built-in one."), u"FILE"_s);
    const QCommandLineOption reviewerOption(u"reviewer"_s, tr("Who approves (default: $USER)."), u"LOGIN"_s);
    queueOptions.addTo(*parser);
    parser->addOptions({fromOption, profileOption, packOption, reviewerOption});
    parser->process(arguments);

    if (!parser->isSet(fromOption))
        return fail(tr("add needs --from PLANS.jsonl"));
    const Result<RubricPack> pack = parser->isSet(packOption) ? RubricPack::load(parser->value(packOption))
                                                              : RubricPack::builtin(parser->value(profileOption));
    if (!pack)
        return fail(pack.error());

    QFile input;
    const QString from = parser->value(fromOption);
    if (!openPlans(input, from))
        return fail(tr("cannot read %1: %2").arg(from, input.errorString()));

    const QString storePath = queueOptions.storePath(*parser);
    Result<std::unique_ptr<IssueStore>> issues = IssueStore::open(storePath);
    if (!issues)
        return fail(issues.error());
    Result<std::unique_ptr<ReviewDecisionStore>> decisions = ReviewDecisionStore::open(storePath);
    if (!decisions)
        return fail(decisions.error());
    Result<std::unique_ptr<OutboxStore>> outbox = OutboxStore::open(storePath);
    if (!outbox)
        return fail(outbox.error());

    Approver approver(pack.value(), *issues.value(), *decisions.value(), *outbox.value());
    approver.defaultRepo = parser->value(u"repo"_s);
    approver.storePath = storePath;
    approver.reviewer = parser->value(reviewerOption);
    if (approver.reviewer.isEmpty())
        approver.reviewer = qEnvironmentVariable("USER");
    approver.from = from;

    int failures = 0;
    int lineNumber = 0;
    while (!input.atEnd()) {
        const QByteArray line = input.readLine().trimmed();
        ++lineNumber;
        if (line.isEmpty())
            continue;
        const Result<OutboxEntry> entry = approver.approve(line);
        if (!entry) {
            Cli::complain(u"outbox add"_s, tr("line %1: %2").arg(lineNumber).arg(entry.error()));
            ++failures;
            continue;
        }
        printLine(OutboxReport::toJson(entry.value()));
    }
    return failures > 0 ? 1 : 0;
}

int list(const QStringList &arguments)
{
    const std::unique_ptr<QCommandLineParser> parser = Cli::parser(tr("List the outbox as JSON Lines."));
    const QueueOptions queueOptions;
    const QCommandLineOption statusOption(
        u"status"_s,
        tr("Only entries in this state: ready, blocked, submitting, applied, already_applied, conflict, failed."),
        u"STATUS"_s);
    queueOptions.addTo(*parser);
    parser->addOption(statusOption);
    parser->process(arguments);

    Result<std::unique_ptr<OutboxStore>> outbox = OutboxStore::open(queueOptions.storePath(*parser));
    if (!outbox)
        return fail(outbox.error());
    const QString status = parser->value(statusOption);
    if (!status.isEmpty() && outboxStatusName(outboxStatusFromName(status)) != status)
        return fail(tr("--status: unknown state \"%1\"").arg(status));
    const Result<QList<OutboxEntry>> entries =
        status.isEmpty() ? outbox.value()->entries() : outbox.value()->entries(outboxStatusFromName(status));
    if (!entries)
        return fail(entries.error());
    const QString repository = parser->value(u"repo"_s);
    for (const OutboxEntry &entry : entries.value()) {
        if (repository.isEmpty() || entry.repository.compare(repository, Qt::CaseInsensitive) == 0) {
            QJsonObject line = OutboxReport::toJson(entry);
            // The repository's setting, as the next submit will use it.
            line.insert(u"keep_subscriptions"_s, outbox.value()->keepSubscriptions(entry.repository));
            printLine(line);
        }
    }
    return 0;
}

int log(const QStringList &arguments)
{
    const std::unique_ptr<QCommandLineParser> parser = Cli::parser(tr("Show the audit log of every write to GitHub."));
    const QueueOptions queueOptions;
    const QCommandLineOption formatOption(u"format"_s, tr("jsonl (default) or markdown."), u"FORMAT"_s, u"jsonl"_s);
    queueOptions.addTo(*parser);
    parser->addOption(formatOption);
    parser->process(arguments);

    const QString format = parser->value(formatOption);
    if (format != u"jsonl"_s && format != u"markdown"_s)
        return fail(tr("--format must be jsonl or markdown"));
    Result<std::unique_ptr<OutboxStore>> outbox = OutboxStore::open(queueOptions.storePath(*parser));
    if (!outbox)
        return fail(outbox.error());
    const Result<QList<OutboxAuditRecord>> records = outbox.value()->auditLog();
    if (!records)
        return fail(records.error());
    QTextStream out(stdout);
    if (format == u"markdown"_s)
        out << OutboxStore::auditToMarkdown(records.value());
    else
        out << QString::fromUtf8(OutboxStore::auditToJsonLines(records.value()));
    out.flush();
    return 0;
}

// The entries a submit writes: the selected ones, of `repository` only when it is given.
Result<QList<qint64>> submittableIn(OutboxStore &outbox, const QString &repository)
{
    Result<QList<qint64>> ids = outbox.submittable();
    if (!ids || repository.isEmpty())
        return ids;
    QList<qint64> filtered;
    for (qint64 id : ids.value()) {
        const Result<OutboxEntry> entry = outbox.entry(id);
        if (entry && entry->repository.compare(repository, Qt::CaseInsensitive) == 0)
            filtered.append(id);
    }
    return filtered;
}

// --keep-subscriptions or --no-keep-subscriptions, stored for --repo, or for every repository this submit writes to.
Result<bool> storeKeepSubscriptions(OutboxStore &outbox, const QString &repository, const QList<qint64> &ids, bool keep)
{
    QStringList repositories;
    if (!repository.isEmpty())
        repositories.append(repository);
    for (qint64 id : ids) {
        const Result<OutboxEntry> entry = outbox.entry(id);
        if (entry && !repositories.contains(entry->repository, Qt::CaseInsensitive))
            repositories.append(entry->repository);
    }
    for (const QString &name : std::as_const(repositories)) {
        const Result<bool> stored = outbox.setKeepSubscriptions(name, keep);
        if (!stored)
            return stored;
    }
    return true;
}

// How a submit writes, once its options are read.
struct SubmitRun
{
    QString storePath;
    QList<qint64> ids;
    int concurrency = 4;
    std::optional<QString> reportPath; // where to write the markdown report, if anywhere
    std::optional<QString> login;      // none given: the one the settings keep for the host
    bool useKeyring = true;
};

// Resolves the token, then runs the submit job under the command's event loop; the exit code.
int runSubmit(GitHubClient &client, const SubmitRun &run)
{
    const QString host = TokenStore::hostFor(client.apiUrl());
    CommandTokenLookup tokenLookup;
    QTextStream err(stderr);
    int status = 0;
    QObject context;

    tokenLookup.resolve(host, run.login, run.useKeyring, &context, [&](const Result<ResolvedToken> &found) {
        if (!found) { // only a cancel ends it so, and nothing here cancels it
            status = fail(found.error());
            QCoreApplication::exit(status);
            return;
        }
        const ResolvedToken &token = found.value();
        if (token.token.isEmpty()) {
            status = fail(tr("no GitHub token for %1 (%2); writing needs one")
                              .arg(token.host, CommandTokenLookup::sourcesFor(token.host)));
            QCoreApplication::exit(status);
            return;
        }
        Cli::complain(u"outbox"_s, tr("using the token for %1 from %2").arg(token.host, token.source));
        client.setToken(token.token, token.source);

        auto *job = new OutboxSubmitJob(&client, run.storePath, run.ids, &context);
        job->setMaxConcurrent(run.concurrency);
        QObject::connect(job, &OutboxSubmitJob::progress, &context,
                         [&err](int done, int total) { err << "outbox " << done << '/' << total << Qt::endl; });
        QObject::connect(job, &OutboxSubmitJob::waiting, &context, [&err](qint64 milliseconds, const QString &reason) {
            err << tr("waiting %1 s (%2)").arg(double(milliseconds) / 1000.0, 0, 'f', 1).arg(reason) << Qt::endl;
        });
        // One line per item as it ends, so that a killed run has printed what it finished.
        QObject::connect(job, &OutboxSubmitJob::entryChanged, &context, [](const OutboxEntry &entry) {
            if (!entry.isPending())
                printLine(OutboxReport::toJson(entry));
        });
        QObject::connect(job, &OutboxSubmitJob::finished, &context, [&](const Result<OutboxReport> &result) {
            const OutboxReport report = result.partial() ? *result.partial() : OutboxReport{};
            if (!result)
                status = fail(result.error());
            else if (report.hasProblems())
                status = 1;
            if (run.reportPath) {
                QFile file(*run.reportPath);
                if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
                    file.write(report.toMarkdown().toUtf8()) < 0)
                    status = fail(tr("cannot write the report to %1: %2").arg(file.fileName(), file.errorString()));
            }
            err << tr("%1 applied, %2 already applied, %3 conflicts, %4 failed, %5 blocked")
                       .arg(report.count(OutboxStatus::Applied))
                       .arg(report.count(OutboxStatus::AlreadyApplied))
                       .arg(report.count(OutboxStatus::Conflict))
                       .arg(report.count(OutboxStatus::Failed))
                       .arg(report.count(OutboxStatus::Blocked))
                << Qt::endl;
            QCoreApplication::exit(status);
        });
        job->start();
    });
    const int code = QCoreApplication::exec();
    return status != 0 ? status : code;
}

int submit(const QStringList &arguments)
{
    const std::unique_ptr<QCommandLineParser> parser =
        Cli::parser(tr("Write the outbox's selected entries to GitHub: per-item outcomes as JSON Lines on stdout, "
                       "progress on stderr. Exit code 1 if any entry failed, conflicted or was blocked."));
    const QueueOptions queueOptions;
    const QCommandLineOption apiOption(u"api"_s, tr("The API URL (default: GH_HOST's, else https://api.github.com)."),
                                       u"URL"_s);
    const QCommandLineOption loginOption(u"login"_s, tr("Whose token to take from the keyring."), u"LOGIN"_s);
    const QCommandLineOption noKeyringOption(u"no-keyring"_s, tr("Do not ask the keyring for a token."));
    const QCommandLineOption reportOption(u"report"_s, tr("Also write the markdown report to FILE."), u"FILE"_s);
    const QCommandLineOption spacingOption(
        u"write-spacing"_s, tr("Milliseconds between content-creating requests (default 1000, as GitHub asks)."),
        u"MS"_s, u"1000"_s);
    const QCommandLineOption concurrencyOption(u"concurrency"_s, tr("Issues worked on at once (default 4)."), u"N"_s,
                                               u"4"_s);
    const QCommandLineOption keepOption(
        u"keep-subscriptions"_s,
        tr("Put your notification subscription to each open issue back as it was after writing to it (writing "
           "subscribes you). Stored for the repository; on unless set off."));
    const QCommandLineOption noKeepOption(u"no-keep-subscriptions"_s,
                                          tr("Stay subscribed to the issues written to. Stored for the repository."));
    queueOptions.addTo(*parser);
    parser->addOptions({apiOption, loginOption, noKeyringOption, reportOption, spacingOption, concurrencyOption,
                        keepOption, noKeepOption});
    parser->process(arguments);
    if (parser->isSet(keepOption) && parser->isSet(noKeepOption))
        return fail(tr("--keep-subscriptions and --no-keep-subscriptions exclude each other"));

    const Result<QUrl> api = GitHubHost::apiUrlFor(parser->value(apiOption), QProcessEnvironment::systemEnvironment());
    if (!api)
        return fail(api.error());
    bool spacingOk = false;
    const int spacing = parser->value(spacingOption).toInt(&spacingOk);
    bool concurrencyOk = false;
    SubmitRun run;
    run.concurrency = parser->value(concurrencyOption).toInt(&concurrencyOk);
    if (!spacingOk || spacing < 0)
        return fail(tr("--write-spacing needs a number of milliseconds"));
    if (!concurrencyOk || run.concurrency < 1)
        return fail(tr("--concurrency needs a positive number"));

    run.storePath = queueOptions.storePath(*parser);
    Result<std::unique_ptr<OutboxStore>> outbox = OutboxStore::open(run.storePath);
    if (!outbox)
        return fail(outbox.error());
    const QString repository = parser->value(u"repo"_s);
    const Result<QList<qint64>> ids = submittableIn(*outbox.value(), repository);
    if (!ids)
        return fail(ids.error());
    run.ids = ids.value();
    if (parser->isSet(keepOption) || parser->isSet(noKeepOption)) {
        const Result<bool> stored =
            storeKeepSubscriptions(*outbox.value(), repository, run.ids, parser->isSet(keepOption));
        if (!stored)
            return fail(stored.error());
    }

    GitHubClient client;
    client.setApiUrl(api.value());
    RetryPolicy policy = client.retryPolicy();
    policy.writeSpacing = std::chrono::milliseconds(spacing);
    client.setRetryPolicy(policy);
    if (parser->isSet(loginOption))
        run.login = parser->value(loginOption);
    run.useKeyring = !parser->isSet(noKeyringOption);
    if (parser->isSet(reportOption))
        run.reportPath = parser->value(reportOption);
    return runSubmit(client, run);
}

} // namespace

int OutboxCommand::run(const QStringList &arguments)
{
    // arguments: "triage-console outbox", subcommand, options…
    const QString sub = arguments.value(1);
    const QStringList rest = CommandLine::subcommandArguments(arguments);
    if (sub == u"add"_s)
        return add(rest);
    if (sub == u"list"_s)
        return list(rest);
    if (sub == u"submit"_s)
        return submit(rest);
    if (sub == u"log"_s)
        return log(rest);
    QTextStream out(sub == u"--help"_s || sub == u"-h"_s ? stdout : stderr);
    out << tr("Usage: %1 add|list|submit|log [options]\n"
              "  add --from PLANS.jsonl [--repo OWNER/NAME] [--store FILE]   approve plans into the outbox\n"
              "  list [--store FILE] [--status S]                            the entries, JSON Lines\n"
              "  submit [--store FILE] [--api URL] [--login L] [--no-keyring]  write them to GitHub\n"
              "         [--keep-subscriptions | --no-keep-subscriptions]   (stored per repository)\n"
              "  log [--store FILE] [--format jsonl|markdown]                the audit log\n"
              "Each has --help.\n")
               .arg(arguments.value(0));
    return sub == u"--help"_s || sub == u"-h"_s ? 0 : 2;
}
