// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/enumnames.h"

#include <QMetaType>
#include <QString>
#include <QStringView>

#include <optional>

// Which GitHub API a sync reads a queue through. Auto (what `--mode` takes by default) is a choice, not an API: GraphQL
// with a token, else REST, and REST too when GraphQL fails before its first page is stored.
enum class SyncMode
{
    Auto,
    GraphQL,
    Rest,
};
Q_DECLARE_METATYPE(SyncMode)

// The names `--mode` takes, the sync and corpus commands print ("mode") and the store keeps for an interrupted pass
// (the `sync_state.pass_mode` column: "graphql" or "rest", never "auto").
inline constexpr EnumName<SyncMode> syncModeNames[] = {
    {SyncMode::Auto, u"auto"},
    {SyncMode::GraphQL, u"graphql"},
    {SyncMode::Rest, u"rest"},
};

// "auto", "graphql" or "rest".
inline QString syncModeName(SyncMode mode)
{
    return EnumNames::name(syncModeNames, mode);
}

// A mode that may be absent (no pass in progress): empty text is none, as is text that names no mode.
inline QString syncModeName(const std::optional<SyncMode> &mode)
{
    return mode ? syncModeName(*mode) : QString();
}
inline std::optional<SyncMode> optionalSyncModeFromName(QStringView name)
{
    return EnumNames::value(syncModeNames, name);
}
