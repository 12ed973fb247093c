// SPDX-License-Identifier: MIT
#include "engine/core/bundledscript.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QMutex>
#include <QTemporaryDir>

#include <sys/resource.h>

using namespace Qt::StringLiterals;

Result<QString> BundledScript::path(const QString &resource, const QString &what)
{
    static QMutex mutex;
    static QHash<QString, QString> written;
    QMutexLocker lock(&mutex);
    if (const QString known = written.value(resource); !known.isEmpty() && QFile::exists(known))
        return known;
    QFile source(resource);
    if (!source.open(QIODevice::ReadOnly))
        return Error{u"Missing from the resources: %1."_s.arg(what)};
    // Lives until the process exits, then removes itself.
    static QTemporaryDir dir(QDir::tempPath() + u"/triage-scripts-XXXXXX"_s);
    if (!dir.isValid())
        return Error{u"Cannot create a temporary folder for %1: %2"_s.arg(what, dir.errorString())};
    QFile out(dir.filePath(QFileInfo(resource).fileName()));
    if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate) || out.write(source.readAll()) < 0)
        return Error{u"Cannot write %1: %2"_s.arg(what, out.errorString())};
    written.insert(resource, out.fileName());
    return out.fileName();
}

namespace {

void limitHelper()
{
    const rlimit memory{1024UL * 1024 * 1024, 1024UL * 1024 * 1024};
    const rlimit cpu{30, 30};
    const rlimit noFiles{0, 0};
    setrlimit(RLIMIT_AS, &memory);
    setrlimit(RLIMIT_CPU, &cpu);
    setrlimit(RLIMIT_FSIZE, &noFiles);
}

} // namespace

ProcessSpec BundledScript::processSpec(const QString &python, const QStringList &arguments)
{
    ProcessSpec spec;
    spec.program = python;
    spec.arguments = QStringList{u"-I"_s} + arguments;
    spec.childSetup = limitHelper;
    return spec;
}
