// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/repro/errorsignature.h"

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

// One reproduction script found in an issue: a fenced Python block, or several blocks of one post that
// form one program, with how the reporter launched it when they said so.
struct ReproCandidate
{
    QString code;
    QString author;
    QString authorAssociation;
    int commentIndex = -1; // index into Issue::comments; -1 for the issue body
    QDateTime postedAt;
    bool fromOriginalPoster = false;
    int blockCount = 1;   // > 1 when blocks were joined into one program
    QString scriptName;   // `repro.py` when the post names the file
    QStringList launcher; // e.g. {"torchrun", "--nproc_per_node=2"}; empty: `python script.py`
    QStringList scriptArguments;
    bool selfContained = false;
    QString notSelfContainedBecause;

    // Non-blank, non-comment lines: what "strictly shorter" compares.
    int codeLines() const;
    QString where() const; // "issue body" or "comment 3"
};

struct ReproExtraction
{
    enum class Status
    {
        Found,          // at least one runnable candidate
        ScreenshotOnly, // the code is only in images
        None,           // nothing to run
    };
    Status status = Status::None;
    QList<ReproCandidate> candidates;
    int chosen = -1;            // index into candidates, -1 when none
    QString reason;             // why this one (or why none)
    ErrorSignature reported;    // exception class + distinctive substring, empty when the issue shows none
    QString reportedMessage;    // the full message line(s) as reported
    QString reportedFrom;       // "issue body", "comment 2"
    bool hangReported = false;  // the title or the original post says it hangs, deadlocks or gets stuck
    bool crashReported = false; // … says the process dies of a signal (segfault, SIGFPE, abort, core dumped)
    // … complains of a graph break or a recompile without saying anything raises: silent in a run unless the
    // script makes it fail (fullgraph=True, a counter, explain).
    bool compileSymptom = false;
    // No error shown, but the prose names the failure: a graph break under fullgraph is Dynamo's Unsupported.
    ErrorSignature impliedError;

    bool needsReproduction() const { return status != Status::Found; }
    const ReproCandidate *chosenCandidate() const { return chosen >= 0 ? &candidates.at(chosen) : nullptr; }
    static QString statusName(Status status);
};

// A fenced code block of a Markdown post.
struct FencedBlock
{
    QString language; // lower-cased info string's first word
    QString code;
    qsizetype start = 0; // offset of the opening fence in the post
    qsizetype end = 0;   // offset just after the closing fence
};

// Finds and chooses reproductions per the scrub playbook: the original poster's most recent one, unless a
// commenter posted a strictly shorter one that stands on its own.
class ReproExtractor final
{
public:
    static ReproExtraction extract(const Issue &issue);
    static QList<FencedBlock> fencedBlocks(const QString &markdown);
    static bool looksLikePython(const FencedBlock &block);
    static bool looksLikeTraceback(const QString &code);
    static bool mentionsImages(const QString &markdown);
    // "hangs", "deadlock", "stuck", "never returns" in prose (code blocks left out).
    static bool reportsHang(const QString &title, const QString &markdown);
    static ErrorSignature impliedErrorOf(const QString &title, const QString &markdown);
    // "segfault", "SIGFPE", "Signal 8", "core dumped", "crashes" in prose.
    static bool reportsCrash(const QString &title, const QString &markdown);
    // "graph break", "recompiles", "two graphs", "graph logs" in prose that says nothing raises.
    static bool reportsCompileSymptom(const QString &title, const QString &markdown);
};
