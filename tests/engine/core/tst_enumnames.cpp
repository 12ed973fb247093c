// SPDX-License-Identifier: MIT
#include "engine/core/enumnames.h"
#include "engine/outbox/outboxentry.h"

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

QTEST_GUILESS_MAIN(tst_EnumNames)
#include "tst_enumnames.moc"
