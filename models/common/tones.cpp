// SPDX-License-Identifier: MIT
#include "models/common/tones.h"

#include <array>

namespace {

// One row per tone: light, then dark, for each use.
struct Shades
{
    QRgb surface[2];
    QRgb onSurface[2];
    QRgb mark[2];
    QRgb text[2];
    QRgb dot;
};

constexpr std::array<Shades, 7> Table{{
    // Neutral
    {{0xeef0f3, 0x2e3036}, {0x3a3f47, 0xd0d4da}, {0xe4e7eb, 0x3a3d44}, {0x8a8f98, 0x8a8f98}, 0x8a8f98},
    // Info
    {{0xe6effb, 0x1c2e4a}, {0x123466, 0xc8dcff}, {0xd6e6fb, 0x1c3a66}, {0x3b82d6, 0x8ab4f8}, 0x3b82d6},
    // Ok
    {{0xe9f6ec, 0x1f3628}, {0x1d5a2e, 0xb8e6c4}, {0xd4f0dc, 0x1f4a2c}, {0x1e7b34, 0x7dd38a}, 0x2e9e5b},
    // Warning
    {{0xfff4d6, 0x4a3612}, {0x5c3d00, 0xffe2a8}, {0xffe9b0, 0x5a4612}, {0x8a5a00, 0xf0c070}, 0xc78610},
    // Problem
    {{0xfdece6, 0x4a2a22}, {0x8a2a12, 0xf5d0c5}, {0xffc9c9, 0x6a1e1e}, {0xb31d12, 0xff8a80}, 0xd94a3d},
    // Added
    {{0xe6f4ea, 0x1f3a2b}, {0x1d5c34, 0xc8ebd4}, {0xd4f0dc, 0x1f4a2c}, {0x1e7b34, 0x7dd38a}, 0x2e9e5b},
    // Removed
    {{0xfdf1ef, 0x3a2424}, {0x8a2a12, 0xf5d0c5}, {0xfbdcd6, 0x5a2626}, {0xb31d12, 0xff8a80}, 0xd94a3d},
}};

const Shades &shades(Tone tone)
{
    return Table.at(std::size_t(tone));
}

} // namespace

namespace Tones {

QColor surface(Tone tone, bool dark)
{
    return QColor::fromRgb(shades(tone).surface[dark ? 1 : 0]);
}

QColor onSurface(Tone tone, bool dark)
{
    return QColor::fromRgb(shades(tone).onSurface[dark ? 1 : 0]);
}

QColor mark(Tone tone, bool dark)
{
    return QColor::fromRgb(shades(tone).mark[dark ? 1 : 0]);
}

QColor text(Tone tone, bool dark)
{
    return QColor::fromRgb(shades(tone).text[dark ? 1 : 0]);
}

QColor dot(Tone tone)
{
    return QColor::fromRgb(shades(tone).dot);
}

} // namespace Tones
