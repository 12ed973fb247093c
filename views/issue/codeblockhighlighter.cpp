// SPDX-License-Identifier: MIT
#include "views/issue/codeblockhighlighter.h"

#include <KSyntaxHighlighting/Format>
#include <KSyntaxHighlighting/State>
#include <KSyntaxHighlighting/Theme>

#include <QTextCharFormat>
#include <QTextDocument>

qsizetype CodeBlockHighlighter::highlight(QTextDocument *document, int from, int to, qsizetype maxCharacters)
{
    if (!document || !definition().isValid() || from >= to)
        return 0;
    m_cursor = QTextCursor(document);
    qsizetype done = 0;
    KSyntaxHighlighting::State state;
    for (m_block = document->findBlock(from); m_block.isValid() && m_block.position() < to && done < maxCharacters;
         m_block = m_block.next()) {
        const QString text = m_block.text();
        state = highlightLine(text, state);
        done += text.size() + 1;
    }
    m_block = {};
    m_cursor = {};
    return done;
}

void CodeBlockHighlighter::applyFormat(int offset, int length, const KSyntaxHighlighting::Format &format)
{
    const KSyntaxHighlighting::Theme &theme = this->theme();
    if (length <= 0 || format.isDefaultTextStyle(theme))
        return;
    QTextCharFormat charFormat;
    if (format.hasTextColor(theme))
        charFormat.setForeground(format.textColor(theme));
    if (format.hasBackgroundColor(theme))
        charFormat.setBackground(format.backgroundColor(theme));
    if (format.isBold(theme))
        charFormat.setFontWeight(QFont::Bold);
    if (format.isItalic(theme))
        charFormat.setFontItalic(true);
    if (format.isUnderline(theme))
        charFormat.setFontUnderline(true);
    if (format.isStrikeThrough(theme))
        charFormat.setFontStrikeOut(true);
    if (charFormat.properties().isEmpty())
        return;
    m_cursor.setPosition(m_block.position() + offset);
    m_cursor.setPosition(m_block.position() + offset + length, QTextCursor::KeepAnchor);
    m_cursor.mergeCharFormat(charFormat);
}
