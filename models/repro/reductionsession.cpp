// SPDX-License-Identifier: MIT
#include "models/repro/reductionsession.h"

#include "engine/outbox/outboxstore.h"
#include "engine/scrub/fixingpullrequestjob.h"
#include "models/outbox/reportoutbox.h"

#include <QJsonArray>
#include <QRegularExpression>

#include <algorithm>
#include <utility>

using namespace Qt::StringLiterals;

namespace {

ErrorSignature signatureFrom(const QJsonValue &value)
{
    const QJsonObject o = value.toObject();
    return {o.value(u"exceptionClass"_s).toString(), o.value(u"message"_s).toString()};
}

ReproOutcome outcomeFrom(const QJsonObject &o)
{
    ReproOutcome outcome;
    outcome.kind = ReproRunRecord::kindFromName(o.value(u"outcome"_s).toString());
    outcome.exitCode = o.value(u"exitCode"_s).toInt(-1);
    outcome.signal = o.value(u"signal"_s).toInt();
    outcome.detail = o.value(u"detail"_s).toString();
    outcome.environmentName = o.value(u"environment"_s).toString();
    outcome.torchVersion = o.value(u"torchVersion"_s).toString();
    outcome.expected = signatureFrom(o.value(u"expected"_s));
    outcome.observed = signatureFrom(o.value(u"observed"_s));
    return outcome;
}

// The series a stored record keeps in its result (ReproJson::toJson(ReproSeriesSummary)).
ReproSeriesSummary summaryOf(const ReproRunRecord &record)
{
    ReproSeriesSummary s;
    const QJsonArray runs = record.result.value(u"runs"_s).toArray();
    for (const QJsonValue &run : runs)
        s.runs << outcomeFrom(run.toObject());
    s.overall = outcomeFrom(record.result);
    s.overall.kind = record.outcome;
    if (s.overall.torchVersion.isEmpty())
        s.overall.torchVersion = record.torchVersion;
    if (s.overall.detail.isEmpty())
        s.overall.detail = record.detail;
    if (s.runs.isEmpty() && record.outcome != ReproOutcome::Kind::Cancelled) {
        // An older record without the runs: as many as it counted, the overall outcome for each.
        for (int i = 0; i < record.runs; ++i)
            s.runs << s.overall;
    }
    s.reproducedRuns = record.reproducedRuns;
    s.flaky = record.result.value(u"flaky"_s).toBool(record.reproducedRuns > 0 && record.reproducedRuns < record.runs);
    return s;
}

// Only issues of a real repository go to the outbox (a JSON file's name is not one), as for approvals.
bool isRepository(const QString &repository)
{
    static const QRegularExpression ownerName(u"^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$"_s);
    return ownerName.match(repository).hasMatch();
}

// A minimization that ran, or was cancelled with its best so far, has a script to report.
const MinimizeResult *minimized(const std::optional<Result<MinimizeResult>> &result)
{
    return result && (result->ok() || result->cancelled()) ? result->partial() : nullptr;
}

} // namespace

ReductionSession::ReductionSession(QObject *parent)
    : QObject(parent)
    , m_reviewer(qEnvironmentVariable("USER"))
{}

ReductionSession::~ReductionSession()
{
    stopJobs();
}

void ReductionSession::setIssue(const Issue &issue, const QString &repository)
{
    const bool same = m_issue && m_issue->number == issue.number && m_repository == repository;
    m_issue = issue;
    m_repository = repository;
    if (same)
        return;
    stopJobs();
    resetFindings();
}

void ReductionSession::clearIssue()
{
    stopJobs();
    m_issue.reset();
    m_subject.reset();
    m_record.reset();
    resetFindings();
}

void ReductionSession::resetFindings()
{
    if (m_fixJob)
        m_fixJob->deleteLater(); // its answer is for the issue shown before
    m_fixJob = nullptr;
    m_fixedBy.reset();
    m_fixNote.clear();
    m_fixLookedUp = false;
    m_gate = {};
    m_wentOn = false;
    m_triggerConditions.clear();
    m_comment.clear();
    m_bisect.reset();
    m_minimize.reset();
    m_report.reset();
    m_minimizeOriginal.clear();
    m_bestLines = 0;
    m_originalLines = 0;
    m_bestNonBlank = 0;
    m_runsUsed = 0;
    m_round = 0;
    m_pass.clear();
    m_lastStep.clear();
    m_bisectRuns = 0;
    m_bisectRound = 0;
    Q_EMIT findingsReset();
}

void ReductionSession::stopJobs()
{
    // Detached first: their last answer is about an issue no longer shown.
    if (ReproBisector *bisector = std::exchange(m_bisector, nullptr)) {
        bisector->disconnect(this);
        bisector->cancel();
        bisector->deleteLater();
    }
    if (ReproMinimizer *minimizer = std::exchange(m_minimizer, nullptr)) {
        minimizer->disconnect(this);
        minimizer->cancel();
        minimizer->deleteLater();
    }
}

void ReductionSession::setSubject(const std::optional<ReproSubject> &subject)
{
    m_subject = subject;
}

bool ReductionSession::setRecord(const std::optional<ReproRunRecord> &record)
{
    const auto key = [](const std::optional<ReproRunRecord> &r) {
        return r ? std::pair(r->id, r->startedAt) : std::pair(qint64(-1), QDateTime());
    };
    const bool newer = key(record) != key(m_record);
    m_record = record;
    if (newer)
        m_report.reset(); // the report follows the newest run
    return newer;
}

void ReductionSession::setReportOutbox(ReportOutbox *outbox)
{
    m_outbox = outbox;
}

void ReductionSession::setOutboxUnavailableReason(const QString &reason)
{
    m_outboxUnavailable = reason;
}

void ReductionSession::setGate(const ScrubGate &gate, bool wentOn)
{
    m_gate = gate;
    m_wentOn = wentOn;
    if (m_report)
        composeReport();
}

QString ReductionSession::reduceBlocker() const
{
    if (!m_issue)
        return tr("No issue selected.");
    if (!m_subject)
        return tr("The repro cannot run now (see the run page).");
    return {};
}

void ReductionSession::cancel()
{
    if (m_minimizer)
        m_minimizer->cancel();
    if (m_bisector)
        m_bisector->cancel();
}

// ── Bisect ──

bool ReductionSession::startBisect(const QList<PythonEnvironment> &chosen, const QString &package, int probesPerRound)
{
    if (isBusy() || !m_subject || !m_issue || chosen.size() < 2)
        return false;
    BisectorOptions options = m_bisectorOptions;
    options.package = package.trimmed().isEmpty() ? u"torch"_s : package.trimmed();
    options.expected = m_subject->expected;
    options.probesPerRound = probesPerRound;
    // Where the last run reproduced is a known bad point: the first round need not find one.
    if (m_record && m_record->reproduces() &&
        std::any_of(chosen.cbegin(), chosen.cend(),
                    [this](const PythonEnvironment &e) { return e.name == m_record->environment; }))
        options.knownBad = m_record->environment;

    m_bisect.reset();
    m_report.reset();
    m_bisectRound = 0;
    m_bisectRuns = 0;
    auto *bisector = new ReproBisector(this);
    m_bisector = bisector;
    connect(bisector, &ReproBisector::roundStarted, this, [this](int round, const QStringList &versions) {
        m_bisectRound = round;
        Q_EMIT bisectRoundStarted(round, versions);
    });
    connect(bisector, &ReproBisector::probeFinished, this, [this](const BisectProbe &probe) {
        ++m_bisectRuns;
        Q_EMIT bisectProbeFinished(probe);
    });
    connect(bisector, &ReproBisector::finished, this, [this, bisector](const Result<BisectResult> &result) {
        bisector->deleteLater();
        m_bisector = nullptr;
        onBisectFinished(result);
    });
    Q_EMIT busyChanged(true);
    bisector->start(m_subject->request, chosen, options);
    return true;
}

void ReductionSession::onBisectFinished(const Result<BisectResult> &result)
{
    m_bisect = result;
    Q_EMIT busyChanged(false);
    Q_EMIT bisectFinished(result);
}

// ── Minimize ──

bool ReductionSession::startMinimize(int stopLines)
{
    if (isBusy() || !m_subject || !m_issue)
        return false;
    m_minimize.reset();
    m_report.reset();
    m_minimizeOriginal = m_subject->request.scriptText;
    m_originalLines = MinimizeResult::codeLines(m_minimizeOriginal);
    m_bestLines = m_originalLines;
    m_bestNonBlank = MinimizeResult::nonBlankLines(m_minimizeOriginal);
    m_runsUsed = 0;
    m_round = 0;
    m_pass.clear();
    m_lastStep.clear();

    MinimizerOptions options = m_minimizerOptions;
    options.expected = m_subject->expected;
    options.stopLines = stopLines;
    auto *minimizer = new ReproMinimizer(this);
    m_minimizer = minimizer;
    connect(minimizer, &ReproMinimizer::progress, this, [this](int round, const QString &pass, int runs, int lines) {
        m_round = round;
        m_pass = pass;
        m_runsUsed = std::max(m_runsUsed, runs);
        m_bestLines = lines;
        Q_EMIT minimizeProgressed();
    });
    connect(minimizer, &ReproMinimizer::runFinished, this, [this](int runs) {
        m_runsUsed = runs;
        Q_EMIT minimizeProgressed();
    });
    connect(minimizer, &ReproMinimizer::bestChanged, this,
            [this](const QString &source, int lines, const QString &step) {
                m_bestLines = lines;
                m_bestNonBlank = MinimizeResult::nonBlankLines(source);
                m_lastStep = step;
                Q_EMIT minimizeImproved(source, lines, step);
            });
    connect(minimizer, &ReproMinimizer::finished, this, [this, minimizer](const Result<MinimizeResult> &result) {
        minimizer->deleteLater();
        m_minimizer = nullptr;
        onMinimizeFinished(result);
    });
    Q_EMIT busyChanged(true);
    minimizer->start(m_minimizeOriginal, m_subject->request, options);
    return true;
}

void ReductionSession::onMinimizeFinished(const Result<MinimizeResult> &result)
{
    m_minimize = result;
    if (const MinimizeResult *r = result.partial()) {
        m_runsUsed = r->runs;
        if (result || result.cancelled())
            m_bestLines = r->finalLines;
        // What a simpler variant showed the bug needs: the report's trigger conditions, unless already written.
        if (!r->conditions.isEmpty() && m_triggerConditions.trimmed().isEmpty()) {
            m_triggerConditions = r->conditions.join(u'\n');
            Q_EMIT triggerConditionsChanged(m_triggerConditions);
        }
    }
    Q_EMIT busyChanged(false);
    Q_EMIT minimizeFinished(result);
}

// ── Report ──

ScrubFindings ReductionSession::findings() const
{
    ScrubFindings f;
    if (!m_issue)
        return f;
    f.issueNumber = m_issue->number;
    f.labels = m_issue->labels;
    if (m_pack) {
        f.profile = m_pack->profile;
        if (!m_pack->reproLabel.isEmpty())
            f.reproductionLabel = m_pack->reproLabel;
    }
    f.closed = !m_issue->isOpen();
    f.hasRunnableRepro = m_reproFound;
    if (m_record) {
        f.series = summaryOf(*m_record);
        f.version = m_record->torchVersion;
    }
    if (m_bisect && m_bisect->ok()) // a cancelled bisection is not a finding
        f.bisect = m_bisect->value();
    if (const MinimizeResult *m = minimized(m_minimize)) {
        f.originalRepro = m->original;
        f.minimizedRepro = m->minimized;
    } else if (m_subject) {
        f.originalRepro = m_subject->request.scriptText;
    }
    for (const QString &line : m_triggerConditions.split(u'\n')) {
        const QString c = line.trimmed();
        if (!c.isEmpty())
            f.triggerConditions << (c.startsWith(u"- "_s) ? c.mid(2) : c);
    }
    f.fixedBy = m_fixedBy;
    f.stops = m_gate.stops;
    f.wentOn = m_wentOn;
    f.confirmation = m_gate.confirmation;
    return f;
}

void ReductionSession::composeReport()
{
    if (!m_issue) {
        m_report.reset();
        Q_EMIT reportChanged();
        return;
    }
    m_report = ScrubReport::compose(findings());
    m_comment = m_report->comment;
    Q_EMIT reportDrafted();
    Q_EMIT reportChanged();
    if (m_report->verdict == ScrubReport::Verdict::NoLongerReproduces)
        lookUpFix();
}

void ReductionSession::lookUpFix()
{
    if (!m_issue || !m_client || m_repository.isEmpty() || m_fixLookedUp || m_fixJob)
        return;
    auto *job = new FixingPullRequestJob(m_client, this);
    m_fixJob = job;
    m_fixNote = tr("Looking for the fixing PR in the issue's cross-references…");
    const int number = m_issue->number;
    connect(job, &FixingPullRequestJob::finished, this,
            [this, job, number](const Result<std::optional<FixingPullRequest>> &result) {
                job->deleteLater();
                if (m_fixJob != job || !m_issue || m_issue->number != number)
                    return; // another issue since
                m_fixJob = nullptr;
                m_fixLookedUp = true;
                if (!result)
                    m_fixNote = tr("The fixing PR is not known: %1").arg(result.error());
                else if (!result.value())
                    m_fixNote = tr("No merged PR closes or cross-references the issue, and no commit between the "
                                   "versions names it: the report names the version.");
                else {
                    m_fixedBy = *result.value();
                    m_fixNote =
                        tr("Fixing PR: #%1 “%2”, merged %3 (from %4).")
                            .arg(m_fixedBy->number)
                            .arg(m_fixedBy->title, m_fixedBy->mergedAt.toLocalTime().date().toString(Qt::ISODate),
                                 m_fixedBy->routeText());
                }
                // Drafted again only while the comment is the draft: the reviewer's edits are not replaced.
                if (m_report && m_comment == m_report->comment)
                    composeReport();
                else
                    Q_EMIT reportChanged();
                Q_EMIT fixLookupFinished();
            });
    // The compare route: the version where it last reproduced (the bisection's, else the one the issue reports)
    // and the one where it no longer does.
    FixVersionRange range;
    range.reproduces = FixingPullRequestJob::reportedVersion(m_issue->body);
    if (m_record)
        range.passes = m_record->torchVersion;
    if (m_bisect && m_bisect->ok() && m_bisect->value().fix()) {
        range.reproduces = m_bisect->value().fix()->fromVersion;
        range.passes = m_bisect->value().fix()->toVersion;
    }
    job->start(m_repository, m_issue->number, range);
}

QString ReductionSession::sendBlocker() const
{
    if (!m_issue)
        return tr("No issue selected.");
    if (!m_outboxUnavailable.isEmpty())
        return m_outboxUnavailable;
    if (!m_outbox)
        return tr("No outbox: the console has no store open.");
    if (!isRepository(m_repository))
        return tr("The queue is not a GitHub repository's: nothing of it goes to the outbox.");
    if (!m_report)
        return tr("Draft the report first.");
    if (m_report->comment.isEmpty() && m_comment.trimmed().isEmpty() && m_report->addLabels.isEmpty() &&
        m_report->removeLabels.isEmpty() && !m_report->close && !m_report->triagedRefresh)
        return tr("Nothing to send: the report changes nothing on the issue.");
    if (isBusy())
        return tr("Wait for the bisection or minimization to end (or cancel it).");
    return {};
}

Result<OutboxEntry> ReductionSession::sendToOutbox()
{
    if (!m_issue)
        return Error::refused(tr("No issue selected."));
    if (!m_outboxUnavailable.isEmpty())
        return Error::refused(m_outboxUnavailable);
    if (!m_outbox)
        return Error::refused(tr("No outbox: the console has no store open."));
    if (!isRepository(m_repository))
        return Error::refused(tr("The queue is not a GitHub repository's: nothing of it goes to the outbox."));
    if (!m_report)
        composeReport();
    ScrubReport report = *m_report;
    report.comment = m_comment.trimmed(); // as the reviewer edited it
    const ScrubFindings f = findings();
    const Result<RubricPack> pack = m_pack ? Result<RubricPack>(*m_pack) : OutboxStore::packFor(f.profile);
    if (!pack)
        return pack.failure();
    const Result<OutboxEntry> entry = m_outbox->enqueueReport(report, m_repository, *m_issue, m_reviewer, pack.value());
    if (entry)
        Q_EMIT reportSent(entry.value());
    return entry;
}
