// SPDX-License-Identifier: MIT
#include "views/common/panelstyle.h"

#include "views/common/labelchipdelegate.h"

#include <QLabel>
#include <QPalette>

#include <algorithm>

using namespace Qt::StringLiterals;

QString PanelStyle::cssColor(const QColor &color)
{
    return color.name(QColor::HexArgb);
}

QFont PanelStyle::sectionFont(const QFont &base)
{
    QFont font = base;
    font.setCapitalization(QFont::AllUppercase);
    font.setLetterSpacing(QFont::PercentageSpacing, 106);
    font.setPointSizeF(base.pointSizeF() * 0.82);
    font.setWeight(QFont::DemiBold);
    return font;
}

QLabel *PanelStyle::sectionLabel(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setFont(sectionFont(parent->font()));
    label->setForegroundRole(QPalette::PlaceholderText);
    return label;
}

QString PanelStyle::badgeText(const BadgeLook &look)
{
    return look.glyph + u"  "_s + look.text;
}

void PanelStyle::showBadge(QLabel *badge, const BadgeLook &look, const QPalette &palette, int horizontalPadding)
{
    const LabelChipDelegate::ChipColors colors = LabelChipDelegate::colorsForHue(look.hue, palette);
    badge->setText(badgeText(look));
    badge->setAccessibleName(look.text);
    applyBadgeFont(badge);
    badge->setStyleSheet(u"QLabel { background: %1; border: 1px solid %2; color: %3; border-radius: 11px;"
                         " padding: 3px %4px; }"_s.arg(cssColor(colors.background), cssColor(colors.border),
                                                       cssColor(colors.text), QString::number(horizontalPadding)));
    badge->show();
}

void PanelStyle::applyBadgeFont(QLabel *badge)
{
    QFont font = badge->parentWidget() ? badge->parentWidget()->font() : badge->font();
    font.setWeight(QFont::DemiBold);
    badge->setFont(font);
}

void PanelStyle::reserveWidth(QLabel *label, const QStringList &texts)
{
    // Called on every issue shown; the width only changes with the font (the padding is the same in every look).
    const QString key = label->font().key() + u'\x1f' + texts.join(u'\x1f');
    if (label->property("reservedFor").toString() == key)
        return;
    const QString shown = label->text();
    label->ensurePolished();
    int widest = 0;
    for (const QString &text : texts) {
        label->setText(text);
        widest = std::max(widest, label->sizeHint().width());
    }
    label->setText(shown);
    label->setAlignment(Qt::AlignCenter);
    label->setMinimumWidth(widest);
    label->setProperty("reservedFor", key);
}
