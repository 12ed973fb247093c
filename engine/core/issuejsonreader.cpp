// SPDX-License-Identifier: MIT
#include "engine/core/issuejsonreader.h"

#include <algorithm>

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

using namespace Qt::StringLiterals;

namespace {

QDateTime parseTime(const QJsonValue &value)
{
    return QDateTime::fromString(value.toString(), Qt::ISODateWithMs);
}

// gh and GraphQL nest the login ({author:{login}}); REST names it `user`.
QString loginOf(const QJsonObject &object)
{
    const QJsonValue author = object.contains("author"_L1) ? object.value("author"_L1) : object.value("user"_L1);
    if (author.isObject())
        return author.toObject().value("login"_L1).toString();
    return author.toString();
}

QString associationOf(const QJsonObject &object)
{
    const QJsonValue value = object.contains("authorAssociation"_L1) ? object.value("authorAssociation"_L1)
                                                                     : object.value("author_association"_L1);
    return value.toString().toUpper();
}

QDateTime timeOf(const QJsonObject &object, QLatin1StringView camel, QLatin1StringView snake)
{
    return parseTime(object.contains(camel) ? object.value(camel) : object.value(snake));
}

QStringList labelsOf(const QJsonValue &value)
{
    // gh: [{name}], REST: [{name}] or ["name"], GraphQL: {nodes:[{name}]}
    const QJsonArray array = value.isObject() ? value.toObject().value("nodes"_L1).toArray() : value.toArray();
    QStringList labels;
    labels.reserve(array.size());
    for (const QJsonValue &label : array) {
        const QString name = label.isObject() ? label.toObject().value("name"_L1).toString() : label.toString();
        if (!name.isEmpty())
            labels.append(name);
    }
    return labels;
}

QList<Comment> commentsOf(const QJsonValue &value)
{
    // REST issues carry only a count here; the comments come from another endpoint.
    const QJsonArray array = value.isObject() ? value.toObject().value("nodes"_L1).toArray() : value.toArray();
    QList<Comment> comments;
    comments.reserve(array.size());
    for (const QJsonValue &entry : array) {
        const QJsonObject object = entry.toObject();
        comments.append(Comment{loginOf(object), associationOf(object), object.value("body"_L1).toString(),
                                timeOf(object, "createdAt"_L1, "created_at"_L1)});
    }
    return comments;
}

} // namespace

namespace {

// Reactions and duplicates, in each shape they come in: our GraphQL query (reactions, thumbsUp and duplicates
// totals), gh's `reactionGroups` ({content, users|reactors: {totalCount}}) and REST's `reactions` object.
void readReach(const QJsonObject &object, Issue &issue)
{
    const auto total = [](const QJsonValue &value) { return value.toObject().value("totalCount"_L1).toInt(); };
    const QJsonValue reactions = object.value("reactions"_L1);
    if (reactions.isObject() && reactions.toObject().contains("total_count"_L1)) {
        issue.reactionCount = reactions.toObject().value("total_count"_L1).toInt();
        issue.thumbsUpCount = reactions.toObject().value("+1"_L1).toInt();
    } else if (reactions.isObject()) {
        issue.reactionCount = total(reactions);
    }
    if (object.contains("thumbsUp"_L1))
        issue.thumbsUpCount = total(object.value("thumbsUp"_L1));
    const QJsonArray groups = object.value("reactionGroups"_L1).toArray();
    if (!groups.isEmpty()) {
        int all = 0;
        for (const QJsonValue &group : groups) {
            const QJsonObject g = group.toObject();
            const int count = std::max(total(g.value("users"_L1)), total(g.value("reactors"_L1)));
            all += count;
            if (g.value("content"_L1).toString() == "THUMBS_UP"_L1)
                issue.thumbsUpCount = count;
        }
        issue.reactionCount = std::max(issue.reactionCount, all);
    }
    if (object.contains("duplicates"_L1))
        issue.duplicateCount = total(object.value("duplicates"_L1));
}

} // namespace

Result<Issue> IssueJsonReader::fromJson(const QJsonObject &object)
{
    const QJsonValue number = object.value("number"_L1);
    if (!number.isDouble() || number.toDouble() < 1)
        return Error{u"an issue needs a positive \"number\""_s};
    if (!object.value("title"_L1).isString())
        return Error{u"issue %1 has no \"title\" string"_s.arg(number.toInt())};
    if (object.contains("pull_request"_L1))
        return Error{u"#%1 is a pull request, not an issue"_s.arg(number.toInt())};

    Issue issue;
    issue.number = number.toInt();
    issue.title = object.value("title"_L1).toString();
    issue.body = object.value("body"_L1).toString();
    issue.author = loginOf(object);
    issue.authorAssociation = associationOf(object);
    issue.state = issueStateFromName(object.value("state"_L1).toString()); // none: open
    issue.url = object.contains("url"_L1) && object.value("url"_L1).toString().contains("/issues/"_L1) &&
                        !object.value("url"_L1).toString().contains("api."_L1)
                    ? object.value("url"_L1).toString()
                    : object.value("html_url"_L1).toString(object.value("url"_L1).toString());
    issue.labels = labelsOf(object.value("labels"_L1));
    issue.comments = commentsOf(object.value("comments"_L1));
    issue.createdAt = timeOf(object, "createdAt"_L1, "created_at"_L1);
    issue.updatedAt = timeOf(object, "updatedAt"_L1, "updated_at"_L1);
    readReach(object, issue);
    // gh and REST: [{"login": …}]; our GraphQL shape: {"nodes": [{"login": …}]}.
    if (object.contains("assignees"_L1)) {
        const QJsonValue assignees = object.value("assignees"_L1);
        const QJsonArray list =
            assignees.isObject() ? assignees.toObject().value("nodes"_L1).toArray() : assignees.toArray();
        for (const QJsonValue &a : list) {
            const QString login = a.isObject() ? a.toObject().value("login"_L1).toString() : a.toString();
            if (!login.isEmpty())
                issue.assignees << login;
        }
        issue.assigneesKnown = true;
    }
    return issue;
}

IssueBatch IssueJsonReader::readDocument(const QByteArray &data)
{
    IssueBatch batch;
    if (data.trimmed().isEmpty()) {
        batch.errors.append(InputError{0, u"the input is empty"_s});
        return batch;
    }

    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(data, &parseError);
    if (parseError.error == QJsonParseError::NoError) {
        const QJsonArray array = document.isArray() ? document.array() : QJsonArray{document.object()};
        int index = 0;
        for (const QJsonValue &value : array) {
            ++index;
            if (!value.isObject()) {
                batch.errors.append(InputError{0, u"entry %1 is not a JSON object"_s.arg(index)});
                continue;
            }
            Result<Issue> issue = fromJson(value.toObject());
            if (issue)
                batch.issues.append(std::move(issue).value());
            else
                batch.errors.append(InputError{0, u"entry %1: %2"_s.arg(index).arg(issue.error())});
        }
        return batch;
    }

    // Not one document: JSON Lines, one issue per line, if the first line is a whole object by itself.
    const QByteArray trimmed = data.trimmed();
    const qsizetype firstBreak = trimmed.indexOf('\n');
    QJsonParseError firstLineError;
    const bool looksLikeLines = trimmed.startsWith('{') && firstBreak > 0 &&
                                QJsonDocument::fromJson(trimmed.left(firstBreak), &firstLineError).isObject();
    if (!looksLikeLines) {
        batch.errors.append(
            InputError{0, u"not valid JSON at byte %1: %2"_s.arg(parseError.offset).arg(parseError.errorString())});
        return batch;
    }
    int lineNumber = 0;
    for (const QByteArray &line : data.split('\n')) {
        ++lineNumber;
        if (line.trimmed().isEmpty())
            continue;
        const QJsonDocument lineDocument = QJsonDocument::fromJson(line, &parseError);
        if (parseError.error != QJsonParseError::NoError || !lineDocument.isObject()) {
            const QString why =
                parseError.error != QJsonParseError::NoError ? parseError.errorString() : u"not a JSON object"_s;
            batch.errors.append(InputError{lineNumber, u"line %1: %2"_s.arg(lineNumber).arg(why)});
            continue;
        }
        Result<Issue> issue = fromJson(lineDocument.object());
        if (issue)
            batch.issues.append(std::move(issue).value());
        else
            batch.errors.append(InputError{lineNumber, u"line %1: %2"_s.arg(lineNumber).arg(issue.error())});
    }
    return batch;
}

Result<QList<Issue>> IssueJsonReader::readFile(const QString &path)
{
    QFile file(path);
    if (!file.exists())
        return Error{u"%1: no such file"_s.arg(path)};
    if (QFileInfo(path).isDir())
        return Error{u"%1: is a directory, not a JSON file"_s.arg(path)};
    if (!file.open(QIODevice::ReadOnly))
        return Error{u"%1: cannot be read (%2)"_s.arg(path, file.errorString())};
    IssueBatch batch = readDocument(file.readAll());
    if (!batch.errors.isEmpty())
        return Error{u"%1: %2"_s.arg(path, batch.errors.constFirst().message)};
    if (batch.issues.isEmpty())
        return Error{u"%1: holds no issues"_s.arg(path)};
    return std::move(batch.issues);
}
