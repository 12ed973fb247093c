// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/result.h"
#include "engine/repro/pythonenvironment.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <functional>

// Python environments built by tests and benchmarks themselves, offline: a virtualenv without pip, and
// optionally one small package of ours installed by hand at a chosen version (its METADATA is what
// importlib.metadata and the bisector read).
namespace TestVenv {
// What a probe without conda finds: the system python3 first, then `configured`; empty when it does not
// answer within `timeoutMs`.
QList<PythonEnvironment> probe(const QList<PythonEnvironment> &configured = {}, int timeoutMs = 60000);

// Returns `prefix`, or an empty string when the environment could not be made.
QString create(const QString &python, const QString &pythonVersion, const QString &prefix, const QString &package = {},
               const QString &version = {}, const QByteArray &source = {});

// One environment a test configures: the setting's name, and the small package's version in it (empty: the
// environment has no package).
struct Wanted
{
    QString name;
    QString version;
};
// The package's __init__.py at a version.
using SourceAt = std::function<QByteArray(const QString &version)>;
// Makes each wanted environment in `folder` (its prefix: the folder's entry of its name) with `python`, `package`
// in it at its version, configures them as a user's setting `name=prefix` would, and probes them. Returns the
// probed environments in the order wanted, without the system python3 the probe finds first; or which one could
// not be made or configured, or that the probe did not answer within `timeoutMs`.
Result<QList<PythonEnvironment>> configure(const PythonEnvironment &python, const QString &folder,
                                           const QList<Wanted> &wanted, const QString &package, const SourceAt &source,
                                           int timeoutMs = 120000);

// A bug of the small package: raised from version `introduced` on, gone from `fixed` on (empty: never fixed).
struct Bug
{
    QString function;
    QString introduced;
    QString fixed;
    QString error; // "ExcClass: message"
};
bool buggyIn(const Bug &bug, const QString &version);
// The package's __init__.py at `version`: its __version__ and one function per bug, raising the bug's error
// while the version has it.
QByteArray packageSource(const QList<Bug> &bugs, const QString &version);
} // namespace TestVenv
