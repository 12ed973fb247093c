// SPDX-License-Identifier: MIT
#include "engine/reduction/reprominimizer.h"
#include "engine/repro/outcomeclassifier.h"
#include "engine/repro/pythonenvironment.h"
#include "engine/repro/sandboxrunner.h"
#include "tests/support/resultspy.h"
#include "tests/support/testdata.h"
#include "tests/support/testvenv.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;

// Real bubblewrap and real python3: padded repros of ours must shrink to their known core, keeping the
// failure they show (exception class + message, or the signal) at every step.
class tst_ReproMinimizer final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void countsCodeLines_data();
    void countsCodeLines();
    void shrinksToCore_data();
    void shrinksToCore();
    void stopsAtTheLineThreshold();
    void keepsFlakyFailure();
    void cancelKeepsBestSoFar();
    void refusesWhatDoesNotFail();
    void simplerCandidates_data();
    void simplerCandidates();
    void learnsWhatTheBugNeeds_data();
    void learnsWhatTheBugNeeds();

private:
    SandboxRequest base() const;
    static Result<MinimizeResult> minimize(ReproMinimizer &minimizer, const QString &source, const SandboxRequest &base,
                                           const MinimizerOptions &options);
    QList<ReproOutcome> rerun(const QString &source, const ErrorSignature &expected, int runs) const;

    PythonEnvironment m_python;
};

void tst_ReproMinimizer::initTestCase()
{
    const QList<PythonEnvironment> environments = TestVenv::probe();
    QVERIFY(!environments.isEmpty());
    m_python = environments.first();
    QVERIFY2(m_python.isUsable(), qPrintable(m_python.probeError));
}

SandboxRequest tst_ReproMinimizer::base() const
{
    SandboxRequest r;
    r.environment = m_python;
    r.scriptName = u"repro.py"_s;
    r.hashSeed = 0;
    r.limits.timeoutMs = 60000;
    return r;
}

Result<MinimizeResult> tst_ReproMinimizer::minimize(ReproMinimizer &minimizer, const QString &source,
                                                    const SandboxRequest &base, const MinimizerOptions &options)
{
    QSignalSpy finished(&minimizer, &ReproMinimizer::finished);
    minimizer.start(source, base, options);
    // Generous: on a shared, loaded machine a fixed-point minimization takes minutes.
    if (!finished.wait(600000))
        return Error::failed(u"the minimization did not finish in 10 minutes"_s);
    return get<Result<MinimizeResult>>(finished.first().first());
}

QList<ReproOutcome> tst_ReproMinimizer::rerun(const QString &source, const ErrorSignature &expected, int runs) const
{
    QList<ReproOutcome> out;
    for (int i = 0; i < runs; ++i) {
        SandboxRequest r = base();
        r.scriptText = source;
        SandboxRunner runner;
        ResultSpy<SandboxRunResult> finished(&runner, &SandboxRunner::finished);
        runner.start(r);
        if (!finished.wait(60000))
            break;
        out << OutcomeClassifier::classify(finished.first(), expected);
    }
    return out;
}

void tst_ReproMinimizer::countsCodeLines_data()
{
    QTest::addColumn<QString>("source");
    QTest::addColumn<int>("code");
    QTest::addColumn<int>("nonBlank");
    QTest::addRow("imports and comments") << u"import os\nfrom a import b\n# note\n\nx = 1\n"_s << 1 << 4;
    QTest::addRow("indented code") << u"def f():\n    return 1\n\n\nf()\n"_s << 3 << 3;
    QTest::addRow("empty") << QString() << 0 << 0;
    QTest::addRow("a name starting with from") << u"fromage = 2\nimported = 3\n"_s << 2 << 2;
    // The playbook: a tensor subclass's required dunder methods are irreducible boilerplate, not complexity.
    const QString subclass = u"import torch\n"
                             u"class Wrapped(torch.Tensor):\n"
                             u"    @staticmethod\n"
                             u"    def __new__(cls, inner):\n"
                             u"        return torch.Tensor._make_wrapper_subclass(cls, inner.shape)\n"
                             u"    def __init__(self, inner):\n"
                             u"        self.inner = inner\n"
                             u"    def __tensor_flatten__(self):\n"
                             u"        return ['inner'], None\n"
                             u"    @staticmethod\n"
                             u"    def __tensor_unflatten__(inner, meta, size, stride):\n"
                             u"        return Wrapped(inner['inner'])\n"
                             u"    @classmethod\n"
                             u"    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):\n"
                             u"        return func(*[a.inner for a in args])\n"
                             u"x = Wrapped(torch.ones(2))\n"
                             u"torch.compile(lambda t: t + 1)(x)\n"_s;
    QTest::addRow("tensor subclass dunders do not count") << subclass << 2 << 17;
    QString extra = subclass;
    extra.replace(u"x = Wrapped"_s, u"    def scale(self):\n        return self.inner * 2\nx = Wrapped"_s);
    QTest::addRow("its other methods do") << extra << 4 << 19;
    QTest::addRow("a plain class's dunders do")
        << u"class Box:\n    def __init__(self):\n        self.v = 1\nBox()\n"_s << 4 << 4;
}

void tst_ReproMinimizer::countsCodeLines()
{
    QFETCH(QString, source);
    QFETCH(int, code);
    QFETCH(int, nonBlank);
    QCOMPARE(MinimizeResult::codeLines(source), code);
    QCOMPARE(MinimizeResult::nonBlankLines(source), nonBlank);
}

void tst_ReproMinimizer::shrinksToCore_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("expect"); // empty: the minimizer takes the signature from the first run
    QTest::addColumn<int>("signal");
    QTest::addColumn<int>("coreLines"); // non-blank non-import lines of the known core, at most
    QTest::addColumn<QString>("coreText");
    QTest::addRow("reshape in a model script")
        << u"padded_reshape.py"_s << u"RuntimeError: is invalid for input of size"_s << 0 << 5 << u"raise"_s;
    QTest::addRow("renamed state-dict key") << u"padded_keyerror.py"_s << QString() << 0 << 12 << u"['weight']"_s;
    QTest::addRow("keyword-only argument")
        << u"padded_typeerror.py"_s << u"TypeError: takes 1 positional argument"_s << 0 << 3 << u"1e-06)"_s;
    QTest::addRow("assertion on a wrong sum")
        << u"padded_assert.py"_s << u"AssertionError: sum mismatch"_s << 0 << 12 << u"assert "_s;
    QTest::addRow("segfault") << u"padded_segfault.py"_s << QString() << 11 << 3 << u"string_at"_s;
}

void tst_ReproMinimizer::shrinksToCore()
{
    QFETCH(QString, file);
    QFETCH(QString, expect);
    QFETCH(int, signal);
    QFETCH(int, coreLines);
    QFETCH(QString, coreText);

    const QString source = QString::fromUtf8(TestData::read(u"repro/minimize/"_s + file));
    MinimizerOptions options;
    options.expected = ErrorSignature::parse(expect);
    options.stopLines = 0; // to the fixed point: the known core, not just the playbook's 20 lines
    options.baselineRuns = 1;
    options.minStepTimeoutMs = 10000;
    ReproMinimizer minimizer;
    QSignalSpy best(&minimizer, &ReproMinimizer::bestChanged);
    QSignalSpy progress(&minimizer, &ReproMinimizer::progress);
    const Result<MinimizeResult> minimized = minimize(minimizer, source, base(), options);
    QVERIFY2(minimized.ok(), qPrintable(minimized.error()));
    const MinimizeResult &result = minimized.value();
    QCOMPARE(result.original, source);
    QCOMPARE(result.signal, signal);
    QVERIFY(result.changed());
    QVERIFY2(result.finalLines <= coreLines,
             qPrintable(u"%1 lines left:\n%2"_s.arg(result.finalLines).arg(result.minimized)));
    QVERIFY2(result.minimized.contains(coreText), qPrintable(result.minimized));
    QCOMPARE(result.originalLines, MinimizeResult::codeLines(source));
    QVERIFY(result.originalLines > 20);
    QCOMPARE(best.size(), result.steps.size());
    QCOMPARE(best.last().first().toString(), result.minimized);
    QVERIFY(!progress.isEmpty());
    QVERIFY(result.rounds >= 2); // the last round found nothing more
    QVERIFY(result.stepTimeoutMs >= options.minStepTimeoutMs && result.stepTimeoutMs <= options.maxStepTimeoutMs);
    QVERIFY(result.diff.startsWith(u"--- original/repro.py\n+++ minimized/repro.py\n"_s));
    QVERIFY(result.diff.contains(u"\n-"_s));

    // The minimized script, run again on its own, still fails the same way.
    const QList<ReproOutcome> again = rerun(result.minimized, options.expected, 1);
    QCOMPARE(again.size(), 1);
    if (signal > 0) {
        QCOMPARE(again.first().kind, ReproOutcome::Kind::KilledBySignal);
        QCOMPARE(again.first().signal, signal);
    } else if (!options.expected.isEmpty()) {
        QCOMPARE(again.first().kind, ReproOutcome::Kind::SameError);
    } else {
        QVERIFY(result.signature.foundIn(again.first().observed.toString()));
    }
}

void tst_ReproMinimizer::stopsAtTheLineThreshold()
{
    const QString source = QString::fromUtf8(TestData::read(u"repro/minimize/padded_reshape.py"_s));
    MinimizerOptions options;
    options.baselineRuns = 1;
    options.minStepTimeoutMs = 10000;
    ReproMinimizer minimizer;
    const Result<MinimizeResult> minimized = minimize(minimizer, source, base(), options);
    QVERIFY2(minimized.ok(), qPrintable(minimized.error()));
    const MinimizeResult &result = minimized.value();
    QVERIFY(result.finalLines <= 20);
    QVERIFY(!result.steps.isEmpty());
    QCOMPARE(result.signature.exceptionClass, u"RuntimeError"_s);
    QVERIFY(!result.signature.message.isEmpty());
}

void tst_ReproMinimizer::keepsFlakyFailure()
{
    const QString source = QString::fromUtf8(TestData::read(u"repro/minimize/padded_flaky.py"_s));
    const ErrorSignature expected = ErrorSignature::parse(u"AssertionError: allreduce result mismatch"_s);
    MinimizerOptions options;
    options.expected = expected;
    options.baselineRuns = 10; // fails about half the time: both outcomes show in ten runs but for 2 in 1000
    options.flakyRechecks = 5;
    options.stopLines = 0;
    options.minStepTimeoutMs = 10000;
    ReproMinimizer minimizer;
    const Result<MinimizeResult> minimized = minimize(minimizer, source, base(), options);
    QVERIFY2(minimized.ok(), qPrintable(minimized.error()));
    const MinimizeResult &result = minimized.value();
    QVERIFY2(result.flaky, qPrintable(result.baselineRatio));
    QVERIFY(result.changed());
    QVERIFY2(result.finalLines <= 3, qPrintable(result.minimized)); // the check and the raise, at most
    QVERIFY(result.minimized.contains(u"raise AssertionError"_s));
    // Candidates that missed were given another chance instead of being dropped at the first pass.
    QVERIFY(result.rechecks > 0);
    const QList<ReproOutcome> again = rerun(result.minimized, expected, 6);
    QVERIFY(std::any_of(again.cbegin(), again.cend(), [](const ReproOutcome &o) { return o.reproduces(); }));
}

void tst_ReproMinimizer::cancelKeepsBestSoFar()
{
    const QString source = QString::fromUtf8(TestData::read(u"repro/minimize/padded_keyerror.py"_s));
    MinimizerOptions options;
    options.stopLines = 0;
    options.baselineRuns = 1;
    options.minStepTimeoutMs = 10000;
    ReproMinimizer minimizer;
    QSignalSpy finished(&minimizer, &ReproMinimizer::finished);
    QString lastBest;
    connect(&minimizer, &ReproMinimizer::bestChanged, this, [&](const QString &best) {
        lastBest = best;
        minimizer.cancel();
    });
    minimizer.start(source, base(), options);
    QVERIFY(finished.wait(120000));
    const auto minimized = get<Result<MinimizeResult>>(finished.first().first());
    QVERIFY(minimized.cancelled());
    QCOMPARE(minimized.errorKind(), ErrorKind::Cancelled);
    QVERIFY(minimized.partial()); // the best so far, as a finished minimization's result
    const MinimizeResult &result = *minimized.partial();
    QVERIFY(!lastBest.isEmpty());
    QCOMPARE(result.minimized, lastBest);
    QCOMPARE(result.original, source);
    QVERIFY(result.finalNonBlank < result.originalNonBlank);
    QVERIFY(!result.diff.isEmpty());
    QCOMPARE(finished.size(), 1);
}

void tst_ReproMinimizer::refusesWhatDoesNotFail()
{
    ReproMinimizer minimizer;
    MinimizerOptions options;
    options.baselineRuns = 1;
    const QString source = QString::fromUtf8(TestData::read(u"repro/passes.py"_s));
    const Result<MinimizeResult> minimized = minimize(minimizer, source, base(), options);
    QVERIFY(!minimized.ok());
    QVERIFY2(minimized.error().contains(u"does not fail"_s), qPrintable(minimized.error()));
    QCOMPARE(minimized.errorKind(), ErrorKind::Failed);
    QVERIFY(minimized.partial()); // the baseline it ran
    const MinimizeResult &result = *minimized.partial();
    QCOMPARE(result.minimized, source);
    QCOMPARE(result.runs, 1);
}

void tst_ReproMinimizer::simplerCandidates_data()
{
    QTest::addColumn<QString>("source");
    QTest::addColumn<QStringList>("descriptions");
    QTest::addColumn<QStringList>("sourceHas"); // one per candidate

    QTest::addRow("default backend, CUDA, half, a big Linear")
        << u"import torch\nm = torch.nn.Linear(1024, 512).cuda().half()\nf = torch.compile(m)\n"
           u"x = torch.ones(2, 1024, device='cuda:0', dtype=torch.float16)\nf(x)\n"_s
        << QStringList{u"backend inductor -> aot_eager"_s, u"run on the CPU instead of CUDA"_s,
                       u"float32 instead of float16, half"_s, u"smaller model sizes (nn.* sizes down to 4)"_s}
        << QStringList{u"torch.compile(m, backend='aot_eager')"_s, u"device='cpu'"_s, u"dtype=torch.float32"_s,
                       u"Linear(4, 4)"_s};
    QTest::addRow("aot_eager goes to eager")
        << u"import torch\nf = torch.compile(torch.sin, backend='aot_eager')\nf(torch.ones(2))\n"_s
        << QStringList{u"backend aot_eager -> eager"_s} << QStringList{u"backend='eager'"_s};
    QTest::addRow("eager is as simple as it gets")
        << u"import torch\nf = torch.compile(torch.sin, backend='eager')\nf(torch.ones(2))\n"_s << QStringList()
        << QStringList();
    QTest::addRow("nothing to simplify") << u"x = [1, 2]\nprint(sum(x))\n"_s << QStringList() << QStringList();
}

void tst_ReproMinimizer::simplerCandidates()
{
    QFETCH(QString, source);
    QFETCH(QStringList, descriptions);
    QFETCH(QStringList, sourceHas);
    const Result<QString> helper = ReproMinimizer::helperPath();
    QVERIFY2(helper.ok(), qPrintable(helper.error()));
    QProcess python;
    python.start(u"python3"_s, {helper.value()});
    QVERIFY(python.waitForStarted());
    python.write(
        QJsonDocument(QJsonObject{{u"op"_s, u"candidates"_s}, {u"pass"_s, u"simpler"_s}, {u"source"_s, source}})
            .toJson());
    python.closeWriteChannel();
    QVERIFY(python.waitForFinished(30000));
    const QJsonObject answer = QJsonDocument::fromJson(python.readAllStandardOutput()).object();
    QVERIFY(answer.value(u"ok"_s).toBool());
    const QJsonArray candidates = answer.value(u"candidates"_s).toArray();
    QStringList got;
    for (const QJsonValue &v : candidates)
        got << v.toObject().value(u"description"_s).toString();
    QCOMPARE(got, descriptions);
    for (qsizetype i = 0; i < candidates.size(); ++i) {
        const QString text = candidates.at(i).toObject().value(u"source"_s).toString();
        QVERIFY2(text.contains(sourceHas.at(i)), qPrintable(text));
        // Each changes one thing: the backend candidate keeps the device, the device one keeps the backend.
        QVERIFY(text != source);
    }
}

void tst_ReproMinimizer::learnsWhatTheBugNeeds_data()
{
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("expect");
    QTest::addColumn<QStringList>("conditions");
    QTest::addColumn<QString>("minimizedHas");

    // Ours: a "kernel" that only fails on the CUDA path. On the CPU it runs clean, so CUDA is a condition.
    QTest::addRow("fails only on cuda: a condition")
        << u"import sys\ndevice = 'cuda:0'\nvalues = [1, 2, 3]\ntotal = sum(values)\n"
           u"if device != 'cpu':\n    raise RuntimeError('illegal memory access in the scatter kernel')\n"
           u"print(total)\n"_s
        << u"RuntimeError: illegal memory access"_s << QStringList{u"CUDA (it does not fail on the CPU)"_s}
        << u"illegal memory access in the scatter kernel"_s;
    // Fails on any device: the CPU variant keeps the error and is taken; no condition.
    QTest::addRow("fails on any device: simplified, no condition")
        << u"device = 'cuda'\nvalues = [1, 2, 3]\nraise ValueError('bad reduction over ' + device)\n"_s
        << u"ValueError: bad reduction over"_s << QStringList() << u"cpu"_s;
}

void tst_ReproMinimizer::learnsWhatTheBugNeeds()
{
    QFETCH(QString, source);
    QFETCH(QString, expect);
    QFETCH(QStringList, conditions);
    QFETCH(QString, minimizedHas);
    ReproMinimizer minimizer;
    MinimizerOptions options;
    options.expected = ErrorSignature::parse(expect);
    options.stopLines = 0;
    options.baselineRuns = 1;
    options.minStepTimeoutMs = 10000;
    const Result<MinimizeResult> minimized = minimize(minimizer, source, base(), options);
    QVERIFY2(minimized.ok(), qPrintable(minimized.error()));
    const MinimizeResult &result = minimized.value();
    QCOMPARE(result.conditions, conditions);
    QVERIFY2(result.minimized.contains(minimizedHas), qPrintable(result.minimized));
}

QTEST_GUILESS_MAIN(tst_ReproMinimizer)
#include "tst_reprominimizer.moc"
