// SPDX-License-Identifier: MIT
#include "app/commands/exportcommand.h"
#include "app/commands/cli.h"
#include "app/commands/queueoptions.h"

#include "engine/store/issuestore.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

using namespace Qt::StringLiterals;

namespace {

int fail(const QString &message)
{
    return Cli::fail(u"export"_s, message);
}

QString tr(const char *text)
{
    return QCoreApplication::translate("ExportCommand", text);
}

QString iso(const QDateTime &time)
{
    return time.toUTC().toString(Qt::ISODate);
}

// The shape of `gh issue view N --json number,title,body,author,authorAssociation,state,url,labels,comments,…`.
QJsonObject ghShaped(const Issue &issue)
{
    QJsonArray labels;
    for (const QString &label : issue.labels)
        labels.append(QJsonObject{{u"name"_s, label}});
    QJsonArray comments;
    for (const Comment &comment : issue.comments)
        comments.append(QJsonObject{{u"id"_s, QString::number(comment.id)},
                                    {u"author"_s, QJsonObject{{u"login"_s, comment.author}}},
                                    {u"authorAssociation"_s, comment.authorAssociation},
                                    {u"body"_s, comment.body},
                                    {u"createdAt"_s, iso(comment.createdAt)}});
    return {{u"number"_s, issue.number},
            {u"id"_s, issue.nodeId},
            {u"title"_s, issue.title},
            {u"body"_s, issue.body},
            {u"author"_s, QJsonObject{{u"login"_s, issue.author}}},
            {u"authorAssociation"_s, issue.authorAssociation},
            {u"state"_s, issueStateName(issue.state)},
            {u"url"_s, issue.url},
            {u"labels"_s, labels},
            {u"comments"_s, comments},
            {u"createdAt"_s, iso(issue.createdAt)},
            {u"updatedAt"_s, iso(issue.updatedAt)}};
}

} // namespace

int ExportCommand::run(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(tr("Write a stored queue as gh-shaped JSON Lines."));
    parser.addHelpOption();
    const QueueOptions queueOptions;
    const QCommandLineOption outputOption(u"output"_s, tr("Write here instead of stdout."), u"FILE"_s);
    queueOptions.addTo(parser);
    parser.addOption(outputOption);
    parser.process(arguments);

    Result<QueueSpec> parsedQueue = queueOptions.queue(parser);
    if (!parsedQueue)
        return fail(parsedQueue.error());
    const QueueSpec queue = std::move(parsedQueue).value();

    const QString storePath = queueOptions.storePath(parser);
    if (!QFile::exists(storePath))
        return fail(tr("%1 does not exist yet; run `triage-console sync` first").arg(storePath));
    const Result<std::unique_ptr<IssueStore>> store = IssueStore::open(storePath);
    if (!store)
        return fail(store.error());
    const Result<QList<Issue>> issues = store.value()->loadQueue(queue);
    if (!issues)
        return fail(issues.error());

    QFile output;
    if (parser.isSet(outputOption)) {
        output.setFileName(parser.value(outputOption));
        if (!output.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return fail(tr("cannot write %1: %2").arg(output.fileName(), output.errorString()));
    } else if (!output.open(stdout, QIODevice::WriteOnly)) {
        return fail(tr("cannot write to stdout"));
    }
    for (const Issue &issue : *issues) {
        output.write(QJsonDocument(ghShaped(issue)).toJson(QJsonDocument::Compact));
        output.write("\n");
    }
    output.flush();
    Cli::complain(u"export"_s, tr("%1 issues from %2").arg(issues->size()).arg(storePath));
    return 0;
}
