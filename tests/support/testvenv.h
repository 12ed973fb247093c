// SPDX-License-Identifier: MIT
#pragma once

#include "engine/repro/pythonenvironment.h"

#include <QByteArray>
#include <QList>
#include <QString>

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
