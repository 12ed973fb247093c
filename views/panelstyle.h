// SPDX-License-Identifier: MIT
#pragma once

#include <QColor>
#include <QFont>
#include <QString>

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

// Shows `look` on `badge` as a chip of its hue, tuned to `palette`.
void showBadge(QLabel *badge, const BadgeLook &look, const QPalette &palette, int horizontalPadding);

} // namespace PanelStyle
