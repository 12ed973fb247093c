// SPDX-License-Identifier: MIT
#pragma once

#include <QSet>
#include <QString>
#include <QStringList>

// Micro precision / recall / F1 of predicted labels against the labels humans gave, summed over issues.
struct LabelScore
{
    int tp = 0;
    int fp = 0;
    int fn = 0;

    void add(const QStringList &predicted, const QStringList &gold);
    double precision() const;
    double recall() const;
    double f1() const;
    // "P 0.983 (59/60)  R 0.868 (59/68)  F1 0.922"
    QString text() const;
};

// The labels of `labels` that are in `set`, in their order.
QStringList onlyLabels(const QStringList &labels, const QSet<QString> &set);
