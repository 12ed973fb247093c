// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/comment.h"
#include "engine/core/issuestate.h"

#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

struct Issue
{
    int number = 0;
    QString title;
    QString body;
    QString author;
    QString authorAssociation;
    IssueState state = IssueState::Open;
    QString url;
    QStringList labels;
    QList<Comment> comments;
    QDateTime createdAt;
    QDateTime updatedAt;
    QString nodeId;       // GraphQL node id (REST `node_id`)
    int commentCount = 0; // as GitHub counts them; comments may hold fewer when not fetched
    // How many people it touches, as GitHub counts them (0 when the source does not say): reactions of any kind,
    // 👍 among them, and issues marked as duplicates of this one.
    int reactionCount = 0;
    int thumbsUpCount = 0;
    int duplicateCount = 0;
    // Logins it is assigned to; assigneesKnown is false when the source did not say (the store keeps no list).
    QStringList assignees;
    bool assigneesKnown = false;

    bool hasLabel(const QString &name) const { return labels.contains(name); }
    bool isOpen() const { return state == IssueState::Open; }
};

Q_DECLARE_METATYPE(Issue)
