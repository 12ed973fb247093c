// SPDX-License-Identifier: MIT
#include "engine/reduction/reprobisector.h"

#include "engine/core/processjob.h"
#include "engine/repro/reproscanner.h"
#include "engine/repro/reproseries.h"

#include <QThread>
#include <QVersionNumber>

#include <algorithm>
#include <ranges>

using namespace Qt::StringLiterals;

namespace {

// Reads the installed distribution's metadata: no import, so a broken package still tells its version.
constexpr auto VersionCode = "import sys, importlib.metadata as m\nprint(m.version(sys.argv[1]))\n";

bool isImportFailure(const ErrorSignature &error)
{
    const QString cls = error.exceptionClass.section(u'.', -1);
    return cls == u"ModuleNotFoundError"_s || cls == u"ImportError"_s;
}

} // namespace

QString BisectProbe::stateName(State state)
{
    switch (state) {
    case State::Unknown:
        return u"not-run"_s;
    case State::Reproduces:
        return u"reproduces"_s;
    case State::Passes:
        return u"passes"_s;
    case State::Skipped:
        return u"skipped"_s;
    }
    return {};
}

const BisectBoundary *BisectResult::fix() const
{
    for (const BisectBoundary &b : std::views::reverse(boundaries)) {
        if (b.fixed)
            return &b;
    }
    return nullptr;
}

const BisectBoundary *BisectResult::regression() const
{
    for (const BisectBoundary &b : std::views::reverse(boundaries)) {
        if (!b.fixed)
            return &b;
    }
    return nullptr;
}

QString BisectResult::summary() const
{
    QStringList parts;
    for (const BisectBoundary &b : boundaries) {
        const QString skipped =
            b.exact() ? QString() : u" (could not run %1, so it may be there)"_s.arg(b.skippedBetween.join(u", "_s));
        parts << (b.fixed ? u"fixed in %1 %2; last affected %3%4"_s : u"appears in %1 %2; last unaffected %3%4"_s)
                     .arg(package, b.toVersion, b.fromVersion, skipped);
    }
    if (parts.isEmpty()) {
        QStringList states;
        for (const BisectProbe &p : probes) {
            if (p.known())
                states << u"%1 %2"_s.arg(p.version, BisectProbe::stateName(p.state));
        }
        parts << (states.isEmpty() ? u"no environment could run the repro"_s
                                   : u"no change in outcome: %1"_s.arg(states.join(u", "_s)));
    }
    return parts.join(u"; "_s) + u" — %1 runs in %2 rounds"_s.arg(runs).arg(rounds);
}

ReproBisector::ReproBisector(QObject *parent)
    : QObject(parent)
{}

ReproBisector::~ReproBisector() = default; // a ProcessJob child kills and reaps a running lookup

int ReproBisector::compareVersions(const QString &a, const QString &b)
{
    qsizetype suffixA = 0;
    qsizetype suffixB = 0;
    const int c =
        QVersionNumber::compare(QVersionNumber::fromString(a, &suffixA), QVersionNumber::fromString(b, &suffixB));
    // 2.6.0+cu124 and 2.6.0 are the same release; a suffix only breaks ties, stably.
    return c != 0 ? c : a.mid(suffixA).compare(b.mid(suffixB));
}

void ReproBisector::start(const SandboxRequest &base, const QList<PythonEnvironment> &environments,
                          const BisectorOptions &options)
{
    m_base = base;
    m_options = options;
    m_environments = environments;
    m_result = {};
    m_result.package = options.package;
    m_probes.clear();
    m_lookup = 0;
    m_clock.start();
    lookUpNextVersion();
}

void ReproBisector::cancel()
{
    if (m_done)
        return;
    m_cancelled = true;
    m_queue.clear();
    for (const QPointer<ReproSeries> &series : std::as_const(m_series)) {
        if (series)
            series->cancel();
    }
    if (m_lookupProcess)
        m_lookupProcess->cancel(); // its finished() goes on to finish()
    if (m_running == 0 && !m_lookupProcess)
        finish();
}

void ReproBisector::lookUpNextVersion()
{
    if (m_cancelled) {
        finish();
        return;
    }
    if (m_lookup >= m_environments.size()) {
        order();
        return;
    }
    const PythonEnvironment env = m_environments.at(m_lookup++);
    BisectProbe probe;
    probe.environment = env;
    if (m_options.package == u"torch"_s && !env.torchVersion.isEmpty()) {
        probe.version = env.torchVersion;
        m_probes << probe;
        lookUpNextVersion();
        return;
    }
    ProcessSpec spec;
    spec.program = env.interpreter;
    spec.arguments = {u"-I"_s, u"-c"_s, QString::fromLatin1(VersionCode), m_options.package};
    spec.timeoutMs = 60 * 1000;
    spec.what = u"the interpreter"_s;
    auto *process = new ProcessJob(spec, this);
    m_lookupProcess = process;
    connect(process, &ProcessJob::finished, this,
            [this, process, probe](const Result<ProcessOutcome> &outcome) mutable {
                process->deleteLater();
                if (process->wasCancelled())
                    return lookUpNextVersion(); // the bisect was cancelled: it finishes there
                if (!outcome) {
                    probe.state = BisectProbe::State::Skipped;
                    probe.reason = outcome.error(); // "the interpreter could not start: …"
                } else {
                    if (outcome->succeeded())
                        probe.version = QString::fromUtf8(outcome->standardOutput).trimmed();
                    if (probe.version.isEmpty()) {
                        probe.state = BisectProbe::State::Skipped;
                        probe.reason = u"%1 is not installed here"_s.arg(m_options.package);
                    }
                }
                m_probes << probe;
                lookUpNextVersion();
            });
    process->start();
}

void ReproBisector::order()
{
    std::stable_sort(m_probes.begin(), m_probes.end(), [](const BisectProbe &a, const BisectProbe &b) {
        if (a.version.isEmpty() != b.version.isEmpty())
            return b.version.isEmpty();
        return compareVersions(a.version, b.version) < 0;
    });
    for (qsizetype i = 0; i < m_probes.size(); ++i) {
        if (!m_options.knownBad.isEmpty() && m_probes.at(i).environment.name == m_options.knownBad)
            m_knownBad = int(i);
    }
    const int probes = std::clamp(m_options.probesPerRound, 1, 8);
    const int cores = std::max(1, QThread::idealThreadCount());
    m_result.concurrency = m_options.concurrency > 0 ? m_options.concurrency : std::min(probes, cores);
    nextRound();
}

QList<int> ReproBisector::plan(const QList<BisectProbe> &probes, int probesPerRound, int knownBad, bool firstRound)
{
    using State = BisectProbe::State;
    QList<int> active; // orderable and not skipped, oldest first
    for (qsizetype i = 0; i < probes.size(); ++i) {
        if (!probes.at(i).version.isEmpty() && probes.at(i).state != State::Skipped)
            active << int(i);
    }
    QList<int> out;
    if (active.isEmpty())
        return out;
    const auto add = [&](int i) {
        if (!out.contains(i) && probes.at(i).state == State::Unknown)
            out << i;
    };
    // The ends come first: a skipped end hands over to its neighbour.
    add(active.first());
    add(active.last());
    if (firstRound && knownBad >= 0 && active.contains(knownBad))
        add(knownBad);
    int spare = probesPerRound - int(out.size());
    if (spare <= 0)
        return out;

    struct Range
    {
        QList<int> unknown;
        int count = 0;
    };
    QList<Range> ranges;
    if (firstRound) {
        // Nothing known yet: spread the spare probes over the whole range, which saves a round.
        Range whole;
        for (int i : std::as_const(active)) {
            if (!out.contains(i) && probes.at(i).state == State::Unknown)
                whole.unknown << i;
        }
        if (!whole.unknown.isEmpty())
            ranges << whole;
    } else {
        int previous = -1;
        for (int i : std::as_const(active)) {
            if (!probes.at(i).known())
                continue;
            if (previous >= 0 && probes.at(previous).state != probes.at(i).state) {
                Range r;
                for (int j : std::as_const(active)) {
                    if (j > previous && j < i && probes.at(j).state == State::Unknown && !out.contains(j))
                        r.unknown << j;
                }
                if (!r.unknown.isEmpty())
                    ranges << r;
            }
            previous = i;
        }
    }
    // One probe per open range in turn, the widest first, until the round's probes are spent.
    std::stable_sort(ranges.begin(), ranges.end(),
                     [](const Range &a, const Range &b) { return a.unknown.size() > b.unknown.size(); });
    bool gave = true;
    while (spare > 0 && gave) {
        gave = false;
        for (Range &r : ranges) {
            if (spare > 0 && r.count < r.unknown.size()) {
                ++r.count;
                --spare;
                gave = true;
            }
        }
    }
    for (const Range &r : std::as_const(ranges)) {
        const qsizetype n = r.unknown.size();
        for (int j = 1; j <= r.count; ++j)
            add(r.unknown.at(std::min<qsizetype>(n - 1, (j * n) / (r.count + 1))));
    }
    return out;
}

QList<BisectBoundary> ReproBisector::boundaries(const QList<BisectProbe> &probes)
{
    QList<BisectBoundary> out;
    int previous = -1;
    QStringList skipped;
    for (qsizetype i = 0; i < probes.size(); ++i) {
        const BisectProbe &p = probes.at(i);
        if (p.version.isEmpty())
            continue;
        if (!p.known()) {
            if (previous >= 0)
                skipped << p.version;
            continue;
        }
        if (previous >= 0 && probes.at(previous).state != p.state) {
            out << BisectBoundary{probes.at(previous).version, p.version,
                                  probes.at(previous).state == BisectProbe::State::Reproduces, skipped};
        }
        previous = int(i);
        skipped.clear();
    }
    return out;
}

void ReproBisector::nextRound()
{
    if (m_cancelled) {
        finish();
        return;
    }
    const QList<int> next =
        plan(m_probes, std::clamp(m_options.probesPerRound, 1, 8), m_knownBad, m_result.rounds == 0);
    if (next.isEmpty()) {
        finish();
        return;
    }
    ++m_result.rounds;
    QStringList versions;
    for (int i : next)
        versions << m_probes.at(i).version;
    qCDebug(lcRepro) << "bisect round" << m_result.rounds << "probes" << versions;
    Q_EMIT roundStarted(m_result.rounds, versions);
    m_queue = next;
    launchQueued();
}

void ReproBisector::launchQueued()
{
    while (!m_queue.isEmpty() && m_running < m_result.concurrency) {
        const int index = m_queue.takeFirst();
        SandboxRequest request = m_base;
        request.environment = m_probes.at(index).environment;
        auto *series = new ReproSeries(this);
        m_series << series;
        ++m_running;
        QElapsedTimer clock;
        clock.start();
        connect(series, &ReproSeries::finished, this,
                [this, series, index, clock](const Result<ReproSeriesSummary> &ran) {
                    const qint64 ms = clock.elapsed();
                    series->deleteLater();
                    m_series.removeAll(series);
                    --m_running;
                    // Refused or cancelled: the runs so far.
                    onProbeDone(index, ran.partial() ? *ran.partial() : ReproSeriesSummary{}, ms);
                });
        series->start(request, m_options.expected, std::max(1, m_options.runsPerProbe));
    }
}

void ReproBisector::onProbeDone(int index, const ReproSeriesSummary &summary, qint64 durationMs)
{
    using State = BisectProbe::State;
    BisectProbe &probe = m_probes[index];
    const ReproOutcome &o = summary.overall;
    m_result.runs += int(summary.runs.size());
    probe.round = m_result.rounds;
    probe.ratio = summary.ratio();
    probe.durationMs = durationMs;
    probe.reason = o.detail;
    const bool cannotRun = isImportFailure(o.observed) && !isImportFailure(m_options.expected);
    // No reported error to compare with: any failure counts.
    const bool anyFailure = o.kind == ReproOutcome::Kind::Failed && m_options.expected.isEmpty() && !cannotRun;
    if (summary.reproducedRuns > 0 || anyFailure) {
        probe.state = State::Reproduces;
    } else if (o.kind == ReproOutcome::Kind::Passed) {
        probe.state = State::Passes;
    } else {
        // Another error, a timeout or a refusal tells us nothing either way.
        probe.state = State::Skipped;
        if (cannotRun) // `git bisect run`'s exit 125
            probe.reason = u"cannot run here: %1"_s.arg(o.observed.toString().left(200));
    }
    if (o.kind == ReproOutcome::Kind::Cancelled)
        probe.state = State::Unknown;
    Q_EMIT probeFinished(probe);
    if (m_cancelled) {
        if (m_running == 0)
            finish();
        return;
    }
    if (!m_queue.isEmpty()) {
        launchQueued();
        return;
    }
    if (m_running == 0)
        nextRound();
}

void ReproBisector::finish()
{
    if (m_done)
        return;
    m_done = true;
    m_result.probes = m_probes;
    m_result.boundaries = boundaries(m_probes);
    m_result.elapsedMs = m_clock.elapsed();
    if (m_cancelled)
        Q_EMIT finished(Result<BisectResult>(Error::cancelled(u"The bisection was cancelled."_s), m_result));
    else
        Q_EMIT finished(m_result);
}
