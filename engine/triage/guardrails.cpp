// SPDX-License-Identifier: MIT
#include "engine/triage/guardrails.h"

using namespace Qt::StringLiterals;

namespace {

// Lower case, runs of white space and markdown emphasis collapsed: a template survives being re-wrapped.
QString normalized(const QString &text)
{
    QString out;
    out.reserve(text.size());
    bool space = false;
    for (QChar c : text) {
        if (c == u'*' || c == u'_' || c == u'`')
            continue;
        if (c.isSpace()) {
            space = !out.isEmpty();
            continue;
        }
        if (space)
            out.append(u' ');
        space = false;
        out.append(c.toLower());
    }
    return out;
}

Violation violation(QLatin1StringView rule, const QString &label, const QString &message)
{
    return Violation{QString(rule), label, message};
}

// First level: the default queue may add no label, so "no sub-oncall added" is a route of its own there.
bool staysWithoutLabel(const RubricPack &pack)
{
    for (const SubOncall &sub : pack.subOncalls) {
        if (sub.isDefault)
            return sub.label.isEmpty();
    }
    return false;
}

// An issue that already carries an oncall label (skip_label_prefixes) is its queue's: a plan writes nothing.
QList<Violation> checkSkipRouted(const TriagePlan &plan, const Issue &issue, const RubricPack &pack)
{
    QList<Violation> found;
    const QString routedBy = pack.skipLabel(issue.labels);
    if (routedBy.isEmpty())
        return found;
    const QString message = u"the issue is already routed (\"%1\"); first-level triage leaves it alone"_s.arg(routedBy);
    for (const QString &label : plan.addLabels)
        found.append(violation(QLatin1StringView(Guardrails::SkipRouted), label, message));
    if (!plan.comment.isEmpty() || !plan.templateKey.isEmpty() || plan.close)
        found.append(violation(QLatin1StringView(Guardrails::SkipRouted), {}, message));
    return found;
}

} // namespace

QStringList Guardrails::scrubAddable()
{
    return {u"feature"_s, u"better-engineering"_s, u"tracker"_s};
}

QStringList Guardrails::scrubRemovable(const RubricPack &pack)
{
    return {pack.reproLabel.isEmpty() ? u"needs reproduction"_s : pack.reproLabel, QString::fromLatin1(TriagedLabel)};
}

bool Guardrails::templatePosted(const TemplateText &text, const Issue &issue)
{
    QStringList needles;
    for (const QString &phrase : text.detect)
        needles.append(normalized(phrase));
    for (const Comment &comment : issue.comments) {
        const QString body = normalized(comment.body);
        for (const QString &needle : std::as_const(needles)) {
            if (!needle.isEmpty() && body.contains(needle))
                return true;
        }
    }
    return false;
}

QList<Violation> Guardrails::check(const TriagePlan &plan, const Issue &issue, const RubricPack &pack)
{
    QList<Violation> found;
    for (const QString &label : plan.addLabels) {
        if (pack.forbiddenLabels.contains(label))
            found.append(
                violation(QLatin1StringView(NoHighPriority), label,
                          u"\"%1\" is a human decision; ask for \"%2\" instead"_s.arg(label, pack.reviewLabel)));
        else if (pack.forbidsPattern(label))
            found.append(violation(QLatin1StringView(Forbidden), label,
                                   u"\"%1\" is never added by triage (CI, release, severity or deprecated labels, "
                                   u"human decisions); ask for \"%2\" instead"_s.arg(label, pack.reviewLabel)));
        else if (!pack.allows(label) && !(plan.decision.isScrub() && scrubAddable().contains(label)))
            found.append(violation(QLatin1StringView(Allowlist), label,
                                   u"\"%1\" is not in the %2 pack's allowlist"_s.arg(label, pack.profile)));
    }
    const bool scrub = plan.decision.isScrub();
    const QStringList removable = scrub ? scrubRemovable(pack) : QStringList();
    for (const QString &label : plan.removeLabels) {
        const bool protectedLabel = pack.protectedLabels.contains(label, Qt::CaseInsensitive);
        if (scrub) {
            if (!protectedLabel && removable.contains(label, Qt::CaseInsensitive))
                continue;
            found.append(violation(
                QLatin1StringView(ScrubRemovals), label,
                protectedLabel
                    ? u"\"%1\" must stay on the issue; a scrub removes only \"%2\" and refreshes \"%3\""_s.arg(
                          label, removable.constFirst(), removable.constLast())
                    : u"a scrub removes only \"%1\" and refreshes \"%2\"; removing \"%3\" is for a human"_s.arg(
                          removable.constFirst(), removable.constLast(), label)));
            continue;
        }
        found.append(violation(QLatin1StringView(AddOnly), label,
                               protectedLabel ? u"\"%1\" must stay on the issue; plans only add labels"_s.arg(label)
                                              : u"plans only add labels; removing \"%1\" is for a human"_s.arg(label)));
    }

    found.append(checkSkipRouted(plan, issue, pack));

    QStringList existingSubs;
    QStringList addedSubs;
    bool inQueueRoute = false; // the queue's own label is its default route (pt2): staying there adds nothing
    for (const SubOncall &sub : pack.subOncalls) {
        if (issue.hasLabel(sub.label) && pack.routeByLabel(sub.label))
            existingSubs.append(sub.label);
        inQueueRoute = inQueueRoute || (issue.hasLabel(sub.label) && !pack.routeByLabel(sub.label));
    }
    // In the plan's order: the first sub-oncall it adds is the one it meant.
    for (const QString &label : plan.addLabels) {
        if (pack.subOncallByLabel(label) && !issue.hasLabel(label) && !addedSubs.contains(label))
            addedSubs.append(label);
    }
    if (!existingSubs.isEmpty()) {
        for (const QString &label : std::as_const(addedSubs))
            found.append(violation(
                QLatin1StringView(KeepSubOncall), label,
                u"the issue is already routed to \"%1\"; it keeps that sub-oncall"_s.arg(existingSubs.constFirst())));
    } else if (addedSubs.size() > 1) {
        for (qsizetype i = 1; i < addedSubs.size(); ++i)
            found.append(violation(
                QLatin1StringView(OneSubOncall), addedSubs.at(i),
                u"an issue has exactly one sub-oncall; the plan already adds \"%1\""_s.arg(addedSubs.constFirst())));
    } else if (addedSubs.isEmpty() && !scrub && !inQueueRoute && !staysWithoutLabel(pack) &&
               plan.decision != TriageDecision::AlreadyClassified &&
               plan.decision != TriageDecision::AlreadyProcessed && plan.decision != pack.outOfScopeDecision &&
               // a duplicate is closed, pointing at the original, not routed (DuplicatePlanner)
               plan.decision != TriageDecision::Duplicate && !plan.decision.isEmpty()) {
        found.append(violation(QLatin1StringView(OneSubOncall), {},
                               u"a routed issue needs exactly one sub-oncall and the plan adds none"_s));
    }

    if (!plan.templateKey.isEmpty()) {
        const TemplateText *text = pack.templateByKey(plan.templateKey);
        if (!text)
            found.append(violation(QLatin1StringView(KnownTemplate), {},
                                   u"\"%1\" is not one of the pack's templates"_s.arg(plan.templateKey)));
        else if (templatePosted(*text, issue))
            found.append(violation(QLatin1StringView(TemplateOnce), {},
                                   u"the \"%1\" template is already on the issue"_s.arg(plan.templateKey)));
    }
    return found;
}

TriagePlan Guardrails::enforce(TriagePlan plan, const Issue &issue, const RubricPack &pack)
{
    const QList<Violation> found = check(plan, issue, pack);
    for (const Violation &v : found) {
        if (v.rule == QLatin1StringView(AddOnly) || v.rule == QLatin1StringView(ScrubRemovals)) {
            plan.removeLabels.removeAll(v.label);
        } else if (!v.label.isEmpty()) {
            plan.addLabels.removeAll(v.label);
            plan.labelConfidence.remove(v.label);
            // A flagged high-priority issue still needs a human to look.
            if ((v.rule == QLatin1StringView(NoHighPriority) || v.rule == QLatin1StringView(Forbidden)) &&
                pack.allows(pack.reviewLabel) && !issue.hasLabel(pack.reviewLabel) &&
                !plan.addLabels.contains(pack.reviewLabel)) {
                plan.addLabels.append(pack.reviewLabel);
                plan.labelConfidence.insert(pack.reviewLabel, Confidence::Medium);
            }
        } else if (v.rule == QLatin1StringView(TemplateOnce) || v.rule == QLatin1StringView(KnownTemplate)) {
            plan.templateKey.clear();
            plan.comment.clear();
        } else if (v.rule == QLatin1StringView(SkipRouted)) {
            plan.templateKey.clear();
            plan.comment.clear();
            plan.close = false;
            plan.stateReason.clear();
        }
    }
    plan.violations.append(found);
    return plan;
}
