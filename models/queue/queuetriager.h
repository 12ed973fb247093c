// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/triage/rubricset.h"
#include "engine/triage/triageplan.h"

#include <QFutureWatcher>
#include <QList>
#include <QObject>

#include <memory>

class QThreadPool;

// Triages a whole queue off the GUI thread. Results are reported as they arrive, by position in the list
// given to start(); starting again (a new queue, a new pack) cancels the run before, whose late results are
// dropped: they never reach planReady. Each issue is planned with the rubric the set chooses for it.
class QueueTriager final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(QueueTriager)

public:
    explicit QueueTriager(QObject *parent = nullptr);
    ~QueueTriager() override;

    void start(QList<Issue> issues, RubricSet rubrics);
    void cancel();
    bool isRunning() const { return m_watcher != nullptr; }

Q_SIGNALS:
    void planReady(int row, const TriagePlan &plan);
    void progress(int done, int total);
    void finished();

private:
    QThreadPool *m_pool;
    QFutureWatcher<TriagePlan> *m_watcher = nullptr;
    QList<Issue> m_issues; // kept alive while the mapped run reads them
    RubricSet m_rubrics;
    int m_done = 0;
};
