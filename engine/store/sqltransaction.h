// SPDX-License-Identifier: MIT
#pragma once

#include <QSqlDatabase>

// One transaction on a connection, rolled back unless committed: every store write is whole or absent.
class SqlTransaction final
{
public:
    explicit SqlTransaction(const QSqlDatabase &db)
        : m_db(db)
    {
        m_open = m_db.transaction();
    }
    ~SqlTransaction()
    {
        if (m_open)
            m_db.rollback();
    }
    SqlTransaction(const SqlTransaction &) = delete;
    SqlTransaction &operator=(const SqlTransaction &) = delete;

    bool isOpen() const { return m_open; }
    bool commit()
    {
        m_open = false;
        return m_db.commit();
    }

private:
    QSqlDatabase m_db;
    bool m_open = false;
};
