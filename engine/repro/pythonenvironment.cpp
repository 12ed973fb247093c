// SPDX-License-Identifier: MIT
#include "engine/repro/pythonenvironment.h"

#include "engine/core/processjob.h"

#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>
#include <QStandardPaths>

using namespace Qt::StringLiterals;

namespace {

struct Versions
{
    QString python;
    QString torch;
    QString error;
};

QHash<QString, Versions> &cache()
{
    static QHash<QString, Versions> versions;
    return versions;
}

// Reads versions without importing torch when package metadata has them (fast); imports otherwise.
const char ProbeCode[] = R"(import json, sys
torch = None
try:
    import importlib.metadata as metadata
    torch = metadata.version("torch")
except Exception:
    try:
        import torch as _t
        torch = _t.__version__
    except Exception:
        torch = None
print(json.dumps({"python": sys.version.split()[0], "torch": torch, "prefix": sys.prefix}))
)";

QString interpreterIn(const QString &prefix)
{
    for (const QString &candidate : {u"/bin/python"_s, u"/bin/python3"_s}) {
        if (QFileInfo(prefix + candidate).isExecutable())
            return prefix + candidate;
    }
    return {};
}

} // namespace

QString PythonEnvironment::kindName(Kind kind)
{
    switch (kind) {
    case Kind::System:
        return u"system"_s;
    case Kind::Virtualenv:
        return u"virtualenv"_s;
    case Kind::Conda:
        return u"conda"_s;
    }
    return {};
}

QString PythonEnvironment::label() const
{
    if (!probeError.isEmpty())
        return u"%1 — unavailable: %2"_s.arg(name, probeError);
    if (pythonVersion.isEmpty())
        return name;
    return u"%1 — Python %2, %3"_s.arg(name, pythonVersion,
                                       torchVersion.isEmpty() ? u"no torch"_s : u"torch "_s + torchVersion);
}

PythonEnvironment PythonEnvironment::system()
{
    PythonEnvironment env;
    env.name = u"system"_s;
    env.kind = Kind::System;
    env.interpreter = QStandardPaths::findExecutable(u"python3"_s);
    if (env.interpreter.isEmpty())
        env.probeError = u"python3 is not on PATH"_s;
    return env;
}

Result<PythonEnvironment> PythonEnvironment::fromSetting(const QString &setting)
{
    const qsizetype eq = setting.indexOf(u'=');
    if (eq <= 0)
        return Error{u"An environment setting reads NAME=PATH, not \"%1\"."_s.arg(setting)};
    PythonEnvironment env;
    env.name = setting.left(eq).trimmed();
    const QString path = QDir::cleanPath(setting.mid(eq + 1).trimmed());
    const QFileInfo info(path);
    if (info.isDir()) {
        env.prefix = path;
        env.interpreter = interpreterIn(path);
    } else if (info.isExecutable()) {
        env.interpreter = path;
        env.prefix = QDir::cleanPath(info.absolutePath() + u"/.."_s);
    }
    if (env.interpreter.isEmpty())
        return Error{u"No Python interpreter under %1."_s.arg(path)};
    env.kind = QFileInfo::exists(env.prefix + u"/conda-meta"_s) ? Kind::Conda : Kind::Virtualenv;
    return env;
}

QList<PythonEnvironment> PythonEnvironment::configured(QStringList *problems)
{
    QStringList settings = QSettings().value(u"repro/environments"_s).toStringList();
    settings += qEnvironmentVariable("TRIAGE_REPRO_ENVIRONMENTS").split(u';', Qt::SkipEmptyParts);
    QList<PythonEnvironment> out;
    for (const QString &setting : std::as_const(settings)) {
        const Result<PythonEnvironment> env = fromSetting(setting);
        if (env)
            out << env.value();
        else if (problems)
            *problems << env.error();
    }
    return out;
}

QList<PythonEnvironment> PythonEnvironment::parseCondaEnvList(const QByteArray &json)
{
    QList<PythonEnvironment> out;
    const QJsonObject root = QJsonDocument::fromJson(json).object();
    const QJsonArray envs = root.value(u"envs"_s).toArray();
    const QString rootPrefix = root.value(u"root_prefix"_s).toString();
    for (const QJsonValue &value : envs) {
        const QString prefix = QDir::cleanPath(value.toString());
        if (prefix.isEmpty())
            continue;
        PythonEnvironment env;
        env.kind = Kind::Conda;
        env.prefix = prefix;
        env.name = (prefix == QDir::cleanPath(rootPrefix) || (rootPrefix.isEmpty() && out.isEmpty()))
                       ? u"base"_s
                       : QFileInfo(prefix).fileName();
        env.interpreter = interpreterIn(prefix);
        if (env.interpreter.isEmpty())
            env.probeError = u"no python in this conda env"_s;
        out << env;
    }
    return out;
}

PythonEnvironmentProbe::PythonEnvironmentProbe(QObject *parent)
    : QObject(parent)
{}

PythonEnvironmentProbe::~PythonEnvironmentProbe()
{
    if (m_process) // its job kills and reaps the process
        m_process->disconnect(this);
}

bool PythonEnvironmentProbe::applyCached(PythonEnvironment &environment)
{
    const auto it = cache().constFind(environment.interpreter);
    if (it == cache().constEnd())
        return false;
    environment.pythonVersion = it->python;
    environment.torchVersion = it->torch;
    environment.probeError = it->error;
    return true;
}

ProcessJob *PythonEnvironmentProbe::launch(const QString &program, const QStringList &arguments, const QString &what)
{
    ProcessSpec spec;
    spec.program = program;
    spec.arguments = arguments;
    // Run from a neutral folder so a local `torch/` directory cannot shadow the installed package.
    spec.workingDirectory = QDir::tempPath();
    spec.timeoutMs = 60000;
    spec.what = what;
    auto *job = new ProcessJob(spec, this);
    m_process = job;
    return job;
}

void PythonEnvironmentProbe::start()
{
    m_environments.clear();
    m_environments << PythonEnvironment::system();
    for (const PythonEnvironment &env : std::as_const(m_configured))
        m_environments << env;
    const QString conda = qEnvironmentVariable("CONDA_EXE", QStandardPaths::findExecutable(u"conda"_s));
    if (m_discoverConda && !conda.isEmpty() && QFileInfo(conda).isExecutable()) {
        ProcessJob *job = launch(conda, {u"env"_s, u"list"_s, u"--json"_s}, u"conda"_s);
        connect(job, &ProcessJob::finished, this, [this, job](const Result<ProcessOutcome> &outcome) {
            job->deleteLater();
            if (outcome && outcome->succeeded()) {
                for (const PythonEnvironment &env : PythonEnvironment::parseCondaEnvList(outcome->standardOutput)) {
                    const bool known = std::any_of(m_environments.cbegin(), m_environments.cend(),
                                                   [&](const PythonEnvironment &e) { return e.prefix == env.prefix; });
                    if (!known)
                        m_environments << env;
                }
            }
            probeNext();
        });
        job->start();
        return;
    }
    probeNext();
}

void PythonEnvironmentProbe::cancel()
{
    finish(Result<QList<PythonEnvironment>>(Error::cancelled(tr("the search for Python environments was cancelled")),
                                            m_environments));
}

void PythonEnvironmentProbe::probeNext()
{
    if (m_done)
        return;
    while (m_next < m_environments.size()) {
        PythonEnvironment &env = m_environments[m_next];
        if (env.interpreter.isEmpty() || applyCached(env)) {
            ++m_next;
            continue;
        }
        const QString interpreter = env.interpreter;
        ProcessJob *job = launch(interpreter, {u"-I"_s, u"-c"_s, QString::fromLatin1(ProbeCode)}, u"the interpreter"_s);
        connect(job, &ProcessJob::finished, this, [this, job, interpreter](const Result<ProcessOutcome> &outcome) {
            job->deleteLater();
            Versions versions;
            if (!outcome) {
                versions.error = u"the interpreter could not start"_s;
            } else if (!outcome->succeeded()) {
                versions.error =
                    u"the interpreter failed (exit %1): %2"_s.arg(outcome->exitCode).arg(outcome->lastErrorLine());
            } else {
                const QJsonObject answer = QJsonDocument::fromJson(outcome->standardOutput).object();
                versions.python = answer.value(u"python"_s).toString();
                versions.torch = answer.value(u"torch"_s).toString();
                if (m_environments[m_next].prefix.isEmpty())
                    m_environments[m_next].prefix = answer.value(u"prefix"_s).toString();
                if (versions.python.isEmpty())
                    versions.error = u"the interpreter gave no version"_s;
            }
            cache().insert(interpreter, versions);
            applyCached(m_environments[m_next]);
            ++m_next;
            probeNext();
        });
        job->start();
        return;
    }
    finish(m_environments);
}

void PythonEnvironmentProbe::finish(const Result<QList<PythonEnvironment>> &result)
{
    if (m_done)
        return;
    m_done = true;
    if (m_process) { // cancelled while it runs: its job kills and reaps it
        m_process->disconnect(this);
        m_process->deleteLater();
    }
    Q_EMIT finished(result);
}
