// SPDX-License-Identifier: MIT
#include "views/repro/reprooutputdelegate.h"

#include "models/repro/reprooutputmodel.h"
#include "views/common/apppalette.h"

#include <KSyntaxHighlighting/AbstractHighlighter>
#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Format>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/State>

#include <QAbstractItemView>
#include <QFontDatabase>
#include <QHelpEvent>
#include <QPainter>
#include <QTextLayout>
#include <QToolTip>

using namespace Qt::StringLiterals;

// Highlights single lines with the traceback definition and hands back the format ranges.
class TracebackLineHighlighter final : public KSyntaxHighlighting::AbstractHighlighter
{
public:
    QList<QTextLayout::FormatRange> highlight(const QString &line)
    {
        m_ranges.clear();
        if (definition().isValid())
            highlightLine(line, KSyntaxHighlighting::State());
        return m_ranges;
    }

protected:
    void applyFormat(int offset, int length, const KSyntaxHighlighting::Format &format) override
    {
        if (length <= 0 || format.isDefaultTextStyle(theme()))
            return;
        QTextCharFormat f;
        if (format.hasTextColor(theme()))
            f.setForeground(format.textColor(theme()));
        if (format.isBold(theme()))
            f.setFontWeight(QFont::Bold);
        if (format.isItalic(theme()))
            f.setFontItalic(true);
        if (f.propertyCount() > 0)
            m_ranges.append({offset, length, f});
    }

private:
    QList<QTextLayout::FormatRange> m_ranges;
};

namespace {

constexpr int MarginWidth = 4;
constexpr int TextIndent = 10;

} // namespace

ReproOutputDelegate::ReproOutputDelegate(KSyntaxHighlighting::Repository *repository, QObject *parent)
    : QStyledItemDelegate(parent)
    , m_highlighter(std::make_unique<TracebackLineHighlighter>())
    , m_font(QFontDatabase::systemFont(QFontDatabase::FixedFont))
{
    if (repository) {
        m_highlighter->setDefinition(repository->definitionForName(u"Python Traceback"_s));
        m_highlighter->setTheme(repository->themeForPalette(m_palette));
    }
    m_repository = repository;
}

ReproOutputDelegate::~ReproOutputDelegate() = default;

bool ReproOutputDelegate::hasTracebackDefinition() const
{
    return m_highlighter->definition().isValid();
}

void ReproOutputDelegate::setPalette(const QPalette &palette)
{
    m_palette = palette;
    if (m_repository)
        m_highlighter->setTheme(m_repository->themeForPalette(palette));
}

QColor ReproOutputDelegate::stderrTint(const QPalette &palette)
{
    return Tones::surface(Tone::Removed, AppPalette::isDark(palette));
}

QColor ReproOutputDelegate::exceptionTint(const QPalette &palette)
{
    return Tones::mark(Tone::Removed, AppPalette::isDark(palette));
}

QSize ReproOutputDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    Q_UNUSED(index)
    const QFontMetrics metrics(m_font);
    return {option.rect.width() > 0 ? option.rect.width() : 400, metrics.height() + 4};
}

void ReproOutputDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    const QPalette &pal = option.palette;
    const QRect rect = option.rect;
    const auto kind = ReproOutputModel::LineKind(index.data(ReproOutputModel::LineKindRole).toInt());
    const bool isErr = index.data(ReproOutputModel::StreamRole).toInt() == int(OutputStream::StdErr);
    const bool selected = option.state & QStyle::State_Selected;
    const QString text = index.data().toString();

    painter->save();
    painter->setClipRect(rect);
    if (selected)
        painter->fillRect(rect, pal.color(QPalette::Highlight));
    else if (kind == ReproOutputModel::LineKind::Exception)
        painter->fillRect(rect, exceptionTint(pal));
    else if (isErr)
        painter->fillRect(rect, stderrTint(pal));
    // The margin mark reads without colour: a bar for stderr, none for stdout.
    if (isErr && kind != ReproOutputModel::LineKind::Note)
        painter->fillRect(QRect(rect.left(), rect.top(), MarginWidth, rect.height()),
                          Tones::text(Tone::Removed, AppPalette::isDark(pal)));

    QFont font = m_font;
    if (kind == ReproOutputModel::LineKind::Exception)
        font.setWeight(QFont::Bold);
    QColor ink = pal.color(selected ? QPalette::HighlightedText : QPalette::Text);

    if (kind == ReproOutputModel::LineKind::Note) {
        QFont noteFont = option.font;
        noteFont.setItalic(true);
        painter->setFont(noteFont);
        painter->setPen(pal.color(QPalette::PlaceholderText));
        const int y = rect.center().y();
        const int width = QFontMetrics(noteFont).horizontalAdvance(text) + 24;
        painter->setPen(QPen(pal.color(QPalette::Mid), 1));
        painter->drawLine(rect.left() + TextIndent, y, rect.center().x() - width / 2, y);
        painter->drawLine(rect.center().x() + width / 2, y, rect.right() - TextIndent, y);
        painter->setPen(pal.color(QPalette::PlaceholderText));
        painter->drawText(rect, Qt::AlignCenter, text);
        painter->restore();
        return;
    }

    auto formats = index.data(ReproOutputModel::FormatsRole).value<QList<QTextLayout::FormatRange>>();
    if (formats.isEmpty() && kind != ReproOutputModel::LineKind::Plain && !selected)
        formats = m_highlighter->highlight(text);
    if (selected)
        formats.clear();

    QTextLayout layout(text, font, painter->device());
    QTextOption textOption;
    textOption.setWrapMode(QTextOption::NoWrap);
    textOption.setTabStopDistance(QFontMetricsF(font).horizontalAdvance(u' ') * 8);
    layout.setTextOption(textOption);
    layout.setFormats(formats);
    layout.beginLayout();
    QTextLine line = layout.createLine();
    if (line.isValid())
        line.setLineWidth(1e6);
    layout.endLayout();
    painter->setPen(ink);
    const qreal top = rect.top() + (rect.height() - QFontMetricsF(font).height()) / 2.0;
    layout.draw(painter, QPointF(rect.left() + TextIndent, top));
    if (index.data(ReproOutputModel::IsOpenRole).toBool()) {
        // A caret after an unfinished line: more is on its way.
        const qreal x = rect.left() + TextIndent + (line.isValid() ? line.naturalTextWidth() : 0) + 2;
        painter->fillRect(QRectF(x, top + 2, 2, QFontMetricsF(font).height() - 4),
                          pal.color(QPalette::PlaceholderText));
    }
    painter->restore();
}

bool ReproOutputDelegate::helpEvent(QHelpEvent *event, QAbstractItemView *view, const QStyleOptionViewItem &option,
                                    const QModelIndex &index)
{
    if (event->type() == QEvent::ToolTip && index.isValid()) {
        const QString text = index.data().toString();
        if (QFontMetrics(m_font).horizontalAdvance(text.left(2000)) + TextIndent > option.rect.width()) {
            QToolTip::showText(event->globalPos(), text.left(2000).toHtmlEscaped().prepend(u"<pre>"_s) + u"</pre>"_s,
                               view);
            return true;
        }
    }
    return QStyledItemDelegate::helpEvent(event, view, option, index);
}
