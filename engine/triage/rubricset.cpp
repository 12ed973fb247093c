// SPDX-License-Identifier: MIT
#include "engine/triage/rubricset.h"

#include <algorithm>

using namespace Qt::StringLiterals;

RubricSet::RubricSet(RubricPack pack)
    : m_single(pack.profile)
{
    m_engines.insert(m_single, std::make_shared<const TriageEngine>(std::move(pack)));
}

Result<RubricSet> RubricSet::byLabels()
{
    RubricSet set;
    set.m_perIssue = true;
    for (const QString &profile : RubricPack::builtinProfiles()) {
        Result<RubricPack> pack = RubricPack::builtin(profile);
        if (!pack)
            return Error{pack.error()};
        set.m_engines.insert(profile, std::make_shared<const TriageEngine>(std::move(pack).value()));
    }
    if (set.m_engines.isEmpty())
        return Error{u"no built-in rubric"_s};
    return set;
}

QString RubricSet::profileFor(const Issue &issue) const
{
    if (!m_perIssue)
        return m_single;
    const QString profile = RubricPack::profileForQueueLabels(issue.labels);
    return m_engines.contains(profile) ? profile : m_engines.firstKey();
}

const TriageEngine &RubricSet::engineFor(const Issue &issue) const
{
    Q_ASSERT(isValid());
    return *m_engines.value(profileFor(issue));
}

const RubricPack *RubricSet::pack(const QString &profile) const
{
    const auto it = m_engines.constFind(profile);
    return it == m_engines.cend() ? nullptr : &(*it)->pack();
}

QList<QPair<QString, int>> RubricSet::profileCounts(const QList<Issue> &issues) const
{
    QMap<QString, int> counts;
    for (const Issue &issue : issues)
        ++counts[profileFor(issue)];
    QList<QPair<QString, int>> sorted;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        sorted.append({it.key(), it.value()});
    std::stable_sort(sorted.begin(), sorted.end(), [](const auto &a, const auto &b) { return a.second > b.second; });
    return sorted;
}

QString RubricSet::mainProfile(const QList<Issue> &issues) const
{
    const QList<QPair<QString, int>> counts = profileCounts(issues);
    if (!counts.isEmpty())
        return counts.constFirst().first;
    return m_perIssue ? RubricPack::profileForQueueLabels({}) : m_single;
}
