// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/core/result.h"

#include <QByteArray>
#include <QList>
#include <QString>

// Fixtures live in tests/data; CTest passes the folder in TRIAGE_TEST_DATA.
namespace TestData {
QString path(const QString &name);
QByteArray read(const QString &name);
// A gh-shaped queue fixture, read with the product's own reader; a bad fixture stops the test run.
QList<Issue> issues(const QString &name);
// The similarity tests' corpus (similar/corpus.json), its comments numbered 1, 2, … as GitHub's ids would be.
QList<Issue> similarCorpus();
// `issues` written to the store at `path` the way a sync writes them: one page into the repository's queue of all
// states. How many were written, or why not.
Result<int> writeSynced(const QString &path, const QString &repository, const QList<Issue> &issues);
// The repro tests' issue: an open pytorch/pytorch issue `number` with `body`, by an author of that association.
Issue reproIssue(int number, const QString &body, const QString &association);
// The reduction tests' issue: an open pytorch/pytorch issue `number` by a member, "see the repro", with `labels`.
Issue reductionIssue(int number, const QStringList &labels);
// `code` in a ```python fence, as an issue body carries a repro.
QString pythonFence(const QString &code);
// A repro script of ours, tests/data/repro/NAME.
QString reproScript(const QString &name);
// An issue body that carries repro/distinct_error.py and the traceback it was reported with (marker "repro-7731").
QString distinctErrorBody();
} // namespace TestData
