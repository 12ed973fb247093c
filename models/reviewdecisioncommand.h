// SPDX-License-Identifier: MIT
#pragma once

#include "engine/reviewdecisionstore.h"

#include <QString>
#include <QUndoCommand>

#include <functional>
#include <optional>

class IssueTableModel;

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

    void redo() override;
    void undo() override;

private:
    ReviewDecisionStore *m_store;
    IssueTableModel *m_model;
    ReviewDecision m_decision;
    ReviewState m_previousState;
    std::optional<TriagePlan> m_previousPlan;
    ErrorHandler m_onError;
    qint64 m_recordedId = 0;
};
