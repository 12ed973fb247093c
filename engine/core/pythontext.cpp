// SPDX-License-Identifier: MIT
#include "engine/core/pythontext.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;
using PythonText::TracebackHeader;

namespace {

// A prefix is short: "[default12]:" at most, with room to spare.
constexpr qsizetype MaxPrefix = 16;

bool isAsciiDigit(QChar c)
{
    return c >= u'0' && c <= u'9';
}

// The length of a rank prefix at the start of `line`, and the rank it names; 0 without one.
qsizetype prefixLength(QStringView line, int *rank = nullptr)
{
    if (!line.startsWith(u'['))
        return 0;
    qsizetype i = 1;
    while (i < line.size() && i < MaxPrefix && line.at(i) >= u'a' && line.at(i) <= u'z')
        ++i;
    const qsizetype digitsAt = i;
    while (i < line.size() && i < MaxPrefix && isAsciiDigit(line.at(i)))
        ++i;
    if (i == digitsAt || i >= line.size() || line.at(i) != u']')
        return 0;
    if (rank)
        *rank = line.mid(digitsAt, i - digitsAt).toInt();
    ++i;
    if (i < line.size() && line.at(i) == u':')
        ++i;
    if (i < line.size() && line.at(i) == u' ')
        ++i;
    return i;
}

} // namespace

QStringView PythonText::withoutRankPrefix(QStringView line)
{
    return line.mid(prefixLength(line));
}

int PythonText::rankOf(QStringView line)
{
    int rank = -1;
    prefixLength(line, &rank);
    return rank;
}

bool PythonText::isTracebackHeader(QStringView line)
{
    return withoutRankPrefix(line).trimmed().startsWith(TracebackHeader);
}

bool PythonText::isChainLine(QStringView line)
{
    const QStringView text = withoutRankPrefix(line).trimmed();
    return text.startsWith(u"During handling of the above exception") ||
           text.startsWith(u"The above exception was the direct cause") || text.startsWith(TracebackHeader);
}

qsizetype PythonText::lastTracebackAt(QStringView text)
{
    return text.lastIndexOf(TracebackHeader);
}

bool PythonText::parseExceptionLine(QStringView line, ExceptionLine *parsed)
{
    static const QRegularExpression pattern(
        uR"(^((?:[A-Za-z_][A-Za-z0-9_]*\.)*(?:[A-Za-z_][A-Za-z0-9_]*(?:Error|Exception|Exit|Interrupt|Warning|Failure|Unsupported|Fault|Abort|Timeout|Exceeded|Iteration)|Unsupported))(?::\s?(.*))?$)"_s);
    const QStringView text = withoutRankPrefix(line).trimmed();
    const QRegularExpressionMatch match = pattern.matchView(text);
    if (!match.hasMatch())
        return false;
    if (parsed) {
        parsed->name = match.capturedView(1);
        parsed->message = match.capturedView(2).trimmed();
        parsed->isWarning = parsed->name.endsWith(u"Warning");
    }
    return true;
}
