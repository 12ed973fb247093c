// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/core/result.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>

// One input record that could not be read, located so a user can find it.
struct InputError
{
    int line = 0; // 1-based line for JSON Lines input; 0 when the whole document is at fault
    QString message;
};

struct IssueBatch
{
    QList<Issue> issues;
    QList<InputError> errors;
};

// Reads issues in the shapes people already have: `gh issue list/view --json …` output (an array, one
// object, or one object per line) and GitHub REST issue objects.
class IssueJsonReader final
{
public:
    static Result<Issue> fromJson(const QJsonObject &object);
    // Whole documents: an array or a single object; anything else is tried as JSON Lines.
    static IssueBatch readDocument(const QByteArray &data);
    static Result<QList<Issue>> readFile(const QString &path);
};
