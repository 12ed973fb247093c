// SPDX-License-Identifier: MIT
#include "engine/review/snoozestore.h"

#include "engine/store/storeconnection.h"
#include "engine/store/storesql.h"

#include <QObject>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

using namespace Qt::StringLiterals;
using StoreSql::fromIso;
using StoreSql::isoTime;
using StoreSql::sqlError;

SnoozeStore::SnoozeStore(StoreConnection connection)
    : m_connection(std::move(connection))
{}

Result<std::unique_ptr<SnoozeStore>> SnoozeStore::open(const QString &path)
{
    const StoreConnection::OwnTables snoozes{
        {u"CREATE TABLE IF NOT EXISTS snoozes (repo TEXT NOT NULL, number INTEGER NOT NULL, until TEXT,"
         " seen_updated_at TEXT, snoozed_at TEXT NOT NULL, PRIMARY KEY (repo, number))"_s},
        QObject::tr("Cannot create the snoozes in %1")};
    return StoreConnection::openStore(
        path, u"snoozes"_s, QObject::tr("Cannot open the snoozes in %1"),
        [](StoreConnection connection) { return std::unique_ptr<SnoozeStore>(new SnoozeStore(std::move(connection))); },
        snoozes);
}

Result<bool> SnoozeStore::snooze(const Snooze &snooze)
{
    QSqlDatabase db = m_connection.database();
    QSqlQuery query(db);
    query.prepare(u"INSERT OR REPLACE INTO snoozes (repo, number, until, seen_updated_at, snoozed_at)"
                  " VALUES (?, ?, ?, ?, ?)"_s);
    query.addBindValue(snooze.repository);
    query.addBindValue(snooze.number);
    query.addBindValue(isoTime(snooze.until));
    query.addBindValue(isoTime(snooze.seenUpdatedAt));
    query.addBindValue(isoTime(snooze.snoozedAt.isValid() ? snooze.snoozedAt : QDateTime::currentDateTimeUtc()));
    if (!query.exec())
        return sqlError(QObject::tr("Cannot snooze #%1").arg(snooze.number), query.lastError());
    return true;
}

Result<bool> SnoozeStore::wake(const QString &repository, int number)
{
    QSqlDatabase db = m_connection.database();
    QSqlQuery query(db);
    query.prepare(u"DELETE FROM snoozes WHERE repo = ? AND number = ?"_s);
    query.addBindValue(repository);
    query.addBindValue(number);
    if (!query.exec())
        return sqlError(QObject::tr("Cannot wake #%1").arg(number), query.lastError());
    return query.numRowsAffected() > 0;
}

Result<QHash<int, Snooze>> SnoozeStore::snoozes(const QString &repository) const
{
    QSqlDatabase db = m_connection.database();
    QSqlQuery query(db);
    query.prepare(u"SELECT number, until, seen_updated_at, snoozed_at FROM snoozes WHERE repo = ?"_s);
    query.addBindValue(repository);
    if (!query.exec())
        return sqlError(QObject::tr("Cannot read the snoozes of %1").arg(repository), query.lastError());
    QHash<int, Snooze> snoozes;
    while (query.next()) {
        Snooze snooze;
        snooze.repository = repository;
        snooze.number = query.value(0).toInt();
        snooze.until = fromIso(query.value(1));
        snooze.seenUpdatedAt = fromIso(query.value(2));
        snooze.snoozedAt = fromIso(query.value(3));
        snoozes.insert(snooze.number, snooze);
    }
    return snoozes;
}
