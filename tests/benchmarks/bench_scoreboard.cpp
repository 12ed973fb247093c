// SPDX-License-Identifier: MIT
// The scoreboard at a busy team's scale (prints figures; targets from issue 31 in brackets):
//   replay of 20,000 decided issues with a changed pack (< 1 s), the Scoreboard page opening on a store with
//   20,000 decisions, from Ctrl+Shift+S (reload()) to its figures painted in a console that has the store open
//   (< 200 ms), and at the moment the store is set, before anything was read; also the store reads and the scoreboard's
//   own computation, and the figures themselves: how the built-in packs' suggestions fare against the dev sets'
//   human labels taken as the reviewers' edits.
// The decided issues are the dev sets' (../shared/eval/dev/{distributed,pt2,general}.jsonl, read when present),
// each as it stood before triage (its queue label only), replicated with new numbers up to --decisions N and
// spread over twelve weeks; the reviewer's plan is the engine's with the human module, type and sub-oncall labels.
// Usage: bench_scoreboard [--decisions N] [--write-store FILE] [--dev DIR] [--store FILE]
//   --write-store keeps the store (outside the repository: the dev issues are third-party text), e.g. for
//   `triage-console --scoreboard --store FILE --screenshot shot.png`; --store reads one kept so (nothing written).
#include "engine/core/issuejsonreader.h"
#include "engine/review/decisionhistorystore.h"
#include "engine/review/reviewdecisionstore.h"
#include "engine/scoreboard/agreementcalculator.h"
#include "engine/scoreboard/packreplayer.h"
#include "engine/scoreboard/scoreboardexporter.h"
#include "engine/store/issuestore.h"
#include "engine/triage/triageengine.h"
#include "tests/benchmarks/benchsupport.h"
#include "views/common/apppalette.h"
#include "views/scoreboard/scoreboardpage.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThread>

#include <sys/resource.h>

using namespace Qt::StringLiterals;

namespace {

using Bench::out;

struct Seed
{
    QString profile;
    Issue issue;       // as it stood before triage
    QStringList human; // the labels humans gave it
};

QString ms(qint64 nanoseconds)
{
    return QString::number(double(nanoseconds) / 1e6, 'f', 1) + u" ms"_s;
}

// The process's CPU time (all threads), in ms: on a shared machine the wall clock also counts other people's work.
double cpuMs()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_utime.tv_sec * 1e3 + usage.ru_utime.tv_usec / 1e3 + usage.ru_stime.tv_sec * 1e3 +
           usage.ru_stime.tv_usec / 1e3;
}

QString loadAverage()
{
    QFile file(u"/proc/loadavg"_s);
    return file.open(QIODevice::ReadOnly) ? QString::fromLatin1(file.readAll()).section(u' ', 0, 0) : u"?"_s;
}

// The reviewer's plan: the engine's, with the humans' labels where the pack has them. The bot's bookkeeping (its
// marker, the reproduction label) stays as suggested; `triaged`, the humans' own end-of-triage mark, is not a
// suggestion and is left out.
TriagePlan reviewed(const RubricPack &pack, const Issue &seen, const TriagePlan &suggestion, const QStringList &human)
{
    TriagePlan plan = suggestion;
    const QStringList bookkeeping = {pack.markerLabel, pack.reproLabel, u"triaged"_s};
    QStringList labels;
    for (const QString &label : suggestion.addLabels) {
        if (bookkeeping.contains(label))
            labels.append(label);
    }
    for (const QString &label : human) {
        if (pack.allows(label) && !bookkeeping.contains(label) && !seen.hasLabel(label) && !labels.contains(label)) {
            labels.append(label);
            if (pack.subOncallByLabel(label) && !pack.queueLabels.contains(label))
                plan.subOncall = label;
        }
    }
    // Issues older than the sub-oncalls carry none: the reviewer keeps the engine's route rather than remove it.
    const bool routed = std::any_of(human.cbegin(), human.cend(), [&pack](const QString &label) {
        return pack.subOncallByLabel(label) && !pack.queueLabels.contains(label);
    });
    if (!routed && suggestion.addLabels.contains(suggestion.subOncall) && !labels.contains(suggestion.subOncall))
        labels.append(suggestion.subOncall);
    plan.addLabels = labels;
    return plan;
}

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setStyle(u"Fusion"_s);
    QApplication::setPalette(AppPalette::light());
    QStringList arguments = app.arguments().mid(1);
    const int asked = Bench::takeOption(arguments, u"--decisions"_s).toInt();
    const int total = asked > 0 ? asked : 20000;
    const QString keep = Bench::takeOption(arguments, u"--write-store"_s);
    const QString devDir = Bench::takeOption(arguments, u"--dev"_s);
    const QString readStore = Bench::takeOption(arguments, u"--store"_s);

    QList<Seed> seeds;
    for (const QString &profile : {u"distributed"_s, u"pt2"_s, u"general"_s}) {
        if (!readStore.isEmpty())
            break;
        const QString path =
            devDir.isEmpty() ? Bench::dataset({}, profile + u".jsonl"_s) : QDir(devDir).filePath(profile + u".jsonl"_s);
        int status = 0;
        if (!Bench::openDataset(path, &status))
            return status;
        const Result<QList<Issue>> issues = IssueJsonReader::readFile(path);
        if (!issues) {
            out() << issues.error() << Qt::endl;
            return 1;
        }
        const RubricPack pack = RubricPack::builtin(profile).value();
        for (Issue issue : issues.value()) {
            const QStringList human = issue.labels;
            QStringList before;
            for (const QString &label : human) {
                if (pack.queueLabels.contains(label))
                    before.append(label);
            }
            issue.labels = before;
            seeds.append(Seed{profile, issue, human});
        }
    }
    QTemporaryDir dir;
    const QString storePath = !readStore.isEmpty() ? readStore
                              : keep.isEmpty()     ? dir.filePath(u"store.sqlite"_s)
                                                   : keep;
    QElapsedTimer timer;
    timer.start();
    if (readStore.isEmpty()) {
        out() << "seeds: " << seeds.size() << " dev issues, replicated to " << total << " decided issues" << Qt::endl;
        QFile::remove(storePath);
        auto issueStore = IssueStore::open(storePath).value();
        auto decisions = ReviewDecisionStore::open(storePath).value();
        std::map<QString, std::pair<RubricPack, std::unique_ptr<TriageEngine>>> engines;
        const QDateTime start = QDateTime::currentDateTimeUtc().addDays(-7 * 12);
        QList<Issue> page;
        QList<ReviewDecision> decided;
        for (int i = 0; i < total; ++i) {
            const Seed &seed = seeds.at(i % seeds.size());
            auto &engine = engines[seed.profile];
            if (!engine.second) {
                engine.first = RubricPack::builtin(seed.profile).value();
                engine.second = std::make_unique<TriageEngine>(engine.first);
            }
            Issue issue = seed.issue;
            issue.number = 100000 + i;
            const TriagePlan suggestion = engine.second->plan(issue);
            ReviewDecision decision;
            decision.repository = u"pytorch/pytorch"_s;
            decision.number = issue.number;
            decision.plan = reviewed(engine.first, issue, suggestion, seed.human);
            decision.state =
                AgreementCalculator::labelSet(decision.plan) == AgreementCalculator::labelSet(suggestion) &&
                        decision.plan.subOncall == suggestion.subOncall
                    ? ReviewState::Approved
                    : ReviewState::Edited;
            decision.suggestion = suggestion;
            decision.packVersion = engine.first.fingerprint;
            decision.packSource = engine.first.sourceName;
            decision.seenLabels = issue.labels;
            decision.reviewer = u"bench"_s;
            decision.decidedAt = start.addSecs(qint64(i) * 7 * 12 * 86400 / total);
            decided.append(decision);
            page.append(issue);
            if (page.size() == 1000 || i + 1 == total) {
                SyncState state;
                state.queueId = issueStore->ensureQueue(QueueSpec{u"pytorch"_s, u"pytorch"_s, {}, {}}).value();
                if (!issueStore->writePage(u"pytorch/pytorch"_s, page, state)) {
                    out() << "cannot write the issues" << Qt::endl;
                    return 1;
                }
                page.clear();
            }
        }
        if (const Result<int> recorded = decisions->recordAll(decided); !recorded) {
            out() << recorded.error() << Qt::endl;
            return 1;
        }
        out() << "store written: " << ms(timer.nsecsElapsed()) << " (" << storePath << ")" << Qt::endl;
    } else if (!QFileInfo(storePath).isFile()) {
        out() << storePath << ": no such store" << Qt::endl;
        return 1;
    } else {
        out() << "store read as it is: " << storePath << Qt::endl;
    }

    auto history = DecisionHistoryStore::open(storePath).value();
    timer.restart();
    double phaseCpu = cpuMs();
    const QList<DecidedIssue> all = history->decidedIssues().value();
    out() << "read " << all.size() << " decisions: " << ms(timer.nsecsElapsed()) << "; CPU "
          << QString::number(cpuMs() - phaseCpu, 'f', 0) << " ms" << Qt::endl;
    timer.restart();
    QList<IssueRef> refs;
    for (const DecidedIssue &issue : all)
        refs.append(IssueRef{issue.repository, issue.number});
    const QHash<QString, Issue> issues = history->issues(refs).value();
    out() << "read " << issues.size() << " issues with comments: " << ms(timer.nsecsElapsed()) << Qt::endl;
    timer.restart();
    phaseCpu = cpuMs();
    const Scoreboard board = AgreementCalculator::compute(all);
    out() << "scoreboard computed: " << ms(timer.nsecsElapsed()) << "; CPU "
          << QString::number(cpuMs() - phaseCpu, 'f', 0) << " ms" << Qt::endl;

    // Replay: every decided issue, each profile with its pack changed (its first module offered at MEDIUM from a
    // lower score).
    qint64 replayTotal = 0;
    double replayCpu = 0;
    int replayed = 0;
    for (const QString &profile : {u"distributed"_s, u"pt2"_s, u"general"_s}) {
        QList<DecidedIssue> decided;
        for (const DecidedIssue &issue : all) {
            if (issue.profile == profile)
                decided.append(issue);
        }
        QFile file(u":/packs/%1.json"_s.arg(profile));
        file.open(QIODevice::ReadOnly);
        QJsonObject json = QJsonDocument::fromJson(file.readAll()).object();
        QJsonArray modules = json.value(u"modules"_s).toArray();
        QJsonObject first = modules.at(0).toObject();
        first.insert(u"medium"_s, first.value(u"medium"_s).toDouble(2.0) * 0.6);
        modules.replace(0, first);
        json.insert(u"modules"_s, modules);
        const RubricPack changed = RubricPack::fromJson(QJsonDocument(json).toJson(), u"changed"_s).value();
        timer.restart();
        const double cpu = cpuMs();
        const ReplayReport report = PackReplayer::replay(changed, std::nullopt, decided, issues);
        const qint64 elapsed = timer.nsecsElapsed();
        replayCpu += cpuMs() - cpu;
        replayTotal += elapsed;
        replayed += report.decided;
        out() << "  replay " << profile << ": " << report.decided << " decided, " << report.changed() << " changed, "
              << ScoreboardExporter::replayDelta(report) << ", " << ms(elapsed) << Qt::endl;
    }
    out() << "replay of " << replayed << " decided issues: " << ms(replayTotal) << " [< 1000 ms]; CPU "
          << QString::number(replayCpu, 'f', 0) << " ms on " << QThread::idealThreadCount() << " cores, load average "
          << loadAverage() << Qt::endl;

    // The page as the console uses it: the window gives it the store when it opens one (setStorePath(), which reads
    // the decisions off the GUI thread at once) and Ctrl+Shift+S opens it (reload()). Timed: reload() to the figures
    // painted, which is what "the page opening" means to the person who pressed the keys.
    const auto openPage = [&](ScoreboardPage &page, QSignalSpy &loaded, const char *which) {
        timer.restart();
        const double cpu = cpuMs();
        page.reload();
        // Figures current: the page answers at once, inside reload().
        if (loaded.isEmpty())
            loaded.wait(60000);
        page.repaint();
        const qint64 open = timer.nsecsElapsed();
        out() << "page opens with " << all.size() << " decisions (" << which << "): " << ms(open) << " [< 200 ms]; CPU "
              << QString::number(cpuMs() - cpu, 'f', 0) << " ms, load average " << loadAverage() << Qt::endl;
        loaded.clear();
    };
    const auto preparePage = [](ScoreboardPage &page) {
        page.setPack(RubricPack::builtin(u"distributed"_s).value());
        page.resize(1440, 900);
        page.show();
        page.showSlice({}, {});
    };
    {
        // Opened the moment the store is set, nothing read yet: the whole read, the computation and the paint (the
        // page shows at once and fills in when they arrive). The store's pages come into the file cache here too.
        ScoreboardPage page;
        preparePage(page);
        QSignalSpy loaded(&page, &ScoreboardPage::loaded);
        timer.restart();
        const double cpu = cpuMs();
        page.setStorePath(storePath);
        page.reload();
        loaded.wait(60000);
        page.repaint();
        out() << "page opens with " << all.size()
              << " decisions (at the moment the store is set, nothing read yet): " << ms(timer.nsecsElapsed())
              << "; CPU " << QString::number(cpuMs() - cpu, 'f', 0) << " ms, load average " << loadAverage()
              << Qt::endl;
    }
    {
        // The console: the store was set when it opened (at startup); the first Ctrl+Shift+S, then another one.
        ScoreboardPage page;
        preparePage(page);
        QSignalSpy loaded(&page, &ScoreboardPage::loaded);
        timer.restart();
        const double cpu = cpuMs();
        page.setStorePath(storePath);
        loaded.wait(60000);
        out() << "  the background read when the store is set: " << ms(timer.nsecsElapsed()) << "; CPU "
              << QString::number(cpuMs() - cpu, 'f', 0) << " ms" << Qt::endl;
        loaded.clear();
        openPage(page, loaded, "first open");
        openPage(page, loaded, "again");
    }

    out() << Qt::endl << "the dev sets' human labels as the reviewers' edits, built-in packs:" << Qt::endl;
    for (const QString &profile : {u"distributed"_s, u"pt2"_s, u"general"_s}) {
        const Scoreboard figures = AgreementCalculator::compute(all, profile);
        out() << "  " << profile << ": agreed in full " << ScoreboardExporter::percent(figures.agreement()) << " of "
              << figures.scored << "; per tier (coverage / precision):";
        for (const TierRow &tier : figures.tiers)
            out() << " " << (tier.tier == Confidence::None ? u"all"_s : confidenceName(tier.tier)) << " "
                  << ScoreboardExporter::percent(tier.coverage(figures.scored)) << " / "
                  << ScoreboardExporter::percent(tier.precision());
        out() << Qt::endl;
    }
    out() << "peak memory: " << Bench::peakMemory() << Qt::endl;
    Q_UNUSED(board);
    return 0;
}
