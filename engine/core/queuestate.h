// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/enumnames.h"
#include "engine/core/issuestate.h"

#include <QMetaType>
#include <QString>
#include <QStringView>

#include <optional>

// Which issues a queue (or a search) holds by their state.
enum class QueueState
{
    Open,
    Closed,
    All,
};
Q_DECLARE_METATYPE(QueueState)

// The names `--state` takes, the store keys a queue by (the `queues.state` column), the settings keep and REST's
// `state=` asks with.
inline constexpr EnumName<QueueState> queueStateNames[] = {
    {QueueState::Open, u"open"},
    {QueueState::Closed, u"closed"},
    {QueueState::All, u"all"},
};

// "open", "closed" or "all".
inline QString queueStateName(QueueState state)
{
    return EnumNames::name(queueStateNames, state);
}

// A name in any case ("Open", "ALL"); nothing for an unknown one (the caller says what is wrong, or picks a default).
inline std::optional<QueueState> queueStateFromName(QStringView name)
{
    return EnumNames::value(queueStateNames, name, Qt::CaseInsensitive);
}

// The one issue state a queue holds; nothing for All.
inline std::optional<IssueState> issueStateOf(QueueState state)
{
    switch (state) {
    case QueueState::Open:
        return IssueState::Open;
    case QueueState::Closed:
        return IssueState::Closed;
    case QueueState::All:
        break;
    }
    return std::nullopt;
}
