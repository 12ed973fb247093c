// SPDX-License-Identifier: MIT
#pragma once

#include <QStringList>

// `triage-console repro scan FILE.py` — the static review as JSON.
// `triage-console repro run FILE.py [--env NAME] [--expect 'ExcClass: substring'] [--timeout S] [--runs N] …` —
//     sandboxed runs; output streams on stderr, the classified outcome is printed as JSON.
// `triage-console repro extract --input ISSUE.json` — candidates, the choice and the reported error as JSON.
// `triage-console repro envs` — the Python environments a run can use, with their versions.
// `triage-console repro bisect|minimize …` — see ReproToolsCommand.
namespace ReproCommand {
int run(const QStringList &arguments);
}
