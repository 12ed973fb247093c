// SPDX-License-Identifier: MIT
#pragma once

#include <QStringView>

// What Python's error output looks like, in one place: the issue view, the markdown segmenter, the live repro
// output and the error signature read tracebacks with these, so that they cannot disagree about a line.
namespace PythonText {

inline constexpr QStringView TracebackHeader = u"Traceback (most recent call last)";

// A distributed launcher's line prefix: "[rank3]: ", "[default0]:" (torchrun), "[rank1] ".
QStringView withoutRankPrefix(QStringView line);
// The rank a prefixed line came from; -1 without a prefix.
int rankOf(QStringView line);

// "Traceback (most recent call last):", after a rank prefix and indentation.
bool isTracebackHeader(QStringView line);
// A line that joins two tracebacks of one chain ("During handling of the above exception…", "The above exception
// was the direct cause…") or starts one.
bool isChainLine(QStringView line);
// Where the last traceback header starts in `text`; -1 without one.
qsizetype lastTracebackAt(QStringView text);

// "Name: message" or a bare "Name", where Name (dotted allowed) ends as exception classes do (…Error,
// …Exception, …Warning, Dynamo's plain Unsupported). Read after a rank prefix and surrounding blanks.
struct ExceptionLine
{
    QStringView name;
    QStringView message; // empty for a bare name
    bool isWarning = false;
};
bool parseExceptionLine(QStringView line, ExceptionLine *parsed = nullptr);

} // namespace PythonText
