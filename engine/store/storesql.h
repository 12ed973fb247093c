// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/result.h"

#include <QDateTime>
#include <QSqlError>
#include <QString>
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
    return text.isEmpty() ? QDateTime() : QDateTime::fromString(text, Qt::ISODateWithMs).toUTC();
}

inline Error sqlError(const QString &what, const QSqlError &error)
{
    return Error{what + QStringLiteral(": ") + error.text().trimmed()};
}

} // namespace StoreSql
