// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/result.h"
#include "engine/repro/pythonenvironment.h"
#include "engine/repro/reproresultstore.h"
#include "engine/repro/sandboxrunner.h"

#include <QString>

// The sandbox runs the repro and reduction tests start from, with real bubblewrap and python3.
namespace ReproTestRun {

// `script` as the tests hand it to the sandbox: repro.py in `python`, PYTHONHASHSEED 0, a minute at most.
SandboxRequest request(const QString &script, const PythonEnvironment &python);
// A real series of `runs` runs of `request` compared with `expect` ("ExcClass: substring"), recorded for issue
// `number` of `repository` as the Repro tab records it; the series' error, or one when it did not end in a minute.
Result<ReproRunRecord> record(const QString &repository, int number, const SandboxRequest &request,
                              const QString &expect, int runs);

} // namespace ReproTestRun
