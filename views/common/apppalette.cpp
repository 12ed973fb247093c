// SPDX-License-Identifier: MIT
#include "views/common/apppalette.h"

#include <QColor>

namespace {

struct Colors
{
    QColor window;
    QColor base;
    QColor alternateBase;
    QColor text;
    QColor mutedText;
    QColor button;
    QColor light;
    QColor midlight;
    QColor mid;
    QColor dark;
    QColor shadow;
    QColor highlight;
    QColor highlightedText;
    QColor link;
    QColor linkVisited;
    QColor toolTipBase;
    QColor toolTipText;
    QColor accent;
};

QPalette makePalette(const Colors &c)
{
    QPalette palette;
    const auto setAll = [&palette](QPalette::ColorRole role, const QColor &color) {
        palette.setColor(QPalette::Active, role, color);
        palette.setColor(QPalette::Inactive, role, color);
        palette.setColor(QPalette::Disabled, role, color);
    };
    setAll(QPalette::Window, c.window);
    setAll(QPalette::WindowText, c.text);
    setAll(QPalette::Base, c.base);
    setAll(QPalette::AlternateBase, c.alternateBase);
    setAll(QPalette::Text, c.text);
    setAll(QPalette::Button, c.button);
    setAll(QPalette::ButtonText, c.text);
    setAll(QPalette::BrightText, Qt::white);
    setAll(QPalette::Light, c.light);
    setAll(QPalette::Midlight, c.midlight);
    setAll(QPalette::Mid, c.mid);
    setAll(QPalette::Dark, c.dark);
    setAll(QPalette::Shadow, c.shadow);
    setAll(QPalette::Highlight, c.highlight);
    setAll(QPalette::HighlightedText, c.highlightedText);
    setAll(QPalette::Link, c.link);
    setAll(QPalette::LinkVisited, c.linkVisited);
    setAll(QPalette::ToolTipBase, c.toolTipBase);
    setAll(QPalette::ToolTipText, c.toolTipText);
    setAll(QPalette::PlaceholderText, c.mutedText);
    setAll(QPalette::Accent, c.accent);

    // Inactive keeps the active colours: the selection must stay visible on a shared screen.
    for (const QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        palette.setColor(QPalette::Disabled, role, c.mutedText);
    palette.setColor(QPalette::Disabled, QPalette::Highlight, c.mid);
    palette.setColor(QPalette::Disabled, QPalette::HighlightedText, c.mutedText);
    return palette;
}

} // namespace

QPalette AppPalette::light()
{
    return makePalette({
        .window = QColor(0xf4, 0xf5, 0xf7),
        .base = QColor(0xff, 0xff, 0xff),
        .alternateBase = QColor(0xf7, 0xf8, 0xfa),
        .text = QColor(0x1f, 0x23, 0x28),
        .mutedText = QColor(0x6b, 0x72, 0x7c),
        .button = QColor(0xf4, 0xf5, 0xf7),
        .light = QColor(0xff, 0xff, 0xff),
        .midlight = QColor(0xe8, 0xea, 0xee),
        .mid = QColor(0xcf, 0xd3, 0xd9),
        .dark = QColor(0xa9, 0xaf, 0xb8),
        .shadow = QColor(0x6b, 0x72, 0x7c),
        .highlight = QColor(0x2f, 0x6f, 0xd6),
        .highlightedText = QColor(0xff, 0xff, 0xff),
        .link = QColor(0x1f, 0x5f, 0xc4),
        .linkVisited = QColor(0x6e, 0x4b, 0xc2),
        .toolTipBase = QColor(0x2b, 0x30, 0x36),
        .toolTipText = QColor(0xf4, 0xf5, 0xf7),
        .accent = QColor(0x2f, 0x6f, 0xd6),
    });
}

QPalette AppPalette::dark()
{
    return makePalette({
        .window = QColor(0x1d, 0x20, 0x24),
        .base = QColor(0x17, 0x19, 0x1c),
        .alternateBase = QColor(0x1c, 0x1f, 0x23),
        .text = QColor(0xe3, 0xe6, 0xea),
        .mutedText = QColor(0x8d, 0x95, 0xa0),
        .button = QColor(0x26, 0x2a, 0x2f),
        .light = QColor(0x3a, 0x3f, 0x46),
        .midlight = QColor(0x30, 0x35, 0x3b),
        .mid = QColor(0x3a, 0x40, 0x47),
        .dark = QColor(0x10, 0x12, 0x14),
        .shadow = QColor(0x00, 0x00, 0x00),
        .highlight = QColor(0x35, 0x6c, 0xc7),
        .highlightedText = QColor(0xff, 0xff, 0xff),
        .link = QColor(0x7a, 0xb0, 0xff),
        .linkVisited = QColor(0xb3, 0x9d, 0xf5),
        .toolTipBase = QColor(0xe3, 0xe6, 0xea),
        .toolTipText = QColor(0x1d, 0x20, 0x24),
        .accent = QColor(0x35, 0x6c, 0xc7),
    });
}

bool AppPalette::isDark(const QPalette &palette)
{
    return palette.color(QPalette::Base).lightnessF() < 0.5;
}

QPalette AppPalette::toned(const QPalette &palette, Tone tone)
{
    const bool dark = isDark(palette);
    QPalette toned = palette;
    toned.setColor(QPalette::Window, Tones::surface(tone, dark));
    toned.setColor(QPalette::WindowText, Tones::onSurface(tone, dark));
    return toned;
}

QColor AppPalette::toneText(const QPalette &palette, Tone tone)
{
    return Tones::text(tone, isDark(palette));
}
