// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/core/result.h"
#include "engine/review/decidedissue.h"
#include "engine/scoreboard/packedit.h"
#include "engine/triage/rubricpack.h"

#include <QHash>
#include <QJsonObject>
#include <QList>

// Proposes pack edits from the overrides of the scored decisions: a module label people added at least
// `minRepeats` times where the engine never suggested it, or removed that often where it did. The words, API
// names and traceback frames those issues share — and that the issues where the label was right (or rightly left
// out) mostly lack — become a signal of the module, or a confusion that drops it. Nothing is saved: apply() only
// returns the changed pack JSON, for the what-if and for a person to save.
class PackEditSuggester final
{
public:
    static QList<PackEdit> suggest(const RubricPack &pack, const QList<DecidedIssue> &decided,
                                   const QHash<QString, Issue> &issues, int minRepeats = 2);
    // The pack file's JSON with the edit in it; an error when the module is not in it.
    static Result<QJsonObject> apply(const QJsonObject &packJson, const PackEdit &edit);
    // The words of an issue as candidate signals (lower-case prose words, identifiers, traceback frame folders).
    static QList<PackEdit::Word> wordsOf(const Issue &issue);
};
