// SPDX-License-Identifier: MIT
#include "engine/store/issuestore.h"

#include "engine/core/syncmode.h"
#include "engine/store/sqltransaction.h"
#include "engine/store/storedissues.h"
#include "engine/store/storeschema.h"
#include "engine/store/storesql.h"

#include <QAtomicInteger>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTimeZone>

#include <algorithm>

using namespace Qt::StringLiterals;
using StoreSql::errorText;
using StoreSql::fromIso;
using StoreSql::isoTime;

Q_LOGGING_CATEGORY(lcStore, "triage.store", QtInfoMsg)

namespace {

QVariant nullable(const QString &text)
{
    return text.isNull() ? QVariant(QMetaType(QMetaType::QString)) : QVariant(text);
}

QString labelsKey(QStringList labels)
{
    labels.sort(Qt::CaseInsensitive);
    return QString::fromUtf8(QJsonDocument(QJsonArray::fromStringList(labels)).toJson(QJsonDocument::Compact));
}

// "repo = ? AND number IN (…the queue's members…)". Not correlated, so SQLite evaluates it once.
QString membersClause(const QueueSpec &queue)
{
    QString stateFilter;
    if (const std::optional<IssueState> state = issueStateOf(queue.state))
        stateFilter = u" AND state = '%1'"_s.arg(issueStateName(*state));
    QString labelFilter;
    if (!queue.labels.isEmpty()) {
        const QStringList marks(queue.labels.size(), u"?"_s);
        labelFilter = u" AND number IN (SELECT number FROM issue_labels WHERE repo = ? AND name IN (%1)"
                      " GROUP BY number HAVING count(DISTINCT name) = %2)"_s.arg(marks.join(u','))
                          .arg(QSet<QString>(queue.labels.begin(), queue.labels.end()).size());
    }
    // Excluded labels ("unprocessed only"): a sync fetches those issues too; the queue leaves them out.
    if (!queue.excludeLabels.isEmpty()) {
        const QStringList marks(queue.excludeLabels.size(), u"?"_s);
        labelFilter += u" AND number NOT IN (SELECT number FROM issue_labels WHERE repo = ? AND name IN (%1))"_s.arg(
            marks.join(u','));
    }
    return u"repo = ? AND number IN (SELECT number FROM issues WHERE repo = ?"_s + stateFilter + labelFilter + u')';
}

void bindMembers(QSqlQuery &query, const QueueSpec &queue)
{
    query.addBindValue(queue.repository());
    query.addBindValue(queue.repository());
    if (!queue.labels.isEmpty())
        query.addBindValue(queue.repository());
    for (const QString &label : queue.labels)
        query.addBindValue(label);
    if (!queue.excludeLabels.isEmpty())
        query.addBindValue(queue.repository());
    for (const QString &label : queue.excludeLabels)
        query.addBindValue(label);
}

} // namespace

IssueStore::IssueStore(QString path, QString connectionName)
    : m_path(std::move(path))
    , m_connectionName(std::move(connectionName))
{}

IssueStore::~IssueStore()
{
    {
        QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
        if (db.isOpen())
            db.close();
    }
    QSqlDatabase::removeDatabase(m_connectionName);
}

QString IssueStore::defaultPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + u"/store.sqlite"_s;
}

QSqlDatabase IssueStore::database() const
{
    return QSqlDatabase::database(m_connectionName, false);
}

Result<std::unique_ptr<IssueStore>> IssueStore::open(const QString &path)
{
    const QFileInfo info(path);
    const QString notOurs =
        QObject::tr("%1 is not a Triage Console store (%2). Rebuild it to sync afresh from GitHub.");
    if (info.isDir())
        return Error{QObject::tr("%1 is a directory, not a Triage Console store").arg(path)};
    if (info.exists() && info.size() > 0) {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return Error{QObject::tr("%1 cannot be read (%2)").arg(path, file.errorString())};
        if (file.read(16) != QByteArray("SQLite format 3\0", 16))
            return Error{notOurs.arg(path, QObject::tr("it is not an SQLite database"))};
    } else if (!QDir().mkpath(info.absolutePath())) {
        return Error{QObject::tr("cannot create the folder %1").arg(info.absolutePath())};
    }

    static QAtomicInteger<quint64> counter;
    const QString connectionName = u"triage-store-%1"_s.arg(counter.fetchAndAddRelaxed(1));
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, connectionName);
        db.setDatabaseName(path);
        db.setConnectOptions(u"QSQLITE_BUSY_TIMEOUT=5000"_s);
    }
    std::unique_ptr<IssueStore> store(new IssueStore(path, connectionName));
    QSqlDatabase db = store->database();
    if (!db.open())
        return Error{QObject::tr("cannot open the store %1: %2").arg(path, errorText(db.lastError()))};

    QSqlQuery query(db);
    if (!query.exec(u"PRAGMA application_id"_s) || !query.next())
        return Error{notOurs.arg(path, QObject::tr("SQLite cannot read it: %1").arg(errorText(query.lastError())))};
    const int applicationId = query.value(0).toInt();
    if (!query.exec(u"SELECT count(*) FROM sqlite_master"_s) || !query.next())
        return Error{notOurs.arg(path, QObject::tr("it is damaged: %1").arg(errorText(query.lastError())))};
    const int objects = query.value(0).toInt();
    if (applicationId != StoreSchema::ApplicationId && (applicationId != 0 || objects != 0))
        return Error{notOurs.arg(path, QObject::tr("it holds another application's data"))};
    if (!query.exec(u"PRAGMA quick_check(1)"_s) || !query.next() || query.value(0).toString() != u"ok"_s) {
        const QString why = query.isActive() ? query.value(0).toString() : errorText(query.lastError());
        return Error{notOurs.arg(path, QObject::tr("it is damaged: %1").arg(why))};
    }
    query.finish();

    const Result<int> ready = store->setUp();
    if (!ready)
        return Error{ready.error()};
    return store;
}

Result<std::unique_ptr<IssueStore>> IssueStore::rebuild(const QString &path)
{
    const QFileInfo info(path);
    if (info.isDir())
        return Error{QObject::tr("%1 is a directory, not a Triage Console store").arg(path)};
    if (info.exists()) {
        const QString aside = path + u".broken-"_s + QDateTime::currentDateTimeUtc().toString(u"yyyyMMddHHmmss"_s);
        if (!QFile::rename(path, aside))
            return Error{QObject::tr("cannot move %1 aside to rebuild it").arg(path)};
        qCInfo(lcStore) << "moved the old store aside to" << aside;
        for (const char *suffix : {"-wal", "-shm", "-journal"})
            QFile::remove(path + QLatin1StringView(suffix));
    }
    return open(path);
}

int IssueStore::schemaVersion() const
{
    QSqlQuery query(database());
    return query.exec(u"PRAGMA user_version"_s) && query.next() ? query.value(0).toInt() : -1;
}

Result<int> IssueStore::setUp()
{
    QSqlDatabase db = database();
    QSqlQuery query(db);
    // WAL: a killed writer never leaves a half page behind; readers are not blocked by a sync.
    query.exec(u"PRAGMA journal_mode=WAL"_s);
    query.exec(u"PRAGMA synchronous=NORMAL"_s);
    query.exec(u"PRAGMA foreign_keys=ON"_s);
    const int version = schemaVersion();
    if (version > SchemaVersion)
        return Error{QObject::tr("%1 was written by a newer Triage Console (schema %2; this one knows %3)")
                         .arg(m_path)
                         .arg(version)
                         .arg(SchemaVersion)};
    return migrate(version);
}

Result<int> IssueStore::migrate(int from)
{
    QSqlDatabase db = database();
    for (int version = from; version < SchemaVersion; ++version) {
        SqlTransaction transaction(db);
        if (!transaction.isOpen())
            return Error{QObject::tr("cannot write to the store %1: %2").arg(m_path, errorText(db.lastError()))};
        QSqlQuery query(db);
        QStringList statements = StoreSchema::steps().at(version);
        if (version == 0)
            statements.prepend(u"PRAGMA application_id=%1"_s.arg(StoreSchema::ApplicationId));
        statements.append(u"PRAGMA user_version=%1"_s.arg(version + 1));
        for (const QString &statement : std::as_const(statements)) {
            if (!query.exec(statement))
                return Error{QObject::tr("cannot upgrade the store %1 to schema %2: %3")
                                 .arg(m_path)
                                 .arg(version + 1)
                                 .arg(errorText(query.lastError()))};
        }
        if (!transaction.commit())
            return Error{QObject::tr("cannot upgrade the store %1: %2").arg(m_path, errorText(db.lastError()))};
        qCDebug(lcStore) << "store schema now at version" << version + 1;
    }
    return SchemaVersion;
}

Result<qint64> IssueStore::ensureQueue(const QueueSpec &queue)
{
    QSqlQuery query(database());
    query.prepare(u"INSERT INTO queues (repo, labels, state, created_at) VALUES (?, ?, ?, ?)"
                  " ON CONFLICT (repo, labels, state) DO NOTHING"_s);
    query.addBindValue(queue.repository());
    query.addBindValue(labelsKey(queue.labelTerms()));
    query.addBindValue(queueStateName(queue.state));
    query.addBindValue(isoTime(QDateTime::currentDateTimeUtc()));
    if (!query.exec())
        return Error{QObject::tr("cannot record the queue in %1: %2").arg(m_path, errorText(query.lastError()))};
    query.prepare(u"SELECT id FROM queues WHERE repo = ? AND labels = ? AND state = ?"_s);
    query.addBindValue(queue.repository());
    query.addBindValue(labelsKey(queue.labelTerms()));
    query.addBindValue(queueStateName(queue.state));
    if (!query.exec() || !query.next())
        return Error{QObject::tr("cannot read the queue from %1: %2").arg(m_path, errorText(query.lastError()))};
    return query.value(0).toLongLong();
}

Result<QList<StoredQueue>> IssueStore::queues() const
{
    QSqlQuery query(database());
    if (!query.exec(u"SELECT q.id, q.repo, q.labels, q.state, s.last_sync, s.last_full_sync,"
                    " (SELECT count(*) FROM issues i WHERE i.repo = q.repo) FROM queues q"
                    " LEFT JOIN sync_state s ON s.queue_id = q.id ORDER BY s.last_sync DESC, q.id"_s))
        return Error{QObject::tr("cannot read the queues from %1: %2").arg(m_path, errorText(query.lastError()))};
    QList<StoredQueue> queues;
    while (query.next()) {
        StoredQueue stored;
        stored.id = query.value(0).toLongLong();
        stored.queue.setRepository(query.value(1).toString());
        QStringList terms;
        for (const QJsonValue &label : QJsonDocument::fromJson(query.value(2).toString().toUtf8()).array())
            terms.append(label.toString());
        stored.queue.setLabelTerms(terms); // "-label": excluded
        // The names `--state` takes; any other text (none is written) filters by no state, as All does.
        stored.queue.state = queueStateFromName(query.value(3).toString()).value_or(QueueState::All);
        stored.lastSync = fromIso(query.value(4));
        stored.lastFullSync = fromIso(query.value(5));
        stored.issues = query.value(6).toInt();
        queues.append(std::move(stored));
    }
    return queues;
}

Result<SyncState> IssueStore::syncState(qint64 queueId) const
{
    QSqlQuery query(database());
    query.prepare(u"SELECT cursor, pass_mode, pass_since, pass_watermark, since, etag, etag_url, last_sync,"
                  " last_full_sync, pass_started FROM sync_state WHERE queue_id = ?"_s);
    query.addBindValue(queueId);
    if (!query.exec())
        return Error{QObject::tr("cannot read the sync state from %1: %2").arg(m_path, errorText(query.lastError()))};
    SyncState state;
    state.queueId = queueId;
    if (query.next()) {
        state.cursor = query.value(0).toString();
        state.passMode = optionalSyncModeFromName(query.value(1).toString());
        state.passSince = fromIso(query.value(2));
        state.passWatermark = fromIso(query.value(3));
        state.since = fromIso(query.value(4));
        state.etag = query.value(5).toByteArray();
        state.etagUrl = query.value(6).toString();
        state.lastSync = fromIso(query.value(7));
        state.lastFullSync = fromIso(query.value(8));
        state.passStarted = fromIso(query.value(9));
    }
    return state;
}

namespace {

bool writeState(QSqlQuery &query, const SyncState &state)
{
    query.prepare(
        u"INSERT OR REPLACE INTO sync_state (queue_id, cursor, pass_mode, pass_since, pass_watermark, since,"
        " etag, etag_url, last_sync, last_full_sync, pass_started) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s);
    query.addBindValue(state.queueId);
    query.addBindValue(nullable(state.cursor));
    query.addBindValue(nullable(syncModeName(state.passMode)));
    query.addBindValue(nullable(isoTime(state.passSince)));
    query.addBindValue(nullable(isoTime(state.passWatermark)));
    query.addBindValue(nullable(isoTime(state.since)));
    query.addBindValue(state.etag);
    query.addBindValue(nullable(state.etagUrl));
    query.addBindValue(nullable(isoTime(state.lastSync)));
    query.addBindValue(nullable(isoTime(state.lastFullSync)));
    query.addBindValue(nullable(isoTime(state.passStarted)));
    return query.exec();
}

} // namespace

Result<int> IssueStore::writeSyncState(const SyncState &state)
{
    QSqlQuery query(database());
    if (!writeState(query, state))
        return Error{QObject::tr("cannot save the sync state in %1: %2").arg(m_path, errorText(query.lastError()))};
    return 1;
}

Result<int> IssueStore::writePage(const QString &repository, const QList<Issue> &issues, const SyncState &state,
                                  const QList<int> &unchanged, const QueueSpec *pruneQueue,
                                  const QDateTime &passStarted, int *pruned)
{
    QSqlDatabase db = database();
    const auto failed = [this](const QSqlQuery &query) {
        return Error{QObject::tr("cannot write to the store %1: %2").arg(m_path, errorText(query.lastError()))};
    };
    SqlTransaction transaction(db);
    if (!transaction.isOpen())
        return Error{QObject::tr("cannot write to the store %1: %2").arg(m_path, errorText(db.lastError()))};

    QSqlQuery upsertIssue(db);
    upsertIssue.prepare(
        u"INSERT INTO issues (repo, number, node_id, title, body, author, author_association, state, url, created_at,"
        " updated_at, comment_count, synced_at, reaction_count, thumbs_up_count, duplicate_count, assignees)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (repo, number) DO UPDATE SET node_id = excluded.node_id, title = excluded.title,"
        " body = excluded.body, author = excluded.author, author_association = excluded.author_association,"
        " state = excluded.state, url = excluded.url, created_at = excluded.created_at,"
        " updated_at = excluded.updated_at, comment_count = excluded.comment_count, synced_at = excluded.synced_at,"
        " reaction_count = excluded.reaction_count, thumbs_up_count = excluded.thumbs_up_count,"
        " duplicate_count = excluded.duplicate_count, assignees = coalesce(excluded.assignees, assignees)"_s);
    QSqlQuery clearLabels(db);
    clearLabels.prepare(u"DELETE FROM issue_labels WHERE repo = ? AND number = ?"_s);
    QSqlQuery insertLabel(db);
    insertLabel.prepare(u"INSERT OR IGNORE INTO issue_labels (repo, number, name, position) VALUES (?, ?, ?, ?)"_s);
    QSqlQuery upsertComment(db);
    upsertComment.prepare(u"INSERT INTO comments (id, repo, number, author, author_association, body, created_at)"
                          " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET repo = excluded.repo,"
                          " number = excluded.number, author = excluded.author,"
                          " author_association = excluded.author_association, body = excluded.body,"
                          " created_at = excluded.created_at"_s);
    QSqlQuery staleComments(db);
    const QString now = isoTime(QDateTime::currentDateTimeUtc());

    for (const Issue &issue : issues) {
        upsertIssue.addBindValue(repository);
        upsertIssue.addBindValue(issue.number);
        upsertIssue.addBindValue(issue.nodeId);
        upsertIssue.addBindValue(issue.title);
        upsertIssue.addBindValue(issue.body);
        upsertIssue.addBindValue(issue.author);
        upsertIssue.addBindValue(issue.authorAssociation);
        upsertIssue.addBindValue(issueStateName(issue.state));
        upsertIssue.addBindValue(issue.url);
        upsertIssue.addBindValue(isoTime(issue.createdAt));
        upsertIssue.addBindValue(isoTime(issue.updatedAt));
        upsertIssue.addBindValue(std::max<qsizetype>(issue.commentCount, issue.comments.size()));
        upsertIssue.addBindValue(now);
        upsertIssue.addBindValue(issue.reactionCount);
        upsertIssue.addBindValue(issue.thumbsUpCount);
        upsertIssue.addBindValue(issue.duplicateCount);
        upsertIssue.addBindValue(
            issue.assigneesKnown
                ? QVariant(QString::fromUtf8(
                      QJsonDocument(QJsonArray::fromStringList(issue.assignees)).toJson(QJsonDocument::Compact)))
                : QVariant(QMetaType(QMetaType::QString)));
        if (!upsertIssue.exec())
            return failed(upsertIssue);

        clearLabels.addBindValue(repository);
        clearLabels.addBindValue(issue.number);
        if (!clearLabels.exec())
            return failed(clearLabels);
        for (int position = 0; position < issue.labels.size(); ++position) {
            insertLabel.addBindValue(repository);
            insertLabel.addBindValue(issue.number);
            insertLabel.addBindValue(issue.labels.at(position));
            insertLabel.addBindValue(position);
            if (!insertLabel.exec())
                return failed(insertLabel);
        }

        QStringList ids;
        for (const Comment &comment : issue.comments) {
            upsertComment.addBindValue(comment.id);
            upsertComment.addBindValue(repository);
            upsertComment.addBindValue(issue.number);
            upsertComment.addBindValue(comment.author);
            upsertComment.addBindValue(comment.authorAssociation);
            upsertComment.addBindValue(comment.body);
            upsertComment.addBindValue(isoTime(comment.createdAt));
            if (!upsertComment.exec())
                return failed(upsertComment);
            ids.append(QString::number(comment.id));
        }
        // Comments deleted on GitHub go here too; ids are integers, so the list is safe to inline.
        staleComments.prepare(u"DELETE FROM comments WHERE repo = ? AND number = ? AND id NOT IN (%1)"_s.arg(
            ids.isEmpty() ? u"-1"_s : ids.join(u',')));
        staleComments.addBindValue(repository);
        staleComments.addBindValue(issue.number);
        if (!staleComments.exec())
            return failed(staleComments);
    }

    if (!unchanged.isEmpty()) {
        QStringList numbers;
        for (int number : unchanged)
            numbers.append(QString::number(number));
        QSqlQuery seen(db);
        seen.prepare(u"UPDATE issues SET synced_at = ? WHERE repo = ? AND number IN (%1)"_s.arg(numbers.join(u',')));
        seen.addBindValue(now);
        seen.addBindValue(repository);
        if (!seen.exec())
            return failed(seen);
    }
    if (pruneQueue && passStarted.isValid()) {
        QSqlQuery prune(db);
        prune.prepare(u"DELETE FROM issues WHERE "_s + membersClause(*pruneQueue) + u" AND synced_at < ?"_s);
        bindMembers(prune, *pruneQueue);
        prune.addBindValue(isoTime(passStarted));
        if (!prune.exec())
            return failed(prune);
        if (pruned)
            *pruned = prune.numRowsAffected();
    }

    QSqlQuery stateQuery(db);
    if (!writeState(stateQuery, state))
        return failed(stateQuery);
    if (!transaction.commit())
        return Error{QObject::tr("cannot write to the store %1: %2").arg(m_path, errorText(db.lastError()))};
    return int(issues.size());
}

Result<QList<Issue>> IssueStore::loadQueue(const QueueSpec &queue) const
{
    Result<QList<Issue>> issues = StoredIssues::read(
        database(), membersClause(queue), [&queue](QSqlQuery &query) { bindMembers(query, queue); },
        [this](const QSqlQuery &query) {
            return Error{QObject::tr("cannot read the store %1: %2").arg(m_path, errorText(query.lastError()))};
        });
    if (issues) {
        std::sort(issues.value().begin(), issues.value().end(), [](const Issue &a, const Issue &b) {
            return a.updatedAt != b.updatedAt ? a.updatedAt < b.updatedAt : a.number < b.number;
        });
    }
    return issues;
}

QHash<int, QPair<QDateTime, int>> IssueStore::storedVersions(const QString &repository, const QList<int> &numbers) const
{
    QHash<int, QPair<QDateTime, int>> versions;
    if (numbers.isEmpty())
        return versions;
    QStringList list;
    for (int number : numbers)
        list.append(QString::number(number));
    QSqlQuery query(database());
    query.prepare(u"SELECT i.number, i.updated_at, (SELECT count(*) FROM comments c WHERE c.repo = i.repo AND"
                  " c.number = i.number) FROM issues i WHERE i.repo = ? AND i.number IN (%1)"_s.arg(list.join(u',')));
    query.addBindValue(repository);
    if (query.exec()) {
        while (query.next())
            versions.insert(query.value(0).toInt(), {fromIso(query.value(1)), query.value(2).toInt()});
    }
    return versions;
}

int IssueStore::issueCount(const QString &repository) const
{
    QSqlQuery query(database());
    query.prepare(u"SELECT count(*) FROM issues WHERE repo = ?"_s);
    query.addBindValue(repository);
    return query.exec() && query.next() ? query.value(0).toInt() : -1;
}

QPair<int, int> IssueStore::queueCounts(const QueueSpec &queue) const
{
    const QString members = membersClause(queue);
    QSqlQuery query(database());
    query.prepare(u"SELECT (SELECT count(*) FROM issues WHERE "_s + members +
                  u"), (SELECT count(*) FROM comments WHERE "_s + members + u')');
    bindMembers(query, queue);
    bindMembers(query, queue);
    if (!query.exec() || !query.next())
        return {-1, -1};
    return {query.value(0).toInt(), query.value(1).toInt()};
}

int IssueStore::commentCount(const QString &repository) const
{
    QSqlQuery query(database());
    query.prepare(u"SELECT count(*) FROM comments WHERE repo = ?"_s);
    query.addBindValue(repository);
    return query.exec() && query.next() ? query.value(0).toInt() : -1;
}
