// SPDX-License-Identifier: MIT
#include "engine/triage/rubricpack.h"
#include "engine/triage/textanalyzer.h"
#include "tests/support/testdata.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

QByteArray builtinJson()
{
    QFile file(u":/packs/distributed.json"_s);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("the built-in distributed pack is missing");
    return file.readAll();
}

// Sets the value at a path like "modules[3].signals[1].weight" (an empty value removes the key).
QJsonValue setAt(QJsonValue node, QStringView path, const QJsonValue &value)
{
    if (path.isEmpty())
        return value;
    if (path.front() == u'[') {
        const qsizetype close = path.indexOf(u']');
        const int index = path.mid(1, close - 1).toInt();
        QStringView rest = path.mid(close + 1);
        if (rest.startsWith(u'.'))
            rest = rest.mid(1);
        QJsonArray array = node.toArray();
        array[index] = setAt(array.at(index), rest, value);
        return array;
    }
    qsizetype end = 0;
    while (end < path.size() && path[end] != u'.' && path[end] != u'[')
        ++end;
    const QString key = path.left(end).toString();
    QStringView rest = path.mid(end);
    if (rest.startsWith(u'.'))
        rest = rest.mid(1);
    QJsonObject object = node.toObject();
    if (rest.isEmpty() && value.isUndefined())
        object.remove(key);
    else
        object.insert(key, setAt(object.value(key), rest, value));
    return object;
}

using Changes = QList<std::pair<QString, QJsonValue>>;

QByteArray mutated(const Changes &changes)
{
    QJsonValue root = QJsonDocument::fromJson(builtinJson()).object();
    for (const auto &[path, value] : changes)
        root = setAt(root, path, value);
    return QJsonDocument(root.toObject()).toJson(QJsonDocument::Compact);
}

QByteArray mutated(const QString &path, const QJsonValue &value)
{
    return mutated({{path, value}});
}

// The same for the first-level (`general`) pack, the one that uses the 1.2 keys.
QByteArray mutatedGeneral(const QList<std::pair<QString, QJsonValue>> &changes)
{
    QFile file(u":/packs/general.json"_s);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("the built-in general pack is missing");
    QJsonValue root = QJsonDocument::fromJson(file.readAll()).object();
    for (const auto &[path, value] : changes)
        root = setAt(root, path, value);
    return QJsonDocument(root.toObject()).toJson(QJsonDocument::Compact);
}

// The built-in pack without the keys of versions newer than `version` (1.0, 1.1 or 1.2) that it uses outside
// what a test sets: 1.3's max_confidence, 1.2's scoring.test_name_words.
Changes olderFile(const QJsonValue &version)
{
    Changes changes{{u"version"_s, version}};
    const QJsonArray modules = QJsonDocument::fromJson(builtinJson()).object().value("modules"_L1).toArray();
    for (qsizetype i = 0; i < modules.size(); ++i)
        changes.append({u"modules[%1].max_confidence"_s.arg(i), QJsonValue::Undefined});
    const double number = version.isString() ? version.toString().toDouble() : version.toDouble();
    if (number < 1.15)
        changes.append({u"scoring.test_name_words"_s, QJsonValue::Undefined});
    if (number < 1.55) {
        // 1.6: the stop after a route, processed issues, offer-only modules and the rules that read the text
        // without the title.
        changes.append({u"route_offers"_s, QJsonValue::Undefined});
        changes.append({u"skip_processed"_s, QJsonValue::Undefined});
        for (qsizetype i = 0; i < modules.size(); ++i)
            changes.append({u"modules[%1].offer_only"_s.arg(i), QJsonValue::Undefined});
        const QJsonObject root = QJsonDocument::fromJson(builtinJson()).object();
        for (const QString &key : {u"out_of_scope"_s, u"high_priority"_s}) {
            QJsonArray kept;
            for (const QJsonValue &rule : root.value(key).toArray()) {
                const QByteArray json = QJsonDocument(rule.toObject()).toJson();
                if (!json.contains("\"text\"") && !json.contains("\"affected\""))
                    kept.append(rule);
            }
            changes.append({key, kept});
        }
    }
    return changes;
}

// The built-in pack as a 1.0 file would have it: without the keys 1.1 added.
QByteArray asVersion10(const QJsonValue &version)
{
    return mutated(olderFile(version) + Changes{{u"context_rules"_s, QJsonValue::Undefined},
                                                {u"scoring.incidental"_s, QJsonValue::Undefined}});
}

} // namespace

class tst_RubricPack : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void builtinPackLoads()
    {
        const Result<RubricPack> pack = RubricPack::builtin(u"distributed"_s);
        QVERIFY2(pack.ok(), qPrintable(pack.error()));
        QCOMPARE(pack->profile, u"distributed"_s);
        QCOMPARE(pack->subOncalls.size(), 3);
        // Precedence: checkpointing > infra > parallelisms, parallelisms the default.
        QCOMPARE(pack->subOncalls.at(0).id, u"checkpointing"_s);
        QCOMPARE(pack->subOncalls.at(1).id, u"infra"_s);
        QVERIFY(pack->subOncalls.at(2).isDefault);
        QVERIFY(pack->allows(u"module: distributed_checkpoint"_s));
        QVERIFY(pack->allows(u"ptd-bot-triaged"_s));
        QVERIFY(!pack->allows(u"high priority"_s));
        QVERIFY(pack->forbiddenLabels.contains(u"high priority"_s));
        QVERIFY(pack->protectedLabels.contains(u"oncall: pt2"_s));
        QVERIFY(pack->moduleByLabel(u"module: fsdp"_s));
        QVERIFY(pack->templateByKey(u"needs_distributed_reproduction"_s));
        QVERIFY(pack->templateByKey(u"not_distributed"_s));
        for (const ModuleRule &module : pack->modules)
            QVERIFY2(pack->allows(module.label), qPrintable(module.label));
        QCOMPARE(pack->minorVersion, RubricPack::FormatMinorVersion); // shipped packs are at the current format
        QVERIFY(!pack->contextRules.isEmpty());
        for (const ContextRule &rule : pack->contextRules)
            QVERIFY2(!rule.note.isEmpty(), qPrintable(rule.id)); // every rule says why
    }

    void builtinPt2PackLoads()
    {
        const Result<RubricPack> pack = RubricPack::builtin(u"pt2"_s);
        QVERIFY2(pack.ok(), qPrintable(pack.error()));
        QCOMPARE(pack->profile, u"pt2"_s);
        QCOMPARE(pack->minorVersion, RubricPack::FormatMinorVersion);
        QCOMPARE(pack->queueLabels, QStringList{u"oncall: pt2"_s});
        // The queue label is also the default route; export and CPU inductor are the redirects.
        const SubOncall *pt2 = pack->subOncallByLabel(u"oncall: pt2"_s);
        QVERIFY(pt2 && pt2->isDefault);
        QVERIFY(!pack->routeByLabel(u"oncall: pt2"_s));
        QVERIFY(pack->routeByLabel(u"oncall: export"_s));
        QVERIFY(pack->routeByLabel(u"oncall: cpu inductor"_s));
        QVERIFY(pack->requireModule);
        QVERIFY(pack->moduleByLabel(pack->fallbackModule));
        QVERIFY(!pack->allows(u"high priority"_s));
        QVERIFY(pack->forbiddenLabels.contains(u"high priority"_s));
        for (const QString &label :
             {u"module: dynamo"_s, u"module: inductor"_s, u"module: dynamic shapes"_s, u"module: pt2-dispatcher"_s,
              u"module: functorch"_s, u"dynamo-functorch"_s, u"module: dtensor"_s, u"module: fsdp"_s, u"module: ddp"_s})
            QVERIFY2(pack->moduleByLabel(label), qPrintable(label));
        bool boosted = false;
        for (const ModuleRule &module : pack->modules) {
            QVERIFY2(pack->allows(module.label), qPrintable(module.label));
            for (const ModuleBoost &boost : module.boosts) {
                QVERIFY2(!boost.note.isEmpty() && boost.score > 0, qPrintable(boost.id));
                boosted = true;
            }
        }
        QVERIFY(boosted);
        QVERIFY(pack->templateByKey(u"needs_pt2_reproduction"_s));
    }

    // Pack 1.2: near conditions, module boosts, require_module / fallback_module, each checked like the rest.
    void formatOneTwo_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("expected"); // empty: loads

        const QJsonObject near{{u"near"_s, u"compile"_s}, {u"to"_s, u"regression"_s}, {u"within"_s, 40}};
        const QJsonArray boosts{QJsonObject{{u"id"_s, u"isolated"_s}, {u"score"_s, 2}, {u"when"_s, near}}};
        QTest::addRow("a boost with a near condition") << mutated(u"modules[0].boosts"_s, boosts) << QString();
        QTest::addRow("require_module with a fallback")
            << mutated({{u"require_module"_s, true}, {u"fallback_module"_s, u"module: c10d"_s}}) << QString();
        QTest::addRow("boosts in a 1.1 file")
            << mutated(olderFile(u"1.1"_s) + Changes{{u"modules[0].boosts"_s, boosts}})
            << u"modules[0].boosts: needs pack version 1.2 or later (the file says 1.1)"_s;
        QTest::addRow("require_module in a 1.1 file")
            << mutated(olderFile(u"1.1"_s) + Changes{{u"require_module"_s, true}})
            << u"require_module: needs pack version 1.2 or later"_s;
        QTest::addRow("a visibility module") << mutated(u"modules[0].visibility"_s, true) << QString();
        QTest::addRow("visibility in a 1.1 file")
            << mutated(olderFile(u"1.1"_s) + Changes{{u"modules[0].visibility"_s, true}})
            << u"modules[0].visibility: needs pack version 1.2 or later"_s;
        QTest::addRow("visibility not a boolean")
            << mutated(u"modules[0].visibility"_s, u"yes"_s) << u"modules[0].visibility"_s;
        QTest::addRow("test_name_words") << mutated(u"scoring.test_name_words"_s, true) << QString();
        QTest::addRow("test_name_words in a 1.1 file")
            << mutated(olderFile(u"1.1"_s) + Changes{{u"scoring.test_name_words"_s, true}})
            << u"scoring.test_name_words: needs pack version 1.2 or later"_s;
        QTest::addRow("near names an unknown group")
            << mutated(
                   u"modules[0].boosts"_s,
                   QJsonArray{QJsonObject{{u"id"_s, u"x"_s},
                                          {u"score"_s, 1},
                                          {u"when"_s, QJsonObject{{u"near"_s, u"compile"_s}, {u"to"_s, u"nope"_s}}}}})
            << u"modules[0].boosts[0].when.to: no signal group"_s;
        QTest::addRow("near without a partner")
            << mutated(u"modules[0].boosts"_s,
                       QJsonArray{QJsonObject{
                           {u"id"_s, u"x"_s}, {u"score"_s, 1}, {u"when"_s, QJsonObject{{u"near"_s, u"compile"_s}}}}})
            << u"modules[0].boosts[0].when.to: is required"_s;
        QTest::addRow("near with a min")
            << mutated(u"modules[0].boosts"_s,
                       QJsonArray{QJsonObject{
                           {u"id"_s, u"x"_s},
                           {u"score"_s, 1},
                           {u"when"_s, QJsonObject{{u"near"_s, u"compile"_s}, {u"to"_s, u"hang"_s}, {u"min"_s, 2}}}}})
            << u"modules[0].boosts[0].when.min: does not apply to a near test"_s;
        const QJsonObject crash{{u"crash"_s, u"torch/_inductor/"_s}};
        QTest::addRow("a boost with a crash condition")
            << mutated(u"modules[0].boosts"_s,
                       QJsonArray{QJsonObject{{u"id"_s, u"raised-here"_s}, {u"score"_s, 2}, {u"when"_s, crash}}})
            << QString();
        QTest::addRow("crash with a min")
            << mutated(u"modules[0].boosts"_s,
                       QJsonArray{QJsonObject{{u"id"_s, u"x"_s},
                                              {u"score"_s, 1},
                                              {u"when"_s, QJsonObject{{u"crash"_s, u"torch/"_s}, {u"min"_s, 2}}}}})
            << u"modules[0].boosts[0].when.min: does not apply to a crash test"_s;
        QTest::addRow("crash in a 1.1 file")
            << mutated(olderFile(u"1.1"_s) + Changes{{u"modules[0].requires"_s, crash}})
            << u"modules[0].requires.crash: needs pack version 1.2 or later"_s;
        QTest::addRow("boost without a score")
            << mutated(u"modules[0].boosts"_s, QJsonArray{QJsonObject{{u"id"_s, u"x"_s}, {u"when"_s, near}}})
            << u"modules[0].boosts[0].score: is required"_s;
        QTest::addRow("negative boost") << mutated(u"modules[0].boosts"_s,
                                                   QJsonArray{QJsonObject{
                                                       {u"id"_s, u"x"_s}, {u"score"_s, -1}, {u"when"_s, near}}})
                                        << u"modules[0].boosts[0].score: -1 is outside"_s;
        QTest::addRow("fallback that is not a module")
            << mutated({{u"require_module"_s, true}, {u"fallback_module"_s, u"triage review"_s}})
            << u"fallback_module: no module has the label \"triage review\""_s;
        QTest::addRow("fallback without require_module")
            << mutated(u"fallback_module"_s, u"module: c10d"_s) << u"fallback_module: only applies with"_s;
        // 1.3: a module's confidence ceiling.
        QTest::addRow("max_confidence") << mutated(u"modules[0].max_confidence"_s, u"LOW"_s) << QString();
        QTest::addRow("a 1.2 file without 1.3 keys") << mutated(olderFile(u"1.2"_s)) << QString();
        QTest::addRow("max_confidence in a 1.2 file")
            << mutated(olderFile(u"1.2"_s) + Changes{{u"modules[0].max_confidence"_s, u"MEDIUM"_s}})
            << u"modules[0].max_confidence: needs pack version 1.3 or later (the file says 1.2)"_s;
        QTest::addRow("umbrella") << mutated(u"modules[1].umbrella"_s, u"module: fsdp"_s) << QString();
        QTest::addRow("umbrella in a 1.2 file")
            << mutated(olderFile(u"1.2"_s) + Changes{{u"modules[1].umbrella"_s, u"module: fsdp"_s}})
            << u"modules[1].umbrella: needs pack version 1.3 or later (the file says 1.2)"_s;
        QTest::addRow("umbrella that is no module")
            << mutated(u"modules[1].umbrella"_s, u"triage review"_s)
            << u"modules[1].umbrella: no module has the label \"triage review\""_s;
        QTest::addRow("umbrella over itself") << mutated(u"modules[0].umbrella"_s, u"module: fsdp"_s)
                                              << u"modules[0].umbrella: \"module: fsdp\" is itself"_s;
        // 1.4: umbrellas under umbrellas, never in a cycle.
        const Changes chain{{u"modules[0].umbrella"_s, u"module: ddp"_s},
                            {u"modules[2].umbrella"_s, u"module: fsdp"_s}};
        QTest::addRow("umbrella under an umbrella") << mutated(chain) << QString();
        QTest::addRow("umbrella under an umbrella in a 1.3 file")
            << mutated(olderFile(u"1.3"_s) + chain)
            << u"modules[2].umbrella: \"module: fsdp\" is under an umbrella itself; chains of umbrellas need pack "
               u"version 1.4 or later (the file says 1.3)"_s;
        QTest::addRow("umbrellas in a cycle")
            << mutated({{u"modules[0].umbrella"_s, u"module: ddp"_s},
                        {u"modules[1].umbrella"_s, u"module: dtensor"_s},
                        {u"modules[2].umbrella"_s, u"module: fsdp"_s}})
            << u"modules[0].umbrella: the umbrellas above \"module: fsdp\" lead back to it"_s;
        // 1.5: a condition may count only the title's leading "[…]" tags.
        const QJsonObject inTag{{u"signals"_s, u"compile"_s}, {u"in"_s, u"tag"_s}};
        QTest::addRow("in: tag") << mutated(olderFile(u"1.5"_s) + Changes{{u"modules[0].requires"_s, inTag}})
                                 << QString();
        QTest::addRow("in: tag in a 1.4 file")
            << mutated(olderFile(u"1.4"_s) + Changes{{u"modules[0].requires"_s, inTag}})
            << u"modules[0].requires.in: \"tag\" needs pack version 1.5 or later (the file says 1.4)"_s;
        // 1.6: the text without the title, the stop after a route, processed issues, offer-only modules.
        const QJsonObject inText{{u"signals"_s, u"compile"_s}, {u"in"_s, u"text"_s}};
        QTest::addRow("in: text") << mutated(Changes{{u"modules[0].requires"_s, inText}}) << QString();
        QTest::addRow("in: text in a 1.5 file")
            << mutated(olderFile(u"1.5"_s) + Changes{{u"modules[0].requires"_s, inText}})
            << u"modules[0].requires.in: needs pack version 1.6 or later (the file says 1.5)"_s;
        QTest::addRow("route_offers in a 1.5 file") << mutated(olderFile(u"1.5"_s) + Changes{{u"route_offers"_s, true}})
                                                    << u"route_offers: needs pack version 1.6 or later"_s;
        QTest::addRow("skip_processed in a 1.5 file")
            << mutated(olderFile(u"1.5"_s) + Changes{{u"skip_processed"_s, true}})
            << u"skip_processed: needs pack version 1.6 or later"_s;
        QTest::addRow("offer_only in a 1.5 file")
            << mutated(olderFile(u"1.5"_s) + Changes{{u"modules[0].offer_only"_s, true}})
            << u"modules[0].offer_only: needs pack version 1.6 or later"_s;
        QTest::addRow("in: somewhere else")
            << mutated(u"modules[0].requires"_s, QJsonObject{{u"signals"_s, u"compile"_s}, {u"in"_s, u"body"_s}})
            << u"modules[0].requires.in: expected \"title\", \"tag\", \"text\" or \"issue\", found \"body\""_s;
        QTest::addRow("max_confidence not a confidence")
            << mutated(u"modules[0].max_confidence"_s, u"SURE"_s)
            << u"modules[0].max_confidence: expected HIGH, MEDIUM or LOW, found \"SURE\""_s;
    }

    void formatOneTwo()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, expected);
        const Result<RubricPack> pack = RubricPack::fromJson(json, u"team.json"_s);
        if (expected.isEmpty()) {
            QVERIFY2(pack.ok(), qPrintable(pack.error()));
            QVERIFY(pack->minorVersion >= 2);
            return;
        }
        QVERIFY(!pack.ok());
        QVERIFY2(pack.error().contains(expected), qPrintable(pack.error()));
    }

    void generalPackLoads()
    {
        const Result<RubricPack> pack = RubricPack::builtin(u"general"_s);
        QVERIFY2(pack.ok(), qPrintable(pack.error()));
        QCOMPARE(pack->profile, u"general"_s);
        QCOMPARE(pack->minorVersion, RubricPack::FormatMinorVersion);
        QCOMPARE(pack->skipLabelPrefixes, QStringList{u"oncall:"_s});
        QVERIFY(pack->routeStops);
        QVERIFY(!pack->defaultInShare);
        QCOMPARE(pack->completeLabel, u"triaged"_s);
        QVERIFY(pack->reproLabel.isEmpty()); // first level asks for a reproduction with a stop rule, no label
        // Eight oncall queues and the general queue, the default, which adds no label.
        QStringList queues;
        for (const SubOncall &sub : pack->subOncalls) {
            if (!sub.isDefault)
                queues.append(sub.label);
            else
                QVERIFY(sub.label.isEmpty());
        }
        queues.sort();
        QCOMPARE(queues, (QStringList{u"oncall: distributed"_s, u"oncall: export"_s, u"oncall: jit"_s,
                                      u"oncall: mobile"_s, u"oncall: profiler"_s, u"oncall: pt2"_s,
                                      u"oncall: quantization"_s, u"oncall: visualization"_s}));
        for (const ModuleRule &module : pack->modules) {
            QVERIFY2(pack->allows(module.label), qPrintable(module.label));
            QCOMPARE(module.subOncall, u"general"_s); // a routed issue gets no module label from this pack
        }
        for (const LabelInfo &label : pack->labels)
            QVERIFY2(!pack->forbidsPattern(label.name), qPrintable(label.name));
        QStringList decisions;
        for (const StopRule &rule : pack->stopRules) {
            QVERIFY2(!rule.note.isEmpty(), qPrintable(rule.id)); // every rule says why
            QVERIFY2(pack->templateByKey(rule.templateKey), qPrintable(rule.id));
            decisions.append(rule.decision.name());
        }
        QVERIFY(decisions.contains(u"close_question"_s));
        QVERIFY(decisions.contains(u"request_info"_s));
        QVERIFY(decisions.contains(u"request_reproduction"_s));
        for (const char *key : {"redirect_to_forum", "request_more_info", "request_self_contained_reproduction"})
            QVERIFY2(pack->templateByKey(QString::fromLatin1(key)), key);
        QVERIFY(pack->forbiddenLabels.contains(u"high priority"_s));
    }

    void badFirstLevelPack_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("expected");

        QTest::addRow("a 1.1 file needs a reproduction label")
            << mutatedGeneral({{u"version"_s, u"1.1"_s}}) << u"reproduction_label: is required"_s;
        QTest::addRow("1.2 keys in a 1.1 file")
            << mutated(olderFile(u"1.1"_s) + Changes{{u"route_stops"_s, true}})
            << u"route_stops: needs pack version 1.2 or later (the file says 1.1)"_s;
        QTest::addRow("stop rules in a 1.1 file")
            << mutated(olderFile(u"1.1"_s) + Changes{{u"stop_rules"_s, QJsonArray{}}})
            << u"stop_rules: needs pack version 1.2 or later"_s;
        QTest::addRow("stop rule names an unknown template")
            << mutatedGeneral({{u"stop_rules[0].template"_s, u"nosuch"_s}})
            << u"stop_rules[0].template: no template has the key \"nosuch\""_s;
        QTest::addRow("stop rule closes with an odd reason")
            << mutatedGeneral({{u"stop_rules[0].close"_s, u"spam"_s}})
            << u"stop_rules[0].close: expected \"not_planned\" or \"completed\""_s;
        QTest::addRow("stop rule without a decision")
            << mutatedGeneral({{u"stop_rules[1].decision"_s, QJsonValue::Undefined}})
            << u"stop_rules[1].decision: is required"_s;
        QTest::addRow("stop rule without when") << mutatedGeneral({{u"stop_rules[2].when"_s, QJsonValue::Undefined}})
                                                << u"stop_rules[2].when: is required"_s;
        QTest::addRow("stop rule typo") << mutatedGeneral({{u"stop_rules[0].templte"_s, u"x"_s}})
                                        << u"stop_rules[0].templte: unknown key"_s;
        QTest::addRow("an allowlisted label the pack forbids")
            << mutatedGeneral({{u"forbidden_prefixes"_s, QJsonArray{u"module: cu"_s}}})
            << u"is forbidden by the pack's own forbidden_* rules"_s;
        QTest::addRow("a non-default queue needs its label")
            << mutatedGeneral({{u"sub_oncalls[0].label"_s, QJsonValue::Undefined}})
            << u"sub_oncalls[0].label: is required"_s;
        QTest::addRow("complete label outside the allowlist")
            << mutatedGeneral({{u"complete_label"_s, u"done"_s}}) << u"complete_label: label \"done\" is not in"_s;
    }

    void badFirstLevelPack()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, expected);
        const Result<RubricPack> pack = RubricPack::fromJson(json, u"general.json"_s);
        QVERIFY(!pack.ok());
        QVERIFY2(pack.error().contains(expected), qPrintable(pack.error()));
    }

    void forbiddenPatterns_data()
    {
        QTest::addColumn<QString>("label");
        QTest::addColumn<bool>("forbidden");
        QTest::addRow("ciflow/ prefix") << u"ciflow/inductor"_s << true;
        QTest::addRow("sev prefix, upper case") << u"SEV: high"_s << true;
        QTest::addRow("deprecated inside") << u"topic: deprecated"_s << true;
        QTest::addRow("exact name") << u"needs research"_s << true;
        QTest::addRow("exact name, other case") << u"Merge Blocking"_s << true;
        QTest::addRow("ci inside a name is fine") << u"module: ci"_s << false;
        QTest::addRow("deprecation is fine") << u"module: deprecation"_s << false;
        QTest::addRow("a plain module") << u"module: cuda"_s << false;
    }

    void forbiddenPatterns()
    {
        QFETCH(QString, label);
        QFETCH(bool, forbidden);
        const Result<RubricPack> general = RubricPack::builtin(u"general"_s);
        QVERIFY(general.ok());
        QCOMPARE(general->forbidsPattern(label), forbidden);
        // The distributed pack forbids by name only ("high priority"), as it always did.
        QVERIFY(!RubricPack::builtin(u"distributed"_s)->forbidsPattern(label));
    }

    void versions_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<int>("minor");
        QTest::addColumn<int>("contextRules");

        const int builtinRules = int(RubricPack::builtin(u"distributed"_s)->contextRules.size());
        QTest::addRow("1.1 as a string") << mutated(olderFile(u"1.1"_s)) << 1 << builtinRules;
        QTest::addRow("1.1 as a number") << mutated(olderFile(1.1)) << 1 << builtinRules;
        QTest::addRow("1.0 file, number") << asVersion10(1) << 0 << 0;
        QTest::addRow("1.0 file, string") << asVersion10(u"1.0"_s) << 0 << 0;
        QTest::addRow("1.1 file using no 1.1 key")
            << mutated(olderFile(u"1.1"_s) + Changes{{u"context_rules"_s, QJsonValue::Undefined}}) << 1 << 0;
        QTest::addRow("1.2 file") << mutated(olderFile(u"1.2"_s)) << 2 << builtinRules;
    }

    void versions()
    {
        QFETCH(QByteArray, json);
        QFETCH(int, minor);
        QFETCH(int, contextRules);
        const Result<RubricPack> pack = RubricPack::fromJson(json, u"team.json"_s);
        QVERIFY2(pack.ok(), qPrintable(pack.error()));
        QCOMPARE(pack->minorVersion, minor);
        QCOMPARE(int(pack->contextRules.size()), contextRules);
        // Incidental text counts for nothing unless a pack says otherwise.
        QCOMPARE(pack->scoring.segment[size_t(SegmentKind::Incidental)], 0.0);
    }

    void contextRuleTests()
    {
        const Result<RubricPack> pack = RubricPack::builtin(u"distributed"_s);
        QVERIFY2(pack.ok(), qPrintable(pack.error()));
        QSet<int> tests;
        for (const ContextRule &rule : pack->contextRules) {
            tests.insert(int(rule.test));
            QVERIFY2(rule.effect == "drop"_L1 || rule.effect == "low"_L1 || rule.effect == "medium"_L1,
                     qPrintable(rule.id));
            // Reading from the title alone is for some issues only.
            if (rule.test == ContextRule::Test::TitleOnly)
                QVERIFY2(!rule.when.isTrivial(), qPrintable(rule.id));
        }
        QCOMPARE(tests.size(), 4); // the pack uses every test the engine has
    }

    void profileForQueueLabels_data()
    {
        QTest::addColumn<QStringList>("labels");
        QTest::addColumn<QString>("profile");
        const QStringList profiles = RubricPack::builtinProfiles();
        QVERIFY(profiles.contains(u"distributed"_s));
        // Every built-in pack claims the queues named by its own queue labels, whatever else the queue asks.
        for (const QString &profile : profiles) {
            const Result<RubricPack> pack = RubricPack::builtin(profile);
            QVERIFY2(pack.ok(), qPrintable(pack.error()));
            QCOMPARE(pack->profile, profile);
            for (const QString &label : pack->queueLabels)
                QTest::addRow("%s: %s", qPrintable(profile), qPrintable(label))
                    << QStringList{u"triaged"_s, label} << profile;
        }
        const QString fallback = profiles.contains(u"general"_s) ? u"general"_s : profiles.constFirst();
        QTest::addRow("no queue label") << QStringList{u"module: nn"_s} << fallback;
        QTest::addRow("no labels") << QStringList{} << fallback;
    }

    void profileForQueueLabels()
    {
        QFETCH(QStringList, labels);
        QFETCH(QString, profile);
        QCOMPARE(RubricPack::profileForQueueLabels(labels), profile);
    }

    void unknownProfile()
    {
        const Result<RubricPack> pack = RubricPack::builtin(u"nosuch"_s);
        QVERIFY(!pack.ok());
        QVERIFY(pack.error().contains(u"nosuch"_s));
    }

    void packFromFile()
    {
        const Result<RubricPack> pack = RubricPack::load(TestData::path(u"packs/minimal.json"_s));
        QVERIFY2(pack.ok(), qPrintable(pack.error()));
        QCOMPARE(pack->profile, u"minimal"_s);
        QCOMPARE(pack->groups.size(), 4); // one set, two sub-oncalls, one module
        QCOMPARE(pack->groups.at(0).signalList.size(), 10);
        QVERIFY(pack->groups.at(0).signalList.at(2).prefix);
        QCOMPARE(pack->groups.at(0).signalList.at(2).text, u"shard"_s);
        QVERIFY(!pack->groups.at(0).signalList.at(0).caseSensitive); // keywords: insensitive by default
        QVERIFY(pack->groups.at(0).signalList.at(3).caseSensitive);  // API names: sensitive
    }

    void badFile_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("problem");
        QTest::addRow("missing") << u"nosuch.json"_s << u"no such file"_s;
        QTest::addRow("directory") << u"."_s << u"is a directory"_s;
    }

    void badFile()
    {
        QFETCH(QString, name);
        QFETCH(QString, problem);
        const QString path = TestData::path(u"packs/"_s + name);
        const Result<RubricPack> pack = RubricPack::load(path);
        QVERIFY(!pack.ok());
        QVERIFY2(pack.error().startsWith(path), qPrintable(pack.error()));
        QVERIFY2(pack.error().contains(problem), qPrintable(pack.error()));
    }

    void badPack_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("expected"); // path and problem, as the message spells them

        QTest::addRow("not json") << QByteArray("{\"format\": ") << u"not valid JSON"_s;
        QTest::addRow("not an object") << QByteArray("[1, 2]") << u"a rubric pack is a JSON object"_s;
        QTest::addRow("wrong format") << mutated(u"format"_s, u"something/else"_s)
                                      << u"format: expected \"triage-console/rubric-pack\""_s;
        QTest::addRow("newer version") << mutated(u"version"_s, 2) << u"version: this build reads version 1"_s;
        QTest::addRow("missing version") << mutated(u"version"_s, QJsonValue::Undefined) << u"version: is required"_s;
        QTest::addRow("unknown root key") << mutated(u"colour"_s, u"red"_s) << u"colour: unknown key"_s;
        QTest::addRow("weight not a number") << mutated(u"modules[3].signals[1].weight"_s, u"heavy"_s)
                                             << u"modules[3].signals[1].weight: expected a number, found a string"_s;
        QTest::addRow("weight out of range")
            << mutated(u"modules[0].signals[0].weight"_s, 1000) << u"modules[0].signals[0].weight: 1000 is outside"_s;
        QTest::addRow("unknown signal kind") << mutated(u"modules[1].signals[0].kind"_s, u"regex"_s)
                                             << u"modules[1].signals[0].kind: \"regex\" is not one of"_s;
        QTest::addRow("signal typo") << mutated(u"modules[0].signals[0].weigth"_s, 2)
                                     << u"modules[0].signals[0].weigth: unknown key"_s;
        QTest::addRow("one-letter signal") << mutated(u"modules[0].signals[0].text"_s, u"x"_s)
                                           << u"modules[0].signals[0].text: must be at least two characters"_s;
        QTest::addRow("module label not allowed")
            << mutated(u"modules[0].label"_s, u"module: nn"_s) << u"modules[0].label: label \"module: nn\" is not in"_s;
        QTest::addRow("module of unknown sub-oncall") << mutated(u"modules[0].sub_oncall"_s, u"storage"_s)
                                                      << u"modules[0].sub_oncall: no sub-oncall has the id"_s;
        QTest::addRow("thresholds shrink")
            << mutated(u"modules[0].high"_s, 0.5) << u"modules[0]: thresholds must grow"_s;
        QTest::addRow("unknown group in a rule") << mutated(u"edge_cases[0].when.signals"_s, u"nothing"_s)
                                                 << u"edge_cases[0].when.signals: no signal group"_s;
        QTest::addRow("unknown fact") << mutated(u"reproduction.present[0].when.fact"_s, u"vibes"_s)
                                      << u"reproduction.present[0].when.fact: unknown fact \"vibes\""_s;
        QTest::addRow("edge case to nowhere")
            << mutated(u"edge_cases[1].route"_s, u"storage"_s) << u"edge_cases[1].route: no sub-oncall has the id"_s;
        QTest::addRow("bad confusion effect") << mutated(u"modules[0].confusions[0].effect"_s, u"maybe"_s)
                                              << u"modules[0].confusions[0].effect: expected \"drop\""_s;
        QTest::addRow("bad rule confidence") << mutated(u"high_priority[0].confidence"_s, u"SURE"_s)
                                             << u"high_priority[0].confidence: expected HIGH, MEDIUM or LOW"_s;
        QTest::addRow("two defaults") << mutated(u"sub_oncalls[0].default"_s, true)
                                      << u"sub_oncalls: exactly one sub-oncall must be the default, found 2"_s;
        QTest::addRow("missing template") << mutated(u"reproduction_template"_s, u"nope"_s)
                                          << u"reproduction_template: no template has the key \"nope\""_s;
        QTest::addRow("forbidden label allowed")
            << mutated(u"forbidden_labels[0]"_s, u"triage review"_s)
            << u"forbidden_labels[0]: \"triage review\" is also in the allowlist"_s;
        QTest::addRow("marker not allowed")
            << mutated(u"marker_label"_s, u"bot-triaged"_s) << u"marker_label: label \"bot-triaged\" is not in"_s;
        QTest::addRow("condition mixes test and combination")
            << mutated(u"edge_cases[0].when.any"_s, QJsonArray{}) << u"edge_cases[0].when: a condition is either"_s;
        QTest::addRow("a cap cannot drop") << mutated(u"confidence_caps[0].effect"_s, u"drop"_s)
                                           << u"confidence_caps[0].effect: a cap is \"medium\" or \"low\""_s;
        QTest::addRow("routed module cap LOW")
            << mutated(u"routed_module_cap"_s, u"LOW"_s) << u"routed_module_cap: expected HIGH or MEDIUM"_s;
        const QString newer = u"1.%1"_s.arg(RubricPack::FormatMinorVersion + 1);
        QTest::addRow("newer minor version")
            << mutated(u"version"_s, newer)
            << u"version: the file is version %1, newer than this build reads"_s.arg(newer);
        QTest::addRow("version not a version")
            << mutated(u"version"_s, u"one"_s) << u"version: expected a version such as \"1.1\""_s;
        QTest::addRow("version with three parts") << mutated(u"version"_s, u"1.1.1"_s) << u"version: expected"_s;
        QTest::addRow("1.1 keys in a 1.0 file")
            << mutated(u"version"_s, 1) << u"scoring.incidental: needs pack version 1.1 or later (the file says 1.0)"_s;
        QTest::addRow("context rules in a 1.0 file")
            << mutated(olderFile(1) + Changes{{u"scoring.incidental"_s, QJsonValue::Undefined}})
            << u"context_rules: needs pack version 1.1 or later"_s;
        QTest::addRow("unknown context test")
            << mutated(u"context_rules[0].test"_s, u"vibes"_s) << u"context_rules[0].test: \"vibes\" is not one of"_s;
        QTest::addRow("bad context effect")
            << mutated(u"context_rules[1].effect"_s, u"maybe"_s) << u"context_rules[1].effect: expected \"drop\""_s;
        QTest::addRow("title-only rule without when")
            << mutated(u"context_rules[0].when"_s, QJsonValue::Undefined) << u"context_rules[0].when: is required"_s;
        QTest::addRow("context rule typo")
            << mutated(u"context_rules[2].efect"_s, u"low"_s) << u"context_rules[2].efect: unknown key"_s;
        QTest::addRow("context rule id twice")
            << mutated(u"context_rules[1].id"_s, u"mention-in-passing"_s) << u"is used twice"_s;
        QTest::addRow("context rule names an unknown group")
            << mutated(u"context_rules[0].when.signals"_s, u"nothing"_s)
            << u"context_rules[0].when.signals: no signal group"_s;
        QTest::addRow("incidental weight out of range")
            << mutated(u"scoring.incidental"_s, 500) << u"scoring.incidental: 500 is outside"_s;
        QTest::addRow("labels not an array")
            << mutated(u"labels"_s, u"all"_s) << u"labels: expected an array, found a string"_s;
    }

    void badPack()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, expected);
        const Result<RubricPack> pack = RubricPack::fromJson(json, u"team.json"_s);
        QVERIFY(!pack.ok());
        QVERIFY2(pack.error().startsWith(u"team.json: "_s), qPrintable(pack.error()));
        QVERIFY2(pack.error().contains(expected), qPrintable(pack.error()));
    }

    void badPackFileNamesTheFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"broken.json"_s);
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(mutated(u"modules[2].signals[0].weight"_s, u"x"_s));
        file.close();
        const Result<RubricPack> pack = RubricPack::load(path);
        QVERIFY(!pack.ok());
        QCOMPARE(pack.error().left(path.size() + 2), path + u": "_s);
        QVERIFY2(pack.error().contains(u"modules[2].signals[0].weight"_s), qPrintable(pack.error()));
    }
};

QTEST_GUILESS_MAIN(tst_RubricPack)
#include "tst_rubricpack.moc"
