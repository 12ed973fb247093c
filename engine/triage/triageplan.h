// SPDX-License-Identifier: MIT
#pragma once

#include "engine/triage/evidence.h"
#include "engine/triage/triagedecision.h"

#include <QList>
#include <QMap>
#include <QMetaType>
#include <QString>
#include <QStringList>

enum class Confidence
{
    None,
    Low,
    Medium,
    High
};

QString confidenceName(Confidence confidence); // "HIGH", "MEDIUM", "LOW", "" for None
Confidence confidenceFromName(const QString &name);

// A broken queue rule, found by Guardrails; `rule` is one of Guardrails' rule ids.
struct Violation
{
    QString rule;
    QString label; // the label at fault, when there is one
    QString message;

    friend bool operator==(const Violation &, const Violation &) = default;
};

// What the engine (or a reviewer) proposes for one issue. Plans only ever add labels; `removeLabels` exists so
// that a hand-edited plan asking for a removal can be caught by Guardrails instead of being silently ignored.
struct TriagePlan
{
    int issueNumber = 0;
    QString profile;
    TriageDecision decision; // the engine's own (route, classify, …) or the pack's (not_distributed, a stop rule's)
    QString subOncall;       // the sub-oncall label the issue is (or, for not_distributed, would be) routed to
    QStringList addLabels;
    QStringList removeLabels;
    QMap<QString, Confidence> labelConfidence;
    Confidence confidence = Confidence::None;
    QString templateKey;
    QString comment;
    bool close = false;  // close the issue after the comment (a usage question); only stop rules say so
    QString stateReason; // "not_planned" or "completed", with close
    EvidenceList evidence;
    QList<Violation> violations;

    Confidence confidenceOf(const QString &label) const { return labelConfidence.value(label, Confidence::None); }
    // Labels the engine weighed and offers unchecked (with their evidence) but does not apply: in
    // labelConfidence, not in addLabels. The reviewer adds one with a click.
    QStringList offeredLabels() const;
};

Q_DECLARE_METATYPE(TriagePlan)
