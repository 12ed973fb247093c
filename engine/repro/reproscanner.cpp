// SPDX-License-Identifier: MIT
#include "engine/repro/reproscanner.h"

#include "engine/core/bundledscript.h"

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
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        m_timedOut = true;
        if (m_process)
            m_process->kill();
    });
}

ReproScanner::~ReproScanner()
{
    if (m_process) {
        m_process->disconnect(this);
        m_process->kill();
        // Reaped here, not left to QProcess's destructor, which warns about a process still running.
        m_process->waitForFinished(1000);
    }
}

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
    m_process = new QProcess(this);
    BundledScript::setUpProcess(*m_process, m_python, {analyser.value(), u"-"_s});
    m_process->setProcessChannelMode(QProcess::SeparateChannels);
    connect(m_process, &QProcess::readyReadStandardOutput, this,
            [this] { m_output += m_process->readAllStandardOutput(); });
    connect(m_process, &QProcess::finished, this, &ReproScanner::onFinished);
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            finish(Error{u"The repro analyser could not start: %1"_s.arg(m_process->errorString())});
    });
    m_timer.start(m_timeoutMs);
    m_process->start();
    m_process->write(code.toUtf8());
    m_process->closeWriteChannel();
}

void ReproScanner::cancel()
{
    if (m_process)
        m_process->kill();
    finish(Error{u"The scan was cancelled."_s});
}

void ReproScanner::onFinished(int exitCode, QProcess::ExitStatus status)
{
    m_output += m_process->readAllStandardOutput();
    if (m_timedOut) {
        finish(Error{u"The repro analyser took longer than %1 s and was stopped."_s.arg(m_timeoutMs / 1000)});
        return;
    }
    if (status != QProcess::NormalExit || exitCode != 0) {
        const QString detail = QString::fromUtf8(m_process->readAllStandardError()).trimmed().section(u'\n', -1);
        finish(Error{u"The repro analyser failed (exit %1): %2"_s.arg(exitCode).arg(detail)});
        return;
    }
    finish(parseReport(m_output));
}

void ReproScanner::finish(const Result<ScanReport> &report)
{
    if (m_done)
        return;
    m_done = true;
    m_timer.stop();
    if (!report)
        qCWarning(lcRepro) << "scan failed:" << report.error();
    Q_EMIT finished(report);
}
