// SPDX-License-Identifier: MIT
#include "engine/triage/triageplan.h"

using namespace Qt::StringLiterals;

QString confidenceName(Confidence confidence)
{
    switch (confidence) {
    case Confidence::High:
        return u"HIGH"_s;
    case Confidence::Medium:
        return u"MEDIUM"_s;
    case Confidence::Low:
        return u"LOW"_s;
    case Confidence::None:
        break;
    }
    return {};
}

Confidence confidenceFromName(const QString &name)
{
    if (name == "HIGH"_L1)
        return Confidence::High;
    if (name == "MEDIUM"_L1)
        return Confidence::Medium;
    if (name == "LOW"_L1)
        return Confidence::Low;
    return Confidence::None;
}

QStringList TriagePlan::offeredLabels() const
{
    QStringList offered;
    for (auto it = labelConfidence.cbegin(); it != labelConfidence.cend(); ++it) {
        if (!addLabels.contains(it.key()) && it.key() != subOncall)
            offered.append(it.key());
    }
    return offered;
}
