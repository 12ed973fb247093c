// SPDX-License-Identifier: MIT
#include "engine/scrub/scrubactionability.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QVersionNumber>

using namespace Qt::StringLiterals;

namespace {

constexpr auto Ci = QRegularExpression::CaseInsensitiveOption;
constexpr int StaleDays = 365;
constexpr int RecentDays = 183; // six months

// The prose of a text: fenced code and quoted replies left out (a quote repeats someone else's words).
QStringList sentences(const QString &text)
{
    QStringList out;
    bool inFence = false;
    static const QRegularExpression split(u"(?<=[.!?])\\s+"_s);
    for (const QString &raw : text.split(u'\n')) {
        const QString line = raw.trimmed();
        if (line.startsWith(u"```"_s) || line.startsWith(u"~~~"_s)) {
            inFence = !inFence;
            continue;
        }
        if (inFence || line.startsWith(u'>') || line.isEmpty())
            continue;
        for (const QString &s : line.split(split, Qt::SkipEmptyParts))
            out << s.trimmed();
    }
    return out;
}

QString quote(const QString &sentence)
{
    const QString s = sentence.simplified();
    return s.size() > 200 ? s.left(197) + u"…"_s : s;
}

QString commentWhere(const Comment &c)
{
    return u"@%1's comment of %2"_s.arg(c.author.isEmpty() ? u"someone"_s : c.author,
                                        c.createdAt.toUTC().date().toString(Qt::ISODate));
}

bool hasLabel(const Issue &issue, const QString &name)
{
    for (const QString &l : issue.labels) {
        if (l.compare(name, Qt::CaseInsensitive) == 0)
            return true;
    }
    return false;
}

bool showsAnError(const QString &text)
{
    static const QRegularExpression error(
        u"Traceback \\(most recent call last\\)|\\b[A-Z]\\w*(?:Error|Exception|Unsupported):|\\bSegmentation fault\\b|"
        u"\\bcore dumped\\b|\\bSIG(?:SEGV|ABRT|KILL)\\b|🐛"_s);
    return error.match(text).hasMatch();
}

const QRegularExpression &stillReproduces()
{
    static const QRegularExpression re(
        u"\\bstill\\s+(?:reproduces|repros|happens|occurs|fails|failing|see(?:ing)?|get(?:ting)?|hit(?:ting)?|"
        u"an issue|broken|exists|present|there|seeing)\\b|\\b(?:can|could)\\s+(?:still\\s+)?(?:reproduce|repro)\\b|"
        u"\\breproduced?\\s+(?:it\\s+|this\\s+)?(?:on|with|in|using)\\b|\\bsame\\s+(?:error|issue|problem|crash)\\s+"
        u"(?:on|with|in)\\b|\\bstill\\s+\\w+\\s+(?:on|with|in)\\s+(?:the\\s+)?(?:latest|nightly|main|\\d+\\.\\d+)"_s,
        Ci);
    return re;
}

bool negated(const QString &sentence)
{
    static const QRegularExpression re(
        u"\\b(?:cannot|can't|can not|could not|couldn't|unable to|not able to)\\s+(?:\\w+\\s+)?(?:reproduce|repro)\\b|"
        u"\\bno longer\\b|\\bnot (?:fixed|resolved)\\b|\\bisn't (?:fixed|resolved)\\b|\\bis (?:this|it) "
        u"(?:still|fixed|resolved)\\b|\\?\\s*$"_s,
        Ci);
    return re.match(sentence).hasMatch();
}

} // namespace

QString ScrubStop::kindName(Kind kind)
{
    switch (kind) {
    case Kind::Resolved:
        return u"resolved"_s;
    case Kind::Duplicate:
        return u"duplicate"_s;
    case Kind::NotABug:
        return u"not-a-bug"_s;
    case Kind::Tracker:
        return u"tracker"_s;
    case Kind::Hardware:
        return u"hardware"_s;
    case Kind::Stale:
        return u"stale"_s;
    }
    return {};
}

QString ScrubStop::title() const
{
    switch (kind) {
    case Kind::Resolved:
        return u"Resolved in the comments"_s;
    case Kind::Duplicate:
        if (similarity > 0)
            return u"Likely a duplicate of #%1"_s.arg(duplicateOf);
        return duplicateOf > 0 ? u"A duplicate of #%1"_s.arg(duplicateOf) : u"A duplicate"_s;
    case Kind::NotABug:
        return addLabels.contains(u"better-engineering"_s) ? u"Not a bug: a refactoring task"_s
               : addLabels.contains(u"feature"_s)          ? u"Not a bug: a feature request"_s
                                                           : u"Not a bug: a feature request or a question"_s;
    case Kind::Tracker:
        return u"A tracking issue"_s;
    case Kind::Hardware:
        return u"Needs hardware this machine lacks"_s;
    case Kind::Stale:
        return u"Old, unassigned and underspecified"_s;
    }
    return {};
}

QStringList ScrubGate::labelsToAdd(const QStringList &present) const
{
    QStringList out;
    for (const ScrubStop &s : stops) {
        for (const QString &l : s.addLabels) {
            if (!present.contains(l) && !out.contains(l))
                out << l;
        }
    }
    return out;
}

std::optional<ScrubStop> ScrubActionability::resolvedInComments(const Issue &issue)
{
    static const QRegularExpression resolved(
        u"\\b(?:this|it|the (?:issue|bug|problem|crash|error))\\s+(?:is|was|has been|seems(?: to be)?|appears(?: to "
        u"be)?|looks|got)\\s+(?:now\\s+|already\\s+)?(?:fixed|resolved)\\b|\\b(?:fixed|resolved)\\s+(?:in|by|on)\\s+"
        u"(?:#\\d+|https?://\\S+/pull/\\d+|v?\\d+\\.\\d+|pytorch\\s+\\d|the (?:latest|nightly|main))|\\bno longer "
        u"(?:reproduces|repros|happens|occurs|fails|an issue)\\b|\\b(?:works|working)\\s+(?:fine\\s+|now\\s+)*"
        u"(?:now|on (?:the )?(?:latest|nightly|main|\\d+\\.\\d+))\\b|\\bcan(?: now)? be closed\\b|\\b(?:cannot|can't|"
        u"can not|could not|couldn't)\\s+reproduce\\s+(?:this\\s+|it\\s+)?(?:anymore|any more|on (?:the )?"
        u"(?:latest|nightly|main|\\d+\\.\\d+))"_s,
        Ci);
    static const QRegularExpression notResolved(u"\\bnot (?:fixed|resolved)\\b|\\bisn't (?:fixed|resolved)\\b|\\bis "
                                                u"(?:this|it) (?:fixed|resolved)\\b|\\?\\s*$"_s,
                                                Ci);
    // The newest word wins: a later "still happens" reopens what an earlier "fixed" closed.
    for (qsizetype i = issue.comments.size() - 1; i >= 0; --i) {
        const Comment &c = issue.comments.at(i);
        const QStringList said = sentences(c.body);
        for (const QString &s : said) {
            if (stillReproduces().match(s).hasMatch() && !negated(s))
                return std::nullopt;
        }
        for (const QString &s : said) {
            if (resolved.match(s).hasMatch() && !notResolved.match(s).hasMatch()) {
                ScrubStop stop;
                stop.kind = ScrubStop::Kind::Resolved;
                stop.evidence = quote(s);
                stop.where = commentWhere(c);
                return stop;
            }
        }
    }
    return std::nullopt;
}

std::optional<ScrubStop> ScrubActionability::duplicate(const Issue &issue)
{
    static const QRegularExpression named(
        u"\\b(?:duplicate|dupe|dup)\\s+(?:of\\s+)?(?:#|https?://github\\.com/[^/\\s]+/[^/\\s]+/issues/"
        u")(\\d+)|\\bsame\\s+"
        u"(?:issue|bug|problem|error)\\s+as\\s+#(\\d+)|\\bclosing in favou?r of #(\\d+)"_s,
        Ci);
    auto scan = [&](const QString &text, const QString &where) -> std::optional<ScrubStop> {
        for (const QString &s : sentences(text)) {
            const QRegularExpressionMatch m = named.match(s);
            if (!m.hasMatch())
                continue;
            ScrubStop stop;
            stop.kind = ScrubStop::Kind::Duplicate;
            stop.evidence = quote(s);
            stop.where = where;
            for (int g = 1; g <= 3 && stop.duplicateOf == 0; ++g)
                stop.duplicateOf = m.captured(g).toInt();
            if (stop.duplicateOf == issue.number)
                continue;
            return stop;
        }
        return std::nullopt;
    };
    for (qsizetype i = issue.comments.size() - 1; i >= 0; --i) {
        if (auto stop = scan(issue.comments.at(i).body, commentWhere(issue.comments.at(i))))
            return stop;
    }
    if (auto stop = scan(issue.body, u"the body"_s))
        return stop;
    if (hasLabel(issue, u"duplicate"_s)) {
        ScrubStop stop;
        stop.kind = ScrubStop::Kind::Duplicate;
        stop.evidence = u"labelled `duplicate`"_s;
        stop.where = u"the labels"_s;
        return stop;
    }
    return std::nullopt;
}

std::optional<ScrubStop> ScrubActionability::notABug(const Issue &issue)
{
    ScrubStop stop;
    stop.kind = ScrubStop::Kind::NotABug;
    for (const QString &label : {u"feature"_s, u"enhancement"_s, u"better-engineering"_s, u"question"_s}) {
        if (hasLabel(issue, label)) {
            stop.evidence = u"labelled `%1`"_s.arg(label);
            stop.where = u"the labels"_s;
            return stop;
        }
    }
    static const QRegularExpression featureTitle(
        u"^\\s*[\\[(]?\\s*(?:feature(?: request)?|rfc|proposal|enhancement)\\s*[\\])]?\\s*[:\\]-]|\\bfeature "
        u"request\\b"_s,
        Ci);
    static const QRegularExpression refactorTitle(
        u"\\b(?:refactor(?:ing)?|clean ?up|code cleanup|remove dead code|deduplicate|better[- ]engineering)\\b"_s, Ci);
    static const QRegularExpression questionTitle(
        u"^\\s*[\\[(]?\\s*question\\s*[\\])]?\\s*[:\\]-]|^\\s*(?:how (?:do|can|to|should)|is (?:it|there) "
        u"(?:possible|a way)|what is the (?:best|recommended) way)\\b"_s,
        Ci);
    static const QRegularExpression featureBody(
        u"\\b(?:feature request|it would be (?:nice|great|useful|helpful) (?:to|if)|would like to (?:request|propose)|"
        u"please add (?:support|an option)|add support for|the feature, motivation)\\b"_s,
        Ci);
    const bool error = showsAnError(issue.title + u'\n' + issue.body);
    if (featureTitle.match(issue.title).hasMatch()) {
        stop.evidence = quote(issue.title);
        stop.where = u"the title"_s;
        stop.addLabels << u"feature"_s;
        return stop;
    }
    if (refactorTitle.match(issue.title).hasMatch() && !error) {
        stop.evidence = quote(issue.title);
        stop.where = u"the title"_s;
        stop.addLabels << u"better-engineering"_s;
        return stop;
    }
    if (questionTitle.match(issue.title).hasMatch() && !error) {
        stop.evidence = quote(issue.title);
        stop.where = u"the title"_s;
        return stop;
    }
    if (!error) {
        for (const QString &s : sentences(issue.body)) {
            if (featureBody.match(s).hasMatch()) {
                stop.evidence = quote(s);
                stop.where = u"the body"_s;
                stop.addLabels << u"feature"_s;
                return stop;
            }
        }
    }
    return std::nullopt;
}

std::optional<ScrubStop> ScrubActionability::tracker(const Issue &issue)
{
    ScrubStop stop;
    stop.kind = ScrubStop::Kind::Tracker;
    if (hasLabel(issue, u"tracker"_s)) {
        stop.evidence = u"labelled `tracker`"_s;
        stop.where = u"the labels"_s;
        return stop;
    }
    stop.addLabels << u"tracker"_s;
    static const QRegularExpression title(u"^\\s*[\\[(]\\s*(?:tracker|tracking(?: issue)?|umbrella|meta)\\s*[\\])]|"
                                          u"\\b(?:tracking issue|umbrella issue|meta[- ]issue|burn[- ]?down)\\b|^\\s*"
                                          u"(?:tracker|tracking)\\s*:"_s,
                                          Ci);
    if (title.match(issue.title).hasMatch()) {
        stop.evidence = quote(issue.title);
        stop.where = u"the title"_s;
        return stop;
    }
    // A checklist of other issues: three or more task items that name one.
    static const QRegularExpression item(u"^\\s*[-*]\\s*\\[[ xX]\\]\\s.*(?:#\\d+|/issues/\\d+|/pull/\\d+)"_s,
                                         QRegularExpression::MultilineOption);
    qsizetype items = 0;
    QString first;
    for (auto it = item.globalMatch(issue.body); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        if (first.isEmpty())
            first = m.captured(0).trimmed();
        ++items;
    }
    if (items >= 3) {
        stop.evidence = u"a checklist of %1 issues, starting “%2”"_s.arg(items).arg(quote(first));
        stop.where = u"the body"_s;
        return stop;
    }
    return std::nullopt;
}

std::optional<ScrubStop> ScrubActionability::hardware(const Issue &issue, const ScrubMachine &machine)
{
    ScrubStop stop;
    stop.kind = ScrubStop::Kind::Hardware;
    QStringList lacking;
    for (const QString &need : machine.unmetNeeds) {
        if (need.contains(u"GPU"_s, Qt::CaseInsensitive) || need.contains(u"NCCL"_s) ||
            need.contains(u"CUDA"_s, Qt::CaseInsensitive))
            lacking << need;
    }
    if (!lacking.isEmpty() && !machine.hasCpuPath) {
        stop.evidence = u"the repro needs %1; this machine has %2"_s.arg(
            lacking.join(u", "_s), machine.gpus > 0 ? u"%1 GPU(s)"_s.arg(machine.gpus) : u"no GPU"_s);
        stop.where = u"the repro"_s;
        return stop;
    }
    static const QRegularExpression special(
        u"\\b(?:TPUs?|torch_xla|XLA devices?|Gaudi|HPUs?|XPUs?|device=[\"'](?:mps|xpu|hpu|xla)[\"']|Apple "
        u"(?:M[1-4]|Silicon)|multi-node)\\b|--nnodes[= ](?:[2-9]|\\d{2,})\\b"_s,
        Ci);
    static const QRegularExpression gpuModel(u"\\b(?:ROCm|MI[23]\\d\\d[AXX]?|H100|H200|B200|A100|GB200)\\b"_s, Ci);
    for (int part = 0; part < 2; ++part) {
        const QString &text = part == 0 ? issue.title : issue.body;
        QRegularExpressionMatch m = special.match(text);
        if (!m.hasMatch() && machine.gpus == 0)
            m = gpuModel.match(text);
        if (!m.hasMatch())
            continue;
        // The sentence around it, code included (device="mps" is in the code).
        const qsizetype from = std::max<qsizetype>(0, text.lastIndexOf(u'\n', m.capturedStart()) + 1);
        qsizetype to = text.indexOf(u'\n', m.capturedEnd());
        if (to < 0)
            to = text.size();
        stop.evidence = quote(text.mid(from, to - from));
        stop.where = part == 0 ? u"the title"_s : u"the body"_s;
        return stop;
    }
    return std::nullopt;
}

bool ScrubActionability::underspecified(const Issue &issue)
{
    const QString text = issue.title + u'\n' + issue.body;
    if (text.contains(u"```"_s) || showsAnError(text))
        return false;
    static const QRegularExpression code(u"^(?:    |\\t)\\S|\\bimport torch\\b|\\btorch\\.\\w+\\("_s,
                                         QRegularExpression::MultilineOption);
    if (code.match(issue.body).hasMatch())
        return false;
    static const QRegularExpression expected(u"\\bexpected\\b"_s, Ci);
    static const QRegularExpression actual(u"\\b(?:actual(?:ly)?|instead|but (?:got|it|the)|got)\\b"_s, Ci);
    return !(expected.match(issue.body).hasMatch() && actual.match(issue.body).hasMatch());
}

std::optional<ScrubStop> ScrubActionability::stale(const Issue &issue, const QDateTime &now)
{
    if (!issue.createdAt.isValid() || issue.createdAt.daysTo(now) <= StaleDays)
        return std::nullopt;
    if (issue.assigneesKnown && !issue.assignees.isEmpty())
        return std::nullopt;
    QDateTime last = issue.createdAt;
    for (const Comment &c : issue.comments)
        last = std::max(last, c.createdAt);
    if (last.daysTo(now) <= RecentDays || !underspecified(issue))
        return std::nullopt;
    ScrubStop stop;
    stop.kind = ScrubStop::Kind::Stale;
    stop.closeNotPlanned = true;
    stop.where = u"the issue"_s;
    stop.evidence = u"opened %1 days ago, %2, last activity %3 days ago; no code, no error and no expected "
                    u"vs. actual behaviour"_s.arg(issue.createdAt.daysTo(now))
                        .arg(issue.assigneesKnown ? u"no assignee"_s : u"assignees not synced (check on GitHub)"_s)
                        .arg(last.daysTo(now));
    return stop;
}

std::optional<RecentConfirmation> ScrubActionability::recentConfirmation(const Issue &issue, const QDateTime &now,
                                                                         const QString &currentVersion,
                                                                         const ErrorSignature &reported)
{
    static const QRegularExpression versionRe(
        u"\\b(nightly|main|trunk|master|latest)\\b|(?:\\bv|\\btorch[ =:]*|\\bpytorch[ =:]*|\\bversion[ :]*|\\b)"
        u"(\\d+\\.\\d+)(?:\\.\\d+)?(?:\\.dev\\d+|\\+\\w+|a0)?"_s,
        Ci);
    const QVersionNumber current = QVersionNumber::fromString(currentVersion);
    auto recentVersion = [&](const QString &text) -> QString {
        for (auto it = versionRe.globalMatch(text); it.hasNext();) {
            const QRegularExpressionMatch m = it.next();
            if (!m.captured(1).isEmpty())
                return m.captured(1).toLower();
            const QVersionNumber v = QVersionNumber::fromString(m.captured(2));
            if (v.majorVersion() < 1 || v.majorVersion() > 9)
                continue; // 3.10 is a Python, 12.4 a CUDA: only torch-like majors count
            if (m.captured(0).startsWith(u"3."_s) && !m.captured(0).contains(u"torch"_s, Qt::CaseInsensitive))
                continue;
            if (current.isNull() || v.majorVersion() > current.majorVersion() ||
                (v.majorVersion() == current.majorVersion() && v.minorVersion() + 1 >= current.minorVersion()))
                return m.captured(2);
        }
        return {};
    };
    for (qsizetype i = issue.comments.size() - 1; i >= 0; --i) {
        const Comment &c = issue.comments.at(i);
        if (!c.createdAt.isValid() || c.createdAt.daysTo(now) > RecentDays)
            continue;
        for (const QString &s : sentences(c.body)) {
            if (!stillReproduces().match(s).hasMatch() || negated(s))
                continue;
            const QString version = recentVersion(c.body);
            if (version.isEmpty())
                continue;
            // With an error in the comment, it must be the reported one.
            const ErrorSignature said = ErrorSignature::lastRaised(c.body);
            if (!reported.isEmpty() && !said.isEmpty() && !reported.foundIn(c.body))
                continue;
            return RecentConfirmation{c.author, c.createdAt, quote(s), version};
        }
    }
    return std::nullopt;
}

ScrubGate ScrubActionability::assess(const Issue &issue, const QDateTime &now, const ScrubMachine &machine,
                                     const ErrorSignature &reported)
{
    ScrubGate gate;
    // The playbook's order: resolved, duplicate, not a bug, tracker, hardware; the age rule last.
    for (auto stop : {resolvedInComments(issue), duplicate(issue), notABug(issue), tracker(issue),
                      hardware(issue, machine), stale(issue, now)}) {
        if (stop)
            gate.stops << *stop;
    }
    gate.confirmation = recentConfirmation(issue, now, machine.torchVersion, reported);
    return gate;
}

QJsonObject ScrubGate::toJson() const
{
    QJsonArray stopList;
    for (const ScrubStop &s : stops) {
        QJsonObject o{{u"kind"_s, ScrubStop::kindName(s.kind)},
                      {u"title"_s, s.title()},
                      {u"where"_s, s.where},
                      {u"evidence"_s, s.evidence},
                      {u"addLabels"_s, QJsonArray::fromStringList(s.addLabels)}};
        if (s.duplicateOf > 0)
            o.insert(u"duplicateOf"_s, s.duplicateOf);
        if (s.similarity > 0)
            o.insert(u"similarity"_s, s.similarity);
        if (s.closeNotPlanned)
            o.insert(u"closeNotPlanned"_s, true);
        stopList.append(o);
    }
    QJsonObject out{{u"stops"_s, stopList}};
    if (confirmation)
        out.insert(u"recentConfirmation"_s, QJsonObject{{u"author"_s, confirmation->author},
                                                        {u"at"_s, confirmation->at.toUTC().toString(Qt::ISODate)},
                                                        {u"version"_s, confirmation->version},
                                                        {u"evidence"_s, confirmation->evidence}});
    return out;
}
