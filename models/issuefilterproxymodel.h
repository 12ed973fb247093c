// SPDX-License-Identifier: MIT
#pragma once

#include <QSortFilterProxyModel>
#include <QStringList>

// Free-text filter and sorting for IssueTableModel. A row matches when every word of the filter
// text occurs, case-insensitively, in its number ("#123"), title, author or one of its labels.
class IssueFilterProxyModel final : public QSortFilterProxyModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(IssueFilterProxyModel)

public:
    explicit IssueFilterProxyModel(QObject *parent = nullptr);

    QString filterText() const { return m_filterText; }
    void setFilterText(const QString &text);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    QString m_filterText;
    QStringList m_words;
};
