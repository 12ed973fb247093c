// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/review/reviewdecisionstore.h"
#include "engine/triage/rubricpack.h"
#include "engine/triage/triageplan.h"

#include <QAbstractTableModel>
#include <QColor>
#include <QDateTime>
#include <QHash>
#include <QList>

#include <array>
#include <optional>

// The queue as a table: one row per issue, in the order the issues were given, with the engine's suggestion
// (filled in as triage results arrive) and where review left it. A reviewer's decision is kept by issue
// number, so it survives a reload of the queue; its plan, when there is one, is the plan the row shows.
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
        SubOncall,
        Modules,
        ConfidenceColumn,
        Review,
        ColumnCount
    };
    enum Role
    {
        SortRole = Qt::UserRole, // raw values: number, title, author, createdAt, labels joined, …
        IssueRole,               // the whole Issue
        LabelsRole,              // QStringList, for the chip delegate (current labels, or module labels)
        PlanRole,                // TriagePlan: the reviewer's plan if decided, else the engine's (invalid: none yet)
        EnginePlanRole,          // TriagePlan: the engine's, invalid until it arrives
        HasPlanRole,             // bool
        ReviewStateRole,         // int(ReviewState)
        ConfidenceRole,          // int(Confidence) of the shown plan
        HasReproRole,            // bool: the plan does not ask for a reproduction
        NeedsReviewRole,         // bool: low confidence, the review label, or a guardrail fired
    };

    explicit IssueTableModel(QObject *parent = nullptr);

    void setIssues(QList<Issue> issues);
    const QList<Issue> &issues() const { return m_issues; }
    int rowForNumber(int number) const { return m_rowByNumber.value(number, -1); }
    // Case-folded once per load, so that sorting 50,000 titles compares plain strings.
    const QString &titleSortKey(int row) const { return m_titleKeys.at(row); }

    // Module labels and the repro/review labels come from the pack the plans were made with.
    void setPack(const RubricPack &pack);
    // A queue planned per issue by several rubrics: their module labels count as modules too.
    void addModuleLabels(const RubricPack &pack);

    // The engine's plan for a row (the issue at that position in the list given to setIssues).
    void setPlan(int row, const TriagePlan &plan);
    void clearPlans();
    // A reviewer's decision on an issue; ReviewState::New with no plan forgets it.
    void setReview(int number, ReviewState state, const std::optional<TriagePlan> &plan = std::nullopt);
    void setReviews(const QHash<int, ReviewDecision> &decisions);
    ReviewState reviewState(int number) const;
    std::optional<TriagePlan> reviewedPlan(int number) const;
    std::array<int, ReviewStateCount> stateCounts() const;
    int plannedCount() const { return m_plannedCount; }

    // Ages are shown relative to this moment; an invalid value means "the current time".
    void setNow(const QDateTime &now);
    QDateTime now() const;

    // "now", "12 min", "5 h", "3 d", "5 w", "4 mo", "2 y".
    static QString compactAge(const QDateTime &from, const QDateTime &now);
    static QString reviewStateText(ReviewState state);
    static QString confidenceText(Confidence confidence);
    // Shapes and colours that go with them (the shape alone tells the levels apart).
    static QString confidenceGlyph(Confidence confidence);
    static QString reviewStateGlyph(ReviewState state);
    static QColor confidenceColor(Confidence confidence);
    static QColor reviewStateColor(ReviewState state);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

Q_SIGNALS:
    void reviewCountsChanged();

private:
    struct RowReview
    {
        ReviewState state = ReviewState::New;
        std::optional<TriagePlan> plan;
    };
    const TriagePlan *shownPlan(int row) const;
    QStringList moduleLabels(const TriagePlan &plan) const;
    bool hasRepro(const TriagePlan &plan) const;
    bool needsReview(const TriagePlan &plan) const;
    void emitRowChanged(int row);

    QList<Issue> m_issues;
    QList<std::optional<TriagePlan>> m_plans;
    QStringList m_titleKeys;
    QHash<int, int> m_rowByNumber;
    QHash<int, RowReview> m_reviews;
    QSet<QString> m_moduleLabels;
    QString m_reviewLabel;
    QString m_reproLabel;
    int m_plannedCount = 0;
    QDateTime m_now;
};
