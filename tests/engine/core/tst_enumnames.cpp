// SPDX-License-Identifier: MIT
#include "engine/core/enumnames.h"
#include "engine/outbox/outboxentry.h"
#include "engine/triage/triagedecision.h"

#include <QSet>
#include <QTest>

using namespace Qt::StringLiterals;

// The one table per enum that the store, the JSON output and the packs spell names with: every value has one name,
// no two share it, a name reads back as its value, and an unknown name is an error, never some default.
class tst_EnumNames : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void tables_data();
    void tables();
    void unknownNameIsAnError();
    void triageDecisionByName_data();
    void triageDecisionByName();
};

namespace {

template<typename E, std::size_t N>
QString checkTable(const EnumName<E> (&table)[N], int count)
{
    if (int(N) != count)
        return u"%1 names for %2 values"_s.arg(N).arg(count);
    QSet<QString> seen;
    for (int i = 0; i < count; ++i) {
        const QString name = EnumNames::name(table, E(i));
        if (seen.contains(name))
            return u"\"%1\" twice"_s.arg(name);
        seen.insert(name);
        const std::optional<E> back = EnumNames::value(table, name);
        if (!back || *back != E(i))
            return u"\"%1\" does not read back"_s.arg(name);
    }
    return {};
}

} // namespace

void tst_EnumNames::tables_data()
{
    QTest::addColumn<QString>("problem");
    QTest::newRow("outbox status") << checkTable(outboxStatusNames, OutboxStatusCount);
    QTest::newRow("journal step") << checkTable(journalStepNames, int(JournalStep::Submitted) + 1);
    QTest::newRow("journal phase") << checkTable(journalPhaseNames, int(JournalPhase::Failed) + 1);
    // The engine's own decisions; a scrub's and a pack's are data (below).
    QTest::newRow("triage decision") << checkTable(triageDecisionNames, int(TriageDecision::Kind::Duplicate) + 1);
}

void tst_EnumNames::tables()
{
    QFETCH(QString, problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void tst_EnumNames::unknownNameIsAnError()
{
    QCOMPARE(EnumNames::name(outboxStatusNames, OutboxStatus::AlreadyApplied), u"already_applied"_s);
    QCOMPARE(EnumNames::name(journalStepNames, JournalStep::RestoreSubscription), u"restore-subscription"_s);
    QVERIFY(!EnumNames::value(journalStepNames, u"Reread"_s)); // names are exact
    const Result<JournalPhase> unknown = EnumNames::parse(journalPhaseNames, u"skipped"_s, u"journal phase"_s);
    QVERIFY(!unknown);
    QCOMPARE(unknown.error(), u"Unknown journal phase \"skipped\" (known: begin, done, failed)."_s);
    QCOMPARE(EnumNames::parse(journalPhaseNames, u"done"_s, u"journal phase"_s).value(), JournalPhase::Done);
}

// A decision read by name: the engine's own become their kind, "scrub_…" a scrub's, any other name is the pack's and
// is kept as it is (never mapped onto one of the engine's); every one writes back the name it was read from.
void tst_EnumNames::triageDecisionByName_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<TriageDecision::Kind>("kind");
    QTest::newRow("none") << QString() << TriageDecision::Kind::None;
    QTest::newRow("route") << u"route"_s << TriageDecision::Kind::Route;
    QTest::newRow("needs_reproduction") << u"needs_reproduction"_s << TriageDecision::Kind::NeedsReproduction;
    QTest::newRow("duplicate") << u"duplicate"_s << TriageDecision::Kind::Duplicate;
    QTest::newRow("scrub") << u"scrub_still_reproduces"_s << TriageDecision::Kind::Scrub;
    QTest::newRow("pack: out of scope") << u"not_distributed"_s << TriageDecision::Kind::PackDefined;
    QTest::newRow("pack: stop rule") << u"close_question"_s << TriageDecision::Kind::PackDefined;
    QTest::newRow("pack: not an engine name by case") << u"Route"_s << TriageDecision::Kind::PackDefined;
}

void tst_EnumNames::triageDecisionByName()
{
    QFETCH(QString, name);
    QFETCH(TriageDecision::Kind, kind);
    const TriageDecision decision = TriageDecision::fromName(name);
    QCOMPARE(decision.kind(), kind);
    QCOMPARE(decision.name(), name);
    QCOMPARE(decision.isEmpty(), name.isEmpty());
    QCOMPARE(decision.isScrub(), kind == TriageDecision::Kind::Scrub);
    QVERIFY(decision == TriageDecision::fromName(name));
    QCOMPARE(decision == TriageDecision::fromName(name + u'x'), false);
}

QTEST_GUILESS_MAIN(tst_EnumNames)
#include "tst_enumnames.moc"
