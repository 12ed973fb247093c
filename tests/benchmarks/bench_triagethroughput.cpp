// SPDX-License-Identifier: MIT
// Throughput of a triage profile (distributed unless told) on one thread, and the process's peak memory.
// Usage: bench_triagethroughput [DATASET.jsonl] [--count N] [--profile P] [--pack FILE] [--no-long] [--no-instructions]
// Issues are the dev set's, replicated with small variations up to N (default 20,000); without the dev set,
// generated issues stand in.
// Also counts instructions per issue (--no-instructions skips it). The machine's hardware counters are often out of
// reach (virtual machines), so the bench runs itself under callgrind, which counts only inside the planning loop:
// loading, parsing and start-up are left out, and the count is the same whatever else the machine is doing.
#include "engine/core/issuejsonreader.h"
#include "engine/triage/rubricpack.h"
#include "engine/triage/triageengine.h"
#include "tests/benchmarks/benchsupport.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTextStream>

using namespace Qt::StringLiterals;

namespace {

using Bench::out;
using Bench::peakMemory;

// Stand-ins when the dev set is absent: typical shapes of queue issues.
QList<Issue> generatedIssues()
{
    const QStringList titles = {
        u"[FSDP2] fully_shard with MixedPrecisionPolicy fails in backward"_s,
        u"NCCL watchdog timeout during all_reduce on 2 nodes"_s,
        u"[DCP] dcp.load fails for optimizer state"_s,
        u"DTensor redistribute gives wrong results with uneven sharding"_s,
        u"torchrun rendezvous timeout with c10d backend"_s,
        u"DDP find_unused_parameters error after upgrade"_s,
    };
    const QString body = u"### 🐛 Describe the bug\n\n```python\nimport torch\nimport torch.distributed as dist\n"
                         u"from torch.distributed.fsdp import fully_shard\n\ndist.init_process_group(\"nccl\")\n"
                         u"model = fully_shard(model)\nloss = model(x).sum()\nloss.backward()\n```\n\n"
                         u"```\nTraceback (most recent call last):\n  File \"/opt/torch/distributed/fsdp/_fully_shard/"
                         u"_fsdp_param.py\", line 12, in foo\n    bar()\nRuntimeError: something failed\n```\n\n"
                         u"### Versions\nPyTorch version: 2.6.0\nnvidia-nccl-cu12==2.21.5\n"_s;
    QList<Issue> issues;
    for (qsizetype i = 0; i < titles.size(); ++i) {
        Issue issue;
        issue.number = int(i + 1);
        issue.title = titles.at(i);
        issue.body = body;
        issue.labels = {u"oncall: distributed"_s};
        issues.append(issue);
    }
    return issues;
}

// Out of line and named, so callgrind can count inside it and nowhere else.
Q_NEVER_INLINE qint64 planAll(const TriageEngine &engine, const QList<Issue> &issues)
{
    qint64 labels = 0;
    for (const Issue &issue : issues)
        labels += engine.plan(issue).addLabels.size();
    return labels;
}

constexpr int instructionCountIssues = 2000;

// Runs this bench under callgrind over `instructionCountIssues` issues of one kind (short or long) and returns
// the instructions counted inside planAll per issue; 0 with the reason printed when it cannot.
double instructionsPerIssue(QStringList childArguments, bool longIssues)
{
    const QString valgrind = QStandardPaths::findExecutable(u"valgrind"_s);
    if (valgrind.isEmpty()) {
        out() << "instructions per issue: skipped, valgrind is not installed" << Qt::endl;
        return 0;
    }
    // Long issues are a tenth of --count.
    const int count = longIssues ? instructionCountIssues * 10 : instructionCountIssues;
    childArguments << u"--no-instructions"_s << u"--count"_s << QString::number(count)
                   << (longIssues ? u"--long-only"_s : u"--no-long"_s);
    QProcess child;
    child.setProcessChannelMode(QProcess::SeparateChannels);
    child.start(valgrind, QStringList{u"--tool=callgrind"_s, u"--collect-atstart=no"_s, u"--toggle-collect=*planAll*"_s,
                                      u"--callgrind-out-file=/dev/null"_s, QCoreApplication::applicationFilePath()} +
                              childArguments);
    if (!child.waitForFinished(600000) || child.exitStatus() != QProcess::NormalExit || child.exitCode() != 0) {
        out() << "instructions per issue: valgrind failed: " << child.readAllStandardError().right(400) << Qt::endl;
        return 0;
    }
    // callgrind's summary on stderr: "==PID== Collected : 123456789".
    static const QRegularExpression collected(u"Collected\\s*:\\s*(\\d+)"_s);
    const QRegularExpressionMatch match = collected.match(QString::fromLocal8Bit(child.readAllStandardError()));
    if (!match.hasMatch()) {
        out() << "instructions per issue: callgrind printed no count" << Qt::endl;
        return 0;
    }
    return match.captured(1).toDouble() / instructionCountIssues;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    const bool shortOnly = args.removeAll(u"--no-long"_s) > 0;
    const bool longOnly = args.removeAll(u"--long-only"_s) > 0;
    const bool countInstructions = args.removeAll(u"--no-instructions"_s) == 0;
    // What a callgrind child must be told to read the same issues with the same pack.
    const QStringList childArguments = args;
    int count = 20000;
    const qsizetype countAt = args.indexOf(u"--count"_s);
    if (countAt >= 0 && countAt + 1 < args.size()) {
        count = std::max(1, args.at(countAt + 1).toInt());
        args.remove(countAt, 2);
    }
    const QString packPath = Bench::takeOption(args, u"--pack"_s);
    QString profile = Bench::takeOption(args, u"--profile"_s);
    if (profile.isEmpty())
        profile = u"distributed"_s;
    const QString dataset = Bench::dataset(args, profile + u".jsonl"_s);

    QList<Issue> seeds;
    if (QFile::exists(dataset)) {
        QFile file(dataset);
        if (file.open(QIODevice::ReadOnly))
            seeds = IssueJsonReader::readDocument(file.readAll()).issues;
    }
    const QString source = seeds.isEmpty() ? u"generated issues"_s : dataset;
    if (seeds.isEmpty())
        seeds = generatedIssues();

    Result<RubricPack> pack = packPath.isEmpty() ? RubricPack::builtin(profile) : RubricPack::load(packPath);
    if (!pack) {
        out() << pack.error() << Qt::endl;
        return 1;
    }
    const TriageEngine engine(std::move(pack).value());
    // Issues stand in their queue as the profile's own would: with its queue label and nothing else.
    const QStringList queueLabels = engine.pack().queueLabels.mid(0, 1);

    // Replicate with variations so no two issues are byte-identical: renumbered, a round tag in the title, a
    // comment on every other copy.
    QList<Issue> issues;
    issues.reserve(count);
    qint64 characters = 0;
    for (int i = 0; i < (longOnly ? 0 : count); ++i) {
        Issue issue = seeds.at(i % seeds.size());
        issue.number = 1000000 + i;
        issue.labels = queueLabels;
        issue.title += u" (round %1)"_s.arg(i / seeds.size());
        if (i % 2 == 1)
            issue.comments.append(
                Comment{u"someone"_s, u"NONE"_s, u"Same here on 2 nodes with torchrun, any update?"_s, {}});
        characters += issue.title.size() + issue.body.size();
        for (const Comment &comment : std::as_const(issue.comments))
            characters += comment.body.size();
        issues.append(std::move(issue));
    }

    QElapsedTimer timer;
    timer.start();
    qint64 labels = planAll(engine, issues);
    const qint64 nanoseconds = std::max<qint64>(1, timer.nsecsElapsed());

    const double seconds = double(nanoseconds) / 1e9;
    out() << "profile: " << engine.pack().profile << ", source: " << source << " (" << seeds.size()
          << " distinct issues)" << Qt::endl;
    if (!issues.isEmpty()) {
        out() << "issues: " << issues.size() << ", " << characters / issues.size()
              << " characters per issue on average, " << labels << " labels suggested" << Qt::endl;
        out() << "throughput (one thread): " << QString::number(double(issues.size()) / seconds, 'f', 0)
              << " issues/s (" << QString::number(double(nanoseconds) / 1000.0 / issues.size(), 'f', 1)
              << " µs per issue)" << Qt::endl;
    }

    // Real bodies are longer than the dev set's shortened ones: the same, twelve bodies to an issue.
    QList<Issue> longIssues;
    qint64 longCharacters = 0;
    for (int i = 0; i < (shortOnly ? 0 : count / 10); ++i) {
        Issue issue = seeds.at(i % seeds.size());
        issue.number = 2000000 + i;
        issue.labels = queueLabels;
        for (int k = 1; k < 12; ++k)
            issue.body += u"\n\n"_s + seeds.at((i + k) % seeds.size()).body;
        longCharacters += issue.title.size() + issue.body.size();
        longIssues.append(std::move(issue));
    }
    timer.restart();
    labels += planAll(engine, longIssues);
    const qint64 longNanoseconds = std::max<qint64>(1, timer.nsecsElapsed());
    if (!longIssues.isEmpty())
        out() << "long issues (" << longCharacters / std::max<qsizetype>(1, longIssues.size()) << " characters each): "
              << QString::number(double(longIssues.size()) / (double(longNanoseconds) / 1e9), 'f', 0) << " issues/s ("
              << QString::number(double(longNanoseconds) / 1000.0 / std::max<qsizetype>(1, longIssues.size()), 'f', 1)
              << " µs per issue)" << Qt::endl;
    out() << "peak memory (VmHWM): " << peakMemory() << Qt::endl;

    if (countInstructions) {
        const double perIssue = instructionsPerIssue(childArguments, false);
        const double perLongIssue = shortOnly ? 0 : instructionsPerIssue(childArguments, true);
        if (perIssue > 0)
            out() << "instructions per issue (callgrind, " << instructionCountIssues
                  << " issues): " << QString::number(perIssue / 1e6, 'f', 3) << " M" << Qt::endl;
        if (perLongIssue > 0)
            out() << "instructions per long issue (callgrind, " << instructionCountIssues
                  << " issues): " << QString::number(perLongIssue / 1e6, 'f', 3) << " M" << Qt::endl;
    }
    return 0;
}
