// SPDX-License-Identifier: MIT
#include "engine/similar/similaritylookup.h"

#include <QMetaObject>
#include <QPointer>

using namespace Qt::StringLiterals;

SimilarityLookup::SimilarityLookup(QString storePath, QObject *parent)
    : QObject(parent)
    , m_storePath(std::move(storePath))
    , m_worker(new QObject)
{
    qRegisterMetaType<SimilarityMatch>();
    m_thread.setObjectName(u"similarity-lookup"_s);
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    m_thread.start();
}

SimilarityLookup::~SimilarityLookup()
{
    // Questions still queued are not worth answering any more.
    m_similarTicket.fetchAndAddRelaxed(1);
    m_searchTicket.fetchAndAddRelaxed(1);
    post([this] {
        m_index.reset();
        QThread::currentThread()->quit();
    });
    m_thread.wait();
}

void SimilarityLookup::post(std::function<void()> task)
{
    QMetaObject::invokeMethod(m_worker, std::move(task), Qt::QueuedConnection);
}

void SimilarityLookup::answer(std::function<void()> deliver)
{
    // Through this object, which outlives every task (its destructor waits for the thread): the context
    // may be deleted at any time on its own thread, so only there is it checked.
    QMetaObject::invokeMethod(this, std::move(deliver), Qt::QueuedConnection);
}

Result<SimilarityIndex *> SimilarityLookup::index()
{
    if (!m_index) {
        Result<std::unique_ptr<SimilarityIndex>> opened = SimilarityIndex::open(m_storePath);
        if (!opened)
            return Error{opened.error()};
        const Result<int> caught = opened.value()->catchUp();
        if (!caught)
            return Error{caught.error()};
        m_index = std::move(opened).value();
    }
    return m_index.get();
}

int SimilarityLookup::similar(const QString &repository, int number, int top, QObject *context,
                              std::function<void(int, const Result<QList<SimilarityMatch>> &)> done)
{
    const int ticket = m_similarTicket.fetchAndAddRelaxed(1) + 1;
    post([this, repository, number, top, context = QPointer<QObject>(context), done = std::move(done), ticket] {
        if (!isCurrentSimilar(ticket))
            return; // a newer question was asked meanwhile: skip this one unrun
        const Result<SimilarityIndex *> target = index();
        Result<QList<SimilarityMatch>> result = target ? target.value()->similar(repository, number, top)
                                                       : Result<QList<SimilarityMatch>>(Error{target.error()});
        answer([context, done, ticket, result = std::move(result)] {
            if (context)
                done(ticket, result);
        });
    });
    return ticket;
}

int SimilarityLookup::search(const SearchQuery &query, QObject *context,
                             std::function<void(int, const Result<QList<SimilarityMatch>> &)> done)
{
    const int ticket = m_searchTicket.fetchAndAddRelaxed(1) + 1;
    post([this, query, context = QPointer<QObject>(context), done = std::move(done), ticket] {
        if (!isCurrentSearch(ticket))
            return;
        const Result<SimilarityIndex *> target = index();
        Result<QList<SimilarityMatch>> result =
            target ? target.value()->search(query) : Result<QList<SimilarityMatch>>(Error{target.error()});
        answer([context, done, ticket, result = std::move(result)] {
            if (context)
                done(ticket, result);
        });
    });
    return ticket;
}

void SimilarityLookup::loadIssue(const QString &repository, int number, QObject *context,
                                 std::function<void(const Result<Issue> &)> done)
{
    post([this, repository, number, context = QPointer<QObject>(context), done = std::move(done)] {
        const Result<SimilarityIndex *> target = index();
        Result<Issue> result =
            target ? target.value()->loadIssue(repository, number) : Result<Issue>(Error{target.error()});
        answer([context, done, result = std::move(result)] {
            if (context)
                done(result);
        });
    });
}
