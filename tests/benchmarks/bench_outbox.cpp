// SPDX-License-Identifier: MIT
// The outbox under SIGKILL: the real `triage-console outbox submit` writes a batch of approved plans to the
// GitHub-shaped test server and is killed at random moments (seeded; the seed is printed) and started again
// until the batch is done, round after round until at least --kills kill points. Then the server's state is
// read against what was approved: lost edits, duplicates and extra writes must all be 0. Also prints the
// time per entry, with and without kills.
#include "benchsupport.h"
#include "tests/support/githubtestserver.h"
#include "tests/support/outboxkillharness.h"

#include <QCoreApplication>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextStream>

using namespace Qt::StringLiterals;

namespace {

const QString Label = u"oncall: distributed"_s;

struct Round
{
    int entries = 0;
    OutboxKillHarness::Batch batch;
    OutboxKillHarness::Tally tally;
    bool prepared = false;
    QString error;
};

Round runRound(int issues, int kills, int minDelay, int maxDelay, QRandomGenerator &random)
{
    Round round;
    QTemporaryDir home;
    GitHubTestServer server;
    if (!server.start()) {
        round.error = u"the test server did not start"_s;
        return round;
    }
    GitHubTestServer::Generation generation;
    generation.issues = issues;
    generation.maxComments = 8;
    server.generate(generation);
    OutboxKillHarness harness(QStringLiteral(TRIAGE_CONSOLE_BINARY), home.path(), &server);
    const OutboxKillHarness::Command added = harness.prepare(Label);
    if (added.exitCode != 0) {
        round.error = QString::fromUtf8(added.err);
        return round;
    }
    round.prepared = true;
    round.entries = int(added.out.count('\n'));
    round.batch = harness.submitWithKills(kills, minDelay, maxDelay, random);
    round.tally = harness.tally();
    if (round.batch.finalExitCode != 0)
        round.error = QString::fromUtf8(round.batch.lastErr.right(400));
    return round;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    QStringList arguments = app.arguments().mid(1);
    const QString seedText = Bench::takeOption(arguments, u"--seed"_s);
    const QString killsText = Bench::takeOption(arguments, u"--kills"_s);
    const QString issuesText = Bench::takeOption(arguments, u"--issues"_s);
    const quint32 seed = seedText.isEmpty() ? QRandomGenerator::global()->generate() : seedText.toUInt();
    const int wantedKills = killsText.isEmpty() ? 100 : killsText.toInt();
    const int issues = issuesText.isEmpty() ? 60 : issuesText.toInt();
    QRandomGenerator random(seed);
    QTextStream &out = Bench::out();

    out << "bench_outbox: SIGKILL during `outbox submit`, restart until done" << Qt::endl;
    out << "  seed                  " << seed << "   (re-run: bench_outbox --seed " << seed << ")" << Qt::endl;

    // Without kills first: how long a batch takes, and so where kill points can fall.
    QRandomGenerator unused(seed);
    const Round baseline = runRound(issues, 0, 0, 1, unused);
    if (!baseline.prepared || baseline.batch.finalExitCode != 0) {
        out << "  baseline failed: " << baseline.error << Qt::endl;
        return 1;
    }
    const double baselinePerEntry = double(baseline.batch.milliseconds) / std::max(1, baseline.entries);
    out << "  batch without kills   " << baseline.entries << " entries in " << baseline.batch.milliseconds << " ms ("
        << QString::number(baselinePerEntry, 'f', 1) << " ms per entry)" << Qt::endl;

    // Kill points anywhere from start-up to the end of a batch.
    const int maxDelay = int(std::max<qint64>(200, baseline.batch.milliseconds + 100));
    int kills = 0;
    int runs = 0;
    int rounds = 0;
    int entries = 0;
    qint64 milliseconds = 0;
    OutboxKillHarness::Tally total;
    QStringList errors;
    while (kills < wantedKills) {
        const Round round = runRound(issues, wantedKills - kills, 5, maxDelay, random);
        ++rounds;
        if (!round.prepared) {
            errors.append(round.error);
            break;
        }
        if (!round.error.isEmpty())
            errors.append(round.error);
        kills += round.batch.kills;
        runs += round.batch.runs;
        entries += round.entries;
        milliseconds += round.batch.milliseconds;
        total.issues += round.tally.issues;
        total.lostComments += round.tally.lostComments;
        total.lostLabels += round.tally.lostLabels;
        total.duplicateComments += round.tally.duplicateComments;
        total.duplicateLabels += round.tally.duplicateLabels;
        total.redundantLabels += round.tally.redundantLabels;
        total.extraWrites += round.tally.extraWrites;
        out << "  round " << rounds << ": " << round.entries << " entries, " << round.batch.kills << " kills, "
            << round.batch.runs << " runs, " << round.batch.milliseconds << " ms" << Qt::endl;
    }

    out << "  kill points           " << kills << " (delays 5–" << maxDelay << " ms after start)" << Qt::endl;
    out << "  rounds / runs         " << rounds << " / " << runs << Qt::endl;
    out << "  entries               " << entries << " (" << total.issues << " issues checked)" << Qt::endl;
    out << "  lost edits            " << total.lostComments + total.lostLabels << " (comments " << total.lostComments
        << ", labels " << total.lostLabels << ")" << Qt::endl;
    out << "  duplicates            " << total.duplicateComments + total.duplicateLabels << " (comments "
        << total.duplicateComments << ", labels " << total.duplicateLabels << ")" << Qt::endl;
    out << "  extra writes          " << total.extraWrites << " (PUT, DELETE, PATCH, foreign comments)" << Qt::endl;
    out << "  labels re-sent        " << total.redundantLabels << " (already present, sent again)" << Qt::endl;
    out << "  time per entry        " << QString::number(double(milliseconds) / std::max(1, entries), 'f', 1)
        << " ms with kills and restarts, " << QString::number(baselinePerEntry, 'f', 1) << " ms without" << Qt::endl;
    for (const QString &error : std::as_const(errors))
        out << "  error: " << error.simplified() << Qt::endl;
    out << "  peak memory           " << Bench::peakMemory() << Qt::endl;
    return 0;
}
