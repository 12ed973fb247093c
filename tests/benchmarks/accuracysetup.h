// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/triage/triageengine.h"

#include <QList>
#include <QString>

#include <functional>
#include <memory>

namespace Bench {
// The issues of a JSON Lines file; a line that does not read as an issue is printed with its number and
// skipped, so one bad line never hides the figures of the rest.
QList<Issue> readIssues(const QString &path);
// The issues of the other JSON Lines files beside `path` that `path` does not hold and `keep` accepts: a check on
// issues its pack was not tuned on.
QList<Issue> otherIssues(const QString &path, const std::function<bool(const Issue &)> &keep);
// The engine of a builtin profile, or of the pack in `packPath` when given; null, with the reason printed,
// when the pack does not load.
std::unique_ptr<TriageEngine> loadEngine(const QString &profile, const QString &packPath);
} // namespace Bench

// How often a figure was right: "0.970 (65/67)".
struct HitRatio
{
    int hit = 0;
    int total = 0;

    void add(bool right);
    QString text() const;
};

namespace Bench {
// One count per label the plan adds: right when some evidence names that label (#3: evidence for every label).
void addEvidenceCoverage(HitRatio &coverage, const TriagePlan &plan);
} // namespace Bench
