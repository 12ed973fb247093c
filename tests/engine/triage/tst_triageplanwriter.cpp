// SPDX-License-Identifier: MIT
#include "engine/triage/triageplanwriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;

class tst_TriagePlanWriter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void keys()
    {
        TriagePlan plan;
        plan.issueNumber = 12;
        plan.decision = TriageDecision::Classify;
        plan.subOncall = u"oncall: distributed parallelisms"_s;
        plan.addLabels = {u"oncall: distributed parallelisms"_s, u"module: fsdp"_s};
        plan.labelConfidence = {{u"oncall: distributed parallelisms"_s, Confidence::Medium},
                                {u"module: fsdp"_s, Confidence::High}};
        plan.confidence = Confidence::Medium;
        plan.evidence.append(Evidence{u"module: fsdp"_s, u"module signals"_s, u"title"_s, 1, 4, u"FSDP"_s});
        plan.violations.append(Violation{u"allowlist"_s, u"module: nn"_s, u"not allowed"_s});

        const QByteArray line = TriagePlanWriter::toJsonLine(plan);
        QVERIFY(line.endsWith('\n'));
        QCOMPARE(line.count('\n'), 1);
        const QJsonObject object = QJsonDocument::fromJson(line).object();
        QStringList keys = object.keys();
        keys.sort();
        QCOMPARE(keys,
                 (QStringList{u"add_labels"_s, u"comment"_s, u"confidence"_s, u"decision"_s, u"evidence"_s,
                              u"label_confidence"_s, u"number"_s, u"sub_oncall"_s, u"template"_s, u"violations"_s}));
        QCOMPARE(object.value("number"_L1).toInt(), 12);
        QCOMPARE(object.value("confidence"_L1).toString(), u"MEDIUM"_s);
        QCOMPARE(object.value("label_confidence"_L1).toObject().value("module: fsdp"_L1).toString(), u"HIGH"_s);
        QVERIFY(object.value("template"_L1).isNull());
        QVERIFY(object.value("comment"_L1).isNull());
        const QJsonObject evidence = object.value("evidence"_L1).toArray().first().toObject();
        keys = evidence.keys();
        keys.sort();
        QCOMPARE(keys, (QStringList{u"label"_s, u"length"_s, u"rule"_s, u"start"_s, u"text"_s, u"where"_s}));
        QCOMPARE(evidence.value("where"_L1).toString(), u"title"_s);
        QCOMPARE(evidence.value("start"_L1).toInt(), 1);
        QCOMPARE(object.value("violations"_L1).toArray().first().toObject().value("rule"_L1).toString(),
                 u"allowlist"_s);
    }

    // A closing plan (a usage question at the first level) says so; no other plan carries the keys.
    void close()
    {
        TriagePlan plan;
        plan.issueNumber = 13;
        plan.decision = TriageDecision::fromName(u"close_question"_s);
        plan.addLabels = {u"bot-triaged"_s};
        plan.templateKey = u"redirect_to_forum"_s;
        plan.comment = u"Please ask on the forum."_s;
        plan.close = true;
        plan.stateReason = u"not_planned"_s;
        const QJsonObject object = QJsonDocument::fromJson(TriagePlanWriter::toJsonLine(plan)).object();
        QCOMPARE(object.value("close"_L1).toBool(), true);
        QCOMPARE(object.value("state_reason"_L1).toString(), u"not_planned"_s);
        QCOMPARE(object.value("decision"_L1).toString(), u"close_question"_s);

        plan.close = false;
        plan.stateReason.clear();
        const QJsonObject open = QJsonDocument::fromJson(TriagePlanWriter::toJsonLine(plan)).object();
        QVERIFY(!open.contains("close"_L1));
        QVERIFY(!open.contains("state_reason"_L1));
    }
};

QTEST_APPLESS_MAIN(tst_TriagePlanWriter)
#include "tst_triageplanwriter.moc"
