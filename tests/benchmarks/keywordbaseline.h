// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/triage/rubricpack.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <utility>

// The "plain keyword matcher" the issues compare against, built from the pack's own vocabulary so that the
// difference to the engine is what the engine does with it (weights, where a word stands, confusions,
// context), not a better word list: a module label whenever any of its positive signals appears anywhere
// in the title, body or comments, case-insensitive.
class KeywordBaseline final
{
public:
    explicit KeywordBaseline(const RubricPack &pack);
    QStringList labels(const Issue &issue) const;

private:
    QList<std::pair<QString, QStringList>> m_needles; // label → lower-case signal texts
};
