// SPDX-License-Identifier: MIT
#include "models/repro/reprosession.h"

#include "engine/repro/reprojson.h"
#include "engine/repro/reprorunvariant.h"
#include "engine/repro/reproseries.h"
#include "engine/scrub/scrubduplicatecheck.h"
#include "engine/scrub/scrubduplicatelookup.h"
#include "models/repro/reprooutputmodel.h"

#include <QFutureWatcher>
#include <QJsonArray>
#include <QStandardPaths>
#include <QtConcurrentRun>

#include <algorithm>
#include <utility>

using namespace Qt::StringLiterals;

namespace {

// How many runs ended as the series did: "4/5".
int runsLike(const ReproSeriesSummary &summary)
{
    if (summary.overall.reproduces())
        return summary.reproducedRuns;
    return int(std::count_if(summary.runs.cbegin(), summary.runs.cend(),
                             [&](const ReproOutcome &o) { return o.kind == summary.overall.kind; }));
}

} // namespace

ReproSession::ReproSession(QObject *parent)
    : QObject(parent)
    , m_reviewer(qEnvironmentVariable("USER"))
    , m_haveBwrap(!QStandardPaths::findExecutable(u"bwrap"_s).isEmpty())
    , m_output(new ReproOutputModel(this))
{
    m_duplicates = new ScrubDuplicateLookup(this);
    connect(m_duplicates, &ScrubDuplicateLookup::answered, this, [this](int number) {
        if (m_issue && m_issue->number == number) {
            updateGate();
            Q_EMIT stateChanged();
        }
    });
}

void ReproSession::setSimilarityStore(const QString &path)
{
    m_duplicates->setStorePath(path);
    if (m_issue)
        m_duplicates->lookUp(*m_issue, m_repository);
}

ReproSession::~ReproSession()
{
    if (m_series)
        m_series->cancel();
    stopScan();
}

void ReproSession::setResultStore(ReproResultStore *store)
{
    m_store = store;
    if (m_issue)
        setIssue(*m_issue);
}

void ReproSession::stopRun()
{
    if (m_series) {
        // The run belonged to the issue shown before: its last output must not land in this one's.
        disconnect(m_series, nullptr, m_output, nullptr);
        m_series->cancel();
    }
}

void ReproSession::clearIssue()
{
    stopRun();
    stopScan();
    m_issue.reset();
    m_extractWatcher = nullptr;
    m_extracting = false;
    m_extraction = {};
    m_needs.reset();
    m_needsError.clear();
    m_hangLines.clear();
    m_candidateIndex = -1;
    m_review.reset();
    m_record.reset();
    m_storeReadError.clear();
    m_expectedText.clear();
    m_consent = false;
    m_output->clear();
    m_gate = {};
    m_duplicates->clear();
    Q_EMIT issueChanged(false);
    Q_EMIT gateChanged();
    Q_EMIT stateChanged();
}

void ReproSession::setIssue(const Issue &issue)
{
    stopRun();
    stopScan();
    const bool sameIssue = m_issue && m_issue->number == issue.number;
    m_issue = issue;
    if (!sameIssue) {
        m_wentOn = false;
        m_expectedText.clear();
    }
    m_extraction = {};
    m_needs.reset();
    m_needsError.clear();
    m_hangLines.clear();
    m_extracting = true;
    m_candidateIndex = -1;
    m_review.reset();
    m_scanError.clear();
    m_record.reset();
    m_storeReadError.clear();
    if (m_store && !m_repository.isEmpty()) {
        const auto stored = m_store->latestFor(m_repository, issue.number);
        if (stored)
            m_record = stored.value();
        else
            m_storeReadError = stored.error();
    }
    m_output->clear();
    if (!sameIssue || !m_duplicates->finding())
        m_duplicates->lookUp(issue, m_repository);
    Q_EMIT issueChanged(sameIssue);
    updateGate();
    if (m_environments.isEmpty() && !m_probing)
        discoverEnvironments();
    Q_EMIT stateChanged();

    // Extraction reads the whole issue and its comments: off the GUI thread, so a 5 MB issue does not stall.
    auto *watcher = new QFutureWatcher<ReproExtraction>(this);
    m_extractWatcher = watcher;
    connect(watcher, &QFutureWatcher<ReproExtraction>::finished, this, [this, watcher, sameIssue] {
        watcher->deleteLater();
        if (m_extractWatcher != watcher)
            return; // another issue was selected meanwhile
        m_extractWatcher = nullptr;
        onExtracted(watcher->result(), sameIssue);
    });
    watcher->setFuture(QtConcurrent::run([issue] { return ReproExtractor::extract(issue); }));
}

void ReproSession::onExtracted(const ReproExtraction &extraction, bool sameIssue)
{
    m_extracting = false;
    m_extraction = extraction;
    if (!sameIssue || m_expectedText.isEmpty())
        m_expectedText = m_extraction.reported.isEmpty() ? QString() : m_extraction.reported.toString();
    Q_EMIT extracted(sameIssue);
    m_candidateIndex = -1;
    chooseCandidate(m_extraction.chosen);
    updateGate();
    Q_EMIT stateChanged();
    Q_EMIT statusChanged(status());
}

ReproStatus ReproSession::status() const
{
    ReproStatus s;
    if (!m_issue)
        return s;
    s.number = m_issue->number;
    s.found = m_extraction.status == ReproExtraction::Status::Found;
    s.screenshotOnly = m_extraction.status == ReproExtraction::Status::ScreenshotOnly;
    if (const ReproCandidate *c = m_extraction.chosenCandidate())
        s.where = c->where();
    s.latest = m_record;
    return s;
}

const ReproCandidate *ReproSession::candidate() const
{
    return m_candidateIndex >= 0 && m_candidateIndex < m_extraction.candidates.size()
               ? &m_extraction.candidates.at(m_candidateIndex)
               : nullptr;
}

void ReproSession::chooseCandidate(int index)
{
    if (index == m_candidateIndex && index >= 0)
        return;
    m_candidateIndex = index;
    m_review.reset();
    m_scanError.clear();
    m_consent = false; // consent is for the code it was given on
    m_consentAt.clear();
    Q_EMIT candidateChanged();
    if (candidate())
        startScan();
    Q_EMIT stateChanged();
}

void ReproSession::setConsent(bool consent)
{
    m_consent = consent;
    m_consentAt = consent ? QDateTime::currentDateTimeUtc().toString(Qt::ISODate) : QString();
    Q_EMIT stateChanged();
}

void ReproSession::stopScan()
{
    // Detached first: a cancelled scanner answers at once, and that answer is for no one.
    if (ReproScanner *old = std::exchange(m_scanner, nullptr))
        old->cancel();
}

void ReproSession::startScan()
{
    stopScan();
    const ReproCandidate *c = candidate();
    if (!c)
        return;
    auto *scanner = new ReproScanner(this);
    m_scanner = scanner;
    const QString author = c->author;
    const QString association = c->authorAssociation;
    connect(scanner, &ReproScanner::finished, this, [this, scanner, author, association](const Result<ScanReport> &r) {
        scanner->deleteLater();
        if (m_scanner != scanner)
            return; // a newer scan replaced it
        m_scanner = nullptr;
        if (r) {
            m_review = ReproReview{r.value(), author, association, ReproReview::trustFor(association)};
            m_scanError.clear();
        } else {
            m_review.reset();
            m_scanError = r.error();
        }
        Q_EMIT reviewChanged();
        startNeedsProbe();
        Q_EMIT scanFinished();
    });
    scanner->scan(c->code);
}

const PythonEnvironment *ReproSession::environment() const
{
    return m_environmentIndex >= 0 && m_environmentIndex < m_environments.size()
               ? &m_environments.at(m_environmentIndex)
               : nullptr;
}

void ReproSession::setEnvironmentIndex(int index)
{
    m_environmentIndex = index;
    Q_EMIT stateChanged();
    startNeedsProbe();
}

void ReproSession::startNeedsProbe()
{
    if (ReproNeedsProbe *old = std::exchange(m_needsProbe, nullptr))
        old->deleteLater();
    m_needs.reset();
    m_needsError.clear();
    m_variantChosen = false;
    const ReproCandidate *c = candidate();
    const PythonEnvironment *env = environment();
    if (!c || !env || !env->isUsable()) {
        Q_EMIT needsStarted();
        return;
    }
    auto *probe = new ReproNeedsProbe(this);
    m_needsProbe = probe;
    connect(probe, &ReproNeedsProbe::finished, this, [this, probe](const Result<ReproNeeds> &needs) {
        probe->deleteLater();
        if (m_needsProbe != probe)
            return; // another candidate or environment since
        m_needsProbe = nullptr;
        if (needs)
            m_needs = needs.value();
        else
            m_needsError = needs.error();
        updateGate();
        Q_EMIT needsChecked();
        Q_EMIT stateChanged();
    });
    const QString issueText = m_issue ? m_issue->title + u'\n' + m_issue->body : QString();
    probe->start(c->code, *env, RankLauncher::ranksOf(c->launcher), issueText, m_extraction.hangReported);
    Q_EMIT needsStarted();
}

bool ReproSession::noErrorToCompare() const
{
    return m_expectedText.trimmed().isEmpty() && m_extraction.impliedError.isEmpty() && !m_extraction.hangReported &&
           !m_extraction.crashReported;
}

QString ReproSession::variantDiff() const
{
    if (!m_needs)
        return {};
    if (!m_needs->cpuVariant.isEmpty())
        return m_needs->cpuVariantDiff;
    if (!m_needs->assertCloseVariant.isEmpty() && !m_needs->hasCheck && noErrorToCompare())
        return m_needs->assertCloseDiff;
    return {};
}

void ReproSession::setExpectedText(const QString &text)
{
    m_expectedText = text;
}

int ReproSession::dynamoResetsOffered() const
{
    int resets = 0;
    if (const ReproCandidate *c = candidate())
        ReproRunVariant::withDynamoResets(c->code, &resets);
    return resets;
}

void ReproSession::goOn()
{
    m_wentOn = true;
    updateGate();
    Q_EMIT stateChanged();
}

void ReproSession::updateGate()
{
    if (!m_issue) {
        m_gate = {};
        Q_EMIT gateChanged();
        return;
    }
    ScrubMachine machine;
    if (const PythonEnvironment *env = environment())
        machine.torchVersion = env->torchVersion;
    if (m_needs) {
        machine.gpus = m_needs->haveGpus;
        machine.unmetNeeds = m_needs->unmet;
        machine.hasCpuPath = !m_needs->cpuVariant.isEmpty();
    }
    m_gate = ScrubActionability::assess(*m_issue, QDateTime::currentDateTimeUtc(), machine,
                                        ErrorSignature::parse(m_expectedText.trimmed()));
    ScrubDuplicateCheck::addTo(m_gate, m_duplicates->finding()); // the similarity index's, once it answered
    Q_EMIT gateChanged();
}

QString ReproSession::blocker() const
{
    if (!m_issue)
        return tr("No issue selected.");
    if (!m_haveBwrap)
        return tr("bubblewrap is not installed; nothing runs outside its sandbox.");
    if (isRunning())
        return tr("Running.");
    if (m_extracting)
        return tr("Looking for a reproduction…");
    if (!m_wentOn && m_gate.stopsTheRun())
        return tr("Not actionable: %1 (%2). Go on anyway to run it.")
            .arg(m_gate.stops.constFirst().title(), m_gate.stops.constFirst().where);
    if (!m_wentOn && m_gate.asks())
        return tr("Recently confirmed by @%1 (%2): re-verify, or skip to minimization.")
            .arg(m_gate.confirmation->author, m_gate.confirmation->version);
    if (!candidate())
        return m_extraction.status == ReproExtraction::Status::ScreenshotOnly
                   ? tr("The code is only in screenshots: nothing to run (needs reproduction).")
                   : tr("No reproduction in the issue: nothing to run (needs reproduction).");
    if (!m_scanError.isEmpty())
        return tr("The security review failed; nothing runs unreviewed.");
    if (!m_review)
        return tr("Reviewing the code…");
    if (!m_review->runnable())
        return tr("The code does not parse; it is reported, not run.");
    if (m_review->consentRequired() && !m_consent)
        return tr("Needs your consent: %1.").arg(m_review->consentReasons().join(u"; "_s));
    const PythonEnvironment *env = environment();
    if (!env)
        return m_probing ? tr("Finding Python environments…") : tr("No Python environment to run in.");
    if (!env->isUsable())
        return tr("That environment is unavailable: %1").arg(env->probeError);
    if (const auto variables = ReproRunVariant::parseVariables(m_variablesText); !variables)
        return tr("Variables: %1").arg(variables.error());
    return {};
}

std::optional<ReproSubject> ReproSession::subject() const
{
    if (!blocker().isEmpty())
        return std::nullopt;
    const ReproCandidate &c = *candidate();
    ReproSubject s;
    s.request.scriptText = c.code;
    s.request.scriptName = c.scriptName;
    s.request.launcher = c.launcher;
    s.request.scriptArguments = c.scriptArguments;
    s.request.environment = *environment();
    s.request.hashSeed = m_hashSeed;
    s.request.limits.timeoutMs = m_timeoutSeconds * 1000;
    s.request.extraEnvironment = ReproRunVariant::parseVariables(m_variablesText).value();
    if (m_dynamoResets && dynamoResetsOffered() > 0)
        s.request.scriptText = ReproRunVariant::withDynamoResets(s.request.scriptText);
    s.expected = ErrorSignature::parse(m_expectedText.trimmed());
    return s;
}

ReproExpectation ReproSession::expectation(const ReproSubject &s) const
{
    using Variant = OutcomeClassifier::Variant;
    Variant variant = Variant::AsPosted;
    if (m_needs && runsVariant())
        variant = m_needs->cpuVariant.isEmpty() ? Variant::AssertClose : Variant::Cpu;
    return OutcomeClassifier::expectationFor(s.expected, m_extraction, m_needs ? &*m_needs : nullptr, variant);
}

void ReproSession::discoverEnvironments()
{
    if (m_probing)
        return;
    m_probing = true;
    auto *probe = new PythonEnvironmentProbe(this);
    probe->setConfigured(PythonEnvironment::configured()); // the same configuration as `repro run`
    connect(probe, &PythonEnvironmentProbe::finished, this,
            [this, probe](const Result<QList<PythonEnvironment>> &envs) {
                probe->deleteLater();
                m_probing = false;
                // Only a cancel is an error, with what was found by then.
                setEnvironments(envs.partial() ? *envs.partial() : QList<PythonEnvironment>());
            });
    probe->start();
    Q_EMIT stateChanged();
}

void ReproSession::setEnvironments(const QList<PythonEnvironment> &environments)
{
    m_environments = environments;
    // The first usable one with torch, else the first usable one.
    int pick = -1;
    for (int i = 0; i < environments.size() && pick < 0; ++i) {
        if (environments.at(i).isUsable() && !environments.at(i).torchVersion.isEmpty())
            pick = i;
    }
    for (int i = 0; i < environments.size() && pick < 0; ++i) {
        if (environments.at(i).isUsable())
            pick = i;
    }
    m_environmentIndex = pick;
    Q_EMIT stateChanged();
    if (!m_needs && !m_needsProbe)
        startNeedsProbe(); // the scan may have finished before the environments were known
    Q_EMIT environmentsReady();
}

QJsonObject ReproSession::consentRecord() const
{
    if (!m_review || !m_review->consentRequired())
        return {};
    QJsonArray findings;
    for (const ScanFinding &f : m_review->scan.findings)
        findings.append(QJsonObject{{u"line"_s, f.line}, {u"rule"_s, f.rule}, {u"reason"_s, f.reason}});
    return QJsonObject{
        {u"reviewer"_s, m_reviewer},
        {u"at"_s, m_consentAt.isEmpty() ? QDateTime::currentDateTimeUtc().toString(Qt::ISODate) : m_consentAt},
        {u"reasons"_s, QJsonArray::fromStringList(m_review->consentReasons())},
        {u"findings"_s, findings},
        {u"author"_s, m_review->author},
        {u"authorAssociation"_s, m_review->authorAssociation}};
}

void ReproSession::run()
{
    if (!blocker().isEmpty())
        return;
    const ReproCandidate &c = *candidate();
    const ReproSubject s = *subject();
    SandboxRequest request = s.request;
    const bool variant = runsVariant();
    if (variant)
        request.scriptText = m_needs->cpuVariant.isEmpty() ? m_needs->assertCloseVariant : m_needs->cpuVariant;
    const ReproExpectation runExpectation = expectation(s);
    m_hangLines.clear();
    const PythonEnvironment &env = request.environment;

    m_pending = {};
    m_pending.repository = m_repository;
    m_pending.number = m_issue->number;
    m_pending.codeHash = ReproRunRecord::hashOf(c.code);
    m_pending.candidate = c.scriptName.isEmpty() ? c.where() : u"%1 (%2)"_s.arg(c.where(), c.scriptName);
    m_pending.environment = env.name;
    m_pending.pythonVersion = env.pythonVersion;
    m_pending.torchVersion = env.torchVersion;
    m_pending.expected = s.expected.isEmpty() ? QString() : s.expected.toString();
    m_pending.consent = consentRecord();
    m_pending.startedAt = QDateTime::currentDateTimeUtc();
    m_runNumber = m_issue->number;
    m_runsDone = 0;
    m_runsTotal = m_runs;
    m_runDurationMs = 0;
    m_lastRun = SandboxRunResult{};
    m_output->clear();

    auto *series = new ReproSeries(this);
    m_series = series;
    connect(series, &ReproSeries::output, m_output, &ReproOutputModel::append);
    connect(series, &ReproSeries::runStarted, this, [this](int index, int total) {
        m_output->appendNote(tr("run %1 of %2").arg(index + 1).arg(total));
        Q_EMIT runOutputStarted(index, total);
    });
    connect(series, &ReproSeries::runFinished, this,
            [this](int index, const ReproOutcome &outcome, const Result<SandboxRunResult> &run) {
                m_output->finish();
                m_runsDone = index + 1;
                if (const SandboxRunResult *ran = run.partial())
                    m_runDurationMs += ran->durationMs;
                m_lastRun = run;
                Q_EMIT runProgressed(index, m_runsTotal, outcome);
            });
    connect(series, &ReproSeries::finished, this, [this, series](const Result<ReproSeriesSummary> &ended) {
        series->deleteLater();
        m_series = nullptr;
        onSeriesFinished(ended);
    });
    Q_EMIT runStarted({env, runExpectation, s.expected, variant, !request.extraEnvironment.isEmpty(),
                       request.scriptText != c.code && !variant});
    Q_EMIT stateChanged();
    series->start(request, runExpectation, m_runsTotal);
}

void ReproSession::cancel()
{
    if (m_series)
        m_series->cancel();
}

QJsonObject ReproSession::resultOf(const ReproSeriesSummary &summary) const
{
    QJsonObject result = ReproJson::toJson(summary);
    result.insert(u"overall_count"_s, runsLike(summary));
    result.insert(u"run_ms"_s, m_runDurationMs);
    result.insert(u"timeout_s"_s, m_timeoutSeconds);
    if (m_hashSeed)
        result.insert(u"hash_seed"_s, *m_hashSeed);
    if (m_review)
        result.insert(u"review"_s, ReproJson::toJson(*m_review));
    result.insert(u"last_run"_s, ReproJson::toJson(m_lastRun));
    if (m_needs) {
        result.insert(u"needs"_s, ReproJson::toJson(*m_needs));
        if (runsVariant())
            result.insert(u"variant"_s, m_needs->cpuVariant.isEmpty() ? u"assert-close"_s : u"cpu"_s);
    }
    // The reviewer's extra variables (TORCH_LOGS=+dynamo): part of what ran, kept with the result.
    if (const auto variables = ReproRunVariant::parseVariables(m_variablesText); variables && !variables->isEmpty()) {
        QJsonObject vars;
        for (auto it = variables->cbegin(); it != variables->cend(); ++it)
            vars.insert(it.key(), it.value());
        result.insert(u"variables"_s, vars);
    }
    return result;
}

void ReproSession::onSeriesFinished(const Result<ReproSeriesSummary> &ended)
{
    static const ReproSeriesSummary noRuns;
    // Stopped early (refused, cancelled): the runs so far.
    const ReproSeriesSummary &summary = ended.partial() ? *ended.partial() : noRuns;
    m_output->finish();
    ReproRunRecord record = m_pending;
    record.outcome = summary.runs.isEmpty() ? ReproOutcome::Kind::Cancelled : summary.overall.kind;
    record.runs = int(summary.runs.size());
    record.reproducedRuns = summary.reproducedRuns;
    record.detail = summary.overall.detail;
    if (!m_lastRun && !m_lastRun.cancelled() && record.detail.isEmpty())
        record.detail = m_lastRun.error();
    if (!summary.overall.torchVersion.isEmpty())
        record.torchVersion = summary.overall.torchVersion;
    record.finishedAt = QDateTime::currentDateTimeUtc();
    record.result = resultOf(summary);
    if (const SandboxRunResult *last = m_lastRun.partial(); last && last->timedOut) {
        SandboxRequest ran;
        if (const ReproCandidate *c = candidate())
            ran.scriptName = c->scriptName;
        m_hangLines = SandboxRunner::hangLinesOf(QString::fromUtf8(last->stdoutTail + '\n' + last->stderrTail),
                                                 SandboxRunner::scriptNameOf(ran));
    }
    const int rows = m_output->rowCount();
    QList<int> tail;
    for (int row = std::max(0, rows - TailRows); row < rows; ++row)
        tail << row;
    record.outputTail = m_output->textOfRows(tail);

    ReproRunEnd end;
    end.cancelled = ended.cancelled() || record.outcome == ReproOutcome::Kind::Cancelled ||
                    std::any_of(summary.runs.cbegin(), summary.runs.cend(),
                                [](const ReproOutcome &o) { return o.kind == ReproOutcome::Kind::Cancelled; });
    end.sameIssue = m_issue && m_issue->number == m_runNumber;
    if (end.cancelled) {
        record.outcome = ReproOutcome::Kind::Cancelled;
    } else {
        if (m_store && !record.repository.isEmpty()) {
            const Result<qint64> id = m_store->record(record);
            if (id)
                record.id = id.value();
            else
                end.storeError = id.error();
        }
        if (end.sameIssue)
            m_record = record;
    }
    Q_EMIT stateChanged();
    Q_EMIT runEnded(record, end);
    Q_EMIT runFinished(record);
    if (end.sameIssue && !end.cancelled)
        Q_EMIT statusChanged(status());
}
