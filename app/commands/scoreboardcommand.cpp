// SPDX-License-Identifier: MIT
#include "app/commands/scoreboardcommand.h"

#include "app/commands/cli.h"

#include "engine/review/decisionhistorystore.h"
#include "engine/scoreboard/agreementcalculator.h"
#include "engine/scoreboard/packreplayer.h"
#include "engine/scoreboard/scoreboardexporter.h"
#include "engine/store/issuestore.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QTextStream>

using namespace Qt::StringLiterals;

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("ScoreboardCommand", text);
}

int fail(const QString &command, const QString &message)
{
    return Cli::fail(command, message);
}

QCommandLineOption storeOption()
{
    return QCommandLineOption(u"store"_s, tr("The local store (default: %1).").arg(IssueStore::defaultPath()),
                              u"FILE"_s);
}

bool writeOut(const QByteArray &bytes)
{
    QFile out;
    if (!out.open(stdout, QIODevice::WriteOnly))
        return false;
    out.write(bytes);
    out.flush();
    return true;
}

} // namespace

int ScoreboardCommand::runScoreboard(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(tr("How right the suggestions were, measured on the store's review decisions."));
    parser.addHelpOption();
    const QCommandLineOption store = storeOption();
    const QCommandLineOption profile(u"profile"_s, tr("Only this profile's decisions."), u"P"_s);
    const QCommandLineOption version(u"pack-version"_s, tr("Only decisions planned by this pack version."), u"V"_s);
    const QCommandLineOption format(u"format"_s, tr("json (default), markdown or csv."), u"F"_s, u"json"_s);
    parser.addOptions({store, profile, version, format});
    parser.process(arguments);
    const QString name = u"scoreboard"_s;
    const QString kind = parser.value(format);
    if (kind != "json"_L1 && kind != "markdown"_L1 && kind != "csv"_L1)
        return fail(name, tr("--format is json, markdown or csv, not \"%1\"").arg(kind));

    const QString path = parser.isSet(store) ? parser.value(store) : IssueStore::defaultPath();
    const Result<std::unique_ptr<DecisionHistoryStore>> history = DecisionHistoryStore::open(path);
    if (!history)
        return fail(name, history.error());
    const Result<QList<DecidedIssue>> decided = history.value()->decidedIssues();
    if (!decided)
        return fail(name, decided.error());
    const Scoreboard board = AgreementCalculator::compute(*decided, parser.value(profile), parser.value(version));
    const QByteArray output = kind == "json"_L1       ? QJsonDocument(ScoreboardExporter::toJson(board)).toJson()
                              : kind == "markdown"_L1 ? ScoreboardExporter::toMarkdown(board).toUtf8()
                                                      : ScoreboardExporter::toCsv(board).toUtf8();
    return writeOut(output) ? 0 : fail(name, tr("cannot write to stdout"));
}

int ScoreboardCommand::runReplay(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Replay a changed rubric pack over every decided issue in the store: one JSON line per issue whose plan "
           "changes, then the totals."));
    parser.addHelpOption();
    const QCommandLineOption store = storeOption();
    const QCommandLineOption pack(u"pack"_s, tr("The changed pack."), u"NEW.json"_s);
    const QCommandLineOption against(
        u"against"_s, tr("The pack to compare with (default: the suggestions the reviewers saw)."), u"OLD.json"_s);
    parser.addOptions({store, pack, against});
    parser.process(arguments);
    const QString name = u"replay"_s;
    if (!parser.isSet(pack))
        return fail(name, tr("--pack NEW.json is required"));
    const Result<RubricPack> newPack = RubricPack::load(parser.value(pack));
    if (!newPack)
        return fail(name, newPack.error());
    std::optional<RubricPack> oldPack;
    if (parser.isSet(against)) {
        Result<RubricPack> loaded = RubricPack::load(parser.value(against));
        if (!loaded)
            return fail(name, loaded.error());
        oldPack = std::move(loaded).value();
    }
    const QString path = parser.isSet(store) ? parser.value(store) : IssueStore::defaultPath();
    const Result<std::unique_ptr<DecisionHistoryStore>> history = DecisionHistoryStore::open(path);
    if (!history)
        return fail(name, history.error());
    Result<QList<DecidedIssue>> decided = history.value()->decidedIssues();
    if (!decided)
        return fail(name, decided.error());
    // Only the pack's own profile: a pt2 pack says nothing about distributed decisions.
    QList<DecidedIssue> ofProfile;
    QList<IssueRef> refs;
    QList<DecidedIssue> all = std::move(decided).value();
    for (DecidedIssue &issue : all) {
        if (issue.profile == newPack->profile && issue.isApproval()) {
            refs.append(IssueRef{issue.repository, issue.number});
            ofProfile.append(std::move(issue));
        }
    }
    const Result<QHash<QString, Issue>> issues = history.value()->issues(refs);
    if (!issues)
        return fail(name, issues.error());
    const ReplayReport report = PackReplayer::replay(*newPack, oldPack, ofProfile, *issues);
    if (report.missing > 0)
        Cli::complain(u"replay"_s, tr("%1 decided issues are not in the store and were left out").arg(report.missing));
    return writeOut(ScoreboardExporter::replayJsonLines(report)) ? 0 : fail(name, tr("cannot write to stdout"));
}
