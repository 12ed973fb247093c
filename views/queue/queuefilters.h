// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>

// The queue's filters as the reviewer left them: the filter text and the marked filters (sub-oncall,
// confidence, review state, has repro, needs review). Kept per queue in QSettings under "filters/<queue>"
// and put back when that queue opens again.
struct QueueFilters
{
    QString text;
    QString subOncall;    // a sub-oncall label; empty: any
    int confidence = -1;  // int(Confidence); -1: any
    int reviewState = -1; // int(ReviewState); -1: any
    bool hasRepro = false;
    bool needsReview = false;

    bool isDefault() const { return *this == QueueFilters(); }
    // A stored queue's key (the labels in any order are one queue).
    static QString keyFor(const QString &repository, QStringList labels, const QString &state);
    static QueueFilters load(const QString &queueKey);
    void save(const QString &queueKey) const;

    friend bool operator==(const QueueFilters &, const QueueFilters &) = default;
};
