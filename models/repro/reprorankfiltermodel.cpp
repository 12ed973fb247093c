// SPDX-License-Identifier: MIT
#include "models/repro/reprorankfiltermodel.h"

#include "models/repro/reprooutputmodel.h"

ReproRankFilterModel::ReproRankFilterModel(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setDynamicSortFilter(true); // an open line that grows into `[rank1]: …` is placed when it does
}

void ReproRankFilterModel::setRank(int rank)
{
    rank = std::max(-1, rank);
    if (rank == m_rank)
        return;
    m_rank = rank;
    invalidateRowsFilter();
}

bool ReproRankFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (m_rank < 0)
        return true;
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    return index.data(ReproOutputModel::IsNoteRole).toBool() ||
           index.data(ReproOutputModel::RankRole).toInt() == m_rank;
}
