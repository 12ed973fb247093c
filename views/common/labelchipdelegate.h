// SPDX-License-Identifier: MIT
#pragma once

#include <QColor>
#include <QStyledItemDelegate>

class QPainter;

// Paints a cell's labels (IssueTableModel::LabelsRole) as small rounded chips, "+N" when they overflow.
// Colours go by label family (oncall:, module:, triage state, priority), so a column of chips reads at
// a glance without becoming a rainbow.
class LabelChipDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LabelChipDelegate)

public:
    struct ChipColors
    {
        QColor background;
        QColor border;
        QColor text;
    };

    explicit LabelChipDelegate(QObject *parent = nullptr);

    static ChipColors colorsFor(const QString &label, const QPalette &palette);
    // A chip of the given hue (0–359), or neutral grey for a negative hue, tuned to the palette.
    static ChipColors colorsForHue(int hue, const QPalette &palette);
    // The chip font: the given font, a little smaller.
    static QFont chipFont(const QFont &font);
    static QSizeF chipSize(const QString &label, const QFont &chipFont);
    static void paintChip(QPainter *painter, const QRectF &rect, const QString &label, const ChipColors &colors,
                          const QFont &chipFont);

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
};
