// SPDX-License-Identifier: MIT
#include "engine/similar/issuefingerprint.h"

#include "engine/repro/errorsignature.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace {

// `File ".../torch/nn/parallel/distributed.py", line 1040, in forward` and bare `torch/_dynamo/...py` paths.
const QRegularExpression &framePattern()
{
    static const QRegularExpression re(
        uR"re((?:File "[^"]*?((?:torch|torchvision|torchaudio|functorch|triton|transformers)/[\w/.\-]+\.py)", line \d+, in (\w+))|((?:torch|functorch|triton)/(?:[\w.\-]+/)*[\w.\-]+\.(?:py|cpp|cu|h)))re"_s);
    return re;
}

// `SomethingError: message` anywhere in a line (bodies flattened to one line still carry them).
const QRegularExpression &inlineException()
{
    static const QRegularExpression re(
        uR"(\b((?:[A-Za-z_][A-Za-z0-9_]*\.)*(?:[A-Z][A-Za-z0-9_]*(?:Error|Exception|Failure|Warning)|Unsupported))\b(?::\s*([^\n]{0,160}))?)"_s);
    return re;
}

// Code as people write it about torch: dotted APIs, snake_case with an underscore, CamelCase with two humps.
const QRegularExpression &identifierPattern()
{
    static const QRegularExpression re(
        uR"(\b(?:(?:torch|nn|F|dist|cuda|np)\.[A-Za-z_][\w.]*|[a-z][a-z0-9]*_[a-z0-9_]*[a-z0-9]|_[a-z][a-z0-9_]*|[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+|[A-Z]{2,}[a-z][A-Za-z0-9]*)\b)"_s);
    return re;
}

QString signatureText(const QString &text)
{
    ErrorSignature signature = ErrorSignature::lastRaised(text);
    if (signature.isEmpty()) {
        // Take the last exception written inline.
        auto matches = inlineException().globalMatch(text);
        while (matches.hasNext()) {
            const auto match = matches.next();
            signature = {match.captured(1), match.captured(2)};
        }
    }
    if (signature.isEmpty())
        return {};
    const QString className = signature.exceptionClass;
    const QString shortClass = className.mid(className.lastIndexOf(u'.') + 1);
    const QString message = ErrorSignature::distinctivePart(signature.message);
    return shortClass + u' ' + message;
}

} // namespace

QString IssueFingerprint::fieldName(int field)
{
    static const QStringList names = {u"title"_s,     u"body"_s,   u"comments"_s,
                                      u"signature"_s, u"frames"_s, u"identifiers"_s};
    return names.value(field);
}

QStringList IssueFingerprint::tokens(const QString &text)
{
    QStringList words;
    QString word;
    for (const QChar c : text) {
        if (c.isLetterOrNumber() || c == u'_') {
            word.append(c.toLower());
        } else if (!word.isEmpty()) {
            words.append(word);
            word.clear();
        }
    }
    if (!word.isEmpty())
        words.append(word);
    return words;
}

bool IssueFingerprint::isStopword(const QString &token)
{
    static const QSet<QString> words = [] {
        const QStringList list =
            QStringLiteral(
                "a about above after again all also am an and any are as at be because been before being below between "
                "both but by can could did do does doing done down during each few for from further get got had has "
                "have "
                "having he her here hers him his how i if in into is it its itself just me more most my no nor not now "
                "of "
                "off on once only or other our out over own same she should so some such than that the their them then "
                "there these they this those through to too under until up very was we were what when where which "
                "while "
                "who whom why will with would you your yours use used using like one two new also however still see "
                "bug describe reproduce expected behavior behaviour versions version environment steps following "
                "output "
                "code issue error run running get gets following https http com github www example cc thanks please "
                "collecting info os python torch pytorch x86_64 gcc none true false self return import def print "
                // a traceback's own words
                "traceback most recent call last file line py site packages lib")
                .split(u' ', Qt::SkipEmptyParts);
        return QSet<QString>(list.begin(), list.end());
    }();
    return words.contains(token);
}

QSet<QString> IssueFingerprint::tokenSet(int field) const
{
    const QStringList list = tokens(fields[field]);
    return QSet<QString>(list.begin(), list.end());
}

IssueFingerprint IssueFingerprint::of(const Issue &issue)
{
    IssueFingerprint print;
    print.fields[Title] = issue.title;
    print.fields[Body] = issue.body;
    QStringList comments;
    for (const Comment &comment : issue.comments)
        comments.append(comment.body);
    print.fields[Comments] = comments.join(u'\n');

    // The derived fields read the first 100,000 characters of body and comments: a tracebacks' worth, and a
    // bound on the regular expressions' time for the odd multi-megabyte paste.
    constexpr qsizetype Scanned = 100000;
    const QString body = issue.body.left(Scanned);
    const QString commentText = print.fields[Comments].left(Scanned);
    // The reporter's own text first: a signature in the comments counts when the body has none.
    QString signature = signatureText(issue.title + u'\n' + body);
    if (signature.isEmpty())
        signature = signatureText(commentText);
    print.fields[Signature] = signature;

    const QString text = body + u'\n' + commentText;
    QStringList frames;
    QSet<QString> seen;
    auto matches = framePattern().globalMatch(text);
    while (matches.hasNext() && frames.size() < 200) {
        const auto match = matches.next();
        QString path = match.captured(1).isEmpty() ? match.captured(3) : match.captured(1);
        // The package-relative path: `.../site-packages/torch/x/y.py` → `torch/x/y`.
        path.chop(path.size() - path.lastIndexOf(u'.'));
        const QString frame = path + (match.captured(2).isEmpty() ? QString() : u' ' + match.captured(2));
        if (!seen.contains(frame)) {
            seen.insert(frame);
            frames.append(frame);
        }
    }
    auto exceptions = inlineException().globalMatch(text);
    while (exceptions.hasNext()) {
        const QString name = exceptions.next().captured(1);
        const QString shortName = name.mid(name.lastIndexOf(u'.') + 1);
        if (!seen.contains(shortName)) {
            seen.insert(shortName);
            frames.append(shortName);
        }
    }
    print.fields[Frames] = frames.join(u'\n');

    QStringList identifiers;
    QSet<QString> known;
    auto ids = identifierPattern().globalMatch(issue.title + u'\n' + body);
    while (ids.hasNext() && identifiers.size() < 300) {
        const QString id = ids.next().captured(0);
        if (!known.contains(id)) {
            known.insert(id);
            identifiers.append(id);
        }
    }
    print.fields[Identifiers] = identifiers.join(u' ');
    return print;
}
