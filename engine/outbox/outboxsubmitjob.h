// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/result.h"
#include "engine/outbox/outboxentry.h"
#include "engine/outbox/outboxreport.h"
#include "engine/triage/rubricpack.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>

#include <algorithm>
#include <memory>
#include <optional>

class GitHubClient;
class OutboxStore;

// Writes outbox entries to GitHub as one batch. Per entry, in order: re-read the issue (conditional) and its
// comments; guardrails again (Blocked: nothing written); a change by someone else since the review is a
// Conflict (nothing written); then the comment with its hidden marker (not again if the marker is there),
// the labels not yet present through the append endpoint, the close if the plan asks. Each request is
// journalled before and after; a killed batch resumes its Submitting entries with nothing lost or doubled.
// Entries are worked on a few at a time; content-creating requests are spaced by GitHubClient.
class OutboxSubmitJob final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(OutboxSubmitJob)

public:
    // `entryIds`: what to submit (entries that are not Ready or Submitting are left alone). Every entry
    // already Submitting in the store (an interrupted batch) is resumed too.
    OutboxSubmitJob(GitHubClient *client, QString storePath, const QList<qint64> &entryIds, QObject *parent = nullptr);
    ~OutboxSubmitJob() override;

    // The pack for the guardrails; by default the built-in pack of each entry's profile.
    void setPack(const RubricPack &pack);
    // Entries in flight at once (default 4).
    void setMaxConcurrent(int entries) { m_maxConcurrent = std::max(1, entries); }
    // Tries per entry when a write's answer is lost or GitHub has a server error (default 5); between tries
    // the entry waits (backoff from the client's RetryPolicy) and re-reads the issue first.
    void setMaxAttempts(int attempts) { m_maxAttempts = std::max(1, attempts); }

    void start();
    // Starts no further entry; entries in flight finish their steps, the rest stay Ready. finished() follows
    // with a Cancelled error and the report so far (report.cancelled set) as partial().
    void cancel();
    bool isRunning() const { return m_started && !m_done; }

Q_SIGNALS:
    void progress(int done, int total);
    void entryChanged(const OutboxEntry &entry);
    // A request waits before trying again: rate limit, Retry-After, backoff.
    void waiting(qint64 milliseconds, const QString &reason);
    // Exactly once. A batch that ran is a value: its report says which entries went and which failed. A batch
    // that could not start (store unreadable, no client) is a Failed error, a cancelled one a Cancelled error;
    // both carry the report as it stands (report.error, report.cancelled) as partial().
    void finished(const Result<OutboxReport> &report);

private:
    struct Run;
    void startNext();
    void fetchLogin();
    void finishRun(Run *run);
    void finish();
    Result<RubricPack> packFor(const QString &profile);

    QPointer<GitHubClient> m_client;
    QString m_storePath;
    QList<qint64> m_requested;
    std::unique_ptr<OutboxStore> m_store;
    std::optional<RubricPack> m_pack;
    QHash<QString, RubricPack> m_packs;
    int m_maxConcurrent = 4;
    int m_maxAttempts = 5;

    bool m_started = false;
    bool m_cancelled = false;
    bool m_done = false;
    QList<qint64> m_queue;
    QList<Run *> m_running;
    QList<Run *> m_retired; // finished, deleted once their callbacks have returned
    int m_total = 0;
    int m_doneCount = 0;
    OutboxReport m_report;
    std::optional<Error> m_startError;

    friend struct Run;
};
