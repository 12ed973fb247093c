// SPDX-License-Identifier: MIT
#include "engine/scrub/scrubduplicatecheck.h"
#include "engine/similar/similarityindex.h"
#include "engine/store/issuestore.h"

#include "tests/support/testdata.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

const QString Repo = u"pytorch/pytorch"_s;

// The similar-issues corpus: three pairs of reports of one bug in other words (101/102, 105/106, 107/108), a
// state_dict pair (103/104) and two documentation issues.
QList<Issue> corpus()
{
    QList<Issue> issues = TestData::issues(u"similar/corpus.json"_s);
    qint64 id = 1;
    for (Issue &issue : issues) {
        for (Comment &comment : issue.comments)
            comment.id = id++;
    }
    return issues;
}

Issue numbered(int number)
{
    for (const Issue &issue : corpus()) {
        if (issue.number == number)
            return issue;
    }
    return {};
}

// A new report: another issue's words, a new number and URL.
Issue copyOf(int number, int newNumber, const QString &extra = {})
{
    Issue issue = numbered(number);
    issue.number = newNumber;
    issue.url = u"https://github.com/%1/issues/%2"_s.arg(Repo).arg(newNumber);
    issue.state = IssueState::Open;
    issue.comments.clear();
    issue.body += extra;
    return issue;
}

void writeStore(const QString &path, const QList<Issue> &issues, bool index)
{
    {
        auto store = IssueStore::open(path);
        QVERIFY2(store.ok(), qPrintable(store.error()));
        QueueSpec spec;
        spec.setRepository(Repo);
        spec.state = QueueState::All;
        SyncState state;
        state.queueId = store.value()->ensureQueue(spec).value();
        const Result<int> written = store.value()->writePage(Repo, issues, state);
        QVERIFY2(written.ok(), qPrintable(written.error()));
    }
    if (index) {
        auto opened = SimilarityIndex::open(path);
        QVERIFY2(opened.ok(), qPrintable(opened.error()));
        QVERIFY(opened.value()->catchUp().ok());
    }
}

} // namespace

// The scrub's duplicate check with #30's similarity index: a strong match stops the run with its evidence; no
// index says nothing new.
class tst_ScrubDuplicateCheck final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void strongest_data()
    {
        QTest::addColumn<Issue>("issue");
        QTest::addColumn<QList<Issue>>("candidates");
        QTest::addColumn<int>("duplicateOf"); // 0: no finding
        QTest::addColumn<QStringList>("evidenceHas");

        const Issue hang = copyOf(101, 900);
        QTest::addRow("the same report, closed")
            << hang << QList<Issue>{numbered(102), numbered(109)} << 102
            << QStringList{u"likely duplicate of #102 (closed)"_s, u"similarity 0."_s, u"same error signature"_s};
        QTest::addRow("an open one says open") << copyOf(108, 901) << QList<Issue>{numbered(108)} << 108
                                               << QStringList{u"#108 (open)"_s, u"similarity 1.00"_s};
        QTest::addRow("the same bug in other words, no error: not enough")
            << copyOf(107, 904) << QList<Issue>{numbered(108)} << 0 << QStringList();
        QTest::addRow("the same error in other words")
            << copyOf(105, 902) << QList<Issue>{numbered(106), numbered(110)} << 106
            << QStringList{u"same error signature `torch._dynamo.exc.Unsupported: generator expressions"_s,
                           u"titled ‘Dynamo error compiling"_s};
        QTest::addRow("nothing close: no finding")
            << copyOf(109, 903) << QList<Issue>{numbered(101), numbered(105)} << 0 << QStringList();
        Issue itsCopy = numbered(102);
        itsCopy.comments << Comment{u"maintainer"_s, u"MEMBER"_s, u"Duplicate of #900"_s, {}, 1};
        QTest::addRow("its own copy is not its original") << hang << QList<Issue>{itsCopy} << 0 << QStringList();
        QTest::addRow("itself is not a duplicate")
            << numbered(102) << QList<Issue>{numbered(102)} << 0 << QStringList();
        QTest::addRow("the closer of two")
            << hang << QList<Issue>{numbered(103), numbered(102), numbered(101)} << 101 << QStringList{u"#101"_s};
    }

    void strongest()
    {
        QFETCH(Issue, issue);
        QFETCH(QList<Issue>, candidates);
        QFETCH(int, duplicateOf);
        QFETCH(QStringList, evidenceHas);
        const std::optional<ScrubStop> stop = ScrubDuplicateCheck::strongest(issue, candidates);
        QStringList scores;
        for (const Issue &candidate : candidates)
            scores
                << u"#%1 %2"_s.arg(candidate.number).arg(ScrubDuplicateCheck::similarity(issue, candidate), 0, 'f', 2);
        QVERIFY2(stop.has_value() == (duplicateOf != 0), qPrintable(scores.join(u", "_s)));
        if (!stop)
            return;
        QCOMPARE(stop->kind, ScrubStop::Kind::Duplicate);
        QCOMPARE(stop->duplicateOf, duplicateOf);
        QCOMPARE(stop->where, u"the similarity index"_s);
        QVERIFY(stop->similarity >= ScrubDuplicateCheck::LikelyWithSignature && stop->similarity <= 1.0);
        QCOMPARE(stop->title(), u"Likely a duplicate of #%1"_s.arg(duplicateOf));
        for (const QString &text : evidenceHas)
            QVERIFY2(stop->evidence.contains(text), qPrintable(stop->evidence));
    }

    void similarityIsSymmetricAndBounded()
    {
        const QList<Issue> issues = corpus();
        for (const Issue &a : issues) {
            QCOMPARE(ScrubDuplicateCheck::similarity(a, a) > 0.999, true);
            for (const Issue &b : issues) {
                const double ab = ScrubDuplicateCheck::similarity(a, b);
                QVERIFY(ab >= 0 && ab <= 1.0 + 1e-9);
                QVERIFY(qAbs(ab - ScrubDuplicateCheck::similarity(b, a)) < 1e-9);
            }
        }
    }

    // Through a real store file: the index finds the candidates, the check weighs them.
    void lookUp_data()
    {
        QTest::addColumn<QString>("store"); // "none", "unindexed", "indexed"
        QTest::addColumn<Issue>("issue");
        QTest::addColumn<int>("duplicateOf");

        QTest::addRow("no store file: nothing, no error") << u"none"_s << copyOf(105, 950) << 0;
        QTest::addRow("an index never built: nothing") << u"unindexed"_s << copyOf(105, 951) << 0;
        QTest::addRow("indexed: the same report again") << u"indexed"_s << copyOf(105, 952) << 105;
        QTest::addRow("indexed: a stored issue is not its own duplicate") << u"indexed"_s << numbered(109) << 0;
        Issue elsewhere = copyOf(105, 953);
        elsewhere.url = u"https://github.com/pytorch/vision/issues/953"_s;
        QTest::addRow("indexed: another repository's index is not asked") << u"indexed"_s << elsewhere << 0;
    }

    void lookUp()
    {
        QFETCH(QString, store);
        QFETCH(Issue, issue);
        QFETCH(int, duplicateOf);
        QTemporaryDir dir;
        const QString path = dir.filePath(u"store.sqlite"_s);
        if (store != u"none"_s)
            writeStore(path, corpus(), store == u"indexed"_s);
        const Result<std::optional<ScrubStop>> found = ScrubDuplicateCheck::lookUp(path, issue);
        QVERIFY2(found.ok(), qPrintable(found.error()));
        QCOMPARE(found->has_value(), duplicateOf != 0);
        if (duplicateOf != 0)
            QCOMPARE((*found)->duplicateOf, duplicateOf);
    }

    // The index's finding joins the gate after a resolution and before the rest; the text's own duplicate wins.
    void addTo_data()
    {
        QTest::addColumn<QList<int>>("kinds"); // the gate's stops before
        QTest::addColumn<int>("at");           // where the index's finding lands; -1: not added

        using K = ScrubStop::Kind;
        QTest::addRow("alone") << QList<int>{} << 0;
        QTest::addRow("before a tracker") << QList<int>{int(K::Tracker)} << 0;
        QTest::addRow("after a resolution") << QList<int>{int(K::Resolved), int(K::Stale)} << 1;
        QTest::addRow("the text named a duplicate already") << QList<int>{int(K::Duplicate), int(K::Tracker)} << -1;
    }

    void addTo()
    {
        QFETCH(QList<int>, kinds);
        QFETCH(int, at);
        ScrubGate gate;
        for (const int kind : kinds) {
            ScrubStop stop;
            stop.kind = ScrubStop::Kind(kind);
            gate.stops << stop;
        }
        ScrubStop found;
        found.kind = ScrubStop::Kind::Duplicate;
        found.duplicateOf = 42;
        found.similarity = 0.9;
        ScrubDuplicateCheck::addTo(gate, found);
        ScrubDuplicateCheck::addTo(gate, std::nullopt); // nothing found: nothing changes
        QCOMPARE(gate.stops.size(), kinds.size() + (at >= 0 ? 1 : 0));
        if (at >= 0) {
            QCOMPARE(gate.stops.at(at).duplicateOf, 42);
            QVERIFY(gate.toJson().value(u"stops"_s).toArray().at(at).toObject().contains(u"similarity"_s));
        }
        QVERIFY(gate.stopsTheRun());
    }
};

QTEST_GUILESS_MAIN(tst_ScrubDuplicateCheck)
#include "tst_scrubduplicatecheck.moc"
