// SPDX-License-Identifier: MIT
#include "tests/support/testdata.h"

#include "engine/core/issuejsonreader.h"
#include "engine/store/issuestore.h"

#include <QDateTime>
#include <QFile>
#include <QTimeZone>

using namespace Qt::StringLiterals;
#include <QTest>

QString TestData::path(const QString &name)
{
    const QString root = qEnvironmentVariable("TRIAGE_TEST_DATA", QStringLiteral(TRIAGE_TEST_DATA_DIR));
    return root + u'/' + name;
}

QByteArray TestData::read(const QString &name)
{
    QFile file(path(name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("test fixture %s cannot be read", qPrintable(file.fileName()));
    return file.readAll();
}

QList<Issue> TestData::issues(const QString &name)
{
    Result<QList<Issue>> issues = IssueJsonReader::readFile(path(name));
    if (!issues)
        qFatal("%s", qPrintable(issues.error()));
    return std::move(issues).value();
}

QList<Issue> TestData::similarCorpus()
{
    QList<Issue> issues = TestData::issues(QStringLiteral("similar/corpus.json"));
    qint64 id = 1;
    for (Issue &issue : issues) {
        for (Comment &comment : issue.comments)
            comment.id = id++;
    }
    return issues;
}

Result<int> TestData::writeSynced(const QString &path, const QString &repository, const QList<Issue> &issues)
{
    auto store = IssueStore::open(path);
    if (!store)
        return Error{store.error()};
    QueueSpec spec;
    spec.setRepository(repository);
    spec.state = QueueState::All;
    const Result<qint64> queue = store.value()->ensureQueue(spec);
    if (!queue)
        return Error{queue.error()};
    SyncState state;
    state.queueId = queue.value();
    return store.value()->writePage(repository, issues, state);
}

Issue TestData::reproIssue(int number, const QString &body, const QString &association)
{
    Issue issue;
    issue.number = number;
    issue.title = u"repro test #%1"_s.arg(number);
    issue.body = body;
    issue.author = u"reporter"_s;
    issue.authorAssociation = association;
    issue.state = IssueState::Open;
    issue.url = u"https://github.com/pytorch/pytorch/issues/%1"_s.arg(number);
    issue.createdAt = QDateTime(QDate(2026, 11, 1), QTime(9, 0), QTimeZone::UTC);
    issue.updatedAt = issue.createdAt;
    return issue;
}

Issue TestData::reductionIssue(int number, const QStringList &labels)
{
    Issue issue = reproIssue(number, u"see the repro"_s, u"MEMBER"_s);
    issue.title = u"reduction test #%1"_s.arg(number);
    issue.labels = labels;
    return issue;
}

QString TestData::pythonFence(const QString &code)
{
    return u"```python\n"_s + code + u"\n```\n"_s;
}

QString TestData::reproScript(const QString &name)
{
    return QString::fromUtf8(read(u"repro/"_s + name));
}

QString TestData::distinctErrorBody()
{
    return u"The kernel rejects the weight:\n\n"_s + pythonFence(reproScript(u"distinct_error.py"_s)) +
           u"\n```\nTraceback (most recent call last):\n  File \"repro.py\", line 7, in <module>\n"
           u"RuntimeError: frobnicate kernel expected 4 columns but weight has 5 rows (repro-7731)\n```\n"_s;
}
