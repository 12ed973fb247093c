// SPDX-License-Identifier: MIT
#include "engine/guardrails.h"
#include "engine/triageengine.h"

#include <QTest>

using namespace Qt::StringLiterals;

namespace {

const QString Distributed = u"oncall: distributed"_s;
const QString Parallelisms = u"oncall: distributed parallelisms"_s;
const QString Infra = u"oncall: distributed infra"_s;

Issue makeIssue(const QStringList &labels, const QStringList &comments = {})
{
    Issue issue;
    issue.number = 7;
    issue.title = u"DDP hangs"_s;
    issue.labels = labels;
    for (const QString &body : comments)
        issue.comments.append(Comment{u"someone"_s, u"MEMBER"_s, body, {}});
    return issue;
}

TriagePlan makePlan(const QStringList &add, const QString &decision = u"classify"_s)
{
    TriagePlan plan;
    plan.issueNumber = 7;
    plan.decision = decision;
    plan.addLabels = add;
    for (const QString &label : add)
        plan.labelConfidence.insert(label, Confidence::Medium);
    return plan;
}

} // namespace

class TestGuardrails : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        Result<RubricPack> pack = RubricPack::builtin(u"distributed"_s);
        QVERIFY2(pack.ok(), qPrintable(pack.error()));
        m_pack = std::move(pack).value();
    }

    void rules_data()
    {
        QTest::addColumn<Issue>("issue");
        QTest::addColumn<TriagePlan>("plan");
        QTest::addColumn<QStringList>("rules"); // violated rules, in order
        QTest::addColumn<QStringList>("kept");  // labels still added after enforce()

        const Issue queued = makeIssue({Distributed});
        QTest::addRow("clean plan") << queued << makePlan({Parallelisms, u"module: fsdp"_s, u"ptd-bot-triaged"_s})
                                    << QStringList{}
                                    << QStringList{Parallelisms, u"module: fsdp"_s, u"ptd-bot-triaged"_s};
        QTest::addRow("allowlist") << queued << makePlan({Parallelisms, u"module: nn"_s}) << QStringList{u"allowlist"_s}
                                   << QStringList{Parallelisms};
        QTest::addRow("never high priority")
            << queued << makePlan({Parallelisms, u"high priority"_s}) << QStringList{u"no-high-priority"_s}
            << QStringList{Parallelisms, u"triage review"_s};
        {
            TriagePlan plan = makePlan({Parallelisms});
            plan.removeLabels = {Distributed};
            QTest::addRow("add-only: a protected label")
                << queued << plan << QStringList{u"add-only"_s} << QStringList{Parallelisms};
        }
        {
            TriagePlan plan = makePlan({Parallelisms});
            plan.removeLabels = {u"oncall: pt2"_s, u"module: ddp"_s};
            QTest::addRow("add-only: any label")
                << makeIssue({Distributed, u"oncall: pt2"_s, u"module: ddp"_s}) << plan
                << QStringList{u"add-only"_s, u"add-only"_s} << QStringList{Parallelisms};
        }
        QTest::addRow("exactly one sub-oncall") << queued << makePlan({Parallelisms, Infra})
                                                << QStringList{u"one-sub-oncall"_s} << QStringList{Parallelisms};
        QTest::addRow("a routed plan needs one") << queued << makePlan({u"module: fsdp"_s})
                                                 << QStringList{u"one-sub-oncall"_s} << QStringList{u"module: fsdp"_s};
        QTest::addRow("not distributed needs none") << queued << makePlan({u"triage review"_s}, u"not_distributed"_s)
                                                    << QStringList{} << QStringList{u"triage review"_s};
        QTest::addRow("existing sub-oncall kept") << makeIssue({Distributed, Infra}) << makePlan({Parallelisms})
                                                  << QStringList{u"keep-existing-sub-oncall"_s} << QStringList{};
        QTest::addRow("existing sub-oncall, nothing added")
            << makeIssue({Distributed, Infra}) << makePlan({u"module: c10d"_s}) << QStringList{}
            << QStringList{u"module: c10d"_s};
        {
            TriagePlan plan = makePlan({Parallelisms, u"needs reproduction"_s});
            plan.templateKey = u"needs_distributed_reproduction"_s;
            plan.comment = m_pack.templateByKey(plan.templateKey)->text;
            QTest::addRow("template posted before, by the bot")
                << makeIssue({Distributed}, {m_pack.templateByKey(plan.templateKey)->text}) << plan
                << QStringList{u"template-once"_s} << QStringList{Parallelisms, u"needs reproduction"_s};
            QTest::addRow("template posted before, re-wrapped by a human")
                << makeIssue({Distributed}, {u"Could you share a **minimal\nreproduction   script** and logs from "
                                             u"all ranks?"_s})
                << plan << QStringList{u"template-once"_s} << QStringList{Parallelisms, u"needs reproduction"_s};
            QTest::addRow("template not posted yet")
                << makeIssue({Distributed}, {u"Same problem here."_s}) << plan << QStringList{}
                << QStringList{Parallelisms, u"needs reproduction"_s};
        }
        {
            TriagePlan plan = makePlan({Parallelisms});
            plan.templateKey = u"say_hello"_s;
            QTest::addRow("unknown template")
                << queued << plan << QStringList{u"known-template"_s} << QStringList{Parallelisms};
        }
    }

    void rules()
    {
        QFETCH(Issue, issue);
        QFETCH(TriagePlan, plan);
        QFETCH(QStringList, rules);
        QFETCH(QStringList, kept);

        QStringList found;
        for (const Violation &v : Guardrails::check(plan, issue, m_pack)) {
            found.append(v.rule);
            QVERIFY(!v.message.isEmpty());
        }
        QCOMPARE(found, rules);

        const TriagePlan enforced = Guardrails::enforce(plan, issue, m_pack);
        QCOMPARE(enforced.addLabels, kept);
        QCOMPARE(enforced.violations.size(), rules.size()); // reported, never dropped silently
        QVERIFY(enforced.removeLabels.isEmpty());
        if (rules.contains(u"template-once"_s) || rules.contains(u"known-template"_s)) {
            QVERIFY(enforced.templateKey.isEmpty());
            QVERIFY(enforced.comment.isEmpty());
        }
        // Enforcing twice changes nothing more.
        QVERIFY(Guardrails::check(enforced, issue, m_pack).size() <=
                rules.count(u"one-sub-oncall"_s) + rules.count(u"keep-existing-sub-oncall"_s));
    }

    void scrubRemovals_data()
    {
        QTest::addColumn<QString>("decision");
        QTest::addColumn<QStringList>("remove");
        QTest::addColumn<QStringList>("rules");        // violated rules, in order
        QTest::addColumn<QStringList>("keptRemovals"); // still removed after enforce()

        const QString repro = u"needs reproduction"_s;
        const QString triaged = u"triaged"_s;
        QTest::addRow("scrub removes the reproduction label")
            << u"scrub_still_reproduces"_s << QStringList{repro} << QStringList{} << QStringList{repro};
        QTest::addRow("scrub refreshes triaged")
            << u"scrub_inconclusive"_s << QStringList{triaged} << QStringList{} << QStringList{triaged};
        QTest::addRow("scrub, both, any case")
            << u"scrub_no_longer_reproduces"_s << QStringList{u"Needs Reproduction"_s, triaged} << QStringList{}
            << QStringList{u"Needs Reproduction"_s, triaged};
        QTest::addRow("scrub removes another label")
            << u"scrub_still_reproduces"_s << QStringList{repro, u"module: ddp"_s} << QStringList{u"scrub-removals"_s}
            << QStringList{repro};
        QTest::addRow("scrub removes a protected label") << u"scrub_different_error"_s << QStringList{Distributed}
                                                         << QStringList{u"scrub-removals"_s} << QStringList{};
        QTest::addRow("engine plan removing the reproduction label")
            << u"classify"_s << QStringList{repro} << QStringList{u"add-only"_s} << QStringList{};
        QTest::addRow("engine plan removing triaged")
            << u"needs_reproduction"_s << QStringList{triaged} << QStringList{u"add-only"_s} << QStringList{};
        QTest::addRow("no decision is not a scrub")
            << QString() << QStringList{repro} << QStringList{u"add-only"_s} << QStringList{};
        QTest::addRow("a decision merely containing scrub")
            << u"not_scrub_x"_s << QStringList{repro} << QStringList{u"add-only"_s} << QStringList{};
    }

    void scrubRemovals()
    {
        QFETCH(QString, decision);
        QFETCH(QStringList, remove);
        QFETCH(QStringList, rules);
        QFETCH(QStringList, keptRemovals);

        TriagePlan plan = makePlan({}, decision);
        plan.removeLabels = remove;
        const Issue issue =
            makeIssue({Distributed, Parallelisms, u"needs reproduction"_s, u"triaged"_s, u"module: ddp"_s});
        QStringList found;
        for (const Violation &v : Guardrails::check(plan, issue, m_pack)) {
            found.append(v.rule);
            QVERIFY(!v.message.isEmpty());
            QVERIFY2(v.message.contains(v.label), qPrintable(v.message));
        }
        QCOMPARE(found, rules);
        QCOMPARE(Guardrails::enforce(plan, issue, m_pack).removeLabels, keptRemovals);

        // A scrub does not route: on an issue with no sub-oncall yet, adding none is no violation for it.
        if (Guardrails::isScrubDecision(decision) && rules.isEmpty())
            QVERIFY(Guardrails::check(plan, makeIssue({Distributed, u"needs reproduction"_s, u"triaged"_s}), m_pack)
                        .isEmpty());
    }

    void protectedLabelMessage()
    {
        TriagePlan plan = makePlan({Parallelisms});
        plan.removeLabels = {u"bot-triaged"_s};
        const QList<Violation> found = Guardrails::check(plan, makeIssue({Distributed, u"bot-triaged"_s}), m_pack);
        QCOMPARE(found.size(), 1);
        QCOMPARE(found.first().label, u"bot-triaged"_s);
        QVERIFY(found.first().message.contains(u"must stay"_s));
    }

    void engineDoesNotRepostItsTemplate()
    {
        const TriageEngine engine(m_pack);
        Issue issue = makeIssue({Distributed});
        issue.body = u"It hangs after a while."_s;
        const TriagePlan first = Guardrails::enforce(engine.plan(issue), issue, m_pack);
        QCOMPARE(first.templateKey, u"needs_distributed_reproduction"_s);
        QVERIFY(first.violations.isEmpty());
        issue.comments.append(Comment{u"ptd-bot"_s, u"NONE"_s, first.comment, {}});
        const TriagePlan second = Guardrails::enforce(engine.plan(issue), issue, m_pack);
        QVERIFY(second.templateKey.isEmpty());
        QCOMPARE(second.violations.size(), 1);
        QCOMPARE(second.violations.first().rule, u"template-once"_s);
    }

private:
    RubricPack m_pack;
};

QTEST_GUILESS_MAIN(TestGuardrails)
#include "tst_guardrails.moc"
