// SPDX-License-Identifier: MIT
#pragma once

#include <KSyntaxHighlighting/AbstractHighlighter>

#include <QTextBlock>
#include <QTextCursor>

class QTextDocument;

// Highlights a range of a QTextDocument once, in place, by merging the theme's formats into the text's
// char formats. Unlike KSyntaxHighlighting::SyntaxHighlighter (a QSyntaxHighlighter) it touches only the
// code blocks of a document that also holds prose, and leaves the formats in the document itself.
class CodeBlockHighlighter final : public KSyntaxHighlighting::AbstractHighlighter
{
public:
    CodeBlockHighlighter() = default;
    Q_DISABLE_COPY_MOVE(CodeBlockHighlighter)

    // Highlights the blocks holding [from, to) until about `maxCharacters` have been done; the rest
    // stays plain. Returns the number of characters highlighted.
    qsizetype highlight(QTextDocument *document, int from, int to, qsizetype maxCharacters);

protected:
    void applyFormat(int offset, int length, const KSyntaxHighlighting::Format &format) override;

private:
    QTextCursor m_cursor;
    QTextBlock m_block;
};
