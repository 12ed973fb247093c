// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/core/result.h"
#include "engine/triage/rubricpack.h"
#include "engine/triage/triageengine.h"
#include "engine/triage/triageplan.h"

#include <QList>
#include <QMap>
#include <QString>

#include <memory>

// The rubrics a queue is planned with: one pack for every issue, or (byLabels) the built-in rubric each issue's
// own oncall labels name — `oncall: pt2` → pt2, `oncall: distributed` → distributed, no oncall label → general —
// so that a file of mixed issues is planned per issue, as a synced queue is planned by its labels.
// Cheap to copy; const and thread-safe like the engines it holds.
class RubricSet final
{
public:
    RubricSet() = default;
    explicit RubricSet(RubricPack pack);
    // The built-in rubrics, chosen per issue by its labels.
    static Result<RubricSet> byLabels();

    bool isValid() const { return !m_engines.isEmpty(); }
    bool isPerIssue() const { return m_perIssue; }

    // The profile that plans this issue.
    QString profileFor(const Issue &issue) const;
    const TriageEngine &engineFor(const Issue &issue) const;
    const RubricPack &packFor(const Issue &issue) const { return engineFor(issue).pack(); }
    const RubricPack *pack(const QString &profile) const;
    TriagePlan plan(const Issue &issue, const TriageEngine::Options &options = {}) const
    {
        return engineFor(issue).plan(issue, options);
    }

    // How many of these issues each profile plans, most first (ties by name).
    QList<QPair<QString, int>> profileCounts(const QList<Issue> &issues) const;
    // The profile that plans most of these issues (the set's first when there are none).
    QString mainProfile(const QList<Issue> &issues) const;

private:
    QMap<QString, std::shared_ptr<const TriageEngine>> m_engines;
    QString m_single; // the one profile when not per issue
    bool m_perIssue = false;
};
