// SPDX-License-Identifier: MIT
#include "engine/repro/reproresultstore.h"
#include "engine/store/issuestore.h"

#include <QFile>
#include <QJsonArray>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

const QString Repo = u"pytorch/pytorch"_s;

ReproRunRecord sample(int number, ReproOutcome::Kind outcome, int reproduced, int minute)
{
    ReproRunRecord r;
    r.repository = Repo;
    r.number = number;
    r.codeHash = ReproRunRecord::hashOf(u"raise RuntimeError('x')\n"_s);
    r.candidate = u"comment 2"_s;
    r.environment = u"pytorch-2.6"_s;
    r.pythonVersion = u"3.11.9"_s;
    r.torchVersion = u"2.6.0"_s;
    r.outcome = outcome;
    r.runs = 5;
    r.reproducedRuns = reproduced;
    r.expected = u"RuntimeError: frobnicate kernel"_s;
    r.consent = QJsonObject{{u"reviewer"_s, u"alice"_s},
                            {u"findings"_s, QJsonArray{QJsonObject{{u"line"_s, 3}, {u"rule"_s, u"network"_s}}}}};
    r.result = QJsonObject{{u"ratio"_s, u"%1/5 reproduced"_s.arg(reproduced)}};
    r.detail = u"raised the reported RuntimeError — ünïcödé"_s;
    r.outputTail = u"Traceback (most recent call last):\nRuntimeError: frobnicate kernel\n"_s;
    r.startedAt = QDateTime(QDate(2026, 11, 22), QTime(10, minute, 0, 125), QTimeZone::UTC);
    r.finishedAt = r.startedAt.addMSecs(12345);
    return r;
}

} // namespace

class tst_ReproResultStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void roundTrip_data();
    void roundTrip();
    void latestWinsAndHistoryKept();
    void survivesReopen();
    void refusesRecordWithoutIssue();
    void reportsForeignFile();
    void kindNames();

private:
    QTemporaryDir m_dir;
};

void tst_ReproResultStore::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
}

void tst_ReproResultStore::roundTrip_data()
{
    QTest::addColumn<int>("outcome");
    QTest::addColumn<int>("reproduced");
    QTest::addColumn<bool>("reproduces");

    QTest::addRow("same error") << int(ReproOutcome::Kind::SameError) << 5 << true;
    QTest::addRow("flaky") << int(ReproOutcome::Kind::SameError) << 2 << true;
    QTest::addRow("crash by signal") << int(ReproOutcome::Kind::KilledBySignal) << 5 << true;
    QTest::addRow("different error") << int(ReproOutcome::Kind::DifferentError) << 0 << false;
    QTest::addRow("passes") << int(ReproOutcome::Kind::Passed) << 0 << false;
    QTest::addRow("timed out") << int(ReproOutcome::Kind::TimedOut) << 0 << false;
    QTest::addRow("refused") << int(ReproOutcome::Kind::SandboxRefused) << 0 << false;
}

void tst_ReproResultStore::roundTrip()
{
    QFETCH(int, outcome);
    QFETCH(int, reproduced);
    QFETCH(bool, reproduces);
    const QString path =
        m_dir.filePath(u"round-%1.sqlite"_s.arg(QString::fromLatin1(QTest::currentDataTag())).replace(u' ', u'-'));
    auto store = ReproResultStore::open(path);
    QVERIFY2(store, qPrintable(store.error()));
    const ReproRunRecord written = sample(7, ReproOutcome::Kind(outcome), reproduced, 1);
    const Result<qint64> id = store.value()->record(written);
    QVERIFY2(id, qPrintable(id.error()));
    QVERIFY(id.value() > 0);

    const auto read = store.value()->latestFor(Repo, 7);
    QVERIFY2(read, qPrintable(read.error()));
    QVERIFY(read.value().has_value());
    const ReproRunRecord &r = *read.value();
    QCOMPARE(r.id, id.value());
    QCOMPARE(r.repository, Repo);
    QCOMPARE(r.number, 7);
    QCOMPARE(r.codeHash, written.codeHash);
    QCOMPARE(r.codeHash.size(), 64);
    QCOMPARE(r.candidate, written.candidate);
    QCOMPARE(r.environment, written.environment);
    QCOMPARE(r.pythonVersion, written.pythonVersion);
    QCOMPARE(r.torchVersion, written.torchVersion);
    QCOMPARE(int(r.outcome), outcome);
    QCOMPARE(r.runs, 5);
    QCOMPARE(r.reproducedRuns, reproduced);
    QCOMPARE(r.expected, written.expected);
    QCOMPARE(r.consent, written.consent);
    QCOMPARE(r.result.value(u"ratio"_s), written.result.value(u"ratio"_s));
    QCOMPARE(r.detail, written.detail);
    QCOMPARE(r.outputTail, written.outputTail);
    QCOMPARE(r.startedAt, written.startedAt);
    QCOMPARE(r.finishedAt, written.finishedAt);
    QCOMPARE(r.durationMs(), 12345);
    QCOMPARE(r.reproduces(), reproduces);
}

void tst_ReproResultStore::latestWinsAndHistoryKept()
{
    auto store = ReproResultStore::open(m_dir.filePath(u"history.sqlite"_s));
    QVERIFY2(store, qPrintable(store.error()));
    ReproResultStore &s = *store.value();
    QVERIFY(s.record(sample(10, ReproOutcome::Kind::Passed, 0, 1)));
    QVERIFY(s.record(sample(10, ReproOutcome::Kind::SameError, 4, 2)));
    QVERIFY(s.record(sample(11, ReproOutcome::Kind::TimedOut, 0, 3)));
    ReproRunRecord other = sample(10, ReproOutcome::Kind::Passed, 0, 4);
    other.repository = u"pytorch/vision"_s;
    QVERIFY(s.record(other));

    const auto latest = s.latest(Repo);
    QVERIFY2(latest, qPrintable(latest.error()));
    QCOMPARE(latest.value().size(), 2);
    QCOMPARE(latest.value().value(10).outcome, ReproOutcome::Kind::SameError);
    QCOMPARE(latest.value().value(10).reproducedRuns, 4);
    QCOMPARE(latest.value().value(11).outcome, ReproOutcome::Kind::TimedOut);

    const auto history = s.history(Repo, 10);
    QVERIFY(history);
    QCOMPARE(history.value().size(), 2);
    QCOMPARE(history.value().first().outcome, ReproOutcome::Kind::Passed);
    QCOMPARE(history.value().last().outcome, ReproOutcome::Kind::SameError);

    const auto none = s.latestFor(Repo, 999);
    QVERIFY(none);
    QVERIFY(!none.value().has_value());
}

void tst_ReproResultStore::survivesReopen()
{
    const QString path = m_dir.filePath(u"reopen.sqlite"_s);
    {
        auto store = ReproResultStore::open(path);
        QVERIFY(store);
        QVERIFY(store.value()->record(sample(3, ReproOutcome::Kind::KilledBySignal, 5, 1)));
    }
    auto again = ReproResultStore::open(path);
    QVERIFY(again);
    const auto latest = again.value()->latestFor(Repo, 3);
    QVERIFY(latest && latest.value());
    QCOMPARE(latest.value()->outcome, ReproOutcome::Kind::KilledBySignal);
    // The file is the ordinary store: IssueStore opens it at the current schema.
    auto issues = IssueStore::open(path);
    QVERIFY(issues);
    QCOMPARE(issues.value()->schemaVersion(), IssueStore::SchemaVersion);
}

void tst_ReproResultStore::refusesRecordWithoutIssue()
{
    auto store = ReproResultStore::open(m_dir.filePath(u"bad.sqlite"_s));
    QVERIFY(store);
    ReproRunRecord r = sample(0, ReproOutcome::Kind::Passed, 0, 1);
    const Result<qint64> id = store.value()->record(r);
    QVERIFY(!id);
    QVERIFY(id.error().contains(u"issue"_s));
}

void tst_ReproResultStore::reportsForeignFile()
{
    const QString path = m_dir.filePath(u"foreign.sqlite"_s);
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("not a database at all, but precious text\n");
    file.close();
    auto store = ReproResultStore::open(path);
    QVERIFY(!store);
    QVERIFY(!store.error().isEmpty());
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), QByteArray("not a database at all, but precious text\n")); // nothing lost
}

void tst_ReproResultStore::kindNames()
{
    for (int i = 0; i <= int(ReproOutcome::Kind::Cancelled); ++i)
        QCOMPARE(ReproRunRecord::kindFromName(ReproOutcome::kindName(ReproOutcome::Kind(i))), ReproOutcome::Kind(i));
}

QTEST_GUILESS_MAIN(tst_ReproResultStore)
#include "tst_reproresultstore.moc"
