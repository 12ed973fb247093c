// SPDX-License-Identifier: MIT
#pragma once

#include "engine/issue.h"

#include <QAbstractTableModel>
#include <QDateTime>
#include <QList>

// The queue as a table: one row per issue, in the order the issues were given.
class IssueTableModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(IssueTableModel)

public:
    enum Column
    {
        Number,
        Title,
        Author,
        Age,
        Labels,
        ColumnCount
    };
    enum Role
    {
        SortRole = Qt::UserRole, // raw values: number, title, author, createdAt, labels joined
        IssueRole,               // the whole Issue
        LabelsRole,              // QStringList, for the chip delegate
    };

    explicit IssueTableModel(QObject *parent = nullptr);

    void setIssues(QList<Issue> issues);
    const QList<Issue> &issues() const { return m_issues; }

    // Ages are shown relative to this moment; an invalid value means "the current time".
    void setNow(const QDateTime &now);
    QDateTime now() const;

    // "now", "12 min", "5 h", "3 d", "5 w", "4 mo", "2 y".
    static QString compactAge(const QDateTime &from, const QDateTime &now);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

private:
    QList<Issue> m_issues;
    QDateTime m_now;
};
