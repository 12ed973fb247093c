// SPDX-License-Identifier: MIT
#include "engine/reduction/reprominimizer.h"

#include "engine/core/bundledscript.h"
#include "engine/core/processjob.h"

#include "engine/repro/reproscanner.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QStandardPaths>

using namespace Qt::StringLiterals;

namespace {

bool isImportLine(const QString &trimmed)
{
    return trimmed.startsWith(u"import "_s) || (trimmed.startsWith(u"from "_s) && trimmed.contains(u" import "_s));
}

QByteArray hashOf(const QString &source)
{
    return QCryptographicHash::hash(source.toUtf8(), QCryptographicHash::Sha1);
}

} // namespace

QString MinimizeResult::signatureText() const
{
    return signal > 0 ? ReproOutcome::signalName(signal) : signature.toString();
}

int MinimizeResult::codeLines(const QString &source)
{
    static const QRegularExpression subclass(u"^(\\s*)class\\s+\\w+\\s*\\([^)]*\\bTensor\\b"_s);
    static const QRegularExpression dunder(
        u"^\\s*def\\s+__(?:new|init|torch_dispatch|torch_function|tensor_flatten|tensor_unflatten|repr)__\\b"_s);
    int n = 0;
    qsizetype classIndent = -1;  // inside a tensor subclass: its indentation
    qsizetype methodIndent = -1; // inside one of its dunder methods: the def's indentation
    for (const QStringView view : QStringView(source).split(u'\n')) {
        const QString line = view.toString();
        const QString t = line.trimmed();
        if (t.isEmpty() || t.startsWith(u'#'))
            continue;
        const qsizetype indent = line.indexOf(t.at(0));
        if (methodIndent >= 0 && indent <= methodIndent)
            methodIndent = -1;
        if (classIndent >= 0 && indent <= classIndent)
            classIndent = -1;
        if (classIndent >= 0 && methodIndent < 0 && dunder.match(line).hasMatch())
            methodIndent = indent;
        if (classIndent < 0) {
            if (const QRegularExpressionMatch m = subclass.match(line); m.hasMatch()) {
                classIndent = indent;
                continue; // the class line is part of the boilerplate
            }
        }
        if (methodIndent >= 0 ||
            (classIndent >= 0 && (t.startsWith(u"@staticmethod"_s) || t.startsWith(u"@classmethod"_s))))
            continue;
        if (!isImportLine(t))
            ++n;
    }
    return n;
}

int MinimizeResult::nonBlankLines(const QString &source)
{
    int n = 0;
    for (const QStringView line : QStringView(source).split(u'\n'))
        n += line.trimmed().isEmpty() ? 0 : 1;
    return n;
}

ReproMinimizer::ReproMinimizer(QObject *parent)
    : QObject(parent)
    , m_python(QStandardPaths::findExecutable(u"python3"_s))
{}

ReproMinimizer::~ReproMinimizer() = default; // a ProcessJob child kills and reaps a running helper

QStringList ReproMinimizer::passes()
{
    return {u"simpler"_s, u"imports"_s, u"statements"_s, u"unwrap"_s, u"literals"_s};
}

Result<QString> ReproMinimizer::helperPath()
{
    return BundledScript::path(u":/repro/minimize_repro.py"_s, u"the repro minimizer's helper"_s);
}

void ReproMinimizer::start(const QString &source, const SandboxRequest &base, const MinimizerOptions &options)
{
    m_base = base;
    m_base.scriptPath.clear();
    if (m_base.scriptName.isEmpty())
        m_base.scriptName = u"repro.py"_s;
    m_options = options;
    m_result = {};
    m_error.reset();
    m_result.original = source;
    m_result.minimized = source;
    m_result.originalLines = MinimizeResult::codeLines(source);
    m_result.originalNonBlank = MinimizeResult::nonBlankLines(source);
    m_best = source;
    m_passes = passes();
    m_clock.start();
    runBaseline();
}

void ReproMinimizer::cancel()
{
    if (m_done || m_cancelled)
        return;
    m_cancelled = true;
    if (m_runner)
        m_runner->cancel(); // its finished() lands in finish()
    else
        finish(); // a helper call under way finds m_cancelled set or the finish already begun
}

void ReproMinimizer::startRun(const QString &source, int timeoutMs,
                              const std::function<void(const Result<SandboxRunResult> &)> &done)
{
    SandboxRequest request = m_base;
    request.scriptText = source;
    request.limits.timeoutMs = timeoutMs;
    auto *runner = new SandboxRunner(this);
    m_runner = runner;
    connect(runner, &SandboxRunner::finished, this, [this, runner, done](const Result<SandboxRunResult> &run) {
        runner->deleteLater();
        ++m_result.runs;
        Q_EMIT runFinished(m_result.runs);
        if (m_cancelled || run.cancelled()) {
            finish();
            return;
        }
        done(run);
    });
    runner->start(request);
}

void ReproMinimizer::runBaseline()
{
    // The original runs under the usual limit; candidates get a shorter one derived from it.
    startRun(m_best, m_base.limits.timeoutMs, [this](const Result<SandboxRunResult> &run) { onBaselineRun(run); });
}

void ReproMinimizer::onBaselineRun(const Result<SandboxRunResult> &ran)
{
    if (!ran) {
        finish(Error{u"The sandbox refused to run the repro: %1"_s.arg(ran.error()), ran.errorKind()});
        return;
    }
    const SandboxRunResult &run = *ran;
    const ReproOutcome outcome = OutcomeClassifier::classify(run, m_options.expected);
    if (m_baseline.isEmpty())
        m_firstDurationMs = run.durationMs;
    // The signature comes from the report, else from the first run that fails.
    if (m_result.signal == 0 && m_result.signature.isEmpty()) {
        if (outcome.kind == ReproOutcome::Kind::KilledBySignal) {
            m_result.signal = outcome.signal;
        } else if (!m_options.expected.isEmpty()) {
            if (outcome.kind == ReproOutcome::Kind::SameError)
                m_result.signature = m_options.expected;
        } else if (!outcome.observed.isEmpty() && run.exitCode != 0) {
            m_result.signature = {outcome.observed.exceptionClass,
                                  ErrorSignature::distinctivePart(outcome.observed.message)};
        }
    }
    m_baseline << outcome;
    if (m_baseline.size() < std::max(1, m_options.baselineRuns)) {
        runBaseline();
        return;
    }
    int kept = 0;
    for (const ReproOutcome &o : std::as_const(m_baseline))
        kept += keepsSignature(o) ? 1 : 0;
    m_result.baselineRatio = u"%1/%2 reproduced"_s.arg(kept).arg(m_baseline.size());
    m_result.flaky = kept > 0 && kept < m_baseline.size();
    if (kept == 0) {
        const ReproOutcome &first = m_baseline.first();
        finish(Error::failed(
            m_options.expected.isEmpty()
                ? u"The original does not fail (%1), so there is no failure to keep while minimizing."_s.arg(
                      first.detail)
                : u"The original does not show the reported %1 (%2)."_s.arg(m_options.expected.toString(),
                                                                            first.detail)));
        return;
    }
    // Simplified code should run faster; a candidate that hangs is cut off well before the original's limit.
    m_result.stepTimeoutMs = int(std::clamp<qint64>(4 * m_firstDurationMs + 2000, m_options.minStepTimeoutMs,
                                                    std::max(m_options.minStepTimeoutMs, m_options.maxStepTimeoutMs)));
    qCDebug(lcRepro) << "minimizing:" << m_result.signatureText() << m_result.baselineRatio << "step timeout"
                     << m_result.stepTimeoutMs << "ms";
    m_result.rounds = 1;
    m_pass = 0;
    if (m_options.stopLines > 0 && m_result.originalLines <= m_options.stopLines) {
        finish(); // already small enough: the playbook skips minimizing
        return;
    }
    requestCandidates();
}

bool ReproMinimizer::keepsSignature(const ReproOutcome &outcome) const
{
    if (m_result.signal > 0)
        return outcome.kind == ReproOutcome::Kind::KilledBySignal && outcome.signal == m_result.signal;
    if (m_result.signature.isEmpty())
        return false;
    if (!m_options.expected.isEmpty())
        return outcome.kind == ReproOutcome::Kind::SameError;
    // Derived signature: classify() compared nothing, so compare the observed exception here.
    return !outcome.observed.isEmpty() && outcome.exitCode != 0 &&
           m_result.signature.foundIn(u"%1: %2"_s.arg(outcome.observed.exceptionClass, outcome.observed.message));
}

void ReproMinimizer::callHelper(const QJsonObject &request,
                                const std::function<void(const Result<QJsonObject> &)> &done)
{
    const Result<QString> helper = helperPath();
    if (!helper) {
        done(Error{helper.error()});
        return;
    }
    if (m_python.isEmpty()) {
        done(Error{u"No python3 interpreter found to run the minimizer's helper."_s});
        return;
    }
    ProcessSpec spec = BundledScript::processSpec(m_python, {helper.value()});
    spec.standardInput = QJsonDocument(request).toJson(QJsonDocument::Compact);
    spec.timeoutMs = 120 * 1000; // its CPU is capped at 30 s; this is the wall clock on a loaded machine
    spec.what = u"The minimizer's helper"_s;
    auto *process = new ProcessJob(spec, this);
    m_helper = process;
    connect(process, &ProcessJob::finished, this, [process, done](const Result<ProcessOutcome> &outcome) {
        process->deleteLater();
        if (!outcome) {
            done(Error{outcome.error()}); // "The minimizer's helper could not start: …"
            return;
        }
        if (!outcome->succeeded()) {
            done(Error{
                u"The minimizer's helper failed (exit %1): %2"_s.arg(outcome->exitCode).arg(outcome->lastErrorLine())});
            return;
        }
        const QJsonObject answer = QJsonDocument::fromJson(outcome->standardOutput).object();
        if (!answer.value(u"ok"_s).toBool()) {
            done(Error{u"The minimizer's helper could not rewrite the code: %1"_s.arg(
                answer.value(u"error"_s).toString(u"no answer"_s))});
            return;
        }
        done(answer);
    });
    process->start();
}

void ReproMinimizer::requestCandidates()
{
    if (m_cancelled) {
        finish();
        return;
    }
    const QString pass = m_passes.at(m_pass);
    Q_EMIT progress(m_result.rounds, pass, m_result.runs, MinimizeResult::codeLines(m_best));
    callHelper(QJsonObject{{u"op"_s, u"candidates"_s}, {u"pass"_s, pass}, {u"source"_s, m_best}},
               [this](const Result<QJsonObject> &answer) {
                   if (!answer) {
                       // The best so far still stands; say why we stopped.
                       qCWarning(lcRepro) << answer.error();
                       m_result.steps << u"stopped: %1"_s.arg(answer.error());
                       finish();
                       return;
                   }
                   m_candidates.clear();
                   for (const QJsonValue &v : answer->value(u"candidates"_s).toArray()) {
                       const QJsonObject c = v.toObject();
                       m_candidates << Candidate{c.value(u"description"_s).toString(), c.value(u"source"_s).toString(),
                                                 c.value(u"condition"_s).toString()};
                   }
                   // After an accepted step the earlier candidates of this pass already failed once; go on
                   // from where we were (the next round looks at them again).
                   m_index = std::min<int>(m_index, int(m_candidates.size()));
                   tryNext();
               });
}

void ReproMinimizer::tryNext()
{
    if (m_cancelled) {
        finish();
        return;
    }
    while (m_index < m_candidates.size()) {
        const auto known = m_tried.constFind(hashOf(m_candidates.at(m_index).source));
        if (known == m_tried.cend())
            break;
        if (known.value()) {
            accept();
            return;
        }
        ++m_index;
    }
    if (m_index >= m_candidates.size()) {
        nextPass();
        return;
    }
    if (m_result.runs >= m_options.maxRuns) {
        m_result.steps << u"stopped: the budget of %1 runs is spent"_s.arg(m_options.maxRuns);
        finish();
        return;
    }
    runCandidate(0);
}

void ReproMinimizer::runCandidate(int attempt)
{
    startRun(m_candidates.at(m_index).source, m_result.stepTimeoutMs,
             [this, attempt](const Result<SandboxRunResult> &run) { onCandidateRun(run, attempt); });
}

void ReproMinimizer::onCandidateRun(const Result<SandboxRunResult> &ran, int attempt)
{
    const ReproOutcome outcome = OutcomeClassifier::classify(ran, m_options.expected); // refused: not kept
    const SandboxRunResult run = ran.partial() ? *ran.partial() : SandboxRunResult{};
    const bool kept = keepsSignature(outcome);
    // A flaky original misses now and then; a candidate gets the same benefit of the doubt.
    if (!kept && m_result.flaky && attempt < m_options.flakyRechecks && !run.timedOut) {
        ++m_result.rechecks;
        runCandidate(attempt + 1);
        return;
    }
    // A flaky script's miss may be bad luck: only its successes are remembered, so the next round asks again.
    if (kept || !m_result.flaky)
        m_tried.insert(hashOf(m_candidates.at(m_index).source), kept);
    // A simpler variant that runs clean (not one that breaks otherwise) shows what the bug needs.
    const QString &condition = m_candidates.at(m_index).condition;
    const bool ranClean = outcome.kind == ReproOutcome::Kind::Passed || outcome.kind == ReproOutcome::Kind::NoCheck;
    if (!kept && ranClean && !condition.isEmpty() && !m_result.conditions.contains(condition))
        m_result.conditions << condition;
    if (kept)
        accept();
    else {
        ++m_index;
        tryNext();
    }
}

void ReproMinimizer::accept()
{
    const Candidate c = m_candidates.at(m_index);
    m_best = c.source;
    m_result.minimized = m_best;
    m_result.steps << c.description;
    m_gainThisRound = true;
    const int lines = MinimizeResult::codeLines(m_best);
    Q_EMIT bestChanged(m_best, lines, c.description);
    if (m_options.stopLines > 0 && lines <= m_options.stopLines) {
        finish();
        return;
    }
    requestCandidates(); // the same pass again, on the smaller script
}

void ReproMinimizer::nextPass()
{
    m_index = 0;
    if (++m_pass < m_passes.size()) {
        requestCandidates();
        return;
    }
    m_pass = 0;
    m_roundsWithoutGain = m_gainThisRound ? 0 : m_roundsWithoutGain + 1;
    m_gainThisRound = false;
    if (m_roundsWithoutGain >= std::max(1, m_options.roundsWithoutGain)) {
        finish();
        return;
    }
    ++m_result.rounds;
    requestCandidates();
}

void ReproMinimizer::finish(const std::optional<Error> &error)
{
    if (m_done || m_finishing)
        return;
    m_finishing = true;
    if (m_runner)
        m_runner->disconnect(this);
    m_error = error;
    if (!m_error && m_cancelled)
        m_error = Error::cancelled(u"The minimization was cancelled; the best so far is kept."_s);
    m_result.minimized = m_best;
    m_result.finalLines = MinimizeResult::codeLines(m_best);
    m_result.finalNonBlank = MinimizeResult::nonBlankLines(m_best);
    if (!m_result.changed() || (m_error && m_error->kind != ErrorKind::Cancelled)) {
        emitFinished();
        return;
    }
    callHelper(QJsonObject{{u"op"_s, u"diff"_s},
                           {u"a"_s, m_result.original},
                           {u"b"_s, m_best},
                           {u"from"_s, QString(u"original/"_s + m_base.scriptName)},
                           {u"to"_s, QString(u"minimized/"_s + m_base.scriptName)}},
               [this](const Result<QJsonObject> &answer) {
                   if (answer)
                       m_result.diff = answer->value(u"diff"_s).toString();
                   else
                       m_result.steps << u"no diff: %1"_s.arg(answer.error());
                   emitFinished();
               });
}

void ReproMinimizer::emitFinished()
{
    if (m_done)
        return;
    m_done = true;
    m_result.elapsedMs = m_clock.elapsed();
    if (m_error)
        Q_EMIT finished(Result<MinimizeResult>(*m_error, m_result));
    else
        Q_EMIT finished(m_result);
}
