// SPDX-License-Identifier: MIT
#include "engine/review/decisionhistorystore.h"

#include "engine/store/issuestore.h"
#include "engine/store/storedissues.h"
#include "engine/store/storesql.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

#include <algorithm>

using namespace Qt::StringLiterals;
using StoreSql::fromIso;
using StoreSql::sqlError;

namespace {

QStringList stringList(const QVariant &json)
{
    // The compact array the decision store writes, ["a","b"], with nothing escaped: split it rather than run a JSON
    // parser once per decision. Anything else goes through the JSON parser.
    const QString text = json.toString();
    if (text == u"[]"_s)
        return {};
    if (text.size() >= 4 && text.startsWith(u"[\""_s) && text.endsWith(u"\"]"_s) && !text.contains(u'\\')) {
        const QStringList list = text.mid(2, text.size() - 4).split(u"\",\""_s);
        if (std::none_of(list.cbegin(), list.cend(), [](const QString &item) { return item.contains(u'"'); }))
            return list;
    }
    QStringList list;
    for (const QJsonValue &value : QJsonDocument::fromJson(text.toUtf8()).array())
        list.append(value.toString());
    return list;
}

bool isReview(ReviewState state)
{
    return state == ReviewState::Approved || state == ReviewState::Edited || state == ReviewState::Skipped;
}

} // namespace

DecisionHistoryStore::DecisionHistoryStore(StoreConnection connection)
    : m_connection(std::move(connection))
{}

Result<std::unique_ptr<DecisionHistoryStore>> DecisionHistoryStore::open(const QString &path)
{
    if (!QFileInfo(path).isFile())
        return Error{u"%1: no such store"_s.arg(path)};
    return StoreConnection::openStore(
        path, u"history"_s, u"Cannot open the decisions in %1"_s,
        [](StoreConnection connection) {
            return std::unique_ptr<DecisionHistoryStore>(new DecisionHistoryStore(std::move(connection)));
        },
        {}, StoreConnection::Access::ReadOnly);
}

Result<QList<DecidedIssue>> DecisionHistoryStore::decidedIssues() const
{
    QSqlDatabase db = m_connection.database();
    QSqlQuery query(db);
    query.setForwardOnly(true);
    // SQLite picks out what the scoreboard reads from the stored plans (labels, sub-oncall, confidences, the rule
    // and label of each piece of evidence), joined with control characters: parsing every plan's whole JSON in Qt
    // made reading 20,000 decisions several times slower.
    // Decisions recorded before `measured` existed: SQLite builds the same text from the stored JSON.
    if (!query.exec(uR"(SELECT repo, number, decision, reviewer, decided_at, pack_version, pack_source, seen_labels,
        CASE WHEN measured IS NOT NULL OR decision = 'submitted' THEN measured ELSE
          coalesce((SELECT group_concat(value, char(30)) FROM json_each(plan, '$.add_labels')), '') || char(29) ||
          coalesce(json_extract(plan, '$.sub_oncall'), '') || char(29) || coalesce(json_extract(plan, '$.profile'), '')
          || char(29) || CASE WHEN suggestion IS NULL THEN '' ELSE '1' || char(29) ||
          coalesce((SELECT group_concat(value, char(30)) FROM json_each(suggestion, '$.add_labels')), '') || char(29) ||
          coalesce(json_extract(suggestion, '$.sub_oncall'), '') || char(29) ||
          coalesce(json_extract(suggestion, '$.profile'), '') || char(29) ||
          coalesce(json_extract(suggestion, '$.confidence'), '') || char(29) ||
          coalesce((SELECT group_concat(key || char(31) || value, char(30))
                      FROM json_each(suggestion, '$.label_confidence')), '') || char(29) ||
          coalesce((SELECT group_concat(coalesce(json_extract(value, '$.rule'), '') || char(31) ||
                                        coalesce(json_extract(value, '$.label'), ''), char(30))
                      FROM json_each(suggestion, '$.evidence')), '') END
        END
        FROM decisions ORDER BY id)"_s))
        return sqlError(u"Cannot read the decisions"_s, query.lastError());
    // The same few labels, rules and names recur in every decision: one string each (a view into the row's text
    // is looked up, and only a new one is copied), not one allocation per row.
    QHash<QStringView, QString> strings;
    const auto intern = [&strings](QStringView text) {
        if (text.isEmpty())
            return QString();
        const auto found = strings.constFind(text);
        if (found != strings.cend())
            return *found;
        const QString copy = text.toString();
        strings.insert(QStringView(copy), copy); // the view points into the copy the hash keeps
        return copy;
    };
    const auto list = [&intern](QStringView text) {
        QStringList items;
        if (text.isEmpty())
            return items;
        for (QStringView item : text.tokenize(QChar(30)))
            items.append(intern(item));
        return items;
    };
    const auto pairs = [](QStringView text) {
        QList<std::pair<QStringView, QStringView>> items;
        if (text.isEmpty())
            return items;
        for (QStringView item : text.tokenize(QChar(30))) {
            const qsizetype split = item.indexOf(QChar(31));
            items.append({item.left(split), item.mid(split + 1)});
        }
        return items;
    };
    QList<DecidedIssue> decided;
    QHash<QString, qsizetype> rowOf;
    while (query.next()) {
        const QString repository = query.value(0).toString();
        const int number = query.value(1).toInt();
        const QString key = DecisionHistoryStore::key(repository, number);
        const ReviewState state = reviewStateFromName(query.value(2).toString());
        const auto row = rowOf.constFind(key);
        if (state == ReviewState::Submitted) {
            // The outbox wrote the latest approval; a submission with no review before it is not ours to score.
            if (row != rowOf.cend() && decided.at(*row).isApproval()) {
                decided[*row].written = true;
                decided[*row].writtenAt = fromIso(query.value(4));
            }
            continue;
        }
        if (!isReview(state))
            continue;
        DecidedIssue issue;
        issue.repository = intern(repository);
        issue.number = number;
        issue.state = state;
        issue.reviewer = intern(query.value(3).toString());
        issue.decidedAt = fromIso(query.value(4));
        issue.packVersion = intern(query.value(5).toString());
        issue.packSource = intern(query.value(6).toString());
        if (!query.value(7).isNull())
            issue.seenLabels = stringList(query.value(7));
        const QString measured = query.value(8).toString();
        QList<QStringView> fields;
        for (QStringView field : QStringView(measured).tokenize(QChar(29)))
            fields.append(field);
        const auto field = [&fields](qsizetype i) { return i < fields.size() ? fields.at(i) : QStringView(); };
        issue.plan.issueNumber = number;
        issue.plan.addLabels = list(field(0));
        issue.plan.subOncall = intern(field(1));
        issue.plan.profile = intern(field(2));
        if (field(3) == u"1") {
            TriagePlan suggestion;
            suggestion.issueNumber = number;
            suggestion.addLabels = list(field(4));
            suggestion.subOncall = intern(field(5));
            suggestion.profile = intern(field(6));
            suggestion.confidence = confidenceFromName(field(7).toString());
            for (const auto &[label, confidence] : pairs(field(8)))
                suggestion.labelConfidence.insert(intern(label), confidenceFromName(confidence.toString()));
            for (const auto &[rule, label] : pairs(field(9)))
                suggestion.evidence.append(Evidence{intern(label), intern(rule), {}, -1, 0, {}});
            issue.suggestion = std::move(suggestion);
        }
        issue.profile =
            issue.suggestion && !issue.suggestion->profile.isEmpty() ? issue.suggestion->profile : issue.plan.profile;
        if (row != rowOf.cend()) {
            decided[*row] = std::move(issue);
        } else {
            rowOf.insert(key, decided.size());
            decided.append(std::move(issue));
        }
    }

    // The labels a sync brought back after our write: what other maintainers made of it.
    // Only issues we wrote to can have been changed by others since: the rest of the store is not read.
    if (!query.exec(u"SELECT i.repo, i.number, i.synced_at FROM (SELECT DISTINCT repo, number FROM decisions"
                    " WHERE decision = 'submitted') w JOIN issues i ON i.repo = w.repo AND i.number = w.number"_s))
        return sqlError(u"Cannot read the issues"_s, query.lastError());
    while (query.next()) {
        const auto row = rowOf.constFind(key(query.value(0).toString(), query.value(1).toInt()));
        if (row == rowOf.cend())
            continue;
        DecidedIssue &issue = decided[*row];
        const QDateTime synced = fromIso(query.value(2));
        issue.syncedSince = issue.written && synced.isValid() && synced > issue.writtenAt;
    }
    if (!query.exec(u"SELECT l.repo, l.number, l.name FROM (SELECT DISTINCT repo, number FROM decisions"
                    " WHERE decision = 'submitted') w JOIN issue_labels l ON l.repo = w.repo AND l.number = w.number"
                    " ORDER BY l.repo, l.number, l.position"_s))
        return sqlError(u"Cannot read the labels"_s, query.lastError());
    while (query.next()) {
        const auto row = rowOf.constFind(key(query.value(0).toString(), query.value(1).toInt()));
        if (row != rowOf.cend() && decided.at(*row).syncedSince)
            decided[*row].labelsNow.append(query.value(2).toString());
    }
    return decided;
}

Result<QString> DecisionHistoryStore::version() const
{
    QSqlQuery query(m_connection.database());
    if (!query.exec(u"SELECT (SELECT count(*) || ':' || coalesce(max(id), 0) FROM decisions) || ':' ||"
                    " (SELECT coalesce(max(synced_at), '') FROM issues)"_s) ||
        !query.next())
        return sqlError(u"Cannot read the decisions"_s, query.lastError());
    return query.value(0).toString();
}

QString DecisionHistoryStore::measured(const TriagePlan &plan, const std::optional<TriagePlan> &suggestion)
{
    // Fields apart by U+001D, list items by U+001E, pairs by U+001F: none of them occurs in a label or a rule id.
    QStringList fields = {plan.addLabels.join(QChar(30)), plan.subOncall, plan.profile};
    if (!suggestion) {
        fields.append(QString());
        return fields.join(QChar(29));
    }
    QStringList confidences;
    for (auto it = suggestion->labelConfidence.cbegin(); it != suggestion->labelConfidence.cend(); ++it)
        confidences.append(it.key() + QChar(31) + confidenceName(it.value()));
    QStringList evidence;
    for (const Evidence &e : suggestion->evidence)
        evidence.append(e.rule + QChar(31) + e.label);
    fields << u"1"_s << suggestion->addLabels.join(QChar(30)) << suggestion->subOncall << suggestion->profile
           << confidenceName(suggestion->confidence) << confidences.join(QChar(30)) << evidence.join(QChar(30));
    return fields.join(QChar(29));
}

Result<QHash<QString, Issue>> DecisionHistoryStore::issues(const QList<IssueRef> &refs) const
{
    QHash<QString, QStringList> numbers; // per repository
    for (const IssueRef &ref : refs)
        numbers[ref.repository].append(QString::number(ref.number));
    QHash<QString, Issue> issues;
    issues.reserve(refs.size());
    for (auto it = numbers.cbegin(); it != numbers.cend(); ++it) {
        const QString &repository = it.key();
        Result<QList<Issue>> read = StoredIssues::read(
            m_connection.database(), u"repo = ? AND number IN (%1)"_s.arg(it.value().join(u',')),
            [&repository](QSqlQuery &query) { query.addBindValue(repository); },
            [](const QSqlQuery &query) { return sqlError(u"Cannot read the issues"_s, query.lastError()); });
        if (!read)
            return read.failure();
        for (Issue &issue : read.value())
            issues.emplace(key(repository, issue.number), std::move(issue));
    }
    return issues;
}
