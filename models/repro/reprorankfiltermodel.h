// SPDX-License-Identifier: MIT
#pragma once

#include <QSortFilterProxyModel>

// A repro's live output (ReproOutputModel) narrowed to one rank: the lines tagged `[rankN]: ` and the console's
// own notes (run separators, the kept-lines note). With no rank set, every line. It follows the output as it
// streams: rows arrive and open lines grow through the source's own signals.
class ReproRankFilterModel final : public QSortFilterProxyModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReproRankFilterModel)

public:
    explicit ReproRankFilterModel(QObject *parent = nullptr);

    // -1: every line.
    void setRank(int rank);
    int rank() const { return m_rank; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    int m_rank = -1;
};
