// SPDX-License-Identifier: MIT
#include "engine/repro/ranklauncher.h"

#include "engine/core/bundledscript.h"
#include "engine/core/pythontext.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

Result<QString> RankLauncher::helperPath()
{
    return BundledScript::path(u":/repro/launch_ranks.py"_s, u"the rank launcher"_s);
}

int RankLauncher::ranksOf(const QStringList &launcher)
{
    for (qsizetype i = 0; i < launcher.size(); ++i) {
        const QString &a = launcher.at(i);
        for (const QString &flag : {u"--nproc_per_node"_s, u"--nproc-per-node"_s, u"--nprocs"_s}) {
            if (a.startsWith(flag + u'='))
                return a.mid(flag.size() + 1).toInt();
            if (a == flag && i + 1 < launcher.size())
                return launcher.at(i + 1).toInt();
        }
    }
    return 0;
}

QStringList RankLauncher::arguments(Mode mode, int ranks, const QString &helper, const QString &script,
                                    const QStringList &scriptArguments, const QStringList &torchrunArguments)
{
    QStringList args{helper};
    if (mode == Mode::OwnRanks) {
        args << u"ranks"_s << QString::number(std::max(1, ranks)) << script << scriptArguments;
    } else {
        args << u"torchrun"_s;
        if (ranksOf(torchrunArguments) == 0)
            args << u"--nproc_per_node=%1"_s.arg(std::max(1, ranks));
        args << torchrunArguments << script << scriptArguments;
    }
    return args;
}

QList<RankLauncher::RankExit> RankLauncher::rankExits(const QString &output)
{
    QList<RankExit> out;
    const qsizetype at = output.lastIndexOf(u"[launcher] exit codes: "_s);
    if (at < 0)
        return out;
    const QString line = output.mid(at).section(u'\n', 0, 0);
    static const QRegularExpression part(uR"(rank (\d+): (exit|signal) (-?\d+))"_s);
    auto it = part.globalMatch(line);
    while (it.hasNext()) {
        const auto m = it.next();
        RankExit e;
        e.rank = m.captured(1).toInt();
        if (m.captured(2) == u"signal"_s) {
            e.signal = m.captured(3).toInt();
            e.exitCode = 128 + e.signal;
        } else {
            e.exitCode = m.captured(3).toInt();
        }
        out << e;
    }
    return out;
}

QStringList RankLauncher::rankExitTexts(const QString &output)
{
    QStringList out;
    for (const RankExit &e : rankExits(output))
        out << (e.signal ? u"rank %1: signal %2"_s.arg(e.rank).arg(e.signal)
                         : u"rank %1: exit %2"_s.arg(e.rank).arg(e.exitCode));
    return out;
}

int RankLauncher::firstSilentRank(const QString &output)
{
    static const QRegularExpression named(uR"(\[launcher\] no progress: rank (\d+) stopped first)"_s);
    const auto m = named.match(output);
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

int RankLauncher::rankOfLine(QStringView line)
{
    return PythonText::rankOf(line);
}
