// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/result.h"

#include <QSqlDatabase>
#include <QString>
#include <QStringList>

#include <utility>

// One named SQLite connection to the store file, open as long as its owner lives. The stores that share the file
// (decisions, history, outbox, repro results, similarity) each open theirs through it, so the schema is brought
// up to date first and every connection waits the same way for another writer.
class StoreConnection final
{
public:
    enum class Access
    {
        ReadWrite,
        ReadOnly
    };

    // `purpose` names the connection ("outbox"); `failure` ("Cannot open the outbox in %1") heads the error.
    static Result<StoreConnection> open(const QString &path, const QString &purpose, const QString &failure,
                                        Access access = Access::ReadWrite);

    // A store's own tables, created idempotently when it opens so that a store file of any schema version gains
    // them; `failure` ("Cannot create the snoozes in %1") heads the error.
    struct OwnTables
    {
        QStringList statements;
        QString failure;
    };

    // The way every store opens: its connection (as open()), its own tables when it has any, then the store itself,
    // made by `make` from the connection (the stores keep their constructors private).
    template<typename Make>
    static auto openStore(const QString &path, const QString &purpose, const QString &failure, Make make,
                          const OwnTables &tables = {}, Access access = Access::ReadWrite)
        -> Result<decltype(make(std::declval<StoreConnection>()))>
    {
        Result<StoreConnection> connection = open(path, purpose, failure, access);
        if (!connection)
            return Error{connection.error()};
        if (const Result<int> created = connection.value().createTables(tables); !created)
            return Error{created.error()};
        return make(std::move(connection).value());
    }

    StoreConnection() = default;
    StoreConnection(StoreConnection &&other) noexcept;
    StoreConnection &operator=(StoreConnection &&other) noexcept;
    StoreConnection(const StoreConnection &) = delete;
    StoreConnection &operator=(const StoreConnection &) = delete;
    ~StoreConnection();

    QSqlDatabase database() const { return QSqlDatabase::database(m_name, false); }
    const QString &name() const { return m_name; }
    const QString &path() const { return m_path; }

    // Runs the statements (CREATE … IF NOT EXISTS) in order; how many ran.
    Result<int> createTables(const OwnTables &tables) const;

private:
    StoreConnection(QString path, QString name);
    void close();

    QString m_path;
    QString m_name;
};
