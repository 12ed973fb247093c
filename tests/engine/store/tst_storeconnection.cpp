// SPDX-License-Identifier: MIT
#include "engine/store/storeconnection.h"

#include "engine/store/issuestore.h"
#include "engine/store/storeschema.h"
#include "engine/store/storesql.h"

#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;

namespace {

// What a store made by StoreConnection::openStore holds: here, just its connection.
std::unique_ptr<StoreConnection> keep(StoreConnection connection)
{
    return std::make_unique<StoreConnection>(std::move(connection));
}

QStringList tablesIn(const StoreConnection &connection)
{
    QSqlQuery query(connection.database());
    QStringList tables;
    if (query.exec(u"SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"_s)) {
        while (query.next())
            tables << query.value(0).toString();
    }
    return tables;
}

struct Row
{
    int number = 0;
    QString value;
};

} // namespace

// How every store opens its connection (schema first, then the tables it keeps to itself) and the helpers the
// stores share, on real SQLite files.
class tst_StoreConnection final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void schemaStepsMatchTheVersion()
    {
        QCOMPARE(StoreSchema::steps().size(), IssueStore::SchemaVersion);
        for (const QStringList &step : StoreSchema::steps())
            QVERIFY(!step.isEmpty());
    }

    void ownTablesAreCreatedOnce_data()
    {
        QTest::addColumn<QStringList>("statements");
        QTest::addColumn<QStringList>("tables");
        QTest::addRow("none") << QStringList() << QStringList();
        QTest::addRow("one") << QStringList{u"CREATE TABLE IF NOT EXISTS notes (repo TEXT, number INTEGER)"_s}
                             << QStringList{u"notes"_s};
        QTest::addRow("two, with an index")
            << QStringList{u"CREATE TABLE IF NOT EXISTS notes (repo TEXT, number INTEGER)"_s,
                           u"CREATE INDEX IF NOT EXISTS notes_issue ON notes (repo, number)"_s,
                           u"CREATE TABLE IF NOT EXISTS marks (repo TEXT PRIMARY KEY)"_s}
            << QStringList{u"marks"_s, u"notes"_s};
    }

    void ownTablesAreCreatedOnce()
    {
        QFETCH(QStringList, statements);
        QFETCH(QStringList, tables);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(u"store.sqlite"_s);
        const StoreConnection::OwnTables own{statements, u"Cannot create the notes in %1"_s};
        for (int open = 0; open < 2; ++open) { // the second open finds them there
            auto store = StoreConnection::openStore(path, u"notes"_s, u"Cannot open the notes in %1"_s, keep, own);
            QVERIFY2(store.ok(), qPrintable(store.error()));
            const QStringList present = tablesIn(*store.value());
            QVERIFY(present.contains(u"issues"_s)); // the schema came first
            for (const QString &table : std::as_const(tables))
                QVERIFY2(present.contains(table), qPrintable(table));
            QCOMPARE(store.value()->path(), path);
        }
    }

    void ownTableErrorSaysWhatAndWhere()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(u"store.sqlite"_s);
        const StoreConnection::OwnTables broken{{u"CREATE TABLE IF NOT EXISTS notes (repo TEXT"_s},
                                                u"Cannot create the notes in %1"_s};
        auto store = StoreConnection::openStore(path, u"notes"_s, u"Cannot open the notes in %1"_s, keep, broken);
        QVERIFY(!store.ok());
        QVERIFY2(store.error().startsWith(u"Cannot create the notes in %1: "_s.arg(path)), qPrintable(store.error()));
        QVERIFY(store.error().size() > u"Cannot create the notes in %1: "_s.arg(path).size()); // SQLite's reason
    }

    void openErrorComesFromTheSchema()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        auto store = StoreConnection::openStore(dir.path(), u"notes"_s, u"Cannot open the notes in %1"_s, keep);
        QVERIFY(!store.ok());
        QVERIFY2(store.error().contains(u"directory"_s), qPrintable(store.error()));
    }

    void latestPerIssue_data()
    {
        QTest::addColumn<QStringList>("rows");     // "repo number value", in insertion order
        QTest::addColumn<QStringList>("expected"); // "number value", by number
        QTest::addRow("none") << QStringList() << QStringList();
        QTest::addRow("one each") << QStringList{u"a/b 1 x"_s, u"a/b 2 y"_s} << QStringList{u"1 x"_s, u"2 y"_s};
        QTest::addRow("the latest wins") << QStringList{u"a/b 1 old"_s, u"a/b 2 y"_s, u"a/b 1 new"_s}
                                         << QStringList{u"1 new"_s, u"2 y"_s};
        QTest::addRow("other repositories ignored")
            << QStringList{u"a/b 1 mine"_s, u"c/d 1 theirs"_s, u"c/d 3 theirs"_s} << QStringList{u"1 mine"_s};
    }

    void latestPerIssue()
    {
        QFETCH(QStringList, rows);
        QFETCH(QStringList, expected);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const StoreConnection::OwnTables notes{
            {u"CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY, repo TEXT, number INTEGER, value TEXT)"_s},
            u"Cannot create the notes in %1"_s};
        auto store = StoreConnection::openStore(dir.filePath(u"store.sqlite"_s), u"notes"_s,
                                                u"Cannot open the notes in %1"_s, keep, notes);
        QVERIFY2(store.ok(), qPrintable(store.error()));
        QSqlQuery insert(store.value()->database());
        for (const QString &row : std::as_const(rows)) {
            const QStringList parts = row.split(u' ');
            insert.prepare(u"INSERT INTO notes (repo, number, value) VALUES (?, ?, ?)"_s);
            insert.addBindValue(parts.at(0));
            insert.addBindValue(parts.at(1).toInt());
            insert.addBindValue(parts.at(2));
            QVERIFY(insert.exec());
        }
        const auto latest = StoreSql::latestPerIssue(
            store.value()->database(), u"notes"_s, u"number, value"_s, u"a/b"_s, u"Cannot read the notes"_s,
            [](const QSqlQuery &query) { return Row{query.value(0).toInt(), query.value(1).toString()}; });
        QVERIFY2(latest.ok(), qPrintable(latest.error()));
        QStringList got;
        for (auto it = latest->cbegin(); it != latest->cend(); ++it)
            got << u"%1 %2"_s.arg(it.key()).arg(it.value().value);
        got.sort();
        QCOMPARE(got, expected);
    }

    void latestPerIssueErrorSaysWhat()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        auto store = StoreConnection::openStore(dir.filePath(u"store.sqlite"_s), u"notes"_s, u"Cannot open %1"_s, keep);
        QVERIFY2(store.ok(), qPrintable(store.error()));
        const auto latest = StoreSql::latestPerIssue(
            store.value()->database(), u"no_such_table"_s, u"number"_s, u"a/b"_s, u"Cannot read the notes"_s,
            [](const QSqlQuery &query) { return Row{query.value(0).toInt(), {}}; });
        QVERIFY(!latest.ok());
        QVERIFY2(latest.error().startsWith(u"Cannot read the notes: "_s), qPrintable(latest.error()));
    }
};

QTEST_GUILESS_MAIN(tst_StoreConnection)
#include "tst_storeconnection.moc"
