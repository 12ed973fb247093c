// SPDX-License-Identifier: MIT
#include "engine/outbox/outboxstore.h"

#include "engine/store/issuestore.h"
#include "engine/store/sqltransaction.h"
#include "engine/store/storesql.h"
#include "engine/triage/guardrails.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

using namespace Qt::StringLiterals;
using StoreSql::fromIso;
using StoreSql::isoTime;
using StoreSql::sqlError;

Q_LOGGING_CATEGORY(lcOutbox, "triage.outbox", QtInfoMsg)

namespace {

const QString Columns = u"id, repo, number, decision_id, plan_hash, plan, labels_add, comment, close_reason,"
                        " seen_updated_at, seen_etag, seen_labels, seen_state, seen_comment_count, reviewer,"
                        " selected, status, outcome, change, violations, comment_id, attempts, created_at,"
                        " updated_at"_s;

QString compact(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

QString compact(const QJsonArray &array)
{
    return QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Compact));
}

QStringList stringList(const QVariant &value)
{
    QStringList list;
    for (const QJsonValue &item : QJsonDocument::fromJson(value.toString().toUtf8()).array())
        list.append(item.toString());
    return list;
}

QJsonArray violationsToJson(const QList<Violation> &violations)
{
    QJsonArray array;
    for (const Violation &v : violations)
        array.append(QJsonObject{{u"rule"_s, v.rule}, {u"label"_s, v.label}, {u"message"_s, v.message}});
    return array;
}

QList<Violation> violationsFromJson(const QJsonArray &array)
{
    QList<Violation> violations;
    for (const QJsonValue &value : array) {
        const QJsonObject v = value.toObject();
        violations.append(
            Violation{v.value(u"rule"_s).toString(), v.value(u"label"_s).toString(), v.value(u"message"_s).toString()});
    }
    return violations;
}

QJsonObject changeToJson(const OutboxChange &change)
{
    return {{u"labels_added"_s, QJsonArray::fromStringList(change.labelsAdded)},
            {u"labels_removed"_s, QJsonArray::fromStringList(change.labelsRemoved)},
            {u"new_comments"_s, change.newComments},
            {u"new_comment_authors"_s, QJsonArray::fromStringList(change.newCommentAuthors)},
            {u"state_before"_s, issueStateName(change.stateBefore)},
            {u"state_now"_s, issueStateName(change.stateNow)}};
}

OutboxChange changeFromJson(const QJsonObject &json)
{
    const auto strings = [&json](const QString &key) {
        QStringList list;
        for (const QJsonValue &value : json.value(key).toArray())
            list.append(value.toString());
        return list;
    };
    OutboxChange change;
    change.labelsAdded = strings(u"labels_added"_s);
    change.labelsRemoved = strings(u"labels_removed"_s);
    change.newComments = json.value(u"new_comments"_s).toInt();
    change.newCommentAuthors = strings(u"new_comment_authors"_s);
    change.stateBefore = optionalIssueStateFromName(json.value(u"state_before"_s).toString());
    change.stateNow = optionalIssueStateFromName(json.value(u"state_now"_s).toString());
    return change;
}

OutboxEntry entryFromQuery(const QSqlQuery &query)
{
    OutboxEntry entry;
    entry.id = query.value(0).toLongLong();
    entry.repository = query.value(1).toString();
    entry.number = query.value(2).toInt();
    entry.decisionId = query.value(3).toLongLong();
    entry.planHash = query.value(4).toString();
    const TriagePlan plan =
        ReviewDecisionStore::planFromJson(QJsonDocument::fromJson(query.value(5).toString().toUtf8()).object());
    entry.profile = plan.profile;
    entry.decision = plan.decision;
    entry.subOncall = plan.subOncall;
    entry.confidence = plan.confidence;
    entry.templateKey = plan.templateKey;
    entry.removeLabels = plan.removeLabels;
    // Kept beside the plan, in its JSON: older stores simply lack it.
    entry.refreshTriaged =
        QJsonDocument::fromJson(query.value(5).toString().toUtf8()).object().value(u"refresh_triaged"_s).toBool();
    entry.addLabels = stringList(query.value(6));
    entry.comment = query.value(7).toString();
    entry.stateReason = query.value(8).toString();
    entry.close = !entry.stateReason.isEmpty();
    entry.seenUpdatedAt = fromIso(query.value(9));
    entry.seenEtag = query.value(10).toByteArray();
    entry.seenLabels = stringList(query.value(11));
    entry.seenState = optionalIssueStateFromName(query.value(12).toString()); // NULL in older stores
    entry.seenCommentCount = query.value(13).toInt();
    entry.reviewer = query.value(14).toString();
    entry.selected = query.value(15).toInt() != 0;
    entry.status = outboxStatusFromName(query.value(16).toString());
    entry.outcome = query.value(17).toString();
    entry.change = changeFromJson(QJsonDocument::fromJson(query.value(18).toString().toUtf8()).object());
    entry.violations = violationsFromJson(QJsonDocument::fromJson(query.value(19).toString().toUtf8()).array());
    entry.commentId = query.value(20).toLongLong();
    entry.attempts = query.value(21).toInt();
    entry.createdAt = fromIso(query.value(22));
    entry.updatedAt = fromIso(query.value(23));
    return entry;
}

// The entry's identity (and comment marker). A scrub's removals, refresh and decision are part of what it
// writes, but not of ReviewDecisionStore::planHash; a refresh is also tied to the issue as seen, so that a
// later scrub may refresh the same issue again.
QString entryHash(const TriagePlan &plan, bool refreshTriaged, const QDateTime &seenUpdatedAt)
{
    QString base = ReviewDecisionStore::planHash(plan);
    if (!plan.decision.isScrub())
        return base;
    QStringList removals = plan.removeLabels;
    removals.sort(Qt::CaseInsensitive);
    const QJsonObject what{{u"plan"_s, base},
                           {u"decision"_s, plan.decision.name()},
                           {u"remove"_s, QJsonArray::fromStringList(removals)},
                           {u"refresh"_s, refreshTriaged},
                           {u"seen"_s, refreshTriaged ? isoTime(seenUpdatedAt) : QString()}};
    return QString::fromLatin1(
        QCryptographicHash::hash(QJsonDocument(what).toJson(QJsonDocument::Compact), QCryptographicHash::Sha256)
            .toHex());
}

QString excerpt(const QString &text, int length = 300)
{
    const QString simple = text.simplified();
    return simple.size() <= length ? simple : QString(simple.left(length - 1) + u'…');
}

} // namespace

OutboxStore::OutboxStore(StoreConnection connection)
    : m_connection(std::move(connection))
{}

Result<std::unique_ptr<OutboxStore>> OutboxStore::open(const QString &path)
{
    // The outbox's own settings.
    const StoreConnection::OwnTables settings{{u"CREATE TABLE IF NOT EXISTS outbox_settings (repo TEXT PRIMARY KEY,"
                                               " keep_subscriptions INTEGER NOT NULL DEFAULT 1)"_s},
                                              QObject::tr("Cannot open the outbox in %1")};
    return StoreConnection::openStore(
        path, u"outbox"_s, QObject::tr("Cannot open the outbox in %1"),
        [](StoreConnection connection) { return std::unique_ptr<OutboxStore>(new OutboxStore(std::move(connection))); },
        settings);
}

Result<RubricPack> OutboxStore::packFor(const QString &profile)
{
    return RubricPack::builtin(profile.isEmpty() ? u"distributed"_s : profile);
}

TriagePlan OutboxStore::planOf(const OutboxEntry &entry)
{
    TriagePlan plan;
    plan.issueNumber = entry.number;
    plan.profile = entry.profile;
    plan.decision = entry.decision;
    plan.subOncall = entry.subOncall;
    plan.addLabels = entry.addLabels;
    plan.removeLabels = entry.removeLabels;
    plan.confidence = entry.confidence;
    plan.templateKey = entry.templateKey;
    plan.comment = entry.comment;
    return plan;
}

QList<Violation> OutboxStore::check(const OutboxEntry &entry, const Issue &issue, const RubricPack &pack)
{
    // Our own marker comment (a resumed batch) is not a template someone else posted.
    Issue others = issue;
    const QString marker = entry.marker();
    others.comments.removeIf([&marker](const Comment &comment) { return comment.body.contains(marker); });
    TriagePlan plan = planOf(entry);
    // The refresh removes `triaged` for a moment: the guardrails judge it as a removal.
    if (entry.refreshTriaged && !plan.removeLabels.contains(QLatin1StringView(Guardrails::TriagedLabel)))
        plan.removeLabels.append(QString::fromLatin1(Guardrails::TriagedLabel));
    return Guardrails::check(plan, others, pack);
}

Result<OutboxEntry> OutboxStore::enqueue(const ReviewDecision &decision, const Issue &seen, const RubricPack &pack,
                                         const OutboxClose &close, bool refreshTriaged)
{
    const TriagePlan &plan = decision.plan;
    OutboxEntry entry;
    entry.repository = decision.repository;
    entry.number = decision.number > 0 ? decision.number : plan.issueNumber;
    entry.decisionId = decision.id;
    entry.seenUpdatedAt = decision.issueUpdatedAt.isValid() ? decision.issueUpdatedAt : seen.updatedAt;
    entry.refreshTriaged = refreshTriaged;
    entry.planHash = entryHash(plan, refreshTriaged, entry.seenUpdatedAt);
    entry.profile = plan.profile.isEmpty() ? pack.profile : plan.profile;
    entry.decision = plan.decision;
    entry.subOncall = plan.subOncall;
    entry.confidence = plan.confidence;
    entry.addLabels = plan.addLabels;
    entry.removeLabels = plan.removeLabels;
    entry.comment = plan.comment;
    entry.templateKey = plan.templateKey;
    entry.close = close.close;
    entry.stateReason = close.close ? (close.stateReason.isEmpty() ? u"completed"_s : close.stateReason) : QString();
    entry.seenLabels = seen.labels;
    entry.seenState = seen.state;
    entry.seenCommentCount = int(std::max<qsizetype>(seen.commentCount, seen.comments.size()));
    entry.reviewer = decision.reviewer;
    if (entry.repository.isEmpty() || entry.number <= 0)
        return Error{QObject::tr("an outbox entry needs a repository and an issue number")};
    if (seen.number != entry.number)
        return Error{QObject::tr("the issue seen (#%1) is not the one the plan is for (#%2)")
                         .arg(seen.number)
                         .arg(entry.number)};
    if (close.close && close.stateReason != u"completed"_s && close.stateReason != u"not_planned"_s &&
        close.stateReason != u"duplicate"_s)
        return Error{QObject::tr("a close needs the state reason completed, not_planned or duplicate, not \"%1\"")
                         .arg(close.stateReason)};
    entry.violations = check(entry, seen, pack);
    entry.status = entry.violations.isEmpty() ? OutboxStatus::Ready : OutboxStatus::Blocked;
    QStringList why;
    for (const Violation &v : std::as_const(entry.violations))
        why.append(v.message);
    entry.outcome = why.join(u"; "_s);

    QSqlDatabase db = m_connection.database();
    SqlTransaction transaction(db);
    if (!transaction.isOpen())
        return sqlError(QObject::tr("Cannot write the outbox"), db.lastError());
    const QString now = isoTime(QDateTime::currentDateTimeUtc());
    const QString failed = QObject::tr("Cannot put #%1 in the outbox").arg(entry.number);

    QSqlQuery query(db);
    query.prepare(u"SELECT id, status FROM outbox WHERE plan_hash = ?"_s);
    query.addBindValue(entry.planHash);
    if (!query.exec())
        return sqlError(failed, query.lastError());
    qint64 id = 0;
    if (query.next()) {
        id = query.value(0).toLongLong();
        const OutboxStatus status = outboxStatusFromName(query.value(1).toString());
        query.finish();
        // Written, or being written: this approval is that entry.
        if (status == OutboxStatus::Applied || status == OutboxStatus::AlreadyApplied ||
            status == OutboxStatus::Submitting) {
            transaction.commit();
            return this->entry(id);
        }
    }
    query.finish();

    // A newer approval replaces what the reviewer approved before on this issue and was not submitted.
    QSqlQuery older(db);
    older.prepare(u"SELECT id FROM outbox WHERE repo = ? AND number = ? AND id != ? AND status IN"
                  " ('ready', 'blocked', 'conflict', 'failed')"_s);
    older.addBindValue(entry.repository);
    older.addBindValue(entry.number);
    older.addBindValue(id);
    if (!older.exec())
        return sqlError(failed, older.lastError());
    QList<qint64> replaced;
    while (older.next())
        replaced.append(older.value(0).toLongLong());
    older.finish();
    for (qint64 old : std::as_const(replaced)) {
        QSqlQuery drop(db);
        drop.prepare(u"DELETE FROM journal WHERE outbox_id = ?"_s);
        drop.addBindValue(old);
        if (!drop.exec())
            return sqlError(failed, drop.lastError());
        drop.prepare(u"DELETE FROM outbox WHERE id = ?"_s);
        drop.addBindValue(old);
        if (!drop.exec())
            return sqlError(failed, drop.lastError());
    }

    TriagePlan stored = planOf(entry);
    stored.labelConfidence = plan.labelConfidence;
    stored.evidence = plan.evidence;
    QJsonObject planObject = ReviewDecisionStore::planToJson(stored);
    if (entry.refreshTriaged)
        planObject.insert(u"refresh_triaged"_s, true);
    const QString planJson = compact(planObject);
    QSqlQuery write(db);
    if (id == 0) {
        write.prepare(
            u"INSERT INTO outbox (repo, number, decision_id, plan_hash, plan, labels_add, comment, close_reason,"
            " seen_updated_at, seen_etag, seen_labels, seen_state, seen_comment_count, reviewer, selected, status,"
            " outcome, violations, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?,"
            " ?, ?, ?)"_s);
        write.addBindValue(entry.repository);
        write.addBindValue(entry.number);
    } else {
        write.prepare(u"UPDATE outbox SET decision_id = ?, plan_hash = ?, plan = ?, labels_add = ?, comment = ?,"
                      " close_reason = ?, seen_updated_at = ?, seen_etag = ?, seen_labels = ?, seen_state = ?,"
                      " seen_comment_count = ?, reviewer = ?, selected = 1, status = ?, outcome = ?, violations = ?,"
                      " change = NULL, read_etag = NULL, read_snapshot = NULL, updated_at = ? WHERE id = ?"_s);
    }
    write.addBindValue(entry.decisionId);
    write.addBindValue(entry.planHash);
    write.addBindValue(planJson);
    write.addBindValue(compact(QJsonArray::fromStringList(entry.addLabels)));
    write.addBindValue(entry.comment);
    write.addBindValue(entry.stateReason.isEmpty() ? QVariant(QMetaType(QMetaType::QString)) : entry.stateReason);
    write.addBindValue(isoTime(entry.seenUpdatedAt));
    write.addBindValue(entry.seenEtag);
    write.addBindValue(compact(QJsonArray::fromStringList(entry.seenLabels)));
    write.addBindValue(issueStateName(entry.seenState));
    write.addBindValue(entry.seenCommentCount);
    write.addBindValue(entry.reviewer);
    write.addBindValue(outboxStatusName(entry.status));
    write.addBindValue(entry.outcome);
    write.addBindValue(compact(violationsToJson(entry.violations)));
    write.addBindValue(now);
    write.addBindValue(id == 0 ? QVariant(now) : QVariant(id));
    if (!write.exec())
        return sqlError(failed, write.lastError());
    if (id == 0)
        id = write.lastInsertId().toLongLong();
    if (!transaction.commit())
        return sqlError(failed, db.lastError());
    qCDebug(lcOutbox) << "queued" << entry.repository << entry.number << outboxStatusName(entry.status);
    return this->entry(id);
}

Result<bool> OutboxStore::remove(qint64 id)
{
    QSqlDatabase db = m_connection.database();
    SqlTransaction transaction(db);
    QSqlQuery query(db);
    query.prepare(u"DELETE FROM outbox WHERE id = ? AND status IN ('ready', 'blocked', 'conflict', 'failed')"_s);
    query.addBindValue(id);
    if (!query.exec())
        return sqlError(QObject::tr("Cannot remove outbox entry %1").arg(id), query.lastError());
    const bool removed = query.numRowsAffected() > 0;
    if (removed) {
        QSqlQuery journal(db);
        journal.prepare(u"DELETE FROM journal WHERE outbox_id = ?"_s);
        journal.addBindValue(id);
        if (!journal.exec())
            return sqlError(QObject::tr("Cannot remove outbox entry %1").arg(id), journal.lastError());
    }
    if (!transaction.commit())
        return sqlError(QObject::tr("Cannot remove outbox entry %1").arg(id), db.lastError());
    return removed;
}

Result<bool> OutboxStore::removeForDecision(qint64 decisionId)
{
    QSqlQuery query(m_connection.database());
    query.prepare(u"SELECT id FROM outbox WHERE decision_id = ?"_s);
    query.addBindValue(decisionId);
    if (!query.exec())
        return sqlError(QObject::tr("Cannot read the outbox"), query.lastError());
    QList<qint64> ids;
    while (query.next())
        ids.append(query.value(0).toLongLong());
    bool any = false;
    for (qint64 id : std::as_const(ids)) {
        const Result<bool> removed = remove(id);
        if (!removed)
            return removed;
        any = any || removed.value();
    }
    return any;
}

Result<OutboxEntry> OutboxStore::entry(qint64 id) const
{
    QSqlQuery query(m_connection.database());
    query.prepare(u"SELECT "_s + Columns + u" FROM outbox WHERE id = ?"_s);
    query.addBindValue(id);
    if (!query.exec())
        return sqlError(QObject::tr("Cannot read outbox entry %1").arg(id), query.lastError());
    if (!query.next())
        return Error{QObject::tr("outbox entry %1 does not exist").arg(id)};
    return entryFromQuery(query);
}

namespace {

Result<QList<OutboxEntry>> select(const QString &connection, const QString &where, const QVariantList &values)
{
    QSqlQuery query(QSqlDatabase::database(connection, false));
    query.setForwardOnly(true);
    query.prepare(u"SELECT "_s + Columns + u" FROM outbox"_s + where + u" ORDER BY id"_s);
    for (const QVariant &value : values)
        query.addBindValue(value);
    if (!query.exec())
        return sqlError(QObject::tr("Cannot read the outbox"), query.lastError());
    QList<OutboxEntry> entries;
    while (query.next())
        entries.append(entryFromQuery(query));
    return entries;
}

} // namespace

Result<QList<OutboxEntry>> OutboxStore::entries() const
{
    return select(m_connection.name(), {}, {});
}

Result<QList<OutboxEntry>> OutboxStore::entries(OutboxStatus status) const
{
    return select(m_connection.name(), u" WHERE status = ?"_s, {outboxStatusName(status)});
}

Result<QList<OutboxEntry>> OutboxStore::entries(const QString &repository) const
{
    return select(m_connection.name(), u" WHERE repo = ?"_s, {repository});
}

Result<QHash<OutboxStatus, int>> OutboxStore::counts() const
{
    QSqlQuery query(m_connection.database());
    if (!query.exec(u"SELECT status, count(*) FROM outbox GROUP BY status"_s))
        return sqlError(QObject::tr("Cannot read the outbox"), query.lastError());
    QHash<OutboxStatus, int> counts;
    while (query.next())
        counts[outboxStatusFromName(query.value(0).toString())] += query.value(1).toInt();
    return counts;
}

Result<QList<qint64>> OutboxStore::submittable() const
{
    QSqlQuery query(m_connection.database());
    if (!query.exec(u"SELECT id FROM outbox WHERE (status = 'ready' AND selected != 0) OR status = 'submitting'"
                    " ORDER BY id"_s))
        return sqlError(QObject::tr("Cannot read the outbox"), query.lastError());
    QList<qint64> ids;
    while (query.next())
        ids.append(query.value(0).toLongLong());
    return ids;
}

Result<bool> OutboxStore::setSelected(qint64 id, bool selected)
{
    QSqlQuery query(m_connection.database());
    query.prepare(u"UPDATE outbox SET selected = ? WHERE id = ?"_s);
    query.addBindValue(selected ? 1 : 0);
    query.addBindValue(id);
    if (!query.exec())
        return sqlError(QObject::tr("Cannot change outbox entry %1").arg(id), query.lastError());
    return query.numRowsAffected() > 0;
}

Result<bool> OutboxStore::setStatus(qint64 id, OutboxStatus status, const QString &outcome)
{
    QSqlQuery query(m_connection.database());
    query.prepare(u"UPDATE outbox SET status = ?, outcome = ?, updated_at = ? WHERE id = ?"_s);
    query.addBindValue(outboxStatusName(status));
    query.addBindValue(outcome);
    query.addBindValue(isoTime(QDateTime::currentDateTimeUtc()));
    query.addBindValue(id);
    if (!query.exec())
        return sqlError(QObject::tr("Cannot change outbox entry %1").arg(id), query.lastError());
    return query.numRowsAffected() > 0;
}

Result<bool> OutboxStore::update(const OutboxEntry &entry)
{
    QSqlQuery query(m_connection.database());
    query.prepare(u"UPDATE outbox SET status = ?, outcome = ?, change = ?, violations = ?, comment_id = ?,"
                  " attempts = ?, selected = ?, updated_at = ? WHERE id = ?"_s);
    query.addBindValue(outboxStatusName(entry.status));
    query.addBindValue(entry.outcome);
    query.addBindValue(entry.change.isEmpty() ? QString() : compact(changeToJson(entry.change)));
    query.addBindValue(compact(violationsToJson(entry.violations)));
    query.addBindValue(entry.commentId);
    query.addBindValue(entry.attempts);
    query.addBindValue(entry.selected ? 1 : 0);
    query.addBindValue(isoTime(QDateTime::currentDateTimeUtc()));
    query.addBindValue(entry.id);
    if (!query.exec())
        return sqlError(QObject::tr("Cannot change outbox entry %1").arg(entry.id), query.lastError());
    return query.numRowsAffected() > 0;
}

Result<bool> OutboxStore::saveRead(qint64 id, const QByteArray &etag, const QByteArray &snapshot)
{
    QSqlQuery query(m_connection.database());
    query.prepare(u"UPDATE outbox SET read_etag = ?, read_snapshot = ? WHERE id = ?"_s);
    query.addBindValue(etag);
    query.addBindValue(QString::fromUtf8(snapshot));
    query.addBindValue(id);
    if (!query.exec())
        return sqlError(QObject::tr("Cannot change outbox entry %1").arg(id), query.lastError());
    return query.numRowsAffected() > 0;
}

QPair<QByteArray, QByteArray> OutboxStore::lastRead(qint64 id) const
{
    QSqlQuery query(m_connection.database());
    query.prepare(u"SELECT read_etag, read_snapshot FROM outbox WHERE id = ?"_s);
    query.addBindValue(id);
    if (!query.exec() || !query.next())
        return {};
    return {query.value(0).toByteArray(), query.value(1).toString().toUtf8()};
}

namespace {

Result<qint64> writeJournal(const QSqlDatabase &db, qint64 outboxId, JournalStep step, const QString &phase,
                            const QString &detail)
{
    QSqlQuery query(db);
    query.prepare(u"INSERT INTO journal (outbox_id, step, phase, detail, at) VALUES (?, ?, ?, ?, ?)"_s);
    query.addBindValue(outboxId);
    query.addBindValue(EnumNames::name(journalStepNames, step));
    query.addBindValue(phase);
    query.addBindValue(detail);
    query.addBindValue(isoTime(QDateTime::currentDateTimeUtc()));
    if (!query.exec())
        return sqlError(QObject::tr("Cannot write the journal of outbox entry %1").arg(outboxId), query.lastError());
    return query.lastInsertId().toLongLong();
}

Error journalError(qint64 outboxId, const QString &why)
{
    return Error{QObject::tr("Cannot read the journal of outbox entry %1: %2").arg(outboxId).arg(why)};
}

} // namespace

Result<qint64> OutboxStore::journal(qint64 outboxId, JournalStep step, JournalPhase phase, const QString &detail)
{
    return writeJournal(m_connection.database(), outboxId, step, EnumNames::name(journalPhaseNames, phase), detail);
}

Result<QList<OutboxJournalRecord>> OutboxStore::journalOf(qint64 outboxId) const
{
    QSqlQuery query(m_connection.database());
    query.setForwardOnly(true);
    query.prepare(u"SELECT id, outbox_id, step, phase, detail, at FROM journal WHERE outbox_id = ? ORDER BY id"_s);
    query.addBindValue(outboxId);
    if (!query.exec())
        return sqlError(QObject::tr("Cannot read the journal"), query.lastError());
    QList<OutboxJournalRecord> records;
    while (query.next()) {
        OutboxJournalRecord record;
        record.id = query.value(0).toLongLong();
        record.outboxId = query.value(1).toLongLong();
        const Result<JournalStep> step =
            EnumNames::parse(journalStepNames, query.value(2).toString(), QObject::tr("journal step"));
        if (!step)
            return journalError(outboxId, step.error());
        record.step = step.value();
        const QString phase = query.value(3).toString();
        if (record.step == JournalStep::Submitted) {
            // The end of an attempt keeps the status the entry ended with in its phase.
            const Result<OutboxStatus> status =
                EnumNames::parse(outboxStatusNames, phase, QObject::tr("outbox status"));
            if (!status)
                return journalError(outboxId, status.error());
            record.phase = JournalPhase::Done;
            record.submittedAs = status.value();
        } else {
            const Result<JournalPhase> known = EnumNames::parse(journalPhaseNames, phase, QObject::tr("journal phase"));
            if (!known)
                return journalError(outboxId, known.error());
            record.phase = known.value();
        }
        record.detail = query.value(4).toString();
        record.at = fromIso(query.value(5));
        records.append(record);
    }
    return records;
}

bool OutboxStore::hasBegunWrites(qint64 outboxId) const
{
    // The steps that write to the issue, by their names in the table.
    static const QString writeSteps = [] {
        QStringList names;
        for (const JournalStep step : {JournalStep::Comment, JournalStep::Unlabel, JournalStep::Refresh,
                                       JournalStep::Relabel, JournalStep::Labels, JournalStep::Close})
            names.append(u"'"_s + EnumNames::name(journalStepNames, step) + u"'"_s);
        return names.join(u", "_s);
    }();
    QSqlQuery query(m_connection.database());
    query.prepare(
        u"SELECT 1 FROM journal WHERE outbox_id = ? AND phase = ? AND step IN (%1) LIMIT 1"_s.arg(writeSteps));
    query.addBindValue(outboxId);
    query.addBindValue(EnumNames::name(journalPhaseNames, JournalPhase::Begin));
    return query.exec() && query.next();
}

Result<bool> OutboxStore::setKeepSubscriptions(const QString &repository, bool keep)
{
    QSqlQuery query(m_connection.database());
    query.prepare(u"INSERT INTO outbox_settings (repo, keep_subscriptions) VALUES (?, ?)"
                  " ON CONFLICT (repo) DO UPDATE SET keep_subscriptions = excluded.keep_subscriptions"_s);
    query.addBindValue(repository);
    query.addBindValue(keep ? 1 : 0);
    if (!query.exec())
        return sqlError(QObject::tr("Cannot store the outbox settings of %1").arg(repository), query.lastError());
    return true;
}

bool OutboxStore::keepSubscriptions(const QString &repository) const
{
    QSqlQuery query(m_connection.database());
    query.prepare(u"SELECT keep_subscriptions FROM outbox_settings WHERE repo = ?"_s);
    query.addBindValue(repository);
    if (!query.exec() || !query.next())
        return true;
    return query.value(0).toInt() != 0;
}

Result<qint64> OutboxStore::appendAudit(const OutboxAuditRecord &record)
{
    QSqlQuery query(m_connection.database());
    query.prepare(u"INSERT INTO audit_log (at, login, repo, number, action, request, response_status, response)"
                  " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"_s);
    query.addBindValue(isoTime(record.at.isValid() ? record.at : QDateTime::currentDateTimeUtc()));
    query.addBindValue(record.login);
    query.addBindValue(record.repository);
    query.addBindValue(record.number);
    query.addBindValue(record.action);
    query.addBindValue(record.request);
    query.addBindValue(record.status);
    query.addBindValue(record.response);
    if (!query.exec())
        return sqlError(QObject::tr("Cannot write the audit log"), query.lastError());
    return query.lastInsertId().toLongLong();
}

Result<QList<OutboxAuditRecord>> OutboxStore::auditLog() const
{
    QSqlQuery query(m_connection.database());
    query.setForwardOnly(true);
    if (!query.exec(u"SELECT id, at, login, repo, number, action, request, response_status, response FROM audit_log"
                    " ORDER BY id"_s))
        return sqlError(QObject::tr("Cannot read the audit log"), query.lastError());
    QList<OutboxAuditRecord> records;
    while (query.next()) {
        OutboxAuditRecord record;
        record.id = query.value(0).toLongLong();
        record.at = fromIso(query.value(1));
        record.login = query.value(2).toString();
        record.repository = query.value(3).toString();
        record.number = query.value(4).toInt();
        record.action = query.value(5).toString();
        record.request = query.value(6).toString();
        record.status = query.value(7).toInt();
        record.response = query.value(8).toString();
        records.append(std::move(record));
    }
    return records;
}

QByteArray OutboxStore::auditToJsonLines(const QList<OutboxAuditRecord> &records)
{
    QByteArray out;
    for (const OutboxAuditRecord &record : records) {
        const QJsonObject line{
            {u"id"_s, record.id},           {u"at"_s, isoTime(record.at)}, {u"login"_s, record.login},
            {u"repo"_s, record.repository}, {u"number"_s, record.number},  {u"action"_s, record.action},
            {u"request"_s, record.request}, {u"status"_s, record.status},  {u"response"_s, record.response}};
        out += QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n';
    }
    return out;
}

QString OutboxStore::auditToMarkdown(const QList<OutboxAuditRecord> &records)
{
    // Pipes and line breaks would end a table cell early.
    const auto cell = [](const QString &text) { return excerpt(text, 160).replace(u'|', u"\\|"_s); };
    QString out = QObject::tr("## Audit log\n\n");
    if (records.isEmpty())
        return out + QObject::tr("No writes yet.\n");
    out += QObject::tr("| when (UTC) | who | issue | action | HTTP | request | GitHub's answer |\n");
    out += u"| --- | --- | --- | --- | --- | --- | --- |\n"_s;
    for (const OutboxAuditRecord &record : records) {
        out += u"| %1 | %2 | %3#%4 | %5 | %6 | %7 | %8 |\n"_s
                   .arg(record.at.toUTC().toString(u"yyyy-MM-dd HH:mm:ss"_s), cell(record.login), record.repository)
                   .arg(record.number)
                   .arg(record.action, record.status == 0 ? QObject::tr("no answer") : QString::number(record.status),
                        cell(record.request), cell(record.response));
    }
    return out;
}

Result<qint64> OutboxStore::recordSubmitted(const OutboxEntry &entry)
{
    TriagePlan plan = planOf(entry);
    QSqlQuery query(m_connection.database());
    query.prepare(u"INSERT INTO decisions (repo, number, plan_hash, plan, decision, reviewer, note, issue_updated_at,"
                  " decided_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"_s);
    query.addBindValue(entry.repository);
    query.addBindValue(entry.number);
    query.addBindValue(entry.planHash);
    query.addBindValue(compact(ReviewDecisionStore::planToJson(plan)));
    query.addBindValue(reviewStateName(ReviewState::Submitted));
    query.addBindValue(entry.reviewer);
    query.addBindValue(entry.outcome);
    query.addBindValue(isoTime(entry.seenUpdatedAt));
    query.addBindValue(isoTime(QDateTime::currentDateTimeUtc()));
    if (!query.exec())
        return sqlError(QObject::tr("Cannot record #%1 as submitted").arg(entry.number), query.lastError());
    return query.lastInsertId().toLongLong();
}

Result<bool> OutboxStore::complete(const OutboxEntry &entry)
{
    QSqlDatabase db = m_connection.database();
    SqlTransaction transaction(db);
    if (!transaction.isOpen())
        return sqlError(QObject::tr("Cannot change outbox entry %1").arg(entry.id), db.lastError());
    Result<bool> updated = update(entry);
    if (!updated)
        return updated;
    if (entry.status == OutboxStatus::Applied || entry.status == OutboxStatus::AlreadyApplied) {
        const Result<qint64> recorded = recordSubmitted(entry);
        if (!recorded)
            return recorded.failure();
    }
    const Result<qint64> journalled = writeJournal(m_connection.database(), entry.id, JournalStep::Submitted,
                                                   outboxStatusName(entry.status), entry.outcome);
    if (!journalled)
        return journalled.failure();
    if (!transaction.commit())
        return sqlError(QObject::tr("Cannot change outbox entry %1").arg(entry.id), db.lastError());
    return true;
}
