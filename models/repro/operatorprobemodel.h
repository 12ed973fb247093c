// SPDX-License-Identifier: MIT
#pragma once

#include "engine/probe/operatorprobereport.h"

#include <QAbstractTableModel>
#include <QList>

// The operator probe's table, one row per combination as it streams in: the op, the mesh size, the input case,
// the placement of each tensor input, the result (ok / raises / WRONG — a wrong result is a DTensor bug and is
// marked as such in every role that shows), whether DTensor has a strategy, the output's placement, whether the
// inputs were redistributed, and the message.
class OperatorProbeModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(OperatorProbeModel)

public:
    enum Column
    {
        Op,
        Ranks,
        Case,
        Placements,
        Result,
        Strategy,
        Output,
        Redistributed,
        Message,
        ColumnCount
    };
    enum Role
    {
        SortRole = Qt::UserRole, // raw values: numbers as numbers, the result by severity (wrong first)
        StatusRole,              // int(OperatorProbeCombination::Status)
    };

    explicit OperatorProbeModel(QObject *parent = nullptr);

    void append(const OperatorProbeCombination &combination);
    void setCombinations(QList<OperatorProbeCombination> combinations);
    void clear() { setCombinations({}); }
    const QList<OperatorProbeCombination> &combinations() const { return m_rows; }
    OperatorProbeCombination combinationAt(int row) const { return m_rows.value(row); }
    int count(OperatorProbeCombination::Status status) const;

    // "ok", "raises", "WRONG RESULT": what the Result column says.
    static QString resultText(OperatorProbeCombination::Status status);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<OperatorProbeCombination> m_rows;
};
