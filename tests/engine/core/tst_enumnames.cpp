// SPDX-License-Identifier: MIT
#include "engine/core/enumnames.h"
#include "engine/core/issuestate.h"
#include "engine/core/queuestate.h"
#include "engine/core/syncmode.h"
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
    void issueStateByName_data();
    void issueStateByName();
    void queueStateByName_data();
    void queueStateByName();
    void syncModeByName_data();
    void syncModeByName();
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
    QTest::newRow("issue state") << checkTable(issueStateNames, int(IssueState::Closed) + 1);
    QTest::newRow("queue state") << checkTable(queueStateNames, int(QueueState::All) + 1);
    QTest::newRow("sync mode") << checkTable(syncModeNames, int(SyncMode::Rest) + 1);
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

// An issue's state as JSON and the store spell it: GraphQL's and gh's "OPEN", REST's "open", in any case. Text that
// names no state reads as Open (a source that does not say), and is "known" only when it is one of the names; it
// writes back as the table's name. Empty text is no state where one may be absent (an outbox entry's seen state).
void tst_EnumNames::issueStateByName_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("known");
    QTest::addColumn<IssueState>("state");
    QTest::addColumn<QString>("written");
    QTest::newRow("GraphQL open") << u"OPEN"_s << true << IssueState::Open << u"OPEN"_s;
    QTest::newRow("GraphQL closed") << u"CLOSED"_s << true << IssueState::Closed << u"CLOSED"_s;
    QTest::newRow("REST open") << u"open"_s << true << IssueState::Open << u"OPEN"_s;
    QTest::newRow("REST closed") << u"closed"_s << true << IssueState::Closed << u"CLOSED"_s;
    QTest::newRow("mixed case") << u"Closed"_s << true << IssueState::Closed << u"CLOSED"_s;
    QTest::newRow("empty") << QString() << false << IssueState::Open << u"OPEN"_s;
    QTest::newRow("unknown") << u"merged"_s << false << IssueState::Open << u"OPEN"_s;
    QTest::newRow("not trimmed") << u" closed"_s << false << IssueState::Open << u"OPEN"_s;
}

void tst_EnumNames::issueStateByName()
{
    QFETCH(QString, text);
    QFETCH(bool, known);
    QFETCH(IssueState, state);
    QFETCH(QString, written);
    QCOMPARE(EnumNames::value(issueStateNames, text, Qt::CaseInsensitive).has_value(), known);
    QCOMPARE(EnumNames::value(issueStateNames, text).has_value(), known && text == text.toUpper()); // exact: upper
    QCOMPARE(issueStateFromName(text), state);
    QCOMPARE(issueStateName(issueStateFromName(text)), written);
    const std::optional<IssueState> optional = optionalIssueStateFromName(text);
    QCOMPARE(optional.has_value(), !text.isEmpty());
    if (optional)
        QCOMPARE(*optional, state);
    QCOMPARE(issueStateName(optional), text.isEmpty() ? QString() : written);
}

// A queue's state as `--state`, the store's queue key and REST's `state=` spell it, in any case; unknown text is
// nothing (the command line says what is wrong), never some default. Open and Closed hold one issue state, All none.
void tst_EnumNames::queueStateByName_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<std::optional<QueueState>>("state");
    QTest::addColumn<std::optional<IssueState>>("issues");
    QTest::newRow("open") << u"open"_s << std::optional(QueueState::Open) << std::optional(IssueState::Open);
    QTest::newRow("closed") << u"closed"_s << std::optional(QueueState::Closed) << std::optional(IssueState::Closed);
    QTest::newRow("all") << u"all"_s << std::optional(QueueState::All) << std::optional<IssueState>();
    QTest::newRow("upper case") << u"ALL"_s << std::optional(QueueState::All) << std::optional<IssueState>();
    QTest::newRow("mixed case") << u"Open"_s << std::optional(QueueState::Open) << std::optional(IssueState::Open);
    QTest::newRow("empty") << QString() << std::optional<QueueState>() << std::optional<IssueState>();
    QTest::newRow("unknown") << u"opened"_s << std::optional<QueueState>() << std::optional<IssueState>();
}

void tst_EnumNames::queueStateByName()
{
    QFETCH(QString, text);
    QFETCH(std::optional<QueueState>, state);
    QFETCH(std::optional<IssueState>, issues);
    const std::optional<QueueState> read = queueStateFromName(text);
    QCOMPARE(read, state);
    const Result<QueueState> parsed = EnumNames::parse(queueStateNames, text, u"queue state"_s, Qt::CaseInsensitive);
    if (!read) {
        QVERIFY(!parsed);
        QCOMPARE(parsed.error(), u"Unknown queue state \"%1\" (known: open, closed, all)."_s.arg(text));
        return;
    }
    QCOMPARE(parsed.value(), *read);
    QCOMPARE(queueStateName(*read), text.toLower()); // written back as the store keys it
    QCOMPARE(issueStateOf(*read), issues);
}

// A sync's mode as `--mode` takes it (in any case), the sync and corpus commands print it and the store keeps an
// interrupted pass's: exactly, as it was compared before it was a value, and empty or unknown text is no pass mode.
void tst_EnumNames::syncModeByName_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<std::optional<SyncMode>>("option");
    QTest::addColumn<std::optional<SyncMode>>("stored");
    QTest::newRow("auto") << u"auto"_s << std::optional(SyncMode::Auto) << std::optional(SyncMode::Auto);
    QTest::newRow("graphql") << u"graphql"_s << std::optional(SyncMode::GraphQL) << std::optional(SyncMode::GraphQL);
    QTest::newRow("rest") << u"rest"_s << std::optional(SyncMode::Rest) << std::optional(SyncMode::Rest);
    QTest::newRow("mixed case") << u"GraphQL"_s << std::optional(SyncMode::GraphQL) << std::optional<SyncMode>();
    QTest::newRow("upper case") << u"REST"_s << std::optional(SyncMode::Rest) << std::optional<SyncMode>();
    QTest::newRow("empty") << QString() << std::optional<SyncMode>() << std::optional<SyncMode>();
    QTest::newRow("unknown") << u"soap"_s << std::optional<SyncMode>() << std::optional<SyncMode>();
}

void tst_EnumNames::syncModeByName()
{
    QFETCH(QString, text);
    QFETCH(std::optional<SyncMode>, option);
    QFETCH(std::optional<SyncMode>, stored);
    QCOMPARE(EnumNames::value(syncModeNames, text, Qt::CaseInsensitive), option);
    if (option)
        QCOMPARE(syncModeName(*option), text.toLower()); // printed and stored as the table spells it
    QCOMPARE(optionalSyncModeFromName(text), stored);
    QCOMPARE(syncModeName(stored), stored ? text : QString());
}

QTEST_GUILESS_MAIN(tst_EnumNames)
#include "tst_enumnames.moc"
