// SPDX-License-Identifier: MIT
#pragma once

#include "engine/scoreboard/scoreboard.h"

#include <QWidget>

// One of the scoreboard's plots, painted with the widget's palette and font (so dark mode and presentation mode
// need nothing of their own): the operating curve (precision against coverage, one point per confidence tier),
// agreement per week, or the most overridden rules as bars.
class ScoreboardChart final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ScoreboardChart)

public:
    enum class Kind
    {
        OperatingCurve,
        Weeks,
        OverriddenRules
    };

    explicit ScoreboardChart(Kind kind, QWidget *parent = nullptr);

    void setScoreboard(const Scoreboard &board);
    Kind kind() const { return m_kind; }
    // What the plot shows, in words (its accessible description and tooltip).
    QString summary() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void paintCurve(QPainter &painter, const QRectF &plot);
    void paintWeeks(QPainter &painter, const QRectF &plot);
    void paintRules(QPainter &painter, const QRectF &area);
    void paintPercentAxis(QPainter &painter, const QRectF &plot, Qt::Orientation orientation);
    QString title() const;

    Kind m_kind;
    Scoreboard m_board;
};
