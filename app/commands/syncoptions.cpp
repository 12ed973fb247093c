// SPDX-License-Identifier: MIT
#include "app/commands/syncoptions.h"

#include "app/commands/cli.h"
#include "app/keychain/commandtokenlookup.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <optional>
#include <utility>

using namespace Qt::StringLiterals;

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("SyncOptions", text);
}
} // namespace

SyncOptions::SyncOptions()
    : login(u"login"_s, tr("Whose token to take from the keyring."), u"LOGIN"_s)
    , mode(u"mode"_s, tr("auto (default), graphql or rest."), u"MODE"_s, u"auto"_s)
    , noKeyring(u"no-keyring"_s, tr("Do not ask the keyring for a token."))
{}

Result<SyncMode> SyncOptions::syncMode(const QCommandLineParser &parser) const
{
    if (const std::optional<SyncMode> known = EnumNames::value(syncModeNames, parser.value(mode), Qt::CaseInsensitive))
        return *known;
    return Error{tr("--mode must be auto, graphql or rest")};
}

void SyncOptions::resolveToken(CommandTokenLookup &lookup, const QString &host, const QCommandLineParser &parser,
                               const QString &command, QObject *context,
                               std::function<void(const ResolvedToken &token)> done) const
{
    const std::optional<QString> who = parser.isSet(login) ? std::optional(parser.value(login)) : std::nullopt;
    lookup.resolve(host, who, !parser.isSet(noKeyring), context,
                   [command, done = std::move(done)](const Result<ResolvedToken> &found) {
                       if (!found) { // only a cancel ends it so, and nothing here cancels it
                           QCoreApplication::exit(Cli::fail(command, found.error()));
                           return;
                       }
                       done(found.value());
                   });
}
