// SPDX-License-Identifier: MIT
#include "app/commands/triagecommand.h"

#include "app/commands/cli.h"

#include "engine/core/issuejsonreader.h"
#include "engine/triage/guardrails.h"
#include "engine/triage/rubricpack.h"
#include "engine/triage/triageengine.h"
#include "engine/triage/triageplanwriter.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QTextStream>

using namespace Qt::StringLiterals;

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("TriageCommand", text);
}

void complain(const QString &message)
{
    Cli::complain(u"triage"_s, message);
}

// JSON Lines whose first line is not an object (or is broken) are not recognised by IssueJsonReader's document
// mode; read them here line by line, so that one bad line never hides the good ones.
IssueBatch readLines(const QByteArray &data)
{
    IssueBatch batch;
    int lineNumber = 0;
    for (const QByteArray &line : data.split('\n')) {
        ++lineNumber;
        if (line.trimmed().isEmpty())
            continue;
        QJsonParseError parseError;
        const QJsonDocument document = QJsonDocument::fromJson(line, &parseError);
        if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
            const QString why =
                parseError.error != QJsonParseError::NoError ? parseError.errorString() : u"not a JSON object"_s;
            batch.errors.append(InputError{lineNumber, u"line %1: %2"_s.arg(lineNumber).arg(why)});
            continue;
        }
        Result<Issue> issue = IssueJsonReader::fromJson(document.object());
        if (issue)
            batch.issues.append(std::move(issue).value());
        else
            batch.errors.append(InputError{lineNumber, u"line %1: %2"_s.arg(lineNumber).arg(issue.error())});
    }
    return batch;
}

IssueBatch readInput(const QByteArray &data)
{
    IssueBatch batch = IssueJsonReader::readDocument(data);
    const bool wholeDocumentFailed =
        batch.issues.isEmpty() && batch.errors.size() == 1 && batch.errors.constFirst().line == 0;
    const QByteArray trimmed = data.trimmed();
    if (wholeDocumentFailed && trimmed.contains('\n') && !trimmed.startsWith('['))
        return readLines(data);
    return batch;
}

} // namespace

int TriageCommand::run(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Suggest a triage plan for each issue of a queue: sub-oncall, labels with confidence, template "
           "comment and the evidence behind them. Reads gh `issue list/view --json` output or GitHub REST issue "
           "objects (a JSON array or JSON Lines); writes one JSON object per line."));
    parser.addHelpOption();
    const QCommandLineOption profileOption(u"profile"_s,
                                           tr("The rubric to apply (built in: distributed, pt2, general for "
                                              "first-level routing)."),
                                           u"PROFILE"_s);
    const QCommandLineOption packOption(u"pack"_s, tr("A rubric pack file to use instead of the built-in one."),
                                        u"FILE"_s);
    const QCommandLineOption inputOption(u"input"_s, tr("Read issues from FILE (default: standard input)."), u"FILE"_s);
    const QCommandLineOption outputOption(u"output"_s, tr("Write plans to FILE (default: standard output)."),
                                          u"FILE"_s);
    const QCommandLineOption retriageOption(
        u"retriage"_s,
        tr("Plan issues the queue already processed (they carry its marker label) as if they were new."));
    parser.addOptions({profileOption, packOption, inputOption, outputOption, retriageOption});
    if (!parser.parse(arguments)) {
        complain(parser.errorText());
        return 2;
    }
    if (parser.isSet(u"help"_s)) {
        QTextStream(stdout) << parser.helpText();
        return 0;
    }
    if (!parser.positionalArguments().isEmpty()) {
        complain(tr("unexpected argument: %1").arg(parser.positionalArguments().constFirst()));
        return 2;
    }
    if (!parser.isSet(profileOption)) {
        complain(tr("--profile is required (for example --profile distributed or --profile general)"));
        return 2;
    }

    const QString profile = parser.value(profileOption);
    Result<RubricPack> pack =
        parser.isSet(packOption) ? RubricPack::load(parser.value(packOption)) : RubricPack::builtin(profile);
    if (!pack) {
        complain(pack.error());
        return 2;
    }
    if (pack->profile != profile) {
        complain(tr(R"(%1 is a pack for the profile "%2", not "%3")").arg(pack->sourceName, pack->profile, profile));
        return 2;
    }

    QFile input;
    if (parser.isSet(inputOption)) {
        input.setFileName(parser.value(inputOption));
        if (!input.open(QIODevice::ReadOnly)) {
            complain(tr("cannot read %1: %2").arg(input.fileName(), input.errorString()));
            return 2;
        }
    } else if (!input.open(stdin, QIODevice::ReadOnly)) {
        complain(tr("cannot read standard input"));
        return 2;
    }
    QFile output;
    if (parser.isSet(outputOption)) {
        output.setFileName(parser.value(outputOption));
        if (!output.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
            complain(tr("cannot write %1: %2").arg(output.fileName(), output.errorString()));
            return 2;
        }
    } else if (!output.open(stdout, QIODevice::WriteOnly)) {
        complain(tr("cannot write standard output"));
        return 2;
    }

    const IssueBatch batch = readInput(input.readAll());
    const QString inputName = parser.isSet(inputOption) ? parser.value(inputOption) : u"<stdin>"_s;
    for (const InputError &error : batch.errors)
        complain(inputName + u": "_s + error.message);

    const TriageEngine engine(std::move(pack).value());
    for (const Issue &issue : batch.issues) {
        const TriagePlan plan =
            Guardrails::enforce(engine.plan(issue, {.retriage = parser.isSet(retriageOption)}), issue, engine.pack());
        output.write(TriagePlanWriter::toJsonLine(plan));
    }
    output.flush();
    return batch.errors.isEmpty() ? 0 : 1;
}
