// SPDX-License-Identifier: MIT
#include "engine/repro/reprorunvariant.h"

#include <QRegularExpression>
#include <QSet>

using namespace Qt::StringLiterals;

Result<QMap<QString, QString>> ReproRunVariant::parseVariables(const QStringList &items)
{
    static const QRegularExpression item(u"^([A-Za-z_][A-Za-z0-9_]*)=(.*)$"_s);
    // What the sandbox sets itself: a reviewer's variable must not undo the isolation.
    static const QSet<QString> reserved = {
        u"PATH"_s, u"HOME"_s, u"PYTHONPATH"_s, u"LD_PRELOAD"_s, u"LD_LIBRARY_PATH"_s, u"PYTHONHASHSEED"_s, u"USER"_s};
    QMap<QString, QString> out;
    for (const QString &raw : items) {
        const QString text = raw.trimmed();
        if (text.isEmpty())
            continue;
        const QRegularExpressionMatch m = item.match(text);
        if (!m.hasMatch())
            return Error{u"“%1” is not NAME=VALUE"_s.arg(text)};
        if (reserved.contains(m.captured(1)))
            return Error{u"%1 is set by the sandbox (or by the seed option), not here"_s.arg(m.captured(1))};
        out.insert(m.captured(1), m.captured(2));
    }
    return out;
}

Result<QMap<QString, QString>> ReproRunVariant::parseVariables(const QString &text)
{
    return parseVariables(text.split(QRegularExpression(u"\\s+"_s), Qt::SkipEmptyParts));
}

QString ReproRunVariant::withDynamoResets(const QString &source, int *resets)
{
    if (resets)
        *resets = 0;
    QStringList lines = source.split(u'\n');
    // Names bound to a compiled callable: `opt = torch.compile(f)` and `@torch.compile` on a def.
    static const QRegularExpression assigned(u"^\\s*(\\w+)\\s*=\\s*torch\\.compile\\("_s);
    static const QRegularExpression decorator(u"^\\s*@torch\\.compile\\b"_s);
    static const QRegularExpression def(u"^\\s*(?:async\\s+)?def\\s+(\\w+)"_s);
    QStringList compiled;
    bool decorated = false;
    for (const QString &line : std::as_const(lines)) {
        if (const QRegularExpressionMatch m = assigned.match(line); m.hasMatch())
            compiled << m.captured(1);
        if (decorator.match(line).hasMatch()) {
            decorated = true;
        } else if (const QRegularExpressionMatch d = def.match(line); d.hasMatch()) {
            if (decorated)
                compiled << d.captured(1);
            decorated = false;
        }
    }
    // Where compiled code runs: `torch.compile(f)(x)`, or a call of a compiled name outside its own binding.
    QString names;
    for (const QString &n : std::as_const(compiled))
        names += (names.isEmpty() ? QString() : u"|"_s) + QRegularExpression::escape(n);
    const QRegularExpression call(u"torch\\.compile\\([^\\n]*\\)\\s*\\("_s +
                                  (names.isEmpty() ? QString() : u"|\\b(?:"_s + names + u")\\s*\\("_s));
    QList<int> invocations;
    for (int i = 0; i < lines.size(); ++i) {
        const QString &line = lines.at(i);
        const QString trimmed = line.trimmed();
        if (trimmed.startsWith(u'#') || trimmed.startsWith(u'@') || def.match(line).hasMatch() ||
            assigned.match(line).hasMatch())
            continue;
        if (call.match(line).hasMatch())
            invocations << i;
    }
    if (invocations.size() < 2)
        return source;
    for (qsizetype k = invocations.size() - 1; k >= 1; --k) {
        const int at = invocations.at(k);
        // Not inside a bracketed continuation of the previous statement.
        int prev = at - 1;
        while (prev >= 0 && lines.at(prev).trimmed().isEmpty())
            --prev;
        if (prev >= 0) {
            const QString p = lines.at(prev).trimmed();
            if (p.endsWith(u',') || p.endsWith(u'(') || p.endsWith(u'[') || p.endsWith(u'{') || p.endsWith(u'\\'))
                continue;
        }
        const QString &target = lines.at(at);
        qsizetype indent = 0;
        while (indent < target.size() && target.at(indent).isSpace())
            ++indent;
        lines.insert(at, target.left(indent) + u"torch._dynamo.reset()"_s);
        if (resets)
            ++*resets;
    }
    return lines.join(u'\n');
}
