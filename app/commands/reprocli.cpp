// SPDX-License-Identifier: MIT
#include "app/commands/reprocli.h"

#include "app/commands/cli.h"

#include "engine/repro/reprojson.h"

#include <QDateTime>
#include <QFile>
#include <QJsonDocument>
#include <QTextStream>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("ReproCommand", text);
}

} // namespace

int ReproCli::fail(const QString &message, int code)
{
    return Cli::fail(u"repro"_s, message, code);
}

void ReproCli::print(const QJsonObject &object)
{
    Cli::print(object);
}

void ReproCli::print(const QJsonArray &array)
{
    Cli::print(array);
}

void ReproCli::merge(QJsonObject &into, const QJsonObject &from)
{
    for (auto it = from.constBegin(); it != from.constEnd(); ++it)
        into.insert(it.key(), it.value());
}

Result<QString> ReproCli::readScript(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error{tr("cannot read %1: %2").arg(path, file.errorString())};
    return QString::fromUtf8(file.readAll());
}

Result<ScanReport> ReproCli::scanNow(const QString &code)
{
    ReproScanner scanner;
    const std::optional<Result<ScanReport>> report =
        waitFor(scanner, &ReproScanner::finished, [&] { scanner.scan(code); });
    return report ? *report : Result<ScanReport>(Error{tr("the scanner gave no answer")});
}

QList<PythonEnvironment> ReproCli::discoverEnvironments()
{
    QStringList problems;
    const QList<PythonEnvironment> configured = PythonEnvironment::configured(&problems);
    for (const QString &problem : std::as_const(problems))
        Cli::complain(u"repro"_s, problem);
    PythonEnvironmentProbe probe;
    probe.setConfigured(configured);
    const std::optional<Result<QList<PythonEnvironment>>> found =
        waitFor(probe, &PythonEnvironmentProbe::finished, [&] { probe.start(); });
    return found && found->ok() ? found->value() : QList<PythonEnvironment>(); // nothing here cancels it
}

const PythonEnvironment *ReproCli::usableEnvironment(const QList<PythonEnvironment> &environments, const QString &name)
{
    const auto env = std::find_if(environments.cbegin(), environments.cend(),
                                  [&](const PythonEnvironment &e) { return e.name == name; });
    return env == environments.cend() || !env->isUsable() ? nullptr : &*env;
}

std::optional<int> ReproCli::reviewBeforeRun(const QString &code, const QCommandLineParser &parser,
                                             const QCommandLineOption &association, const QCommandLineOption &consent,
                                             QJsonObject &out, const QJsonObject &notRun)
{
    return reviewBeforeRun(code, parser.value(association), parser.isSet(consent) ? parser.value(consent) : QString(),
                           out, notRun);
}

std::optional<int> ReproCli::reviewBeforeRun(const QString &code, const QString &association, const QString &consent,
                                             QJsonObject &out, const QJsonObject &notRun)
{
    const Result<ScanReport> report = scanNow(code);
    if (!report)
        return fail(report.error());
    const ReproReview review{report.value(), QString(), association, ReproReview::trustFor(association)};
    out.insert(u"review"_s, ReproJson::toJson(review));
    const auto refuse = [&](const QString &detail) {
        merge(out, notRun);
        out.insert(u"detail"_s, detail);
        print(out);
        return ExitNeedsConsent;
    };
    if (!review.runnable())
        return refuse(tr("the code does not parse; it is reported, not run"));
    if (review.consentRequired()) {
        if (consent.isEmpty())
            return refuse(
                tr("needs a reviewer's consent (--consent NAME): %1").arg(review.consentReasons().join(u"; "_s)));
        out.insert(u"consent"_s, QJsonObject{{u"reviewer"_s, consent},
                                             {u"at"_s, QDateTime::currentDateTimeUtc().toString(Qt::ISODate)},
                                             {u"reasons"_s, QJsonArray::fromStringList(review.consentReasons())}});
    }
    return std::nullopt;
}
