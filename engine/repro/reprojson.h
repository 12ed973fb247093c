// SPDX-License-Identifier: MIT
#pragma once

#include "engine/repro/outcomeclassifier.h"
#include "engine/repro/pythonenvironment.h"
#include "engine/repro/reproextractor.h"
#include "engine/repro/reproneedsprobe.h"
#include "engine/repro/reproscanner.h"

#include <QJsonObject>

// JSON forms of the repro values, for the headless commands and for storing results with an issue.
namespace ReproJson {
QJsonObject toJson(const ScanReport &report);
QJsonObject toJson(const ReproReview &review);
QJsonObject toJson(const ReproCandidate &candidate);
QJsonObject toJson(const ReproExtraction &extraction);
QJsonObject toJson(const PythonEnvironment &environment);
QJsonObject toJson(const ReproNeeds &needs);
QJsonObject toJson(const ReproOutcome &outcome);
QJsonObject toJson(const Result<SandboxRunResult> &ran, int tailLines = 40); // an error's run so far, and why
QJsonObject toJson(const ReproSeriesSummary &summary);
QJsonObject toJson(const ErrorSignature &signature);
// {"stops": [{kind, title, where, evidence, addLabels, duplicateOf?, closeNotPlanned?}], "recentConfirmation"?}
} // namespace ReproJson
