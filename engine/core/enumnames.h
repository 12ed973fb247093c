// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/result.h"

#include <QString>
#include <QStringList>
#include <QStringView>

#include <cstddef>
#include <optional>

// The one table of an enum's names as they are stored (SQLite, JSON, pack files), read both ways:
//
//   inline constexpr EnumName<OutboxStatus> outboxStatusNames[] = {{OutboxStatus::Ready, u"ready"}, …};
//   EnumNames::name(outboxStatusNames, status);               // "ready"
//   EnumNames::value(outboxStatusNames, u"ready");            // std::optional: nothing for an unknown name
//   EnumNames::value(issueStateNames, u"open", Qt::CaseInsensitive); // names read in any case (REST's "open")
//   EnumNames::parse(outboxStatusNames, text, u"outbox status"_s); // an Error naming the known ones
//
// An unknown name is never mapped to some default here; the caller decides (an error, or data it keeps).
template<typename E>
struct EnumName
{
    E value;
    QStringView name;
};

namespace EnumNames {

template<typename E, std::size_t N>
QString name(const EnumName<E> (&table)[N], E value)
{
    for (const EnumName<E> &entry : table) {
        if (entry.value == value)
            return entry.name.toString();
    }
    return {};
}

template<typename E, std::size_t N>
std::optional<E> value(const EnumName<E> (&table)[N], QStringView name, Qt::CaseSensitivity cs = Qt::CaseSensitive)
{
    for (const EnumName<E> &entry : table) {
        if (entry.name.compare(name, cs) == 0)
            return entry.value;
    }
    return std::nullopt;
}

template<typename E, std::size_t N>
QStringList names(const EnumName<E> (&table)[N])
{
    QStringList out;
    for (const EnumName<E> &entry : table)
        out.append(entry.name.toString());
    return out;
}

// `what` names the field in the error: "Unknown outbox status "sent" (known: ready, blocked, …)."
template<typename E, std::size_t N>
Result<E> parse(const EnumName<E> (&table)[N], QStringView name, const QString &what,
                Qt::CaseSensitivity cs = Qt::CaseSensitive)
{
    if (const std::optional<E> known = value(table, name, cs))
        return *known;
    return Error{QStringLiteral("Unknown %1 \"%2\" (known: %3).")
                     .arg(what, name.toString(), names(table).join(QStringLiteral(", ")))};
}

} // namespace EnumNames
