// SPDX-License-Identifier: MIT
#pragma once

#include <QStringList>

// Dispatch of `triage-console <command> …`; each command lives in its own file in app/.
namespace CommandLine {
bool isHeadlessCommand(const char *firstArgument);
void describeApplication();
int runHeadless(const QStringList &arguments);
// "program", "sub", options… → "program sub", options…: the arguments as the sub-command's parser should see them.
QStringList subcommandArguments(const QStringList &arguments);
} // namespace CommandLine
