// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/processjob.h"
#include "engine/core/result.h"
#include "engine/repro/pythonenvironment.h"

#include <QByteArray>
#include <QMetaType>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

// What a repro needs (from its `ast` and the issue) against what the chosen environment has (torch's build,
// GPUs, NCCL, installed modules); known before anything runs.
struct ReproNeeds
{
    bool parsed = false;
    int gpus = 0; // CUDA GPUs it needs
    bool nccl = false;
    int worldSize = 0;     // ranks, when it launches several
    QString launcher;      // "torchrun", "mp.spawn", "multiprocessing" or empty
    QStringList packages;  // imports not installed in the environment
    QStringList downloads; // calls that fetch from the network
    int haveGpus = 0;
    bool haveNccl = false;
    QString torchVersion;
    QStringList unmet;    // "2 CUDA GPUs", "NCCL", "the package transformers", "a download (…)"
    bool hasCheck = true; // an assert, a raise, an exit or a test call: the script can fail by itself
    bool prints = false;
    bool seesCompileSymptoms = false; // fullgraph=True, export, explain, a compile counter: graph breaks fail
    QString cpuVariant;               // the script with nccl→gloo, cuda→cpu, .cuda() dropped; when that is all it lacks
    QString cpuVariantDiff;
    QString assertCloseVariant; // the print-only script with torch.testing.assert_close of its two results
    QString assertCloseDiff;

    bool canRunHere() const { return unmet.isEmpty(); }
    // "can run here" or "cannot run here: needs 2 CUDA GPUs and NCCL; this machine has no CUDA GPU and no NCCL".
    QString summary() const;
    static Result<ReproNeeds> parse(const QByteArray &json);
};

// Runs resources/repro/repro_needs.py with the environment's interpreter: the script is parsed, never run;
// torch is imported to read its build. Emits finished() exactly once.
class ReproNeedsProbe final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReproNeedsProbe)

public:
    explicit ReproNeedsProbe(QObject *parent = nullptr);
    ~ReproNeedsProbe() override;

    // `ranks`: the launcher's rank count (torchrun --nproc_per_node); `issueText`: for the GPU count it states;
    // `hangReported`: a hang needs what makes it possible here (threads for a fork-after-OpenMP hang).
    void start(const QString &code, const PythonEnvironment &environment, int ranks = 0, const QString &issueText = {},
               bool hangReported = false);
    void setTimeout(int milliseconds) { m_timeoutMs = milliseconds; }

    // "8 GPUs", "2x A100", "two GPUs" in an issue: the count it states, 0 when none.
    static int gpusStatedIn(const QString &issueText);

Q_SIGNALS:
    void finished(const Result<ReproNeeds> &needs);

private:
    void finish(const Result<ReproNeeds> &needs);

    QPointer<ProcessJob> m_process;
    int m_timeoutMs = 120000;
    bool m_done = false;
};

Q_DECLARE_METATYPE(ReproNeeds)
