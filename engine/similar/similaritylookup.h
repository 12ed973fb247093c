// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/result.h"
#include "engine/similar/similarityindex.h"

#include <QAtomicInteger>
#include <QObject>
#include <QString>
#include <QThread>

#include <functional>
#include <memory>

// Similar-issues lookups and searches for a window, on a thread of their own with their own connection to
// the store, so the GUI thread never waits on SQLite. Moving through a queue asks again at every issue:
// only the newest question of each kind is answered, older ones still queued are skipped unrun, and an
// answer that arrives after a newer question was asked is dropped (isCurrent() says which). The first use
// brings the index up to what the store holds. Answers come on this object's thread (the contexts' too); none
// once the context is gone.
class SimilarityLookup final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SimilarityLookup)

public:
    explicit SimilarityLookup(QString storePath, QObject *parent = nullptr);
    ~SimilarityLookup() override;

    QString storePath() const { return m_storePath; }

    // Returns the ticket of this question.
    int similar(const QString &repository, int number, int top, QObject *context,
                std::function<void(int ticket, const Result<QList<SimilarityMatch>> &)> done);
    int search(const SearchQuery &query, QObject *context,
               std::function<void(int ticket, const Result<QList<SimilarityMatch>> &)> done);
    // The issue as stored (for opening a search result that is not in the queue).
    void loadIssue(const QString &repository, int number, QObject *context,
                   std::function<void(const Result<Issue> &)> done);

    bool isCurrentSimilar(int ticket) const { return ticket == m_similarTicket.loadRelaxed(); }
    bool isCurrentSearch(int ticket) const { return ticket == m_searchTicket.loadRelaxed(); }

private:
    Result<SimilarityIndex *> index(); // on m_thread; opens and catches up on first use
    void post(std::function<void()> task);
    void answer(std::function<void()> deliver); // from the thread, to this object's (the context's) thread

    QString m_storePath;
    QThread m_thread;
    QObject *m_worker;
    std::unique_ptr<SimilarityIndex> m_index; // m_thread only
    QAtomicInteger<int> m_similarTicket;
    QAtomicInteger<int> m_searchTicket;
};
