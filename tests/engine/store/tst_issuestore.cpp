// SPDX-License-Identifier: MIT
#include "engine/store/issuestore.h"

#include <QFile>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

const QString Repo = u"pytorch/pytorch"_s;

Issue makeIssue(int number, int comments, QStringList labels = {u"oncall: distributed"_s}, bool open = true)
{
    Issue issue;
    issue.number = number;
    issue.nodeId = u"I_%1"_s.arg(number);
    issue.title = u"Issue %1 — ünïcode"_s.arg(number);
    issue.body = u"Body of %1"_s.arg(number);
    issue.author = u"author%1"_s.arg(number);
    issue.authorAssociation = u"NONE"_s;
    issue.state = open ? IssueState::Open : IssueState::Closed;
    issue.url = u"https://github.com/pytorch/pytorch/issues/%1"_s.arg(number);
    issue.labels = labels;
    issue.createdAt = QDateTime(QDate(2024, 1, 1), QTime(10, 0), QTimeZone::UTC).addDays(number);
    issue.updatedAt = issue.createdAt.addSecs(3600);
    for (int k = 0; k < comments; ++k) {
        Comment comment;
        comment.id = qint64(number) * 1000 + k;
        comment.author = u"c%1"_s.arg(k);
        comment.authorAssociation = u"MEMBER"_s;
        comment.body = u"comment %1 ✓"_s.arg(k);
        comment.createdAt = issue.createdAt.addSecs(60 * (k + 1));
        issue.comments.append(comment);
    }
    issue.commentCount = comments;
    return issue;
}

QueueSpec queue(QStringList labels = {u"oncall: distributed"_s}, QueueState state = QueueState::Open)
{
    QueueSpec spec;
    spec.setRepository(Repo);
    spec.labels = labels;
    spec.state = state;
    return spec;
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void writeAll(const QString &path, const QByteArray &data)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(data);
}

// A store with a few pages in it, closed again (WAL checkpointed), so the file is complete on its own.
void fillStore(const QString &path, int issues = 60)
{
    auto store = IssueStore::open(path);
    QVERIFY2(store.ok(), qPrintable(store.error()));
    QList<Issue> page;
    for (int n = 1; n <= issues; ++n)
        page.append(makeIssue(n, 5));
    SyncState state;
    state.queueId = store.value()->ensureQueue(queue()).value();
    QVERIFY(store.value()->writePage(Repo, page, state).ok());
}

} // namespace

class tst_IssueStore final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString path(const QString &name) const { return m_dir.filePath(name); }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
    }

    // "Unprocessed only" is a queue of its own: kept, listed and read back with its excluded labels.
    void excludedLabelsMakeAQueueOfTheirOwn()
    {
        auto opened = IssueStore::open(path(u"excluded.sqlite"_s));
        QVERIFY(opened.ok());
        IssueStore &store = *opened.value();
        const qint64 all = store.ensureQueue(queue({u"oncall: distributed"_s})).value();
        QueueSpec unprocessed = queue({u"oncall: distributed"_s});
        unprocessed.excludeLabels = {u"ptd-bot-triaged"_s};
        const qint64 id = store.ensureQueue(unprocessed).value();
        QVERIFY(id != all);
        QCOMPARE(store.ensureQueue(unprocessed).value(), id);
        const QList<StoredQueue> stored = store.queues().value();
        QCOMPARE(stored.size(), 2);
        bool listed = false;
        for (const StoredQueue &each : stored)
            listed = listed || (each.id == id && each.queue.excludeLabels == unprocessed.excludeLabels &&
                                each.queue.labels == unprocessed.labels);
        QVERIFY(listed);
    }

    void createsAFreshStore()
    {
        const QString file = path(u"sub/dir/fresh.sqlite"_s);
        auto store = IssueStore::open(file);
        QVERIFY2(store.ok(), qPrintable(store.error()));
        QCOMPARE(store.value()->schemaVersion(), IssueStore::SchemaVersion);
        store.value().reset();
        // Reopening our own file is fine.
        auto again = IssueStore::open(file);
        QVERIFY2(again.ok(), qPrintable(again.error()));
        QVERIFY(IssueStore::defaultPath().endsWith(u"/store.sqlite"_s));
    }

    void writesAndLoadsAQueue()
    {
        auto opened = IssueStore::open(path(u"roundtrip.sqlite"_s));
        QVERIFY(opened.ok());
        IssueStore &store = *opened.value();
        const qint64 id = store.ensureQueue(queue()).value();
        QCOMPARE(store.ensureQueue(queue()).value(), id);
        QList<Issue> page = {makeIssue(1, 3), makeIssue(2, 0, {u"oncall: distributed"_s, u"module: ünïcode ✓"_s}),
                             makeIssue(3, 2, {u"module: docs"_s}), makeIssue(4, 1, {u"oncall: distributed"_s}, false)};
        SyncState state;
        state.queueId = id;
        state.cursor = u"Y3Vyc29y"_s;
        state.passMode = SyncMode::GraphQL;
        state.since = page.at(1).updatedAt;
        state.etag = "W/\"abc\"";
        QCOMPARE(store.writePage(Repo, page, state).value(), 4);

        const Result<QList<Issue>> open = store.loadQueue(queue());
        QVERIFY(open.ok());
        QCOMPARE(open->size(), 2);
        const Issue &first = open->at(0);
        QCOMPARE(first.number, 1);
        QCOMPARE(first.title, page.at(0).title);
        QCOMPARE(first.nodeId, u"I_1"_s);
        QCOMPARE(first.updatedAt, page.at(0).updatedAt);
        QCOMPARE(first.comments.size(), 3);
        QCOMPARE(first.comments.at(2).body, u"comment 2 ✓"_s);
        QCOMPARE(first.comments.at(2).id, 1002);
        QCOMPARE(open->at(1).labels, (QStringList{u"oncall: distributed"_s, u"module: ünïcode ✓"_s}));

        QCOMPARE(store.loadQueue(queue({u"oncall: distributed"_s, u"module: ünïcode ✓"_s})).value().size(), 1);
        QCOMPARE(store.loadQueue(queue({u"ONCALL: distributed"_s})).value().size(), 2); // labels ignore case
        QCOMPARE(store.loadQueue(queue({u"oncall: distributed"_s}, QueueState::All)).value().size(), 3);
        QCOMPARE(store.loadQueue(queue({u"oncall: distributed"_s}, QueueState::Closed)).value().size(), 1);
        // A queue may leave out issues with a label ("unprocessed only"): another queue of the store.
        QueueSpec unprocessed = queue({u"oncall: distributed"_s});
        unprocessed.excludeLabels = {u"module: ünïcode ✓"_s};
        const Result<QList<Issue>> left = store.loadQueue(unprocessed);
        QCOMPARE(left.value().size(), 1);
        QCOMPARE(left->at(0).number, 1);
        QCOMPARE(left->at(0).comments.size(), 3);
        QCOMPARE(store.queueCounts(unprocessed).first, 1);

        const SyncState read = store.syncState(id).value();
        QCOMPARE(read.cursor, state.cursor);
        QCOMPARE(read.passMode, state.passMode);
        QCOMPARE(read.since, state.since);
        QCOMPARE(read.etag, state.etag);
        QVERIFY(read.passInProgress());

        state.cursor.clear();
        state.lastSync = QDateTime::currentDateTimeUtc();
        QVERIFY(store.writeSyncState(state).ok());
        QVERIFY(store.ensureQueue(queue({u"oncall: cpu inductor"_s}, QueueState::All)).ok());
        const Result<QList<StoredQueue>> queues = store.queues();
        QVERIFY(queues.ok());
        QCOMPARE(queues->size(), 2);
        QCOMPARE(queues->at(0).id, id); // synced first
        QCOMPARE(queues->at(0).queue.repository(), Repo);
        QCOMPARE(queues->at(0).queue.labels, QStringList{u"oncall: distributed"_s});
        QCOMPARE(queues->at(0).issues, 4);
        QVERIFY(queues->at(0).lastSync.isValid());
        QCOMPARE(queues->at(1).queue.state, QueueState::All);
        QVERIFY(!queues->at(1).lastSync.isValid());
    }

    // The states are values in the code and the same text on disk as before they were: an issue's "OPEN" / "CLOSED"
    // (GraphQL's spelling), a queue's "open" / "closed" / "all" (the key of its row). A store written before reads
    // back: a state in another case is the same state, and text that names none is an open issue, a queue of all.
    void statesKeepTheirStoredText()
    {
        const QString file = path(u"states.sqlite"_s);
        {
            auto opened = IssueStore::open(file);
            QVERIFY(opened.ok());
            IssueStore &store = *opened.value();
            SyncState state;
            state.queueId = store.ensureQueue(queue()).value();
            QVERIFY(store.ensureQueue(queue({u"oncall: distributed"_s}, QueueState::Closed)).ok());
            QVERIFY(store.ensureQueue(queue({u"oncall: distributed"_s}, QueueState::All)).ok());
            QCOMPARE(store.writePage(Repo, {makeIssue(1, 0), makeIssue(2, 0, {u"oncall: distributed"_s}, false)}, state)
                         .value(),
                     2);
        }
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"states"_s);
        {
            db.setDatabaseName(file);
            QVERIFY(db.open());
            QSqlQuery query(db);
            QStringList texts;
            QVERIFY(query.exec(u"SELECT state FROM queues ORDER BY id"_s));
            while (query.next())
                texts.append(query.value(0).toString());
            QCOMPARE(texts, (QStringList{u"open"_s, u"closed"_s, u"all"_s}));
            texts.clear();
            QVERIFY(query.exec(u"SELECT state FROM issues ORDER BY number"_s));
            while (query.next())
                texts.append(query.value(0).toString());
            QCOMPARE(texts, (QStringList{u"OPEN"_s, u"CLOSED"_s}));
            // As another writer might have left them.
            QVERIFY(query.exec(u"UPDATE issues SET state = 'closed' WHERE number = 1"_s));
            QVERIFY(query.exec(u"UPDATE issues SET state = '' WHERE number = 2"_s));
            QVERIFY(query.exec(u"UPDATE queues SET state = 'Closed' WHERE state = 'closed'"_s));
            QVERIFY(query.exec(u"UPDATE queues SET state = 'any' WHERE state = 'all'"_s));
            db.close();
        }
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(u"states"_s);

        auto opened = IssueStore::open(file);
        QVERIFY(opened.ok());
        const QList<Issue> issues =
            opened.value()->loadQueue(queue({u"oncall: distributed"_s}, QueueState::All)).value();
        QCOMPARE(issues.size(), 2);
        for (const Issue &issue : issues)
            QCOMPARE(issue.state, issue.number == 1 ? IssueState::Closed : IssueState::Open);
        QList<QueueState> states;
        const QList<StoredQueue> queues = opened.value()->queues().value();
        for (const StoredQueue &stored : queues)
            states.append(stored.queue.state);
        std::sort(states.begin(), states.end());
        QCOMPARE(states, (QList<QueueState>{QueueState::Open, QueueState::Closed, QueueState::All}));
    }

    // An interrupted pass's mode is a value in the code and the same text on disk as before it was (the
    // `sync_state.pass_mode` column): "graphql", "rest", NULL when no pass is in progress. Text an older store holds
    // reads back as it was compared before: exactly; other text names no mode (the pass is not resumed).
    void passModeKeepsItsStoredText_data()
    {
        QTest::addColumn<std::optional<SyncMode>>("mode");
        QTest::addColumn<QString>("text"); // null: NULL
        QTest::addColumn<bool>("written"); // what writing `mode` stores, not only text read back
        QTest::newRow("graphql") << std::optional(SyncMode::GraphQL) << u"graphql"_s << true;
        QTest::newRow("rest") << std::optional(SyncMode::Rest) << u"rest"_s << true;
        QTest::newRow("no pass") << std::optional<SyncMode>() << QString() << true;
        QTest::newRow("another case") << std::optional<SyncMode>() << u"GraphQL"_s << false;
        QTest::newRow("unknown") << std::optional<SyncMode>() << u"soap"_s << false;
    }

    void passModeKeepsItsStoredText()
    {
        QFETCH(std::optional<SyncMode>, mode);
        QFETCH(QString, text);
        QFETCH(bool, written);
        const QString file = path(u"passmode-%1.sqlite"_s.arg(QString::fromLatin1(QTest::currentDataTag())));
        const QString connection = u"passmode"_s;
        {
            auto opened = IssueStore::open(file);
            QVERIFY(opened.ok());
            SyncState state;
            state.queueId = opened.value()->ensureQueue(queue()).value();
            state.cursor = u"Y3Vyc29y"_s;
            state.passMode = mode;
            QVERIFY(opened.value()->writeSyncState(state).ok());
        }
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, connection);
            db.setDatabaseName(file);
            QVERIFY(db.open());
            QSqlQuery query(db);
            QVERIFY(query.exec(u"SELECT pass_mode FROM sync_state"_s));
            QVERIFY(query.next());
            if (written) {
                QCOMPARE(query.value(0).isNull(), text.isNull());
                QCOMPARE(query.value(0).toString(), text);
            }
            // As an older build (or another writer) left it.
            QVERIFY(query.prepare(u"UPDATE sync_state SET pass_mode = ?"_s));
            query.addBindValue(text.isNull() ? QVariant() : QVariant(text));
            QVERIFY(query.exec());
            db.close();
        }
        QSqlDatabase::removeDatabase(connection);

        auto opened = IssueStore::open(file);
        QVERIFY(opened.ok());
        const Result<SyncState> read = opened.value()->syncState(opened.value()->ensureQueue(queue()).value());
        QVERIFY(read.ok());
        QCOMPARE(read->passMode, mode);
        QVERIFY(read->passInProgress());
    }

    void rewritingAPageChangesNothing()
    {
        auto opened = IssueStore::open(path(u"upsert.sqlite"_s));
        IssueStore &store = *opened.value();
        SyncState state;
        state.queueId = store.ensureQueue(queue()).value();
        QList<Issue> page = {makeIssue(1, 4), makeIssue(2, 2)};
        QVERIFY(store.writePage(Repo, page, state).ok());
        QVERIFY(store.writePage(Repo, page, state).ok());
        QCOMPARE(store.issueCount(Repo), 2);
        QCOMPARE(store.commentCount(Repo), 6);
        // An edited issue: a comment deleted on GitHub, one added, a label removed.
        page[0].comments.removeAt(1);
        page[0].comments.append(makeIssue(1, 9).comments.last());
        page[0].labels = {u"triaged"_s};
        QVERIFY(store.writePage(Repo, page, state).ok());
        QCOMPARE(store.commentCount(Repo), 6);
        QCOMPARE(store.loadQueue(queue()).value().size(), 1);
        QCOMPARE(store.loadQueue(queue({u"triaged"_s})).value().constFirst().comments.size(), 4);
    }

    void twoStoresAtOnce()
    {
        auto a = IssueStore::open(path(u"a.sqlite"_s));
        auto b = IssueStore::open(path(u"b.sqlite"_s));
        auto a2 = IssueStore::open(path(u"a.sqlite"_s));
        QVERIFY(a.ok() && b.ok() && a2.ok());
        SyncState state;
        state.queueId = a.value()->ensureQueue(queue()).value();
        QVERIFY(a.value()->writePage(Repo, {makeIssue(7, 1)}, state).ok());
        QCOMPARE(a2.value()->issueCount(Repo), 1);
        QCOMPARE(b.value()->issueCount(Repo), 0);
    }

    void badFiles_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("message");
        QTest::addRow("text file") << u"text"_s << u"is not a Triage Console store (it is not an SQLite database)"_s;
        QTest::addRow("another app's SQLite")
            << u"foreign"_s << u"is not a Triage Console store (it holds another application's data)"_s;
        QTest::addRow("damaged pages") << u"damaged"_s << u"is not a Triage Console store"_s;
        QTest::addRow("truncated") << u"truncated"_s << u"is not a Triage Console store"_s;
        QTest::addRow("newer schema") << u"newer"_s << u"was written by a newer Triage Console"_s;
    }

    void badFiles()
    {
        QFETCH(QString, kind);
        QFETCH(QString, message);
        const QString file = path(u"bad-%1.sqlite"_s.arg(kind));
        if (kind == u"text"_s) {
            writeAll(file, "issue,title\n1,hello\n");
        } else if (kind == u"foreign"_s) {
            {
                QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"foreign"_s);
                db.setDatabaseName(file);
                QVERIFY(db.open());
                QSqlQuery query(db);
                QVERIFY(query.exec(u"CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url TEXT)"_s));
                db.close();
            }
            QSqlDatabase::removeDatabase(u"foreign"_s);
        } else {
            fillStore(file);
            QByteArray data = readAll(file);
            QVERIFY(data.size() > 16384);
            if (kind == u"damaged"_s) {
                for (qsizetype i = 100; i < data.size(); i += 7)
                    data[i] = char(0xA5 ^ (i & 0xff));
            } else if (kind == u"truncated"_s) {
                data.truncate(data.size() / 3);
                data[100] = char(0x7f); // and its header no longer agrees with its size
                for (qsizetype i = 1024; i < data.size(); i += 5)
                    data[i] = 0;
            } else if (kind == u"newer"_s) {
                data[60] = 0; // user_version, big-endian at offset 60
                data[61] = 0;
                data[62] = 0;
                data[63] = char(IssueStore::SchemaVersion + 5);
            }
            writeAll(file, data);
        }
        const QByteArray before = readAll(file);
        const auto store = IssueStore::open(file);
        QVERIFY(!store.ok());
        QVERIFY2(store.error().contains(message), qPrintable(store.error()));
        QCOMPARE(readAll(file), before); // nothing written to a file that is not ours

        const auto rebuilt = IssueStore::rebuild(file);
        QVERIFY2(rebuilt.ok(), qPrintable(rebuilt.error()));
        QCOMPARE(rebuilt.value()->issueCount(Repo), 0);
        const QStringList aside = QDir(m_dir.path()).entryList({u"bad-%1.sqlite.broken-*"_s.arg(kind)});
        QCOMPARE(aside.size(), 1);
        QCOMPARE(readAll(m_dir.filePath(aside.constFirst())), before); // kept, not deleted
    }

    void directoryIsAnError()
    {
        QVERIFY(QDir(m_dir.path()).mkpath(u"adir"_s));
        const auto store = IssueStore::open(path(u"adir"_s));
        QVERIFY(!store.ok());
        QVERIFY(store.error().contains(u"directory"_s));
    }

    void migratesFromVersionOne()
    {
        const QString file = path(u"v1.sqlite"_s);
        fillStore(file, 3);
        {
            // Turn it back into a version-1 store: no tables for later work yet.
            QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"downgrade"_s);
            db.setDatabaseName(file);
            QVERIFY(db.open());
            QSqlQuery query(db);
            for (const QString &table : {u"journal"_s, u"outbox"_s, u"decisions"_s, u"audit_log"_s, u"repro_runs"_s})
                QVERIFY(query.exec(u"DROP TABLE "_s + table));
            QVERIFY(query.exec(u"ALTER TABLE sync_state DROP COLUMN pass_started"_s));
            for (const QString &column :
                 {u"reaction_count"_s, u"thumbs_up_count"_s, u"duplicate_count"_s, u"assignees"_s}) // schema 6
                QVERIFY(query.exec(u"ALTER TABLE issues DROP COLUMN "_s + column));
            QVERIFY(query.exec(u"PRAGMA user_version=1"_s));
            db.close();
        }
        QSqlDatabase::removeDatabase(u"downgrade"_s);

        auto store = IssueStore::open(file);
        QVERIFY2(store.ok(), qPrintable(store.error()));
        QCOMPARE(store.value()->schemaVersion(), IssueStore::SchemaVersion);
        QCOMPARE(store.value()->issueCount(Repo), 3);
        QCOMPARE(store.value()->loadQueue(queue()).value().constFirst().comments.size(), 5);
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"check"_s);
        {
            db.setDatabaseName(file);
            QVERIFY(db.open());
            QSqlQuery query(db);
            QVERIFY(query.exec(u"SELECT count(*) FROM outbox"_s));
            QVERIFY(query.exec(u"SELECT count(*) FROM audit_log"_s));
            QVERIFY(query.exec(u"SELECT pass_started FROM sync_state"_s));
            db.close();
        }
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(u"check"_s);
    }
};

QTEST_GUILESS_MAIN(tst_IssueStore)
#include "tst_issuestore.moc"
