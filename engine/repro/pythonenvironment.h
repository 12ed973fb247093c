// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/result.h"

#include <QList>
#include <QMetaType>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

class ProcessJob;

// An interpreter a repro can run under: the system python3, a virtualenv or a conda env (`pytorch-2.6`).
struct PythonEnvironment
{
    enum class Kind
    {
        System,
        Virtualenv,
        Conda,
    };
    QString name;
    Kind kind = Kind::System;
    QString interpreter; // absolute path of the python executable
    QString prefix;      // the environment's root (sys.prefix)
    QString pythonVersion;
    QString torchVersion; // empty when torch is not installed there
    QString probeError;   // set when the interpreter could not be asked

    bool isProbed() const { return !pythonVersion.isEmpty() || !probeError.isEmpty(); }
    bool isUsable() const { return !interpreter.isEmpty() && probeError.isEmpty(); }
    QString label() const; // "pytorch-2.6 — Python 3.11.9, torch 2.6.0"
    static QString kindName(Kind kind);

    // The system interpreter (`python3` on PATH), unprobed.
    static PythonEnvironment system();
    // A configured virtualenv or conda prefix, from a `NAME=PATH` setting (PATH: a prefix or an interpreter).
    static Result<PythonEnvironment> fromSetting(const QString &setting);
    // What the reviewer configured, for the CLI and the panel alike: settings `repro/environments` (NAME=PATH
    // each), then the TRIAGE_REPRO_ENVIRONMENTS variable (NAME=PATH;NAME=PATH). Those that do not parse are left
    // out, and their errors added to `problems` when given.
    static QList<PythonEnvironment> configured(QStringList *problems = nullptr);
    // `conda env list --json` → one Conda environment per prefix; the root one is called `base`.
    static QList<PythonEnvironment> parseCondaEnvList(const QByteArray &json);
};

// Discovers environments (system, configured, conda) and asks each interpreter once for its Python and
// torch versions (a ProcessJob each: a minute at most, killed and reaped); answers are cached for the life of
// the process. Emits finished() exactly once: the environments found, an interpreter that could not be asked
// among them with its probeError; a Cancelled error, with the environments found so far, after cancel().
class PythonEnvironmentProbe final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PythonEnvironmentProbe)

public:
    explicit PythonEnvironmentProbe(QObject *parent = nullptr);
    ~PythonEnvironmentProbe() override;

    void setConfigured(const QList<PythonEnvironment> &environments) { m_configured = environments; }
    void setDiscoverConda(bool discover) { m_discoverConda = discover; }
    void start();
    // Ends the probe now (a running interpreter or conda is killed); safe at any time, also from a slot.
    void cancel();

    // Cached versions for an interpreter, if it was probed before.
    static bool applyCached(PythonEnvironment &environment);

Q_SIGNALS:
    void finished(const Result<QList<PythonEnvironment>> &environments);

private:
    void probeNext();
    void finish(const Result<QList<PythonEnvironment>> &result);
    ProcessJob *launch(const QString &program, const QStringList &arguments, const QString &what);

    QList<PythonEnvironment> m_configured;
    QList<PythonEnvironment> m_environments;
    qsizetype m_next = 0;
    bool m_discoverConda = true;
    bool m_done = false;
    QPointer<ProcessJob> m_process;
};

Q_DECLARE_METATYPE(PythonEnvironment)
