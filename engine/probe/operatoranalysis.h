// SPDX-License-Identifier: MIT
#pragma once

#include "engine/probe/operatorprobereport.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

// The distributed operator analysis of one probed op, in the shape of the operator-analysis report (category,
// broadcasting, partial inputs, which placements work, raise or give wrong results), with a drafted comment,
// the labels to suggest and a runnable DTensor test of the combinations that fail.
struct OperatorAnalysis
{
    enum class Category
    {
        ElementWise,
        MatMul,
        Reduction,
        ReshapeView,
        GatherIndex,
        Other,
    };
    QString op;
    Category category = Category::Other;
    QString categoryReason;
    QString broadcast; // what the broadcasting case showed, or why there is none
    QString partial;   // what Partial() inputs did
    bool strategy = true;
    int ok = 0;
    int raises = 0;
    int wrong = 0;
    QStringList working; // "2 ranks, divides: Shard(0), Replicate()"
    QStringList raising; // with the message
    QStringList wrongResults;
    QStringList labels;
    QString comment; // Markdown, for the outbox
    QString test;    // Python

    static QString categoryName(Category category);
    static Category categoryOf(const QString &op, const OperatorProbeOp *probed = nullptr, QString *reason = nullptr);
    static OperatorAnalysis analyse(const OperatorProbeOp &probed);
    // The runnable test: every raising or wrong combination as a DTensor test case against the single-device
    // result (a passing op gets one test of its first working combination, to start from).
    static QString generateTest(const OperatorProbeOp &probed);
    QJsonObject toJson() const;
};
