// SPDX-License-Identifier: MIT
#include "models/review/reviewdecisioncommand.h"

#include "engine/outbox/outboxstore.h"
#include "models/queue/issuetablemodel.h"

#include <QCoreApplication>

ReviewDecisionCommand::ReviewDecisionCommand(ReviewDecisionStore *store, IssueTableModel *model,
                                             ReviewDecision decision, ErrorHandler onError)
    : m_store(store)
    , m_model(model)
    , m_decision(std::move(decision))
    , m_previousState(model->reviewState(m_decision.number))
    , m_previousPlan(model->reviewedPlan(m_decision.number))
    , m_onError(std::move(onError))
{
    setText(QCoreApplication::translate("ReviewDecisionCommand", "%1 #%2")
                .arg(IssueTableModel::reviewStateText(m_decision.state))
                .arg(m_decision.number));
}

void ReviewDecisionCommand::redo()
{
    if (m_store) {
        const Result<qint64> id = m_store->record(m_decision);
        if (!id) {
            if (m_onError)
                m_onError(id.error());
            setObsolete(true);
            return;
        }
        m_recordedId = id.value();
    }
    m_model->setReview(m_decision.number, m_decision.state, m_decision.plan);
    enqueue();
}

void ReviewDecisionCommand::setOutbox(OutboxStore *outbox, Issue seen, RubricPack pack, std::function<void()> onChanged)
{
    m_outbox = outbox;
    m_seen = std::move(seen);
    m_pack = std::move(pack);
    m_onOutboxChanged = std::move(onChanged);
}

bool ReviewDecisionCommand::isApproval(ReviewState state)
{
    return state == ReviewState::Approved || state == ReviewState::Edited;
}

void ReviewDecisionCommand::enqueue()
{
    if (!m_outbox || !isApproval(m_decision.state))
        return;
    ReviewDecision decision = m_decision;
    decision.id = m_recordedId;
    const Result<OutboxEntry> entry =
        m_outbox->enqueue(decision, m_seen, m_pack, OutboxClose{decision.plan.close, decision.plan.stateReason});
    if (!entry) {
        if (m_onError)
            m_onError(entry.error());
        return;
    }
    m_outboxEntryId = entry.value().id;
    if (m_onOutboxChanged)
        m_onOutboxChanged();
}

void ReviewDecisionCommand::dequeue()
{
    if (!m_outbox || m_outboxEntryId == 0)
        return;
    const Result<bool> removed = m_outbox->remove(m_outboxEntryId);
    const QString problem =
        !removed          ? removed.error()
        : removed.value() ? QString()
                          : QCoreApplication::translate("ReviewDecisionCommand",
                                                        "#%1 is already being written to GitHub; the outbox keeps it")
                                .arg(m_decision.number);
    if (!problem.isEmpty() && m_onError)
        m_onError(problem);
    m_outboxEntryId = 0;
}

void ReviewDecisionCommand::requeuePrevious()
{
    // The approval this one replaced in the outbox (a newer approval of an issue drops the older entry).
    if (m_outbox && m_store && isApproval(m_previousState) && m_previousPlan) {
        const Result<QList<ReviewDecision>> history = m_store->history(m_decision.repository, m_decision.number);
        if (history && !history.value().isEmpty() && isApproval(history.value().constLast().state)) {
            const ReviewDecision &previous = history.value().constLast();
            const Result<OutboxEntry> again = m_outbox->enqueue(
                previous, m_seen, m_pack, OutboxClose{previous.plan.close, previous.plan.stateReason});
            if (!again && m_onError)
                m_onError(again.error());
        }
    }
    if (m_onOutboxChanged)
        m_onOutboxChanged();
}

void ReviewDecisionCommand::undo()
{
    const bool queued = m_outboxEntryId != 0;
    dequeue();
    if (m_store && m_recordedId > 0) {
        const Result<bool> removed = m_store->remove(m_recordedId);
        if (!removed && m_onError)
            m_onError(removed.error());
        m_recordedId = 0;
    }
    m_model->setReview(m_decision.number, m_previousState, m_previousPlan);
    if (queued)
        requeuePrevious();
}
