// SPDX-License-Identifier: MIT
#include "engine/github/githubclient.h"
#include "engine/labels/labelsyncjob.h"
#include "engine/labels/repositorylabelstore.h"
#include "tests/support/githubtestserver.h"
#include "tests/support/syncfixture.h"

#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <functional>
#include <optional>

using namespace Qt::StringLiterals;
using Fault = GitHubTestServer::Fault;

Q_DECLARE_METATYPE(GitHubTestServer::Fault)
Q_DECLARE_METATYPE(ErrorKind)

// The repository's labels over real HTTP from the GitHub-shaped server into a real store file.
class tst_LabelSyncJob final : public QObject
{
    Q_OBJECT

private:
    SyncFixture<RepositoryLabelStore> m_sync;

    Result<LabelSyncSummary> sync(int pageSize, const QString &repository = u"pytorch/pytorch"_s,
                                  const std::function<void(LabelSyncJob *)> &during = {})
    {
        auto *job = new LabelSyncJob(m_sync.client, m_sync.store.get(), repository, this);
        job->setPageSize(pageSize);
        std::optional<Result<LabelSyncSummary>> result;
        int emissions = 0;
        connect(job, &LabelSyncJob::finished, this, [&](const Result<LabelSyncSummary> &r) {
            result.emplace(r);
            ++emissions;
        });
        QSignalSpy destroyed(job, &QObject::destroyed);
        job->start();
        if (during)
            during(job);
        if (!destroyed.wait(30000))
            return Error{u"the label sync did not end"_s};
        if (emissions != 1)
            return Error{u"finished() fired %1 times"_s.arg(emissions)};
        return *result;
    }

    // The store holds exactly the server's labels: names, colours and descriptions, each once.
    void verifyStoreMatchesServer()
    {
        const Result<QList<RepositoryLabel>> stored = m_sync.store->labels(u"pytorch/pytorch"_s);
        QVERIFY2(stored.ok(), qPrintable(stored.error()));
        QCOMPARE(stored->size(), m_sync.server->labels().size());
        QHash<QString, RepositoryLabel> byName;
        for (const RepositoryLabel &label : *stored) {
            QVERIFY2(!byName.contains(label.name), qPrintable(label.name));
            byName.insert(label.name, label);
        }
        for (const TestLabel &label : m_sync.server->labels()) {
            QVERIFY2(byName.contains(label.name), qPrintable(u"missing: "_s + label.name));
            QCOMPARE(byName.value(label.name).color, label.color);
            QCOMPARE(byName.value(label.name).description, label.description);
        }
        // Sorted for the picker.
        for (qsizetype i = 1; i < stored->size(); ++i)
            QVERIFY(stored->at(i - 1).name.compare(stored->at(i).name, Qt::CaseInsensitive) <= 0);
    }

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void init() { m_sync.start(this); }
    void cleanup() { m_sync.stop(); }

    void syncAndResync_data()
    {
        QTest::addColumn<int>("labels");
        QTest::addColumn<int>("pageSize");
        QTest::addColumn<int>("pages");
        QTest::addRow("one page") << 40 << 100 << 1;
        QTest::addRow("pytorch-sized, 100 a page") << 1234 << 100 << 13;
        QTest::addRow("pages exactly full") << 60 << 20 << 3;
        QTest::addRow("no labels") << 0 << 100 << 1;
    }

    void syncAndResync()
    {
        QFETCH(int, labels);
        QFETCH(int, pageSize);
        QFETCH(int, pages);
        GitHubTestServer::Generation generation;
        generation.issues = 3;
        generation.repositoryLabels = labels;
        m_sync.server->generate(generation);
        QCOMPARE(m_sync.server->labels().size(), labels);

        const Result<LabelSyncSummary> first = sync(pageSize);
        QVERIFY2(first.ok(), qPrintable(first.error()));
        QCOMPARE(first->labels, labels);
        QCOMPARE(first->pages, pages);
        QCOMPARE(first->unchanged, 0);
        QCOMPARE(first->requests, m_sync.server->requestCount(u"/labels"_s));
        verifyStoreMatchesServer();
        QVERIFY(m_sync.store->syncedAt(u"pytorch/pytorch"_s).isValid());

        // Nothing changed: every page is a 304 (free on GitHub), and the labels stay.
        m_sync.server->resetCounts();
        const Result<LabelSyncSummary> again = sync(pageSize);
        QVERIFY2(again.ok(), qPrintable(again.error()));
        QVERIFY(again->notModified());
        const int fullLast = labels > 0 && labels % pageSize == 0 ? 1 : 0; // one more look after a full last page
        QCOMPARE(again->requests, pages + fullLast);
        QCOMPARE(again->labels, labels);
        verifyStoreMatchesServer();
    }

    void changesOnAnyPageArrive_data()
    {
        QTest::addColumn<QString>("change");
        QTest::addRow("colour on the first page") << u"recolour first"_s;
        QTest::addRow("description on a middle page") << u"describe middle"_s;
        QTest::addRow("deleted from the first page") << u"delete first"_s;
        QTest::addRow("added after a full last page") << u"add"_s;
        QTest::addRow("renamed") << u"rename"_s;
    }

    void changesOnAnyPageArrive()
    {
        QFETCH(QString, change);
        GitHubTestServer::Generation generation;
        generation.issues = 3;
        generation.repositoryLabels = 90; // three full pages of 30
        m_sync.server->generate(generation);
        QVERIFY(sync(30).ok());

        QList<TestLabel> &labels = m_sync.server->labels();
        if (change == u"recolour first"_s)
            labels[0].color = u"0e8a16"_s;
        else if (change == u"describe middle"_s)
            labels[45].description = u"Now described"_s;
        else if (change == u"delete first"_s)
            labels.removeAt(3);
        else if (change == u"add"_s)
            labels.append({u"module: brand new"_s, u"fbca04"_s, u"Added after the first sync"_s});
        else if (change == u"rename"_s)
            labels[70].name = u"module: renamed"_s;

        const Result<LabelSyncSummary> again = sync(30);
        QVERIFY2(again.ok(), qPrintable(again.error()));
        QVERIFY(!again->notModified());
        verifyStoreMatchesServer();
    }

    void failureKeepsTheStoredLabels_data()
    {
        QTest::addColumn<Fault>("fault");
        QTest::addColumn<int>("skip");
        QTest::addColumn<QString>("says");
        QTest::addColumn<ErrorKind>("kind");
        QTest::addRow("server errors on page 2") << Fault::InternalError << 1 << u"500"_s << ErrorKind::Transient;
        QTest::addRow("half a document") << Fault::MalformedJson << 0 << u"labels"_s << ErrorKind::Failed;
        QTest::addRow("not found") << Fault::NotFound << 0 << u"404"_s << ErrorKind::Refused;
    }

    void failureKeepsTheStoredLabels()
    {
        QFETCH(Fault, fault);
        QFETCH(int, skip);
        QFETCH(QString, says);
        QFETCH(ErrorKind, kind);
        GitHubTestServer::Generation generation;
        generation.issues = 3;
        generation.repositoryLabels = 70;
        m_sync.server->generate(generation);
        QVERIFY(sync(30).ok());
        const QList<RepositoryLabel> before = m_sync.store->labels(u"pytorch/pytorch"_s).value();
        QCOMPARE(before.size(), 70);

        m_sync.server->labels().removeFirst(); // every page changes: nothing is answered from the cache
        m_sync.server->addFault({fault, u"/labels"_s, skip, -1});
        const Result<LabelSyncSummary> failed = sync(30);
        QVERIFY(!failed.ok());
        QVERIFY2(failed.error().contains(says, Qt::CaseInsensitive), qPrintable(failed.error()));
        QVERIFY2(failed.error().contains(u"pytorch/pytorch"_s), qPrintable(failed.error()));
        QCOMPARE(failed.errorKind(), kind);
        QCOMPARE(m_sync.store->labels(u"pytorch/pytorch"_s).value(), before);

        m_sync.server->clearFaults();
        QVERIFY(sync(30).ok());
        verifyStoreMatchesServer();
    }

    void cancelKeepsTheStoredLabels()
    {
        GitHubTestServer::Generation generation;
        generation.issues = 3;
        generation.repositoryLabels = 70;
        m_sync.server->generate(generation);
        QVERIFY(sync(30).ok());
        m_sync.server->labels().removeFirst();
        m_sync.server->addFault({Fault::Slow, u"/labels"_s, 0, -1, 1, 2000});
        const Result<LabelSyncSummary> cancelled = sync(
            30, u"pytorch/pytorch"_s, [](LabelSyncJob *job) { QTimer::singleShot(50, job, &LabelSyncJob::cancel); });
        QVERIFY(!cancelled.ok());
        QVERIFY2(cancelled.error().contains(u"cancelled"_s), qPrintable(cancelled.error()));
        QCOMPARE(cancelled.errorKind(), ErrorKind::Cancelled);
        QCOMPARE(m_sync.store->labels(u"pytorch/pytorch"_s)->size(), 70);
    }

    void notARepository()
    {
        const Result<LabelSyncSummary> result = sync(100, u"pytorch"_s);
        QVERIFY(!result.ok());
        QVERIFY2(result.error().contains(u"owner/name"_s), qPrintable(result.error()));
        QCOMPARE(m_sync.server->requestCount(), 0);
    }

    void storeSurvivesReopening()
    {
        GitHubTestServer::Generation generation;
        generation.issues = 3;
        generation.repositoryLabels = 25;
        m_sync.server->generate(generation);
        QVERIFY(sync(10).ok());
        m_sync.store.reset();
        auto reopened = RepositoryLabelStore::open(m_sync.dir->filePath(u"store.sqlite"_s));
        QVERIFY2(reopened.ok(), qPrintable(reopened.error()));
        m_sync.store = std::move(reopened).value();
        verifyStoreMatchesServer();
        // Another repository's labels are its own.
        QVERIFY(m_sync.store->labels(u"pytorch/vision"_s)->isEmpty());
        // The pages and their ETags are back too: a re-sync costs only conditional requests.
        m_sync.server->resetCounts();
        const Result<LabelSyncSummary> again = sync(10);
        QVERIFY2(again.ok(), qPrintable(again.error()));
        QVERIFY(again->notModified());
    }
};

QTEST_GUILESS_MAIN(tst_LabelSyncJob)
#include "tst_labelsyncjob.moc"
