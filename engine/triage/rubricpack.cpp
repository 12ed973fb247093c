// SPDX-License-Identifier: MIT
#include "engine/triage/rubricpack.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QSet>

#include <array>
#include <optional>

using namespace Qt::StringLiterals;

namespace {

constexpr auto FormatName = "triage-console/rubric-pack"_L1;

const QStringList &factNames()
{
    // Established by TextAnalyzer / TriageEngine; see TriageEngine::factIndex().
    static const QStringList names = {u"code"_s,   u"traceback"_s, u"log"_s,        u"exception"_s,
                                      u"frames"_s, u"script"_s,    u"maintainer"_s, u"comments"_s};
    return names;
}

std::optional<SignalKind> kindFromName(const QString &name)
{
    for (int i = 0; i < SignalKindCount; ++i) {
        if (signalKindName(SignalKind(i)) == name)
            return SignalKind(i);
    }
    return std::nullopt;
}

// Walks the JSON with a path, so that every problem names where it is. The first problem wins; after it every
// accessor returns a harmless default, and load() reports that one problem.
class PackReader
{
public:
    std::optional<QString> error;

    void fail(const QString &path, const QString &problem)
    {
        if (!error)
            error = path.isEmpty() ? problem : path + u": "_s + problem;
    }

    static QString typeName(const QJsonValue &value)
    {
        switch (value.type()) {
        case QJsonValue::Null:
            return u"null"_s;
        case QJsonValue::Bool:
            return u"a boolean"_s;
        case QJsonValue::Double:
            return u"a number"_s;
        case QJsonValue::String:
            return u"a string"_s;
        case QJsonValue::Array:
            return u"an array"_s;
        case QJsonValue::Object:
            return u"an object"_s;
        case QJsonValue::Undefined:
            break;
        }
        return u"missing"_s;
    }

    // Unknown keys are errors: a typo ("weigth") must not silently fall back to a default.
    void onlyKeys(const QJsonObject &object, const QString &path, std::initializer_list<QLatin1StringView> keys)
    {
        for (auto it = object.begin(); it != object.end(); ++it) {
            bool known = false;
            for (QLatin1StringView key : keys)
                known = known || it.key() == key;
            if (!known)
                fail(join(path, it.key()), u"unknown key"_s);
        }
    }

    static QString join(const QString &path, const QString &key) { return path.isEmpty() ? key : path + u'.' + key; }
    static QString index(const QString &path, qsizetype i) { return path + u'[' + QString::number(i) + u']'; }

    QJsonObject object(const QJsonValue &value, const QString &path)
    {
        if (!value.isObject()) {
            fail(path, u"expected an object, found %1"_s.arg(typeName(value)));
            return {};
        }
        return value.toObject();
    }

    QJsonArray array(const QJsonObject &parent, const QString &path, const QString &key, bool required)
    {
        const QJsonValue value = parent.value(key);
        if (value.isUndefined()) {
            if (required)
                fail(join(path, key), u"is required"_s);
            return {};
        }
        if (!value.isArray()) {
            fail(join(path, key), u"expected an array, found %1"_s.arg(typeName(value)));
            return {};
        }
        return value.toArray();
    }

    QString string(const QJsonObject &parent, const QString &path, const QString &key, bool required,
                   const QString &fallback = {})
    {
        const QJsonValue value = parent.value(key);
        if (value.isUndefined()) {
            if (required)
                fail(join(path, key), u"is required"_s);
            return fallback;
        }
        if (!value.isString()) {
            fail(join(path, key), u"expected a string, found %1"_s.arg(typeName(value)));
            return fallback;
        }
        if (required && value.toString().trimmed().isEmpty())
            fail(join(path, key), u"must not be empty"_s);
        return value.toString();
    }

    QString stringValue(const QJsonValue &value, const QString &path)
    {
        if (!value.isString() || value.toString().trimmed().isEmpty()) {
            fail(path,
                 value.isString() ? u"must not be empty"_s : u"expected a string, found %1"_s.arg(typeName(value)));
            return {};
        }
        return value.toString();
    }

    QStringList strings(const QJsonObject &parent, const QString &path, const QString &key, bool required)
    {
        QStringList result;
        const QJsonArray values = array(parent, path, key, required);
        for (qsizetype i = 0; i < values.size(); ++i)
            result.append(stringValue(values.at(i), index(join(path, key), i)));
        return result;
    }

    double number(const QJsonObject &parent, const QString &path, const QString &key, double fallback,
                  double lowest = -1e9, double highest = 1e9)
    {
        const QJsonValue value = parent.value(key);
        if (value.isUndefined())
            return fallback;
        if (!value.isDouble()) {
            fail(join(path, key), u"expected a number, found %1"_s.arg(typeName(value)));
            return fallback;
        }
        const double number = value.toDouble();
        if (number < lowest || number > highest) {
            fail(join(path, key), u"%1 is outside %2…%3"_s.arg(number).arg(lowest).arg(highest));
            return fallback;
        }
        return number;
    }

    bool boolean(const QJsonObject &parent, const QString &path, const QString &key, bool fallback)
    {
        const QJsonValue value = parent.value(key);
        if (value.isUndefined())
            return fallback;
        if (!value.isBool()) {
            fail(join(path, key), u"expected true or false, found %1"_s.arg(typeName(value)));
            return fallback;
        }
        return value.toBool();
    }
};

class PackParser
{
public:
    explicit PackParser(RubricPack &pack)
        : m_pack(pack)
    {}

    PackReader reader;

    void parse(const QJsonObject &root);

private:
    void parseVersion(const QJsonObject &root);
    void parseLabels(const QJsonObject &root);
    void parseRouting(const QJsonObject &root);
    void parseTemplates(const QJsonObject &root);
    void parseSignalSets(const QJsonObject &root);
    void parseSubOncalls(const QJsonObject &root);
    void parseModules(const QJsonObject &root);
    void checkUmbrellas();
    void parseRuleLists(const QJsonObject &root);
    void parseScoring(const QJsonObject &object, const QString &path);
    Signal parseSignal(const QJsonValue &value, const QString &path);
    int parseGroup(const QString &id, const QJsonObject &parent, const QString &path, bool required);
    Condition parseCondition(const QJsonValue &value, const QString &path);
    Condition parseNear(const QJsonObject &object, const QString &path);
    QList<ModuleBoost> parseBoosts(const QJsonObject &parent, const QString &path);
    QList<Condition> parseConditionList(const QJsonValue &value, const QString &path);
    QList<Rule> parseRules(const QJsonObject &parent, const QString &path, const QString &key, bool routes, bool labels,
                           bool effects);
    void checkLabel(const QString &label, const QString &path);
    void parseContextRules(const QJsonObject &root);
    void parseModuleRequirement(const QJsonObject &root);
    void parseFirstLevel(const QJsonObject &root);
    // A key added in a later minor version is refused in an older file: the file says which rules it means.
    void requireMinor(const QJsonObject &object, const QString &path, const QString &key, int minor);
    bool umbrellaChainReturns(qsizetype start) const;
    void resolveConditions();
    void resolve(Condition &condition);

    RubricPack &m_pack;
    QSet<QString> m_allowed;
    // Conditions are parsed before every group is known (a module's confusion may name a later module), so
    // group references are resolved in a second pass; the path is kept for the message.
    struct PendingRef
    {
        QString id;
        QString path;
    };
    QList<PendingRef> m_refs;
};

void PackParser::checkLabel(const QString &label, const QString &path)
{
    if (!label.isEmpty() && !m_allowed.contains(label))
        reader.fail(path, u"label \"%1\" is not in the pack's \"labels\" allowlist"_s.arg(label));
}

bool PackParser::umbrellaChainReturns(qsizetype start) const
{
    const ModuleRule *module = &m_pack.modules.at(start);
    for (qsizetype step = 0; step < m_pack.modules.size() && !module->umbrella.isEmpty(); ++step) {
        module = m_pack.moduleByLabel(module->umbrella);
        if (!module)
            return false;
        if (module == &m_pack.modules.at(start))
            return true;
    }
    return false;
}

void PackParser::requireMinor(const QJsonObject &object, const QString &path, const QString &key, int minor)
{
    if (object.contains(key) && m_pack.minorVersion < minor)
        reader.fail(PackReader::join(path, key),
                    u"needs pack version %1.%2 or later (the file says %1.%3)"_s.arg(RubricPack::FormatVersion)
                        .arg(minor)
                        .arg(m_pack.minorVersion));
}

void PackParser::parseContextRules(const QJsonObject &root)
{
    static constexpr std::array<std::pair<QLatin1StringView, ContextRule::Test>, 4> Tests = {
        std::pair{"untagged_module"_L1, ContextRule::Test::UntaggedModule},
        std::pair{"passing_mention"_L1, ContextRule::Test::PassingMention},
        std::pair{"import_only"_L1, ContextRule::Test::ImportOnly},
        std::pair{"title_only"_L1, ContextRule::Test::TitleOnly}};
    requireMinor(root, {}, u"context_rules"_s, 1);
    const QJsonArray array = reader.array(root, {}, u"context_rules"_s, false);
    QSet<QString> ids;
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString path = PackReader::index(u"context_rules"_s, i);
        const QJsonObject object = reader.object(array.at(i), path);
        reader.onlyKeys(object, path, {"id"_L1, "note"_L1, "test"_L1, "effect"_L1, "when"_L1});
        ContextRule rule;
        rule.id = reader.string(object, path, u"id"_s, true);
        if (ids.contains(rule.id))
            reader.fail(PackReader::join(path, u"id"_s), u"\"%1\" is used twice"_s.arg(rule.id));
        ids.insert(rule.id);
        rule.note = reader.string(object, path, u"note"_s, false);
        const QString test = reader.string(object, path, u"test"_s, true);
        bool known = false;
        for (const auto &[name, value] : Tests) {
            if (test == name) {
                rule.test = value;
                known = true;
            }
        }
        if (!known && !test.isEmpty())
            reader.fail(PackReader::join(path, u"test"_s),
                        u"\"%1\" is not one of untagged_module, passing_mention, import_only, title_only"_s.arg(test));
        rule.effect = reader.string(object, path, u"effect"_s, false, u"low"_s);
        if (rule.effect != "drop"_L1 && rule.effect != "low"_L1 && rule.effect != "medium"_L1)
            reader.fail(PackReader::join(path, u"effect"_s),
                        u"expected \"drop\", \"low\" or \"medium\", found \"%1\""_s.arg(rule.effect));
        if (object.contains("when"_L1))
            rule.when = parseCondition(object.value("when"_L1), PackReader::join(path, u"when"_s));
        else if (rule.test == ContextRule::Test::TitleOnly)
            reader.fail(PackReader::join(path, u"when"_s), u"is required: which issues are read from the title"_s);
        m_pack.contextRules.append(rule);
    }
}

void PackParser::parseModuleRequirement(const QJsonObject &root)
{
    requireMinor(root, {}, u"require_module"_s, 2);
    requireMinor(root, {}, u"fallback_module"_s, 2);
    m_pack.requireModule = reader.boolean(root, {}, u"require_module"_s, false);
    m_pack.fallbackModule = reader.string(root, {}, u"fallback_module"_s, false);
    if (!reader.error && !m_pack.fallbackModule.isEmpty() && !m_pack.moduleByLabel(m_pack.fallbackModule))
        reader.fail(u"fallback_module"_s, u"no module has the label \"%1\""_s.arg(m_pack.fallbackModule));
    if (!reader.error && !m_pack.fallbackModule.isEmpty() && !m_pack.requireModule)
        reader.fail(u"fallback_module"_s, u"only applies with \"require_module\": true"_s);
}

void PackParser::parseFirstLevel(const QJsonObject &root)
{
    for (const char *key : {"skip_label_prefixes", "stop_rules", "route_stops", "complete_label", "default_in_share",
                            "forbidden_prefixes", "forbidden_substrings", "forbidden_names"})
        requireMinor(root, {}, QString::fromLatin1(key), 2);
    m_pack.skipLabelPrefixes = reader.strings(root, {}, u"skip_label_prefixes"_s, false);
    m_pack.routeStops = reader.boolean(root, {}, u"route_stops"_s, false);
    for (const char *key : {"route_offers", "skip_processed", "status_rules"})
        requireMinor(root, {}, QString::fromLatin1(key), 6);
    m_pack.statusRules = parseRules(root, {}, u"status_rules"_s, false, true, false);
    m_pack.routeOffers = reader.boolean(root, {}, u"route_offers"_s, false);
    m_pack.skipProcessed = reader.boolean(root, {}, u"skip_processed"_s, false);
    m_pack.defaultInShare = reader.boolean(root, {}, u"default_in_share"_s, true);
    m_pack.completeLabel = reader.string(root, {}, u"complete_label"_s, false);
    checkLabel(m_pack.completeLabel, u"complete_label"_s);
    // Matched on lower-cased names, as the labels they guard against are spelled every which way.
    for (const auto &[key, list] : {std::pair{u"forbidden_prefixes"_s, &m_pack.forbiddenPrefixes},
                                    std::pair{u"forbidden_substrings"_s, &m_pack.forbiddenSubstrings},
                                    std::pair{u"forbidden_names"_s, &m_pack.forbiddenNames}}) {
        for (const QString &text : reader.strings(root, {}, key, false))
            list->append(text.toLower());
    }
    for (qsizetype i = 0; i < m_pack.labels.size(); ++i) {
        if (m_pack.forbidsPattern(m_pack.labels.at(i).name))
            reader.fail(PackReader::join(PackReader::index(u"labels"_s, i), u"name"_s),
                        u"\"%1\" is forbidden by the pack's own forbidden_* rules"_s.arg(m_pack.labels.at(i).name));
    }

    const QJsonArray array = reader.array(root, {}, u"stop_rules"_s, false);
    QSet<QString> ids;
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString path = PackReader::index(u"stop_rules"_s, i);
        const QJsonObject object = reader.object(array.at(i), path);
        reader.onlyKeys(
            object, path,
            {"id"_L1, "note"_L1, "when"_L1, "decision"_L1, "template"_L1, "close"_L1, "labels"_L1, "confidence"_L1});
        StopRule rule;
        rule.id = reader.string(object, path, u"id"_s, true);
        if (ids.contains(rule.id))
            reader.fail(PackReader::join(path, u"id"_s), u"\"%1\" is used twice"_s.arg(rule.id));
        ids.insert(rule.id);
        rule.note = reader.string(object, path, u"note"_s, false);
        rule.decision = TriageDecision::fromName(reader.string(object, path, u"decision"_s, true));
        rule.templateKey = reader.string(object, path, u"template"_s, false);
        if (!reader.error && !rule.templateKey.isEmpty() && !m_pack.templateByKey(rule.templateKey))
            reader.fail(PackReader::join(path, u"template"_s),
                        u"no template has the key \"%1\""_s.arg(rule.templateKey));
        rule.stateReason = reader.string(object, path, u"close"_s, false);
        if (!rule.stateReason.isEmpty() && rule.stateReason != "not_planned"_L1 && rule.stateReason != "completed"_L1)
            reader.fail(PackReader::join(path, u"close"_s),
                        u"expected \"not_planned\" or \"completed\", found \"%1\""_s.arg(rule.stateReason));
        rule.labels = reader.strings(object, path, u"labels"_s, false);
        for (qsizetype l = 0; l < rule.labels.size(); ++l)
            checkLabel(rule.labels.at(l), PackReader::index(PackReader::join(path, u"labels"_s), l));
        const QString confidence = reader.string(object, path, u"confidence"_s, false, u"MEDIUM"_s);
        rule.confidence = confidenceFromName(confidence);
        if (rule.confidence == Confidence::None)
            reader.fail(PackReader::join(path, u"confidence"_s),
                        u"expected HIGH, MEDIUM or LOW, found \"%1\""_s.arg(confidence));
        if (!object.contains("when"_L1))
            reader.fail(PackReader::join(path, u"when"_s), u"is required"_s);
        else
            rule.when = parseCondition(object.value("when"_L1), PackReader::join(path, u"when"_s));
        m_pack.stopRules.append(rule);
    }
}

void PackParser::parseScoring(const QJsonObject &object, const QString &path)
{
    reader.onlyKeys(object, path,
                    {"title"_L1, "body"_L1, "comment"_L1, "prose"_L1, "code"_L1, "traceback"_L1, "log"_L1,
                     "incidental"_L1, "repeat_bonus"_L1, "repeat_cap"_L1, "test_name_words"_L1});
    requireMinor(object, path, u"incidental"_s, 1);
    requireMinor(object, path, u"test_name_words"_s, 2);
    ScoringWeights &s = m_pack.scoring;
    s.title = reader.number(object, path, u"title"_s, s.title, 0, 100);
    s.body = reader.number(object, path, u"body"_s, s.body, 0, 100);
    s.comment = reader.number(object, path, u"comment"_s, s.comment, 0, 100);
    s.segment[0] = reader.number(object, path, u"prose"_s, s.segment[0], 0, 100);
    s.segment[1] = reader.number(object, path, u"code"_s, s.segment[1], 0, 100);
    s.segment[2] = reader.number(object, path, u"traceback"_s, s.segment[2], 0, 100);
    s.segment[3] = reader.number(object, path, u"log"_s, s.segment[3], 0, 100);
    s.segment[4] = reader.number(object, path, u"incidental"_s, s.segment[4], 0, 100);
    s.repeatBonus = reader.number(object, path, u"repeat_bonus"_s, s.repeatBonus, 0, 10);
    s.repeatCap = int(reader.number(object, path, u"repeat_cap"_s, s.repeatCap, 0, 100));
    s.testNameWords = reader.boolean(object, path, u"test_name_words"_s, false);
}

Signal PackParser::parseSignal(const QJsonValue &value, const QString &path)
{
    Signal signal;
    const QJsonObject object = reader.object(value, path);
    reader.onlyKeys(object, path, {"kind"_L1, "text"_L1, "weight"_L1, "case_sensitive"_L1});
    const QString kindName = reader.string(object, path, u"kind"_s, true);
    const std::optional<SignalKind> kind = kindFromName(kindName);
    if (!kind && !kindName.isEmpty())
        reader.fail(PackReader::join(path, u"kind"_s),
                    u"\"%1\" is not one of keyword, api, import, frame, error"_s.arg(kindName));
    signal.kind = kind.value_or(SignalKind::Keyword);
    QString text = reader.string(object, path, u"text"_s, true);
    if (text.endsWith(u'*')) {
        signal.prefix = true;
        text.chop(1);
    }
    if (!text.isEmpty() && text.size() < 2)
        reader.fail(PackReader::join(path, u"text"_s), u"must be at least two characters long"_s);
    for (QChar c : std::as_const(text)) {
        if (c.unicode() > 127) {
            reader.fail(PackReader::join(path, u"text"_s), u"must be plain ASCII"_s);
            break;
        }
    }
    if (!text.isEmpty() && signal.kind != SignalKind::Frame && !text.front().isLetterOrNumber() &&
        text.front() != u'_' && text.front() != u'@')
        reader.fail(PackReader::join(path, u"text"_s), u"must start with a letter, a digit, '_' or '@'"_s);
    signal.text = text;
    signal.weight = reader.number(object, path, u"weight"_s, 1.0, -100, 100);
    signal.caseSensitive = reader.boolean(object, path, u"case_sensitive"_s,
                                          signal.kind != SignalKind::Keyword && signal.kind != SignalKind::Frame);
    return signal;
}

int PackParser::parseGroup(const QString &id, const QJsonObject &parent, const QString &path, bool required)
{
    SignalGroup group;
    group.id = id;
    const QJsonArray signalArray = reader.array(parent, path, u"signals"_s, required);
    const QString arrayPath = PackReader::join(path, u"signals"_s);
    for (qsizetype i = 0; i < signalArray.size(); ++i)
        group.signalList.append(parseSignal(signalArray.at(i), PackReader::index(arrayPath, i)));
    if (!id.isEmpty() && m_pack.groupIndex(id) >= 0)
        reader.fail(PackReader::join(path, u"id"_s), u"\"%1\" is already used by another group"_s.arg(id));
    m_pack.groups.append(group);
    return int(m_pack.groups.size() - 1);
}

QList<Condition> PackParser::parseConditionList(const QJsonValue &value, const QString &path)
{
    QList<Condition> list;
    if (!value.isArray()) {
        reader.fail(path, u"expected an array of conditions, found %1"_s.arg(PackReader::typeName(value)));
        return list;
    }
    const QJsonArray array = value.toArray();
    for (qsizetype i = 0; i < array.size(); ++i)
        list.append(parseCondition(array.at(i), PackReader::index(path, i)));
    return list;
}

Condition PackParser::parseCondition(const QJsonValue &value, const QString &path)
{
    Condition condition;
    const QJsonObject object = reader.object(value, path);
    reader.onlyKeys(object, path,
                    {"all"_L1, "any"_L1, "none"_L1, "signals"_L1, "min"_L1, "in"_L1, "kinds"_L1, "label"_L1, "fact"_L1,
                     "near"_L1, "to"_L1, "within"_L1, "crash"_L1, "affected"_L1});
    const int leafKeys = int(object.contains("signals"_L1)) + int(object.contains("label"_L1)) +
                         int(object.contains("fact"_L1)) + int(object.contains("near"_L1)) +
                         int(object.contains("crash"_L1)) + int(object.contains("affected"_L1));
    const int compositeKeys =
        int(object.contains("all"_L1)) + int(object.contains("any"_L1)) + int(object.contains("none"_L1));
    if (leafKeys + compositeKeys == 0) {
        reader.fail(path, u"a condition needs one of all, any, none, signals, label, fact, near, crash"_s);
        return condition;
    }
    if (leafKeys > 1 || (leafKeys == 1 && compositeKeys > 0)) {
        reader.fail(path, u"a condition is either one test (signals, label, fact) or a combination (all, any, "
                          u"none)"_s);
        return condition;
    }
    if (leafKeys == 0) {
        // Several combination keys in one object all have to hold.
        for (const auto &[key, op] : {std::pair{"all"_L1, Condition::Op::All}, std::pair{"any"_L1, Condition::Op::Any},
                                      std::pair{"none"_L1, Condition::Op::None}}) {
            if (!object.contains(key))
                continue;
            Condition child;
            child.op = op;
            child.children = parseConditionList(object.value(key), PackReader::join(path, key));
            if (compositeKeys == 1)
                return child;
            condition.children.append(child);
        }
        return condition;
    }
    if (object.contains("label"_L1)) {
        condition.op = Condition::Op::Label;
        condition.ref = reader.stringValue(object.value("label"_L1), PackReader::join(path, u"label"_s));
        return condition;
    }
    if (object.contains("near"_L1))
        return parseNear(object, path);
    if (object.contains("affected"_L1)) {
        requireMinor(object, path, u"affected"_s, 6);
        condition.op = Condition::Op::Affected;
        condition.min = reader.number(object, path, u"affected"_s, 0.0, 1, 100000);
        return condition;
    }
    if (object.contains("crash"_L1)) {
        requireMinor(object, path, u"crash"_s, 2);
        for (QLatin1StringView key : {"min"_L1, "in"_L1, "kinds"_L1, "to"_L1, "within"_L1}) {
            if (object.contains(key))
                reader.fail(PackReader::join(path, key), u"does not apply to a crash test"_s);
        }
        condition.op = Condition::Op::Crash;
        condition.ref = reader.stringValue(object.value("crash"_L1), PackReader::join(path, u"crash"_s));
        if (condition.ref.size() < 2)
            reader.fail(PackReader::join(path, u"crash"_s), u"must be a path fragment of at least two characters"_s);
        return condition;
    }
    if (object.contains("fact"_L1)) {
        condition.op = Condition::Op::Fact;
        condition.ref = reader.stringValue(object.value("fact"_L1), PackReader::join(path, u"fact"_s));
        if (!condition.ref.isEmpty() && !factNames().contains(condition.ref))
            reader.fail(PackReader::join(path, u"fact"_s),
                        u"unknown fact \"%1\" (known: %2)"_s.arg(condition.ref, factNames().join(u", "_s)));
        return condition;
    }
    condition.op = Condition::Op::Group;
    condition.ref = reader.stringValue(object.value("signals"_L1), PackReader::join(path, u"signals"_s));
    condition.min = reader.number(object, path, u"min"_s, 0.0, -1000, 1000);
    const QString in = reader.string(object, path, u"in"_s, false, u"issue"_s);
    if (in == "title"_L1) {
        condition.scope = Condition::Scope::Title;
    } else if (in == "tag"_L1) {
        condition.scope = Condition::Scope::TitleTag;
        if (m_pack.minorVersion < 5)
            reader.fail(
                PackReader::join(path, u"in"_s),
                u"\"tag\" needs pack version %1.5 or later (the file says %1.%2)"_s.arg(RubricPack::FormatVersion)
                    .arg(m_pack.minorVersion));
    } else if (in == "text"_L1) {
        condition.scope = Condition::Scope::Text;
        requireMinor(object, path, u"in"_s, 6);
    } else if (in != "issue"_L1) {
        reader.fail(PackReader::join(path, u"in"_s),
                    u"expected \"title\", \"tag\", \"text\" or \"issue\", found \"%1\""_s.arg(in));
    }
    if (object.contains("kinds"_L1)) {
        condition.kindMask = 0;
        const QStringList kinds = reader.strings(object, path, u"kinds"_s, true);
        for (qsizetype i = 0; i < kinds.size(); ++i) {
            const std::optional<SignalKind> kind = kindFromName(kinds.at(i));
            if (!kind)
                reader.fail(PackReader::index(PackReader::join(path, u"kinds"_s), i),
                            u"\"%1\" is not one of keyword, api, import, frame, error"_s.arg(kinds.at(i)));
            else
                condition.kindMask |= 1u << int(*kind);
        }
    }
    m_refs.append(PendingRef{condition.ref, PackReader::join(path, u"signals"_s)});
    return condition;
}

Condition PackParser::parseNear(const QJsonObject &object, const QString &path)
{
    Condition condition;
    condition.op = Condition::Op::Near;
    requireMinor(object, path, u"near"_s, 2);
    for (QLatin1StringView key : {"min"_L1, "in"_L1, "kinds"_L1}) {
        if (object.contains(key))
            reader.fail(PackReader::join(path, key), u"does not apply to a near test"_s);
    }
    condition.ref = reader.stringValue(object.value("near"_L1), PackReader::join(path, u"near"_s));
    condition.nearRef = reader.string(object, path, u"to"_s, true);
    condition.within = int(reader.number(object, path, u"within"_s, condition.within, 1, 2000));
    m_refs.append(PendingRef{condition.ref, PackReader::join(path, u"near"_s)});
    m_refs.append(PendingRef{condition.nearRef, PackReader::join(path, u"to"_s)});
    return condition;
}

QList<ModuleBoost> PackParser::parseBoosts(const QJsonObject &parent, const QString &path)
{
    QList<ModuleBoost> boosts;
    requireMinor(parent, path, u"boosts"_s, 2);
    const QJsonArray array = reader.array(parent, path, u"boosts"_s, false);
    QSet<QString> ids;
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString boostPath = PackReader::index(PackReader::join(path, u"boosts"_s), i);
        const QJsonObject object = reader.object(array.at(i), boostPath);
        reader.onlyKeys(object, boostPath, {"id"_L1, "note"_L1, "when"_L1, "score"_L1});
        ModuleBoost boost;
        boost.id = reader.string(object, boostPath, u"id"_s, true);
        if (ids.contains(boost.id))
            reader.fail(PackReader::join(boostPath, u"id"_s), u"\"%1\" is used twice"_s.arg(boost.id));
        ids.insert(boost.id);
        boost.note = reader.string(object, boostPath, u"note"_s, false);
        if (!object.contains("when"_L1))
            reader.fail(PackReader::join(boostPath, u"when"_s), u"is required"_s);
        else
            boost.when = parseCondition(object.value("when"_L1), PackReader::join(boostPath, u"when"_s));
        if (!object.contains("score"_L1))
            reader.fail(PackReader::join(boostPath, u"score"_s), u"is required"_s);
        boost.score = reader.number(object, boostPath, u"score"_s, 0.0, 0, 1000);
        boosts.append(boost);
    }
    return boosts;
}

QList<Rule> PackParser::parseRules(const QJsonObject &parent, const QString &path, const QString &key, bool routes,
                                   bool labels, bool effects)
{
    QList<Rule> rules;
    const QJsonArray array = reader.array(parent, path, key, false);
    const QString arrayPath = PackReader::join(path, key);
    QSet<QString> ids;
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString rulePath = PackReader::index(arrayPath, i);
        const QJsonObject object = reader.object(array.at(i), rulePath);
        reader.onlyKeys(object, rulePath,
                        {"id"_L1, "note"_L1, "when"_L1, "route"_L1, "labels"_L1, "effect"_L1, "confidence"_L1});
        Rule rule;
        rule.id = reader.string(object, rulePath, u"id"_s, true);
        if (ids.contains(rule.id))
            reader.fail(PackReader::join(rulePath, u"id"_s), u"\"%1\" is used twice"_s.arg(rule.id));
        ids.insert(rule.id);
        rule.note = reader.string(object, rulePath, u"note"_s, false);
        if (!object.contains("when"_L1))
            reader.fail(PackReader::join(rulePath, u"when"_s), u"is required"_s);
        else
            rule.when = parseCondition(object.value("when"_L1), PackReader::join(rulePath, u"when"_s));
        if (routes) {
            rule.target = reader.string(object, rulePath, u"route"_s, true);
        } else if (object.contains("route"_L1)) {
            reader.fail(PackReader::join(rulePath, u"route"_s), u"only edge cases route"_s);
        }
        if (labels) {
            rule.labels = reader.strings(object, rulePath, u"labels"_s, true);
            for (qsizetype l = 0; l < rule.labels.size(); ++l)
                checkLabel(rule.labels.at(l), PackReader::index(PackReader::join(rulePath, u"labels"_s), l));
        } else if (object.contains("labels"_L1)) {
            reader.fail(PackReader::join(rulePath, u"labels"_s), u"only type and status rules add labels"_s);
        }
        if (effects) {
            rule.effect = reader.string(object, rulePath, u"effect"_s, false, u"drop"_s);
            if (rule.effect != "drop"_L1 && rule.effect != "low"_L1 && rule.effect != "medium"_L1)
                reader.fail(PackReader::join(rulePath, u"effect"_s),
                            u"expected \"drop\", \"low\" or \"medium\", found \"%1\""_s.arg(rule.effect));
        } else if (object.contains("effect"_L1)) {
            reader.fail(PackReader::join(rulePath, u"effect"_s), u"only confusions have an effect"_s);
        }
        const QString confidence = reader.string(object, rulePath, u"confidence"_s, false, u"MEDIUM"_s);
        rule.confidence = confidenceFromName(confidence);
        if (rule.confidence == Confidence::None)
            reader.fail(PackReader::join(rulePath, u"confidence"_s),
                        u"expected HIGH, MEDIUM or LOW, found \"%1\""_s.arg(confidence));
        rules.append(rule);
    }
    return rules;
}

void PackParser::resolve(Condition &condition)
{
    if (condition.op == Condition::Op::Group || condition.op == Condition::Op::Near)
        condition.group = m_pack.groupIndex(condition.ref);
    if (condition.op == Condition::Op::Near)
        condition.nearGroup = m_pack.groupIndex(condition.nearRef);
    for (Condition &child : condition.children)
        resolve(child);
}

void PackParser::resolveConditions()
{
    for (const PendingRef &ref : std::as_const(m_refs)) {
        if (!ref.id.isEmpty() && m_pack.groupIndex(ref.id) < 0)
            reader.fail(ref.path, u"no signal group, module or sub-oncall has the id \"%1\""_s.arg(ref.id));
    }
    for (ModuleRule &module : m_pack.modules) {
        resolve(module.needs);
        for (Rule &rule : module.confusions)
            resolve(rule.when);
        for (ModuleBoost &boost : module.boosts)
            resolve(boost.when);
    }
    for (QList<Rule> *rules :
         {&m_pack.edgeCases, &m_pack.outOfScope, &m_pack.typeRules, &m_pack.highPriority, &m_pack.confidenceCaps,
          &m_pack.reproPresent, &m_pack.reproExempt, &m_pack.statusRules}) {
        for (Rule &rule : *rules)
            resolve(rule.when);
    }
    for (SubOncall &sub : m_pack.subOncalls) {
        if (sub.offerWhen)
            resolve(*sub.offerWhen);
    }
    for (ContextRule &rule : m_pack.contextRules)
        resolve(rule.when);
    for (StopRule &rule : m_pack.stopRules)
        resolve(rule.when);
}

void PackParser::parseVersion(const QJsonObject &root)
{
    // "1.1" (or 1.1, or 1 for 1.0): the major version changes meaning, a minor one only adds keys.
    if (reader.error)
        return;
    const QJsonValue value = root.value("version"_L1);
    QString text;
    if (value.isUndefined()) {
        reader.fail(u"version"_s, u"is required"_s);
        return;
    }
    if (value.isDouble())
        text = QString::number(value.toDouble());
    else if (value.isString())
        text = value.toString();
    const QStringList parts = text.split(u'.');
    bool majorOk = false;
    bool minorOk = parts.size() == 1;
    const int major = parts.value(0).toInt(&majorOk);
    const int minor = parts.size() == 2 ? parts.at(1).toInt(&minorOk) : 0;
    if (!majorOk || !minorOk || parts.size() > 2 || major < 0 || minor < 0) {
        reader.fail(u"version"_s, u"expected a version such as \"1.1\", found %1"_s.arg(PackReader::typeName(value)));
        return;
    }
    const QString known = u"%1.%2"_s.arg(RubricPack::FormatVersion).arg(RubricPack::FormatMinorVersion);
    if (major != RubricPack::FormatVersion)
        reader.fail(u"version"_s, u"this build reads version %1 packs (%1.0 to %2), the file is version %3"_s
                                      .arg(RubricPack::FormatVersion)
                                      .arg(known, text));
    else if (minor > RubricPack::FormatMinorVersion)
        reader.fail(u"version"_s, u"the file is version %1, newer than this build reads (up to %2)"_s.arg(text, known));
    m_pack.minorVersion = minor;
}

void PackParser::parse(const QJsonObject &root)
{
    reader.onlyKeys(root, {},
                    {"format"_L1,
                     "version"_L1,
                     "profile"_L1,
                     "title"_L1,
                     "labels"_L1,
                     "queue_labels"_L1,
                     "protected_labels"_L1,
                     "forbidden_labels"_L1,
                     "marker_label"_L1,
                     "review_label"_L1,
                     "reproduction_label"_L1,
                     "out_of_scope_decision"_L1,
                     "out_of_scope_template"_L1,
                     "reproduction_template"_L1,
                     "classify_every_route"_L1,
                     "secondary_share"_L1,
                     "cross_route_confidence"_L1,
                     "high_needs_corroboration"_L1,
                     "routed_module_confidence"_L1,
                     "routed_module_cap"_L1,
                     "scoring"_L1,
                     "signal_sets"_L1,
                     "modules"_L1,
                     "sub_oncalls"_L1,
                     "edge_cases"_L1,
                     "out_of_scope"_L1,
                     "type_rules"_L1,
                     "high_priority"_L1,
                     "confidence_caps"_L1,
                     "reproduction"_L1,
                     "templates"_L1,
                     "context_rules"_L1,
                     "require_module"_L1,
                     "fallback_module"_L1,
                     "skip_label_prefixes"_L1,
                     "stop_rules"_L1,
                     "route_stops"_L1,
                     "route_offers"_L1,
                     "skip_processed"_L1,
                     "status_rules"_L1,
                     "complete_label"_L1,
                     "default_in_share"_L1,
                     "forbidden_prefixes"_L1,
                     "forbidden_substrings"_L1,
                     "forbidden_names"_L1,
                     "_comment"_L1});
    const QString format = reader.string(root, {}, u"format"_s, true);
    if (!reader.error && format != FormatName)
        reader.fail(u"format"_s, u"expected \"%1\", found \"%2\""_s.arg(FormatName, format));
    parseVersion(root);
    if (reader.error)
        return;
    m_pack.profile = reader.string(root, {}, u"profile"_s, true);
    m_pack.title = reader.string(root, {}, u"title"_s, false, m_pack.profile);
    parseLabels(root);
    parseRouting(root);
    parseTemplates(root); // before the rules: they name templates
    parseSignalSets(root);
    parseSubOncalls(root);
    parseModules(root);
    checkUmbrellas();
    parseRuleLists(root);
    parseContextRules(root);
    parseModuleRequirement(root);
    parseFirstLevel(root);
    if (!reader.error)
        resolveConditions();
}

void PackParser::parseLabels(const QJsonObject &root)
{
    const QJsonArray labels = reader.array(root, {}, u"labels"_s, true);
    for (qsizetype i = 0; i < labels.size(); ++i) {
        const QString path = PackReader::index(u"labels"_s, i);
        const QJsonObject object = reader.object(labels.at(i), path);
        reader.onlyKeys(object, path, {"name"_L1, "description"_L1});
        LabelInfo info{reader.string(object, path, u"name"_s, true),
                       reader.string(object, path, u"description"_s, false)};
        if (m_allowed.contains(info.name))
            reader.fail(PackReader::join(path, u"name"_s), u"\"%1\" is listed twice"_s.arg(info.name));
        m_allowed.insert(info.name);
        m_pack.labels.append(info);
    }
    m_pack.queueLabels = reader.strings(root, {}, u"queue_labels"_s, true);
    m_pack.protectedLabels = reader.strings(root, {}, u"protected_labels"_s, false);
    m_pack.forbiddenLabels = reader.strings(root, {}, u"forbidden_labels"_s, false);
    for (qsizetype i = 0; i < m_pack.forbiddenLabels.size(); ++i) {
        if (m_allowed.contains(m_pack.forbiddenLabels.at(i)))
            reader.fail(PackReader::index(u"forbidden_labels"_s, i),
                        u"\"%1\" is also in the allowlist"_s.arg(m_pack.forbiddenLabels.at(i)));
    }
}

void PackParser::parseRouting(const QJsonObject &root)
{
    m_pack.markerLabel = reader.string(root, {}, u"marker_label"_s, true);
    checkLabel(m_pack.markerLabel, u"marker_label"_s);
    m_pack.reviewLabel = reader.string(root, {}, u"review_label"_s, true);
    checkLabel(m_pack.reviewLabel, u"review_label"_s);
    // 1.2: a queue that never labels for a reproduction (first-level routing asks with a stop rule) leaves it out.
    m_pack.reproLabel = reader.string(root, {}, u"reproduction_label"_s, m_pack.minorVersion < 2);
    checkLabel(m_pack.reproLabel, u"reproduction_label"_s);
    m_pack.outOfScopeDecision =
        TriageDecision::fromName(reader.string(root, {}, u"out_of_scope_decision"_s, false, u"out_of_scope"_s));
    m_pack.classifyEveryRoute = reader.boolean(root, {}, u"classify_every_route"_s, true);
    m_pack.secondaryShare = reader.number(root, {}, u"secondary_share"_s, 0.0, 0.0, 1.0);
    const QString crossRoute = reader.string(root, {}, u"cross_route_confidence"_s, false, u"MEDIUM"_s);
    m_pack.crossRouteConfidence = confidenceFromName(crossRoute);
    if (m_pack.crossRouteConfidence == Confidence::None || m_pack.crossRouteConfidence == Confidence::Low)
        reader.fail(u"cross_route_confidence"_s, u"expected HIGH or MEDIUM, found \"%1\""_s.arg(crossRoute));
    m_pack.highNeedsCorroboration = reader.boolean(root, {}, u"high_needs_corroboration"_s, false);
    const QString routedModules = reader.string(root, {}, u"routed_module_confidence"_s, false, u"MEDIUM"_s);
    m_pack.routedModuleConfidence = confidenceFromName(routedModules);
    if (m_pack.routedModuleConfidence == Confidence::None || m_pack.routedModuleConfidence == Confidence::Low)
        reader.fail(u"routed_module_confidence"_s, u"expected HIGH or MEDIUM, found \"%1\""_s.arg(routedModules));
    const QString routedCap = reader.string(root, {}, u"routed_module_cap"_s, false, u"HIGH"_s);
    m_pack.routedModuleCap = confidenceFromName(routedCap);
    if (m_pack.routedModuleCap == Confidence::None || m_pack.routedModuleCap == Confidence::Low)
        reader.fail(u"routed_module_cap"_s, u"expected HIGH or MEDIUM, found \"%1\""_s.arg(routedCap));
    if (root.contains("scoring"_L1))
        parseScoring(reader.object(root.value("scoring"_L1), u"scoring"_s), u"scoring"_s);
}

void PackParser::parseTemplates(const QJsonObject &root)
{
    const QJsonArray templates = reader.array(root, {}, u"templates"_s, true);
    for (qsizetype i = 0; i < templates.size(); ++i) {
        const QString path = PackReader::index(u"templates"_s, i);
        const QJsonObject object = reader.object(templates.at(i), path);
        reader.onlyKeys(object, path, {"key"_L1, "text"_L1, "detect"_L1});
        TemplateText text{reader.string(object, path, u"key"_s, true), reader.string(object, path, u"text"_s, true),
                          reader.strings(object, path, u"detect"_s, true)};
        if (m_pack.templateByKey(text.key))
            reader.fail(PackReader::join(path, u"key"_s), u"\"%1\" is used twice"_s.arg(text.key));
        m_pack.templates.append(text);
    }
    m_pack.outOfScopeTemplate = reader.string(root, {}, u"out_of_scope_template"_s, true);
    if (!reader.error && !m_pack.templateByKey(m_pack.outOfScopeTemplate))
        reader.fail(u"out_of_scope_template"_s, u"no template has the key \"%1\""_s.arg(m_pack.outOfScopeTemplate));
    m_pack.reproTemplate = reader.string(root, {}, u"reproduction_template"_s, m_pack.minorVersion < 2);
    if (!reader.error && !m_pack.reproTemplate.isEmpty() && !m_pack.templateByKey(m_pack.reproTemplate))
        reader.fail(u"reproduction_template"_s, u"no template has the key \"%1\""_s.arg(m_pack.reproTemplate));
}

void PackParser::parseSignalSets(const QJsonObject &root)
{
    const QJsonArray sets = reader.array(root, {}, u"signal_sets"_s, false);
    for (qsizetype i = 0; i < sets.size(); ++i) {
        const QString path = PackReader::index(u"signal_sets"_s, i);
        const QJsonObject object = reader.object(sets.at(i), path);
        reader.onlyKeys(object, path, {"id"_L1, "note"_L1, "signals"_L1});
        parseGroup(reader.string(object, path, u"id"_s, true), object, path, true);
    }
}

void PackParser::parseSubOncalls(const QJsonObject &root)
{
    const QJsonArray subOncalls = reader.array(root, {}, u"sub_oncalls"_s, true);
    int defaults = 0;
    for (qsizetype i = 0; i < subOncalls.size(); ++i) {
        const QString path = PackReader::index(u"sub_oncalls"_s, i);
        const QJsonObject object = reader.object(subOncalls.at(i), path);
        reader.onlyKeys(object, path,
                        {"id"_L1, "label"_L1, "note"_L1, "default"_L1, "min_score"_L1, "min_share"_L1, "high_score"_L1,
                         "signals"_L1, "offer_when"_L1});
        SubOncall sub;
        sub.id = reader.string(object, path, u"id"_s, true);
        sub.isDefault = reader.boolean(object, path, u"default"_s, false);
        // 1.2: staying in the queue (the default) may add no label at all.
        const bool labelOptional = sub.isDefault && m_pack.minorVersion >= 2;
        sub.label = reader.string(object, path, u"label"_s, !labelOptional);
        checkLabel(sub.label, PackReader::join(path, u"label"_s));
        defaults += sub.isDefault ? 1 : 0;
        sub.minScore = reader.number(object, path, u"min_score"_s, sub.minScore, 0, 1000);
        sub.minShare = reader.number(object, path, u"min_share"_s, sub.minShare, 0, 1);
        sub.highScore = reader.number(object, path, u"high_score"_s, sub.highScore, 0, 1000);
        sub.group = parseGroup(sub.id, object, path, false);
        requireMinor(object, path, u"offer_when"_s, 6);
        if (object.contains("offer_when"_L1))
            sub.offerWhen = parseCondition(object.value("offer_when"_L1), PackReader::join(path, u"offer_when"_s));
        m_pack.subOncalls.append(sub);
    }
    if (!reader.error && m_pack.subOncalls.isEmpty())
        reader.fail(u"sub_oncalls"_s, u"needs at least one sub-oncall"_s);
    if (!reader.error && defaults != 1)
        reader.fail(u"sub_oncalls"_s, u"exactly one sub-oncall must be the default, found %1"_s.arg(defaults));
}

void PackParser::parseModules(const QJsonObject &root)
{
    const QJsonArray modules = reader.array(root, {}, u"modules"_s, true);
    for (qsizetype i = 0; i < modules.size(); ++i) {
        const QString path = PackReader::index(u"modules"_s, i);
        const QJsonObject object = reader.object(modules.at(i), path);
        reader.onlyKeys(object, path,
                        {"id"_L1, "label"_L1, "note"_L1, "sub_oncall"_L1, "low"_L1, "medium"_L1, "high"_L1,
                         "requires"_L1, "signals"_L1, "confusions"_L1, "boosts"_L1, "visibility"_L1,
                         "max_confidence"_L1, "umbrella"_L1, "offer_only"_L1});
        ModuleRule module;
        module.id = reader.string(object, path, u"id"_s, true);
        module.label = reader.string(object, path, u"label"_s, true);
        checkLabel(module.label, PackReader::join(path, u"label"_s));
        module.subOncall = reader.string(object, path, u"sub_oncall"_s, true);
        if (!reader.error && !m_pack.subOncallById(module.subOncall))
            reader.fail(PackReader::join(path, u"sub_oncall"_s),
                        u"no sub-oncall has the id \"%1\""_s.arg(module.subOncall));
        module.low = reader.number(object, path, u"low"_s, module.low, 0, 1000);
        module.medium = reader.number(object, path, u"medium"_s, module.medium, 0, 1000);
        module.high = reader.number(object, path, u"high"_s, module.high, 0, 1000);
        requireMinor(object, path, u"visibility"_s, 2);
        module.visibility = reader.boolean(object, path, u"visibility"_s, false);
        requireMinor(object, path, u"max_confidence"_s, 3);
        const QString ceiling = reader.string(object, path, u"max_confidence"_s, false, u"HIGH"_s);
        module.ceiling = confidenceFromName(ceiling);
        if (!reader.error && module.ceiling == Confidence::None)
            reader.fail(PackReader::join(path, u"max_confidence"_s),
                        u"expected HIGH, MEDIUM or LOW, found \"%1\""_s.arg(ceiling));
        requireMinor(object, path, u"offer_only"_s, 6);
        module.offerOnly = reader.boolean(object, path, u"offer_only"_s, false);
        requireMinor(object, path, u"umbrella"_s, 3);
        module.umbrella = reader.string(object, path, u"umbrella"_s, false);
        if (!reader.error && (module.low > module.medium || module.medium > module.high))
            reader.fail(path, u"thresholds must grow: low ≤ medium ≤ high"_s);
        if (object.contains("requires"_L1))
            module.needs = parseCondition(object.value("requires"_L1), PackReader::join(path, u"requires"_s));
        module.group = parseGroup(module.id, object, path, true);
        module.confusions = parseRules(object, path, u"confusions"_s, false, false, true);
        module.boosts = parseBoosts(object, path);
        m_pack.modules.append(module);
    }
}

void PackParser::checkUmbrellas()
{
    for (qsizetype i = 0; i < m_pack.modules.size() && !reader.error; ++i) {
        const QString &umbrella = m_pack.modules.at(i).umbrella;
        const ModuleRule *target = umbrella.isEmpty() ? nullptr : m_pack.moduleByLabel(umbrella);
        const QString path = PackReader::join(PackReader::index(u"modules"_s, i), u"umbrella"_s);
        if (!umbrella.isEmpty() && !target)
            reader.fail(path, u"no module has the label \"%1\""_s.arg(umbrella));
        else if (target == &m_pack.modules.at(i))
            reader.fail(path, u"\"%1\" is itself"_s.arg(umbrella));
        else if (target && !target->umbrella.isEmpty() && m_pack.minorVersion < 4)
            reader.fail(path, u"\"%1\" is under an umbrella itself; chains of umbrellas need pack version 1.4 or "
                              u"later (the file says %2.%3)"_s.arg(umbrella)
                                  .arg(RubricPack::FormatVersion)
                                  .arg(m_pack.minorVersion));
        else if (target && umbrellaChainReturns(i))
            reader.fail(path, u"the umbrellas above \"%1\" lead back to it"_s.arg(m_pack.modules.at(i).label));
    }
}

void PackParser::parseRuleLists(const QJsonObject &root)
{
    m_pack.edgeCases = parseRules(root, {}, u"edge_cases"_s, true, false, false);
    for (qsizetype i = 0; i < m_pack.edgeCases.size(); ++i) {
        if (!reader.error && !m_pack.subOncallById(m_pack.edgeCases.at(i).target))
            reader.fail(PackReader::join(PackReader::index(u"edge_cases"_s, i), u"route"_s),
                        u"no sub-oncall has the id \"%1\""_s.arg(m_pack.edgeCases.at(i).target));
    }
    m_pack.outOfScope = parseRules(root, {}, u"out_of_scope"_s, false, false, false);
    m_pack.typeRules = parseRules(root, {}, u"type_rules"_s, false, true, false);
    m_pack.highPriority = parseRules(root, {}, u"high_priority"_s, false, false, false);
    m_pack.confidenceCaps = parseRules(root, {}, u"confidence_caps"_s, false, false, true);
    for (qsizetype i = 0; i < m_pack.confidenceCaps.size(); ++i) {
        if (m_pack.confidenceCaps.at(i).effect == "drop"_L1)
            reader.fail(PackReader::join(PackReader::index(u"confidence_caps"_s, i), u"effect"_s),
                        u"a cap is \"medium\" or \"low\""_s);
    }
    if (root.contains("reproduction"_L1)) {
        const QJsonObject repro = reader.object(root.value("reproduction"_L1), u"reproduction"_s);
        reader.onlyKeys(repro, u"reproduction"_s, {"present"_L1, "exempt"_L1, "note"_L1});
        m_pack.reproPresent = parseRules(repro, u"reproduction"_s, u"present"_s, false, false, false);
        m_pack.reproExempt = parseRules(repro, u"reproduction"_s, u"exempt"_s, false, false, false);
    }
}

} // namespace

QString signalKindName(SignalKind kind)
{
    switch (kind) {
    case SignalKind::Keyword:
        return u"keyword"_s;
    case SignalKind::Api:
        return u"api"_s;
    case SignalKind::Import:
        return u"import"_s;
    case SignalKind::Frame:
        return u"frame"_s;
    case SignalKind::Error:
        return u"error"_s;
    }
    return {};
}

Result<RubricPack> RubricPack::fromJson(const QByteArray &json, const QString &sourceName)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return Error{u"%1: not valid JSON at byte %2: %3"_s.arg(sourceName)
                         .arg(parseError.offset)
                         .arg(parseError.errorString())};
    if (!document.isObject())
        return Error{u"%1: a rubric pack is a JSON object"_s.arg(sourceName)};
    RubricPack pack;
    pack.sourceName = sourceName;
    pack.fingerprint = QString::fromLatin1(QCryptographicHash::hash(json, QCryptographicHash::Sha256).toHex().left(12));
    PackParser parser(pack);
    parser.parse(document.object());
    if (parser.reader.error)
        return Error{sourceName + u": "_s + *parser.reader.error};
    return pack;
}

Result<RubricPack> RubricPack::load(const QString &path)
{
    QFile file(path);
    if (!file.exists())
        return Error{u"%1: no such file"_s.arg(path)};
    if (QFileInfo(path).isDir())
        return Error{u"%1: is a directory, not a rubric pack"_s.arg(path)};
    if (!file.open(QIODevice::ReadOnly))
        return Error{u"%1: cannot be read (%2)"_s.arg(path, file.errorString())};
    return fromJson(file.readAll(), path);
}

Result<RubricPack> RubricPack::builtin(const QString &profile)
{
    const QString path = u":/packs/%1.json"_s.arg(profile);
    if (!QFile::exists(path))
        return Error{u"no built-in rubric pack for the profile \"%1\""_s.arg(profile)};
    return load(path);
}

QStringList RubricPack::builtinProfiles()
{
    QStringList profiles;
    for (const QString &file : QDir(u":/packs"_s).entryList({u"*.json"_s}, QDir::Files, QDir::Name))
        profiles.append(QFileInfo(file).completeBaseName());
    return profiles;
}

QString RubricPack::profileForQueueLabels(const QStringList &labels)
{
    // Read once: the packs are compiled in and never change while the program runs.
    static const QList<QPair<QString, QStringList>> queueLabels = [] {
        QList<QPair<QString, QStringList>> all;
        for (const QString &profile : builtinProfiles()) {
            if (const Result<RubricPack> pack = builtin(profile))
                all.append({profile, pack->queueLabels});
        }
        return all;
    }();
    for (const auto &[profile, names] : queueLabels) {
        for (const QString &name : names) {
            if (labels.contains(name))
                return profile;
        }
    }
    const QStringList profiles = builtinProfiles();
    return profiles.contains(u"general"_s) ? u"general"_s : profiles.value(0);
}

bool RubricPack::allows(const QString &label) const
{
    for (const LabelInfo &info : labels) {
        if (info.name == label)
            return true;
    }
    return false;
}

int RubricPack::groupIndex(const QString &id) const
{
    for (qsizetype i = 0; i < groups.size(); ++i) {
        if (groups.at(i).id == id)
            return int(i);
    }
    return -1;
}

const SubOncall *RubricPack::subOncallById(const QString &id) const
{
    for (const SubOncall &sub : subOncalls) {
        if (sub.id == id)
            return &sub;
    }
    return nullptr;
}

const SubOncall *RubricPack::subOncallByLabel(const QString &label) const
{
    for (const SubOncall &sub : subOncalls) {
        if (sub.label == label)
            return &sub;
    }
    return nullptr;
}

const SubOncall *RubricPack::routeByLabel(const QString &label) const
{
    return queueLabels.contains(label) ? nullptr : subOncallByLabel(label);
}

const ModuleRule *RubricPack::moduleByLabel(const QString &label) const
{
    for (const ModuleRule &module : modules) {
        if (module.label == label)
            return &module;
    }
    return nullptr;
}

const TemplateText *RubricPack::templateByKey(const QString &key) const
{
    for (const TemplateText &text : templates) {
        if (text.key == key)
            return &text;
    }
    return nullptr;
}

QString RubricPack::describe(const QString &label) const
{
    for (const LabelInfo &info : labels) {
        if (info.name == label)
            return info.description;
    }
    return {};
}

QString RubricPack::skipLabel(const QStringList &issueLabels) const
{
    for (const QString &label : issueLabels) {
        for (const QString &prefix : skipLabelPrefixes) {
            if (label.startsWith(prefix))
                return label;
        }
    }
    return {};
}

bool RubricPack::forbidsPattern(const QString &label) const
{
    if (forbiddenPrefixes.isEmpty() && forbiddenSubstrings.isEmpty() && forbiddenNames.isEmpty())
        return false;
    const QString name = label.trimmed().toLower();
    for (const QString &prefix : forbiddenPrefixes) {
        if (name.startsWith(prefix))
            return true;
    }
    for (const QString &part : forbiddenSubstrings) {
        if (name.contains(part))
            return true;
    }
    return forbiddenNames.contains(name);
}
