// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/enumnames.h"

#include <QMetaType>
#include <QString>
#include <QStringView>

#include <optional>

// Whether an issue is open or closed.
enum class IssueState
{
    Open,
    Closed,
};
Q_DECLARE_METATYPE(IssueState)

// The names the store keeps (the `issues.state` and `outbox.seen_state` columns), our JSON writes, and GraphQL and
// gh spell. REST writes them in lower case ("open"), which reads the same.
inline constexpr EnumName<IssueState> issueStateNames[] = {
    {IssueState::Open, u"OPEN"},
    {IssueState::Closed, u"CLOSED"},
};

// "OPEN" or "CLOSED".
inline QString issueStateName(IssueState state)
{
    return EnumNames::name(issueStateNames, state);
}

// A state as read from JSON (GraphQL, gh, REST) or the store, in any case. Empty or unknown text reads as Open, as an
// issue whose source does not say is taken to be (GitHub knows no third state).
inline IssueState issueStateFromName(QStringView name)
{
    return EnumNames::value(issueStateNames, name, Qt::CaseInsensitive).value_or(IssueState::Open);
}

// A state that may be absent (an outbox entry's seen state, a change's before and after): empty text is none.
inline QString issueStateName(const std::optional<IssueState> &state)
{
    return state ? issueStateName(*state) : QString();
}
inline std::optional<IssueState> optionalIssueStateFromName(QStringView name)
{
    if (name.isEmpty())
        return std::nullopt;
    return issueStateFromName(name);
}
