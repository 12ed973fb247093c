// SPDX-License-Identifier: MIT
#include "models/issuefilterproxymodel.h"

#include "models/issuetablemodel.h"

#include <QDateTime>
#include <QRegularExpression>

#include <algorithm>

using namespace Qt::StringLiterals;

IssueFilterProxyModel::IssueFilterProxyModel(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(IssueTableModel::SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
    setSortLocaleAware(false);
}

void IssueFilterProxyModel::setFilterText(const QString &text)
{
    const QStringList words = text.split(QRegularExpression(u"\\s+"_s), Qt::SkipEmptyParts);
    if (text == m_filterText)
        return;
    m_filterText = text;
    if (words == m_words)
        return;
    m_words = words;
    invalidateRowsFilter();
}

bool IssueFilterProxyModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (m_words.isEmpty())
        return true;
    const QAbstractItemModel *source = sourceModel();
    const auto field = [&](int column) {
        return source->index(sourceRow, column, sourceParent).data(Qt::DisplayRole).toString();
    };
    const QString number = field(IssueTableModel::Number);
    const QString title = field(IssueTableModel::Title);
    const QString author = field(IssueTableModel::Author);
    const QStringList labels = source->index(sourceRow, IssueTableModel::Labels, sourceParent)
                                   .data(IssueTableModel::LabelsRole)
                                   .toStringList();

    for (const QString &word : m_words) {
        const bool found = number.contains(word, Qt::CaseInsensitive) || title.contains(word, Qt::CaseInsensitive) ||
                           author.contains(word, Qt::CaseInsensitive) ||
                           std::any_of(labels.cbegin(), labels.cend(), [&word](const QString &label) {
                               return label.contains(word, Qt::CaseInsensitive);
                           });
        if (!found)
            return false;
    }
    return true;
}

bool IssueFilterProxyModel::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    // The Age column sorts by age, a duration: ascending means youngest first, the reverse of createdAt.
    if (left.column() == IssueTableModel::Age) {
        return left.data(sortRole()).toDateTime() > right.data(sortRole()).toDateTime();
    }
    return QSortFilterProxyModel::lessThan(left, right);
}
