// SPDX-License-Identifier: MIT
#include "app/commands/commandline.h"

#include "app/commands/corpuscommand.h"
#include "app/commands/exportcommand.h"
#include "app/commands/outboxcommand.h"
#include "app/commands/reprocommand.h"
#include "app/commands/scoreboardcommand.h"
#include "app/commands/similaritycommand.h"
#include "app/commands/synccommand.h"
#include "app/commands/triagecommand.h"

#include <QCoreApplication>
#include <QTextStream>

#include <cstring>
#include <functional>
#include <map>

using namespace Qt::StringLiterals;

namespace {

using Command = std::function<int(const QStringList &)>;

// Name → entry point. Each command parses its own options with QCommandLineParser.
const std::map<QString, Command> &commands()
{
    static const std::map<QString, Command> table = {
        {u"repro"_s, &ReproCommand::run},
        {u"triage"_s, &TriageCommand::run},
        {u"sync"_s, &SyncCommand::run},
        {u"export"_s, &ExportCommand::run},
        {u"outbox"_s, &OutboxCommand::run},
        {u"similar"_s, &SimilarityCommand::runSimilar},
        {u"search"_s, &SimilarityCommand::runSearch},
        {u"scoreboard"_s, &ScoreboardCommand::runScoreboard},
        {u"replay"_s, &ScoreboardCommand::runReplay},
        {u"corpus"_s, &CorpusCommand::run},
    };
    return table;
}

} // namespace

bool CommandLine::isHeadlessCommand(const char *firstArgument)
{
    return commands().contains(QString::fromLocal8Bit(firstArgument));
}

void CommandLine::describeApplication()
{
    QCoreApplication::setOrganizationName(u"TriageConsole"_s);
    QCoreApplication::setOrganizationDomain(u"triage-console.org"_s);
    QCoreApplication::setApplicationName(u"triage-console"_s);
    QCoreApplication::setApplicationVersion(QStringLiteral(TRIAGE_CONSOLE_VERSION));
}

int CommandLine::runHeadless(const QStringList &arguments)
{
    // arguments: program, command, options…; the command sees itself as the program name.
    const auto entry = commands().find(arguments.value(1));
    if (entry == commands().end())
        return 2;
    return entry->second(subcommandArguments(arguments));
}

QStringList CommandLine::subcommandArguments(const QStringList &arguments)
{
    QStringList rest = arguments.mid(1);
    if (!rest.isEmpty())
        rest[0] = arguments.value(0) + u' ' + arguments.value(1);
    return rest;
}
