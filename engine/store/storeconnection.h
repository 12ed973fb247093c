// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/result.h"

#include <QSqlDatabase>
#include <QString>

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

    StoreConnection() = default;
    StoreConnection(StoreConnection &&other) noexcept;
    StoreConnection &operator=(StoreConnection &&other) noexcept;
    StoreConnection(const StoreConnection &) = delete;
    StoreConnection &operator=(const StoreConnection &) = delete;
    ~StoreConnection();

    QSqlDatabase database() const { return QSqlDatabase::database(m_name, false); }
    const QString &name() const { return m_name; }
    const QString &path() const { return m_path; }

private:
    StoreConnection(QString path, QString name);
    void close();

    QString m_path;
    QString m_name;
};
