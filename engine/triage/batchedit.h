// SPDX-License-Identifier: MIT
#pragma once

#include "engine/triage/rubricpack.h"
#include "engine/triage/triageplan.h"

#include <QString>

// One change the reviewer applies to every marked issue at once: a label added, the sub-oncall set, a
// template's comment. It is applied to each issue's own plan (its undecided edits, else the reviewer's, else
// the engine's) exactly as the same edit in the suggestion panel would be, so each issue ends up with an
// individual plan the reviewer can still change; the guardrails then judge each plan on its own issue.
struct BatchEdit
{
    QString addLabel;    // empty: none
    QString subOncall;   // a sub-oncall label of the pack; empty: unchanged
    QString templateKey; // one of the pack's templates; its text becomes the comment; empty: unchanged

    bool isEmpty() const { return addLabel.isEmpty() && subOncall.isEmpty() && templateKey.isEmpty(); }
    TriagePlan applyTo(TriagePlan plan, const RubricPack &pack) const;
};
