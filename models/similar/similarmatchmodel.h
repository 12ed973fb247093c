// SPDX-License-Identifier: MIT
#pragma once

#include "engine/similar/similarityindex.h"

#include <QAbstractTableModel>
#include <QDateTime>
#include <QList>

// Similar issues or search results as a table, closest first: number, state, title, labels, age, what
// matched and the score. The Similar tab and the search dialog both show one.
class SimilarMatchModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SimilarMatchModel)

public:
    enum Column
    {
        Number,
        State,
        Title,
        Labels,
        Age,
        Matched,
        Score,
        ColumnCount
    };
    enum Role
    {
        SortRole = Qt::UserRole, // raw values
        MatchRole,               // the whole SimilarityMatch
        LabelsRole,              // QStringList (chips, as IssueTableModel::LabelsRole)
    };

    explicit SimilarMatchModel(QObject *parent = nullptr);

    void setMatches(QList<SimilarityMatch> matches);
    void clear() { setMatches({}); }
    const QList<SimilarityMatch> &matches() const { return m_matches; }
    SimilarityMatch matchAt(int row) const { return m_matches.value(row); }
    // "Now" for ages; the clock unless set (tests, screenshots).
    void setNow(const QDateTime &now);

    // "3 d", "5 mo", "2 y": how long ago an issue was opened.
    static QString age(const QDateTime &from, const QDateTime &now);
    // "signature, frames, title": the fields that matched, heaviest first.
    static QString matchedFields(const SimilarityMatch &match);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<SimilarityMatch> m_matches;
    QDateTime m_now;
};
