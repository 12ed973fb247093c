// SPDX-License-Identifier: MIT
#include "tests/benchmarks/benchsupport.h"

#include <QDir>
#include <QFile>
#include <QTextStream>

using namespace Qt::StringLiterals;

QTextStream &Bench::out()
{
    static QTextStream stream(stdout);
    return stream;
}

QString Bench::peakMemory()
{
    QFile status(u"/proc/self/status"_s);
    if (!status.open(QIODevice::ReadOnly))
        return u"unknown"_s;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return QString::fromLatin1(line.mid(6).trimmed());
    }
    return u"unknown"_s;
}

QString Bench::takeOption(QStringList &arguments, const QString &name)
{
    const qsizetype at = arguments.indexOf(name);
    if (at < 0 || at + 1 >= arguments.size())
        return {};
    const QString value = arguments.at(at + 1);
    arguments.remove(at, 2);
    return value;
}

QString Bench::dataset(const QStringList &arguments, const QString &devFile)
{
    if (!arguments.isEmpty())
        return arguments.constFirst();
    return QDir::cleanPath(QStringLiteral(TRIAGE_SOURCE_DIR) + u"/../shared/eval/dev/"_s + devFile);
}

std::unique_ptr<QFile> Bench::openDataset(const QString &path, int *status)
{
    auto file = std::make_unique<QFile>(path);
    if (!file->exists()) {
        out() << "skipped: " << path << " is absent (it lives beside the repository, in ../shared)" << Qt::endl;
        *status = 0;
        return nullptr;
    }
    if (!file->open(QIODevice::ReadOnly)) {
        out() << "cannot read " << path << ": " << file->errorString() << Qt::endl;
        *status = 1;
        return nullptr;
    }
    return file;
}
