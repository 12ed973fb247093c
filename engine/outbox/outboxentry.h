// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/enumnames.h"
#include "engine/core/issuestate.h"
#include "engine/triage/triageplan.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <optional>

// Where an outbox entry stands. Ready and Submitting are pending; the others are outcomes (Blocked, Conflict
// and Failed can become Ready again when the reviewer approves the issue anew).
enum class OutboxStatus
{
    Ready,          // approved, waiting for Submit
    Blocked,        // a guardrail forbids it; never written
    Submitting,     // a batch has begun writing it (a restart resumes it)
    Applied,        // written to GitHub by us
    AlreadyApplied, // everything it asks for was on the issue already (our marker comment, the labels)
    Conflict,       // someone changed the issue after the review; nothing written
    Failed          // GitHub refused (4xx) or stayed unreachable; outcome says why
};
inline constexpr int OutboxStatusCount = 7;

// The names the store and `outbox list --status` use.
inline constexpr EnumName<OutboxStatus> outboxStatusNames[] = {
    {OutboxStatus::Ready, u"ready"},
    {OutboxStatus::Blocked, u"blocked"},
    {OutboxStatus::Submitting, u"submitting"},
    {OutboxStatus::Applied, u"applied"},
    {OutboxStatus::AlreadyApplied, u"already_applied"},
    {OutboxStatus::Conflict, u"conflict"},
    {OutboxStatus::Failed, u"failed"},
};
QString outboxStatusName(OutboxStatus status);
OutboxStatus outboxStatusFromName(const QString &name); // unknown names read as Ready (callers check first)
// Words for a person: "Ready", "Blocked", "Submitting", "Applied", "Already applied", "Conflict", "Failed".
QString outboxStatusText(OutboxStatus status);
inline bool isOutboxPending(OutboxStatus status)
{
    return status == OutboxStatus::Ready || status == OutboxStatus::Submitting;
}

// What someone else changed on an issue between the review and the submit. Our own earlier writes for the
// same entry (our labels, our marker comment, our close) are not part of it.
struct OutboxChange
{
    QStringList labelsAdded;   // added by others
    QStringList labelsRemoved; // removed by others (present when the reviewer looked)
    int newComments = 0;       // posted by others since the review
    QStringList newCommentAuthors;
    // The state as the reviewer saw it and as it is now; both none when the state did not change.
    std::optional<IssueState> stateBefore;
    std::optional<IssueState> stateNow;

    bool isEmpty() const { return labelsAdded.isEmpty() && labelsRemoved.isEmpty() && newComments == 0 && !stateNow; }
    bool stateChanged() const { return stateNow.has_value(); }
    // One line for a person: "labels added by others: x; 2 new comments (alice, bob); closed".
    QString describe() const;

    friend bool operator==(const OutboxChange &, const OutboxChange &) = default;
};

// One approved plan waiting to be written to GitHub, or the record of how that went.
struct OutboxEntry
{
    qint64 id = 0; // the row in `outbox`
    QString repository;
    int number = 0;
    qint64 decisionId = 0; // the review decision it came from (0: added headless from a plan file)
    QString planHash;      // ReviewDecisionStore::planHash of the approved plan; also the comment marker

    // What the plan writes (only ever adds).
    QString profile;         // the rubric pack's profile, for the guardrails at submit
    TriageDecision decision; // the plan's decision: route, classify, …
    QString subOncall;
    Confidence confidence = Confidence::None;
    QStringList addLabels;
    QString comment;     // the text the reviewer approved, without the marker; empty: no comment
    QString templateKey; // the pack template the comment comes from, if any (guardrail: template once)
    // Plans only add: any entry here blocks the entry (guardrail: add-only), except the removals a scrub
    // report may make (guardrail: scrub-removals): the pack's reproduction label and `triaged`.
    QStringList removeLabels;
    bool refreshTriaged = false; // scrub: remove `triaged`, then add it again, as two calls (bumps "updated")
    bool close = false;          // close the issue (only when the plan says so)
    QString stateReason;         // "completed" or "not_planned", with close

    // The issue as the reviewer saw it.
    QDateTime seenUpdatedAt;
    QByteArray seenEtag;
    QStringList seenLabels;
    std::optional<IssueState> seenState; // none: not known (entries from before the store kept it)
    int seenCommentCount = 0;

    QString reviewer;
    bool selected = true;
    OutboxStatus status = OutboxStatus::Ready;
    QString outcome;             // for a person: GitHub's message, what changed, which rule blocks it
    OutboxChange change;         // with Conflict: what others changed
    QList<Violation> violations; // with Blocked: the guardrails it breaks
    qint64 commentId = 0;        // GitHub's id of our comment, once seen
    int attempts = 0;            // submit attempts so far (a resumed entry counts again)
    QDateTime createdAt;
    QDateTime updatedAt;

    // The hidden marker that makes the comment recognisable: "<!-- triage-console:plan=HASH -->".
    static QString marker(const QString &planHash);
    QString marker() const { return marker(planHash); }
    // The comment as posted: the approved text, a blank line, the marker.
    QString commentBody() const;
    bool isPending() const { return isOutboxPending(status); }
};

// The steps of a submission, in the order they run; each is journalled before its request and after it.
enum class JournalStep
{
    Reread,              // GET the issue (detail: what was read)
    Locked,              // the issue is locked: nothing is written (detail: why)
    Subscription,        // the writer's notification subscription saved (detail: "STATE NODE_ID")
    Comment,             // POST the comment (detail: the marker)
    Unlabel,             // DELETE one label (detail: the label)
    Refresh,             // DELETE of `triaged`, so its re-add notifies
    Relabel,             // its POST
    Labels,              // POST the labels to add
    Close,               // PATCH state closed
    RestoreSubscription, // put the subscription back
    Submitted,           // the entry's end; the phase column holds the status it ended with
};
// The names in the journal table's `step` column (and the audit log's action).
inline constexpr EnumName<JournalStep> journalStepNames[] = {
    {JournalStep::Reread, u"reread"},
    {JournalStep::Locked, u"locked"},
    {JournalStep::Subscription, u"subscription"},
    {JournalStep::Comment, u"comment"},
    {JournalStep::Unlabel, u"unlabel"},
    {JournalStep::Refresh, u"refresh"},
    {JournalStep::Relabel, u"relabel"},
    {JournalStep::Labels, u"labels"},
    {JournalStep::Close, u"close"},
    {JournalStep::RestoreSubscription, u"restore-subscription"},
    {JournalStep::Submitted, u"submitted"},
};

enum class JournalPhase
{
    Begin,  // written before the request
    Done,   // after it succeeded
    Failed, // after it failed
};
inline constexpr EnumName<JournalPhase> journalPhaseNames[] = {
    {JournalPhase::Begin, u"begin"},
    {JournalPhase::Done, u"done"},
    {JournalPhase::Failed, u"failed"},
};

// One step of one entry's submission, written before the request (Begin) and after it (Done or Failed).
struct OutboxJournalRecord
{
    qint64 id = 0;
    qint64 outboxId = 0;
    JournalStep step = JournalStep::Reread;
    JournalPhase phase = JournalPhase::Begin; // Done for Submitted
    std::optional<OutboxStatus> submittedAs;  // Submitted: the status the entry ended with
    QString detail;
    QDateTime at;
};

// One write to GitHub as the audit log keeps it.
struct OutboxAuditRecord
{
    qint64 id = 0;
    QDateTime at;
    QString login; // who wrote (GET /user, once per batch)
    QString repository;
    int number = 0;
    QString action;   // "comment", "unlabel", "refresh", "relabel", "labels", "close", "subscription"
    QString request;  // "POST /repos/o/n/issues/5/labels {\"labels\":[…]}", shortened
    int status = 0;   // HTTP status; 0 when the answer was lost
    QString response; // GitHub's answer, shortened
};

Q_DECLARE_METATYPE(OutboxEntry)
Q_DECLARE_METATYPE(OutboxStatus)
