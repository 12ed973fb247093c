// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/result.h"
#include "engine/repro/pythonenvironment.h"
#include "engine/repro/reproscanner.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

// What `repro scan|run|extract|envs` (ReproCommand) and `repro bisect|minimize` (ReproToolsCommand) share:
// messages, JSON output, the environments and the review gate before anything runs.
namespace ReproCli {

// Exit codes: 2 usage or input errors, 3 the code needs consent or does not parse, 4 the sandbox refused.
constexpr int ExitUsage = 2;
constexpr int ExitNeedsConsent = 3;
constexpr int ExitRefused = 4;

// "triage-console repro: MESSAGE" on stderr; returns `code`.
int fail(const QString &message, int code = ExitUsage);
void print(const QJsonObject &object);
void print(const QJsonArray &array);
// Copies every key of `from` into `into`.
void merge(QJsonObject &into, const QJsonObject &from);

Result<QString> readScript(const QString &path);
// Runs the scanner to completion under the command's event loop.
Result<ScanReport> scanNow(const QString &code);

// The environments a run can use: the system python3, the configured ones (PythonEnvironment::configured;
// those that do not parse are reported on stderr) and conda's, each asked for its versions.
QList<PythonEnvironment> discoverEnvironments();
// The environment called `name`, when it is there and usable; it points into `environments`.
const PythonEnvironment *usableEnvironment(const QList<PythonEnvironment> &environments, const QString &name);

// The same gate as the panel's: code that does not parse never runs; findings or an author untrusted by the
// `association` option need a named reviewer (the `consent` option). Adds the review (and the consent) to
// `out`. When the code may not run, adds `notRun` and the reason to `out`, prints it and returns the exit
// code; a scan that fails is reported on stderr.
std::optional<int> reviewBeforeRun(const QString &code, const QCommandLineParser &parser,
                                   const QCommandLineOption &association, const QCommandLineOption &consent,
                                   QJsonObject &out, const QJsonObject &notRun = {});
// The same, with the association and the consenting reviewer (empty: none) given as values.
std::optional<int> reviewBeforeRun(const QString &code, const QString &association, const QString &consent,
                                   QJsonObject &out, const QJsonObject &notRun = {});

// Starts a job with `start` and runs the command's event loop until the job emits `finished`; what it
// emitted, or nothing when the loop ended otherwise.
template<typename Job, typename Value, typename Start>
std::optional<Value> waitFor(Job &job, void (Job::*finished)(const Value &), Start start)
{
    std::optional<Value> value;
    QObject::connect(&job, finished, &job, [&value](const Value &emitted) {
        value = emitted;
        QCoreApplication::exit(0);
    });
    start();
    if (!value)
        QCoreApplication::exec();
    return value;
}

} // namespace ReproCli
