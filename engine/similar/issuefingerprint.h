// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"

#include <QSet>
#include <QString>
#include <QStringList>

// What the similarity index keeps of an issue, one text per weighted field. Besides the words people wrote
// (title, body, comments), the parts two reports of one bug share even when their words differ: the error
// signature (exception class and the distinctive words of its message), the frames of its tracebacks
// (`torch/...` paths, the functions and exception classes on them) and the code identifiers it names
// (`init_process_group`, `torch.compile`, `FullyShardedDataParallel`).
struct IssueFingerprint
{
    enum Field
    {
        Title,
        Body,
        Comments,
        Signature,
        Frames,
        Identifiers,
        FieldCount
    };

    QString fields[FieldCount];

    static IssueFingerprint of(const Issue &issue);
    // The field's column name in the index ("title", "body", …).
    static QString fieldName(int field);

    // The words of a text as the index's tokenizer (FTS5 unicode61, `_` a word character) sees them: lower
    // case, split at everything that is neither a letter, a digit nor `_`.
    static QStringList tokens(const QString &text);
    // Words too common to tell issues apart (English function words and the issue template's headings).
    static bool isStopword(const QString &token);
    QSet<QString> tokenSet(int field) const;
};
