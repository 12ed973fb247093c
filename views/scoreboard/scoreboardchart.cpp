// SPDX-License-Identifier: MIT
#include "views/scoreboard/scoreboardchart.h"

#include "engine/scoreboard/scoreboardexporter.h"
#include "views/common/apppalette.h"

#include <QEvent>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace {

constexpr int MaxRules = 6;

QColor accent(const QPalette &palette)
{
    return palette.color(QPalette::Highlight);
}

// The second series: warm, distinct from the blue accent for colour-blind readers too (orange, not red/green).
QColor secondary(const QPalette &palette)
{
    return AppPalette::isDark(palette) ? QColor(0xf0, 0xa0, 0x4b) : QColor(0xc8, 0x5a, 0x00);
}

QColor muted(const QPalette &palette)
{
    return palette.color(QPalette::PlaceholderText);
}

QColor grid(const QPalette &palette)
{
    QColor color = palette.color(QPalette::Text);
    color.setAlphaF(0.12f);
    return color;
}

QString tierName(Confidence tier)
{
    return tier == Confidence::None ? ScoreboardChart::tr("all") : confidenceName(tier);
}

} // namespace

ScoreboardChart::ScoreboardChart(Kind kind, QWidget *parent)
    : QWidget(parent)
    , m_kind(kind)
{
    setObjectName(kind == Kind::OperatingCurve ? u"operatingCurveChart"_s
                  : kind == Kind::Weeks        ? u"weeksChart"_s
                                               : u"overriddenRulesChart"_s);
    setAttribute(Qt::WA_OpaquePaintEvent, false);
    setAccessibleName(title());
}

void ScoreboardChart::setScoreboard(const Scoreboard &board)
{
    m_board = board;
    setToolTip(summary());
    setAccessibleDescription(summary());
    update();
}

QSize ScoreboardChart::sizeHint() const
{
    const QFontMetrics metrics(font());
    return {metrics.averageCharWidth() * 48, metrics.height() * 14};
}

QSize ScoreboardChart::minimumSizeHint() const
{
    const QFontMetrics metrics(font());
    return {metrics.averageCharWidth() * 30, metrics.height() * 10};
}

void ScoreboardChart::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange)
        update();
    QWidget::changeEvent(event);
}

QString ScoreboardChart::title() const
{
    switch (m_kind) {
    case Kind::OperatingCurve:
        return tr("Precision vs coverage per confidence tier");
    case Kind::Weeks:
        return tr("Agreement per week");
    case Kind::OverriddenRules:
        return tr("Most overridden rules");
    }
    return {};
}

QString ScoreboardChart::summary() const
{
    QStringList parts;
    switch (m_kind) {
    case Kind::OperatingCurve:
        for (const TierRow &tier : m_board.tiers)
            parts.append(tr("%1 and above: coverage %2, precision %3")
                             .arg(tierName(tier.tier), ScoreboardExporter::percent(tier.coverage(m_board.scored)),
                                  ScoreboardExporter::percent(tier.precision())));
        break;
    case Kind::Weeks:
        for (const WeekRow &week : m_board.weeks)
            parts.append(tr("week of %1: %2 of %3 agreed")
                             .arg(week.weekStart.toString(Qt::ISODate))
                             .arg(week.agreed)
                             .arg(week.decided));
        break;
    case Kind::OverriddenRules:
        for (qsizetype i = 0; i < m_board.overriddenRules.size() && i < MaxRules; ++i) {
            const AgreementRow &row = m_board.overriddenRules.at(i);
            parts.append(tr("%1: overridden %2 of %3").arg(row.key).arg(row.overridden()).arg(row.suggested));
        }
        break;
    }
    return parts.isEmpty() ? tr("Nothing to show yet") : parts.join(u"; "_s);
}

void ScoreboardChart::paintEvent(QPaintEvent * /*event*/)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    const QFontMetricsF metrics(font());
    const qreal pad = metrics.height() * 0.6;

    // A card: the base colour, a hairline border.
    QRectF card = QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5);
    painter.setPen(QPen(grid(pal), 1));
    painter.setBrush(pal.color(QPalette::Base));
    painter.drawRoundedRect(card, 6, 6);

    QFont titleFont = font();
    titleFont.setBold(true);
    painter.setFont(titleFont);
    painter.setPen(pal.color(QPalette::Text));
    const QRectF titleRect(card.left() + pad, card.top() + pad * 0.7, card.width() - 2 * pad, metrics.height());
    painter.drawText(titleRect, Qt::AlignLeft | Qt::AlignVCenter, title());
    painter.setFont(font());

    const QRectF area(card.left() + pad, titleRect.bottom() + pad * 0.6, card.width() - 2 * pad,
                      card.bottom() - titleRect.bottom() - pad * 1.4);
    const bool empty = m_kind == Kind::OverriddenRules ? m_board.overriddenRules.isEmpty()
                       : m_kind == Kind::Weeks         ? m_board.weeks.isEmpty()
                                                       : m_board.scored == 0;
    if (empty) {
        painter.setPen(muted(pal));
        painter.drawText(area, Qt::AlignCenter | Qt::TextWordWrap,
                         m_kind == Kind::OverriddenRules ? tr("No rule has been overridden.")
                                                         : tr("No scored decisions yet."));
        return;
    }
    if (m_kind == Kind::OverriddenRules) {
        paintRules(painter, area);
        return;
    }
    // Room for the axes' labels: "100%" on the left, one line below.
    const QRectF plot(area.left() + metrics.horizontalAdvance(u"100%"_s) + pad * 0.5, area.top() + pad * 0.3,
                      area.width() - metrics.horizontalAdvance(u"100%"_s) - pad,
                      area.height() - metrics.height() * (m_kind == Kind::Weeks ? 2.4 : 1.4) - pad * 0.3);
    if (plot.width() < 40 || plot.height() < 40)
        return;
    if (m_kind == Kind::OperatingCurve)
        paintCurve(painter, plot);
    else
        paintWeeks(painter, plot);
}

void ScoreboardChart::paintPercentAxis(QPainter &painter, const QRectF &plot, Qt::Orientation orientation)
{
    const QPalette pal = palette();
    const QFontMetricsF metrics(font());
    for (int step = 0; step <= 4; ++step) {
        const double ratio = step / 4.0;
        const QString text = QString::number(step * 25) + u'%';
        if (orientation == Qt::Vertical) {
            const qreal y = plot.bottom() - ratio * plot.height();
            painter.setPen(QPen(grid(pal), 1));
            painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
            painter.setPen(muted(pal));
            painter.drawText(QRectF(plot.left() - metrics.horizontalAdvance(text) - 6, y - metrics.height() / 2,
                                    metrics.horizontalAdvance(text) + 2, metrics.height()),
                             Qt::AlignRight | Qt::AlignVCenter, text);
        } else {
            const qreal x = plot.left() + ratio * plot.width();
            painter.setPen(QPen(grid(pal), 1));
            painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
            painter.setPen(muted(pal));
            const qreal w = metrics.horizontalAdvance(text);
            painter.drawText(QRectF(qBound(plot.left() - w / 2, x - w / 2, plot.right() - w), plot.bottom() + 2, w + 2,
                                    metrics.height()),
                             Qt::AlignCenter, text);
        }
    }
}

void ScoreboardChart::paintCurve(QPainter &painter, const QRectF &plot)
{
    const QPalette pal = palette();
    const QFontMetricsF metrics(font());
    paintPercentAxis(painter, plot, Qt::Vertical);
    paintPercentAxis(painter, plot, Qt::Horizontal);
    painter.setPen(muted(pal));
    painter.drawText(QRectF(plot.left(), plot.top(), plot.width() - 4, metrics.height()), Qt::AlignRight | Qt::AlignTop,
                     tr("precision ↑   coverage →"));

    // A tier without issues of its own adds no point: it would sit on the one above it.
    QList<TierRow> tiers;
    for (const TierRow &tier : m_board.tiers) {
        if (tier.issues > 0)
            tiers.append(tier);
    }
    QPainterPath path;
    QList<QPointF> points;
    for (const TierRow &tier : std::as_const(tiers)) {
        const QPointF point(plot.left() + tier.coverage(m_board.scored) * plot.width(),
                            plot.bottom() - tier.precision() * plot.height());
        if (points.isEmpty())
            path.moveTo(point);
        else
            path.lineTo(point);
        points.append(point);
    }
    painter.setPen(QPen(accent(pal), 2.5));
    painter.setBrush(Qt::NoBrush);
    painter.drawPath(path);
    const qreal radius = metrics.height() * 0.3;
    QList<QRectF> taken;
    for (qsizetype i = 0; i < tiers.size(); ++i) {
        const TierRow &tier = tiers.at(i);
        const QPointF point = points.at(i);
        painter.setPen(QPen(pal.color(QPalette::Base), 2));
        painter.setBrush(accent(pal));
        painter.drawEllipse(point, radius, radius);
        const QString text = (tier.tier == Confidence::None ? tr("all") : confidenceName(tier.tier) + u"+"_s) +
                             u"  "_s + ScoreboardExporter::percent(tier.precision());
        const qreal w = metrics.horizontalAdvance(text);
        const qreal h = metrics.height();
        // Above or below the point, right of it or left when the plot ends; the first place that overlaps no
        // earlier label (close tiers would print over each other).
        QRectF label;
        for (const QPointF &offset :
             {QPointF(radius + 3, -radius - 2 - h), QPointF(radius + 3, radius + 2),
              QPointF(-radius - 3 - w, -radius - 2 - h), QPointF(-radius - 3 - w, radius + 2)}) {
            label = QRectF(point + offset, QSizeF(w, h));
            if (label.right() > plot.right())
                label.moveRight(point.x() - radius - 3);
            if (label.top() < plot.top())
                label.moveTop(point.y() + radius + 2);
            if (label.bottom() > plot.bottom())
                label.moveBottom(point.y() - radius - 2);
            if (std::none_of(taken.cbegin(), taken.cend(), [&label](const QRectF &r) { return r.intersects(label); }))
                break;
        }
        taken.append(label);
        painter.setPen(pal.color(QPalette::Text));
        painter.drawText(label, Qt::AlignLeft | Qt::AlignVCenter, text);
    }
}

void ScoreboardChart::paintWeeks(QPainter &painter, const QRectF &plot)
{
    const QPalette pal = palette();
    const QFontMetricsF metrics(font());
    paintPercentAxis(painter, plot, Qt::Vertical);
    const QList<WeekRow> &weeks = m_board.weeks;
    const qsizetype n = weeks.size();
    const auto xOf = [&](qsizetype i) {
        return n == 1 ? plot.center().x() : plot.left() + plot.width() * double(i) / double(n - 1);
    };
    // Week labels: as many as fit.
    const qreal labelWidth = metrics.horizontalAdvance(u"00 Mmm"_s) + 8;
    const qsizetype every = std::max<qsizetype>(1, qsizetype(std::ceil(labelWidth * n / std::max(1.0, plot.width()))));
    painter.setPen(muted(pal));
    for (qsizetype i = 0; i < n; i += every) {
        const QString text = QLocale().toString(weeks.at(i).weekStart, u"d MMM"_s);
        const qreal w = metrics.horizontalAdvance(text);
        painter.drawText(QRectF(qBound(plot.left() - 4, xOf(i) - w / 2, plot.right() - w + 4), plot.bottom() + 2, w + 2,
                                metrics.height()),
                         Qt::AlignCenter, text);
    }
    const auto series = [&](const QColor &color, auto value, Qt::PenStyle style) {
        QPainterPath path;
        for (qsizetype i = 0; i < n; ++i) {
            const QPointF point(xOf(i), plot.bottom() - value(weeks.at(i)) * plot.height());
            if (i == 0)
                path.moveTo(point);
            else
                path.lineTo(point);
        }
        painter.setPen(QPen(color, 2.5, style, Qt::RoundCap, Qt::RoundJoin));
        painter.setBrush(Qt::NoBrush);
        painter.drawPath(path);
        painter.setBrush(color);
        painter.setPen(QPen(pal.color(QPalette::Base), 1.5));
        const qreal r = metrics.height() * 0.22;
        for (qsizetype i = 0; i < n; ++i)
            painter.drawEllipse(QPointF(xOf(i), plot.bottom() - value(weeks.at(i)) * plot.height()), r, r);
    };
    series(secondary(pal), [](const WeekRow &w) { return w.labelAcceptance(); }, Qt::DashLine);
    series(accent(pal), [](const WeekRow &w) { return w.agreement(); }, Qt::SolidLine);

    // Legend, under the week labels.
    const qreal y = plot.bottom() + metrics.height() * 1.2;
    qreal x = plot.left();
    for (const auto &[color, text] :
         {std::pair{accent(pal), tr("issues agreed")}, std::pair{secondary(pal), tr("labels kept")}}) {
        painter.setPen(QPen(color, 3));
        painter.drawLine(QPointF(x, y + metrics.height() / 2), QPointF(x + metrics.height(), y + metrics.height() / 2));
        x += metrics.height() + 4;
        painter.setPen(pal.color(QPalette::Text));
        painter.drawText(QRectF(x, y, metrics.horizontalAdvance(text) + 2, metrics.height()), Qt::AlignVCenter, text);
        x += metrics.horizontalAdvance(text) + metrics.height();
    }
}

void ScoreboardChart::paintRules(QPainter &painter, const QRectF &area)
{
    const QPalette pal = palette();
    const QFontMetricsF metrics(font());
    const qsizetype n = std::min<qsizetype>(MaxRules, m_board.overriddenRules.size());
    int most = 1;
    for (qsizetype i = 0; i < n; ++i)
        most = std::max(most, m_board.overriddenRules.at(i).suggested);
    const qreal rowHeight = std::min(area.height() / qreal(n), metrics.height() * 2.6);
    for (qsizetype i = 0; i < n; ++i) {
        const AgreementRow &row = m_board.overriddenRules.at(i);
        const QRectF band(area.left(), area.top() + i * rowHeight, area.width(), rowHeight);
        // The rule's id above its bar, elided; the bar: kept (muted) then overridden (warm), out of `most`.
        painter.setPen(pal.color(QPalette::Text));
        const QString figure = tr("%1 of %2").arg(row.overridden()).arg(row.suggested);
        const qreal figureWidth = metrics.horizontalAdvance(figure) + 8;
        painter.drawText(QRectF(band.left(), band.top(), band.width() - figureWidth, metrics.height()),
                         Qt::AlignLeft | Qt::AlignVCenter,
                         metrics.elidedText(row.key, Qt::ElideMiddle, band.width() - figureWidth));
        painter.setPen(muted(pal));
        painter.drawText(QRectF(band.right() - figureWidth, band.top(), figureWidth, metrics.height()),
                         Qt::AlignRight | Qt::AlignVCenter, figure);
        const qreal barTop = band.top() + metrics.height() + 2;
        const qreal barHeight = std::max<qreal>(4, std::min(rowHeight - metrics.height() - 6, metrics.height() * 0.7));
        const qreal unit = band.width() / most;
        painter.setPen(Qt::NoPen);
        QColor kept = accent(pal);
        kept.setAlphaF(0.35f);
        painter.setBrush(secondary(pal));
        painter.drawRoundedRect(QRectF(band.left(), barTop, unit * row.overridden(), barHeight), 2, 2);
        painter.setBrush(kept);
        painter.drawRoundedRect(QRectF(band.left() + unit * row.overridden(), barTop, unit * row.accepted, barHeight),
                                2, 2);
    }
}
