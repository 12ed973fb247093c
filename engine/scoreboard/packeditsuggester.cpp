// SPDX-License-Identifier: MIT
#include "engine/scoreboard/packeditsuggester.h"

#include "engine/review/decisionhistorystore.h"
#include "engine/scoreboard/agreementcalculator.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <functional>

using namespace Qt::StringLiterals;

namespace {

constexpr int MaxWords = 3;

QString tr(const char *text)
{
    return QCoreApplication::translate("PackEdit", text);
}

// Words too common in bug reports to tell one module from another.
const QSet<QString> &stopWords()
{
    static const QSet<QString> words = {
        u"about"_s,     u"after"_s,       u"again"_s,    u"also"_s,    u"because"_s,  u"before"_s,    u"being"_s,
        u"below"_s,     u"could"_s,       u"doesn"_s,    u"error"_s,   u"expected"_s, u"following"_s, u"forward"_s,
        u"github"_s,    u"issue"_s,       u"model"_s,    u"other"_s,   u"python"_s,   u"should"_s,    u"since"_s,
        u"still"_s,     u"there"_s,       u"these"_s,    u"their"_s,   u"thing"_s,    u"think"_s,     u"torch"_s,
        u"trace"_s,     u"traceback"_s,   u"using"_s,    u"version"_s, u"when"_s,     u"where"_s,     u"which"_s,
        u"while"_s,     u"would"_s,       u"with"_s,     u"works"_s,   u"import"_s,   u"pytorch"_s,   u"tensor"_s,
        u"return"_s,    u"print"_s,       u"recent"_s,   u"call"_s,    u"last"_s,     u"file"_s,      u"line"_s,
        u"code"_s,      u"self"_s,        u"none"_s,     u"true"_s,    u"false"_s,    u"have"_s,      u"that"_s,
        u"this"_s,      u"from"_s,        u"what"_s,     u"does"_s,    u"will"_s,     u"here"_s,      u"only"_s,
        u"same"_s,      u"some"_s,        u"than"_s,     u"then"_s,    u"into"_s,     u"bug"_s,       u"describe"_s,
        u"reproduce"_s, u"environment"_s, u"versions"_s, u"output"_s,  u"steps"_s,    u"behavior"_s,  u"behaviour"_s};
    return words;
}

QString wordKey(const PackEdit::Word &word)
{
    return QString::number(int(word.kind)) + u':' + word.text;
}

bool moduleHasSignal(const RubricPack &pack, const ModuleRule &module, const PackEdit::Word &word)
{
    if (module.group < 0 || module.group >= pack.groups.size())
        return false;
    for (const Signal &signal : pack.groups.at(module.group).signalList) {
        if (signal.text.compare(word.text, Qt::CaseInsensitive) == 0)
            return true;
    }
    return false;
}

struct Tally
{
    PackEdit::Word word;
    int inGroup = 0;
    int inContrast = 0;
};

QList<PackEdit::Word> sharedWords(const QList<QList<PackEdit::Word>> &group,
                                  const QList<QList<PackEdit::Word>> &contrast,
                                  const std::function<bool(const PackEdit::Word &)> &skip)
{
    QHash<QString, Tally> tallies;
    for (const QList<PackEdit::Word> &words : group) {
        for (const PackEdit::Word &word : words) {
            Tally &tally = tallies[wordKey(word)];
            tally.word = word;
            ++tally.inGroup;
        }
    }
    for (const QList<PackEdit::Word> &words : contrast) {
        for (const PackEdit::Word &word : words) {
            const auto it = tallies.find(wordKey(word));
            if (it != tallies.end())
                ++it->inContrast;
        }
    }
    const int needed = std::max(2, int(std::ceil(0.6 * double(group.size()))));
    const double contrastSize = std::max<qsizetype>(1, contrast.size());
    QList<Tally> kept;
    for (const Tally &tally : std::as_const(tallies)) {
        if (tally.inGroup >= needed && double(tally.inContrast) / contrastSize <= 0.1 && !skip(tally.word))
            kept.append(tally);
    }
    // Most shared first, then the most telling kind (a frame or an API name over a prose word), then the fewest
    // issues elsewhere, then the text for a stable order.
    std::sort(kept.begin(), kept.end(), [contrastSize, &group](const Tally &a, const Tally &b) {
        const double scoreA = double(a.inGroup) / double(group.size()) - double(a.inContrast) / contrastSize;
        const double scoreB = double(b.inGroup) / double(group.size()) - double(b.inContrast) / contrastSize;
        if (scoreA != scoreB)
            return scoreA > scoreB;
        const auto rank = [](SignalKind kind) {
            return kind == SignalKind::Frame ? 0 : kind == SignalKind::Api ? 1 : 2;
        };
        if (rank(a.word.kind) != rank(b.word.kind))
            return rank(a.word.kind) < rank(b.word.kind);
        if (a.inContrast != b.inContrast)
            return a.inContrast < b.inContrast;
        return a.word.text < b.word.text;
    });
    QList<PackEdit::Word> words;
    for (const Tally &tally : std::as_const(kept)) {
        if (words.size() == MaxWords)
            break;
        PackEdit::Word word = tally.word;
        word.inOverridden = tally.inGroup;
        word.elsewhere = tally.inContrast;
        words.append(word);
    }
    return words;
}

QString slug(const QString &text)
{
    QString slug = text.toLower();
    slug.replace(QRegularExpression(u"[^a-z0-9]+"_s), u"-"_s);
    return slug.remove(QRegularExpression(u"^-+|-+$"_s));
}

} // namespace

QString PackEdit::describe() const
{
    QStringList shown;
    for (const Word &word : words)
        shown.append(u"%1 \u201c%2\u201d (%3/%4)"_s.arg(signalKindName(word.kind), word.text)
                         .arg(word.inOverridden)
                         .arg(issues.size()));
    const QString fired = firedRules.isEmpty() ? QString() : tr(" Rules that fired: %1.").arg(firedRules.join(u", "_s));
    if (kind == Kind::Signal)
        return tr("Reviewers added %1 on %2 issues the engine did not suggest it for; they share %3. Proposed: add "
                  "them "
                  "to the module's signals.%4")
            .arg(label)
            .arg(issues.size())
            .arg(shown.join(u", "_s), fired);
    return tr("Reviewers removed %1 on %2 issues the engine suggested it for; they share %3. Proposed: a confusion "
              "that drops it when they appear.%4")
        .arg(label)
        .arg(issues.size())
        .arg(shown.join(u", "_s), fired);
}

QList<PackEdit::Word> PackEditSuggester::wordsOf(const Issue &issue)
{
    static const QRegularExpression frame(u"((?:[A-Za-z0-9_]+/)+)[A-Za-z0-9_]+\\.py"_s);
    static const QRegularExpression token(u"[A-Za-z_][A-Za-z0-9_]*(?:\\.[A-Za-z_][A-Za-z0-9_]*)*"_s);
    QString text = issue.title + u'\n' + issue.body;
    for (const Comment &comment : issue.comments)
        text += u'\n' + comment.body;
    QSet<QString> seen;
    QList<PackEdit::Word> words;
    const auto add = [&](SignalKind kind, const QString &value) {
        const QString key = QString::number(int(kind)) + u':' + value;
        if (!seen.contains(key)) {
            seen.insert(key);
            words.append(PackEdit::Word{kind, value, 0, 0});
        }
    };
    for (auto it = frame.globalMatch(text); it.hasNext();) {
        QString folder = it.next().captured(1);
        // From the package on: "…/site-packages/torch/distributed/fsdp/" → "torch/distributed/fsdp/".
        const qsizetype torch = folder.indexOf(u"torch/"_s);
        if (torch > 0)
            folder = folder.mid(torch);
        if (folder.count(u'/') >= 2)
            add(SignalKind::Frame, folder);
    }
    for (auto it = token.globalMatch(text); it.hasNext();) {
        const QString word = it.next().captured(0);
        if (word.size() < 4)
            continue;
        const bool identifier = word.contains(u'_') || word.contains(u'.') ||
                                std::any_of(word.begin() + 1, word.end(), [](QChar c) { return c.isUpper(); });
        if (identifier) {
            if (word.size() >= 5)
                add(SignalKind::Api, word);
            continue;
        }
        const QString lower = word.toLower();
        if (lower.size() >= 5 && !stopWords().contains(lower))
            add(SignalKind::Keyword, lower);
    }
    return words;
}

QList<PackEdit> PackEditSuggester::suggest(const RubricPack &pack, const QList<DecidedIssue> &decided,
                                           const QHash<QString, Issue> &issues, int minRepeats)
{
    const QSet<QString> known = AgreementCalculator::knownLabels(decided);
    const QSet<QString> subOncalls = AgreementCalculator::knownSubOncalls(decided);
    struct Scored
    {
        const DecidedIssue *decided;
        QStringList suggested;
        QStringList final;
        QList<PackEdit::Word> words;
    };
    QList<Scored> scored;
    for (const DecidedIssue &issue : decided) {
        if (!issue.isApproval() || !issue.suggestion || issue.profile != pack.profile)
            continue;
        const auto stored = issues.constFind(DecisionHistoryStore::key(issue.repository, issue.number));
        if (stored == issues.cend())
            continue;
        scored.append(Scored{&issue, AgreementCalculator::labelSet(*issue.suggestion),
                             AgreementCalculator::finalOf(issue, known, subOncalls).labels, wordsOf(*stored)});
    }

    QList<PackEdit> edits;
    for (const ModuleRule &module : pack.modules) {
        for (const PackEdit::Kind kind : {PackEdit::Kind::Signal, PackEdit::Kind::Confusion}) {
            QList<QList<PackEdit::Word>> group;
            QList<QList<PackEdit::Word>> contrast;
            PackEdit edit;
            edit.kind = kind;
            edit.label = module.label;
            edit.moduleId = module.id;
            for (const Scored &s : std::as_const(scored)) {
                const bool suggested = s.suggested.contains(module.label);
                const bool kept = s.final.contains(module.label);
                const bool overridden = kind == PackEdit::Kind::Signal ? (!suggested && kept) : (suggested && !kept);
                if (overridden) {
                    group.append(s.words);
                    edit.issues.append(IssueRef{s.decided->repository, s.decided->number});
                    for (const Evidence &evidence : s.decided->suggestion->evidence) {
                        const bool relevant = kind == PackEdit::Kind::Confusion ? evidence.label == module.label
                                                                                : s.suggested.contains(evidence.label);
                        if (relevant && !evidence.rule.isEmpty() && !edit.firedRules.contains(evidence.rule))
                            edit.firedRules.append(evidence.rule);
                    }
                } else if (kind == PackEdit::Kind::Signal ? !kept : kept) {
                    // A signal must not pull the label onto issues where people left it out; a confusion must not
                    // drop it where people kept it.
                    contrast.append(s.words);
                }
            }
            if (edit.issues.size() < minRepeats)
                continue;
            edit.words = sharedWords(group, contrast, [&](const PackEdit::Word &word) {
                return kind == PackEdit::Kind::Signal && moduleHasSignal(pack, module, word);
            });
            if (edit.words.isEmpty())
                continue;
            if (kind == PackEdit::Kind::Confusion)
                edit.id = u"overridden-"_s + slug(module.id) + u'-' + slug(edit.words.constFirst().text);
            edits.append(edit);
        }
    }
    std::stable_sort(edits.begin(), edits.end(),
                     [](const PackEdit &a, const PackEdit &b) { return a.issues.size() > b.issues.size(); });
    return edits;
}

Result<QJsonObject> PackEditSuggester::apply(const QJsonObject &packJson, const PackEdit &edit)
{
    QJsonObject pack = packJson;
    QJsonArray modules = pack.value(u"modules"_s).toArray();
    qsizetype index = -1;
    for (qsizetype i = 0; i < modules.size(); ++i) {
        if (modules.at(i).toObject().value(u"label"_s).toString() == edit.label)
            index = i;
    }
    if (index < 0)
        return Error{tr("the pack has no module for %1").arg(edit.label)};
    QJsonArray signalList;
    for (const PackEdit::Word &word : edit.words) {
        QJsonObject signal{{u"kind"_s, signalKindName(word.kind)}, {u"text"_s, word.text}, {u"weight"_s, 2.0}};
        signalList.append(signal);
    }
    QJsonObject module = modules.at(index).toObject();
    if (edit.kind == PackEdit::Kind::Signal) {
        QJsonArray existing = module.value(u"signals"_s).toArray();
        for (const QJsonValue &signal : std::as_const(signalList))
            existing.append(signal);
        module.insert(u"signals"_s, existing);
        // A confusion that drops the label unless one of the module's names is there ({"none": [{"signals": ID}]})
        // would drop it again: the new words are such names, so they join those sets too.
        QStringList vouching;
        for (const QJsonValue &confusion : module.value(u"confusions"_s).toArray()) {
            for (const QJsonValue &leaf : confusion.toObject().value(u"when"_s).toObject().value(u"none"_s).toArray()) {
                const QString id = leaf.toObject().value(u"signals"_s).toString();
                if (!id.isEmpty() && !vouching.contains(id))
                    vouching.append(id);
            }
        }
        QJsonArray sets = pack.value(u"signal_sets"_s).toArray();
        for (qsizetype i = 0; i < sets.size(); ++i) {
            QJsonObject set = sets.at(i).toObject();
            if (!vouching.contains(set.value(u"id"_s).toString()))
                continue;
            QJsonArray names = set.value(u"signals"_s).toArray();
            for (const QJsonValue &signal : std::as_const(signalList))
                names.append(signal);
            set.insert(u"signals"_s, names);
            sets.replace(i, set);
        }
        pack.insert(u"signal_sets"_s, sets);
    } else {
        QJsonArray sets = pack.value(u"signal_sets"_s).toArray();
        sets.append(QJsonObject{{u"id"_s, edit.id},
                                {u"note"_s, tr("Words shared by issues where reviewers removed %1.").arg(edit.label)},
                                {u"signals"_s, signalList}});
        pack.insert(u"signal_sets"_s, sets);
        QJsonArray confusions = module.value(u"confusions"_s).toArray();
        confusions.append(
            QJsonObject{{u"id"_s, edit.id},
                        {u"note"_s, tr("Reviewers removed %1 on issues with these words.").arg(edit.label)},
                        {u"effect"_s, u"drop"_s},
                        {u"when"_s, QJsonObject{{u"signals"_s, edit.id}}}});
        module.insert(u"confusions"_s, confusions);
    }
    modules.replace(index, module);
    pack.insert(u"modules"_s, modules);
    return pack;
}
