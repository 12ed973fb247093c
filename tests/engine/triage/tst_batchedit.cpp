// SPDX-License-Identifier: MIT
#include "engine/triage/batchedit.h"
#include "engine/triage/guardrails.h"
#include "engine/triage/rubricpack.h"

#include <QTest>

using namespace Qt::StringLiterals;

namespace {

// A routed plan as the engine makes them: the sub-oncall's label added with a module label.
TriagePlan routedPlan(const QString &subOncall, bool addsSubOncall)
{
    TriagePlan plan;
    plan.issueNumber = 7;
    plan.profile = u"distributed"_s;
    plan.decision = TriageDecision::Route;
    plan.subOncall = subOncall;
    if (addsSubOncall)
        plan.addLabels.append(subOncall);
    plan.addLabels.append(u"module: fsdp"_s);
    return plan;
}

} // namespace

// One edit for many issues, applied to each plan as the panel would, then judged by the guardrails.
class tst_BatchEdit final : public QObject
{
    Q_OBJECT

    RubricPack m_pack;
    QString m_first;  // the pack's sub-oncalls, in its order
    QString m_second; //

private Q_SLOTS:
    void initTestCase()
    {
        const Result<RubricPack> pack = RubricPack::builtin(u"distributed"_s);
        QVERIFY2(pack.ok(), qPrintable(pack.error()));
        m_pack = pack.value();
        QVERIFY(m_pack.subOncalls.size() >= 2);
        QVERIFY(!m_pack.templates.isEmpty());
        m_first = m_pack.subOncalls.at(0).label;
        m_second = m_pack.subOncalls.at(1).label;
    }

    void emptyEditChangesNothing()
    {
        const TriagePlan plan = routedPlan(m_first, true);
        QVERIFY(BatchEdit().isEmpty());
        const TriagePlan after = BatchEdit().applyTo(plan, m_pack);
        QCOMPARE(after.addLabels, plan.addLabels);
        QCOMPARE(after.subOncall, plan.subOncall);
        QCOMPARE(after.comment, plan.comment);
    }

    void addLabel_data()
    {
        QTest::addColumn<QStringList>("removeBefore");
        QTest::addColumn<QString>("label");
        QTest::addColumn<QStringList>("addAfter");
        QTest::addColumn<QStringList>("removeAfter");
        QTest::addRow("a new label is appended")
            << QStringList() << u"module: ddp"_s << QStringList{u"module: fsdp"_s, u"module: ddp"_s} << QStringList();
        QTest::addRow("a label already added is not doubled")
            << QStringList() << u"module: fsdp"_s << QStringList{u"module: fsdp"_s} << QStringList();
        QTest::addRow("adding wins over a removal of the same label")
            << QStringList{u"module: ddp"_s} << u"module: ddp"_s << QStringList{u"module: fsdp"_s, u"module: ddp"_s}
            << QStringList();
    }

    void addLabel()
    {
        QFETCH(QStringList, removeBefore);
        QFETCH(QString, label);
        QFETCH(QStringList, addAfter);
        QFETCH(QStringList, removeAfter);
        TriagePlan plan = routedPlan(m_first, false);
        plan.removeLabels = removeBefore;
        const TriagePlan after = BatchEdit{.addLabel = label, .subOncall = {}, .templateKey = {}}.applyTo(plan, m_pack);
        QCOMPARE(after.addLabels, addAfter);
        QCOMPARE(after.removeLabels, removeAfter);
    }

    void subOncall_data()
    {
        QTest::addColumn<bool>("addsSubOncall");
        QTest::addColumn<bool>("addsNewLabel");
        QTest::addRow("routed with its label: the label follows") << true << true;
        QTest::addRow("the issue already carries one: still no label added") << false << false;
    }

    void subOncall()
    {
        QFETCH(bool, addsSubOncall);
        QFETCH(bool, addsNewLabel);
        const TriagePlan after = BatchEdit{.addLabel = {}, .subOncall = m_second, .templateKey = {}}.applyTo(
            routedPlan(m_first, addsSubOncall), m_pack);
        QCOMPARE(after.subOncall, m_second);
        QVERIFY(!after.addLabels.contains(m_first)); // exactly one sub-oncall
        QCOMPARE(after.addLabels.contains(m_second), addsNewLabel);
        QVERIFY(after.addLabels.contains(u"module: fsdp"_s));
    }

    void templateBecomesTheComment()
    {
        const TemplateText &text = m_pack.templates.constFirst();
        const TriagePlan after = BatchEdit{.addLabel = {}, .subOncall = {}, .templateKey = text.key}.applyTo(
            routedPlan(m_first, true), m_pack);
        QCOMPARE(after.templateKey, text.key);
        QCOMPARE(after.comment, text.text);
    }

    // What the guardrails then say of each issue's plan: the batch refuses those issues, it never forces.
    void guardrailsJudgeTheResult_data()
    {
        QTest::addColumn<QString>("addLabel");
        QTest::addColumn<QString>("templateKey");
        QTest::addColumn<QString>("rule"); // empty: allowed
        QTest::addRow("a pack label") << u"module: ddp"_s << QString() << QString();
        QTest::addRow("a label outside the pack")
            << u"made up: label"_s << QString() << QString::fromLatin1(Guardrails::Allowlist);
        QTest::addRow("an unknown template")
            << QString() << u"no_such_template"_s << QString::fromLatin1(Guardrails::KnownTemplate);
    }

    void guardrailsJudgeTheResult()
    {
        QFETCH(QString, addLabel);
        QFETCH(QString, templateKey);
        QFETCH(QString, rule);
        Issue issue;
        issue.number = 7;
        issue.title = u"FSDP hangs"_s;
        issue.labels = {u"oncall: distributed"_s};
        const TriagePlan plan = BatchEdit{.addLabel = addLabel, .subOncall = {}, .templateKey = templateKey}.applyTo(
            routedPlan(m_first, true), m_pack);
        const QList<Violation> violations = Guardrails::check(plan, issue, m_pack);
        if (rule.isEmpty()) {
            QVERIFY2(violations.isEmpty(), qPrintable(violations.value(0).message));
        } else {
            QVERIFY(!violations.isEmpty());
            QCOMPARE(violations.constFirst().rule, rule);
        }
    }
};

QTEST_GUILESS_MAIN(tst_BatchEdit)
#include "tst_batchedit.moc"
