// SPDX-License-Identifier: MIT
#pragma once

#include "engine/scoreboard/replayreport.h"

#include <QAbstractTableModel>

// The what-if's changed issues: the plan before and after the pack change, what the reviewer approved, and
// whether the new plan agrees with it.
class ReplayChangeModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReplayChangeModel)

public:
    enum Column
    {
        Number,
        Verdict,
        Before,
        After,
        Approved,
        Title,
        ColumnCount
    };
    enum Role
    {
        SortRole = Qt::UserRole,
        ChangeRole, // the whole ReplayChange
    };

    explicit ReplayChangeModel(QObject *parent = nullptr);

    void setReport(const ReplayReport &report);
    void clear();

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<ReplayChange> m_changes;
};

Q_DECLARE_METATYPE(ReplayChange)
