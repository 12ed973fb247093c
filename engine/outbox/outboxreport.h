// SPDX-License-Identifier: MIT
#pragma once

#include "engine/outbox/outboxentry.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>

// How a batch went: one outcome per entry (the entry as it ended), and the markdown for the meeting notes.
struct OutboxReport
{
    QString login; // who wrote (empty when GET /user failed or no batch ran)
    QDateTime started;
    QDateTime finished;
    bool cancelled = false;
    QString error; // the batch could not run at all (store unreadable, …); items may be empty then
    QList<OutboxEntry> items;

    int count(OutboxStatus status) const;
    // Anything a person must look at: conflicts, failures, blocked entries, or a batch error.
    bool hasProblems() const;
    // Markdown: totals, what was routed where, counts by sub-oncall and confidence, conflicts and failures.
    QString toMarkdown() const;

    // One item as a JSON object (the headless submit writes one per line): id, repo, number, status,
    // outcome, labels, comment, close, change, violations.
    static QJsonObject toJson(const OutboxEntry &entry);
};

Q_DECLARE_METATYPE(OutboxReport)
