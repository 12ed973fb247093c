// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/processjob.h"
#include "engine/core/result.h"
#include "engine/repro/errorsignature.h"
#include "engine/repro/outcomeclassifier.h"
#include "engine/repro/pythonenvironment.h"
#include "engine/repro/sandboxrunner.h"

#include <QElapsedTimer>
#include <QList>
#include <QMetaType>
#include <QObject>
#include <QPointer>
#include <QProcess>
#include <QString>
#include <QStringList>

class ReproSeries;

// One environment in a bisection and what its run said.
struct BisectProbe
{
    enum class State
    {
        Unknown,    // not run (yet)
        Reproduces, // the reported error or a crash by signal
        Passes,
        Skipped, // cannot tell: the package is missing or does not import, another error, a timeout
    };
    PythonEnvironment environment;
    QString version; // of the bisected package in this environment
    State state = State::Unknown;
    QString reason; // for Skipped: why; otherwise the outcome's detail
    int round = 0;  // the round it ran in (0: never ran)
    QString ratio;  // "1/1 reproduced"
    qint64 durationMs = 0;

    bool known() const { return state == State::Reproduces || state == State::Passes; }
    static QString stateName(State state);
};

// Where the outcome changes between two neighbouring versions that ran.
struct BisectBoundary
{
    QString fromVersion;        // the older side
    QString toVersion;          // the newer side
    bool fixed = false;         // reproduces → passes (a fix); else passes → reproduces (a regression)
    QStringList skippedBetween; // versions between them that could not run: the change is in one of them
                                // too, as `git bisect` says when it must skip

    bool exact() const { return skippedBetween.isEmpty(); }
};

struct BisectResult
{
    QString package;
    QList<BisectProbe> probes; // ordered by version, oldest first; environments without the package last
    QList<BisectBoundary> boundaries;
    int rounds = 0;
    int runs = 0;
    int concurrency = 1;
    qint64 elapsedMs = 0;

    // The newest fix and the newest regression, when found.
    const BisectBoundary *fix() const;
    const BisectBoundary *regression() const;
    QString summary() const; // one line for a person
};

struct BisectorOptions
{
    QString package = QStringLiteral("torch"); // whose version orders the environments
    ErrorSignature expected;                   // the reported error; empty: any failure counts as reproducing
    QString knownBad;                          // an environment where it is known to reproduce (the reporter's)
    int probesPerRound = 3;                    // the playbook's two or three probes
    int concurrency = 0;                       // parallel sandboxes; 0: as many cores as the probes can use
    int runsPerProbe = 1;
};

// Orders environments by a package's version and bisects for the versions where the repro's outcome
// changes. Each round probes up to `probesPerRound` environments, spread evenly over the open ranges, in
// parallel; an environment that cannot run the repro is skipped like `git bisect run`'s exit 125 and its
// neighbours take its place. The first round runs the oldest and newest versions (and `knownBad`).
// Ends with exactly one finished(): a bisection that ran to its end is a value, also when no environment could
// run the repro or the outcome never changed; cancel() ends it with a Cancelled error whose partial() keeps what
// is known.
class ReproBisector final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReproBisector)

public:
    explicit ReproBisector(QObject *parent = nullptr);
    ~ReproBisector() override;

    // `base` carries the script and the limits; its environment is replaced per probe.
    void start(const SandboxRequest &base, const QList<PythonEnvironment> &environments,
               const BisectorOptions &options = {});
    void cancel();

    // The probes to run next, as indices into `probes` (sorted by version); empty when the search is over.
    static QList<int> plan(const QList<BisectProbe> &probes, int probesPerRound, int knownBad, bool firstRound);
    static QList<BisectBoundary> boundaries(const QList<BisectProbe> &probes);
    static int compareVersions(const QString &a, const QString &b);

Q_SIGNALS:
    void probeFinished(const BisectProbe &probe);
    void roundStarted(int round, const QStringList &versions);
    void finished(const Result<BisectResult> &result);

private:
    void lookUpNextVersion();
    void order();
    void nextRound();
    void launchQueued();
    void onProbeDone(int index, const ReproSeriesSummary &summary, qint64 durationMs);
    void finish();

    SandboxRequest m_base;
    BisectorOptions m_options;
    QList<PythonEnvironment> m_environments;
    QList<BisectProbe> m_probes;
    qsizetype m_lookup = 0;
    QPointer<ProcessJob> m_lookupProcess;
    int m_knownBad = -1;
    QList<int> m_queue;
    int m_running = 0;
    QList<QPointer<ReproSeries>> m_series;
    BisectResult m_result;
    QElapsedTimer m_clock;
    bool m_cancelled = false;
    bool m_done = false;
};

Q_DECLARE_METATYPE(BisectProbe)
Q_DECLARE_METATYPE(BisectResult)
Q_DECLARE_METATYPE(Result<BisectResult>)
