// SPDX-License-Identifier: MIT
#include "engine/triage/guardrails.h"
#include "engine/triage/triageengine.h"

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
    plan.decision = TriageDecision::fromName(decision);
    plan.addLabels = add;
    for (const QString &label : add)
        plan.labelConfidence.insert(label, Confidence::Medium);
    return plan;
}

} // namespace

class tst_Guardrails : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        Result<RubricPack> pack = RubricPack::builtin(u"distributed"_s);
        QVERIFY2(pack.ok(), qPrintable(pack.error()));
        m_pack = std::move(pack).value();
        Result<RubricPack> pt2 = RubricPack::builtin(u"pt2"_s);
        QVERIFY2(pt2.ok(), qPrintable(pt2.error()));
        m_pt2Pack = std::move(pt2).value();
        Result<RubricPack> general = RubricPack::builtin(u"general"_s);
        QVERIFY2(general.ok(), qPrintable(general.error()));
        m_general = std::move(general).value();
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
        if (TriageDecision::fromName(decision).isScrub() && rules.isEmpty())
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
        // The engine itself leaves the posted template out and keeps the labels: nothing is left for the
        // guardrail to take out, so the window's plan (never enforced) is the headless command's.
        const TriagePlan engined = engine.plan(issue);
        QVERIFY(engined.templateKey.isEmpty());
        QVERIFY(engined.comment.isEmpty());
        QVERIFY(engined.addLabels.contains(u"needs reproduction"_s));
        QVERIFY(Guardrails::check(engined, issue, m_pack).isEmpty());
        const TriagePlan second = Guardrails::enforce(engined, issue, m_pack);
        QVERIFY(second.templateKey.isEmpty());
        QVERIFY(second.violations.isEmpty());
    }

    // The pt2 pack: its queue label doubles as the default route, so staying adds no route and a redirect adds
    // exactly one.
    void pt2Rules_data()
    {
        QTest::addColumn<Issue>("issue");
        QTest::addColumn<TriagePlan>("plan");
        QTest::addColumn<QStringList>("rules");
        QTest::addColumn<QStringList>("kept");

        const QString pt2 = u"oncall: pt2"_s;
        const QString exportRoute = u"oncall: export"_s;
        const QString cpu = u"oncall: cpu inductor"_s;
        const Issue queued = makeIssue({pt2});
        QTest::addRow("stays in the queue, nothing routed")
            << queued << makePlan({u"module: dynamo"_s, u"bot-triaged"_s}) << QStringList{}
            << QStringList{u"module: dynamo"_s, u"bot-triaged"_s};
        QTest::addRow("one redirect") << queued << makePlan({exportRoute}, u"route"_s) << QStringList{}
                                      << QStringList{exportRoute};
        QTest::addRow("two redirects") << queued << makePlan({exportRoute, cpu}, u"route"_s)
                                       << QStringList{u"one-sub-oncall"_s} << QStringList{exportRoute};
        QTest::addRow("a human's redirect is kept") << makeIssue({pt2, cpu}) << makePlan({exportRoute}, u"route"_s)
                                                    << QStringList{u"keep-existing-sub-oncall"_s} << QStringList{};
        QTest::addRow("never high priority")
            << queued << makePlan({u"module: inductor"_s, u"high priority"_s}, u"high_priority"_s)
            << QStringList{u"no-high-priority"_s} << QStringList{u"module: inductor"_s, u"triage review"_s};
        QTest::addRow("allowlist: a distributed sub-queue")
            << queued << makePlan({Parallelisms}) << QStringList{u"allowlist"_s} << QStringList{};
        QTest::addRow("add-only: the queue label stays") << queued << [&] {
            TriagePlan plan = makePlan({u"module: dynamo"_s});
            plan.removeLabels = {pt2};
            return plan;
        }() << QStringList{u"add-only"_s} << QStringList{u"module: dynamo"_s};
    }

    void pt2Rules()
    {
        QFETCH(Issue, issue);
        QFETCH(TriagePlan, plan);
        QFETCH(QStringList, rules);
        QFETCH(QStringList, kept);

        QStringList found;
        for (const Violation &v : Guardrails::check(plan, issue, m_pt2Pack))
            found.append(v.rule);
        QCOMPARE(found, rules);
        const TriagePlan enforced = Guardrails::enforce(plan, issue, m_pt2Pack);
        QCOMPARE(enforced.addLabels, kept);
        QCOMPARE(enforced.violations.size(), rules.size());
        QVERIFY(enforced.removeLabels.isEmpty());
    }

    // First level (the `general` pack): the forbidden label rules, one row each, and the rules about routing.
    void firstLevelRules_data()
    {
        QTest::addColumn<Issue>("issue");
        QTest::addColumn<TriagePlan>("plan");
        QTest::addColumn<QStringList>("rules"); // violated rules, in order
        QTest::addColumn<QStringList>("kept");  // labels still added after enforce()

        const Issue fresh = makeIssue({});
        const QString Pt2 = u"oncall: pt2"_s;
        const QString Review = u"triage review"_s;
        QTest::addRow("clean route") << fresh << makePlan({Pt2, u"bot-triaged"_s}, u"route"_s) << QStringList{}
                                     << QStringList{Pt2, u"bot-triaged"_s};
        QTest::addRow("general queue: no oncall label is a route")
            << fresh << makePlan({u"module: cuda"_s, u"triaged"_s}) << QStringList{}
            << QStringList{u"module: cuda"_s, u"triaged"_s};
        QTest::addRow("exactly one oncall queue") << fresh << makePlan({Pt2, u"oncall: distributed"_s}, u"route"_s)
                                                  << QStringList{u"one-sub-oncall"_s} << QStringList{Pt2};
        QTest::addRow("already routed: nothing is written")
            << makeIssue({u"oncall: releng"_s}) << makePlan({u"module: cuda"_s, u"triaged"_s})
            << QStringList{u"skip-routed"_s, u"skip-routed"_s} << QStringList{};
        const QList<std::pair<const char *, QString>> forbidden = {
            {"prefix ciflow/", u"ciflow/trunk"_s},
            {"prefix test-config/", u"test-config/default"_s},
            {"prefix release notes:", u"release notes: nn"_s},
            {"prefix ci-", u"ci-no-td"_s},
            {"prefix ci:", u"ci: disable-rocm"_s},
            {"prefix sev, any case", u"SEV: critical"_s},
            {"contains deprecated", u"module: deprecated apis"_s},
            {"contains deprecated, any case", u"Deprecated"_s},
            {"name actionable", u"actionable"_s},
            {"name merge blocking", u"merge blocking"_s},
            {"name needs design", u"needs design"_s},
            {"name needs reproduction", u"needs reproduction"_s},
            {"name needs research", u"needs research"_s},
            {"name oncall: releng", u"oncall: releng"_s},
        };
        for (const auto &[name, label] : forbidden)
            QTest::addRow("forbidden: %s", name)
                << fresh << makePlan({u"module: cuda"_s, label}) << QStringList{u"forbidden-label"_s}
                << QStringList{u"module: cuda"_s, Review};
        QTest::addRow("module: deprecation is not \"deprecated\": only the allowlist objects")
            << fresh << makePlan({u"module: deprecation"_s}) << QStringList{u"allowlist"_s} << QStringList{};
        QTest::addRow("never high priority")
            << fresh << makePlan({u"module: cuda"_s, u"high priority"_s}) << QStringList{u"no-high-priority"_s}
            << QStringList{u"module: cuda"_s, Review};
        {
            TriagePlan plan = makePlan({u"bot-triaged"_s}, u"close_question"_s);
            plan.templateKey = u"redirect_to_forum"_s;
            plan.comment = m_general.templateByKey(plan.templateKey)->text;
            plan.close = true;
            plan.stateReason = u"not_planned"_s;
            QTest::addRow("closing a question") << fresh << plan << QStringList{} << QStringList{u"bot-triaged"_s};
            QTest::addRow("closing a question already routed")
                << makeIssue({Pt2}) << plan << QStringList{u"skip-routed"_s, u"skip-routed"_s} << QStringList{};
        }
    }

    void firstLevelRules()
    {
        QFETCH(Issue, issue);
        QFETCH(TriagePlan, plan);
        QFETCH(QStringList, rules);
        QFETCH(QStringList, kept);

        QStringList found;
        for (const Violation &v : Guardrails::check(plan, issue, m_general)) {
            found.append(v.rule);
            QVERIFY(!v.message.isEmpty());
        }
        QCOMPARE(found, rules);
        const TriagePlan enforced = Guardrails::enforce(plan, issue, m_general);
        QCOMPARE(enforced.addLabels, kept);
        QCOMPARE(enforced.violations.size(), rules.size());
        if (rules.contains(u"skip-routed"_s)) {
            QVERIFY(enforced.comment.isEmpty());
            QVERIFY(!enforced.close);
        } else {
            QCOMPARE(enforced.close, plan.close);
        }
        // What is left passes.
        QVERIFY(Guardrails::check(enforced, issue, m_general).size() <= rules.count(u"one-sub-oncall"_s));
    }

private:
    RubricPack m_pack;
    RubricPack m_pt2Pack;
    RubricPack m_general;
};

QTEST_GUILESS_MAIN(tst_Guardrails)
#include "tst_guardrails.moc"
