// SPDX-License-Identifier: MIT
#include "engine/sync/syncpagewriter.h"

#include "engine/similar/similarityindex.h"
#include "engine/store/issuestore.h"

#include <QMetaObject>

using namespace Qt::StringLiterals;

SyncPageWriter::SyncPageWriter(QString storePath, QObject *parent)
    : QObject(parent)
    , m_storePath(std::move(storePath))
    , m_worker(new QObject)
{
    m_thread.setObjectName(u"sync-page-writer"_s);
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    m_thread.start();
}

SyncPageWriter::~SyncPageWriter()
{
    // The connection must close on the thread that used it; the task runs after any write still queued.
    post([this] {
        m_similarity.reset();
        m_store.reset();
        QThread::currentThread()->quit();
    });
    m_thread.wait();
}

void SyncPageWriter::post(std::function<void()> task)
{
    QMetaObject::invokeMethod(m_worker, std::move(task), Qt::QueuedConnection);
}

Result<IssueStore *> SyncPageWriter::store()
{
    if (!m_store) {
        Result<std::unique_ptr<IssueStore>> opened = IssueStore::open(m_storePath);
        if (!opened)
            return Error{opened.error()};
        m_store = std::move(opened).value();
    }
    return m_store.get();
}

void SyncPageWriter::write(Page page, QObject *context, std::function<void(const Result<Written> &)> done)
{
    post([this, page = std::move(page), context, done = std::move(done)] {
        Result<Written> result = [&]() -> Result<Written> {
            const Result<IssueStore *> target = store();
            if (!target)
                return Error{target.error()};
            Written written;
            const Result<int> issues = target.value()->writePage(
                page.repository, page.issues, page.state, page.unchanged, page.pruneQueue ? &*page.pruneQueue : nullptr,
                page.passStarted, &written.pruned);
            if (!issues)
                return Error{issues.error()};
            written.issues = issues.value();
            indexPage(page);
            return written;
        }();
        // Queued to the context: dropped by Qt if it is destroyed before the answer is delivered.
        QMetaObject::invokeMethod(context, [done, result = std::move(result)] { done(result); }, Qt::QueuedConnection);
    });
}

void SyncPageWriter::indexPage(const Page &page)
{
    // After the page's own transaction: a failure here loses no issue, and the next catch-up repairs it.
    if (!m_similarity) {
        Result<std::unique_ptr<SimilarityIndex>> opened = SimilarityIndex::open(m_storePath);
        if (!opened) {
            qCWarning(lcSimilarity) << opened.error();
            return;
        }
        m_similarity = std::move(opened).value();
    }
    const Result<int> indexed = m_similarity->index(page.repository, page.issues);
    if (!indexed)
        qCWarning(lcSimilarity) << indexed.error();
}

void SyncPageWriter::countQueue(const QueueSpec &queue, QObject *context, std::function<void(QPair<int, int>)> done)
{
    post([this, queue, context, done = std::move(done)] {
        const Result<IssueStore *> target = store();
        const QPair<int, int> counts = target ? target.value()->queueCounts(queue) : qMakePair(-1, -1);
        QMetaObject::invokeMethod(context, [done, counts] { done(counts); }, Qt::QueuedConnection);
    });
}
