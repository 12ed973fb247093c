// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/core/result.h"
#include "engine/triage/rubricset.h"
#include "engine/triage/triageplan.h"

#include <QFutureWatcher>
#include <QList>
#include <QObject>

#include <memory>

class QThreadPool;

// Triages a whole queue off the GUI thread. Results are reported as they arrive, by position in the list
// given to start(); starting again (a new queue, a new pack) cancels the run before, whose late results are
// dropped: they never reach planReady, and the replaced run ends without finished (its results are stale, not
// failed). Each issue is planned with the rubric the set chooses for it.
class QueueTriager final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(QueueTriager)

public:
    explicit QueueTriager(QObject *parent = nullptr);
    ~QueueTriager() override;

    void start(QList<Issue> issues, RubricSet rubrics);
    // Stops a run: it ends with finished(Cancelled), the count planned so far as partial().
    void cancel();
    bool isRunning() const { return m_watcher != nullptr; }

Q_SIGNALS:
    void planReady(int row, const TriagePlan &plan);
    void progress(int done, int total);
    // Once per run that ends: the number of issues planned (0 for an empty queue); an error (Failed) when there
    // is no rubric to plan with, or (Cancelled) from cancel() with the count planned until then as partial().
    void finished(const Result<int> &planned);

private:
    void stop(); // ends the run without a word

    QThreadPool *m_pool;
    QFutureWatcher<TriagePlan> *m_watcher = nullptr;
    QList<Issue> m_issues; // kept alive while the mapped run reads them
    RubricSet m_rubrics;
    int m_done = 0;
};
