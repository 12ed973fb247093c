// SPDX-License-Identifier: MIT
// Prints: for each padded repro in tests/data/repro/minimize, the minimizer's original vs final lines
// (non-blank, and non-blank non-import), sandbox runs and time — at the playbook's stop rule (20 lines) and
// to the fixed point; then bisection over virtualenvs it builds (n = 4, 8, 16 versions of a package whose bug
// is fixed at a random version): rounds, runs used against the n runs of a sweep, and time.
// Options: --envs 4,8,16  --seed N  --only FILE.py
#include "benchsupport.h"
#include "engine/reduction/reprobisector.h"
#include "engine/reduction/reprominimizer.h"
#include "engine/repro/pythonenvironment.h"
#include "tests/support/testvenv.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTextStream>
#include <QVersionNumber>

#include <cmath>
#include <optional>

using namespace Qt::StringLiterals;

namespace {

const QString Data = QStringLiteral(TRIAGE_SOURCE_DIR "/tests/data/repro/minimize");

// Benchmarks are small programs; a local event loop per awaited job keeps them linear to read.
template<typename Object, typename Signal>
void await(Object *object, Signal signal)
{
    QEventLoop loop;
    QObject::connect(object, signal, &loop, &QEventLoop::quit);
    loop.exec();
}

PythonEnvironment systemPython()
{
    PythonEnvironmentProbe probe;
    probe.setDiscoverConda(false);
    QList<PythonEnvironment> found;
    QObject::connect(&probe, &PythonEnvironmentProbe::finished, &probe,
                     [&](const Result<QList<PythonEnvironment>> &envs) {
                         if (envs)
                             found = envs.value();
                     });
    probe.start();
    if (found.isEmpty())
        await(&probe, &PythonEnvironmentProbe::finished);
    return found.value(0);
}

// The reported error each padded repro shows (empty: whatever the first run raises, or its signal).
QString expectationFor(const QString &file)
{
    if (file == u"padded_flaky.py"_s)
        return u"AssertionError: allreduce result mismatch"_s;
    if (file == u"padded_assert.py"_s)
        return u"AssertionError: sum mismatch"_s;
    return {};
}

void minimization(const PythonEnvironment &python, const QString &only)
{
    QTextStream &out = Bench::out();
    out << "\n## Minimization (" << python.label() << ")\n\n";
    out << "| repro | stop rule | signature | non-blank lines | code lines | runs | rechecks | rounds | time |\n";
    out << "| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n";
    const QStringList files = QDir(Data).entryList({u"*.py"_s}, QDir::Files, QDir::Name);
    int totalRuns = 0;
    for (const QString &name : files) {
        if (!only.isEmpty() && name != only)
            continue;
        QFile file(QDir(Data).filePath(name));
        if (!file.open(QIODevice::ReadOnly))
            continue;
        const QString source = QString::fromUtf8(file.readAll());
        for (const int stopLines : {20, 0}) {
            SandboxRequest base;
            base.environment = python;
            base.scriptName = u"repro.py"_s;
            base.hashSeed = 0;
            MinimizerOptions options;
            options.expected = ErrorSignature::parse(expectationFor(name));
            options.stopLines = stopLines;
            options.baselineRuns = name == u"padded_flaky.py"_s ? 10 : 3;
            options.minStepTimeoutMs = 10000;
            ReproMinimizer minimizer;
            std::optional<Result<MinimizeResult>> result;
            QObject::connect(&minimizer, &ReproMinimizer::finished, &minimizer,
                             [&](const Result<MinimizeResult> &r) { result = r; });
            minimizer.start(source, base, options);
            if (!result)
                await(&minimizer, &ReproMinimizer::finished);
            const MinimizeResult &r = *result->partial(); // also the work done when it stopped short
            totalRuns += r.runs;
            out << "| " << name << " | " << (stopLines > 0 ? u"≤ 20 lines"_s : u"fixed point"_s) << " | "
                << (result->ok() ? r.signatureText() : u"error: "_s + result->error()) << " | " << r.originalNonBlank
                << " → " << r.finalNonBlank << " | " << r.originalLines << " → " << r.finalLines << " | " << r.runs
                << " | " << r.rechecks << " | " << r.rounds << " | " << QString::number(r.elapsedMs / 1000.0, 'f', 1)
                << " s |\n";
            out.flush();
        }
    }
    out << "\nSandbox runs in all: " << totalRuns << "\n";
}

void bisection(const PythonEnvironment &python, const QList<int> &sizes, QRandomGenerator &random)
{
    QTextStream &out = Bench::out();
    out << "\n## Bisection (virtualenvs with tcbug 1.0 … 1.(n-1); the bug is fixed at a random version)\n\n";
    out << "| environments | fixed in | found | rounds | ⌈log2 n⌉+1 | runs | sweep runs | concurrency | time |\n";
    out << "| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n";
    for (const int n : sizes) {
        QTemporaryDir home(QDir::homePath() + u"/triage-bench-bisect-XXXXXX"_s);
        const int fixedAt = 1 + int(random.bounded(n - 1));
        const QString fixed = u"1.%1"_s.arg(fixedAt);
        QList<TestVenv::Wanted> wanted;
        for (int i = 0; i < n; ++i)
            wanted.append({u"tcbug-1.%1"_s.arg(i), u"1.%1"_s.arg(i)});
        const auto source = [&fixed](const QString &version) -> QByteArray {
            const bool buggy =
                QVersionNumber::compare(QVersionNumber::fromString(version), QVersionNumber::fromString(fixed)) < 0;
            return buggy ? "def view(n):\n    raise ValueError('tcbug view size is not compatible')\n"
                         : "def view(n):\n    return n\n";
        };
        const Result<QList<PythonEnvironment>> configured =
            TestVenv::configure(python, home.path(), wanted, u"tcbug"_s, source);
        if (!configured) {
            out << "| " << n << " | " << fixed << " | error: " << configured.error() << " |\n";
            continue;
        }
        const QList<PythonEnvironment> &envs = configured.value();

        SandboxRequest base;
        base.scriptText = u"import tcbug\ntcbug.view(3)\n"_s;
        BisectorOptions options;
        options.package = u"tcbug"_s;
        options.expected = ErrorSignature::parse(u"ValueError: view size is not compatible"_s);
        ReproBisector bisector;
        std::optional<Result<BisectResult>> result;
        QObject::connect(&bisector, &ReproBisector::finished, &bisector,
                         [&](const Result<BisectResult> &r) { result = r; });
        bisector.start(base, envs, options);
        if (!result)
            await(&bisector, &ReproBisector::finished);
        const BisectResult &r = *result->partial();
        const BisectBoundary *fix = r.fix();
        out << "| " << n << " | " << fixed << " | " << (fix ? fix->toVersion : u"—"_s) << " | " << r.rounds << " | "
            << int(std::ceil(std::log2(double(n)))) + 1 << " | " << r.runs << " | " << n << " | " << r.concurrency
            << " | " << QString::number(r.elapsedMs / 1000.0, 'f', 1) << " s |\n";
        out.flush();
    }
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QStringList arguments = app.arguments().mid(1);
    const QString seedText = Bench::takeOption(arguments, u"--seed"_s);
    const QString envsText = Bench::takeOption(arguments, u"--envs"_s);
    const QString only = Bench::takeOption(arguments, u"--only"_s);
    const quint32 seed = seedText.isEmpty() ? QRandomGenerator::global()->generate() : seedText.toUInt();
    QList<int> sizes;
    for (const QString &s : (envsText.isEmpty() ? u"4,8,16"_s : envsText).split(u',', Qt::SkipEmptyParts))
        sizes << std::max(2, s.toInt());
    QRandomGenerator random(seed);

    QTextStream &out = Bench::out();
    const PythonEnvironment python = systemPython();
    if (!python.isUsable()) {
        out << "no usable python3: " << python.probeError << "\n";
        return 1;
    }
    out << "# Repro tools: minimization and bisection (seed " << seed << ")\n";
    minimization(python, only);
    if (only.isEmpty())
        bisection(python, sizes, random);
    out << "\nPeak memory: " << Bench::peakMemory() << "\n";
    return 0;
}
