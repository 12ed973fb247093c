// SPDX-License-Identifier: MIT
#pragma once

#include <QList>
#include <QString>
#include <QStringView>

// A run of an issue body: prose for the markdown importer, or code to insert verbatim and highlight.
struct MarkdownSegment
{
    enum class Kind
    {
        Prose,
        Code
    };
    Kind kind = Kind::Prose;
    QString text;               // prose: markdown; code: the lines between the fences, unindented
    QString info;               // code: the fence's info string ("python", "bash", …); empty when none
    qsizetype sourceOffset = 0; // where `text` starts in the body, for marks that point into it later
    bool fenced = false;        // code: false for a traceback found in prose without fences
};

// Splits markdown into prose and top-level code blocks. Fenced blocks (``` and ~~~) become code;
// so do Python tracebacks pasted into prose without fences, which are very common in issues.
namespace MarkdownSegmenter {
QList<MarkdownSegment> split(QStringView markdown);

// Caps how deep prose can nest (indentation, `>` quotes, list markers on one line), so hostile
// input cannot make the markdown importer and the layout build thousands of nested levels.
QString flattenNesting(QStringView markdown, int maxDepth);
} // namespace MarkdownSegmenter
