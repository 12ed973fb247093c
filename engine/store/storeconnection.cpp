// SPDX-License-Identifier: MIT
#include "engine/store/storeconnection.h"

#include "engine/store/issuestore.h"
#include "engine/store/storesql.h"

#include <QAtomicInteger>
#include <QObject>
#include <QSqlQuery>

using namespace Qt::StringLiterals;

Result<StoreConnection> StoreConnection::open(const QString &path, const QString &purpose, const QString &failure,
                                              Access access)
{
    {
        Result<std::unique_ptr<IssueStore>> schema = IssueStore::open(path);
        if (!schema)
            return Error{schema.error()};
    }
    static QAtomicInteger<quint64> counter;
    StoreConnection connection(path, u"triage-%1-%2"_s.arg(purpose).arg(counter.fetchAndAddRelaxed(1)));
    QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, connection.m_name);
    db.setDatabaseName(path);
    // Another connection (the sync, the window) may write to the same file: wait for it rather than fail.
    db.setConnectOptions(access == Access::ReadOnly ? u"QSQLITE_BUSY_TIMEOUT=5000;QSQLITE_OPEN_READONLY"_s
                                                    : u"QSQLITE_BUSY_TIMEOUT=5000"_s);
    if (!db.open())
        return StoreSql::sqlError(failure.arg(path), db.lastError());
    return connection;
}

Result<int> StoreConnection::createTables(const OwnTables &tables) const
{
    QSqlQuery query(database());
    for (const QString &statement : tables.statements) {
        if (!query.exec(statement))
            return StoreSql::sqlError(tables.failure.arg(m_path), query.lastError());
    }
    return int(tables.statements.size());
}

StoreConnection::StoreConnection(QString path, QString name)
    : m_path(std::move(path))
    , m_name(std::move(name))
{}

StoreConnection::StoreConnection(StoreConnection &&other) noexcept
    : m_path(std::exchange(other.m_path, {}))
    , m_name(std::exchange(other.m_name, {}))
{}

StoreConnection &StoreConnection::operator=(StoreConnection &&other) noexcept
{
    if (this != &other) {
        close();
        m_path = std::exchange(other.m_path, {});
        m_name = std::exchange(other.m_name, {});
    }
    return *this;
}

StoreConnection::~StoreConnection()
{
    close();
}

void StoreConnection::close()
{
    if (m_name.isEmpty())
        return;
    {
        QSqlDatabase db = QSqlDatabase::database(m_name, false);
        if (db.isOpen())
            db.close();
    }
    QSqlDatabase::removeDatabase(m_name);
    m_name.clear();
}
