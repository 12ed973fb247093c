// SPDX-License-Identifier: MIT
#pragma once

class QTableView;
class SimilarMatchModel;

// A table of similar issues (SimilarMatchModel) as the Similar tab and the search dialog both show it: whole rows,
// one at a time, read-only, the labels as chips, the title taking the room left and the other columns at their
// widths. Each adds what is its own (the score shown or hidden, how wide "matched" is).
namespace SimilarMatchTable {

void setUp(QTableView *table, SimilarMatchModel *model);

} // namespace SimilarMatchTable
