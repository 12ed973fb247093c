// SPDX-License-Identifier: MIT
#include "app/commands/synccommand.h"
#include "app/commands/cli.h"
#include "app/commands/queueoptions.h"
#include "app/commands/syncoptions.h"

#include "app/keychain/commandtokenlookup.h"
#include "engine/github/githubclient.h"
#include "engine/github/githubhost.h"
#include "engine/store/issuestore.h"
#include "engine/sync/queuesyncjob.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcessEnvironment>
#include <QTextStream>

using namespace Qt::StringLiterals;

namespace {

int fail(const QString &message)
{
    return Cli::fail(u"sync"_s, message);
}

QString tr(const char *text)
{
    return QCoreApplication::translate("SyncCommand", text);
}

} // namespace

int SyncCommand::run(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(tr("Sync a GitHub issue queue into the local store."));
    parser.addHelpOption();
    const QueueOptions queueOptions;
    const QCommandLineOption apiOption(u"api"_s, tr("The API URL (default: GH_HOST's, else https://api.github.com)."),
                                       u"URL"_s);
    const SyncOptions syncOptions;
    const QCommandLineOption fullOption(u"full"_s, tr("Fetch the whole queue again, not only what changed."));
    const QCommandLineOption rebuildOption(u"rebuild-store"_s,
                                           tr("If the store cannot be used, move it aside and start a new one."));
    queueOptions.addTo(parser);
    parser.addOptions(
        {apiOption, syncOptions.login, syncOptions.mode, fullOption, syncOptions.noKeyring, rebuildOption});
    parser.process(arguments);

    Result<QueueSpec> parsedQueue = queueOptions.queue(parser);
    if (!parsedQueue)
        return fail(parsedQueue.error());
    const QueueSpec queue = std::move(parsedQueue).value();
    const Result<SyncMode> mode = syncOptions.syncMode(parser);
    if (!mode)
        return fail(mode.error());
    const Result<QUrl> api = GitHubHost::apiUrlFor(parser.value(apiOption), QProcessEnvironment::systemEnvironment());
    if (!api)
        return fail(api.error());

    const QString storePath = queueOptions.storePath(parser);
    Result<std::unique_ptr<IssueStore>> store = IssueStore::open(storePath);
    if (!store && parser.isSet(rebuildOption))
        store = IssueStore::rebuild(storePath);
    if (!store)
        return fail(store.error() + u'\n' + tr("(run again with --rebuild-store to move it aside and start afresh)"));

    GitHubClient client;
    client.setApiUrl(api.value());
    const QString host = TokenStore::hostFor(client.apiUrl());

    CommandTokenLookup tokenLookup;
    QTextStream err(stderr);
    int status = 0;
    QObject context;

    syncOptions.resolveToken(tokenLookup, host, parser, u"sync"_s, &context, [&](const ResolvedToken &token) {
        if (token.token.isEmpty())
            Cli::complain(u"sync"_s, tr("no GitHub token for %1 (%2); going on without one")
                                         .arg(token.host, CommandTokenLookup::sourcesFor(token.host)));
        else
            Cli::complain(u"sync"_s, tr("using the token for %1 from %2").arg(token.host, token.source));
        client.setToken(token.token, token.source);

        auto *job = new QueueSyncJob(&client, store.value().get(), queue, &context);
        job->setMode(mode.value());
        job->setFullSync(parser.isSet(fullOption));
        QObject::connect(job, &QueueSyncJob::progress, &context, [&err](int done, int total, int comments) {
            err << "issues " << done;
            if (total >= 0)
                err << '/' << total;
            err << " · comments " << comments << Qt::endl;
        });
        QObject::connect(job, &QueueSyncJob::waiting, &context, [&err](qint64 milliseconds, const QString &reason) {
            err << tr("waiting %1 s (%2)").arg(double(milliseconds) / 1000.0, 0, 'f', 1).arg(reason) << Qt::endl;
        });
        QObject::connect(job, &QueueSyncJob::finished, &context, [&](const Result<SyncSummary> &result) {
            if (!result) {
                status = fail(result.error());
            } else {
                const QJsonObject summary{
                    {u"repo"_s, queue.repository()},           {u"labels"_s, QJsonArray::fromStringList(queue.labels)},
                    {u"state"_s, queueStateName(queue.state)}, {u"issues"_s, result->issues},
                    {u"comments"_s, result->comments},         {u"removed"_s, result->removed},
                    {u"queue_issues"_s, result->queueIssues},  {u"queue_comments"_s, result->queueComments},
                    {u"requests"_s, result->requests},         {u"rate_limit_remaining"_s, result->rateLimitRemaining},
                    {u"mode"_s, syncModeName(result->mode)},   {u"incremental"_s, result->incremental},
                    {u"resumed"_s, result->resumed},           {u"not_modified"_s, result->notModified}};
                Cli::print(summary, QJsonDocument::Compact);
            }
            QCoreApplication::exit(status);
        });
        job->start();
    });
    const int code = QCoreApplication::exec();
    return status != 0 ? status : code;
}
