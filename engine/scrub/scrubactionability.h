// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/repro/errorsignature.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <optional>

// One reason the scrub playbook gives for not reproducing an issue at all, with the words that show it.
struct ScrubStop
{
    enum class Kind
    {
        Resolved,  // resolved in the comments
        Duplicate, // labelled or named a duplicate of another issue
        NotABug,   // a feature request, a question or a refactoring task
        Tracker,   // an umbrella / tracking issue
        Hardware,  // needs hardware this machine lacks, with no CPU path
        Stale,     // old, unassigned, no recent progress and underspecified
    };
    Kind kind = Kind::Resolved;
    QString evidence;             // the words, quoted
    QString where;                // "the title", "the body", "@alice's comment of 2025-01-02", "the labels"
    QStringList addLabels;        // what the playbook adds for it (`feature`, `better-engineering`, `tracker`)
    int duplicateOf = 0;          // Duplicate: the issue named, when one is
    double similarity = 0;        // Duplicate found by the similarity index: how close (0–1); 0 when the text names it
    bool closeNotPlanned = false; // Stale: suggest closing as "not planned" (the reviewer is asked)

    static QString kindName(Kind kind); // "resolved", "duplicate", "not-a-bug", "tracker", "hardware", "stale"
    QString title() const;              // one line for the reviewer: "Resolved in the comments"
};

// A comment of the last six months saying the issue still reproduces on a recent version.
struct RecentConfirmation
{
    QString author;
    QDateTime at;
    QString evidence; // the sentence
    QString version;  // the version it names ("2.6", "nightly")
};

// What is known about the machine and the repro before anything runs.
struct ScrubMachine
{
    int gpus = -1;           // CUDA GPUs here; -1 unknown
    QStringList unmetNeeds;  // ReproNeeds::unmet of the chosen repro ("2 CUDA GPUs", "NCCL", "the package x")
    bool hasCpuPath = false; // ReproNeeds::cpuVariant exists: the hardware need can be simplified away
    QString torchVersion;    // of the environment the scrub would run in ("2.6.0"); empty unknown
};

struct ScrubGate
{
    QList<ScrubStop> stops; // in the playbook's order; the first is the scrub's first finding
    std::optional<RecentConfirmation> confirmation;

    bool stopsTheRun() const { return !stops.isEmpty(); }
    bool asks() const { return stops.isEmpty() && confirmation.has_value(); }
    QStringList labelsToAdd(const QStringList &present) const;
    QJsonObject toJson() const; // as `repro run --issue` prints it
};

// The scrub playbook's actionability check and its check for a recent confirmation, before anything runs.
// Pure text and label rules over the issue as stored; `now` is passed in so the age rules are testable.
class ScrubActionability final
{
public:
    static ScrubGate assess(const Issue &issue, const QDateTime &now, const ScrubMachine &machine = {},
                            const ErrorSignature &reported = {});

    static std::optional<ScrubStop> resolvedInComments(const Issue &issue);
    static std::optional<ScrubStop> duplicate(const Issue &issue);
    static std::optional<ScrubStop> notABug(const Issue &issue);
    static std::optional<ScrubStop> tracker(const Issue &issue);
    static std::optional<ScrubStop> hardware(const Issue &issue, const ScrubMachine &machine);
    static std::optional<ScrubStop> stale(const Issue &issue, const QDateTime &now);
    static std::optional<RecentConfirmation> recentConfirmation(const Issue &issue, const QDateTime &now,
                                                                const QString &currentVersion,
                                                                const ErrorSignature &reported);
    // The issue shows no error, no traceback, no code and no expected-vs-actual.
    static bool underspecified(const Issue &issue);
};

Q_DECLARE_METATYPE(ScrubStop)
Q_DECLARE_METATYPE(ScrubGate)
Q_DECLARE_METATYPE(ScrubMachine)
