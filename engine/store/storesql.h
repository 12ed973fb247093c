// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/result.h"

#include <QDateTime>
#include <QHash>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QString>
#include <QTimeZone>
#include <QVariant>

// What every SQLite store writes and reads the same way: times as UTC ISO text, errors as one readable line.
namespace StoreSql {

inline QString isoTime(const QDateTime &time)
{
    return time.isValid() ? time.toUTC().toString(Qt::ISODateWithMs) : QString();
}

inline QDateTime fromIso(const QVariant &value)
{
    const QString text = value.toString();
    if (text.isEmpty())
        return QDateTime();
    // What isoTime() writes, "2026-03-01T12:34:56.789Z", read directly: QDateTime::fromString is several times slower,
    // and the scoreboard reads one per decision. Anything else takes the general parser.
    const auto digits = [&text](qsizetype from, qsizetype count) {
        int value = 0;
        for (qsizetype i = from; i < from + count; ++i) {
            const char16_t c = text.at(i).unicode();
            if (c < u'0' || c > u'9')
                return -1;
            value = value * 10 + (c - u'0');
        }
        return value;
    };
    if (text.size() == 24 && text.at(4) == u'-' && text.at(7) == u'-' && text.at(10) == u'T' && text.at(13) == u':' &&
        text.at(16) == u':' && text.at(19) == u'.' && text.at(23) == u'Z') {
        const int year = digits(0, 4), month = digits(5, 2), day = digits(8, 2);
        const int hour = digits(11, 2), minute = digits(14, 2), second = digits(17, 2), ms = digits(20, 3);
        const QDate date(year, month, day);
        const QTime time(hour, minute, second, ms);
        if (year >= 0 && month >= 0 && day >= 0 && hour >= 0 && minute >= 0 && second >= 0 && ms >= 0 &&
            date.isValid() && time.isValid())
            return QDateTime(date, time, QTimeZone::UTC);
    }
    return QDateTime::fromString(text, Qt::ISODateWithMs).toUTC();
}

// SQLite's message, as one line.
inline QString errorText(const QSqlError &error)
{
    return error.text().trimmed();
}

inline Error sqlError(const QString &what, const QSqlError &error)
{
    return Error{what + QStringLiteral(": ") + errorText(error)};
}

// The latest row (highest id) of each issue of `repository` in `table`, as `read` makes it from the `columns` it
// selects, by issue number. `failure` heads the error.
template<typename Read>
auto latestPerIssue(const QSqlDatabase &db, const QString &table, const QString &columns, const QString &repository,
                    const QString &failure, Read read)
    -> Result<QHash<int, decltype(read(std::declval<QSqlQuery &>()))>>
{
    using Row = decltype(read(std::declval<QSqlQuery &>()));
    QSqlQuery query(db);
    query.setForwardOnly(true);
    query.prepare(
        QStringLiteral("SELECT %1 FROM %2 WHERE id IN (SELECT MAX(id) FROM %2 WHERE repo = ? GROUP BY number)")
            .arg(columns, table));
    query.addBindValue(repository);
    if (!query.exec())
        return sqlError(failure, query.lastError());
    QHash<int, Row> rows;
    while (query.next()) {
        Row row = read(query);
        rows.insert(row.number, std::move(row));
    }
    return rows;
}

} // namespace StoreSql
