// SPDX-License-Identifier: MIT
#include "engine/triage/triageplanwriter.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace {

QJsonValue stringOrNull(const QString &text)
{
    return text.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(text);
}

} // namespace

QJsonObject TriagePlanWriter::toJson(const TriagePlan &plan)
{
    QJsonObject labelConfidence;
    for (const QString &label : plan.addLabels)
        labelConfidence.insert(label, confidenceName(plan.confidenceOf(label)));
    QJsonArray evidence;
    for (const Evidence &e : plan.evidence) {
        evidence.append(QJsonObject{{u"label"_s, stringOrNull(e.label)},
                                    {u"rule"_s, e.rule},
                                    {u"where"_s, stringOrNull(e.where)},
                                    {u"start"_s, e.start},
                                    {u"length"_s, e.length},
                                    {u"text"_s, e.text}});
    }
    QJsonArray violations;
    for (const Violation &v : plan.violations)
        violations.append(
            QJsonObject{{u"rule"_s, v.rule}, {u"label"_s, stringOrNull(v.label)}, {u"message"_s, v.message}});
    QJsonObject object{{u"number"_s, plan.issueNumber},
                       {u"decision"_s, plan.decision.name()},
                       {u"sub_oncall"_s, stringOrNull(plan.subOncall)},
                       {u"add_labels"_s, QJsonArray::fromStringList(plan.addLabels)},
                       {u"confidence"_s, stringOrNull(confidenceName(plan.confidence))},
                       {u"label_confidence"_s, labelConfidence},
                       {u"template"_s, stringOrNull(plan.templateKey)},
                       {u"comment"_s, stringOrNull(plan.comment)},
                       {u"evidence"_s, evidence},
                       {u"violations"_s, violations}};
    // Labels weighed but left for the reviewer to add (unchecked in the window); absent when there are none.
    if (const QStringList offered = plan.offeredLabels(); !offered.isEmpty()) {
        QJsonObject offers;
        for (const QString &label : offered)
            offers.insert(label, confidenceName(plan.confidenceOf(label)));
        object.insert(u"offered_labels"_s, offers);
    }
    // Only a closing plan says so: every other plan keeps the output it always had.
    if (plan.close) {
        object.insert(u"close"_s, true);
        object.insert(u"state_reason"_s, plan.stateReason);
    }
    return object;
}

QByteArray TriagePlanWriter::toJsonLine(const TriagePlan &plan)
{
    return QJsonDocument(toJson(plan)).toJson(QJsonDocument::Compact) + '\n';
}
