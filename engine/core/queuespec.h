// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/queuestate.h"
#include "engine/core/syncmode.h"

#include <QDateTime>
#include <QString>
#include <QStringList>

#include <optional>

// A queue: one repository, labels that must all be present, labels that must all be absent (an
// "unprocessed only" queue leaves out the marker label), and the state of the issues it holds.
struct QueueSpec
{
    QString owner;
    QString name;
    QStringList labels;
    QStringList excludeLabels;
    QueueState state = QueueState::Open;

    QString repository() const { return owner + u'/' + name; }
    // The labels as one list, the excluded ones written "-label" (as a search query writes them): the form the
    // store keys a queue by. setLabelTerms reads it back.
    QStringList labelTerms() const
    {
        QStringList terms = labels;
        for (const QString &label : excludeLabels)
            terms.append(u'-' + label);
        return terms;
    }
    void setLabelTerms(const QStringList &terms)
    {
        labels.clear();
        excludeLabels.clear();
        for (const QString &term : terms) {
            if (term.startsWith(u'-'))
                excludeLabels.append(term.mid(1));
            else
                labels.append(term);
        }
    }
    // Whether an issue with these labels belongs to the queue, as far as labels go.
    bool matchesLabels(const QStringList &issueLabels) const
    {
        for (const QString &label : labels) {
            if (!issueLabels.contains(label))
                return false;
        }
        for (const QString &label : excludeLabels) {
            if (issueLabels.contains(label))
                return false;
        }
        return true;
    }
    bool isValid() const
    {
        return !owner.isEmpty() && !name.isEmpty() && !owner.contains(u'/') && !name.contains(u'/');
    }
    // "owner/name" → owner, name; false when it is not of that shape.
    bool setRepository(const QString &ownerSlashName)
    {
        const QStringList parts = ownerSlashName.trimmed().split(u'/');
        if (parts.size() != 2 || parts[0].isEmpty() || parts[1].isEmpty())
            return false;
        owner = parts[0];
        name = parts[1];
        return true;
    }
};

// Where a queue's sync stands, as the store keeps it.
struct SyncState
{
    qint64 queueId = 0;
    // An interrupted pass: where it stopped (GraphQL end cursor or REST next-page URL), its mode and
    // the `since` it asked with (null: a full pass). Empty cursor: no pass in progress.
    QString cursor;
    std::optional<SyncMode> passMode; // GraphQL or Rest while a pass is in progress
    QDateTime passSince;
    QDateTime passWatermark; // newest updatedAt the pass has stored so far
    QDateTime passStarted;   // when the pass began: a full pass prunes queue members not written since
    // The last finished pass.
    QDateTime since; // newest updatedAt stored: the next pass asks for issues updated since then
    QByteArray etag; // ETag of the first REST page of the last pass …
    QString etagUrl; // … and the URL it belongs to
    QDateTime lastSync;
    QDateTime lastFullSync;

    bool passInProgress() const { return !cursor.isEmpty(); }
};

// A queue the store knows, for pickers: its definition and when it was last synced.
struct StoredQueue
{
    qint64 id = 0;
    QueueSpec queue;
    QDateTime lastSync; // invalid: never completed
    QDateTime lastFullSync;
    int issues = 0; // issues of the repository in the store (all queues)
};
