// SPDX-License-Identifier: MIT
#include "engine/triage/triageengine.h"

#include "engine/triage/guardrails.h"
#include "engine/triage/textanalyzer.h"

#include <QRegularExpression>

#include <algorithm>
#include <array>
#include <optional>
#include <vector>

using namespace Qt::StringLiterals;

namespace {

enum Fact
{
    FactCode,
    FactTraceback,
    FactLog,
    FactException,
    FactFrames,
    FactScript,
    FactMaintainer,
    FactComments
};
constexpr std::array<QLatin1StringView, 8> FactNames = {"code"_L1,   "traceback"_L1, "log"_L1,        "exception"_L1,
                                                        "frames"_L1, "script"_L1,    "maintainer"_L1, "comments"_L1};
constexpr int EvidencePerRule = 3;

struct SignalState
{
    double score = 0.0; // weight × best place factor × repetition bonus
    double best = 0.0;  // best place factor
    int count = 0;
    int hit = -1; // the hit that gave the best factor
    bool inTitle = false;
    bool inText = false;        // at least one hit outside the title (body, comments)
    bool inTag = false;         // inside one of the title's "[…]" tags
    bool outsideImport = false; // at least one hit is not on an import statement
    unsigned segments = 0;      // the kinds of text (SegmentKind bits) its hits stand in
};

// Where a group's live signals stand, for the context rules.
struct Placement
{
    bool title = false;
    bool tag = false;
    bool code = false;    // an identifier kind (API, import, frame, error) or a word inside code, traceback, log
    bool failure = false; // a frame or error name of its own
    bool importOnly = false;
};

struct GroupScore
{
    std::array<double, SignalKindCount> all{};
    std::array<double, SignalKindCount> title{};
    std::array<double, SignalKindCount> tag{};
    std::array<double, SignalKindCount> text{}; // hits in the body or a comment (weights, as title and tag)

    double sum(unsigned mask, Condition::Scope scope) const
    {
        const auto &part = scope == Condition::Scope::Issue   ? all
                           : scope == Condition::Scope::Title ? title
                           : scope == Condition::Scope::Text  ? text
                                                              : tag;
        double total = 0.0;
        for (int k = 0; k < SignalKindCount; ++k) {
            if (mask & (1u << k))
                total += part[size_t(k)];
        }
        return total;
    }
};

// Everything found in one issue, then the rule evaluation over it.
class Reading
{
public:
    Reading(const RubricPack &pack, const SignalMatcher &matcher, const Issue &issue)
        : m_pack(pack)
        , m_matcher(matcher)
        , m_issue(issue)
    {
        m_texts.reserve(2 + issue.comments.size());
        m_texts.append(TextAnalyzer::analyzeTitle(issue.title));
        m_texts.append(TextAnalyzer::analyze(issue.body, u"body"_s));
        for (qsizetype i = 0; i < issue.comments.size(); ++i)
            m_texts.append(TextAnalyzer::analyze(issue.comments.at(i).body, u"comment %1"_s.arg(i + 1)));
        for (int s = 0; s < int(m_texts.size()); ++s)
            matcher.match(m_texts.at(s), s, m_hits);
        score();
        establishFacts();
        findCrashFrames();
    }

    double groupScore(int group, unsigned mask = ~0u, Condition::Scope scope = Condition::Scope::Issue) const
    {
        return group < 0 ? 0.0 : m_groups[size_t(group)].sum(mask, scope);
    }

    bool fact(int index) const { return m_facts[size_t(index)]; }

    Placement placement(int group) const
    {
        Placement where;
        bool anyImport = false;
        bool anyOutside = false;
        const auto &entries = m_matcher.entries();
        constexpr unsigned CodeSegments =
            (1u << int(SegmentKind::Code)) | (1u << int(SegmentKind::Traceback)) | (1u << int(SegmentKind::Log));
        for (auto i = size_t(m_matcher.groupBegin(group)), end = size_t(m_matcher.groupBegin(group + 1)); i < end;
             ++i) {
            const SignalState &state = m_signals[i];
            if (state.count == 0 || state.score <= 0.0)
                continue;
            const SignalKind kind = entries[i].kind;
            where.title = where.title || state.inTitle;
            where.tag = where.tag || state.inTag;
            where.code = where.code || kind != SignalKind::Keyword || (state.segments & CodeSegments);
            where.failure = where.failure || kind == SignalKind::Frame || kind == SignalKind::Error;
            anyOutside = anyOutside || state.outsideImport;
            anyImport = anyImport || !state.outsideImport;
        }
        where.importOnly = anyImport && !anyOutside;
        return where;
    }

    // Two different signals of the group fired, at least one of them read from code (not a prose word).
    bool corroborated(int group) const
    {
        const auto &entries = m_matcher.entries();
        int distinct = 0;
        bool fromCode = false;
        for (auto i = size_t(m_matcher.groupBegin(group)), end = size_t(m_matcher.groupBegin(group + 1)); i < end;
             ++i) {
            if (m_signals[i].count == 0 || m_signals[i].score <= 0.0)
                continue;
            ++distinct;
            fromCode = fromCode || entries[i].kind != SignalKind::Keyword;
        }
        return distinct >= 2 && fromCode;
    }

    bool holds(const Condition &condition, EvidenceList *evidence, const QString &label, const QString &rule) const
    {
        // A combination that fails leaves no evidence behind: the hits of its parts that held prove nothing.
        const qsizetype mark = evidence ? evidence->size() : 0;
        const auto rollBack = [evidence, mark] {
            if (evidence)
                evidence->resize(mark);
        };
        switch (condition.op) {
        case Condition::Op::All:
            for (const Condition &child : condition.children) {
                if (!holds(child, evidence, label, rule)) {
                    rollBack();
                    return false;
                }
            }
            return true;
        case Condition::Op::Any:
            for (const Condition &child : condition.children) {
                if (holds(child, evidence, label, rule))
                    return true;
                rollBack();
            }
            return false;
        case Condition::Op::None:
            for (const Condition &child : condition.children) {
                if (holds(child, nullptr, label, rule))
                    return false;
            }
            return true;
        case Condition::Op::Label:
            if (!m_issue.hasLabel(condition.ref))
                return false;
            if (evidence)
                evidence->append(Evidence{label, rule, u"labels"_s, -1, 0, condition.ref});
            return true;
        case Condition::Op::Fact: {
            const int index = TriageEngine::factIndex(condition.ref);
            if (index < 0 || !m_facts[size_t(index)])
                return false;
            if (evidence)
                evidence->append(factEvidence(index, label, rule));
            return true;
        }
        case Condition::Op::Near:
            return holdsNear(condition, evidence, label, rule);
        case Condition::Op::Crash:
            return holdsCrash(condition, evidence, label, rule);
        case Condition::Op::Affected:
            return holdsAffected(condition, evidence, label, rule);
        case Condition::Op::Group: {
            const double score = groupScore(condition.group, condition.kindMask, condition.scope);
            const bool ok = condition.min > 0.0 ? score >= condition.min : score > 0.0;
            if (ok && evidence)
                appendGroupEvidence(*evidence, condition.group, condition.kindMask, condition.scope, label, rule);
            return ok;
        }
        }
        return false;
    }

    void appendGroupEvidence(EvidenceList &evidence, int group, unsigned mask, Condition::Scope scope,
                             const QString &label, const QString &rule, int limit = EvidencePerRule) const
    {
        std::vector<int> found;
        const auto &entries = m_matcher.entries();
        for (int i = m_matcher.groupBegin(group), end = m_matcher.groupBegin(group + 1); i < end; ++i) {
            const SignalState &state = m_signals[size_t(i)];
            if (state.count == 0 || !(mask & (1u << int(entries[size_t(i)].kind))))
                continue;
            const bool outside = (scope == Condition::Scope::Title && !state.inTitle) ||
                                 (scope == Condition::Scope::TitleTag && !state.inTag) ||
                                 (scope == Condition::Scope::Text && !state.inText);
            if (outside || state.score <= 0.0)
                continue;
            found.push_back(i);
        }
        std::stable_sort(found.begin(), found.end(),
                         [this](int a, int b) { return m_signals[size_t(a)].score > m_signals[size_t(b)].score; });
        int appended = 0;
        for (int i = 0; i < int(found.size()) && appended < limit; ++i) {
            const SignalHit &hit = m_hits.at(m_signals[size_t(found[size_t(i)])].hit);
            const AnalyzedText &text = m_texts.at(hit.source);
            // The same words can stand behind a route and one of its modules: show them once per label.
            const bool shown = std::any_of(evidence.cbegin(), evidence.cend(), [&](const Evidence &e) {
                return e.label == label && e.start == hit.start && e.length == hit.length && e.where == text.where;
            });
            if (shown)
                continue;
            evidence.append(
                Evidence{label, rule, text.where, hit.start, hit.length, text.text.mid(hit.start, hit.length)});
            ++appended;
        }
    }

private:
    // A hit of one group within `within` characters of a hit of the other, in the same text and neither in
    // incidental text: "fails with aot_eager", "works fine on eager". Hits are few; the pairs are checked directly.
    bool holdsNear(const Condition &condition, EvidenceList *evidence, const QString &label, const QString &rule) const
    {
        if (condition.group < 0 || condition.nearGroup < 0)
            return false;
        const auto &entries = m_matcher.entries();
        const auto live = [&](const SignalHit &hit, int group) {
            const SignalMatcher::Entry &entry = entries[size_t(hit.signal)];
            return entry.group == group && entry.weight > 0.0 &&
                   m_texts.at(hit.source).kindAt(hit.start) != SegmentKind::Incidental;
        };
        for (const SignalHit &a : m_hits) {
            if (!live(a, condition.group))
                continue;
            for (const SignalHit &b : m_hits) {
                if (b.source != a.source || !live(b, condition.nearGroup))
                    continue;
                const int gap = b.start >= a.start ? b.start - (a.start + a.length) : a.start - (b.start + b.length);
                if (gap > condition.within)
                    continue;
                if (evidence) {
                    const AnalyzedText &text = m_texts.at(a.source);
                    const int start = std::min(a.start, b.start);
                    const int end = std::max(a.start + a.length, b.start + b.length);
                    evidence->append(
                        Evidence{label, rule, text.where, start, end - start, text.text.mid(start, end - start)});
                }
                return true;
            }
        }
        return false;
    }

    // Where a traceback raised: its innermost frame (Python prints the deepest call last), the one no deeper
    // frame follows before the exception is named — or the last path the text names at all. The rubric's "the
    // bug is IN this code" as opposed to "this code is on the stack". Frames in logs are where a message was
    // printed, not where anything raised.
    void findCrashFrames()
    {
        for (int s = 0; s < int(m_texts.size()); ++s) {
            const AnalyzedText &text = m_texts.at(s);
            for (qsizetype i = 0; i < text.frames.size(); ++i) {
                const CodeToken &frame = text.frames.at(i);
                const SegmentKind kind = text.kindAt(frame.start);
                if (kind == SegmentKind::Log || kind == SegmentKind::Incidental)
                    continue;
                bool raised = i + 1 == text.frames.size();
                const int deeper = raised ? int(text.text.size()) : text.frames.at(i + 1).start;
                // Exceptions are found left to right, so the first one after the frame is enough to look at.
                const auto next =
                    std::upper_bound(text.exceptions.cbegin(), text.exceptions.cend(), frame.start,
                                     [](int offset, const CodeToken &exception) { return offset < exception.start; });
                raised = raised || (next != text.exceptions.cend() && next->start < deeper);
                if (raised)
                    m_crashFrames.emplace_back(s, int(i));
            }
        }
    }

    // Many users affected: each 👍, each issue marked as a duplicate of this one and each comment that only says
    // "+1" / "same here" is a user who hit it.
    bool holdsAffected(const Condition &condition, EvidenceList *evidence, const QString &label,
                       const QString &rule) const
    {
        static const QRegularExpression plusOne(
            u"^\\s*(\\+1|👍|same here|same issue|same problem|same for me|me too|also seeing this|also hitting this)"
            "[\\s.!:,]*$"_s,
            QRegularExpression::CaseInsensitiveOption);
        int plusOnes = 0;
        for (const Comment &comment : m_issue.comments) {
            if (comment.body.size() < 120 && plusOne.match(comment.body).hasMatch())
                ++plusOnes;
        }
        const int affected = m_issue.thumbsUpCount + m_issue.duplicateCount + plusOnes;
        if (affected < condition.min)
            return false;
        if (evidence)
            evidence->append(Evidence{label, rule, u"reactions"_s, -1, 0,
                                      u"%1 👍, %2 linked duplicates, %3 “+1” comments"_s.arg(m_issue.thumbsUpCount)
                                          .arg(m_issue.duplicateCount)
                                          .arg(plusOnes)});
        return true;
    }

    bool holdsCrash(const Condition &condition, EvidenceList *evidence, const QString &label, const QString &rule) const
    {
        for (const auto &[source, index] : m_crashFrames) {
            const AnalyzedText &text = m_texts.at(source);
            const CodeToken &frame = text.frames.at(index);
            if (!frame.resolved.contains(condition.ref, Qt::CaseInsensitive))
                continue;
            if (evidence)
                evidence->append(Evidence{label, rule, text.where, frame.start, frame.length, frame.resolved});
            return true;
        }
        return false;
    }

    Evidence factEvidence(int index, const QString &label, const QString &rule) const
    {
        for (const AnalyzedText &text : m_texts) {
            const CodeToken *token = nullptr;
            if (index == FactException && !text.exceptions.isEmpty())
                token = &text.exceptions.constFirst();
            else if (index == FactFrames && !text.frames.isEmpty())
                token = &text.frames.constFirst();
            if (token)
                return Evidence{label, rule, text.where, token->start, token->length, token->resolved};
            const SegmentKind wanted = index == FactTraceback ? SegmentKind::Traceback
                                       : index == FactLog     ? SegmentKind::Log
                                                              : SegmentKind::Code;
            if (index == FactCode || index == FactTraceback || index == FactLog || index == FactScript) {
                for (const Segment &segment : text.segments) {
                    if (segment.kind == wanted) {
                        const int length = std::min(segment.length, 80);
                        return Evidence{label,         rule,   text.where,
                                        segment.start, length, text.text.mid(segment.start, length)};
                    }
                }
            }
        }
        if (index == FactMaintainer)
            return Evidence{label, rule, u"author"_s, -1, 0, m_issue.authorAssociation};
        return Evidence{label, rule, QString(FactNames[size_t(index)]), -1, 0, {}};
    }

    void score()
    {
        const auto &entries = m_matcher.entries();
        const ScoringWeights &w = m_pack.scoring;
        m_signals.assign(entries.size(), SignalState{});
        for (int h = 0; h < int(m_hits.size()); ++h) {
            const SignalHit &hit = m_hits.at(h);
            const AnalyzedText &text = m_texts.at(hit.source);
            const double place = hit.source == 0 ? w.title : hit.source == 1 ? w.body : w.comment;
            const SegmentKind kind = text.kindAt(hit.start);
            const double factor = place * w.segment[size_t(kind)];
            if (factor <= 0.0)
                continue; // incidental text (an environment dump, a cc list) says nothing about the issue
            SignalState &state = m_signals[size_t(hit.signal)];
            ++state.count;
            state.inTitle = state.inTitle || hit.source == 0;
            state.inText = state.inText || hit.source != 0;
            state.inTag = state.inTag || (hit.source == 0 && text.inTag(hit.start, hit.length));
            state.outsideImport = state.outsideImport || !text.inImportStatement(hit.start, hit.length);
            state.segments |= 1u << int(kind);
            if (state.hit < 0 || factor > state.best) {
                state.best = factor;
                state.hit = h;
            }
        }
        m_groups.assign(m_pack.groups.size(), GroupScore{});
        for (size_t i = 0; i < entries.size(); ++i) {
            SignalState &state = m_signals[i];
            if (state.count == 0)
                continue;
            const SignalMatcher::Entry &entry = entries[i];
            const int extra = std::min(state.count - 1, w.repeatCap);
            state.score = entry.weight * state.best * (1.0 + w.repeatBonus * extra);
            GroupScore &group = m_groups[size_t(entry.group)];
            group.all[size_t(entry.kind)] += state.score;
            if (state.inTitle)
                group.title[size_t(entry.kind)] += entry.weight;
            if (state.inTag)
                group.tag[size_t(entry.kind)] += entry.weight;
            if (state.inText)
                group.text[size_t(entry.kind)] += entry.weight;
        }
    }

    void establishFacts()
    {
        int codeLines = 0;
        int imports = 0;
        int calls = 0;
        for (const AnalyzedText &text : m_texts) {
            m_facts[FactCode] = m_facts[FactCode] || text.has(SegmentKind::Code);
            m_facts[FactTraceback] = m_facts[FactTraceback] || text.has(SegmentKind::Traceback);
            m_facts[FactLog] = m_facts[FactLog] || text.has(SegmentKind::Log);
            m_facts[FactException] = m_facts[FactException] || !text.exceptions.isEmpty();
            m_facts[FactFrames] = m_facts[FactFrames] || !text.frames.isEmpty();
            codeLines += text.codeLines;
            imports += int(text.imports.size());
            calls += int(text.calls.size());
        }
        // A script: enough lines of code, or imports and calls (flattened bodies lose their line breaks).
        m_facts[FactScript] = codeLines >= 5 || (imports > 0 && calls >= 2);
        const QString &association = m_issue.authorAssociation;
        m_facts[FactMaintainer] =
            association == "MEMBER"_L1 || association == "OWNER"_L1 || association == "COLLABORATOR"_L1;
        m_facts[FactComments] = !m_issue.comments.isEmpty();
    }

    const RubricPack &m_pack;
    const SignalMatcher &m_matcher;
    const Issue &m_issue;
    QList<AnalyzedText> m_texts;
    QList<SignalHit> m_hits;
    std::vector<SignalState> m_signals;
    std::vector<GroupScore> m_groups;
    std::array<bool, FactNames.size()> m_facts{};
    std::vector<std::pair<int, int>> m_crashFrames; // (text, frame index) of each frame where a traceback raised
};

struct ModuleCandidate
{
    const ModuleRule *module = nullptr;
    double score = 0.0;
    Confidence confidence = Confidence::None;
    bool existing = false;
    EvidenceList procedure; // what the module's boosts (backend isolation, …) established
};

// The rubric's procedure steps that point at a module (pack 1.2 "boosts"): each that holds adds its score.
double applyBoosts(const ModuleRule &module, const Reading &reading, EvidenceList &why)
{
    double extra = 0.0;
    for (const ModuleBoost &boost : module.boosts) {
        if (reading.holds(boost.when, &why, module.label, u"procedure: "_s + boost.id))
            extra += boost.score;
    }
    return extra;
}

// Pack 1.2 require_module: every issue of the queue carries a module label. When none was applied, the strongest
// candidate (else the pack's fallback) is offered at LOW beside the review label, not applied: the reviewer
// accepts it with one click or picks another, and nothing unproven reaches the issue.
void offerModule(const RubricPack &pack, const QList<ModuleCandidate> &candidates, TriagePlan &plan)
{
    // The rule asks for a `module:` label: a topic or a companion label (dynamo-functorch) does not count.
    const ModuleRule *offer = nullptr;
    for (const ModuleCandidate &candidate : candidates) {
        if (candidate.module->label.startsWith("module: "_L1)) {
            offer = candidate.module;
            break;
        }
    }
    const bool fallback = !offer;
    if (fallback)
        offer = pack.moduleByLabel(pack.fallbackModule);
    if (!offer || plan.labelConfidence.contains(offer->label))
        return;
    plan.labelConfidence.insert(offer->label, Confidence::Low);
    const QString rule = fallback ? u"module required: the rubric's fallback, offered at LOW"_s
                                  : u"module required: strongest candidate, offered at LOW"_s;
    plan.evidence.append(Evidence{offer->label, rule, {}, -1, 0, {}});
}

Confidence lower(Confidence a, Confidence b)
{
    return int(a) < int(b) ? a : b;
}

Confidence capped(Confidence confidence, const QString &effect)
{
    if (effect == "drop"_L1)
        return Confidence::None;
    return lower(confidence, effect == "low"_L1 ? Confidence::Low : Confidence::Medium);
}

// Root cause over keywords, by position: a module whose words only stand where context stands (beside the
// title's tagged component, in passing in the body, on an import line) is capped as the pack says.
void applyContextRules(const RubricPack &pack, const Reading &reading, QList<ModuleCandidate> &candidates,
                       EvidenceList &evidence)
{
    if (pack.contextRules.isEmpty() || candidates.isEmpty())
        return;
    std::vector<Placement> where;
    where.reserve(size_t(candidates.size()));
    bool anyTagged = false;
    for (const ModuleCandidate &candidate : std::as_const(candidates)) {
        where.push_back(reading.placement(candidate.module->group));
        anyTagged = anyTagged || (where.back().tag && !candidate.module->visibility);
    }
    // A sub-oncall's own telling word in the title (tensor parallel, UCC, …) names a component too; a supporting
    // word ("backend", weight below 1) does not.
    bool subOncallInTitle = false;
    for (const SubOncall &sub : pack.subOncalls)
        subOncallInTitle = subOncallInTitle || reading.groupScore(sub.group, ~0u, Condition::Scope::Title) >= 1.0;
    const auto titleNamesAnother = [&](qsizetype self) {
        if (subOncallInTitle)
            return true;
        for (qsizetype j = 0; j < candidates.size(); ++j) {
            if (j != self && where[size_t(j)].title)
                return true;
        }
        return false;
    };
    for (const ContextRule &rule : pack.contextRules) {
        if (rule.test == ContextRule::Test::TitleOnly || !reading.holds(rule.when, nullptr, {}, {}))
            continue;
        for (qsizetype i = 0; i < candidates.size(); ++i) {
            ModuleCandidate &candidate = candidates[i];
            const Placement &at = where[size_t(i)];
            if (candidate.existing || candidate.confidence == Confidence::None)
                continue;
            bool fires = false;
            switch (rule.test) {
            case ContextRule::Test::UntaggedModule:
                fires = anyTagged && !at.tag && !at.failure;
                break;
            case ContextRule::Test::PassingMention:
                fires = !at.title && !at.code && titleNamesAnother(i);
                break;
            case ContextRule::Test::ImportOnly:
                fires = at.importOnly;
                break;
            case ContextRule::Test::TitleOnly:
                break;
            }
            if (!fires)
                continue;
            const Confidence before = candidate.confidence;
            candidate.confidence = capped(candidate.confidence, rule.effect);
            if (candidate.confidence == before)
                continue;
            // Rationale for a label held back: the words it stood on, with no label of their own.
            const QString id = u"context: "_s + rule.id;
            EvidenceList why;
            reading.appendGroupEvidence(why, candidate.module->group, ~0u, Condition::Scope::Issue, {}, id, 1);
            evidence.append(why.isEmpty() ? Evidence{{}, id, {}, -1, 0, candidate.module->label} : why.constFirst());
        }
    }
    candidates.removeIf([](const ModuleCandidate &c) { return c.confidence == Confidence::None; });
}

void addLabel(TriagePlan &plan, const Issue &issue, const QString &label, Confidence confidence)
{
    if (label.isEmpty() || issue.hasLabel(label) || plan.addLabels.contains(label))
        return;
    plan.addLabels.append(label);
    plan.labelConfidence.insert(label, confidence);
}

// A label the reviewer may add with one click: weighed and shown unchecked, never applied by the plan.
void offerLabel(TriagePlan &plan, const Issue &issue, const QString &label, Confidence confidence)
{
    if (label.isEmpty() || issue.hasLabel(label) || plan.addLabels.contains(label))
        return;
    plan.labelConfidence.insert(label, confidence);
}

// The playbook stops after a route to a team that triages its own issues (distributed infra, checkpointing): the
// plan is the route and the marker. What the procedure found besides is kept as offers, with its evidence.
// A high-priority sign is the exception: the playbook's criteria name infra and checkpointing failures (an internal
// assert in c10d, a corrupt checkpoint), and such an issue must reach the meeting, so the review label stays applied
// and the marker stays off, as on any route.
void stopAtRoute(const RubricPack &pack, const Issue &issue, TriagePlan &plan, Confidence routeConfidence,
                 bool highPriority)
{
    const QStringList found = plan.addLabels;
    plan.addLabels.clear();
    for (const QString &label : found) {
        if (label == plan.subOncall || label == pack.markerLabel || (highPriority && label == pack.reviewLabel))
            plan.addLabels.append(label);
    }
    if (highPriority) {
        plan.evidence.append(Evidence{{},
                                      u"route stops: %1 triages its own issues; labels found are offered, not "
                                      "applied (the high-priority sign still goes to review)"_s.arg(plan.subOncall),
                                      {},
                                      -1,
                                      0,
                                      plan.offeredLabels().join(u", "_s)});
        plan.templateKey.clear();
        plan.comment.clear();
        plan.decision = TriageDecision::HighPriority;
        plan.confidence = routeConfidence;
        return;
    }
    if (!plan.addLabels.contains(pack.markerLabel) && !issue.hasLabel(pack.markerLabel)) {
        addLabel(plan, issue, pack.markerLabel, Confidence::High);
        plan.evidence.append(Evidence{pack.markerLabel, u"processed"_s, {}, -1, 0, {}});
    }
    const QStringList offered = plan.offeredLabels();
    plan.evidence.append(
        Evidence{{},
                 u"route stops: %1 triages its own issues; labels found are offered, not applied"_s.arg(plan.subOncall),
                 {},
                 -1,
                 0,
                 offered.join(u", "_s)});
    plan.templateKey.clear();
    plan.comment.clear();
    plan.decision = TriageDecision::Route;
    plan.confidence = routeConfidence;
}

// First level: a usage question, an unclear report or a reproduction nobody can run ends the plan here, with its
// decision, template and (for a question) a close.
bool applyStopRule(const RubricPack &pack, const Reading &reading, const Issue &issue, TriagePlan &plan)
{
    for (const StopRule &rule : pack.stopRules) {
        EvidenceList why;
        const QString id = u"stop: "_s + rule.id;
        if (!reading.holds(rule.when, &why, rule.labels.value(0), id))
            continue;
        plan.decision = rule.decision;
        plan.confidence = rule.confidence;
        for (qsizetype i = 0; i < rule.labels.size(); ++i) {
            addLabel(plan, issue, rule.labels.at(i), rule.confidence);
            for (Evidence evidence : (i == 0 ? EvidenceList{} : why)) {
                evidence.label = rule.labels.at(i);
                plan.evidence.append(evidence);
            }
        }
        if (const TemplateText *text = pack.templateByKey(rule.templateKey)) {
            plan.templateKey = text->key;
            plan.comment = text->text;
        }
        plan.close = !rule.stateReason.isEmpty();
        plan.stateReason = rule.stateReason;
        // A rule that holds on an absence (no code, no error) has no words to show; record the rule.
        plan.evidence.append(why.isEmpty() ? EvidenceList{Evidence{{}, id, {}, -1, 0, {}}} : why);
        addLabel(plan, issue, pack.markerLabel, Confidence::High);
        plan.evidence.append(Evidence{pack.markerLabel, u"processed"_s, {}, -1, 0, {}});
        return true;
    }
    return false;
}

// What the issue's labels already say: a sub-oncall, the queue's own label doubling as its default route
// ("oncall: pt2"), module labels.
struct LabelsOnIssue
{
    const SubOncall *existingSub = nullptr;
    const SubOncall *queueSub = nullptr;
    QList<const ModuleRule *> existingModules;

    LabelsOnIssue(const RubricPack &pack, const Issue &issue)
    {
        for (const QString &label : issue.labels) {
            if (!existingSub)
                existingSub = pack.routeByLabel(label);
            if (!queueSub && pack.queueLabels.contains(label))
                queueSub = pack.subOncallByLabel(label);
            if (const ModuleRule *module = pack.moduleByLabel(label))
                existingModules.append(module);
        }
    }
};

// Before reading the text: an issue another queue owns, one this queue processed, one people classified.
bool alreadyHandled(const RubricPack &pack, const Issue &issue, const TriageEngine::Options &options,
                    const LabelsOnIssue &labels, TriagePlan &plan)
{
    // First level: an issue that already carries an oncall label is that queue's; nothing is written.
    if (const QString routedBy = pack.skipLabel(issue.labels); !routedBy.isEmpty()) {
        plan.decision = TriageDecision::AlreadyRouted;
        plan.subOncall = routedBy;
        plan.confidence = Confidence::High;
        plan.evidence.append(Evidence{{}, u"already routed"_s, u"labels"_s, -1, 0, routedBy});
        return true;
    }

    // The queue's own marker says this queue (its bot or a reviewer) processed the issue: the sweep does not pick
    // it again, and neither does the plan, unless the reviewer asks for a fresh one.
    if (pack.skipProcessed && !options.retriage && !pack.markerLabel.isEmpty() && issue.hasLabel(pack.markerLabel)) {
        plan.decision = TriageDecision::AlreadyProcessed;
        plan.confidence = Confidence::High;
        plan.evidence.append(Evidence{{}, u"already processed"_s, u"labels"_s, -1, 0, pack.markerLabel});
        return true;
    }

    // Step 0: a human (or the first-level bot and a human) already classified it.
    const SubOncall *classifiedSub = labels.existingSub ? labels.existingSub : labels.queueSub;
    if (classifiedSub && !labels.existingModules.isEmpty()) {
        plan.decision = TriageDecision::AlreadyClassified;
        plan.subOncall = classifiedSub->label;
        plan.confidence = Confidence::High;
        addLabel(plan, issue, pack.markerLabel, Confidence::High);
        plan.evidence.append(Evidence{pack.markerLabel, u"already-classified"_s, u"labels"_s, -1, 0,
                                      classifiedSub->label + u", "_s + labels.existingModules.constFirst()->label});
        return true;
    }
    return false;
}

// One run of the rubric's steps 1-6 over one issue's text (see triageengine.h), each step a member function over
// what the earlier ones found.
class Procedure
{
public:
    Procedure(const RubricPack &pack, const SignalMatcher &matcher, const Issue &issue, const LabelsOnIssue &labels,
              TriagePlan &plan)
        : m_pack(pack)
        , m_reading(pack, matcher, issue)
        , m_issue(issue)
        , m_labels(labels)
        , m_plan(plan)
    {}

    void run()
    {
        if (applyStopRule(m_pack, m_reading, m_issue, m_plan))
            return;
        readConfidenceCap();
        readTitleOnlyContext();
        scoreModules();
        scoreRoutes();
        if (outOfScope())
            return;
        route();
        if (stopsAfterRoute())
            return;
        offerForVisibility();
        addModules();
        addType();
        flagHighPriority();
        askForReproduction();
        offerStatus();
        finish();
    }

private:
    // A cap that holds for the whole issue (e.g. a PT2 issue: distributed labels are there for visibility).
    void readConfidenceCap()
    {
        for (const Rule &rule : m_pack.confidenceCaps) {
            if (m_reading.holds(rule.when, &m_capEvidence, {}, u"confidence cap: "_s + rule.id))
                m_cap = lower(m_cap, rule.effect == "low"_L1 ? Confidence::Low : Confidence::Medium);
        }
    }

    // A CI test report and the like: modules are read from the title (the test's name) alone.
    void readTitleOnlyContext()
    {
        for (const ContextRule &rule : m_pack.contextRules) {
            EvidenceList why;
            if (rule.test != ContextRule::Test::TitleOnly ||
                !m_reading.holds(rule.when, &why, {}, u"context: "_s + rule.id))
                continue;
            m_titleOnly = &rule;
            m_plan.evidence.append(why.isEmpty() ? Evidence{{}, u"context: "_s + rule.id, {}, -1, 0, {}}
                                                 : why.constFirst());
            return;
        }
    }

    // Module scores, needs and confusions first: routing leans on them.
    void scoreModules()
    {
        for (const ModuleRule &module : m_pack.modules) {
            if (std::optional<ModuleCandidate> candidate = scoreModule(module))
                m_candidates.append(*candidate);
        }
        applyContextRules(m_pack, m_reading, m_candidates, m_plan.evidence);
        std::stable_sort(m_candidates.begin(), m_candidates.end(),
                         [](const ModuleCandidate &a, const ModuleCandidate &b) { return a.score > b.score; });
        if (m_candidates.isEmpty() || m_pack.secondaryShare <= 0.0)
            return;
        // Root cause over keywords: a module far weaker than the strongest one is context, not the subject. A label
        // kept for another team's visibility names the domain, not the component at fault: it sets no bar.
        double strongest = 0.0;
        for (const ModuleCandidate &candidate : std::as_const(m_candidates))
            strongest = std::max(strongest, candidate.module->visibility ? 0.0 : candidate.score);
        m_candidates.removeIf([&](const ModuleCandidate &c) {
            return !c.existing && c.confidence != Confidence::High && c.score < m_pack.secondaryShare * strongest;
        });
    }

    std::optional<ModuleCandidate> scoreModule(const ModuleRule &module)
    {
        ModuleCandidate candidate;
        candidate.module = &module;
        candidate.score = m_titleOnly
                              ? m_reading.groupScore(module.group, ~0u, Condition::Scope::Title) * m_pack.scoring.title
                              : m_reading.groupScore(module.group);
        candidate.existing = m_labels.existingModules.contains(&module);
        if (!module.boosts.isEmpty())
            candidate.score += applyBoosts(module, m_reading, candidate.procedure);
        if (candidate.score < module.low && !candidate.existing)
            return std::nullopt;
        if (!module.needs.isTrivial() && !m_reading.holds(module.needs, nullptr, module.label, {}) &&
            !candidate.existing)
            return std::nullopt;
        candidate.confidence = candidate.score >= module.high     ? Confidence::High
                               : candidate.score >= module.medium ? Confidence::Medium
                                                                  : Confidence::Low;
        if (candidate.confidence == Confidence::High && m_pack.highNeedsCorroboration &&
            !m_reading.corroborated(module.group))
            candidate.confidence = Confidence::Medium;
        applyConfusions(module, candidate);
        if (candidate.confidence != Confidence::None)
            candidate.confidence = lower(candidate.confidence, m_cap);
        if (m_titleOnly && candidate.confidence != Confidence::None)
            candidate.confidence = capped(candidate.confidence, m_titleOnly->effect);
        if (candidate.existing)
            candidate.confidence = Confidence::High;
        if (candidate.confidence == Confidence::None)
            return std::nullopt;
        return candidate;
    }

    void applyConfusions(const ModuleRule &module, ModuleCandidate &candidate)
    {
        for (const Rule &confusion : module.confusions) {
            EvidenceList why;
            const QString rule = u"confusion: "_s + confusion.id;
            if (!m_reading.holds(confusion.when, &why, module.label, rule))
                continue;
            if (confusion.effect == "drop"_L1)
                candidate.confidence = Confidence::None;
            else if (confusion.effect == "low"_L1)
                candidate.confidence = lower(candidate.confidence, Confidence::Low);
            else
                candidate.confidence = lower(candidate.confidence, Confidence::Medium);
            for (Evidence &evidence : why)
                evidence.label.clear(); // rationale for a label that was held back, not evidence for one
            // A confusion that fires on an absence ("no FSDP name") has no words to show; record the rule.
            m_plan.evidence.append(why.isEmpty() ? Evidence{{}, rule, {}, -1, 0, module.label} : why.constFirst());
            if (candidate.confidence == Confidence::None)
                return;
        }
    }

    // Sub-oncall scores: their own signals plus their modules'. The first that passes its bars is the route by
    // precedence.
    void scoreRoutes()
    {
        m_subScores.assign(size_t(m_pack.subOncalls.size()), 0.0);
        double total = 0.0;
        for (qsizetype i = 0; i < m_pack.subOncalls.size(); ++i) {
            const SubOncall &sub = m_pack.subOncalls.at(i);
            double score = m_reading.groupScore(sub.group);
            for (const ModuleCandidate &candidate : std::as_const(m_candidates)) {
                if (candidate.module->subOncall == sub.id)
                    score += candidate.existing ? std::max(candidate.score, candidate.module->high) : candidate.score;
            }
            m_subScores[size_t(i)] = std::max(score, 0.0);
            // First level: staying in the general queue is no rival route; its module words do not dilute a route.
            if (m_pack.defaultInShare || !sub.isDefault)
                total += m_subScores[size_t(i)];
        }
        for (qsizetype i = 0; i < m_pack.subOncalls.size() && !m_routed; ++i) {
            const SubOncall &sub = m_pack.subOncalls.at(i);
            const double score = m_subScores[size_t(i)];
            if (!sub.isDefault && score >= sub.minScore && score >= sub.minShare * total) {
                m_routed = &sub;
                m_routeConfidence = score >= sub.highScore ? Confidence::High : Confidence::Medium;
            }
        }
    }

    // Where an out-of-scope issue would go if a human keeps it: the confusions that held modules back are the
    // out-of-scope reasoning itself, so this route reads the modules' plain scores.
    QString keptRoute() const
    {
        const QList<SubOncall> &subs = m_pack.subOncalls;
        std::vector<double> raw(size_t(subs.size()), 0.0);
        double rawTotal = 0.0;
        for (qsizetype i = 0; i < subs.size(); ++i) {
            double score = m_reading.groupScore(subs.at(i).group);
            for (const ModuleRule &module : m_pack.modules) {
                const double moduleScore = m_reading.groupScore(module.group);
                if (module.subOncall == subs.at(i).id && moduleScore >= module.medium)
                    score += moduleScore;
            }
            raw[size_t(i)] = std::max(score, 0.0);
            rawTotal += raw[size_t(i)];
        }
        for (qsizetype i = 0; i < subs.size(); ++i) {
            const SubOncall &sub = subs.at(i);
            if (!sub.isDefault && raw[size_t(i)] >= sub.minScore && raw[size_t(i)] >= sub.minShare * rawTotal)
                return sub.label;
        }
        for (qsizetype i = 0; i < subs.size(); ++i) {
            // A default that is the queue itself (PT2) is where a kept issue stays, with or without signals; a
            // default inside the queue (a distributed sub-queue) needs its own evidence.
            if (subs.at(i).isDefault && (raw[size_t(i)] > 0.0 || m_pack.queueLabels.contains(subs.at(i).label)))
                return subs.at(i).label;
        }
        return QString();
    }

    // Step 1: is it in this queue's scope at all?
    bool outOfScope()
    {
        for (const Rule &rule : m_pack.outOfScope) {
            EvidenceList why;
            if (!m_reading.holds(rule.when, &why, m_pack.reviewLabel, u"out of scope: "_s + rule.id))
                continue;
            m_plan.decision = m_pack.outOfScopeDecision;
            // Where it would go if a human keeps it: shown, never applied.
            m_plan.subOncall = keptRoute();
            m_plan.confidence = rule.confidence;
            addLabel(m_plan, m_issue, m_pack.reviewLabel, rule.confidence);
            addLabel(m_plan, m_issue, m_pack.markerLabel, Confidence::High);
            // A rule that holds on an absence ("nothing about compile") has no words to show; record the rule.
            m_plan.evidence.append(
                why.isEmpty() ? EvidenceList{Evidence{m_pack.reviewLabel, u"out of scope: "_s + rule.id, {}, -1, 0, {}}}
                              : why);
            m_plan.evidence.append(Evidence{m_pack.markerLabel, u"processed"_s, {}, -1, 0, {}});
            if (const TemplateText *text = m_pack.templateByKey(m_pack.outOfScopeTemplate)) {
                m_plan.templateKey = text->key;
                m_plan.comment = text->text;
            }
            return true;
        }
        return false;
    }

    // A route's evidence: its own signals, then its modules'. A module label a human already set has no words
    // behind it in the text; the label itself is the evidence.
    void appendRouteEvidence(const SubOncall &sub, const QString &rule)
    {
        m_reading.appendGroupEvidence(m_routeEvidence, sub.group, ~0u, Condition::Scope::Issue, sub.label, rule);
        for (const ModuleCandidate &candidate : std::as_const(m_candidates)) {
            if (candidate.module->subOncall != sub.id || m_routeEvidence.size() >= EvidencePerRule)
                continue;
            if (candidate.existing)
                m_routeEvidence.append(Evidence{sub.label, rule, u"labels"_s, -1, 0, candidate.module->label});
            else
                m_reading.appendGroupEvidence(m_routeEvidence, candidate.module->group, ~0u, Condition::Scope::Issue,
                                              sub.label, rule, 1);
        }
    }

    // Step 2: keep an existing sub-oncall, else edge cases, else precedence, else the default.
    void route()
    {
        if (const SubOncall *existing = m_labels.existingSub) {
            m_routed = existing;
            m_routeConfidence = Confidence::High;
            m_routeEvidence.append(
                Evidence{existing->label, u"existing sub-oncall kept"_s, u"labels"_s, -1, 0, existing->label});
        } else if (!routeByEdgeCase()) {
            if (m_routed)
                appendRouteEvidence(*m_routed, u"precedence: "_s + m_routed->id);
            else
                routeToDefault();
        }
        m_plan.subOncall = m_routed->label;
        if (!m_labels.existingSub)
            addLabel(m_plan, m_issue, m_routed->label, m_routeConfidence);
        m_plan.evidence.append(m_routeEvidence);
    }

    bool routeByEdgeCase()
    {
        for (const Rule &rule : m_pack.edgeCases) {
            EvidenceList why;
            const SubOncall *target = m_pack.subOncallById(rule.target);
            if (!target || !m_reading.holds(rule.when, &why, target->label, u"edge case: "_s + rule.id))
                continue;
            m_routed = target;
            m_routeConfidence = rule.confidence;
            m_routeEvidence = why;
            return true;
        }
        return false;
    }

    // The default claims what nobody else does: with its own signals, or as the fallback.
    void routeToDefault()
    {
        qsizetype index = 0;
        for (qsizetype i = 0; i < m_pack.subOncalls.size(); ++i) {
            if (m_pack.subOncalls.at(i).isDefault)
                index = i;
        }
        m_routed = &m_pack.subOncalls.at(index);
        const double score = m_subScores[size_t(index)];
        if (score > 0.0 && score >= m_routed->minScore) {
            m_routeConfidence = score >= m_routed->highScore ? Confidence::High : Confidence::Medium;
            appendRouteEvidence(*m_routed, u"signals: "_s + m_routed->id);
        }
        if (m_routeEvidence.isEmpty()) {
            m_routeConfidence = Confidence::Low;
            m_routeEvidence.append(Evidence{m_routed->label, u"default sub-oncall"_s, {}, -1, 0, {}});
        }
    }

    // First level: the queue it goes to does its own triage; the plan adds the oncall label and stops.
    bool stopsAfterRoute()
    {
        if (!m_pack.routeStops || m_routed->isDefault)
            return false;
        addLabel(m_plan, m_issue, m_pack.markerLabel, Confidence::High);
        m_plan.evidence.append(Evidence{m_pack.markerLabel, u"processed"_s, {}, -1, 0, {}});
        m_plan.decision = TriageDecision::Route;
        m_plan.confidence = m_routeConfidence;
        return true;
    }

    // Another team may want to see an issue that stays here (a PT2-D issue: distributed under compile, the fix in
    // PT2): its label is offered, never applied, so that adding it is the reviewer's call.
    void offerForVisibility()
    {
        if (!m_routed->isDefault)
            return;
        for (const SubOncall &sub : m_pack.subOncalls) {
            EvidenceList why;
            const QString rule = u"offered for visibility: "_s + sub.id;
            if (!sub.offerWhen || sub.isDefault || sub.label.isEmpty() ||
                !m_reading.holds(*sub.offerWhen, &why, sub.label, rule))
                continue;
            offerLabel(m_plan, m_issue, sub.label, Confidence::Low);
            m_plan.evidence.append(why.isEmpty() ? EvidenceList{Evidence{sub.label, rule, {}, -1, 0, {}}} : why);
        }
    }

    // Step 3: module labels.
    void addModules()
    {
        if (m_pack.classifyEveryRoute || m_routed->isDefault) {
            for (const ModuleCandidate &candidate : std::as_const(m_candidates))
                addModule(candidate);
        }
        addUmbrellas();
        if (m_bestModule != Confidence::None && m_cap != Confidence::High)
            m_plan.evidence.append(m_capEvidence.mid(0, 1));
        m_hasModule = m_bestModule != Confidence::None || !m_labels.existingModules.isEmpty();
        m_lowConfidence = m_routed->isDefault && !m_hasModule;
        if (m_lowConfidence && m_pack.requireModule)
            offerModule(m_pack, m_candidates, m_plan);
    }

    void addModule(const ModuleCandidate &candidate)
    {
        if (candidate.existing || int(candidate.confidence) < int(Confidence::Medium))
            return;
        if (candidate.module->subOncall != m_routed->id && int(candidate.confidence) < int(m_pack.crossRouteConfidence))
            return;
        if (!m_routed->isDefault && int(candidate.confidence) < int(m_pack.routedModuleConfidence))
            return;
        const ModuleRule &module = *candidate.module;
        const Confidence earned =
            m_routed->isDefault ? candidate.confidence : lower(candidate.confidence, m_pack.routedModuleCap);
        const Confidence confidence = lower(earned, module.ceiling);
        if (module.offerOnly) {
            // Outside the playbook's own list: shown unchecked with its evidence, for the reviewer to add.
            offerLabel(m_plan, m_issue, module.label, confidence);
            m_plan.evidence.append(candidate.procedure);
            m_reading.appendGroupEvidence(m_plan.evidence, module.group, ~0u, Condition::Scope::Issue, module.label,
                                          u"module signals (offered, not applied)"_s);
            return;
        }
        addLabel(m_plan, m_issue, module.label, confidence);
        // Held below what its words earned: say so, or the reviewer sees MEDIUM with HIGH evidence.
        if (confidence != earned)
            m_plan.evidence.append(Evidence{{}, u"confidence ceiling: "_s + module.id, {}, -1, 0, module.label});
        m_plan.evidence.append(candidate.procedure);
        m_reading.appendGroupEvidence(m_plan.evidence, module.group, ~0u, Condition::Scope::Issue, module.label,
                                      u"module signals"_s);
        m_bestModule = std::max(m_bestModule, confidence);
    }

    // Humans apply an umbrella label together with the specific one under it; the specific label is its evidence.
    // Umbrellas may stand under umbrellas (the pack refuses cycles), so repeat until no label is added.
    void addUmbrellas()
    {
        for (bool added = true; added;) {
            added = false;
            for (const ModuleRule &module : m_pack.modules) {
                if (module.umbrella.isEmpty() || !m_plan.addLabels.contains(module.label) ||
                    m_plan.addLabels.contains(module.umbrella))
                    continue;
                const ModuleRule *umbrella = m_pack.moduleByLabel(module.umbrella);
                addLabel(m_plan, m_issue, module.umbrella, lower(m_plan.confidenceOf(module.label), umbrella->ceiling));
                if (m_plan.addLabels.contains(module.umbrella)) {
                    m_plan.evidence.append(
                        Evidence{module.umbrella, u"umbrella of "_s + module.id, u"labels"_s, -1, 0, module.label});
                    added = true;
                }
            }
        }
    }

    // Step 4: type label for what is not a bug report.
    void addType()
    {
        for (const Rule &rule : m_pack.typeRules) {
            EvidenceList why;
            if (!m_reading.holds(rule.when, &why, rule.labels.value(0), u"type: "_s + rule.id))
                continue;
            for (const QString &label : rule.labels) {
                addLabel(m_plan, m_issue, label, rule.confidence);
                for (Evidence evidence : std::as_const(why)) {
                    evidence.label = label;
                    m_plan.evidence.append(evidence);
                }
            }
            m_notABug = true;
            return;
        }
    }

    // Step 5: high priority is a human decision; flag it for review and leave the issue unmarked.
    void flagHighPriority()
    {
        for (const Rule &rule : m_pack.highPriority) {
            EvidenceList why;
            if (!m_reading.holds(rule.when, &why, m_pack.reviewLabel, u"high priority: "_s + rule.id))
                continue;
            m_highPriority = true;
            addLabel(m_plan, m_issue, m_pack.reviewLabel, rule.confidence);
            m_plan.evidence.append(why);
            return;
        }
    }

    // Step 6: a usable reproduction, or a reason not to ask for one.
    void askForReproduction()
    {
        m_needsRepro = !m_notABug && !m_pack.reproLabel.isEmpty();
        for (const QList<Rule> *rules : {&m_pack.reproExempt, &m_pack.reproPresent}) {
            for (const Rule &rule : *rules) {
                if (m_needsRepro && m_reading.holds(rule.when, nullptr, {}, {}))
                    m_needsRepro = false;
            }
        }
        if (!m_needsRepro)
            return;
        addLabel(m_plan, m_issue, m_pack.reproLabel, Confidence::Medium);
        m_plan.evidence.append(Evidence{m_pack.reproLabel, u"no usable reproduction"_s, {}, -1, 0, {}});
        if (const TemplateText *text = m_pack.templateByKey(m_pack.reproTemplate)) {
            m_plan.templateKey = text->key;
            m_plan.comment = text->text;
        }
    }

    // Status labels the rubric names but leaves to people (low priority, needs research, actionable): offered.
    void offerStatus()
    {
        for (const Rule &rule : m_pack.statusRules) {
            EvidenceList why;
            if (!m_reading.holds(rule.when, &why, rule.labels.value(0), u"status: "_s + rule.id))
                continue;
            for (const QString &label : rule.labels) {
                offerLabel(m_plan, m_issue, label, rule.confidence);
                for (Evidence evidence : std::as_const(why)) {
                    evidence.label = label;
                    m_plan.evidence.append(evidence);
                }
                if (why.isEmpty())
                    m_plan.evidence.append(Evidence{label, u"status: "_s + rule.id, {}, -1, 0, {}});
            }
        }
    }

    // The review label for what no step could settle, the marker, and the plan's decision and confidence.
    void finish()
    {
        if (m_lowConfidence && !m_highPriority) {
            addLabel(m_plan, m_issue, m_pack.reviewLabel, Confidence::Low);
            m_plan.evidence.append(
                Evidence{m_pack.reviewLabel, u"no module at MEDIUM confidence or better"_s, {}, -1, 0, {}});
        }
        if (!m_highPriority) {
            addLabel(m_plan, m_issue, m_pack.markerLabel, Confidence::High);
            m_plan.evidence.append(Evidence{m_pack.markerLabel, u"processed"_s, {}, -1, 0, {}});
        }
        // First level: classified, with nothing left for a human to look at.
        if (!m_pack.completeLabel.isEmpty() && !m_highPriority && !m_needsRepro && !m_lowConfidence &&
            !m_plan.addLabels.contains(m_pack.reviewLabel) && !m_issue.hasLabel(m_pack.reviewLabel)) {
            addLabel(m_plan, m_issue, m_pack.completeLabel, Confidence::Medium);
            m_plan.evidence.append(Evidence{m_pack.completeLabel, u"classified, nothing to review"_s, {}, -1, 0, {}});
        }
        if (m_pack.routeOffers && !m_routed->isDefault) {
            stopAtRoute(m_pack, m_issue, m_plan, m_routeConfidence, m_highPriority);
            return;
        }
        m_plan.decision = m_highPriority        ? TriageDecision::HighPriority
                          : m_needsRepro        ? TriageDecision::NeedsReproduction
                          : m_lowConfidence     ? TriageDecision::LowConfidence
                          : m_routed->isDefault ? TriageDecision::Classify
                                                : TriageDecision::Route;
        Confidence overall = m_routeConfidence;
        if (m_hasModule && m_bestModule != Confidence::None)
            overall = lower(overall, m_bestModule);
        if (m_lowConfidence)
            overall = Confidence::Low;
        m_plan.confidence = overall;
    }

    const RubricPack &m_pack;
    const Reading m_reading;
    const Issue &m_issue;
    const LabelsOnIssue &m_labels;
    TriagePlan &m_plan;

    Confidence m_cap = Confidence::High;
    EvidenceList m_capEvidence;
    const ContextRule *m_titleOnly = nullptr;
    QList<ModuleCandidate> m_candidates;
    std::vector<double> m_subScores;
    const SubOncall *m_routed = nullptr;
    Confidence m_routeConfidence = Confidence::Low;
    EvidenceList m_routeEvidence;
    Confidence m_bestModule = Confidence::None;
    bool m_hasModule = false;
    bool m_lowConfidence = false;
    bool m_notABug = false;
    bool m_highPriority = false;
    bool m_needsRepro = false;
};

} // namespace

int TriageEngine::factIndex(const QString &name)
{
    for (size_t i = 0; i < FactNames.size(); ++i) {
        if (name == FactNames[i])
            return int(i);
    }
    return -1;
}

TriageEngine::TriageEngine(RubricPack pack)
    : m_pack(std::make_shared<const RubricPack>(std::move(pack)))
    , m_matcher(std::make_shared<const SignalMatcher>(*m_pack))
{}

TriagePlan TriageEngine::plan(const Issue &issue, const Options &options) const
{
    TriagePlan plan = procedure(issue, options);
    // The playbook comments once: a template already on the issue is dropped from the plan, its labels kept, so
    // that approving the plan as it stands writes them instead of being held back by the guardrail.
    if (const TemplateText *text = m_pack->templateByKey(plan.templateKey);
        text && !plan.comment.isEmpty() && Guardrails::templatePosted(*text, issue)) {
        plan.evidence.append(Evidence{{}, u"template already posted: "_s + text->key, u"comments"_s, -1, 0, {}});
        plan.templateKey.clear();
        plan.comment.clear();
    }
    return plan;
}

TriagePlan TriageEngine::procedure(const Issue &issue, const Options &options) const
{
    TriagePlan plan;
    plan.issueNumber = issue.number;
    plan.profile = m_pack->profile;
    const LabelsOnIssue labels(*m_pack, issue);
    if (!alreadyHandled(*m_pack, issue, options, labels, plan))
        Procedure(*m_pack, *m_matcher, issue, labels, plan).run();
    return plan;
}
