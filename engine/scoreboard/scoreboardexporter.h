// SPDX-License-Identifier: MIT
#pragma once

#include "engine/scoreboard/replayreport.h"
#include "engine/scoreboard/scoreboard.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

// The scoreboard and the what-if for people and programs: JSON (`triage-console scoreboard`), markdown for the
// meeting notes, CSV (one table, a `table` column telling the sections apart), and the replay as JSON Lines.
class ScoreboardExporter final
{
public:
    static QJsonObject toJson(const Scoreboard &board);
    static QString toMarkdown(const Scoreboard &board);
    static QString toCsv(const Scoreboard &board);
    // One line per changed issue, then {"decided": N, "changed": N, "agree": N, "disagree": N}.
    static QByteArray replayJsonLines(const ReplayReport &report);
    static QJsonObject changeToJson(const ReplayChange &change);
    static QJsonObject replayTotals(const ReplayReport &report);
    // "+14 agree, −3 disagree": the replay against its baseline, for a person.
    static QString replayDelta(const ReplayReport &report);
    static QString percent(double ratio);
};
