// SPDX-License-Identifier: MIT
#include "tests/support/testvenv.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QVersionNumber>

using namespace Qt::StringLiterals;

namespace TestVenv {

QList<PythonEnvironment> probe(const QList<PythonEnvironment> &configured, int timeoutMs)
{
    PythonEnvironmentProbe probe;
    probe.setDiscoverConda(false);
    probe.setConfigured(configured);
    QList<PythonEnvironment> found;
    QObject::connect(&probe, &PythonEnvironmentProbe::finished, &probe,
                     [&found](const Result<QList<PythonEnvironment>> &r) {
                         if (r)
                             found = r.value();
                     });
    QSignalSpy done(&probe, &PythonEnvironmentProbe::finished);
    probe.start();
    if (!done.wait(timeoutMs))
        return {};
    return found;
}

QString create(const QString &python, const QString &pythonVersion, const QString &prefix, const QString &package,
               const QString &version, const QByteArray &source)
{
    QProcess venv;
    venv.start(python, {u"-m"_s, u"venv"_s, u"--without-pip"_s, prefix});
    if (!venv.waitForFinished(60000) || venv.exitStatus() != QProcess::NormalExit || venv.exitCode() != 0)
        return {};
    if (package.isEmpty())
        return prefix;
    const QVersionNumber py = QVersionNumber::fromString(pythonVersion);
    const QString site =
        u"%1/lib/python%2.%3/site-packages"_s.arg(prefix).arg(py.majorVersion()).arg(py.minorVersion());
    const QString dist = u"%1/%2-%3.dist-info"_s.arg(site, package, version);
    if (!QDir().mkpath(site + u'/' + package) || !QDir().mkpath(dist))
        return {};
    QFile init(site + u'/' + package + u"/__init__.py"_s);
    QFile metadata(dist + u"/METADATA"_s);
    if (!init.open(QIODevice::WriteOnly) || !metadata.open(QIODevice::WriteOnly))
        return {};
    init.write(source);
    metadata.write(u"Metadata-Version: 2.1\nName: %1\nVersion: %2\n"_s.arg(package, version).toUtf8());
    return prefix;
}

Result<QList<PythonEnvironment>> configure(const PythonEnvironment &python, const QString &folder,
                                           const QList<Wanted> &wanted, const QString &package, const SourceAt &source,
                                           int timeoutMs)
{
    QList<PythonEnvironment> configured;
    for (const Wanted &env : wanted) {
        const QString prefix = create(python.interpreter, python.pythonVersion, QDir(folder).filePath(env.name),
                                      env.version.isEmpty() ? QString() : package, env.version,
                                      env.version.isEmpty() ? QByteArray() : source(env.version));
        if (prefix.isEmpty())
            return Error::failed(u"%1: the environment could not be made"_s.arg(env.name));
        const Result<PythonEnvironment> setting = PythonEnvironment::fromSetting(env.name + u'=' + prefix);
        if (!setting)
            return Error::failed(u"%1: %2"_s.arg(env.name, setting.error()));
        configured << setting.value();
    }
    const QList<PythonEnvironment> probed = probe(configured, timeoutMs);
    if (probed.isEmpty())
        return Error::failed(u"the probe did not answer within %1 ms"_s.arg(timeoutMs));
    return probed.mid(1); // without the system one
}

bool buggyIn(const Bug &bug, const QString &version)
{
    const auto compare = [](const QString &a, const QString &b) {
        return QVersionNumber::compare(QVersionNumber::fromString(a), QVersionNumber::fromString(b));
    };
    return compare(version, bug.introduced) >= 0 && (bug.fixed.isEmpty() || compare(version, bug.fixed) < 0);
}

QByteArray packageSource(const QList<Bug> &bugs, const QString &version)
{
    QString code = u"__version__ = \"%1\"\n"_s.arg(version);
    for (const Bug &bug : bugs) {
        code += u"\ndef %1(*args):\n"_s.arg(bug.function);
        if (buggyIn(bug, version))
            code += u"    raise %1(\"%2\")\n"_s.arg(bug.error.section(u':', 0, 0), bug.error.section(u": "_s, 1));
        code += u"    return list(args)\n"_s;
    }
    return code.toUtf8();
}

} // namespace TestVenv
