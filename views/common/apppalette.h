// SPDX-License-Identifier: MIT
#pragma once

#include <QPalette>

// The console's two palettes for the Fusion style: quiet neutral surfaces, one blue accent, text with
// enough contrast for a projector. Both set every role Fusion and the issue view read.
namespace AppPalette {
QPalette light();
QPalette dark();
// True when the palette's base is dark, whichever palette it came from.
bool isDark(const QPalette &palette);
} // namespace AppPalette
