// SPDX-License-Identifier: MIT
#include "engine/triage/triagedecision.h"

#include <optional>

using namespace Qt::StringLiterals;

TriageDecision TriageDecision::fromName(const QString &name)
{
    if (const std::optional<Kind> own = EnumNames::value(triageDecisionNames, name))
        return *own;
    TriageDecision decision(name.startsWith("scrub_"_L1) ? Kind::Scrub : Kind::PackDefined);
    decision.m_name = name;
    return decision;
}

QString TriageDecision::name() const
{
    if (m_kind == Kind::Scrub || m_kind == Kind::PackDefined)
        return m_name;
    return EnumNames::name(triageDecisionNames, m_kind);
}
