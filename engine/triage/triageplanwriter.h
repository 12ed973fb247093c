// SPDX-License-Identifier: MIT
#pragma once

#include "engine/triage/triageplan.h"

#include <QByteArray>
#include <QJsonObject>

// The JSON shape of a plan, one object per issue (the `triage` command writes them as JSON Lines):
// number, decision, sub_oncall, add_labels, confidence, label_confidence, template, comment, evidence,
// violations.
class TriagePlanWriter final
{
public:
    static QJsonObject toJson(const TriagePlan &plan);
    static QByteArray toJsonLine(const TriagePlan &plan);
};
