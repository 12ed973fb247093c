// SPDX-License-Identifier: MIT
#include "app/commands/corpuscommand.h"

#include "app/commands/cli.h"
#include "app/commands/queueoptions.h"
#include "app/commands/syncoptions.h"
#include "app/keychain/commandtokenlookup.h"
#include "engine/github/githubclient.h"
#include "engine/store/issuestore.h"
#include "engine/sync/referencecorpussyncjob.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

using namespace Qt::StringLiterals;

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("CorpusCommand", text);
}

int fail(const QString &message)
{
    return Cli::fail(u"corpus"_s, message);
}

} // namespace

int CorpusCommand::run(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(tr("Sync a queue's reference corpus (its labels, open and closed; with --years, "
                                        "the whole repository's recent issues) into the store, for similar issues "
                                        "and search."));
    parser.addHelpOption();
    const QueueOptions queueOptions;
    const QCommandLineOption yearsOption(u"years"_s, tr("Also every issue updated in the last N years."), u"N"_s,
                                         u"0"_s);
    const QCommandLineOption apiOption(u"api"_s, tr("The API URL (default https://api.github.com)."), u"URL"_s,
                                       u"https://api.github.com"_s);
    const SyncOptions syncOptions;
    queueOptions.addTo(parser);
    parser.addOptions({yearsOption, apiOption, syncOptions.login, syncOptions.mode, syncOptions.noKeyring});
    parser.process(arguments);

    Result<QueueSpec> queue = queueOptions.queue(parser);
    if (!queue)
        return fail(queue.error());
    bool ok = false;
    const int years = parser.value(yearsOption).toInt(&ok);
    if (!ok || years < 0 || years > 30)
        return fail(tr("--years must be a number from 0 to 30"));
    const Result<SyncMode> mode = syncOptions.syncMode(parser);
    if (!mode)
        return fail(mode.error());
    const QUrl api(parser.value(apiOption), QUrl::StrictMode);
    if (!api.isValid() || (api.scheme() != u"https"_s && api.scheme() != u"http"_s))
        return fail(tr("--api needs an http(s) URL"));
    Result<std::unique_ptr<IssueStore>> store = IssueStore::open(queueOptions.storePath(parser));
    if (!store)
        return fail(store.error());

    GitHubClient client;
    client.setApiUrl(api);
    const QString host = TokenStore::hostFor(client.apiUrl());
    CommandTokenLookup tokenLookup; // the keyring's current service and the old one, as sync and outbox read it
    QTextStream err(stderr);
    int status = 0;
    QObject context;
    syncOptions.resolveToken(tokenLookup, host, parser, u"corpus"_s, &context, [&](const ResolvedToken &token) {
        if (token.token.isEmpty())
            Cli::complain(u"corpus"_s, tr("no GitHub token found; going on without one (REST, 60 requests an hour)"));
        client.setToken(token.token);
        auto *job = new ReferenceCorpusSyncJob(&client, store.value().get(), queue.value(), &context);
        job->setYears(years);
        job->setMode(mode.value());
        const QList<QueueSpec> parts = job->parts();
        QObject::connect(
            job, &ReferenceCorpusSyncJob::progress, &context,
            [&err, &client, parts, years](int part, int count, int done, int total, int comments) {
                const QueueSpec &spec = parts.at(part);
                err << tr("part %1/%2 (%3): ")
                           .arg(part + 1)
                           .arg(count)
                           .arg(spec.labels.isEmpty() ? tr("repository, %1 years").arg(years)
                                                      : spec.labels.join(u" + "_s))
                    << tr("issues %1").arg(done) << (total >= 0 ? u"/%1"_s.arg(total) : QString())
                    << tr(" · comments %1").arg(comments);
                if (client.rateLimit().isKnown())
                    err << tr(" · API budget %1/%2").arg(client.rateLimit().remaining).arg(client.rateLimit().limit);
                err << Qt::endl;
            });
        QObject::connect(
            job, &ReferenceCorpusSyncJob::waiting, &context, [&err](qint64 milliseconds, const QString &reason) {
                err << tr("waiting %1 s (%2)").arg(double(milliseconds) / 1000.0, 0, 'f', 1).arg(reason) << Qt::endl;
            });
        QObject::connect(
            job, &ReferenceCorpusSyncJob::finished, &context, [&](const Result<CorpusSyncSummary> &result) {
                if (!result) {
                    status = fail(result.error());
                } else {
                    QJsonArray partsJson;
                    for (qsizetype i = 0; i < result->parts.size(); ++i) {
                        const SyncSummary &part = result->parts.at(i);
                        partsJson.append(
                            QJsonObject{{u"labels"_s, QJsonArray::fromStringList(result->queues.at(i).labels)},
                                        {u"issues"_s, part.issues},
                                        {u"requests"_s, part.requests},
                                        {u"mode"_s, syncModeName(part.mode)},
                                        {u"incremental"_s, part.incremental}});
                    }
                    const QJsonObject summary{{u"repo"_s, queue->repository()},
                                              {u"issues"_s, result->issues},
                                              {u"comments"_s, result->comments},
                                              {u"requests"_s, result->requests},
                                              {u"rate_limit_remaining"_s, result->rateLimitRemaining},
                                              {u"stored_issues"_s, result->storedIssues},
                                              {u"parts"_s, partsJson}};
                    Cli::print(summary, QJsonDocument::Compact);
                }
                QCoreApplication::exit(status);
            });
        job->start();
    });
    const int code = QCoreApplication::exec();
    return status != 0 ? status : code;
}
