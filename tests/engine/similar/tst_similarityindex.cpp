// SPDX-License-Identifier: MIT
#include "engine/similar/similarityindex.h"
#include "engine/store/issuestore.h"
#include "engine/sync/syncpagewriter.h"

#include "tests/support/testdata.h"

#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

const QString Repo = u"pytorch/pytorch"_s;

// The corpus written to a store the way a sync writes it.
void writeStore(const QString &path, const QList<Issue> &issues)
{
    const Result<int> written = TestData::writeSynced(path, Repo, issues);
    QVERIFY2(written.ok(), qPrintable(written.error()));
}

QList<int> numbersOf(const QList<SimilarityMatch> &matches)
{
    QList<int> numbers;
    for (const SimilarityMatch &match : matches)
        numbers.append(match.number);
    return numbers;
}

} // namespace

class tst_SimilarityIndex : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        QVERIFY(m_dir.isValid());
        m_path = m_dir.filePath(u"store-%1.sqlite"_s.arg(++m_counter));
    }

    void fts5IsCompiledIn()
    {
        auto index = SimilarityIndex::open(m_path);
        QVERIFY2(index.ok(), qPrintable(index.error()));
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"probe"_s);
        db.setDatabaseName(m_path);
        QVERIFY(db.open());
        {
            QSqlQuery query(db);
            QVERIFY(query.exec(u"SELECT count(*) FROM pragma_compile_options WHERE compile_options = 'ENABLE_FTS5'"_s));
            QVERIFY(query.next());
            QCOMPARE(query.value(0).toInt(), 1);
            QVERIFY(query.exec(u"SELECT type FROM sqlite_master WHERE name = 'similarity_fts'"_s));
            QVERIFY(query.next());
            QCOMPARE(query.value(0).toString(), u"table"_s);
        }
        db.close();
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(u"probe"_s);
    }

    void similarFindsTheSameBug_data()
    {
        QTest::addColumn<int>("number");
        QTest::addColumn<int>("expected");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("word");
        // Pairs with few title words in common: the traceback and the identifiers carry them.
        QTest::addRow("ddp hang, by its signature") << 101 << 102 << u"signature"_s << u"distbackenderror"_s;
        QTest::addRow("fsdp keys, by its frames") << 103 << 104 << u"frames"_s << u"_full_post_state_dict_hook"_s;
        QTest::addRow("dynamo generator") << 106 << 105 << u"signature"_s << u"generator"_s;
        QTest::addRow("inductor pool, by title words") << 107 << 108 << u"title"_s << u"max_pool2d"_s;
        QTest::addRow("docs") << 110 << 109 << u"title"_s << u"docs"_s;
    }
    void similarFindsTheSameBug()
    {
        QFETCH(int, number);
        QFETCH(int, expected);
        QFETCH(QString, field);
        QFETCH(QString, word);
        writeStore(m_path, TestData::similarCorpus());
        auto index = SimilarityIndex::open(m_path);
        QVERIFY2(index.ok(), qPrintable(index.error()));
        QCOMPARE(index.value()->catchUp().value(), 10);
        const auto matches = index.value()->similar(Repo, number, 3);
        QVERIFY2(matches.ok(), qPrintable(matches.error()));
        QVERIFY(!matches->isEmpty());
        QVERIFY(!numbersOf(matches.value()).contains(number));
        QCOMPARE(matches->constFirst().number, expected);
        const SimilarityMatch &best = matches->constFirst();
        if (field != u"title"_s || word != u"docs"_s)
            QVERIFY2(best.why.value(field).contains(word),
                     qPrintable(QStringList(best.why.keys()).join(u',') + u" / "_s + best.why.value(field).join(u',')));
        QVERIFY(best.score > 0);
        QVERIFY(!best.title.isEmpty());
        QVERIFY(!best.labels.isEmpty());
        for (qsizetype i = 1; i < matches->size(); ++i)
            QVERIFY(matches->at(i - 1).score >= matches->at(i).score);
    }

    void catchUpFollowsTheStore()
    {
        QList<Issue> issues = TestData::similarCorpus();
        writeStore(m_path, issues);
        auto index = SimilarityIndex::open(m_path);
        QVERIFY(index.ok());
        QCOMPARE(index.value()->catchUp().value(), 10);
        QCOMPARE(index.value()->catchUp().value(), 0); // nothing changed, nothing redone
        QCOMPARE(index.value()->documentCount(Repo), 10);

        // #109 is rewritten about something else: found by its new words, no longer by its old ones.
        Issue changed = issues.at(8);
        changed.title = u"Segmentation fault in torch.linalg.svd on large batches"_s;
        changed.body = u"svd crashes with SIGSEGV for batch 4096."_s;
        changed.updatedAt = changed.updatedAt.addDays(30);
        writeStore(m_path, {changed});
        QCOMPARE(index.value()->catchUp().value(), 1);
        SearchQuery query;
        query.text = u"svd"_s;
        QCOMPARE(numbersOf(index.value()->search(query).value()), QList<int>{109});
        query.text = u"tenosr"_s;
        QVERIFY(index.value()->search(query).value().isEmpty());

        // An issue gone from the store leaves the index.
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"remover"_s);
            db.setDatabaseName(m_path);
            QVERIFY(db.open());
            QSqlQuery(db).exec(u"PRAGMA foreign_keys=ON"_s);
            QVERIFY(QSqlQuery(db).exec(u"DELETE FROM issues WHERE number = 110"_s));
            db.close();
        }
        QSqlDatabase::removeDatabase(u"remover"_s);
        QCOMPARE(index.value()->catchUp().value(), 0);
        QCOMPARE(index.value()->documentCount(Repo), 9);
        query.text = u"broadcasts"_s;
        QVERIFY(index.value()->search(query).value().isEmpty());
    }

    void search_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("labels");
        QTest::addColumn<QueueState>("state");
        QTest::addColumn<QList<int>>("expected"); // as a set: order is the rank's
        QTest::addRow("a word") << u"inductor"_s << QStringList() << QueueState::All << QList<int>{107, 108};
        QTest::addRow("a phrase") << u"\"generator expressions are not supported\""_s << QStringList()
                                  << QueueState::All << QList<int>{105, 106};
        QTest::addRow("column filter") << u"title: checkpoint"_s << QStringList() << QueueState::All << QList<int>{104};
        QTest::addRow("prefix") << u"state_dic*"_s << QStringList() << QueueState::All << QList<int>{103, 104};
        QTest::addRow("state closed") << u"generator"_s << QStringList() << QueueState::Closed << QList<int>{106};
        QTest::addRow("label") << u"bias"_s << QStringList{u"module: fsdp"_s} << QueueState::Open
                               << QList<int>{103, 104};
        QTest::addRow("label excludes") << u"inductor"_s << QStringList{u"module: docs"_s} << QueueState::All
                                        << QList<int>{};
        QTest::addRow("NOT") << u"compile NOT generator"_s << QStringList() << QueueState::All << QList<int>{};
        QTest::addRow("a comment") << u"maintainer OR \"checkpoint problem\""_s << QStringList() << QueueState::All
                                   << QList<int>{103};
    }
    void search()
    {
        QFETCH(QString, text);
        QFETCH(QStringList, labels);
        QFETCH(QueueState, state);
        QFETCH(QList<int>, expected);
        writeStore(m_path, TestData::similarCorpus());
        auto index = SimilarityIndex::open(m_path);
        QVERIFY(index.ok());
        QVERIFY(index.value()->catchUp().ok());
        SearchQuery query{Repo, text, labels, state};
        const auto found = index.value()->search(query);
        QVERIFY2(found.ok(), qPrintable(found.error()));
        QList<int> numbers = numbersOf(found.value());
        std::sort(numbers.begin(), numbers.end());
        QCOMPARE(numbers, expected);
        for (const SimilarityMatch &match : found.value())
            QVERIFY2(!match.why.isEmpty() || text.contains(u"NOT"_s), qPrintable(text));
    }

    void badSearchIsAClearError()
    {
        writeStore(m_path, TestData::similarCorpus());
        auto index = SimilarityIndex::open(m_path);
        QVERIFY(index.ok());
        SearchQuery query;
        query.text = u"\"unbalanced"_s;
        const auto found = index.value()->search(query);
        QVERIFY(!found.ok());
        QVERIFY2(found.error().contains(u"\"unbalanced"_s), qPrintable(found.error()));
    }

    void pageWriterKeepsTheIndexCurrent()
    {
        const QList<Issue> issues = TestData::similarCorpus();
        {
            auto store = IssueStore::open(m_path);
            QVERIFY(store.ok());
            QueueSpec spec;
            spec.setRepository(Repo);
            spec.state = QueueState::All;
            SyncPageWriter writer(m_path);
            SyncPageWriter::Page page;
            page.repository = Repo;
            page.issues = issues.mid(0, 6);
            page.state.queueId = store.value()->ensureQueue(spec).value();
            QObject context;
            bool done = false;
            writer.write(page, &context, [&done](const Result<SyncPageWriter::Written> &written) {
                QVERIFY(written.ok());
                done = true;
            });
            QTRY_VERIFY(done);
        }
        auto index = SimilarityIndex::open(m_path);
        QVERIFY(index.ok());
        QCOMPARE(index.value()->documentCount(Repo), 6); // written with the page, no catch-up
        const auto matches = index.value()->similar(Repo, 103, 1);
        QVERIFY(matches.ok());
        QCOMPARE(numbersOf(matches.value()), QList<int>{104});
        QCOMPARE(index.value()->catchUp().value(), 0);
    }

    void bareIssueIsNotAnError()
    {
        auto index = SimilarityIndex::open(m_path);
        QVERIFY(index.ok());
        const auto none = index.value()->similar(Repo, 5, 5);
        QVERIFY(!none.ok());
        QVERIFY(none.error().contains(u"#5"_s));
        Issue empty;
        empty.number = 7;
        QVERIFY(index.value()->similarTo(Repo, empty, 5).value().isEmpty());
    }

private:
    QTemporaryDir m_dir;
    QString m_path;
    int m_counter = 0;
};

QTEST_GUILESS_MAIN(tst_SimilarityIndex)
#include "tst_similarityindex.moc"
