// SPDX-License-Identifier: MIT
#include "tests/support/reprotestrun.h"

#include "engine/repro/errorsignature.h"
#include "engine/repro/reprojson.h"
#include "engine/repro/reproseries.h"
#include "tests/support/resultspy.h"

using namespace Qt::StringLiterals;

SandboxRequest ReproTestRun::request(const QString &script, const PythonEnvironment &python)
{
    SandboxRequest r;
    r.scriptText = script;
    r.scriptName = u"repro.py"_s;
    r.environment = python;
    r.hashSeed = 0;
    r.limits.timeoutMs = 60000;
    return r;
}

Result<ReproRunRecord> ReproTestRun::record(const QString &repository, int number, const SandboxRequest &request,
                                            const QString &expect, int runs)
{
    ReproSeries series;
    ResultSpy<ReproSeriesSummary> ran(&series, &ReproSeries::finished);
    series.start(request, ErrorSignature::parse(expect), runs);
    if (!ran.wait(60000))
        return Error::failed(u"the repro series did not end in a minute"_s);
    if (!ran.first())
        return ran.first().failure();
    const ReproSeriesSummary &summary = ran.first().value();
    ReproRunRecord record;
    record.repository = repository;
    record.number = number;
    record.environment = request.environment.name;
    record.torchVersion = request.environment.torchVersion;
    record.outcome = summary.overall.kind;
    record.runs = int(summary.runs.size());
    record.reproducedRuns = summary.reproducedRuns;
    record.result = ReproJson::toJson(summary);
    record.startedAt = QDateTime::currentDateTimeUtc();
    return record;
}
