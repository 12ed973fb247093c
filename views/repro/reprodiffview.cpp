// SPDX-License-Identifier: MIT
#include "views/repro/reprodiffview.h"

#include "views/common/labelchipdelegate.h"

#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/SyntaxHighlighter>
#include <KSyntaxHighlighting/Theme>

#include <QEvent>
#include <QFontDatabase>
#include <QGridLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QTextBlock>

using namespace Qt::StringLiterals;

namespace {

constexpr int RemovedHue = 2;
constexpr int AddedHue = 140;
constexpr qsizetype MaxCells = 4'000'000; // beyond this (2,000 × 2,000 lines) the table would not pay off

// What a line is compared by: the minimizer rewrites what it keeps through Python's `ast`, which turns
// "double" quotes into 'single' ones and drops trailing spaces; such a line is the same code, not a change.
QString comparable(const QString &line)
{
    QString key = line;
    key.replace(u'"', u'\'');
    while (key.endsWith(u' ') || key.endsWith(u'\t'))
        key.chop(1);
    return key;
}

QStringList linesOf(const QString &text)
{
    if (text.isEmpty())
        return {};
    QStringList lines = text.split(u'\n');
    if (text.endsWith(u'\n'))
        lines.removeLast();
    return lines;
}

void setUpSide(QPlainTextEdit *edit, const QString &name)
{
    edit->setObjectName(name);
    edit->setReadOnly(true);
    edit->setLineWrapMode(QPlainTextEdit::NoWrap);
    edit->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    edit->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
}

// Each side's scroll bar drives the other's: setValue() with the same value emits nothing, so no loop.
void syncScrollBars(QScrollBar *a, QScrollBar *b)
{
    QObject::connect(a, &QScrollBar::valueChanged, b, &QScrollBar::setValue);
    QObject::connect(b, &QScrollBar::valueChanged, a, &QScrollBar::setValue);
}

} // namespace

ReproDiffView::ReproDiffView(KSyntaxHighlighting::Repository *repository, QWidget *parent)
    : QWidget(parent)
    , m_repository(repository)
    , m_leftTitle(new QLabel(tr("Original"), this))
    , m_rightTitle(new QLabel(tr("Minimized"), this))
    , m_left(new QPlainTextEdit(this))
    , m_right(new QPlainTextEdit(this))
    , m_leftHighlighter(new KSyntaxHighlighting::SyntaxHighlighter(m_left->document()))
    , m_rightHighlighter(new KSyntaxHighlighting::SyntaxHighlighter(m_right->document()))
{
    setObjectName(u"reproDiffView"_s);
    setUpSide(m_left, u"reproDiffLeft"_s);
    setUpSide(m_right, u"reproDiffRight"_s);
    m_left->setAccessibleName(tr("Original script"));
    m_right->setAccessibleName(tr("Minimized script"));
    for (QLabel *title : {m_leftTitle, m_rightTitle}) {
        QFont font = title->font();
        font.setWeight(QFont::DemiBold);
        title->setFont(font);
        title->setForegroundRole(QPalette::PlaceholderText);
    }
    if (m_repository) {
        const KSyntaxHighlighting::Definition python = m_repository->definitionForName(u"Python"_s);
        m_leftHighlighter->setDefinition(python);
        m_rightHighlighter->setDefinition(python);
    }
    syncScrollBars(m_left->verticalScrollBar(), m_right->verticalScrollBar());
    syncScrollBars(m_left->horizontalScrollBar(), m_right->horizontalScrollBar());

    auto *layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setHorizontalSpacing(6);
    layout->setVerticalSpacing(2);
    layout->addWidget(m_leftTitle, 0, 0);
    layout->addWidget(m_rightTitle, 0, 1);
    layout->addWidget(m_left, 1, 0);
    layout->addWidget(m_right, 1, 1);
    layout->setColumnStretch(0, 1);
    layout->setColumnStretch(1, 1);
    layout->setRowStretch(1, 1);
    applyPalette();
}

QList<ReproDiffView::Row> ReproDiffView::diff(const QStringList &original, const QStringList &changed)
{
    QStringList a;
    QStringList b;
    for (const QString &line : original)
        a << comparable(line);
    for (const QString &line : changed)
        b << comparable(line);
    const qsizetype n = a.size();
    const qsizetype m = b.size();
    QList<Row> rows;
    if ((n + 1) * (m + 1) > MaxCells) {
        // Too big to align: everything old out, everything new in.
        for (int i = 0; i < n; ++i)
            rows << Row{i, -1, RowKind::Removed};
        for (int j = 0; j < m; ++j)
            rows << Row{-1, j, RowKind::Added};
        return rows;
    }
    // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
    QList<int> lcs((n + 1) * (m + 1), 0);
    const auto at = [m](qsizetype i, qsizetype j) { return i * (m + 1) + j; };
    for (qsizetype i = n - 1; i >= 0; --i) {
        for (qsizetype j = m - 1; j >= 0; --j)
            lcs[at(i, j)] = a.at(i) == b.at(j) ? lcs.at(at(i + 1, j + 1)) + 1
                                               : std::max(lcs.at(at(i + 1, j)), lcs.at(at(i, j + 1)));
    }
    // Walk it; runs of removals and additions between common lines pair up as changes.
    QList<int> removed;
    QList<int> added;
    const auto flush = [&] {
        const qsizetype pairs = std::min(removed.size(), added.size());
        for (qsizetype k = 0; k < pairs; ++k)
            rows << Row{removed.at(k), added.at(k), RowKind::Changed};
        for (qsizetype k = pairs; k < removed.size(); ++k)
            rows << Row{removed.at(k), -1, RowKind::Removed};
        for (qsizetype k = pairs; k < added.size(); ++k)
            rows << Row{-1, added.at(k), RowKind::Added};
        removed.clear();
        added.clear();
    };
    qsizetype i = 0;
    qsizetype j = 0;
    while (i < n || j < m) {
        if (i < n && j < m && a.at(i) == b.at(j)) {
            flush();
            rows << Row{int(i), int(j), RowKind::Same};
            ++i;
            ++j;
        } else if (j >= m || (i < n && lcs.at(at(i + 1, j)) >= lcs.at(at(i, j + 1)))) {
            removed << int(i++);
        } else {
            added << int(j++);
        }
    }
    flush();
    return rows;
}

void ReproDiffView::setTexts(const QString &original, const QString &changed)
{
    m_original = original;
    m_changed = changed;
    m_rows = diff(linesOf(original), linesOf(changed));
    render();
}

void ReproDiffView::setTitles(const QString &left, const QString &right)
{
    m_leftTitle->setText(left);
    m_rightTitle->setText(right);
}

void ReproDiffView::clear()
{
    m_original.clear();
    m_changed.clear();
    m_rows.clear();
    m_left->clear();
    m_right->clear();
}

QList<int> ReproDiffView::removedLines() const
{
    QList<int> lines;
    for (const Row &row : m_rows) {
        if (row.left >= 0 && row.kind != RowKind::Same)
            lines << row.left + 1;
    }
    return lines;
}

int ReproDiffView::addedCount() const
{
    return int(std::count_if(m_rows.cbegin(), m_rows.cend(),
                             [](const Row &row) { return row.right >= 0 && row.kind != RowKind::Same; }));
}

void ReproDiffView::render()
{
    const QStringList a = linesOf(m_original);
    const QStringList b = linesOf(m_changed);
    QStringList left;
    QStringList right;
    for (const Row &row : std::as_const(m_rows)) {
        left << (row.left >= 0 ? a.at(row.left) : QString());
        right << (row.right >= 0 ? b.at(row.right) : QString());
    }
    const int leftValue = m_left->verticalScrollBar()->value();
    m_left->setPlainText(left.join(u'\n'));
    m_right->setPlainText(right.join(u'\n'));
    m_left->verticalScrollBar()->setValue(leftValue);

    // Full-width marks: removed red on the left, added green on the right, fillers in the window colour.
    const QPalette pal = palette();
    const QColor removedColor = LabelChipDelegate::colorsForHue(RemovedHue, pal).background;
    const QColor addedColor = LabelChipDelegate::colorsForHue(AddedHue, pal).background;
    const QColor fillerColor = pal.color(QPalette::Window);
    const auto mark = [](QPlainTextEdit *edit, int line, const QColor &color, const QString &tip) {
        QTextEdit::ExtraSelection selection;
        selection.cursor = QTextCursor(edit->document()->findBlockByNumber(line));
        selection.format.setBackground(color);
        selection.format.setProperty(QTextFormat::FullWidthSelection, true);
        if (!tip.isEmpty())
            selection.format.setToolTip(tip);
        return selection;
    };
    QList<QTextEdit::ExtraSelection> leftMarks;
    QList<QTextEdit::ExtraSelection> rightMarks;
    for (int line = 0; line < m_rows.size(); ++line) {
        const Row &row = m_rows.at(line);
        if (row.kind == RowKind::Same)
            continue;
        if (row.left >= 0)
            leftMarks << mark(m_left, line, removedColor, tr("line %1: removed").arg(row.left + 1));
        else
            leftMarks << mark(m_left, line, fillerColor, {});
        if (row.right >= 0)
            rightMarks << mark(m_right, line, addedColor,
                               row.kind == RowKind::Changed ? tr("simplified from line %1").arg(row.left + 1)
                                                            : tr("added"));
        else
            rightMarks << mark(m_right, line, fillerColor, {});
    }
    m_left->setExtraSelections(leftMarks);
    m_right->setExtraSelections(rightMarks);
}

void ReproDiffView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyPalette();
}

void ReproDiffView::applyPalette()
{
    if (m_repository) {
        const KSyntaxHighlighting::Theme theme = m_repository->themeForPalette(palette());
        m_leftHighlighter->setTheme(theme);
        m_rightHighlighter->setTheme(theme);
        m_leftHighlighter->rehighlight();
        m_rightHighlighter->rehighlight();
    }
    if (!m_rows.isEmpty())
        render();
}
