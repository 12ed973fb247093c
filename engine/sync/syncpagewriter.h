// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/core/queuespec.h"
#include "engine/core/result.h"

#include <QDateTime>
#include <QList>
#include <QObject>
#include <QPair>
#include <QString>
#include <QThread>

#include <functional>
#include <memory>
#include <optional>

class IssueStore;
class SimilarityIndex;

// Writes a sync's pages into the store from a thread of its own, one after another in the order given, so
// that the GUI thread never waits on SQLite (a page of 100 issues with their comments takes 50–150 ms).
// The thread has its own connection to the store file (WAL: the GUI's reads go on meanwhile). Answers come
// back on the thread of the context object given with each call; none comes once that object is gone.
class SyncPageWriter final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SyncPageWriter)

public:
    struct Page
    {
        QString repository;
        QList<Issue> issues;
        SyncState state;
        QList<int> unchanged;
        std::optional<QueueSpec> pruneQueue; // the page ends a full pass: drop members not seen since passStarted
        QDateTime passStarted;
    };
    struct Written
    {
        int issues = 0;
        int pruned = 0;
    };

    explicit SyncPageWriter(QString storePath, QObject *parent = nullptr);
    // Waits for a write in progress to end: a page is either written whole or not at all.
    ~SyncPageWriter() override;

    void write(Page page, QObject *context, std::function<void(const Result<Written> &)> done);
    // Issues and comments of the queue as stored, after every write asked for before; {-1, -1} on failure.
    void countQueue(const QueueSpec &queue, QObject *context, std::function<void(QPair<int, int>)> done);

private:
    // Runs on the writer's thread; opens the store on first use.
    Result<IssueStore *> store();
    void post(std::function<void()> task);
    void indexPage(const Page &page);

    QString m_storePath;
    QThread m_thread;
    QObject *m_worker;                   // lives on m_thread: queued tasks run there
    std::unique_ptr<IssueStore> m_store; // touched on m_thread only
    // Keeps the similar-issues index current with every page written (issue #30); m_thread only.
    std::unique_ptr<SimilarityIndex> m_similarity;
};
