// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/processjob.h"
#include "engine/core/result.h"
#include "engine/repro/errorsignature.h"
#include "engine/repro/outcomeclassifier.h"
#include "engine/repro/sandboxrunner.h"

#include <QElapsedTimer>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QObject>
#include <QPointer>
#include <QProcess>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

struct MinimizerOptions
{
    ErrorSignature expected; // the reported error; empty: taken from the original's first failing run
    int stopLines = 20;      // done at or under this many non-blank non-import lines; 0: reduce to a fixed point
    int roundsWithoutGain = 2;
    int minStepTimeoutMs = 30 * 1000; // the per-candidate timeout derived from the original lies in this range
    int maxStepTimeoutMs = 60 * 1000;
    int baselineRuns = 3;  // runs of the original: its signature, duration and flakiness
    int flakyRechecks = 3; // further runs of a candidate that missed, when the original is flaky
    int maxRuns = 1500;    // a budget, so a pathological script cannot keep the sandbox busy forever
};

// What a minimization keeps and what it ended with.
struct MinimizeResult
{
    QString original;
    QString minimized;        // the best so far when cancelled; the original when nothing smaller kept the signature
    QString diff;             // unified, original → minimized
    ErrorSignature signature; // exception class + distinctive substring kept at every step…
    int signal = 0;           // …or the signal the original was killed by
    bool flaky = false;       // the original's baseline runs disagreed
    QString baselineRatio;    // "2/3 reproduced"
    int originalLines = 0;    // non-blank non-import lines
    int finalLines = 0;
    int originalNonBlank = 0;
    int finalNonBlank = 0;
    int runs = 0;     // sandbox runs, baseline included
    int rechecks = 0; // runs of a candidate again after it missed, because the original is flaky
    int rounds = 0;
    int stepTimeoutMs = 0;
    qint64 elapsedMs = 0;
    QStringList steps; // the accepted simplifications, in order
    // What the bug needs, learnt from a simpler variant that ran clean: "the inductor backend (it does not fail
    // with aot_eager)", "CUDA (it does not fail on the CPU)". For the report's trigger conditions.
    QStringList conditions;

    bool changed() const { return minimized != original; }
    QString signatureText() const; // "ValueError: bad shape" or "SIGSEGV (segmentation fault)"

    // Lines that count for the playbook's stop rule: not blank, not a comment, not an import, and not
    // irreducible boilerplate: a tensor subclass's required dunder methods (__new__, __init__,
    // __torch_dispatch__, __torch_function__, __tensor_flatten__, __tensor_unflatten__, __repr__).
    static int codeLines(const QString &source);
    static int nonBlankLines(const QString &source);
};

// Shrinks a failing script while it keeps failing the same way (delta debugging over Python statements).
// Our `ast`-based helper (resources/repro/minimize_repro.py) proposes candidates, pass by pass in the scrub
// playbook's strategies: first the simpler variants (a simpler backend, the CPU, float32, smaller nn sizes; one
// that runs clean names a condition of the bug), then unused imports, statements and blocks (halves down to
// single statements), unwrapping control flow and no-argument functions called once, smaller integer arguments. Each
// candidate runs in the sandbox; the first one that keeps the signature becomes the best. Stops at the line threshold
// or after `roundsWithoutGain` full rounds without gain. Ends with exactly one finished(): a minimization that ran
// is a value (also when a helper call stopped it early: its steps say why); nothing to minimize (the original does
// not fail the way it should) is a Failed error and a sandbox that refuses a Refused one, cancel() a Cancelled one;
// each hands the work so far (the best so far, the runs) as partial().
class ReproMinimizer final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReproMinimizer)

public:
    explicit ReproMinimizer(QObject *parent = nullptr);
    ~ReproMinimizer() override;

    // `base` carries the environment, limits, hash seed and launcher; its script fields are replaced.
    void start(const QString &source, const SandboxRequest &base, const MinimizerOptions &options = {});
    void cancel();

    void setPython(const QString &interpreter) { m_python = interpreter; } // runs the helper (host python3)
    static Result<QString> helperPath();
    static QStringList passes();

Q_SIGNALS:
    void progress(int round, const QString &pass, int runs, int bestLines);
    void bestChanged(const QString &source, int lines, const QString &step);
    // After every sandbox run (baseline, candidate or recheck): the runs used so far.
    void runFinished(int runs);
    void finished(const Result<MinimizeResult> &result);

private:
    void runBaseline();
    void onBaselineRun(const Result<SandboxRunResult> &ran);
    void requestCandidates();
    void tryNext();
    void runCandidate(int attempt);
    void onCandidateRun(const Result<SandboxRunResult> &ran, int attempt);
    void accept();
    void nextPass();
    void finish(const std::optional<Error> &error = std::nullopt);
    void emitFinished();
    bool keepsSignature(const ReproOutcome &outcome) const;
    void callHelper(const QJsonObject &request, const std::function<void(const Result<QJsonObject> &)> &done);
    void startRun(const QString &source, int timeoutMs,
                  const std::function<void(const Result<SandboxRunResult> &)> &done);

    struct Candidate
    {
        QString description;
        QString source;
        QString condition; // "simpler" candidates: what the bug needs when this one runs clean
    };

    QString m_python;
    SandboxRequest m_base;
    MinimizerOptions m_options;
    MinimizeResult m_result;
    std::optional<Error> m_error; // why it stopped short, if it did (cancelled: set by finish())
    QString m_best;
    QList<ReproOutcome> m_baseline;
    qint64 m_firstDurationMs = 0;
    QStringList m_passes;
    int m_pass = 0;
    bool m_gainThisRound = false;
    int m_roundsWithoutGain = 0;
    QList<Candidate> m_candidates;
    int m_index = 0;
    QHash<QByteArray, bool> m_tried; // candidate hash → kept the signature
    QPointer<SandboxRunner> m_runner;
    QPointer<ProcessJob> m_helper;
    QElapsedTimer m_clock;
    bool m_cancelled = false;
    bool m_finishing = false;
    bool m_done = false;
};

Q_DECLARE_METATYPE(MinimizeResult)
Q_DECLARE_METATYPE(Result<MinimizeResult>)
