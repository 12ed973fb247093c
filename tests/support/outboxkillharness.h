// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QHash>
#include <QProcessEnvironment>
#include <QRandomGenerator>
#include <QString>
#include <QStringList>

class GitHubTestServer;

// The crash test of the outbox, shared by tst_outboxcommand and bench_outbox: fills a store from a
// GitHubTestServer (the real `sync` and `outbox add` commands), then runs the real `outbox submit`, kills it
// with SIGKILL at random points and starts it again until the batch is done, and reads the server's final
// state against what was approved.
class OutboxKillHarness final
{
public:
    struct Command
    {
        int exitCode = -1; // -1: killed or timed out
        QByteArray out;
        QByteArray err;
    };
    // What the server holds after the batch, against what was approved.
    struct Tally
    {
        int issues = 0;
        int lostComments = 0;      // approved comments not on the issue
        int lostLabels = 0;        // approved labels not on the issue
        int duplicateComments = 0; // marker comments beyond the first
        int duplicateLabels = 0;   // labels present more than once
        int redundantLabels = 0;   // labels sent through the append endpoint although already present
        int extraWrites = 0;       // PUT, DELETE, PATCH, comments without our marker
    };
    struct Batch
    {
        int runs = 0;
        int kills = 0;
        int finalExitCode = -1;
        qint64 milliseconds = 0;
        QByteArray lastOut;
        QByteArray lastErr;
    };

    OutboxKillHarness(QString binary, QString home, GitHubTestServer *server);

    QString storePath() const;
    QProcessEnvironment environment() const;
    // One more variable for every command the harness runs.
    void setVariable(const QString &name, const QString &value) { m_extra.insert(name, value); }
    Command run(const QStringList &arguments, int timeoutMs = 60000, const QByteArray &input = {}) const;

    // sync the server's queue into the store, approve one routing plan per issue (TriagePlanWriter's JSON
    // Lines) with `outbox add`; returns the add command's result.
    Command prepare(const QString &label);
    // The plan approved for an issue, as `prepare` wrote it.
    static QStringList plannedLabels();
    static QString plannedComment(int number);

    // Submits, killing the process after a random delay in [minDelayMs, maxDelayMs) up to `kills` times,
    // then lets the last run finish.
    Batch submitWithKills(int kills, int minDelayMs, int maxDelayMs, QRandomGenerator &random,
                          const QStringList &extra = {});
    Tally tally() const;

private:
    QString m_binary;
    QString m_home;
    GitHubTestServer *m_server;
    QHash<int, int> m_commentsBefore;
    QHash<int, QString> m_markers;
    QProcessEnvironment m_extra;
};
