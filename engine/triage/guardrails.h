// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/triage/rubricpack.h"
#include "engine/triage/triageplan.h"

#include <QList>

// The queue's rules, checked on every plan whoever wrote it (the engine now, a reviewer's edit later). A
// broken rule is reported as a Violation naming it; enforce() also takes the offending part out of the plan,
// and says so in plan.violations — nothing is dropped silently.
class Guardrails final
{
public:
    // Rule ids, as they appear in Violation::rule.
    static constexpr auto Allowlist = "allowlist";
    static constexpr auto AddOnly = "add-only";
    static constexpr auto NoHighPriority = "no-high-priority";
    static constexpr auto OneSubOncall = "one-sub-oncall";
    static constexpr auto KeepSubOncall = "keep-existing-sub-oncall";
    static constexpr auto TemplateOnce = "template-once";
    static constexpr auto KnownTemplate = "known-template";
    static constexpr auto Forbidden = "forbidden-label"; // the pack's forbidden prefixes, substrings and names
    static constexpr auto SkipRouted = "skip-routed";    // first level: an issue with an oncall label is left alone
    // A scrub plan (TriageDecision::isScrub(), "scrub_…") may remove the pack's reproduction label and refresh
    // `triaged` (remove, then add again); any other removal breaks this rule. Other plans stay add-only.
    static constexpr auto ScrubRemovals = "scrub-removals";
    static constexpr auto TriagedLabel = "triaged";

    // The labels a scrub plan may remove under this pack.
    static QStringList scrubRemovable(const RubricPack &pack);
    // What the scrub playbook adds to an issue it stops on (a feature request, a refactor, a tracker), whether or
    // not the pack's allowlist has them; never forbidden ones.
    static QStringList scrubAddable();

    static QList<Violation> check(const TriagePlan &plan, const Issue &issue, const RubricPack &pack);
    static TriagePlan enforce(TriagePlan plan, const Issue &issue, const RubricPack &pack);

    // Whether a comment on the issue already carries this template (posted by the bot or pasted by a human).
    static bool templatePosted(const TemplateText &text, const Issue &issue);
};
