// SPDX-License-Identifier: MIT
#pragma once

#include <QColor>
#include <QFont>
#include <QString>
#include <QStringList>

class QLabel;
class QPalette;
class QWidget;

// The look the side panels share: section titles and the rounded badge with a shape, words and a colour.
namespace PanelStyle {

// "#AARRGGBB", for style sheets.
QString cssColor(const QColor &color);

// Small capitals in a muted colour, derived from `base` so that presentation mode scales them too.
QFont sectionFont(const QFont &base);
QLabel *sectionLabel(const QString &text, QWidget *parent);

struct BadgeLook
{
    QString glyph; // a shape per state, so the badge reads without colour
    QString text;
    int hue; // -1: neutral
};

// What a badge showing `look` reads.
QString badgeText(const BadgeLook &look);

// Shows `look` on `badge` as a chip of its hue, tuned to `palette`.
void showBadge(QLabel *badge, const BadgeLook &look, const QPalette &palette, int horizontalPadding);

// The badge's font: its parent's, in semi-bold. Set in code, not in the style sheet, and again whenever the
// parent's font changes: a font from a style sheet stops following the parent, and presentation mode's large
// type would leave the badge small.
void applyBadgeFont(QLabel *badge);

// Keeps `label` (styled, showing one of `texts`) as wide as the widest of them, its text centred: a chip
// whose width followed its text would move the panel's minimum width, and the splitter beside it, from one
// issue to the next.
void reserveWidth(QLabel *label, const QStringList &texts);

} // namespace PanelStyle
