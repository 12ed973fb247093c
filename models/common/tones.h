// SPDX-License-Identifier: MIT
#pragma once

#include <QColor>

// What a colour means, not which colour it is: every page and model asks for a tone and gets the light or the
// dark palette's shade of it from one table (models/common/tones.cpp), so a problem is the same red everywhere
// and follows dark mode. Views reach it through AppPalette::toned() and the helpers below; models, which
// cannot include views, ask here directly for the colours of their roles.
enum class Tone
{
    Neutral, // not decided, not applicable
    Info,    // a notice, a gate that asks
    Ok,      // passes, clean, agrees, open
    Warning, // needs a look: a finding, an untrusted author, waiting
    Problem, // fails, wrong, refused, not actionable
    Added,   // in a diff or a change list
    Removed,
};

namespace Tones {
// A surface in the tone (a banner, a box) and the text on it.
QColor surface(Tone tone, bool dark);
QColor onSurface(Tone tone, bool dark);
// A mark behind ordinary text: a line in code, an output row, a field that found nothing.
QColor mark(Tone tone, bool dark);
// Text or a glyph in the tone on the ordinary base.
QColor text(Tone tone, bool dark);
// A mid-tone that reads on the light and the dark base alike: status dots and chips in tables.
QColor dot(Tone tone);
} // namespace Tones
