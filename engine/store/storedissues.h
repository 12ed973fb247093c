// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/core/result.h"

#include <QList>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>

#include <functional>

// How issues are read back from the store file, with their labels in order and their comments: the one reading the
// queue (IssueStore::loadQueue), the similar issues (SimilarityIndex::loadIssues) and the decided issues
// (DecisionHistoryStore::issues) share.
namespace StoredIssues {

// The issues `where` selects, a condition on (repo, number) that suits the issues, issue_labels and comments tables
// alike ("repo = ? AND number IN (…)"); `bind` binds its values, for each of the three queries. In the order SQLite
// gives them. `failed` makes the error of a query that failed.
Result<QList<Issue>> read(const QSqlDatabase &db, const QString &where, const std::function<void(QSqlQuery &)> &bind,
                          const std::function<Error(const QSqlQuery &)> &failed);

} // namespace StoredIssues
