// SPDX-License-Identifier: MIT
#include "views/similar/similarmatchtable.h"

#include "models/similar/similarmatchmodel.h"
#include "views/common/labelchipdelegate.h"

#include <QHeaderView>
#include <QTableView>

void SimilarMatchTable::setUp(QTableView *table, SimilarMatchModel *model)
{
    table->setModel(model);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setAlternatingRowColors(true);
    table->verticalHeader()->hide();
    table->setWordWrap(false);
    table->setItemDelegateForColumn(SimilarMatchModel::Labels, new LabelChipDelegate(table));
    table->horizontalHeader()->setSectionResizeMode(SimilarMatchModel::Title, QHeaderView::Stretch);
    table->setColumnWidth(SimilarMatchModel::Number, 64);
    table->setColumnWidth(SimilarMatchModel::State, 60);
    table->setColumnWidth(SimilarMatchModel::Labels, 170);
    table->setColumnWidth(SimilarMatchModel::Age, 52);
}
