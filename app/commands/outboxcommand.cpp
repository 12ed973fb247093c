// SPDX-License-Identifier: MIT
#include "app/commands/outboxcommand.h"

#include "app/commands/commandline.h"
#include "app/commands/queueoptions.h"
#include "app/keychain/keychaintokenstore.h"
#include "app/keychain/keyringmigrationtokenstore.h"
#include "engine/github/githubclient.h"
#include "engine/github/githubhost.h"
#include "engine/github/tokenresolver.h"
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
#include <QSettings>
#include <QTextStream>

using namespace Qt::StringLiterals;

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("OutboxCommand", text);
}

int fail(const QString &message)
{
    QTextStream(stderr) << "triage-console outbox: " << message << Qt::endl;
    return 1;
}

void printLine(const QJsonObject &object)
{
    QTextStream out(stdout);
    out << QJsonDocument(object).toJson(QJsonDocument::Compact) << Qt::endl;
}

QCommandLineParser *newParser(const QString &description)
{
    auto *parser = new QCommandLineParser;
    parser->setApplicationDescription(description);
    parser->addHelpOption();
    return parser;
}

int add(const QStringList &arguments)
{
    std::unique_ptr<QCommandLineParser> parser(
        newParser(tr("Approve plans (the triage command's JSON Lines) into the outbox. The issues must be in the "
                     "store (sync first): what the reviewer saw is what the submit compares against.")));
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
    const QString defaultRepo = parser->value(u"repo"_s);

    QFile input;
    const QString from = parser->value(fromOption);
    bool opened = false;
    if (from == u"-"_s) {
        opened = input.open(stdin, QIODevice::ReadOnly);
    } else {
        input.setFileName(from);
        opened = input.open(QIODevice::ReadOnly);
    }
    if (!opened)
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

    QString reviewer = parser->value(reviewerOption);
    if (reviewer.isEmpty())
        reviewer = qEnvironmentVariable("USER");

    QHash<QString, QHash<int, Issue>> known; // repository → number → the issue as stored
    const auto issueFor = [&](const QString &repository, int number) -> const Issue * {
        auto cached = known.find(repository);
        if (cached == known.end()) {
            QueueSpec everything;
            everything.setRepository(repository);
            everything.state = u"all"_s;
            QHash<int, Issue> byNumber;
            const Result<QList<Issue>> loaded = issues.value()->loadQueue(everything);
            if (loaded) {
                for (const Issue &issue : loaded.value())
                    byNumber.insert(issue.number, issue);
            }
            cached = known.insert(repository, byNumber);
        }
        const auto found = cached->constFind(number);
        return found == cached->cend() ? nullptr : &*found;
    };

    int failures = 0;
    int lineNumber = 0;
    QTextStream err(stderr);
    while (!input.atEnd()) {
        const QByteArray line = input.readLine().trimmed();
        ++lineNumber;
        if (line.isEmpty())
            continue;
        const auto lineError = [&](const QString &message) {
            err << "triage-console outbox add: " << tr("line %1: %2").arg(lineNumber).arg(message) << Qt::endl;
            ++failures;
        };
        QJsonParseError parseError;
        const QJsonDocument document = QJsonDocument::fromJson(line, &parseError);
        if (!document.isObject()) {
            lineError(parseError.error != QJsonParseError::NoError ? tr("not JSON (%1)").arg(parseError.errorString())
                                                                   : tr("not a JSON object"));
            continue;
        }
        const QJsonObject json = document.object();
        TriagePlan plan = ReviewDecisionStore::planFromJson(json);
        if (plan.issueNumber <= 0) {
            lineError(tr("no issue number"));
            continue;
        }
        if (plan.profile.isEmpty())
            plan.profile = pack->profile;
        const QString repository = json.value(u"repo"_s).toString(defaultRepo);
        if (repository.isEmpty()) {
            lineError(tr("#%1: which repository? Give --repo OWNER/NAME").arg(plan.issueNumber));
            continue;
        }
        const Issue *seen = issueFor(repository, plan.issueNumber);
        if (!seen) {
            lineError(
                tr("%1#%2 is not in the store %3; sync it first").arg(repository).arg(plan.issueNumber).arg(storePath));
            continue;
        }
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
        const Result<qint64> recorded = decisions.value()->record(decision);
        if (!recorded) {
            lineError(recorded.error());
            continue;
        }
        decision.id = recorded.value();
        const Result<OutboxEntry> entry = outbox.value()->enqueue(decision, *seen, pack.value(), close);
        if (!entry) {
            decisions.value()->remove(decision.id); // nothing approved that is not in the outbox
            lineError(entry.error());
            continue;
        }
        // Approving again what was written already changes nothing: the issue stays submitted.
        if (entry->status == OutboxStatus::Applied || entry->status == OutboxStatus::AlreadyApplied)
            decisions.value()->remove(decision.id);
        printLine(OutboxReport::toJson(entry.value()));
    }
    return failures > 0 ? 1 : 0;
}

int list(const QStringList &arguments)
{
    std::unique_ptr<QCommandLineParser> parser(newParser(tr("List the outbox as JSON Lines.")));
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
    std::unique_ptr<QCommandLineParser> parser(newParser(tr("Show the audit log of every write to GitHub.")));
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

int submit(const QStringList &arguments)
{
    std::unique_ptr<QCommandLineParser> parser(
        newParser(tr("Write the outbox's selected entries to GitHub: per-item outcomes as JSON Lines on stdout, "
                     "progress on stderr. Exit code 1 if any entry failed, conflicted or was blocked.")));
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
    const int concurrency = parser->value(concurrencyOption).toInt(&concurrencyOk);
    if (!spacingOk || spacing < 0)
        return fail(tr("--write-spacing needs a number of milliseconds"));
    if (!concurrencyOk || concurrency < 1)
        return fail(tr("--concurrency needs a positive number"));

    const QString storePath = queueOptions.storePath(*parser);
    Result<std::unique_ptr<OutboxStore>> outbox = OutboxStore::open(storePath);
    if (!outbox)
        return fail(outbox.error());
    Result<QList<qint64>> ids = outbox.value()->submittable();
    if (!ids)
        return fail(ids.error());
    const QString repository = parser->value(u"repo"_s);
    if (!repository.isEmpty()) {
        QList<qint64> filtered;
        for (qint64 id : ids.value()) {
            const Result<OutboxEntry> entry = outbox.value()->entry(id);
            if (entry && entry->repository.compare(repository, Qt::CaseInsensitive) == 0)
                filtered.append(id);
        }
        ids = filtered;
    }
    if (parser->isSet(keepOption) || parser->isSet(noKeepOption)) {
        // For --repo, or for every repository this submit writes to.
        QStringList repositories;
        if (!repository.isEmpty())
            repositories.append(repository);
        for (qint64 id : ids.value()) {
            const Result<OutboxEntry> entry = outbox.value()->entry(id);
            if (entry && !repositories.contains(entry->repository, Qt::CaseInsensitive))
                repositories.append(entry->repository);
        }
        for (const QString &name : std::as_const(repositories)) {
            const Result<bool> stored = outbox.value()->setKeepSubscriptions(name, parser->isSet(keepOption));
            if (!stored)
                return fail(stored.error());
        }
    }

    GitHubClient client;
    client.setApiUrl(api.value());
    RetryPolicy policy = client.retryPolicy();
    policy.writeSpacing = std::chrono::milliseconds(spacing);
    client.setRetryPolicy(policy);
    const QString host = TokenStore::hostFor(client.apiUrl());
    const QString login = parser->isSet(loginOption) ? parser->value(loginOption)
                                                     : QSettings().value(u"github/%1/login"_s.arg(host)).toString();

    KeychainTokenStore currentKeyring;
    KeyringMigrationTokenStore keychain(&currentKeyring); // finds tokens stored under the old service
    auto *resolver = new TokenResolver(parser->isSet(noKeyringOption) ? nullptr : &keychain);
    QTextStream err(stderr);
    int status = 0;
    QObject context;

    QObject::connect(resolver, &TokenResolver::finished, &context, [&](const ResolvedToken &token) {
        if (token.token.isEmpty()) {
            status = fail(tr("no GitHub token for %1 (keyring, %2, gh auth token --hostname %1); writing needs one")
                              .arg(token.host, GitHubHost::fromName(token.host).tokenVariables().join(u", "_s)));
            QCoreApplication::exit(status);
            return;
        }
        err << "triage-console outbox: " << tr("using the token for %1 from %2").arg(token.host, token.source)
            << Qt::endl;
        client.setToken(token.token, token.source);

        auto *job = new OutboxSubmitJob(&client, storePath, ids.value(), &context);
        job->setMaxConcurrent(concurrency);
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
        QObject::connect(job, &OutboxSubmitJob::finished, &context, [&](const OutboxReport &report) {
            if (!report.error.isEmpty())
                status = fail(report.error);
            else if (report.hasProblems())
                status = 1;
            if (parser->isSet(reportOption)) {
                QFile file(parser->value(reportOption));
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
    resolver->resolve(host, login);
    const int code = QCoreApplication::exec();
    return status != 0 ? status : code;
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
