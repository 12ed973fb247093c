// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/core/result.h"
#include "engine/outbox/outboxentry.h"
#include "engine/review/reviewdecisionstore.h"
#include "engine/store/storeconnection.h"
#include "engine/triage/rubricpack.h"

#include <QHash>
#include <QList>
#include <QLoggingCategory>
#include <QString>

#include <memory>

Q_DECLARE_LOGGING_CATEGORY(lcOutbox)

// Asks to close the issue along with the plan's other edits (the plan's own fields do not say it).
struct OutboxClose
{
    bool close = false;
    QString stateReason = QStringLiteral("completed"); // or "not_planned"
};

// The outbox in the store's `outbox`, `journal` and `audit_log` tables, through a connection of its own
// (one instance per thread). Durable: every call writes at once, so a crash loses nothing.
class OutboxStore final
{
public:
    OutboxStore(const OutboxStore &) = delete;
    OutboxStore &operator=(const OutboxStore &) = delete;

    // Opens the store file through IssueStore first, so the schema exists and is current.
    static Result<std::unique_ptr<OutboxStore>> open(const QString &path);
    QString path() const { return m_connection.path(); }

    // Puts an approved decision in the outbox with the issue as the reviewer saw it. The guardrails run
    // now: a violating entry is stored as Blocked, its violations saying why. The same plan hash again is
    // the same entry (a Blocked, Conflict or Failed one is checked again against `seen` and made Ready;
    // a Ready one takes the newer view; an applied one is returned as it is). A newer approval of the same
    // issue replaces its older entries that were not submitted yet (Ready, Blocked, Conflict, Failed).
    // `refreshTriaged`: remove `triaged` and add it again, so that nothing visible changes but the bots see a
    // fresh triage (a scrub report's refresh).
    Result<OutboxEntry> enqueue(const ReviewDecision &decision, const Issue &seen, const RubricPack &pack,
                                const OutboxClose &close = {}, bool refreshTriaged = false);
    // Undoes an approval before submission: removes the entry unless a batch has begun writing it or it
    // was written (false then, and nothing changes).
    Result<bool> remove(qint64 id);
    // The same for the entry made from a review decision (undo in the review flow).
    Result<bool> removeForDecision(qint64 decisionId);

    Result<OutboxEntry> entry(qint64 id) const;
    // Oldest first.
    Result<QList<OutboxEntry>> entries() const;
    Result<QList<OutboxEntry>> entries(OutboxStatus status) const;
    Result<QList<OutboxEntry>> entries(const QString &repository) const;
    Result<QHash<OutboxStatus, int>> counts() const;
    // What Submit takes: the selected Ready entries, and every Submitting one (an interrupted batch).
    Result<QList<qint64>> submittable() const;

    Result<bool> setSelected(qint64 id, bool selected);
    Result<bool> setStatus(qint64 id, OutboxStatus status, const QString &outcome = {});
    // Writes the entry's state back: status, outcome, change, violations, comment id, attempts, read state.
    Result<bool> update(const OutboxEntry &entry);

    // The last read of the issue while submitting (ETag and what it showed), for conditional re-reads.
    Result<bool> saveRead(qint64 id, const QByteArray &etag, const QByteArray &snapshot);
    QPair<QByteArray, QByteArray> lastRead(qint64 id) const;

    // Journal: one row per phase of a step; each row is written whole or not at all.
    Result<qint64> journal(qint64 outboxId, JournalStep step, JournalPhase phase, const QString &detail = {});
    Result<QList<OutboxJournalRecord>> journalOf(qint64 outboxId) const;
    // Whether any write step of the entry ever began (then its outcome is Applied, not AlreadyApplied).
    bool hasBegunWrites(qint64 outboxId) const;

    // Per repository, shared by the window and the headless submit: save the writer's notification
    // subscription to an issue before the batch's first write to it and put it back after the last (writing
    // subscribes you). On unless set off.
    Result<bool> setKeepSubscriptions(const QString &repository, bool keep);
    bool keepSubscriptions(const QString &repository) const;

    // Audit log of every write to GitHub.
    Result<qint64> appendAudit(const OutboxAuditRecord &record);
    Result<QList<OutboxAuditRecord>> auditLog() const;
    static QByteArray auditToJsonLines(const QList<OutboxAuditRecord> &records);
    static QString auditToMarkdown(const QList<OutboxAuditRecord> &records);

    // Records ReviewState::Submitted for the entry's issue in the decisions table, with the approved plan.
    Result<qint64> recordSubmitted(const OutboxEntry &entry);
    // Ends an entry's submission in one transaction: update(entry), the journal's "submitted" row and, when
    // it was applied, recordSubmitted(entry).
    Result<bool> complete(const OutboxEntry &entry);
    // The plan the entry carries, as a TriagePlan (for the guardrails and the decisions table).
    static TriagePlan planOf(const OutboxEntry &entry);

    // The rubric pack for a profile, for the guardrails: the built-in one unless a caller supplies another.
    static Result<RubricPack> packFor(const QString &profile);
    // Runs the guardrails on the entry's plan against an issue (our own marker comments ignored).
    static QList<Violation> check(const OutboxEntry &entry, const Issue &issue, const RubricPack &pack);

private:
    explicit OutboxStore(StoreConnection connection);

    StoreConnection m_connection;
};
