// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"

#include <QList>
#include <QSize>
#include <QString>

#include <optional>

class GitHubClient;
class MainWindow;
class QCommandLineParser;
class TokenResolver;

// The README's screenshot scripts (--screenshot-token, -repro, -reduction, -similar): they drive the window
// through real runs and grab it at the moments the README shows. Built into the console only with the
// TRIAGE_README_SCREENSHOTS option (on in the dev and ci presets), never into the package.
namespace ReadmeScreenshots {

// How every script reports a failure: "triage-console: MESSAGE" on stderr; returns the exit status 1.
int fail(const QString &message);
// Whether this command-line argument renders offscreen (checked before QApplication exists).
bool rendersOffscreen(const char *argument);
void addOptions(QCommandLineParser &parser);
bool requested(const QCommandLineParser &parser);
bool showsToken(const QCommandLineParser &parser);
// Before the window opens: the store a script needs (the --queue's issues for --screenshot-similar); an error or "".
QString prepareStore(const QCommandLineParser &parser, const QString &storePath, const QString &repository,
                     const QList<Issue> &issues);
// Runs the requested script on the set-up window; its exit status, or nothing when no script was asked for.
std::optional<int> run(const QCommandLineParser &parser, MainWindow &window, GitHubClient &client,
                       TokenResolver *resolver, QSize size, bool dark);

} // namespace ReadmeScreenshots
