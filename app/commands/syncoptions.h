// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/result.h"
#include "engine/core/syncmode.h"

#include <QCommandLineOption>
#include <QString>

#include <functional>

class CommandTokenLookup;
class QCommandLineParser;
class QObject;
struct ResolvedToken;

// The options by which the sync and corpus commands reach GitHub: whose token (--login), whether the keyring is asked
// (--no-keyring) and through which API (--mode); each command adds them to its parser where it lists its options.
struct SyncOptions
{
    SyncOptions();

    QCommandLineOption login;
    QCommandLineOption mode;
    QCommandLineOption noKeyring;

    // --mode's value, in any case; or "--mode must be auto, graphql or rest".
    Result<SyncMode> syncMode(const QCommandLineParser &parser) const;

    // Looks up the token for `host` as --login and --no-keyring ask (CommandTokenLookup::resolve) and hands it to
    // `done`, in context's thread. The lookup ends in an error only when cancelled: then `command` fails with it
    // (Cli::fail) and the event loop exits with that status.
    void resolveToken(CommandTokenLookup &lookup, const QString &host, const QCommandLineParser &parser,
                      const QString &command, QObject *context,
                      std::function<void(const ResolvedToken &token)> done) const;
};
