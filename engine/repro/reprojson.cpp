// SPDX-License-Identifier: MIT
#include "engine/repro/reprojson.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace {

QString tailLines(const QByteArray &data, int lines)
{
    const QString text = QString::fromUtf8(data);
    qsizetype at = text.size();
    for (int i = 0; i <= lines && at > 0; ++i)
        at = text.lastIndexOf(u'\n', at - 1);
    return at <= 0 ? text : text.mid(at + 1);
}

} // namespace

QJsonObject ReproJson::toJson(const ErrorSignature &signature)
{
    if (signature.isEmpty())
        return {};
    return {{u"exceptionClass"_s, signature.exceptionClass},
            {u"message"_s, signature.message},
            {u"text"_s, signature.toString()}};
}

QJsonObject ReproJson::toJson(const ScanReport &report)
{
    QJsonArray findings;
    for (const ScanFinding &f : report.findings)
        findings.append(QJsonObject{{u"line"_s, f.line}, {u"rule"_s, f.rule}, {u"reason"_s, f.reason}});
    QJsonObject out{{u"parsed"_s, report.parsed}, {u"findings"_s, findings}};
    if (!report.parseError.isEmpty())
        out.insert(u"parseError"_s, report.parseError);
    return out;
}

QJsonObject ReproJson::toJson(const ReproReview &review)
{
    QJsonObject out = toJson(review.scan);
    out.insert(u"author"_s, review.author);
    out.insert(u"authorAssociation"_s, review.authorAssociation);
    out.insert(u"trust"_s, ReproReview::trustName(review.trust));
    out.insert(u"consentRequired"_s, review.consentRequired());
    out.insert(u"consentReasons"_s, QJsonArray::fromStringList(review.consentReasons()));
    out.insert(u"runnable"_s, review.runnable());
    return out;
}

QJsonObject ReproJson::toJson(const ReproCandidate &c)
{
    QJsonObject out{{u"where"_s, c.where()},
                    {u"author"_s, c.author},
                    {u"authorAssociation"_s, c.authorAssociation},
                    {u"fromOriginalPoster"_s, c.fromOriginalPoster},
                    {u"codeLines"_s, c.codeLines()},
                    {u"blocks"_s, c.blockCount},
                    {u"selfContained"_s, c.selfContained},
                    {u"code"_s, c.code}};
    if (c.postedAt.isValid())
        out.insert(u"postedAt"_s, c.postedAt.toString(Qt::ISODate));
    if (!c.notSelfContainedBecause.isEmpty())
        out.insert(u"notSelfContainedBecause"_s, c.notSelfContainedBecause);
    if (!c.scriptName.isEmpty())
        out.insert(u"scriptName"_s, c.scriptName);
    if (!c.launcher.isEmpty())
        out.insert(u"launcher"_s, QJsonArray::fromStringList(c.launcher));
    if (!c.scriptArguments.isEmpty())
        out.insert(u"scriptArguments"_s, QJsonArray::fromStringList(c.scriptArguments));
    return out;
}

QJsonObject ReproJson::toJson(const ReproExtraction &e)
{
    QJsonArray candidates;
    for (const ReproCandidate &c : e.candidates)
        candidates.append(toJson(c));
    QJsonObject out{{u"status"_s, ReproExtraction::statusName(e.status)},
                    {u"needsReproduction"_s, e.needsReproduction()},
                    {u"candidates"_s, candidates},
                    {u"chosen"_s, e.chosen},
                    {u"reason"_s, e.reason},
                    {u"hangReported"_s, e.hangReported},
                    {u"crashReported"_s, e.crashReported},
                    {u"compileSymptom"_s, e.compileSymptom}};
    if (!e.impliedError.isEmpty())
        out.insert(u"impliedError"_s, toJson(e.impliedError));
    if (!e.reported.isEmpty()) {
        QJsonObject reported = toJson(e.reported);
        reported.insert(u"fullMessage"_s, e.reportedMessage);
        reported.insert(u"from"_s, e.reportedFrom);
        out.insert(u"reportedError"_s, reported);
    } else {
        out.insert(u"reportedError"_s, QJsonValue::Null);
    }
    return out;
}

QJsonObject ReproJson::toJson(const ReproNeeds &n)
{
    QJsonObject out{
        {u"canRunHere"_s, n.canRunHere()},
        {u"summary"_s, n.summary()},
        {u"unmet"_s, QJsonArray::fromStringList(n.unmet)},
        {u"gpus"_s, n.gpus},
        {u"nccl"_s, n.nccl},
        {u"worldSize"_s, n.worldSize},
        {u"launcher"_s, n.launcher},
        {u"packages"_s, QJsonArray::fromStringList(n.packages)},
        {u"downloads"_s, QJsonArray::fromStringList(n.downloads)},
        {u"hasCheck"_s, n.hasCheck},
        {u"prints"_s, n.prints},
        {u"seesCompileSymptoms"_s, n.seesCompileSymptoms},
        {u"have"_s, QJsonObject{{u"gpus"_s, n.haveGpus}, {u"nccl"_s, n.haveNccl}, {u"torch"_s, n.torchVersion}}}};
    if (!n.cpuVariantDiff.isEmpty())
        out.insert(u"cpuVariantDiff"_s, n.cpuVariantDiff);
    if (!n.assertCloseDiff.isEmpty())
        out.insert(u"assertCloseDiff"_s, n.assertCloseDiff);
    return out;
}

QJsonObject ReproJson::toJson(const PythonEnvironment &env)
{
    QJsonObject out{{u"name"_s, env.name},
                    {u"kind"_s, PythonEnvironment::kindName(env.kind)},
                    {u"interpreter"_s, env.interpreter},
                    {u"prefix"_s, env.prefix},
                    {u"python"_s, env.pythonVersion},
                    {u"torch"_s, env.torchVersion.isEmpty() ? QJsonValue() : QJsonValue(env.torchVersion)}};
    if (!env.probeError.isEmpty())
        out.insert(u"error"_s, env.probeError);
    return out;
}

QJsonObject ReproJson::toJson(const ReproOutcome &o)
{
    QJsonObject out{{u"outcome"_s, ReproOutcome::kindName(o.kind)},
                    {u"reproduces"_s, o.reproduces()},
                    {u"exitCode"_s, o.exitCode},
                    {u"detail"_s, o.detail},
                    {u"environment"_s, o.environmentName},
                    {u"torchVersion"_s, o.torchVersion}};
    if (o.signal > 0) {
        out.insert(u"signal"_s, o.signal);
        out.insert(u"signalName"_s, ReproOutcome::signalName(o.signal));
    }
    if (o.kind == ReproOutcome::Kind::TimedOut)
        out.insert(u"hangReported"_s, o.hangReported);
    if (!o.needs.isEmpty())
        out.insert(u"needs"_s, QJsonArray::fromStringList(o.needs));
    if (!o.rankExitCodes.isEmpty())
        out.insert(u"rankExitCodes"_s, QJsonArray::fromStringList(o.rankExitCodes));
    if (!o.expected.isEmpty())
        out.insert(u"expected"_s, toJson(o.expected));
    if (!o.observed.isEmpty())
        out.insert(u"observed"_s, toJson(o.observed));
    return out;
}

QJsonObject ReproJson::toJson(const Result<SandboxRunResult> &ran, int lines)
{
    static const SandboxRunResult nothingRan;
    const SandboxRunResult &run = ran.partial() ? *ran.partial() : nothingRan;
    QJsonObject out{{u"exitCode"_s, run.exitCode},
                    {u"durationMs"_s, run.durationMs},
                    {u"timedOut"_s, run.timedOut},
                    {u"stdoutBytes"_s, run.stdoutBytes},
                    {u"stderrBytes"_s, run.stderrBytes},
                    {u"stdoutTail"_s, tailLines(run.stdoutTail, lines)},
                    {u"stderrTail"_s, tailLines(run.stderrTail, lines)},
                    {u"command"_s, QJsonArray::fromStringList(run.command)}};
    if (run.signal > 0)
        out.insert(u"signal"_s, run.signal);
    if (!ran && !ran.cancelled())
        out.insert(u"refusal"_s, ran.error());
    if (!run.hangReport.isEmpty())
        out.insert(u"hangReport"_s, run.hangReport);
    if (run.timedOut)
        out.insert(u"busyAtTimeout"_s, run.busyAtTimeout);
    if (!run.rankExitCodes.isEmpty())
        out.insert(u"rankExitCodes"_s, QJsonArray::fromStringList(run.rankExitCodes));
    return out;
}

QJsonObject ReproJson::toJson(const ReproSeriesSummary &s)
{
    QJsonArray runs;
    for (const ReproOutcome &o : s.runs)
        runs.append(toJson(o));
    QJsonObject out = toJson(s.overall);
    out.insert(u"runs"_s, runs);
    out.insert(u"runCount"_s, int(s.runs.size()));
    out.insert(u"reproducedRuns"_s, s.reproducedRuns);
    out.insert(u"ratio"_s, s.ratio());
    out.insert(u"flaky"_s, s.flaky);
    return out;
}
