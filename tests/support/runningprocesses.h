// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QString>

// What the sandbox tests and benchmarks look at to see that a run left nothing behind.
namespace RunningProcesses {

// Whether any process whose command line contains `marker` runs (read from /proc).
inline bool any(const QByteArray &marker)
{
    QDirIterator it(QStringLiteral("/proc"), QDir::Dirs | QDir::NoDotAndDotDot);
    while (it.hasNext()) {
        QFile cmdline(it.next() + QStringLiteral("/cmdline"));
        if (cmdline.open(QIODevice::ReadOnly) && cmdline.readAll().contains(marker))
            return true;
    }
    return false;
}

} // namespace RunningProcesses
