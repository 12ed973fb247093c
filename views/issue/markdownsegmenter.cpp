// SPDX-License-Identifier: MIT
#include "views/issue/markdownsegmenter.h"

#include "engine/core/pythontext.h"

using namespace Qt::StringLiterals;

namespace {

struct Fence
{
    QChar marker;
    qsizetype length = 0;
    qsizetype indent = 0;
    QString info;
};

qsizetype leadingSpaces(QStringView line)
{
    qsizetype n = 0;
    while (n < line.size() && line.at(n) == u' ')
        ++n;
    return n;
}

// An opening fence: up to three spaces, then at least three backticks or tildes, then an info string.
bool parseOpeningFence(QStringView line, Fence *fence)
{
    const qsizetype indent = leadingSpaces(line);
    if (indent > 3 || indent >= line.size())
        return false;
    const QChar marker = line.at(indent);
    if (marker != u'`' && marker != u'~')
        return false;
    qsizetype end = indent;
    while (end < line.size() && line.at(end) == marker)
        ++end;
    if (end - indent < 3)
        return false;
    const QStringView info = line.mid(end).trimmed();
    if (marker == u'`' && info.contains(u'`'))
        return false; // an inline code span, not a fence
    fence->marker = marker;
    fence->length = end - indent;
    fence->indent = indent;
    // Only the first word names the language: ```python title="repro.py"
    const qsizetype space = info.indexOf(u' ');
    fence->info = (space < 0 ? info : info.left(space)).toString();
    return true;
}

bool isClosingFence(QStringView line, const Fence &fence)
{
    const qsizetype indent = leadingSpaces(line);
    if (indent > 3)
        return false;
    qsizetype end = indent;
    while (end < line.size() && line.at(end) == fence.marker)
        ++end;
    return end - indent >= fence.length && line.mid(end).trimmed().isEmpty();
}

bool isIndented(QStringView line)
{
    const QStringView text = PythonText::withoutRankPrefix(line);
    return text.startsWith(u' ') || text.startsWith(u'\t');
}

// Removes up to `count` leading spaces, as CommonMark does for lines of an indented fence.
QStringView unindent(QStringView line, qsizetype count)
{
    return line.mid(qMin(count, leadingSpaces(line)));
}

} // namespace

QList<MarkdownSegment> MarkdownSegmenter::split(QStringView markdown)
{
    // Lines with their offsets; a trailing '\r' (CRLF input) is not part of the line.
    struct Line
    {
        QStringView text;
        qsizetype offset;
    };
    QList<Line> lines;
    qsizetype start = 0;
    while (start <= markdown.size()) {
        qsizetype end = markdown.indexOf(u'\n', start);
        if (end < 0)
            end = markdown.size();
        QStringView text = markdown.mid(start, end - start);
        if (text.endsWith(u'\r'))
            text.chop(1);
        lines.append({text, start});
        start = end + 1;
    }

    QList<MarkdownSegment> segments;
    QStringList prose;
    qsizetype proseOffset = 0;
    const auto flushProse = [&] {
        // Blank lines around prose only separate it from code, which has its own margins.
        qsizetype offset = proseOffset;
        while (!prose.isEmpty() && prose.constFirst().trimmed().isEmpty()) {
            offset += prose.constFirst().size() + 1;
            prose.removeFirst();
        }
        while (!prose.isEmpty() && prose.constLast().trimmed().isEmpty())
            prose.removeLast();
        if (!prose.isEmpty())
            segments.append({MarkdownSegment::Kind::Prose, prose.join(u'\n'), {}, offset, false});
        prose.clear();
    };

    qsizetype i = 0;
    while (i < lines.size()) {
        const Line &line = lines.at(i);
        Fence fence;
        if (parseOpeningFence(line.text, &fence)) {
            flushProse();
            QStringList code;
            qsizetype j = i + 1;
            while (j < lines.size() && !isClosingFence(lines.at(j).text, fence)) {
                code.append(unindent(lines.at(j).text, fence.indent).toString());
                ++j;
            }
            const qsizetype codeOffset = i + 1 < lines.size() ? lines.at(i + 1).offset : markdown.size();
            segments.append({MarkdownSegment::Kind::Code, code.join(u'\n'), fence.info, codeOffset, true});
            i = j + 1; // past the closing fence, or past the end when the block was never closed
            continue;
        }
        if (PythonText::isTracebackHeader(line.text)) {
            flushProse();
            qsizetype j = i + 1;
            for (;;) {
                // Frames and source lines are indented; the exception line is the first that is not.
                while (j < lines.size() && (isIndented(lines.at(j).text) || PythonText::isChainLine(lines.at(j).text)))
                    ++j;
                if (j < lines.size() && !PythonText::withoutRankPrefix(lines.at(j).text).trimmed().isEmpty())
                    ++j; // the exception line
                // A chained exception continues the same block, possibly after one blank line.
                qsizetype next = j;
                if (next < lines.size() && PythonText::withoutRankPrefix(lines.at(next).text).trimmed().isEmpty())
                    ++next;
                if (next < lines.size() && PythonText::isChainLine(lines.at(next).text)) {
                    j = next + 1;
                    continue;
                }
                break;
            }
            QStringList code;
            for (qsizetype k = i; k < j; ++k)
                code.append(lines.at(k).text.toString());
            segments.append({MarkdownSegment::Kind::Code, code.join(u'\n'), u"pytb"_s, line.offset, false});
            i = j;
            if (i < lines.size())
                proseOffset = lines.at(i).offset;
            continue;
        }
        if (prose.isEmpty())
            proseOffset = line.offset;
        prose.append(line.text.toString());
        ++i;
    }
    flushProse();
    return segments;
}

QString MarkdownSegmenter::flattenNesting(QStringView markdown, int maxDepth)
{
    // Lists nest every two or three columns, so this allows about maxDepth levels plus room for the
    // four columns of an indented code block inside them.
    const qsizetype maxIndent = 3 * qsizetype(maxDepth);
    QString result;
    result.reserve(markdown.size());
    qsizetype start = 0;
    while (start <= markdown.size()) {
        qsizetype end = markdown.indexOf(u'\n', start);
        if (end < 0)
            end = markdown.size();
        const QStringView line = markdown.mid(start, end - start);

        // Indentation, tabs counted as four columns.
        qsizetype pos = 0;
        qsizetype columns = 0;
        while (pos < line.size() && (line.at(pos) == u' ' || line.at(pos) == u'\t')) {
            columns += line.at(pos) == u'\t' ? 4 - columns % 4 : 1;
            ++pos;
        }
        // Container markers at the start of the line: quotes and list items, each one more level.
        QString markers;
        int depth = 0;
        qsizetype scan = pos;
        for (;;) {
            qsizetype next = scan;
            while (next < line.size() && line.at(next) == u' ')
                ++next;
            if (next >= line.size())
                break;
            const QChar c = line.at(next);
            qsizetype markerEnd = next;
            const bool bullet =
                (c == u'-' || c == u'*' || c == u'+') && next + 1 < line.size() && line.at(next + 1) == u' ';
            if (c == u'>' || bullet) {
                markerEnd = next + 1;
            } else if (c.isDigit()) {
                qsizetype digitsEnd = next;
                while (digitsEnd < line.size() && digitsEnd - next < 10 && line.at(digitsEnd).isDigit())
                    ++digitsEnd;
                if (digitsEnd - next < 10 && digitsEnd + 1 < line.size() &&
                    (line.at(digitsEnd) == u'.' || line.at(digitsEnd) == u')') && line.at(digitsEnd + 1) == u' ')
                    markerEnd = digitsEnd + 1;
            }
            if (markerEnd == next)
                break;
            if (depth < maxDepth)
                markers += line.mid(next, markerEnd - next) + u' ';
            ++depth;
            scan = markerEnd;
        }

        if (columns <= maxIndent && depth <= maxDepth) {
            result += line;
        } else {
            result += QString(qMin(columns, maxIndent), u' ');
            if (depth > maxDepth) {
                result += markers;
                QStringView rest = line.mid(scan);
                while (rest.startsWith(u' '))
                    rest = rest.mid(1);
                result += rest;
            } else {
                result += line.mid(pos);
            }
        }
        if (end < markdown.size())
            result += u'\n';
        start = end + 1;
    }
    return result;
}
