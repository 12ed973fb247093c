// SPDX-License-Identifier: MIT
#pragma once

#include <QDateTime>
#include <QString>

struct Comment
{
    QString author;
    // GitHub's author_association: OWNER, MEMBER, COLLABORATOR, CONTRIBUTOR, FIRST_TIMER, NONE, …
    QString authorAssociation;
    QString body;
    QDateTime createdAt;
    qint64 id = 0; // GitHub's comment id (REST `id`, GraphQL `databaseId`); 0 when unknown
};
