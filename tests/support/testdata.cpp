// SPDX-License-Identifier: MIT
#include "tests/support/testdata.h"

#include "engine/core/issuejsonreader.h"
#include "engine/store/issuestore.h"

#include <QFile>
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
    spec.state = QStringLiteral("all");
    const Result<qint64> queue = store.value()->ensureQueue(spec);
    if (!queue)
        return Error{queue.error()};
    SyncState state;
    state.queueId = queue.value();
    return store.value()->writePage(repository, issues, state);
}
