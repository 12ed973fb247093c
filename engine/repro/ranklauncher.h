// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/result.h"

#include <QList>
#include <QString>
#include <QStringList>

// Runs one script as N ranks on this machine (resources/repro/launch_ranks.py, inside the sandbox): either our
// own launcher, which gives each rank torchrun's environment variables and tags its output `[rankN]: `, or
// stock torchrun with its rendezvous store made to work without libuv. Whatever launches ranks (the repro
// runner, the operator probe) builds its command and reads the ranks' fates here.
class RankLauncher final
{
public:
    enum class Mode
    {
        OwnRanks, // default: works on every torch build
        Torchrun, // torch.distributed.run itself, TCPStore(use_libuv=False)
    };

    struct RankExit
    {
        int rank = 0;
        int exitCode = 0;
        int signal = 0;
    };

    static Result<QString> helperPath();
    static QString helperName() { return QStringLiteral(".tc_launch_ranks.py"); }

    // The ranks a launcher line asks for: `torchrun --nproc_per_node=4` → 4, `--nproc-per-node 2` → 2; 0 if none.
    static int ranksOf(const QStringList &launcher);
    // What follows the interpreter: the helper (at `helper`, as the sandbox sees it), the mode and the script.
    static QStringList arguments(Mode mode, int ranks, const QString &helper, const QString &script,
                                 const QStringList &scriptArguments, const QStringList &torchrunArguments = {});

    // "[launcher] exit codes: rank 0: exit 0, rank 1: exit 1" → per rank; empty when the line is absent.
    static QList<RankExit> rankExits(const QString &output);
    static QStringList rankExitTexts(const QString &output); // "rank 0: exit 0", …
    // The rank the watchdog named as the first to stop making progress; -1 when none.
    static int firstSilentRank(const QString &output);
    // The rank a line of output belongs to (`[rank3]: …` → 3, torchrun's `[rank3]:` too); -1 for none.
    static int rankOfLine(QStringView line);
};
