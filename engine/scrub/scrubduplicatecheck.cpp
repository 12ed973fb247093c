// SPDX-License-Identifier: MIT
#include "engine/scrub/scrubduplicatecheck.h"

#include "engine/repro/errorsignature.h"
#include "engine/similar/issuefingerprint.h"
#include "engine/similar/similarityindex.h"

#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>

#include <cmath>

using namespace Qt::StringLiterals;

namespace {

// The index's own field weights (SimilarityOptions' defaults); comments are left out on both sides.
constexpr double FieldWeight[IssueFingerprint::FieldCount] = {2.0, 0.0, 0.0, 3.0, 1.0, 1.0};
constexpr double BodyWeight = 1.0;

QHash<QString, double> weightedWords(const Issue &issue)
{
    Issue text;
    text.number = issue.number;
    text.title = issue.title;
    text.body = issue.body;
    const IssueFingerprint print = IssueFingerprint::of(text);
    QHash<QString, double> out;
    for (int field = 0; field < IssueFingerprint::FieldCount; ++field) {
        const double weight = field == IssueFingerprint::Body ? BodyWeight : FieldWeight[field];
        if (weight <= 0)
            continue;
        for (const QString &token : print.tokenSet(field)) {
            if (token.size() < 2 || IssueFingerprint::isStopword(token) ||
                std::all_of(token.cbegin(), token.cend(), [](QChar c) { return c.isDigit(); }))
                continue;
            double &w = out[token];
            w = std::max(w, weight);
        }
    }
    return out;
}

QString signatureOf(const Issue &issue)
{
    Issue text;
    text.title = issue.title;
    text.body = issue.body;
    return IssueFingerprint::of(text).fields[IssueFingerprint::Signature].simplified();
}

// As the reviewer reads it ("AssertionError: cumsum gave 15.0"), where the fingerprint has its matching form.
QString shownSignature(const Issue &issue)
{
    const ErrorSignature raised = ErrorSignature::lastRaised(issue.body);
    return raised.isEmpty() ? signatureOf(issue) : raised.toString().simplified();
}

} // namespace

double ScrubDuplicateCheck::similarity(const Issue &a, const Issue &b)
{
    const QHash<QString, double> x = weightedWords(a);
    const QHash<QString, double> y = weightedWords(b);
    if (x.isEmpty() || y.isEmpty())
        return 0;
    double dot = 0, nx = 0, ny = 0;
    for (auto it = x.cbegin(); it != x.cend(); ++it) {
        nx += it.value() * it.value();
        if (const auto other = y.constFind(it.key()); other != y.cend())
            dot += it.value() * other.value();
    }
    for (const double w : y)
        ny += w * w;
    return dot / std::sqrt(nx * ny);
}

bool ScrubDuplicateCheck::sameSignature(const Issue &a, const Issue &b)
{
    const QString x = signatureOf(a);
    return !x.isEmpty() && x.compare(signatureOf(b), Qt::CaseInsensitive) == 0;
}

bool ScrubDuplicateCheck::marksAsDuplicateOf(const Issue &candidate, int number)
{
    const QRegularExpression named(
        u"\\b(?:duplicate|dupe|dup)\\s+(?:of\\s+)?(?:#|https?://github\\.com/[^/\\s]+/[^/\\s]+/issues/)%1\\b|"
        u"\\bclosing in favou?r of #%1\\b"_s.arg(number),
        QRegularExpression::CaseInsensitiveOption);
    if (named.match(candidate.body).hasMatch())
        return true;
    for (const Comment &c : candidate.comments) {
        if (named.match(c.body).hasMatch())
            return true;
    }
    return false;
}

std::optional<ScrubStop> ScrubDuplicateCheck::strongest(const Issue &issue, const QList<Issue> &candidates)
{
    std::optional<ScrubStop> best;
    for (const Issue &candidate : candidates) {
        if (candidate.number == issue.number || marksAsDuplicateOf(candidate, issue.number))
            continue;
        const double score = similarity(issue, candidate);
        const bool signature = sameSignature(issue, candidate);
        if (score < (signature ? LikelyWithSignature : Likely) || (best && best->similarity >= score))
            continue;
        ScrubStop stop;
        stop.kind = ScrubStop::Kind::Duplicate;
        stop.duplicateOf = candidate.number;
        stop.similarity = std::round(score * 100.0) / 100.0;
        stop.where = u"the similarity index"_s;
        const QString state = candidate.isOpen() ? u"open"_s : u"closed"_s;
        stop.evidence =
            u"likely duplicate of #%1 (%2), similarity %3%4, titled ‘%5’"_s.arg(candidate.number)
                .arg(state)
                .arg(QString::number(stop.similarity, 'f', 2))
                .arg(signature ? u", same error signature `%1`"_s.arg(shownSignature(issue).left(120)) : QString())
                .arg(candidate.title.simplified().left(160));
        best = stop;
    }
    return best;
}

QString ScrubDuplicateCheck::repositoryOf(const Issue &issue)
{
    static const QRegularExpression url(u"^https?://[^/]+/([^/\\s]+/[^/\\s]+)/(?:issues|pull)/\\d+"_s);
    const QRegularExpressionMatch m = url.match(issue.url);
    return m.hasMatch() ? m.captured(1) : QString();
}

Result<std::optional<ScrubStop>> ScrubDuplicateCheck::lookUp(const QString &storePath, const Issue &issue,
                                                             QString repository)
{
    if (repository.isEmpty())
        repository = repositoryOf(issue);
    // No store, or no repository to ask about: the text's own check is all there is.
    if (storePath.isEmpty() || repository.isEmpty() || !QFileInfo(storePath).isFile())
        return std::optional<ScrubStop>();
    Result<std::unique_ptr<SimilarityIndex>> index = SimilarityIndex::open(storePath);
    if (!index)
        return Error{index.error()};
    if (index.value()->documentCount(repository) == 0)
        return std::optional<ScrubStop>(); // never built for this repository
    if (const Result<int> caught = index.value()->catchUp(); !caught)
        return Error{caught.error()};
    const Result<QList<SimilarityMatch>> matches =
        index.value()->similarTo(repository, issue, Candidates, {}, issue.number);
    if (!matches)
        return Error{matches.error()};
    QList<Issue> candidates;
    for (const SimilarityMatch &match : matches.value()) {
        const Result<Issue> stored = index.value()->loadIssue(repository, match.number);
        if (stored)
            candidates.append(stored.value());
    }
    return strongest(issue, candidates);
}

void ScrubDuplicateCheck::addTo(ScrubGate &gate, const std::optional<ScrubStop> &found)
{
    if (!found)
        return;
    qsizetype at = 0;
    for (; at < gate.stops.size(); ++at) {
        const ScrubStop &s = gate.stops.at(at);
        if (s.kind == ScrubStop::Kind::Duplicate)
            return; // the issue's own words or labels already say it
        if (s.kind != ScrubStop::Kind::Resolved)
            break;
    }
    gate.stops.insert(at, *found);
}
