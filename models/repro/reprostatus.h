// SPDX-License-Identifier: MIT
#pragma once

#include "engine/repro/reproresultstore.h"

#include <QMetaType>
#include <QString>

#include <optional>

// What the repro session knows about an issue's reproduction, for the suggestion panel: whether the issue
// carries one, and the latest stored result of running it.
struct ReproStatus
{
    int number = 0;
    bool found = false;          // a runnable candidate exists
    bool screenshotOnly = false; // the code is only in images
    QString where;               // of the chosen candidate
    std::optional<ReproRunRecord> latest;
};
Q_DECLARE_METATYPE(ReproStatus)
