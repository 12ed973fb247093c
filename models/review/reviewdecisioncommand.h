// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/review/reviewdecisionstore.h"
#include "engine/triage/rubricpack.h"

#include <QString>
#include <QUndoCommand>

#include <functional>
#include <optional>

class IssueTableModel;
class OutboxStore;

// One review decision as an undoable step: redo records it in the store and shows it in the table; undo
// deletes the row it wrote, so the issue's previous decision (or none) is the latest again, on disk too.
class ReviewDecisionCommand final : public QUndoCommand
{
public:
    using ErrorHandler = std::function<void(const QString &)>;

    ReviewDecisionCommand(ReviewDecisionStore *store, IssueTableModel *model, ReviewDecision decision,
                          ErrorHandler onError = {});

    int number() const { return m_decision.number; }
    qint64 recordedId() const { return m_recordedId; }

    // An approval (Approved or Edited) also goes to the outbox, with the issue as the reviewer saw it; undo
    // takes it out again (unless a batch has begun writing it). Call before the command is pushed. Not owned.
    void setOutbox(OutboxStore *outbox, Issue seen, RubricPack pack, std::function<void()> onChanged = {});
    qint64 outboxEntryId() const { return m_outboxEntryId; }

    void redo() override;
    void undo() override;

private:
    static bool isApproval(ReviewState state);
    void enqueue();
    void dequeue();
    void requeuePrevious();

    ReviewDecisionStore *m_store;
    IssueTableModel *m_model;
    ReviewDecision m_decision;
    ReviewState m_previousState;
    std::optional<TriagePlan> m_previousPlan;
    ErrorHandler m_onError;
    qint64 m_recordedId = 0;
    OutboxStore *m_outbox = nullptr;
    Issue m_seen;
    RubricPack m_pack;
    std::function<void()> m_onOutboxChanged;
    qint64 m_outboxEntryId = 0;
};
