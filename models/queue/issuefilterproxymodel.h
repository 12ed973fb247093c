// SPDX-License-Identifier: MIT
#pragma once

#include "engine/review/reviewdecisionstore.h"
#include "engine/triage/triageplan.h"

#include <QSet>
#include <QSortFilterProxyModel>
#include <QStringList>

#include <optional>

// Filters and sorting for IssueTableModel. Free text: a row matches when every word occurs,
// case-insensitively, in its number ("#123"), title, author, one of its labels or its suggestion. The other
// filters narrow further: the suggested sub-oncall, the overall confidence, the review state, and two switches
// (only issues with a reproduction, only issues the engine wants a human to look at).
class IssueFilterProxyModel final : public QSortFilterProxyModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(IssueFilterProxyModel)

public:
    explicit IssueFilterProxyModel(QObject *parent = nullptr);

    QString filterText() const { return m_filterText; }
    void setFilterText(const QString &text);
    // The sub-oncall label; empty for any.
    void setSubOncallFilter(const QString &subOncall);
    void setConfidenceFilter(std::optional<Confidence> confidence);
    void setReviewStateFilter(std::optional<ReviewState> state);
    void setHasReproOnly(bool only);
    void setNeedsReviewOnly(bool only);
    // Snoozed issues (`z`) are out of the way: hidden, or the only ones shown.
    void setSnoozed(const QSet<int> &numbers);
    void setSnoozedOnly(bool only);
    bool isSnoozedOnly() const { return m_snoozedOnly; }

    void setSourceModel(QAbstractItemModel *model) override;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    const class IssueTableModel *m_issues = nullptr; // the source, when it is one: fast paths for sorting
    QString m_filterText;
    QStringList m_words;
    QString m_subOncall;
    std::optional<Confidence> m_confidence;
    std::optional<ReviewState> m_state;
    bool m_hasReproOnly = false;
    bool m_needsReviewOnly = false;
    QSet<int> m_snoozed;
    bool m_snoozedOnly = false;
};
