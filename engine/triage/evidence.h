// SPDX-License-Identifier: MIT
#pragma once

#include <QList>
#include <QString>

// Why a label was suggested: the rule that fired and, when text decided it, the words and where they stand.
// `where` is "title", "body" or "comment N" (1-based); start/length are UTF-16 offsets into that text.
// A rule that fired on something other than text (an existing label, the absence of a script) has start -1.
struct Evidence
{
    QString label;
    QString rule;
    QString where;
    int start = -1;
    int length = 0;
    QString text;

    friend bool operator==(const Evidence &, const Evidence &) = default;
};

using EvidenceList = QList<Evidence>;
