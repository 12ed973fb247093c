// SPDX-License-Identifier: MIT
#include "app/commands/similaritycommand.h"

#include "app/commands/cli.h"

#include "engine/similar/similarityindex.h"
#include "engine/store/issuestore.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTextStream>

using namespace Qt::StringLiterals;

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("SimilarityCommand", text);
}

int fail(const QString &command, const QString &message)
{
    return Cli::fail(command, message);
}

struct Common
{
    QCommandLineOption store{u"store"_s, tr("The local store (default: the console's)."), u"FILE"_s};
    QCommandLineOption repo{u"repo"_s, tr("OWNER/NAME; needed only when the store holds several."), u"OWNER/NAME"_s};
};

// The store opened and its index brought up to date, or why not. A missing file is an error: these commands
// only read, they never create a store.
Result<std::unique_ptr<SimilarityIndex>> openIndex(const QString &path)
{
    if (!QFileInfo::exists(path))
        return Error{tr("there is no store at %1 (sync a queue into it first)").arg(path)};
    Result<std::unique_ptr<SimilarityIndex>> index = SimilarityIndex::open(path);
    if (!index)
        return index;
    QTextStream err(stderr);
    const Result<int> caught = index.value()->catchUp([&err](int done, int total) {
        if (total >= 2000 && (done == total || done % 5000 == 0))
            err << tr("indexing %1/%2 issues").arg(done).arg(total) << Qt::endl;
        return true;
    });
    if (!caught)
        return Error{caught.error()};
    return index;
}

// The repository the store holds, when it holds one; else the one asked for.
Result<QString> repositoryOf(const QString &path, const QString &asked)
{
    if (!QFileInfo::exists(path))
        return Error{tr("there is no store at %1 (sync a queue into it first)").arg(path)};
    if (!asked.isEmpty())
        return asked;
    QStringList repositories;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"similarity-command"_s);
        db.setDatabaseName(path);
        if (db.open()) {
            QSqlQuery query(db);
            if (query.exec(u"SELECT DISTINCT repo FROM issues ORDER BY repo"_s)) {
                while (query.next())
                    repositories.append(query.value(0).toString());
            }
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(u"similarity-command"_s);
    if (repositories.size() == 1)
        return repositories.constFirst();
    if (repositories.isEmpty())
        return Error{tr("the store %1 holds no issues").arg(path)};
    return Error{tr("the store holds several repositories (%1): pass --repo").arg(repositories.join(u", "_s))};
}

QJsonObject toJson(const SimilarityMatch &match)
{
    QJsonObject matched;
    for (auto it = match.why.cbegin(); it != match.why.cend(); ++it)
        matched.insert(it.key(), QJsonArray::fromStringList(it.value()));
    QJsonObject object{{u"repo"_s, match.repository},
                       {u"number"_s, match.number},
                       {u"title"_s, match.title},
                       {u"state"_s, issueStateName(match.state)},
                       {u"labels"_s, QJsonArray::fromStringList(match.labels)},
                       {u"created_at"_s, match.createdAt.toString(Qt::ISODate)},
                       {u"updated_at"_s, match.updatedAt.toString(Qt::ISODate)},
                       {u"score"_s, std::round(match.score * 1000.0) / 1000.0},
                       {u"matched"_s, matched}};
    if (!match.signature.isEmpty())
        object.insert(u"signature"_s, match.signature);
    return object;
}

void print(const QList<SimilarityMatch> &matches)
{
    QTextStream out(stdout);
    for (const SimilarityMatch &match : matches)
        out << QJsonDocument(toJson(match)).toJson(QJsonDocument::Compact) << '\n';
    out.flush();
}

} // namespace

int SimilarityCommand::runSimilar(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(tr("The issues of the store most similar to one, as JSON Lines: score, and per "
                                        "field (title, body, comments, signature, frames, identifiers) the words "
                                        "they share."));
    parser.addHelpOption();
    const Common common;
    const QCommandLineOption numberOption(u"number"_s, tr("The issue."), u"N"_s);
    const QCommandLineOption topOption(u"top"_s, tr("How many (default 10)."), u"K"_s, u"10"_s);
    parser.addOptions({common.store, common.repo, numberOption, topOption});
    parser.process(arguments);
    const QString command = u"similar"_s;
    bool ok = false;
    const int number = parser.value(numberOption).toInt(&ok);
    if (!parser.isSet(numberOption) || !ok || number <= 0)
        return fail(command, tr("--number N is needed (an issue number)"));
    const int top = parser.value(topOption).toInt(&ok);
    if (!ok || top <= 0 || top > 1000)
        return fail(command, tr("--top must be a number from 1 to 1000"));
    const QString path = parser.isSet(common.store) ? parser.value(common.store) : IssueStore::defaultPath();
    const Result<QString> repository = repositoryOf(path, parser.value(common.repo));
    if (!repository)
        return fail(command, repository.error());
    const auto index = openIndex(path);
    if (!index)
        return fail(command, index.error());
    const auto matches = index.value()->similar(repository.value(), number, top);
    if (!matches)
        return fail(command, matches.error());
    print(matches.value());
    return 0;
}

int SimilarityCommand::runSearch(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Searches every issue of the store (SQLite FTS5 syntax: words, \"phrases\", OR, NOT, prefix*, "
           "title: / body: / comments: / signature: / frames: / identifiers:), as JSON Lines."));
    parser.addHelpOption();
    const Common common;
    const QCommandLineOption labelOption(u"label"_s, tr("Only issues with this label (repeatable: all of them)."),
                                         u"LABEL"_s);
    const QCommandLineOption stateOption(u"state"_s, tr("open, closed or all (default)."), u"STATE"_s, u"all"_s);
    const QCommandLineOption limitOption(u"limit"_s, tr("At most this many (default 50)."), u"N"_s, u"50"_s);
    parser.addOptions({common.store, common.repo, labelOption, stateOption, limitOption});
    parser.addPositionalArgument(u"query"_s, tr("What to search for."), u"QUERY…"_s);
    parser.process(arguments);
    const QString command = u"search"_s;
    SearchQuery query;
    query.text = parser.positionalArguments().join(u' ').trimmed();
    if (query.text.isEmpty())
        return fail(command, tr("a query is needed, e.g. search --store S 'nccl timeout'"));
    const std::optional<QueueState> state = queueStateFromName(parser.value(stateOption));
    if (!state)
        return fail(command, tr("--state must be open, closed or all"));
    query.state = *state;
    query.labels = parser.values(labelOption);
    bool ok = false;
    query.limit = parser.value(limitOption).toInt(&ok);
    if (!ok || query.limit <= 0)
        return fail(command, tr("--limit must be a positive number"));
    const QString path = parser.isSet(common.store) ? parser.value(common.store) : IssueStore::defaultPath();
    query.repository = parser.value(common.repo);
    const auto index = openIndex(path);
    if (!index)
        return fail(command, index.error());
    const auto matches = index.value()->search(query);
    if (!matches)
        return fail(command, matches.error());
    print(matches.value());
    return 0;
}
