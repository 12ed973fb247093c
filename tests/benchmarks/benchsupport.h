// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>

#include <memory>

class QFile;
class QTextStream;

// What every benchmark needs to print its figures and find its data.
namespace Bench {
QTextStream &out();
// Peak resident memory (VmHWM) as the kernel reports it, e.g. "48648 kB".
QString peakMemory();
// Removes `name VALUE` from the arguments and returns VALUE; empty when absent.
QString takeOption(QStringList &arguments, const QString &name);
// The first remaining argument, else the dev set beside the repository (../shared/eval/dev/FILE).
QString dataset(const QStringList &arguments, const QString &devFile);
// The dataset opened for reading; null when it is absent (a skip, *status 0: a user's clone has no ../shared)
// or unreadable (*status 1), with the reason printed.
std::unique_ptr<QFile> openDataset(const QString &path, int *status);
} // namespace Bench
