// SPDX-License-Identifier: MIT
#pragma once

#include <QColor>
#include <QHash>
#include <QStyledItemDelegate>

class QPainter;

// Paints a cell's labels (IssueTableModel::LabelsRole) as small rounded chips, "+N" when they overflow.
// Colours go by label family (oncall:, module:, triage state, priority), so a column of chips reads at
// a glance without becoming a rainbow. Labels whose GitHub colour is known (the repository's labels) are
// painted in it, as on GitHub, with text that stays readable in both schemes.
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

    // The label's GitHub colour when known, else its family's.
    static ChipColors colorsFor(const QString &label, const QPalette &palette);
    // A chip of the given hue (0–359), or neutral grey for a negative hue, tuned to the palette.
    static ChipColors colorsForHue(int hue, const QPalette &palette);
    // A chip in a GitHub label colour: light schemes fill it with the colour (black or white text, whichever
    // reads better), dark ones tint the window with it and lighten the text, as GitHub does; the text has a
    // contrast ratio of at least 4.5:1 (WCAG AA) against the fill either way.
    static ChipColors colorsForGitHub(const QColor &color, const QPalette &palette);
    // WCAG 2 contrast ratio of two opaque colours (1–21).
    static qreal contrastRatio(const QColor &a, const QColor &b);

    // The open repository's GitHub label colours by name (case-insensitive), for every chip the console paints
    // (table, issue, suggestion, outbox); labels without one keep their family's colours.
    static void setGitHubColors(const QHash<QString, QColor> &colors);
    static QColor gitHubColor(const QString &label);

    // The chip font: the given font, a little smaller.
    static QFont chipFont(const QFont &font);
    static QSizeF chipSize(const QString &label, const QFont &chipFont);
    static void paintChip(QPainter *painter, const QRectF &rect, const QString &label, const ChipColors &colors,
                          const QFont &chipFont);

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
};
