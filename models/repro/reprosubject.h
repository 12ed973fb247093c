// SPDX-License-Identifier: MIT
#pragma once

#include "engine/repro/outcomeclassifier.h"
#include "engine/repro/sandboxrunner.h"

// What the repro session hands over before a reduction: the script as it would run it and the error it is
// compared with.
struct ReproSubject
{
    SandboxRequest request;
    ErrorSignature expected;
};
