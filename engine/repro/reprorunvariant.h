// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/result.h"

#include <QMap>
#include <QString>
#include <QStringList>

// What the scrub playbook changes about a run without changing what it tests: extra environment variables
// for diagnostics (`TORCH_LOGS=+dynamo`), and `torch._dynamo.reset()` between the compiles of a script that
// compiles more than once in one process, so in-memory Dynamo state does not carry over.
class ReproRunVariant final
{
public:
    // "TORCH_LOGS=+dynamo TORCHDYNAMO_VERBOSE=1" or one NAME=VALUE per item. A bad item is an error naming it.
    static Result<QMap<QString, QString>> parseVariables(const QStringList &items);
    static Result<QMap<QString, QString>> parseVariables(const QString &text);

    // The script with `torch._dynamo.reset()` before every compiled call but the first; the script unchanged
    // when it compiles at most once. `resets` gets how many were inserted.
    static QString withDynamoResets(const QString &source, int *resets = nullptr);
};
