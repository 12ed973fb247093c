// SPDX-License-Identifier: MIT
#include "models/reviewdecisioncommand.h"

#include "models/issuetablemodel.h"

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
}

void ReviewDecisionCommand::undo()
{
    if (m_store && m_recordedId > 0) {
        const Result<bool> removed = m_store->remove(m_recordedId);
        if (!removed && m_onError)
            m_onError(removed.error());
        m_recordedId = 0;
    }
    m_model->setReview(m_decision.number, m_previousState, m_previousPlan);
}
