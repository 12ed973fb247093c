// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/processjob.h"
#include "engine/core/result.h"

#include <QDateTime>
#include <QList>
#include <QLoggingCategory>
#include <QMetaType>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

Q_DECLARE_LOGGING_CATEGORY(lcRepro)

// One concern the static review found: where, which rule, and a one-line reason.
struct ScanFinding
{
    int line = 0;
    QString rule; // network, file-write, process-exec, external-load, obfuscation, package-install, environment,
                  // parse-error
    QString reason;

    friend bool operator==(const ScanFinding &, const ScanFinding &) = default;
};

struct ScanReport
{
    bool parsed = false;
    QString parseError; // set when the code does not parse: it is reported, never run
    QList<ScanFinding> findings;

    bool clean() const { return parsed && findings.isEmpty(); }
    QStringList rules() const;
};

enum class AuthorTrust
{
    Trusted,   // OWNER, MEMBER, COLLABORATOR
    Untrusted, // anyone else, including CONTRIBUTOR
    Unknown,   // no association known (a local file)
};

// A reviewer's explicit go-ahead for a run that needs one; recorded with the result.
struct ReviewerConsent
{
    QString reviewer;
    QDateTime at;
    QString note;

    bool given() const { return !reviewer.isEmpty(); }
};

// What stands between a repro and a run: the scan, the author's trust, and whether someone must consent.
struct ReproReview
{
    ScanReport scan;
    QString author;
    QString authorAssociation;
    AuthorTrust trust = AuthorTrust::Unknown;

    static AuthorTrust trustFor(const QString &authorAssociation);
    static QString trustName(AuthorTrust trust);
    // Findings (or code that does not parse) and untrusted authors need a reviewer's consent.
    bool consentRequired() const { return !consentReasons().isEmpty(); }
    QStringList consentReasons() const;
    // Code that does not parse is never run, consent or not.
    bool runnable() const { return scan.parsed; }
};

// Runs our `ast`-based analyser (resources/repro/scan_repro.py) on a script with `python3 -I` under a
// timeout and memory/CPU limits. Emits finished() exactly once; may be cancelled.
class ReproScanner final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReproScanner)

public:
    explicit ReproScanner(QObject *parent = nullptr);
    ~ReproScanner() override;

    void setPython(const QString &interpreter) { m_python = interpreter; }
    void setTimeout(int milliseconds) { m_timeoutMs = milliseconds; }
    void scan(const QString &code);
    void cancel();

    // The analyser, written once per process from the resources to a private temporary file.
    static Result<QString> analyserPath();
    static Result<ScanReport> parseReport(const QByteArray &json);

Q_SIGNALS:
    void finished(const Result<ScanReport> &report);

private:
    void onFinished(const Result<ProcessOutcome> &outcome);
    void finish(const Result<ScanReport> &report);

    QString m_python;
    int m_timeoutMs = 20000;
    QPointer<ProcessJob> m_process;
    bool m_done = false;
};

Q_DECLARE_METATYPE(ScanReport)
