// SPDX-License-Identifier: MIT
#include "engine/triage/batchedit.h"

TriagePlan BatchEdit::applyTo(TriagePlan plan, const RubricPack &pack) const
{
    if (!subOncall.isEmpty() && subOncall != plan.subOncall) {
        // Exactly one sub-oncall: the old one's label goes and the new one's comes, as in the panel. A plan
        // that routed without adding the label (the issue already carries one) keeps not adding it.
        const bool added = plan.subOncall.isEmpty() || plan.addLabels.removeAll(plan.subOncall) > 0;
        plan.subOncall = subOncall;
        if (added && !plan.addLabels.contains(subOncall))
            plan.addLabels.append(subOncall);
    }
    if (!addLabel.isEmpty() && !plan.addLabels.contains(addLabel)) {
        plan.addLabels.append(addLabel);
        plan.removeLabels.removeAll(addLabel);
    }
    if (!templateKey.isEmpty()) {
        plan.templateKey = templateKey; // an unknown key stays, for the guardrails to name
        if (const TemplateText *text = pack.templateByKey(templateKey))
            plan.comment = text->text;
    }
    return plan;
}
