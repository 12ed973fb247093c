// SPDX-License-Identifier: MIT
#include "engine/repro/pythonenvironment.h"

#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <optional>

using namespace Qt::StringLiterals;

// The probe asks real processes: the system python3, and configured "interpreters" that are small shell scripts
// answering as an interpreter would (or failing as one can), each a ProcessJob of its own.
class tst_PythonEnvironmentProbe final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void asksEachInterpreter_data();
    void asksEachInterpreter();
    void cancelEndsOnceWithWhatWasFound();

private:
    // An executable `python` in `dir` with `body` as its shell script; the configured environment for it.
    static std::optional<PythonEnvironment> fakeInterpreter(const QTemporaryDir &dir, const QByteArray &body);
    static Result<QList<PythonEnvironment>> probe(const QList<PythonEnvironment> &configured, int *emissions);
};

std::optional<PythonEnvironment> tst_PythonEnvironmentProbe::fakeInterpreter(const QTemporaryDir &dir,
                                                                             const QByteArray &body)
{
    QFile script(dir.filePath(u"python"_s));
    if (!script.open(QIODevice::WriteOnly) || script.write(body) < 0)
        return std::nullopt;
    script.close();
    if (!script.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner))
        return std::nullopt;
    const Result<PythonEnvironment> env = PythonEnvironment::fromSetting(u"fake="_s + script.fileName());
    return env ? std::optional(env.value()) : std::nullopt;
}

Result<QList<PythonEnvironment>> tst_PythonEnvironmentProbe::probe(const QList<PythonEnvironment> &configured,
                                                                   int *emissions)
{
    PythonEnvironmentProbe probe;
    probe.setDiscoverConda(false);
    probe.setConfigured(configured);
    std::optional<Result<QList<PythonEnvironment>>> found;
    connect(&probe, &PythonEnvironmentProbe::finished, &probe, [&](const Result<QList<PythonEnvironment>> &r) {
        found.emplace(r);
        ++*emissions;
    });
    QSignalSpy done(&probe, &PythonEnvironmentProbe::finished);
    probe.start();
    if (!found && !done.wait(90000))
        return Error::failed(u"the probe did not finish"_s);
    return *found;
}

void tst_PythonEnvironmentProbe::asksEachInterpreter_data()
{
    QTest::addColumn<QByteArray>("script");
    QTest::addColumn<QString>("python");
    QTest::addColumn<QString>("torch");
    QTest::addColumn<QString>("error");

    QTest::addRow("answers")
        << QByteArray("#!/bin/sh\necho '{\"python\": \"3.99.1\", \"torch\": \"2.7.0\", \"prefix\": \"/opt/fake\"}'\n")
        << u"3.99.1"_s << u"2.7.0"_s << QString();
    QTest::addRow("no torch")
        << QByteArray("#!/bin/sh\necho '{\"python\": \"3.98.0\", \"torch\": null, \"prefix\": \"/opt/fake\"}'\n")
        << u"3.98.0"_s << QString() << QString();
    QTest::addRow("exits non-zero") << QByteArray("#!/bin/sh\necho 'Traceback' >&2\necho 'ImportError: no json' >&2\n"
                                                  "exit 3\n")
                                    << QString() << QString()
                                    << u"the interpreter failed (exit 3): ImportError: no json"_s;
    QTest::addRow("says nothing") << QByteArray("#!/bin/sh\nexit 0\n") << QString() << QString()
                                  << u"the interpreter gave no version"_s;
    QTest::addRow("cannot start") << QByteArray("#!/nonexistent/interpreter\n") << QString() << QString()
                                  << u"the interpreter could not start"_s;
}

void tst_PythonEnvironmentProbe::asksEachInterpreter()
{
    QFETCH(QByteArray, script);
    QFETCH(QString, python);
    QFETCH(QString, torch);
    QFETCH(QString, error);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::optional<PythonEnvironment> fake = fakeInterpreter(dir, script);
    QVERIFY(fake);
    int emissions = 0;
    const Result<QList<PythonEnvironment>> found = probe({*fake}, &emissions);
    QCOMPARE(emissions, 1);
    QVERIFY2(found.ok(), qPrintable(found.error())); // an interpreter that cannot be asked is a value too
    QCOMPARE(found->size(), 2);

    // The real system interpreter comes first.
    const PythonEnvironment &system = found->at(0);
    QCOMPARE(system.name, u"system"_s);
    QVERIFY2(system.isUsable(), qPrintable(system.probeError));
    QVERIFY2(system.pythonVersion.startsWith(u"3."_s), qPrintable(system.pythonVersion));

    const PythonEnvironment &env = found->at(1);
    QCOMPARE(env.name, u"fake"_s);
    QCOMPARE(env.pythonVersion, python);
    QCOMPARE(env.torchVersion, torch);
    QCOMPARE(env.probeError, error);
    QCOMPARE(env.isUsable(), error.isEmpty());
}

void tst_PythonEnvironmentProbe::cancelEndsOnceWithWhatWasFound()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::optional<PythonEnvironment> slow = fakeInterpreter(dir, "#!/bin/sh\nexec sleep 30\n");
    QVERIFY(slow);
    PythonEnvironmentProbe probe;
    probe.setDiscoverConda(false);
    probe.setConfigured({*slow});
    std::optional<Result<QList<PythonEnvironment>>> found;
    int emissions = 0;
    connect(&probe, &PythonEnvironmentProbe::finished, this, [&](const Result<QList<PythonEnvironment>> &r) {
        found.emplace(r);
        ++emissions;
    });
    QSignalSpy done(&probe, &PythonEnvironmentProbe::finished);
    QElapsedTimer clock;
    clock.start();
    probe.start();
    QTimer::singleShot(1000, &probe, &PythonEnvironmentProbe::cancel);
    QVERIFY(done.wait(20000));
    QVERIFY2(clock.elapsed() < 15000, qPrintable(QString::number(clock.elapsed()))); // not the sleeper's 30 s
    QTest::qWait(100);                                                               // nothing more comes
    QCOMPARE(emissions, 1);
    QVERIFY(!found->ok());
    QCOMPARE(found->errorKind(), ErrorKind::Cancelled);
    QVERIFY(found->partial());
    QCOMPARE(found->partial()->size(), 2); // what was found so far: the system and the configured one
    QVERIFY(!found->partial()->at(1).isProbed());
}

QTEST_GUILESS_MAIN(tst_PythonEnvironmentProbe)
#include "tst_pythonenvironmentprobe.moc"
