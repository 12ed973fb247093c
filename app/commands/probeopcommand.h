// SPDX-License-Identifier: MIT
#pragma once

#include <QStringList>

// `triage-console repro probe-op OP [OP…] [--ranks 2,4] [--env NAME] [--timeout S] [--analysis]` — runs the
// operator probe in the sandbox and prints the table as JSON (with the analysis, the drafted comment, the
// suggested labels and the generated test when --analysis is given); progress on stderr.
namespace ProbeOpCommand {
// `arguments` start with the program name as the parser should show it.
int run(const QStringList &arguments);
} // namespace ProbeOpCommand
