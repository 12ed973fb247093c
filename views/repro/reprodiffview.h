// SPDX-License-Identifier: MIT
#pragma once

#include <QList>
#include <QString>
#include <QWidget>

namespace KSyntaxHighlighting {
class Repository;
class SyntaxHighlighter;
} // namespace KSyntaxHighlighting
class QLabel;
class QPlainTextEdit;

// Two scripts side by side, original | changed, lines aligned: lines only on the left are marked removed,
// lines only on the right added, and a removed line facing an added one reads as changed. Both sides are
// highlighted as Python and scroll together. Colours come from the palette, so dark mode reads as well.
class ReproDiffView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReproDiffView)

public:
    enum class RowKind
    {
        Same,
        Removed, // left only
        Added,   // right only
        Changed, // a removed line beside an added one
    };
    struct Row
    {
        int left = -1; // 0-based line in the original; -1: a filler
        int right = -1;
        RowKind kind = RowKind::Same;
    };

    explicit ReproDiffView(KSyntaxHighlighting::Repository *repository, QWidget *parent = nullptr);

    void setTexts(const QString &original, const QString &changed);
    void setTitles(const QString &left, const QString &right);
    void clear();

    QList<Row> rows() const { return m_rows; }
    // 1-based lines of the original that are gone (removed or changed).
    QList<int> removedLines() const;
    int addedCount() const;
    QPlainTextEdit *leftView() const { return m_left; }
    QPlainTextEdit *rightView() const { return m_right; }

    // The aligned rows of a line diff (longest common subsequence of lines; quote style and trailing spaces
    // do not count as changes).
    static QList<Row> diff(const QStringList &original, const QStringList &changed);

protected:
    void changeEvent(QEvent *event) override;

private:
    void render();
    void applyPalette();

    KSyntaxHighlighting::Repository *m_repository;
    QString m_original;
    QString m_changed;
    QList<Row> m_rows;
    QLabel *m_leftTitle;
    QLabel *m_rightTitle;
    QPlainTextEdit *m_left;
    QPlainTextEdit *m_right;
    KSyntaxHighlighting::SyntaxHighlighter *m_leftHighlighter;
    KSyntaxHighlighting::SyntaxHighlighter *m_rightHighlighter;
};
