// SPDX-License-Identifier: MIT
#pragma once

#include <KSyntaxHighlighting/Theme>

#include <QStyledItemDelegate>

#include <memory>

namespace KSyntaxHighlighting {
class Repository;
}
class TracebackLineHighlighter;

// Paints one line of repro output (ReproOutputModel) in a monospaced font, one row each: ANSI colours from the
// model; traceback lines through our "Python Traceback" KSyntaxHighlighting definition (its contexts end with
// the line, so each line highlights on its own); stderr tinted with a mark in the margin; the exception that
// ends a traceback emphasised; note rows muted and centred. Long lines are clipped, their tooltip shows them.
class ReproOutputDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReproOutputDelegate)

public:
    explicit ReproOutputDelegate(KSyntaxHighlighting::Repository *repository, QObject *parent = nullptr);
    ~ReproOutputDelegate() override;

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    bool helpEvent(QHelpEvent *event, QAbstractItemView *view, const QStyleOptionViewItem &option,
                   const QModelIndex &index) override;

    // Follows the palette (light or dark); call on QEvent::PaletteChange.
    void setPalette(const QPalette &palette);
    void setFont(const QFont &font) { m_font = font; }
    QFont font() const { return m_font; }
    bool hasTracebackDefinition() const;

    // The tint behind stderr lines and the emphasis of exception lines, for this palette.
    static QColor stderrTint(const QPalette &palette);
    static QColor exceptionTint(const QPalette &palette);

private:
    std::unique_ptr<TracebackLineHighlighter> m_highlighter;
    KSyntaxHighlighting::Repository *m_repository = nullptr;
    QPalette m_palette;
    QFont m_font;
};
