// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>

// `triage-console repro bisect FILE.py [--envs A,B,C…] [--package P] [--expect 'Exc: text'] [--known-bad ENV]` —
//     orders the environments by the package's version and bisects for where the outcome changes.
// `triage-console repro minimize FILE.py [--env NAME] [--expect 'Exc: text'] [--out FILE]` — shrinks the script
//     while it fails the same way; the original is never touched.
// Both: the same static review and consent gate as `repro run`; JSON on stdout, progress on stderr.
namespace ReproToolsCommand {
// `sub` is "bisect" or "minimize"; `arguments` start with the program name as the parser should show it.
int run(const QString &sub, const QStringList &arguments);
bool handles(const QString &sub);
} // namespace ReproToolsCommand
