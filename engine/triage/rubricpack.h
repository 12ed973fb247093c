// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/result.h"
#include "engine/triage/triageplan.h"

#include <QByteArray>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <array>
#include <optional>

// How a signal is looked for. Keywords are prose words (case-insensitive unless told otherwise); API names,
// import paths and error names are identifiers (case-sensitive); frame paths only match inside file paths that
// appear in tracebacks and logs ("torch/distributed/fsdp/").
enum class SignalKind
{
    Keyword,
    Api,
    Import,
    Frame,
    Error
};
inline constexpr int SignalKindCount = 5;

QString signalKindName(SignalKind kind);

struct Signal
{
    SignalKind kind = SignalKind::Keyword;
    QString text;        // without the trailing '*' of a prefix signal
    double weight = 1.0; // may be negative: a word that argues against the group
    bool caseSensitive = false;
    bool prefix = false; // "shard*" matches "sharded", "sharding"
};

// A named, weighted list of signals. Module labels, sub-oncalls and free-standing sets ("compile",
// "single_device", …) are all groups, so every rule can refer to any of them by id.
struct SignalGroup
{
    QString id;
    QList<Signal> signalList;
};

// A test over what was found in an issue. Composite nodes (All, Any, None) hold children; leaves look at the
// score of a group (optionally only some signal kinds, only the title), at an existing label or at a fact
// the text analysis established (fenced code, traceback, …).
struct Condition
{
    enum class Op
    {
        All,
        Any,
        None,
        Group,
        Label,
        Fact,
        Near,
        Crash,
        Affected // 1.6: 👍, linked duplicates and "+1" comments together reach `min`
    };
    Op op = Op::All;
    QString ref;      // group id, label name, fact name or (Op::Crash) a path fragment
    int group = -1;   // resolved group index for Op::Group
    double min = 0.0; // a group leaf holds when its score reaches min (or is positive when min is 0)
    // Op::Group: where a hit counts. TitleTag (1.5): only inside the title's leading "[…]" tags, the
    // component the author named ("[Inductor][CPU] …") rather than a word of the sentence.
    enum class Scope
    {
        Issue,
        Title,
        TitleTag,
        Text // 1.6: everything but the title (body and comments)
    };
    Scope scope = Scope::Issue;
    unsigned kindMask = (1u << SignalKindCount) - 1;
    QList<Condition> children;
    // Op::Crash (1.2): the innermost frame of a traceback, where it raised, lies under `ref` (a path fragment):
    // the bug is in that code, not merely on the way through it.
    // Op::Near (1.2): a hit of `ref` and one of `nearRef` stand within `within` characters of each other in the
    // same text ("aot_eager" … "works fine"): what one sentence says about one thing.
    QString nearRef;
    int nearGroup = -1;
    int within = 80;

    bool isTrivial() const { return op == Op::All && children.isEmpty(); }
};

// One named step of the rubric: an edge case, a confusion, a type rule, a high-priority signal, …
struct Rule
{
    QString id;
    QString note; // the rubric's reason, shown to reviewers
    Condition when;
    QString target;     // edge cases: the sub-oncall id they route to
    QStringList labels; // type rules: the labels they add
    QString effect;     // confusions: "drop", "low" or "medium" (caps the label's confidence)
    Confidence confidence = Confidence::Medium;
};

// Where a module's words stand in the issue can make them context rather than its subject. Each test is built
// into the engine (it reads positions, not words); the pack says which ones apply, how hard, and why.
struct ContextRule
{
    enum class Test
    {
        UntaggedModule, // the title's "[…]" tags name another module and this one has no frame or error of its own
        PassingMention, // only prose words in the body while the title names another component
        ImportOnly,     // every hit is on an import statement: imported, never used or discussed
        TitleOnly       // `when` holds (e.g. a CI test report): the module is read from the title alone
    };
    QString id;
    QString note;
    Test test = Test::PassingMention;
    Condition when; // trivial: always
    QString effect; // "drop", "low" or "medium": caps the module's confidence
};

// A step of the rubric's procedure that points at a module by what it establishes rather than by words (e.g.
// backend isolation: fails with aot_eager, works with eager → the dispatcher layer). Adds `score` to the module.
struct ModuleBoost
{
    QString id;
    QString note;
    Condition when;
    double score = 0.0;
};

struct ModuleRule
{
    QString id;
    QString label;
    QString subOncall; // id of the sub-oncall this module belongs to
    int group = -1;
    double low = 1.0;
    double medium = 2.0;
    double high = 4.0;
    Condition needs; // the label is only considered when this holds (trivial: always)
    QList<Rule> confusions;
    QList<ModuleBoost> boosts; // 1.2
    // 1.2: a label for another team's visibility (pt2: dtensor, fsdp, ddp). A title tag naming it names the
    // domain, not the component at fault, so it does not make the queue's own modules context.
    bool visibility = false;
    // 1.6: never applied by the plan, only offered unchecked with its evidence (a label outside the playbook's
    // own list that reviewers still find useful: distributed's `module: distributed_checkpoint`).
    bool offerOnly = false;
    // 1.3: the most a plan offers it at from the words alone. Calibrated against how often humans apply the
    // label where it fits: HIGH tells a reviewer the label can be approved without a second look.
    Confidence ceiling = Confidence::High;
    // 1.3: the broader label humans apply together with this one (pt2: module: higher order operators sits under
    // module: pt2-dispatcher); added with it, at its confidence. 1.4: an umbrella may sit under another (flex
    // attention -> higher order operators -> pt2-dispatcher), as long as the chain never returns.
    QString umbrella;
};

struct SubOncall
{
    QString id;
    QString label;
    int group = -1;        // its own signals, added to the scores of its modules
    double minScore = 2.0; // below this the sub-oncall does not claim the issue
    double minShare = 0.0; // and it must hold at least this share of all sub-oncall scores
    double highScore = 6.0;
    bool isDefault = false;
    // 1.6: when the issue stays on the default route and this holds, the label is offered unchecked (with the
    // condition's evidence), not applied: PT2's "a PT2-D issue may add oncall: distributed and keeps oncall: pt2".
    std::optional<Condition> offerWhen;
};

// A first-level check that ends the plan before any routing (a usage question, an unclear report, a reproduction
// that cannot run): its decision, its template and, for a question, a close.
struct StopRule
{
    QString id;
    QString note;
    Condition when;
    TriageDecision decision; // the pack's, e.g. "close_question", "request_info", "request_reproduction"
    QString templateKey;     // posted with it (may be empty)
    QString stateReason;     // non-empty: the plan closes the issue ("not_planned" or "completed")
    QStringList labels;      // added with it (the review label, …)
    Confidence confidence = Confidence::Medium;
};

struct LabelInfo
{
    QString name;
    QString description;
};

struct TemplateText
{
    QString key;
    QString text;
    QStringList detect; // phrases that show the template (or a human's copy of it) was already posted
};

// Where a hit counts and how much: by the part of the issue and by the kind of text around it.
struct ScoringWeights
{
    double title = 2.0;
    double body = 1.0;
    double comment = 0.5;
    std::array<double, 5> segment = {1.0, 1.0, 0.7, 0.5, 0.0}; // prose, code, traceback, log, incidental
    double repeatBonus = 0.25;                                 // per extra hit of the same signal …
    int repeatCap = 2;                                         // … for at most this many extra hits
    // 1.2: read a test's snake-case name, and its class's CamelCase, as words (test_hf_bert_ddp_inductor names
    // DDP and Inductor, TestDTensorOps DTensor). Humans label many CI reports by the test and leave many others
    // unlabelled; on issues the packs were not tuned on, reading the test found more right labels than wrong ones.
    bool testNameWords = false;
};

// A rubric as data: everything the triage procedure knows about one queue. Loaded from the JSON format
// "triage-console/rubric-pack", version 1.5 (resources/packs/distributed.json is the reference, general.json the
// first-level one); 1.0 packs (`"version": 1`) load as they are, 1.1 adds scoring.incidental and context_rules,
// 1.2 to 1.5 the keys marked so:
//   format, version, profile, title          identity; a newer version is refused, not half-read
//   labels [{name, description}]             the allowlist; every label a rule adds must be in it
//   queue/protected/forbidden_labels, marker_label, review_label, reproduction_label
//   scoring {title, body, comment, prose, code, traceback, log, incidental, repeat_bonus, repeat_cap,
//            test_name_words (1.2)}
//   signal_sets [{id, signals}]              named groups of {kind, text, weight, case_sensitive}
//   sub_oncalls [{id, label, default, min_score, min_share, high_score, signals}]   in precedence order
//   sub_oncalls[].offer_when                 1.6: staying on the default route, the label is offered, not applied
//   modules [{id, label, sub_oncall, low, medium, high, requires, signals, confusions}]
//   edge_cases [{id, route, when}], out_of_scope, type_rules [{labels}], high_priority, confidence_caps,
//   reproduction {present, exempt}, templates [{key, text, detect}]
//   context_rules [{id, test, effect, when}]   1.1: untagged_module | passing_mention | import_only | title_only
//   modules[].boosts [{id, when, score}]       1.2: a procedure step that points at the module adds to its score
//   modules[].visibility                       1.2: another team's label; its title tag leaves other modules be
//   modules[].max_confidence                   1.3: HIGH | MEDIUM | LOW, the most the label is offered at
//   modules[].umbrella                         1.3: another module's label, added whenever this one is;
//                                              1.4: that module may have an umbrella of its own (no cycles)
//   require_module, fallback_module            1.2: no module at MEDIUM on the default route → the strongest
//                                              candidate (else fallback_module) is offered at LOW, not applied
//   {near: ID, to: ID2, within: N}             1.2 condition: hits of both groups within N characters, one text
//   {crash: PATH}                              1.2 condition: a traceback raised in a frame whose path holds PATH
//   {affected: N}                              1.6 condition: 👍 reactions, linked duplicates and "+1" comments
//                                              together reach N (many users affected)
// A sub-oncall whose label is also a queue label (pt2: "oncall: pt2") is where the issue stands, not a route a
// human already chose: routing still runs and may redirect it.
//   skip_label_prefixes [..]                 1.2: an issue with a label starting so is left alone ("already_routed")
//   stop_rules [{id, decision, template, close, labels, when}]   1.2: in order, before routing; one ends the plan
//   route_stops                              1.2: routing to a non-default sub-oncall ends the plan (no modules)
//   route_offers                             1.6: … ends it at the route and the marker, the rest only offered
//   status_rules [{id, labels, when}]        1.6: labels offered (never applied) when the condition holds
//   skip_processed                           1.6: an issue with marker_label is not planned again
//   modules[].offer_only                     1.6: the label is offered unchecked, never applied by the plan
//   complete_label                           1.2: added when the issue is classified and nothing needs review
//   default_in_share                         1.2: false: a route's min_share leaves the default's score out
//   forbidden_prefixes / _substrings / _names   1.2: never added (case-insensitive), rule "forbidden-label"
//   a default sub-oncall's label may be "" (1.2: staying in the queue adds no label); reproduction_label is optional
// Conditions ("when", "requires") combine {all|any|none: […]} over {signals: ID, min, in: title|tag, kinds: […]}
// (in: tag, 1.5: only hits inside the title's leading "[…]" tags; in: text, 1.6: the body and comments, not the title),
// {label: NAME} and {fact: code|traceback|log|exception|frames|script|maintainer|comments}. Sub-oncalls,
// modules and signal sets share one id space. Another queue (pt2, first-level routing) is another pack file.
struct RubricPack
{
    static constexpr int FormatVersion = 1;
    static constexpr int FormatMinorVersion = 6;

    int minorVersion = 0; // of the file it was read from

    QString sourceName;  // the file it came from, for messages
    QString fingerprint; // the first 12 hex digits of the file's SHA-256: which version of the pack planned
    QString profile;
    QString title;
    QList<LabelInfo> labels;
    QStringList queueLabels;     // the labels that put an issue in this queue
    QStringList protectedLabels; // never removed, whoever asks
    QStringList forbiddenLabels; // never added by a plan, even though humans use them
    QString markerLabel;         // "the bot processed this issue"
    QString reviewLabel;
    QString reproLabel;
    TriageDecision outOfScopeDecision; // the pack's, e.g. "not_distributed"
    QString outOfScopeTemplate;
    QString reproTemplate;
    bool classifyEveryRoute = true; // also add module labels after routing to a non-default sub-oncall
    // … and then only at this confidence or better (the rubric hands such issues to the team as they are).
    Confidence routedModuleConfidence = Confidence::Medium;
    // … and at most this confidence: beyond the rubric's procedure, the team decides.
    Confidence routedModuleCap = Confidence::High;
    double secondaryShare = 0.0; // a module weaker than this share of the strongest one is dropped
    // A module of another sub-oncall than the routed one is context unless it reaches this confidence.
    Confidence crossRouteConfidence = Confidence::Medium;
    // HIGH needs two different signals, one of them from code (an API, import, frame or error name).
    bool highNeedsCorroboration = false;
    // Every issue of the queue carries a module label (PT2): offer one at LOW when none is applied (1.2).
    bool requireModule = false;
    QString fallbackModule; // offered when no module scored at all
    ScoringWeights scoring;
    QList<SignalGroup> groups;
    QList<ModuleRule> modules;
    QList<SubOncall> subOncalls; // in precedence order, highest first
    QList<Rule> edgeCases;
    QList<Rule> outOfScope;
    QList<Rule> typeRules;
    QList<Rule> highPriority;
    QList<Rule> confidenceCaps; // any of these: module labels are capped ("medium" or "low")
    // 1.6: status labels the rubric names (low priority, needs research, actionable): each that holds offers its
    // labels unchecked with the evidence, never applies them; the reviewer decides.
    QList<Rule> statusRules;
    QList<Rule> reproPresent; // any of these: the issue carries a usable reproduction
    QList<Rule> reproExempt;  // any of these: do not ask for one
    QList<ContextRule> contextRules;
    QList<TemplateText> templates;
    // 1.2: first-level routing (the general queue).
    QStringList skipLabelPrefixes;
    QList<StopRule> stopRules;
    bool routeStops = false;
    // 1.6: routing to a non-default sub-oncall ends the plan at the route and the marker; the module, type and
    // status labels the procedure found are offered unchecked with their evidence, not applied.
    bool routeOffers = false;
    // 1.6: an issue carrying marker_label was processed by this queue: "already_processed", an empty plan,
    // unless the reviewer asks to re-triage. Off where the marker is shared with another queue's bot.
    bool skipProcessed = false;
    bool defaultInShare = true; // false: min_share compares the routes only, not the default's own modules
    QString completeLabel;
    QStringList forbiddenPrefixes;   // lower case
    QStringList forbiddenSubstrings; // lower case
    QStringList forbiddenNames;      // lower case

    static Result<RubricPack> fromJson(const QByteArray &json, const QString &sourceName);
    static Result<RubricPack> load(const QString &path);
    // The pack compiled into the binary for a profile ("distributed").
    static Result<RubricPack> builtin(const QString &profile);
    // The profiles compiled into the binary, sorted.
    static QStringList builtinProfiles();
    // The built-in profile for a queue with these labels: the one whose queue labels it names ("oncall: pt2"
    // → pt2); with none, first-level routing ("general") when built in, else the first profile.
    static QString profileForQueueLabels(const QStringList &labels);

    bool allows(const QString &label) const;
    int groupIndex(const QString &id) const;
    const SubOncall *subOncallById(const QString &id) const;
    const SubOncall *subOncallByLabel(const QString &label) const;
    // As subOncallByLabel, but not for a queue label: that one only says which queue the issue is in.
    const SubOncall *routeByLabel(const QString &label) const;
    const ModuleRule *moduleByLabel(const QString &label) const;
    const TemplateText *templateByKey(const QString &key) const;
    QString describe(const QString &label) const;
    // The issue label that puts it out of this pack's hands (skip_label_prefixes), or empty.
    QString skipLabel(const QStringList &issueLabels) const;
    // Whether a forbidden prefix, substring or name (case-insensitive) rules the label out.
    bool forbidsPattern(const QString &label) const;
};

Q_DECLARE_METATYPE(RubricPack)
