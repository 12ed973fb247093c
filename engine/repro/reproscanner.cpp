// SPDX-License-Identifier: MIT
#include "engine/repro/reproscanner.h"

#include "engine/core/bundledscript.h"
#include "engine/core/processjob.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>

Q_LOGGING_CATEGORY(lcRepro, "triage.repro", QtInfoMsg)

using namespace Qt::StringLiterals;

QStringList ScanReport::rules() const
{
    QStringList out;
    for (const ScanFinding &f : findings) {
        if (!out.contains(f.rule))
            out << f.rule;
    }
    return out;
}

AuthorTrust ReproReview::trustFor(const QString &authorAssociation)
{
    const QString a = authorAssociation.trimmed().toUpper();
    if (a.isEmpty())
        return AuthorTrust::Unknown;
    if (a == u"OWNER"_s || a == u"MEMBER"_s || a == u"COLLABORATOR"_s)
        return AuthorTrust::Trusted;
    return AuthorTrust::Untrusted;
}

QString ReproReview::trustName(AuthorTrust trust)
{
    switch (trust) {
    case AuthorTrust::Trusted:
        return u"trusted"_s;
    case AuthorTrust::Untrusted:
        return u"untrusted"_s;
    case AuthorTrust::Unknown:
        return u"unknown"_s;
    }
    return {};
}

QStringList ReproReview::consentReasons() const
{
    QStringList reasons;
    if (!scan.parsed)
        reasons << u"the code does not parse"_s;
    if (!scan.findings.isEmpty()) {
        QStringList rules = scan.rules();
        rules.removeAll(u"parse-error"_s);
        if (!rules.isEmpty())
            reasons << u"the scan found: %1"_s.arg(rules.join(u", "_s));
    }
    if (trust == AuthorTrust::Untrusted)
        reasons << u"%1 (%2) is not an owner, member or collaborator"_s.arg(author.isEmpty() ? u"the author"_s : author,
                                                                            authorAssociation);
    return reasons;
}

ReproScanner::ReproScanner(QObject *parent)
    : QObject(parent)
    , m_python(QStandardPaths::findExecutable(u"python3"_s))
{}

ReproScanner::~ReproScanner() = default; // the ProcessJob child kills and reaps a running analyser

Result<QString> ReproScanner::analyserPath()
{
    return BundledScript::path(u":/repro/scan_repro.py"_s, u"the repro analyser"_s);
}

Result<ScanReport> ReproScanner::parseReport(const QByteArray &json)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (!doc.isObject())
        return Error{u"The repro analyser's report is not JSON: %1"_s.arg(error.errorString())};
    const QJsonObject root = doc.object();
    ScanReport report;
    report.parsed = root.value(u"parsed"_s).toBool();
    report.parseError = root.value(u"error"_s).toString();
    for (const QJsonValue &v : root.value(u"findings"_s).toArray()) {
        const QJsonObject f = v.toObject();
        report.findings << ScanFinding{f.value(u"line"_s).toInt(), f.value(u"rule"_s).toString(),
                                       f.value(u"reason"_s).toString()};
    }
    return report;
}

void ReproScanner::scan(const QString &code)
{
    const Result<QString> analyser = analyserPath();
    if (!analyser) {
        finish(Error{analyser.error()});
        return;
    }
    if (m_python.isEmpty()) {
        finish(Error{u"No python3 interpreter found to run the repro analyser."_s});
        return;
    }
    ProcessSpec spec = BundledScript::processSpec(m_python, {analyser.value(), u"-"_s});
    spec.standardInput = code.toUtf8();
    spec.timeoutMs = m_timeoutMs;
    spec.what = u"The repro analyser"_s;
    m_process = new ProcessJob(spec, this);
    connect(m_process, &ProcessJob::finished, this, &ReproScanner::onFinished);
    m_process->start();
}

void ReproScanner::cancel()
{
    finish(Error{u"The scan was cancelled."_s});
    if (m_process)
        m_process->cancel(); // kills the analyser's group; its finished() comes after ours and is dropped
}

void ReproScanner::onFinished(const Result<ProcessOutcome> &outcome)
{
    if (!outcome) {
        finish(Error{outcome.error()});
        return;
    }
    if (outcome->timedOut) {
        finish(Error{u"The repro analyser took longer than %1 s and was stopped."_s.arg(m_timeoutMs / 1000)});
        return;
    }
    if (!outcome->succeeded()) {
        finish(
            Error{u"The repro analyser failed (exit %1): %2"_s.arg(outcome->exitCode).arg(outcome->lastErrorLine())});
        return;
    }
    finish(parseReport(outcome->standardOutput));
}

void ReproScanner::finish(const Result<ScanReport> &report)
{
    if (m_done)
        return;
    m_done = true;
    if (!report)
        qCWarning(lcRepro) << "scan failed:" << report.error();
    Q_EMIT finished(report);
}
