// SPDX-License-Identifier: MIT
#pragma once

#include <QStringList>

// `triage-console outbox add|list|submit|log`: the outbox without a window.
//   add --from PLANS.jsonl [--repo OWNER/NAME] [--store FILE]   approve plans (the `triage` output) into it
//   list [--store FILE] [--status S]                            the entries, JSON Lines
//   submit [--store FILE] [--api URL] [--login L] [--no-keyring] write them to GitHub; outcomes as JSON Lines
//   log [--store FILE] [--format jsonl|markdown]                the audit log of every write
// Same guardrails and journal as the window: a killed submit resumes where it stopped.
namespace OutboxCommand {
int run(const QStringList &arguments);
}
