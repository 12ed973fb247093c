// SPDX-License-Identifier: MIT
#include "models/queue/issuefilterproxymodel.h"

#include "models/queue/issuetablemodel.h"

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
    // Plans arrive one row at a time: a row that starts to match a filter shows up without a full refilter.
    setDynamicSortFilter(true);
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

void IssueFilterProxyModel::setSubOncallFilter(const QString &subOncall)
{
    if (subOncall == m_subOncall)
        return;
    m_subOncall = subOncall;
    invalidateRowsFilter();
}

void IssueFilterProxyModel::setConfidenceFilter(std::optional<Confidence> confidence)
{
    if (confidence == m_confidence)
        return;
    m_confidence = confidence;
    invalidateRowsFilter();
}

void IssueFilterProxyModel::setReviewStateFilter(std::optional<ReviewState> state)
{
    if (state == m_state)
        return;
    m_state = state;
    invalidateRowsFilter();
}

void IssueFilterProxyModel::setHasReproOnly(bool only)
{
    if (only == m_hasReproOnly)
        return;
    m_hasReproOnly = only;
    invalidateRowsFilter();
}

void IssueFilterProxyModel::setNeedsReviewOnly(bool only)
{
    if (only == m_needsReviewOnly)
        return;
    m_needsReviewOnly = only;
    invalidateRowsFilter();
}

void IssueFilterProxyModel::setSnoozed(const QSet<int> &numbers)
{
    if (numbers == m_snoozed)
        return;
    m_snoozed = numbers;
    invalidateRowsFilter();
}

void IssueFilterProxyModel::setSnoozedOnly(bool only)
{
    if (only == m_snoozedOnly)
        return;
    m_snoozedOnly = only;
    invalidateRowsFilter();
}

bool IssueFilterProxyModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QAbstractItemModel *source = sourceModel();
    const QModelIndex first = source->index(sourceRow, 0, sourceParent);
    if (!m_snoozed.isEmpty() || m_snoozedOnly) {
        const int number =
            source->index(sourceRow, IssueTableModel::Number, sourceParent).data(IssueTableModel::SortRole).toInt();
        if (m_snoozed.contains(number) != m_snoozedOnly)
            return false;
    }
    if (m_state && first.data(IssueTableModel::ReviewStateRole).toInt() != int(*m_state))
        return false;
    if (m_confidence && first.data(IssueTableModel::ConfidenceRole).toInt() != int(*m_confidence))
        return false;
    if (m_hasReproOnly && !first.data(IssueTableModel::HasReproRole).toBool())
        return false;
    if (m_needsReviewOnly && !first.data(IssueTableModel::NeedsReviewRole).toBool())
        return false;
    if (!m_subOncall.isEmpty() &&
        source->index(sourceRow, IssueTableModel::SubOncall, sourceParent).data(IssueTableModel::SortRole).toString() !=
            m_subOncall)
        return false;
    if (m_words.isEmpty())
        return true;

    const auto field = [&](int column) {
        return source->index(sourceRow, column, sourceParent).data(Qt::DisplayRole).toString();
    };
    const QString number = field(IssueTableModel::Number);
    const QString title = field(IssueTableModel::Title);
    const QString author = field(IssueTableModel::Author);
    const QString suggestion = field(IssueTableModel::SubOncall) + u' ' + field(IssueTableModel::Modules);
    const QStringList labels = source->index(sourceRow, IssueTableModel::Labels, sourceParent)
                                   .data(IssueTableModel::LabelsRole)
                                   .toStringList();

    for (const QString &word : m_words) {
        const bool found =
            number.contains(word, Qt::CaseInsensitive) || title.contains(word, Qt::CaseInsensitive) ||
            author.contains(word, Qt::CaseInsensitive) || suggestion.contains(word, Qt::CaseInsensitive) ||
            std::any_of(labels.cbegin(), labels.cend(),
                        [&word](const QString &label) { return label.contains(word, Qt::CaseInsensitive); });
        if (!found)
            return false;
    }
    return true;
}

void IssueFilterProxyModel::setSourceModel(QAbstractItemModel *model)
{
    m_issues = qobject_cast<const IssueTableModel *>(model);
    QSortFilterProxyModel::setSourceModel(model);
}

bool IssueFilterProxyModel::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    // The issue's own columns straight from the model, without a QVariant per comparison.
    if (m_issues && sortRole() == IssueTableModel::SortRole) {
        switch (left.column()) {
        case IssueTableModel::Number:
            return m_issues->issues().at(left.row()).number < m_issues->issues().at(right.row()).number;
        case IssueTableModel::Title:
            return m_issues->titleSortKey(left.row()) < m_issues->titleSortKey(right.row());
        default:
            break;
        }
    }
    // The Age column sorts by age, a duration: ascending means youngest first, the reverse of createdAt.
    if (left.column() == IssueTableModel::Age) {
        return left.data(sortRole()).toDateTime() > right.data(sortRole()).toDateTime();
    }
    return QSortFilterProxyModel::lessThan(left, right);
}
