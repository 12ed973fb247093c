// SPDX-License-Identifier: MIT
#include "engine/repro/errorsignature.h"

#include "engine/core/pythontext.h"

#include <QRegularExpression>
#include <QStringList>

using namespace Qt::StringLiterals;

namespace {

QString lastComponent(const QString &dotted)
{
    return dotted.mid(dotted.lastIndexOf(u'.') + 1);
}

QString simplified(const QString &text)
{
    return text.simplified();
}

bool isVolatile(const QString &token)
{
    static const QRegularExpression hex(uR"(0x[0-9a-fA-F]+)"_s);
    if (token.contains(hex) || token.contains(u'/') || token.contains(u'\\'))
        return true;
    int digits = 0;
    int letters = 0;
    for (const QChar c : token) {
        if (c.isDigit())
            ++digits;
        else if (c.isLetter())
            ++letters;
    }
    return digits > 0 && digits * 2 >= digits + letters;
}

} // namespace

QString ErrorSignature::toString() const
{
    if (message.isEmpty())
        return exceptionClass;
    return exceptionClass + u": "_s + message;
}

ErrorSignature ErrorSignature::parse(const QString &text)
{
    const QString trimmed = text.trimmed();
    const qsizetype colon = trimmed.indexOf(u':');
    if (colon < 0)
        return {trimmed, {}};
    return {trimmed.left(colon).trimmed(), trimmed.mid(colon + 1).trimmed()};
}

ErrorSignature ErrorSignature::lastRaised(const QString &text)
{
    const QStringList lines = text.split(u'\n');
    // Prefer the exception line that closes the last traceback; else the last exception-looking line.
    const qsizetype tracebackAt = PythonText::lastTracebackAt(text);
    qsizetype startLine = 0;
    if (tracebackAt >= 0)
        startLine = text.left(tracebackAt).count(u'\n');
    ErrorSignature found;
    auto scan = [&](qsizetype from) {
        for (qsizetype i = from; i < lines.size(); ++i) {
            const QStringView line = PythonText::withoutRankPrefix(lines.at(i));
            if (line.startsWith(u' ') || line.startsWith(u'\t'))
                continue;
            PythonText::ExceptionLine exception;
            if (!PythonText::parseExceptionLine(line, &exception))
                continue;
            QString message = exception.message.toString();
            // Messages may continue on following lines until a blank line or the next traceback.
            for (qsizetype j = i + 1; j < lines.size() && j < i + 6; ++j) {
                const QStringView next = PythonText::withoutRankPrefix(lines.at(j)).trimmed();
                if (next.isEmpty() || PythonText::isChainLine(next) || PythonText::parseExceptionLine(next))
                    break;
                message += u'\n' + next;
            }
            found = {exception.name.toString(), message};
            if (tracebackAt >= 0)
                return true;
        }
        return !found.isEmpty();
    };
    if (!scan(startLine) && startLine > 0)
        scan(0);
    return found;
}

QString ErrorSignature::distinctivePart(const QString &message)
{
    const QString firstLine = message.section(u'\n', 0, 0).trimmed();
    const QStringList words = firstLine.split(u' ', Qt::SkipEmptyParts);
    QStringList kept;
    for (const QString &word : words) {
        // Stop at volatile tokens and at parenthesised detail; a sentence end closes the part too.
        if (isVolatile(word) || (!kept.isEmpty() && (word.startsWith(u'(') || word.startsWith(u'['))))
            break;
        kept << word;
        if (word.endsWith(u'.') && kept.size() >= 3)
            break;
    }
    QString part = kept.join(u' ');
    if (kept.size() < 2 || part.size() < 12)
        part = firstLine;
    // Trailing punctuation from a cut ("... shapes cannot be multiplied (") is noise.
    while (!part.isEmpty() && QStringLiteral("([{,:;.'\"`").contains(part.back()))
        part.chop(1);
    if (part.size() > 100) {
        part.truncate(100);
        const qsizetype space = part.lastIndexOf(u' ');
        if (space > 40)
            part.truncate(space);
    }
    return part.trimmed();
}

bool ErrorSignature::foundIn(const QString &text) const
{
    if (exceptionClass.isEmpty())
        return false;
    const QString wantedClass = lastComponent(exceptionClass);
    const QString wantedMessage = simplified(message);
    const QStringList lines = text.split(u'\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString line = PythonText::withoutRankPrefix(lines.at(i)).trimmed().toString();
        PythonText::ExceptionLine exception;
        QString className;
        QString rest;
        if (PythonText::parseExceptionLine(line, &exception)) {
            className = exception.name.toString();
            rest = exception.message.toString();
        } else {
            // Classes without a telling suffix (`torch.OutOfMemoryError` has one, `KeyError` too, `StopIteration`
            // not): accept `Name: …` when the name is the one we look for.
            const qsizetype colon = line.indexOf(u':');
            if (colon <= 0 || lastComponent(line.left(colon)) != wantedClass)
                continue;
            className = line.left(colon);
            rest = line.mid(colon + 1);
        }
        if (lastComponent(className) != wantedClass)
            continue;
        if (wantedMessage.isEmpty())
            return true;
        QString window = rest;
        for (qsizetype j = i + 1; j < lines.size() && j <= i + 5; ++j)
            window += u' ' + lines.at(j);
        if (simplified(window).contains(wantedMessage))
            return true;
    }
    return false;
}
