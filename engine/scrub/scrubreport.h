// SPDX-License-Identifier: MIT
#pragma once

#include "engine/outbox/outboxstore.h"
#include "engine/reduction/reprobisector.h"
#include "engine/repro/outcomeclassifier.h"
#include "engine/review/reviewdecisionstore.h"
#include "engine/scrub/fixingpullrequestjob.h"
#include "engine/scrub/scrubactionability.h"
#include "engine/triage/triageplan.h"

#include <QDateTime>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <optional>

// What a scrub found, for the report: the issue as it stands and the repro's runs, bisection, minimization.
struct ScrubFindings
{
    int issueNumber = 0;
    QString profile = QStringLiteral("distributed"); // the rubric pack the outbox checks the plan against
    QStringList labels;                              // on the issue now
    bool closed = false;
    bool hasRunnableRepro = true; // false: no repro or no error in the issue
    ReproSeriesSummary series;    // the runs on the current version
    QString version;              // the torch version they ran on; series.overall.torchVersion when empty
    std::optional<BisectResult> bisect;
    QString originalRepro;
    QString minimizedRepro; // shown only when it differs from the original
    // The necessary conditions, one per item, only when they are new findings (the caller decides); the comment
    // lists them under "All of the following are necessary to trigger the bug:".
    QStringList triggerConditions;
    std::optional<FixingPullRequest> fixedBy; // from GitHub's cross-references; the comment says "Fixed by #N."
    // The actionability check before anything runs: a stop ends the scrub unless the reviewer went on.
    QList<ScrubStop> stops;
    bool wentOn = false;
    std::optional<RecentConfirmation> confirmation; // a comment of the last six months says it still reproduces
    QString reproductionLabel = QStringLiteral("needs reproduction");
    QString triagedLabel = QStringLiteral("triaged");
};

// The comment and label changes the scrub playbook prescribes for one issue, to be approved in the outbox.
struct ScrubReport
{
    enum class Verdict
    {
        StillReproduces,
        NoLongerReproduces,
        DifferentError, // the repro fails, but not as reported: API drift or another bug; a person decides
        Inconclusive,   // timed out, refused or cancelled: nothing to tell the issue
        NoRepro,        // nothing runnable in the issue
        Closed,         // already closed: labels are left alone
        NotActionable,  // the actionability check stopped the scrub before anything ran
    };
    Verdict verdict = Verdict::Inconclusive;
    QString comment; // empty: no comment
    QStringList addLabels;
    QStringList removeLabels; // only the reproduction label; the outbox removes it (guardrail: scrub-removals)
    bool close = false;       // propose closing (the reviewer approves it in the outbox)…
    QString closeReason = QStringLiteral("completed"); // …as completed, or "not_planned" for a stale issue
    bool triagedRefresh = false; // nothing visible changes: remove `triaged`, then add it, as two calls
    QStringList notes;           // for the reviewer, not for the issue; the actionability findings come first
    // The playbook's "recommended next action": "Still a valid bug", "Appears fixed: close as completed", …
    QString nextAction;
    QStringList triggerConditions;            // as the comment lists them
    std::optional<FixingPullRequest> fixedBy; // named in the comment when the bug no longer reproduces

    static QString verdictName(Verdict verdict);
    static ScrubReport compose(const ScrubFindings &findings);

    // The plan decision of a scrub: "scrub_" + the verdict ("scrub_still_reproduces", …). The guardrails let
    // plans with such a decision remove the reproduction label and refresh `triaged`, nothing else.
    static QString decisionName(Verdict verdict);
    // The outbox's share: the comment, the labels to add and to remove, the decision. The refresh and the close
    // are the entry's (enqueueIn() carries them).
    TriagePlan plan(int issueNumber, const QString &profile) const;
    OutboxClose outboxClose() const { return {close, closeReason}; }
    ReviewDecision decision(const QString &repository, int issueNumber, const QString &profile, const QString &reviewer,
                            const QDateTime &issueUpdatedAt) const;
    // Puts the report in the outbox: its comment, the labels it adds, the reproduction label it removes, the
    // `triaged` refresh and the close, checked against `seen`, the issue as the scrub saw it (its number is the
    // entry's). Otherwise as OutboxStore::enqueue(). `pack`: OutboxStore::packFor(profile).
    Result<OutboxEntry> enqueueIn(OutboxStore &outbox, const QString &repository, const Issue &seen,
                                  const QString &reviewer, const RubricPack &pack) const;
};

Q_DECLARE_METATYPE(ScrubFindings)
Q_DECLARE_METATYPE(ScrubReport)
