// SPDX-License-Identifier: MIT
#include "views/common/labelchipdelegate.h"

#include "models/queue/issuetablemodel.h"
#include "views/common/apppalette.h"

#include <QApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <cmath>

using namespace Qt::StringLiterals;

namespace {

constexpr qreal ChipPadding = 7; // left and right, inside a chip
constexpr qreal ChipSpacing = 5; // between chips
constexpr qreal CellPadding = 6; // inside the cell

// Hue by family; -1 means neutral grey.
int hueFor(const QString &label)
{
    const QString name = label.toLower();
    if (name.startsWith("oncall:"_L1))
        return 265;
    if (name.startsWith("module:"_L1))
        return 212;
    if (name == "triaged"_L1)
        return 140;
    if (name == "high priority"_L1 || name.contains("critical"_L1) || name.contains("regression"_L1) ||
        name == "bug"_L1)
        return 4;
    if (name.startsWith("needs"_L1) || name == "triage review"_L1 || name.startsWith("awaiting"_L1))
        return 38;
    if (name == "feature"_L1 || name == "enhancement"_L1 || name.contains("request"_L1))
        return 178;
    return -1;
}

} // namespace

LabelChipDelegate::LabelChipDelegate(QObject *parent)
    : QStyledItemDelegate(parent)
{}

LabelChipDelegate::ChipColors LabelChipDelegate::colorsFor(const QString &label, const QPalette &palette)
{
    if (const QColor github = gitHubColor(label); github.isValid())
        return colorsForGitHub(github, palette);
    return colorsForHue(hueFor(label), palette);
}

LabelChipDelegate::ChipColors LabelChipDelegate::colorsForHue(int hue, const QPalette &palette)
{
    const bool dark = AppPalette::isDark(palette);
    const float saturation = hue < 0 ? 0.0f : 1.0f;
    const float h = float(qBound(0, hue, 359)) / 360.0f;
    if (dark)
        return {QColor::fromHslF(h, 0.28f * saturation, 0.22f), QColor::fromHslF(h, 0.30f * saturation, 0.32f),
                QColor::fromHslF(h, 0.65f * saturation, 0.82f)};
    return {QColor::fromHslF(h, 0.70f * saturation, 0.94f), QColor::fromHslF(h, 0.45f * saturation, 0.84f),
            QColor::fromHslF(h, 0.60f * saturation, 0.30f)};
}

namespace {

qreal luminance(const QColor &color)
{
    const auto channel = [](float c) {
        return c <= 0.04045f ? qreal(c) / 12.92 : std::pow((qreal(c) + 0.055) / 1.055, 2.4);
    };
    const QColor rgb = color.toRgb();
    return 0.2126 * channel(rgb.redF()) + 0.7152 * channel(rgb.greenF()) + 0.0722 * channel(rgb.blueF());
}

QColor mix(const QColor &ground, const QColor &tint, qreal amount)
{
    const QColor a = ground.toRgb();
    const QColor b = tint.toRgb();
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * amount),
                            float(a.greenF() + (b.greenF() - a.greenF()) * amount),
                            float(a.blueF() + (b.blueF() - a.blueF()) * amount));
}

} // namespace

qreal LabelChipDelegate::contrastRatio(const QColor &a, const QColor &b)
{
    const qreal la = luminance(a);
    const qreal lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

LabelChipDelegate::ChipColors LabelChipDelegate::colorsForGitHub(const QColor &color, const QPalette &palette)
{
    constexpr qreal Readable = 4.5;
    const QColor base = color.toRgb();
    if (!AppPalette::isDark(palette)) {
        const QColor black(0x1f, 0x23, 0x28); // GitHub's fg.default
        const QColor white(Qt::white);
        QColor text = contrastRatio(black, base) >= contrastRatio(white, base) ? black : white;
        if (contrastRatio(text, base) < Readable)
            text = contrastRatio(Qt::black, base) >= contrastRatio(white, base) ? QColor(Qt::black) : white;
        // A near-white label would vanish into the window: its border is drawn darker.
        const QColor border = luminance(base) > 0.8 ? base.darker(135) : base.darker(112);
        return {base, border, text};
    }
    const QColor window = palette.color(QPalette::Base).toRgb();
    const QColor background = mix(window, base, 0.22);
    const QColor border = mix(window, base, 0.5);
    // The label's hue, lightened until it reads on the tinted fill.
    float h = 0, s = 0, l = 0;
    base.getHslF(&h, &s, &l);
    QColor text = QColor::fromHslF(std::max(h, 0.0f), std::min(s, 0.9f), std::max(l, 0.72f));
    for (float lightness = std::max(l, 0.72f); contrastRatio(text, background) < Readable && lightness < 1.0f;) {
        lightness = std::min(1.0f, lightness + 0.04f);
        text = QColor::fromHslF(std::max(h, 0.0f), std::min(s, 0.9f), lightness);
    }
    return {background, border, text};
}

namespace {
QHash<QString, QColor> &gitHubColors() // lower-case names; GUI thread only
{
    static QHash<QString, QColor> colors;
    return colors;
}
} // namespace

void LabelChipDelegate::setGitHubColors(const QHash<QString, QColor> &colors)
{
    QHash<QString, QColor> lower;
    for (auto it = colors.cbegin(); it != colors.cend(); ++it)
        lower.insert(it.key().toLower(), it.value());
    gitHubColors() = lower;
}

QColor LabelChipDelegate::gitHubColor(const QString &label)
{
    return gitHubColors().value(label.toLower());
}

QFont LabelChipDelegate::chipFont(const QFont &font)
{
    QFont chip = font;
    if (font.pointSizeF() > 0)
        chip.setPointSizeF(font.pointSizeF() * 0.88);
    else
        chip.setPixelSize(qMax(9, qRound(font.pixelSize() * 0.88)));
    return chip;
}

QSizeF LabelChipDelegate::chipSize(const QString &label, const QFont &chipFont)
{
    const QFontMetricsF metrics(chipFont);
    return {metrics.horizontalAdvance(label) + 2 * ChipPadding, metrics.height() + 4};
}

void LabelChipDelegate::paintChip(QPainter *painter, const QRectF &rect, const QString &label, const ChipColors &colors,
                                  const QFont &chipFont)
{
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    const QRectF box = rect.adjusted(0.5, 0.5, -0.5, -0.5);
    const qreal radius = box.height() / 2;
    painter->setPen(QPen(colors.border, 1));
    painter->setBrush(colors.background);
    painter->drawRoundedRect(box, radius, radius);
    painter->setPen(colors.text);
    painter->setFont(chipFont);
    painter->drawText(rect.adjusted(ChipPadding, 0, -ChipPadding, 0), Qt::AlignCenter | Qt::TextSingleLine,
                      QFontMetricsF(chipFont).elidedText(label, Qt::ElideRight, rect.width() - 2 * ChipPadding));
    painter->restore();
}

void LabelChipDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    // Background, selection and focus as any other cell, without the text.
    QStyleOptionViewItem base = option;
    initStyleOption(&base, index);
    base.text.clear();
    const QWidget *widget = option.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &base, painter, widget);

    const QStringList labels = index.data(IssueTableModel::LabelsRole).toStringList();
    if (labels.isEmpty())
        return;
    const QFont font = chipFont(option.font);
    const QFontMetricsF metrics(font);
    const QRectF area = QRectF(option.rect).adjusted(CellPadding, 0, -CellPadding, 0);
    const qreal chipHeight = metrics.height() + 4;
    const qreal top = area.top() + (area.height() - chipHeight) / 2;

    qreal x = area.left();
    for (qsizetype i = 0; i < labels.size(); ++i) {
        const QString &label = labels.at(i);
        const qreal width = chipSize(label, font).width();
        const qsizetype remaining = labels.size() - i - 1;
        const QString more = remaining > 0 ? u"+%1"_s.arg(remaining) : QString();
        const qreal reserve = remaining > 0 ? metrics.horizontalAdvance(more) + ChipSpacing : 0;
        if (x + width + reserve > area.right()) {
            // Out of room: a first chip is shortened rather than dropped; the rest become "+N".
            if (i == 0) {
                const qreal room = area.right() - x - reserve;
                if (room > 3 * ChipPadding) {
                    paintChip(painter, QRectF(x, top, room, chipHeight), label, colorsFor(label, option.palette), font);
                    x += room + ChipSpacing;
                    i = 1;
                }
            }
            if (i < labels.size()) {
                painter->save();
                painter->setFont(font);
                painter->setPen(option.state & QStyle::State_Selected
                                    ? option.palette.color(QPalette::HighlightedText)
                                    : option.palette.color(QPalette::PlaceholderText));
                painter->drawText(QRectF(x, area.top(), area.right() - x + CellPadding, area.height()),
                                  Qt::AlignLeft | Qt::AlignVCenter, u"+%1"_s.arg(labels.size() - i));
                painter->restore();
            }
            return;
        }
        paintChip(painter, QRectF(x, top, width, chipHeight), label, colorsFor(label, option.palette), font);
        x += width + ChipSpacing;
    }
}

QSize LabelChipDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    const QStringList labels = index.data(IssueTableModel::LabelsRole).toStringList();
    const QFont font = chipFont(option.font);
    qreal width = 2 * CellPadding;
    for (const QString &label : labels)
        width += chipSize(label, font).width() + ChipSpacing;
    const QSize base = QStyledItemDelegate::sizeHint(option, index);
    return {qCeil(width), qMax(base.height(), qCeil(QFontMetricsF(font).height() + 10))};
}
