// SPDX-License-Identifier: MIT
#pragma once

#include "models/common/tones.h"

#include <QPalette>

// The console's two palettes for the Fusion style: quiet neutral surfaces, one blue accent, text with
// enough contrast for a projector. Both set every role Fusion and the issue view read.
namespace AppPalette {
QPalette light();
QPalette dark();
// True when the palette's base is dark, whichever palette it came from.
bool isDark(const QPalette &palette);
// The palette with its window and window text in the tone (a box, a banner), light or dark as the palette is.
QPalette toned(const QPalette &palette, Tone tone);
// Text in the tone on the palette's base.
QColor toneText(const QPalette &palette, Tone tone);
} // namespace AppPalette
