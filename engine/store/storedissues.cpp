// SPDX-License-Identifier: MIT
#include "engine/store/storedissues.h"

#include "engine/store/storesql.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;
using StoreSql::fromIso;

namespace {

Issue issueFromRow(const QSqlQuery &query)
{
    Issue issue;
    issue.number = query.value(0).toInt();
    issue.nodeId = query.value(1).toString();
    issue.title = query.value(2).toString();
    issue.body = query.value(3).toString();
    issue.author = query.value(4).toString();
    issue.authorAssociation = query.value(5).toString();
    issue.state = issueStateFromName(query.value(6).toString());
    issue.url = query.value(7).toString();
    issue.createdAt = fromIso(query.value(8));
    issue.updatedAt = fromIso(query.value(9));
    issue.commentCount = query.value(10).toInt();
    issue.reactionCount = query.value(11).toInt();
    issue.thumbsUpCount = query.value(12).toInt();
    issue.duplicateCount = query.value(13).toInt();
    if (!query.value(14).isNull()) {
        issue.assigneesKnown = true;
        for (const QJsonValue &login : QJsonDocument::fromJson(query.value(14).toString().toUtf8()).array())
            issue.assignees << login.toString();
    }
    return issue;
}

Comment commentFromRow(const QSqlQuery &query)
{
    Comment comment;
    comment.id = query.value(1).toLongLong();
    comment.author = query.value(2).toString();
    comment.authorAssociation = query.value(3).toString();
    comment.body = query.value(4).toString();
    comment.createdAt = fromIso(query.value(5));
    return comment;
}

} // namespace

Result<QList<Issue>> StoredIssues::read(const QSqlDatabase &db, const QString &where,
                                        const std::function<void(QSqlQuery &)> &bind,
                                        const std::function<Error(const QSqlQuery &)> &failed)
{
    QSqlQuery query(db);
    query.setForwardOnly(true);
    // No ORDER BY: on rows this wide it copies every body through a temporary b-tree, which made loading 10,000
    // issues several times slower. Callers sort what they need sorted.
    query.prepare(u"SELECT number, node_id, title, body, author, author_association, state, url, created_at,"
                  " updated_at, comment_count, reaction_count, thumbs_up_count, duplicate_count, assignees"
                  " FROM issues WHERE "_s +
                  where);
    bind(query);
    if (!query.exec())
        return failed(query);
    QList<Issue> issues;
    QHash<int, qsizetype> rowOf;
    while (query.next()) {
        issues.append(issueFromRow(query));
        rowOf.insert(issues.constLast().number, issues.size() - 1);
    }

    query.prepare(u"SELECT number, name FROM issue_labels WHERE "_s + where + u" ORDER BY number, position"_s);
    bind(query);
    if (!query.exec())
        return failed(query);
    while (query.next()) {
        const auto row = rowOf.constFind(query.value(0).toInt());
        if (row != rowOf.cend())
            issues[*row].labels.append(query.value(1).toString());
    }

    query.prepare(u"SELECT number, id, author, author_association, body, created_at FROM comments WHERE "_s + where +
                  u" ORDER BY number, created_at, id"_s);
    bind(query);
    if (!query.exec())
        return failed(query);
    while (query.next()) {
        const auto row = rowOf.constFind(query.value(0).toInt());
        if (row != rowOf.cend())
            issues[*row].comments.append(commentFromRow(query));
    }
    return issues;
}
