// SPDX-License-Identifier: MIT
#include "engine/core/issuejsonreader.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

class tst_IssueJsonReader final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsGhShape();
    void readsRestShape();
    void readsEveryDocumentForm_data();
    void readsEveryDocumentForm();
    void reportsBadLines();
    void rejectsBadFiles_data();
    void rejectsBadFiles();
    void skipsPullRequests();
    void readsReach_data();
    void readsReach();
};

static const QByteArray GhIssue = R"({
  "number": 4242, "title": "FSDP hangs", "body": "```python\nimport torch\n```", "state": "OPEN",
  "url": "https://github.com/pytorch/pytorch/issues/4242",
  "author": {"login": "alice", "is_bot": false},
  "labels": [{"id": "LA_1", "name": "oncall: distributed", "color": "f7e101"}, {"name": "module: fsdp"}],
  "comments": [{"author": {"login": "bob"}, "authorAssociation": "MEMBER", "body": "Can you share versions?",
                "createdAt": "2026-03-02T10:00:00Z"}],
  "createdAt": "2026-03-01T09:00:00Z", "updatedAt": "2026-03-02T10:00:00Z"
})";

void tst_IssueJsonReader::readsGhShape()
{
    const IssueBatch batch = IssueJsonReader::readDocument(GhIssue);
    QVERIFY(batch.errors.isEmpty());
    QCOMPARE(batch.issues.size(), 1);
    const Issue &issue = batch.issues.first();
    QCOMPARE(issue.number, 4242);
    QCOMPARE(issue.title, u"FSDP hangs"_s);
    QCOMPARE(issue.author, u"alice"_s);
    QCOMPARE(issue.labels, (QStringList{u"oncall: distributed"_s, u"module: fsdp"_s}));
    QCOMPARE(issue.comments.size(), 1);
    QCOMPARE(issue.comments.first().author, u"bob"_s);
    QCOMPARE(issue.comments.first().authorAssociation, u"MEMBER"_s);
    QCOMPARE(issue.comments.first().createdAt, QDateTime(QDate(2026, 3, 2), QTime(10, 0), QTimeZone::UTC));
    QCOMPARE(issue.url, u"https://github.com/pytorch/pytorch/issues/4242"_s);
    QVERIFY(issue.isOpen());
}

void tst_IssueJsonReader::readsRestShape()
{
    const QByteArray rest = R"({"number": 7, "title": "t", "body": null, "state": "open",
        "url": "https://api.github.com/repos/o/r/issues/7", "html_url": "https://github.com/o/r/issues/7",
        "user": {"login": "carol"}, "author_association": "contributor", "labels": [{"name": "bug"}],
        "comments": 3, "created_at": "2026-01-01T00:00:00Z", "updated_at": "2026-01-02T00:00:00Z"})";
    const IssueBatch batch = IssueJsonReader::readDocument(rest);
    QCOMPARE(batch.issues.size(), 1);
    const Issue &issue = batch.issues.first();
    QCOMPARE(issue.author, u"carol"_s);
    QCOMPARE(issue.authorAssociation, u"CONTRIBUTOR"_s);
    QCOMPARE(issue.state, IssueState::Open);
    QCOMPARE(issue.url, u"https://github.com/o/r/issues/7"_s);
    QVERIFY(issue.body.isEmpty());
    QVERIFY(issue.comments.isEmpty());
    QCOMPARE(issue.updatedAt.date(), QDate(2026, 1, 2));
}

void tst_IssueJsonReader::readsEveryDocumentForm_data()
{
    QTest::addColumn<QByteArray>("document");
    QTest::addColumn<int>("issues");
    QTest::addRow("array") << QByteArray("[" + GhIssue + "," + GhIssue + "]") << 2;
    QTest::addRow("one object") << GhIssue << 1;
    QTest::addRow("json lines") << QByteArray(R"({"number":1,"title":"a"})"
                                              "\n"
                                              R"({"number":2,"title":"b"})"
                                              "\n")
                                << 2;
    QTest::addRow("json lines with blank lines")
        << QByteArray("\n{\"number\":1,\"title\":\"a\"}\n\n{\"number\":3,\"title\":\"c\"}") << 2;
    QTest::addRow("empty array") << QByteArray("[]") << 0;
}

void tst_IssueJsonReader::readsEveryDocumentForm()
{
    QFETCH(QByteArray, document);
    QFETCH(int, issues);
    const IssueBatch batch = IssueJsonReader::readDocument(document);
    QVERIFY2(batch.errors.isEmpty(), qPrintable(batch.errors.value(0).message));
    QCOMPARE(batch.issues.size(), issues);
}

void tst_IssueJsonReader::reportsBadLines()
{
    const QByteArray lines = "{\"number\":1,\"title\":\"a\"}\n{\"number\":2,\"title\":\n{\"title\":\"no number\"}\n"
                             "{\"number\":4,\"title\":\"d\"}\n";
    const IssueBatch batch = IssueJsonReader::readDocument(lines);
    QCOMPARE(batch.issues.size(), 2);
    QCOMPARE(batch.errors.size(), 2);
    QCOMPARE(batch.errors.at(0).line, 2);
    QCOMPARE(batch.errors.at(1).line, 3);
    QVERIFY(batch.errors.at(1).message.contains(u"number"_s));
}

void tst_IssueJsonReader::rejectsBadFiles_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<bool>("create");
    QTest::addColumn<QString>("expected");
    QTest::addRow("missing") << QByteArray() << false << u"no such file"_s;
    QTest::addRow("empty") << QByteArray() << true << u"empty"_s;
    QTest::addRow("truncated") << GhIssue.left(GhIssue.size() / 2) << true << u"not valid JSON"_s;
    QTest::addRow("not json") << QByteArray("number,title\n1,hello\n") << true << u"not valid JSON"_s;
    QTest::addRow("no issues") << QByteArray("[]") << true << u"holds no issues"_s;
    QTest::addRow("wrong shape") << QByteArray("[1, 2]") << true << u"not a JSON object"_s;
}

void tst_IssueJsonReader::rejectsBadFiles()
{
    QFETCH(QByteArray, content);
    QFETCH(bool, create);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const QString path = dir.filePath(u"queue.json"_s);
    if (create) {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(content);
    }
    const Result<QList<Issue>> result = IssueJsonReader::readFile(path);
    QVERIFY(!result.ok());
    QVERIFY2(result.error().contains(expected), qPrintable(result.error()));
    QVERIFY2(result.error().startsWith(path), "the error names the file");
}

void tst_IssueJsonReader::skipsPullRequests()
{
    const IssueBatch batch = IssueJsonReader::readDocument(
        R"([{"number":1,"title":"a"},{"number":2,"title":"pr","pull_request":{"url":"x"}}])");
    QCOMPARE(batch.issues.size(), 1);
    QCOMPARE(batch.errors.size(), 1);
    QVERIFY(batch.errors.first().message.contains(u"pull request"_s));
}

// How many people an issue touches, in the three shapes: gh's reactionGroups, REST's reactions, our GraphQL query.
void tst_IssueJsonReader::readsReach_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<int>("reactions");
    QTest::addColumn<int>("thumbsUp");
    QTest::addColumn<int>("duplicates");
    QTest::addRow("gh reactionGroups")
        << QByteArray(
               R"({"number": 1, "title": "a", "reactionGroups": [{"content": "THUMBS_UP", "users": {"totalCount": 12}},
            {"content": "EYES", "users": {"totalCount": 3}}]})")
        << 15 << 12 << 0;
    QTest::addRow("REST reactions") << QByteArray(
                                           R"({"number": 1, "title": "a", "reactions": {"total_count": 9, "+1": 7,
        "-1": 0, "heart": 2}})") << 9
                                    << 7 << 0;
    QTest::addRow("GraphQL: totals and duplicates")
        << QByteArray(R"({"number": 1, "title": "a", "reactions": {"totalCount": 20}, "thumbsUp": {"totalCount": 18},
            "duplicates": {"totalCount": 4}})")
        << 20 << 18 << 4;
    QTest::addRow("none said") << QByteArray(R"({"number": 1, "title": "a"})") << 0 << 0 << 0;
}

void tst_IssueJsonReader::readsReach()
{
    QFETCH(QByteArray, json);
    QFETCH(int, reactions);
    QFETCH(int, thumbsUp);
    QFETCH(int, duplicates);
    const IssueBatch batch = IssueJsonReader::readDocument(json);
    QVERIFY2(batch.errors.isEmpty(), qPrintable(batch.errors.value(0).message));
    QCOMPARE(batch.issues.size(), 1);
    QCOMPARE(batch.issues.first().reactionCount, reactions);
    QCOMPARE(batch.issues.first().thumbsUpCount, thumbsUp);
    QCOMPARE(batch.issues.first().duplicateCount, duplicates);
}

QTEST_APPLESS_MAIN(tst_IssueJsonReader)
#include "tst_issuejsonreader.moc"
