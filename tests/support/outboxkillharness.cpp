// SPDX-License-Identifier: MIT
#include "tests/support/outboxkillharness.h"

#include "engine/outbox/outboxentry.h"
#include "engine/review/reviewdecisionstore.h"
#include "engine/triage/triageplanwriter.h"
#include "tests/support/githubtestserver.h"

#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QProcess>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace {

TriagePlan routePlan(int number)
{
    TriagePlan plan;
    plan.issueNumber = number;
    plan.profile = u"distributed"_s;
    plan.decision = TriageDecision::Classify;
    plan.subOncall = OutboxKillHarness::plannedLabels().constFirst();
    plan.addLabels = OutboxKillHarness::plannedLabels();
    plan.labelConfidence = {{plan.addLabels.at(0), Confidence::High}, {plan.addLabels.at(1), Confidence::Medium}};
    plan.confidence = Confidence::Medium;
    plan.comment = OutboxKillHarness::plannedComment(number);
    return plan;
}

} // namespace

OutboxKillHarness::OutboxKillHarness(QString binary, QString home, GitHubTestServer *server)
    : m_binary(std::move(binary))
    , m_home(std::move(home))
    , m_server(server)
{}

QString OutboxKillHarness::storePath() const
{
    return QDir(m_home).filePath(u"store.sqlite"_s);
}

QProcessEnvironment OutboxKillHarness::environment() const
{
    QProcessEnvironment env;
    env.insert(u"PATH"_s, qEnvironmentVariable("PATH"));
    env.insert(u"HOME"_s, m_home);
    env.insert(u"XDG_CONFIG_HOME"_s, QDir(m_home).filePath(u"config"_s));
    env.insert(u"XDG_CACHE_HOME"_s, QDir(m_home).filePath(u"cache"_s));
    env.insert(u"XDG_DATA_HOME"_s, QDir(m_home).filePath(u"data"_s));
    // The test server is an Enterprise Server to the console: its token comes as an enterprise user's does.
    env.insert(u"GH_ENTERPRISE_TOKEN"_s, u"ghp_OutboxKillHarnessToken0123456789"_s);
    env.insert(u"USER"_s, u"alice"_s);
    env.insert(m_extra);
    return env;
}

OutboxKillHarness::Command OutboxKillHarness::run(const QStringList &arguments, int timeoutMs,
                                                  const QByteArray &input) const
{
    QProcess process;
    process.setProcessEnvironment(environment());
    QEventLoop loop;
    QObject::connect(&process, &QProcess::finished, &loop, &QEventLoop::quit);
    QObject::connect(&process, &QProcess::errorOccurred, &loop, &QEventLoop::quit);
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    process.start(m_binary, arguments);
    if (!input.isEmpty()) {
        process.write(input);
        process.closeWriteChannel();
    }
    // The server lives in this process: it answers while we wait.
    loop.exec();
    Command result;
    if (process.state() != QProcess::NotRunning) {
        process.kill();
        process.waitForFinished();
        result.err = "timed out\n";
    } else if (process.exitStatus() == QProcess::NormalExit) {
        result.exitCode = process.exitCode();
    }
    result.out = process.readAllStandardOutput();
    result.err += process.readAllStandardError();
    return result;
}

QStringList OutboxKillHarness::plannedLabels()
{
    return {u"oncall: distributed parallelisms"_s, u"module: fsdp"_s};
}

QString OutboxKillHarness::plannedComment(int number)
{
    return u"Routing #%1 to parallelisms: the trace points at FSDP. ✓"_s.arg(number);
}

OutboxKillHarness::Command OutboxKillHarness::prepare(const QString &label)
{
    const QString api = m_server->url().toString();
    const Command sync = run({u"sync"_s, u"--repo"_s, m_server->repository(), u"--label"_s, label, u"--api"_s, api,
                              u"--no-keyring"_s, u"--store"_s, storePath()});
    if (sync.exitCode != 0)
        return sync;

    QFile plans(QDir(m_home).filePath(u"plans.jsonl"_s));
    if (!plans.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return Command{-1, {}, plans.errorString().toUtf8()};
    for (const TestIssue &issue : m_server->issues()) {
        if (!issue.open || issue.pullRequest || !issue.labels.contains(label))
            continue;
        const TriagePlan plan = routePlan(issue.number);
        plans.write(TriagePlanWriter::toJsonLine(plan));
        m_commentsBefore.insert(issue.number, int(issue.comments.size()));
        m_markers.insert(issue.number, OutboxEntry::marker(ReviewDecisionStore::planHash(plan)));
    }
    plans.close();
    return run({u"outbox"_s, u"add"_s, u"--from"_s, plans.fileName(), u"--repo"_s, m_server->repository(), u"--store"_s,
                storePath()});
}

OutboxKillHarness::Batch OutboxKillHarness::submitWithKills(int kills, int minDelayMs, int maxDelayMs,
                                                            QRandomGenerator &random, const QStringList &extra)
{
    Batch batch;
    QElapsedTimer clock;
    clock.start();
    const QStringList arguments = QStringList{u"outbox"_s,       u"submit"_s,          u"--store"_s,
                                              storePath(),       u"--api"_s,           m_server->url().toString(),
                                              u"--no-keyring"_s, u"--write-spacing"_s, u"0"_s} +
                                  extra;
    for (;;) {
        QProcess process;
        process.setProcessEnvironment(environment());
        QEventLoop loop;
        QObject::connect(&process, &QProcess::finished, &loop, &QEventLoop::quit);
        QObject::connect(&process, &QProcess::errorOccurred, &loop, &QEventLoop::quit);
        QTimer timeout;
        timeout.setSingleShot(true);
        QObject::connect(&timeout, &QTimer::timeout, &loop, &QEventLoop::quit);
        timeout.start(120000);
        QTimer killer;
        killer.setSingleShot(true);
        const bool killThisOne = batch.kills < kills;
        // SIGKILL: no handler, no flush, no journal "done" — the worst a crash can do.
        QObject::connect(&killer, &QTimer::timeout, &process, [&process] {
            if (process.state() == QProcess::Running)
                process.kill();
        });
        process.start(m_binary, arguments);
        ++batch.runs;
        if (killThisOne)
            killer.start(minDelayMs + int(random.bounded(quint32(std::max(1, maxDelayMs - minDelayMs)))));
        loop.exec();
        if (process.state() != QProcess::NotRunning) { // timed out
            process.kill();
            process.waitForFinished();
            batch.lastErr = "timed out\n" + process.readAllStandardError();
            break;
        }
        if (process.exitStatus() == QProcess::CrashExit) {
            ++batch.kills;
            continue;
        }
        batch.finalExitCode = process.exitCode();
        batch.lastOut = process.readAllStandardOutput();
        batch.lastErr = process.readAllStandardError();
        break;
    }
    batch.milliseconds = clock.elapsed();
    return batch;
}

OutboxKillHarness::Tally OutboxKillHarness::tally() const
{
    Tally tally;
    for (auto it = m_markers.cbegin(); it != m_markers.cend(); ++it) {
        const TestIssue *issue = m_server->issue(it.key());
        if (!issue)
            continue;
        ++tally.issues;
        int ours = 0;
        for (const TestComment &comment : issue->comments)
            ours += comment.body.contains(it.value()) ? 1 : 0;
        tally.lostComments += ours == 0 ? 1 : 0;
        tally.duplicateComments += std::max(0, ours - 1);
        tally.extraWrites += std::max(0, int(issue->comments.size()) - ours - m_commentsBefore.value(it.key()));
        for (const QString &label : plannedLabels()) {
            const int n = int(std::count_if(issue->labels.cbegin(), issue->labels.cend(), [&](const QString &l) {
                return l.compare(label, Qt::CaseInsensitive) == 0;
            }));
            tally.lostLabels += n == 0 ? 1 : 0;
            tally.duplicateLabels += std::max(0, n - 1);
        }
        const GitHubTestServer::WriteCounts writes = m_server->writes(it.key());
        tally.redundantLabels += writes.labelsRedundant;
        tally.extraWrites += writes.labelPuts + writes.labelDeletes + writes.patches;
    }
    return tally;
}
