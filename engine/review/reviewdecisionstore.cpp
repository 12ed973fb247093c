// SPDX-License-Identifier: MIT
#include "engine/review/reviewdecisionstore.h"

#include "engine/review/decisionhistorystore.h"
#include "engine/store/issuestore.h"
#include "engine/store/sqltransaction.h"
#include "engine/store/storesql.h"
#include "engine/triage/triageplanwriter.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

using namespace Qt::StringLiterals;
using StoreSql::fromIso;
using StoreSql::isoTime;
using StoreSql::sqlError;

namespace {

const QString Columns = u"id, repo, number, plan, decision, reviewer, note, issue_updated_at, decided_at, suggestion,"
                        " pack_version, pack_source, seen_labels"_s;

ReviewDecision decisionFromQuery(const QSqlQuery &query)
{
    ReviewDecision decision;
    decision.id = query.value(0).toLongLong();
    decision.repository = query.value(1).toString();
    decision.number = query.value(2).toInt();
    decision.plan = ReviewDecisionStore::planFromJson(QJsonDocument::fromJson(query.value(3).toByteArray()).object());
    decision.state = reviewStateFromName(query.value(4).toString());
    decision.reviewer = query.value(5).toString();
    decision.note = query.value(6).toString();
    decision.issueUpdatedAt = fromIso(query.value(7));
    decision.decidedAt = fromIso(query.value(8));
    if (!query.value(9).isNull())
        decision.suggestion =
            ReviewDecisionStore::planFromJson(QJsonDocument::fromJson(query.value(9).toByteArray()).object());
    decision.packVersion = query.value(10).toString();
    decision.packSource = query.value(11).toString();
    if (!query.value(12).isNull()) {
        QStringList labels;
        for (const QJsonValue &label : QJsonDocument::fromJson(query.value(12).toByteArray()).array())
            labels.append(label.toString());
        decision.seenLabels = labels;
    }
    return decision;
}

} // namespace

QString reviewStateName(ReviewState state)
{
    switch (state) {
    case ReviewState::New:
        return u"new"_s;
    case ReviewState::Approved:
        return u"approved"_s;
    case ReviewState::Edited:
        return u"edited"_s;
    case ReviewState::Skipped:
        return u"skipped"_s;
    case ReviewState::Submitted:
        return u"submitted"_s;
    }
    return {};
}

ReviewState reviewStateFromName(const QString &name)
{
    for (int i = 0; i < ReviewStateCount; ++i) {
        if (reviewStateName(ReviewState(i)) == name)
            return ReviewState(i);
    }
    return ReviewState::New;
}

ReviewDecisionStore::ReviewDecisionStore(StoreConnection connection)
    : m_connection(std::move(connection))
{}

Result<std::unique_ptr<ReviewDecisionStore>> ReviewDecisionStore::open(const QString &path)
{
    return StoreConnection::openStore(
        path, u"decisions"_s, u"Cannot open the decisions in %1"_s, [](StoreConnection connection) {
            return std::unique_ptr<ReviewDecisionStore>(new ReviewDecisionStore(std::move(connection)));
        });
}

Result<qint64> ReviewDecisionStore::record(const ReviewDecision &decision)
{
    QSqlDatabase db = m_connection.database();
    QSqlQuery query(db);
    query.prepare(u"INSERT INTO decisions (repo, number, plan_hash, plan, decision, reviewer, note, issue_updated_at,"
                  " decided_at, suggestion, pack_version, pack_source, seen_labels, measured)"
                  " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s);
    query.addBindValue(decision.repository);
    query.addBindValue(decision.number);
    query.addBindValue(planHash(decision.plan));
    query.addBindValue(QString::fromUtf8(QJsonDocument(planToJson(decision.plan)).toJson(QJsonDocument::Compact)));
    query.addBindValue(reviewStateName(decision.state));
    query.addBindValue(decision.reviewer);
    query.addBindValue(decision.note);
    query.addBindValue(isoTime(decision.issueUpdatedAt));
    query.addBindValue(isoTime(decision.decidedAt.isValid() ? decision.decidedAt : QDateTime::currentDateTimeUtc()));
    const auto compact = [](const auto &json) {
        return QVariant(QString::fromUtf8(QJsonDocument(json).toJson(QJsonDocument::Compact)));
    };
    query.addBindValue(decision.suggestion ? compact(planToJson(*decision.suggestion))
                                           : QVariant(QMetaType::fromType<QString>()));
    query.addBindValue(decision.packVersion.isEmpty() ? QVariant(QMetaType::fromType<QString>())
                                                      : decision.packVersion);
    query.addBindValue(decision.packSource.isEmpty() ? QVariant(QMetaType::fromType<QString>()) : decision.packSource);
    query.addBindValue(decision.seenLabels ? compact(QJsonArray::fromStringList(*decision.seenLabels))
                                           : QVariant(QMetaType::fromType<QString>()));
    query.addBindValue(DecisionHistoryStore::measured(decision.plan, decision.suggestion));
    if (!query.exec())
        return sqlError(u"Cannot record the decision on #%1"_s.arg(decision.number), query.lastError());
    return query.lastInsertId().toLongLong();
}

Result<int> ReviewDecisionStore::recordAll(const QList<ReviewDecision> &decisions)
{
    QSqlDatabase db = m_connection.database();
    SqlTransaction transaction(db);
    if (!transaction.isOpen())
        return sqlError(u"Cannot record the decisions"_s, db.lastError());
    for (const ReviewDecision &decision : decisions) {
        const Result<qint64> id = record(decision);
        if (!id)
            return Error{id.error()};
    }
    if (!transaction.commit())
        return sqlError(u"Cannot record the decisions"_s, db.lastError());
    return int(decisions.size());
}

Result<bool> ReviewDecisionStore::remove(qint64 id)
{
    QSqlQuery query(m_connection.database());
    query.prepare(u"DELETE FROM decisions WHERE id = ?"_s);
    query.addBindValue(id);
    if (!query.exec())
        return sqlError(u"Cannot undo decision %1"_s.arg(id), query.lastError());
    return query.numRowsAffected() > 0;
}

Result<QHash<int, ReviewDecision>> ReviewDecisionStore::latest(const QString &repository) const
{
    return StoreSql::latestPerIssue(m_connection.database(), u"decisions"_s, Columns, repository,
                                    u"Cannot read the decisions"_s, decisionFromQuery);
}

Result<QList<ReviewDecision>> ReviewDecisionStore::history(const QString &repository, int number) const
{
    QSqlQuery query(m_connection.database());
    query.setForwardOnly(true);
    query.prepare(u"SELECT "_s + Columns + u" FROM decisions WHERE repo = ? AND number = ? ORDER BY id"_s);
    query.addBindValue(repository);
    query.addBindValue(number);
    if (!query.exec())
        return sqlError(u"Cannot read the decisions on #%1"_s.arg(number), query.lastError());
    QList<ReviewDecision> decisions;
    while (query.next())
        decisions.append(decisionFromQuery(query));
    return decisions;
}

QJsonObject ReviewDecisionStore::planToJson(const TriagePlan &plan)
{
    QJsonObject json = TriagePlanWriter::toJson(plan);
    json.insert(u"profile"_s, plan.profile);
    json.insert(u"remove_labels"_s, QJsonArray::fromStringList(plan.removeLabels));
    // The writer keeps the confidence of added labels only; candidates a reviewer may still check matter too.
    QJsonObject all;
    for (auto it = plan.labelConfidence.cbegin(); it != plan.labelConfidence.cend(); ++it)
        all.insert(it.key(), confidenceName(it.value()));
    json.insert(u"label_confidence"_s, all);
    return json;
}

TriagePlan ReviewDecisionStore::planFromJson(const QJsonObject &json)
{
    const auto strings = [&json](const QString &key) {
        QStringList list;
        for (const QJsonValue &value : json.value(key).toArray())
            list.append(value.toString());
        return list;
    };
    TriagePlan plan;
    plan.issueNumber = json.value(u"number"_s).toInt();
    plan.profile = json.value(u"profile"_s).toString();
    plan.decision = TriageDecision::fromName(json.value(u"decision"_s).toString());
    plan.subOncall = json.value(u"sub_oncall"_s).toString();
    plan.addLabels = strings(u"add_labels"_s);
    plan.removeLabels = strings(u"remove_labels"_s);
    const QJsonObject confidences = json.value(u"label_confidence"_s).toObject();
    for (auto it = confidences.constBegin(); it != confidences.constEnd(); ++it)
        plan.labelConfidence.insert(it.key(), confidenceFromName(it.value().toString()));
    plan.confidence = confidenceFromName(json.value(u"confidence"_s).toString());
    plan.templateKey = json.value(u"template"_s).toString();
    plan.comment = json.value(u"comment"_s).toString();
    plan.close = json.value(u"close"_s).toBool();
    plan.stateReason = json.value(u"state_reason"_s).toString();
    for (const QJsonValue &value : json.value(u"evidence"_s).toArray()) {
        const QJsonObject e = value.toObject();
        plan.evidence.append(Evidence{e.value(u"label"_s).toString(), e.value(u"rule"_s).toString(),
                                      e.value(u"where"_s).toString(), e.value(u"start"_s).toInt(-1),
                                      e.value(u"length"_s).toInt(), e.value(u"text"_s).toString()});
    }
    for (const QJsonValue &value : json.value(u"violations"_s).toArray()) {
        const QJsonObject v = value.toObject();
        plan.violations.append(
            Violation{v.value(u"rule"_s).toString(), v.value(u"label"_s).toString(), v.value(u"message"_s).toString()});
    }
    return plan;
}

QString ReviewDecisionStore::planHash(const TriagePlan &plan)
{
    QStringList labels = plan.addLabels;
    labels.sort();
    QJsonObject what{{u"number"_s, plan.issueNumber},
                     {u"add"_s, QJsonArray::fromStringList(labels)},
                     {u"sub_oncall"_s, plan.subOncall},
                     {u"comment"_s, plan.comment}};
    // Only when closing, so that the hashes of plans that never close stay what they were.
    if (plan.close)
        what.insert(u"close"_s, plan.stateReason.isEmpty() ? u"completed"_s : plan.stateReason);
    return QString::fromLatin1(
        QCryptographicHash::hash(QJsonDocument(what).toJson(QJsonDocument::Compact), QCryptographicHash::Sha256)
            .toHex());
}
