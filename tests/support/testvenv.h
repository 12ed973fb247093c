// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QString>

// Python environments built by tests and benchmarks themselves, offline: a virtualenv without pip, and
// optionally one small package of ours installed by hand at a chosen version (its METADATA is what
// importlib.metadata and the bisector read).
namespace TestVenv {
// Returns `prefix`, or an empty string when the environment could not be made.
QString create(const QString &python, const QString &pythonVersion, const QString &prefix, const QString &package = {},
               const QString &version = {}, const QByteArray &source = {});
} // namespace TestVenv
