// SPDX-License-Identifier: MIT
#include "engine/reduction/reprobisector.h"
#include "engine/repro/pythonenvironment.h"
#include "engine/repro/sandboxrunner.h"
#include "tests/support/testvenv.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <memory>

using namespace Qt::StringLiterals;

namespace {

using TestVenv::Bug;
using TestVenv::buggyIn;

// The package's bugs: where each appears and where it is fixed (empty: never).
const QList<Bug> &bugs()
{
    static const QList<Bug> list{
        {u"view"_s, u"1.2"_s, u"1.5"_s, u"ValueError: tcbug view size is not compatible with the input's stride"_s},
        {u"mean"_s, u"1.0"_s, u"1.4"_s, u"ZeroDivisionError: tcbug mean of an empty batch"_s},
        {u"pad"_s, u"1.3"_s, QString(), u"IndexError: tcbug pad width out of range"_s},
    };
    return list;
}

const QStringList Versions{u"1.0"_s, u"1.1"_s, u"1.2"_s, u"1.3"_s, u"1.4"_s, u"1.5"_s, u"1.6"_s};
const QString BrokenVersion = u"1.6"_s; // installed, but it does not import

// The package as installed at one version: each function raises its bug while the version has it; the broken
// version fails on import.
QByteArray packageSource(const QString &version)
{
    QByteArray source = TestVenv::packageSource(bugs(), version);
    if (version == BrokenVersion)
        source += u"raise ImportError(\"tcbug %1: the compiled extension _C is missing\")\n"_s.arg(version).toUtf8();
    return source;
}

} // namespace

// Virtualenvs the test builds, each with our small package `tcbug` at another version, and real sandboxed runs.
class tst_ReproBisector final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void ordersVersions_data();
    void ordersVersions();
    void plansEvenProbes();
    void findsExactBoundaries_data();
    void findsExactBoundaries();
    void cancelKeepsWhatIsKnown();

private:
    Result<BisectResult> bisect(const QString &function, const BisectorOptions &options);

    PythonEnvironment m_python;
    std::unique_ptr<QTemporaryDir> m_home;
    QList<PythonEnvironment> m_envs;
};

void tst_ReproBisector::initTestCase()
{
    const QList<PythonEnvironment> system = TestVenv::probe();
    QVERIFY(!system.isEmpty());
    m_python = system.first();
    QVERIFY2(m_python.isUsable(), qPrintable(m_python.probeError));

    // In the home folder, which the sandbox hides: configured environments are bound back read-only.
    m_home = std::make_unique<QTemporaryDir>(QDir::homePath() + u"/triage-bisect-XXXXXX"_s);
    QVERIFY(m_home->isValid());
    // Not in version order on purpose, and one without the package at all.
    QList<TestVenv::Wanted> wanted{{u"nopkg"_s, QString()}};
    for (const QString &v : Versions)
        wanted.insert(wanted.size() / 2, {u"tcbug-"_s + v, v});
    const Result<QList<PythonEnvironment>> envs =
        TestVenv::configure(m_python, m_home->path(), wanted, u"tcbug"_s, packageSource);
    QVERIFY2(envs.ok(), qPrintable(envs.error()));
    m_envs = envs.value();
    QCOMPARE(m_envs.size(), Versions.size() + 1);
}

void tst_ReproBisector::ordersVersions_data()
{
    QTest::addColumn<QString>("older");
    QTest::addColumn<QString>("newer");
    QTest::addRow("minor") << u"2.5.1"_s << u"2.6.0"_s;
    QTest::addRow("numeric, not lexical") << u"2.9"_s << u"2.10"_s;
    QTest::addRow("local suffix") << u"2.6.0"_s << u"2.6.0+cu124"_s;
    QTest::addRow("patch") << u"1.3"_s << u"1.3.1"_s;
}

void tst_ReproBisector::ordersVersions()
{
    QFETCH(QString, older);
    QFETCH(QString, newer);
    QVERIFY(ReproBisector::compareVersions(older, newer) < 0);
    QVERIFY(ReproBisector::compareVersions(newer, older) > 0);
    QCOMPARE(ReproBisector::compareVersions(newer, newer), 0);
}

void tst_ReproBisector::plansEvenProbes()
{
    // Nine versions, nothing known: the ends and one point between them.
    QList<BisectProbe> probes(9);
    for (int i = 0; i < probes.size(); ++i)
        probes[i].version = u"1.%1"_s.arg(i);
    QCOMPARE(ReproBisector::plan(probes, 3, -1, true), (QList<int>{0, 8, 4}));
    // Ends known and different: three probes split the seven unknown versions into quarters.
    probes[0].state = BisectProbe::State::Reproduces;
    probes[8].state = BisectProbe::State::Passes;
    QCOMPARE(ReproBisector::plan(probes, 3, -1, false), (QList<int>{2, 4, 6}));
    QCOMPARE(ReproBisector::plan(probes, 2, -1, false), (QList<int>{3, 5}));
    // A skipped end hands over to its neighbour.
    probes[8].state = BisectProbe::State::Skipped;
    QCOMPARE(ReproBisector::plan(probes, 1, -1, false), (QList<int>{7}));
    // Same outcome at both ends and nothing between them open: done.
    probes[7].state = BisectProbe::State::Reproduces;
    QVERIFY(ReproBisector::plan(probes, 3, -1, false).isEmpty());
}

Result<BisectResult> tst_ReproBisector::bisect(const QString &function, const BisectorOptions &options)
{
    SandboxRequest base;
    base.scriptText =
        u"import tcbug\n\nprint('tcbug', tcbug.__version__)\ntcbug.%1(3, 4)\nprint('ok')\n"_s.arg(function);
    base.scriptName = u"repro.py"_s;
    base.limits.timeoutMs = 60000;
    ReproBisector bisector;
    QSignalSpy finished(&bisector, &ReproBisector::finished);
    bisector.start(base, m_envs, options);
    if (!finished.wait(300000))
        return Error::failed(u"the bisection did not finish in 5 minutes"_s);
    return get<Result<BisectResult>>(finished.first().first());
}

void tst_ReproBisector::findsExactBoundaries_data()
{
    QTest::addColumn<int>("bug");
    QTest::addColumn<QString>("knownBad");
    QTest::addColumn<int>("probesPerRound");
    QTest::addRow("regression, then a fix; reported on 1.3") << 0 << u"tcbug-1.3"_s << 3;
    QTest::addRow("fixed") << 1 << QString() << 3;
    QTest::addRow("regression") << 2 << QString() << 3;
    QTest::addRow("fixed, two probes a round") << 1 << QString() << 2;
}

void tst_ReproBisector::findsExactBoundaries()
{
    QFETCH(int, bug);
    QFETCH(QString, knownBad);
    QFETCH(int, probesPerRound);
    const Bug &b = bugs().at(bug);

    BisectorOptions options;
    options.package = u"tcbug"_s;
    options.expected = ErrorSignature::parse(b.error);
    options.knownBad = knownBad;
    options.probesPerRound = probesPerRound;
    const Result<BisectResult> bisected = bisect(b.function, options);
    QVERIFY2(bisected.ok(), qPrintable(bisected.error()));
    const BisectResult &result = bisected.value();
    qInfo().noquote() << result.summary();

    // The answer the package's own table implies, among the versions that import.
    QStringList usable = Versions;
    usable.removeAll(BrokenVersion);
    QList<BisectBoundary> expected;
    for (qsizetype i = 1; i < usable.size(); ++i) {
        const bool before = buggyIn(b, usable.at(i - 1));
        const bool after = buggyIn(b, usable.at(i));
        if (before != after)
            expected << BisectBoundary{usable.at(i - 1), usable.at(i), before, {}};
    }
    QCOMPARE(result.boundaries.size(), expected.size());
    for (qsizetype i = 0; i < expected.size(); ++i) {
        QCOMPARE(result.boundaries.at(i).fromVersion, expected.at(i).fromVersion);
        QCOMPARE(result.boundaries.at(i).toVersion, expected.at(i).toVersion);
        QCOMPARE(result.boundaries.at(i).fixed, expected.at(i).fixed);
        QVERIFY(result.boundaries.at(i).exact());
    }
    if (!b.fixed.isEmpty()) {
        QVERIFY(result.fix());
        QCOMPARE(result.fix()->toVersion, b.fixed);
    }

    const int n = int(m_envs.size());
    const int bound = int(std::ceil(std::log2(double(n)))) + 1;
    QVERIFY2(result.rounds <= bound, qPrintable(u"%1 rounds for %2 environments"_s.arg(result.rounds).arg(n)));
    QCOMPARE(result.probes.size(), m_envs.size());

    int ran = 0;
    for (const BisectProbe &p : result.probes) {
        ran += p.round > 0 ? 1 : 0;
        if (p.environment.name == u"nopkg"_s) {
            QCOMPARE(p.state, BisectProbe::State::Skipped);
            QCOMPARE(p.round, 0); // never ran: it has no version to order by
            QVERIFY(p.reason.contains(u"not installed"_s));
        } else if (p.version == BrokenVersion) {
            QCOMPARE(p.state, BisectProbe::State::Skipped); // ran, could not import: like exit 125
            QVERIFY(p.round > 0);
            QVERIFY2(p.reason.contains(u"ImportError"_s), qPrintable(p.reason));
        } else if (p.known()) {
            QCOMPARE(p.state == BisectProbe::State::Reproduces, buggyIn(b, p.version));
        }
    }
    QCOMPARE(result.runs, ran);
    QVERIFY(ran < n); // bisection, not a sweep
    QCOMPARE(result.probes.first().version, u"1.0"_s);
    QCOMPARE(result.probes.last().environment.name, u"nopkg"_s);
}

void tst_ReproBisector::cancelKeepsWhatIsKnown()
{
    SandboxRequest base;
    base.scriptText = u"import tcbug\ntcbug.view(1)\n"_s;
    base.limits.timeoutMs = 60000;
    BisectorOptions options;
    options.package = u"tcbug"_s;
    options.expected = ErrorSignature::parse(bugs().first().error);
    ReproBisector bisector;
    QSignalSpy finished(&bisector, &ReproBisector::finished);
    connect(&bisector, &ReproBisector::probeFinished, this, [&] { bisector.cancel(); });
    bisector.start(base, m_envs, options);
    QVERIFY(finished.wait(120000));
    const auto bisected = get<Result<BisectResult>>(finished.first().first());
    QVERIFY(bisected.cancelled());
    QCOMPARE(bisected.errorKind(), ErrorKind::Cancelled);
    QVERIFY(bisected.partial()); // what is known so far
    const BisectResult &result = *bisected.partial();
    QCOMPARE(result.rounds, 1);
    int known = 0;
    for (const BisectProbe &p : result.probes)
        known += p.known() || (p.state == BisectProbe::State::Skipped && p.round > 0) ? 1 : 0;
    QVERIFY(known >= 1);
    QCOMPARE(finished.size(), 1);
}

QTEST_GUILESS_MAIN(tst_ReproBisector)
#include "tst_reprobisector.moc"
