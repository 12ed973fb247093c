// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/triage/rubricpack.h"
#include "engine/triage/signalmatcher.h"
#include "engine/triage/triageplan.h"

#include <memory>

// The sub-triage procedure, step by step as the rubric pack describes it:
//  0. already processed by this queue (its marker), or already classified (a module label and a sub-oncall) → nothing
//  to do but mark it;
//  1. not in scope (single GPU, packaging, pure compile…) → review label + the out-of-scope template;
//  2. keep an existing sub-oncall, else route to exactly one (edge cases, then precedence, then the default);
//  3. module labels with HIGH / MEDIUM / LOW confidence (LOW is not applied: review instead), after the
//     confusions and the context rules (where the words stand: a title tag, a passing mention, an import
//     line, a CI report's test name) have had their say;
//  4. a type label for non-bugs; 5. high-priority signs → review label and no marker;
//  6. no usable reproduction → the reproduction label and template.
// A template already on the issue (posted by the bot or pasted by a human) is not drafted again; the labels stay.
// Pure and const: one engine can plan many issues from several threads.
class TriageEngine final
{
public:
    explicit TriageEngine(RubricPack pack);

    const RubricPack &pack() const { return *m_pack; }
    struct Options
    {
        // Plan an issue the queue already processed (it carries the marker) as if it were new: the reviewer
        // asked for it. Without it such an issue gets "already_processed" and an empty plan (pack 1.6).
        bool retriage = false;
    };
    TriagePlan plan(const Issue &issue) const { return plan(issue, Options{}); }
    TriagePlan plan(const Issue &issue, const Options &options) const;

    // Fact names a pack's conditions may use ({"fact": "traceback"}).
    static int factIndex(const QString &name);

private:
    TriagePlan procedure(const Issue &issue, const Options &options) const;

    std::shared_ptr<const RubricPack> m_pack;
    std::shared_ptr<const SignalMatcher> m_matcher;
};
