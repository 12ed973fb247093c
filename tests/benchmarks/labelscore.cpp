// SPDX-License-Identifier: MIT
#include "tests/benchmarks/labelscore.h"

using namespace Qt::StringLiterals;

void LabelScore::add(const QStringList &predicted, const QStringList &gold)
{
    for (const QString &label : predicted)
        (gold.contains(label) ? tp : fp) += 1;
    for (const QString &label : gold)
        fn += predicted.contains(label) ? 0 : 1;
}

double LabelScore::precision() const
{
    return tp + fp == 0 ? 0.0 : double(tp) / (tp + fp);
}

double LabelScore::recall() const
{
    return tp + fn == 0 ? 0.0 : double(tp) / (tp + fn);
}

double LabelScore::f1() const
{
    const double p = precision();
    const double r = recall();
    return p + r == 0.0 ? 0.0 : 2 * p * r / (p + r);
}

QString LabelScore::text() const
{
    return u"P %1 (%2/%3)  R %4 (%5/%6)  F1 %7"_s.arg(precision(), 0, 'f', 3)
        .arg(tp)
        .arg(tp + fp)
        .arg(recall(), 0, 'f', 3)
        .arg(tp)
        .arg(tp + fn)
        .arg(f1(), 0, 'f', 3);
}

QStringList onlyLabels(const QStringList &labels, const QSet<QString> &set)
{
    QStringList kept;
    for (const QString &label : labels) {
        if (set.contains(label))
            kept.append(label);
    }
    return kept;
}
