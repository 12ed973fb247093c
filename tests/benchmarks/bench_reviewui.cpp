// SPDX-License-Identifier: MIT
// The review UI under load (prints figures; targets from issue 5 in brackets):
//   sort and filter a 50,000-row queue (< 100 ms), the longest event-loop stall while the whole queue is triaged
//   (< 50 ms), window creation to first paint with 10,000 issues (< 1 s), peak memory with 20,000 (<= 300 MB).
// Issues are the demo queue's, replicated with new numbers. Runs on the offscreen platform unless told otherwise.
// Cold start: the console itself (`triage-console --repo … --store FILE --report-first-paint`) opening a store
// of 10,000 synced issues, from exec to its first painted table.
// Usage: bench_reviewui [--rows N] [--paint N] [--memory N]
#include "engine/core/issuejsonreader.h"
#include "engine/store/issuestore.h"
#include "engine/triage/rubricpack.h"
#include "engine/triage/triageengine.h"
#include "models/queue/issuefilterproxymodel.h"
#include "models/queue/issuetablemodel.h"
#include "tests/benchmarks/benchsupport.h"
#include "views/common/apppalette.h"
#include "views/issue/issueview.h"
#include "views/mainwindow.h"

#include <KSyntaxHighlighting/Repository>

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTextStream>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace {

using Bench::out;
using Bench::peakMemory;

Issue hugeIssue(const Issue &seed, int number)
{
    Issue huge = seed;
    huge.number = number;
    const QString chunk = huge.body + u"\n\n"_s;
    QString body;
    while (body.size() < 5 * 1024 * 1024)
        body += chunk;
    huge.body = body;
    return huge;
}

// Runs the event loop until `done` holds (or a minute passes), then 50 ms more for the paints that follow.
template<typename Predicate>
bool runUntil(Predicate done)
{
    QElapsedTimer timeout;
    timeout.start();
    QEventLoop loop;
    QTimer poll;
    poll.setInterval(1);
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (done() || timeout.elapsed() > 60000)
            loop.quit();
    });
    poll.start();
    if (!done())
        loop.exec();
    poll.stop();
    QTimer::singleShot(50, &loop, &QEventLoop::quit);
    loop.exec();
    return done();
}

QList<Issue> replicated(const QList<Issue> &seed, int count)
{
    QList<Issue> issues;
    issues.reserve(count);
    for (int i = 0; i < count; ++i) {
        Issue issue = seed.at(i % seed.size());
        issue.number = 100000 + i;
        issue.title += u" #"_s + QString::number(i);
        issues.append(std::move(issue));
    }
    return issues;
}

int argument(const QStringList &args, const QString &name, int fallback)
{
    const qsizetype at = args.indexOf(name);
    return at >= 0 && at + 1 < args.size() ? args.at(at + 1).toInt() : fallback;
}

// Ticks every few milliseconds and keeps the longest gap: how long the GUI thread was away.
class StallMeter final : public QObject
{
public:
    explicit StallMeter(int intervalMs = 2, QObject *parent = nullptr)
        : QObject(parent)
    {
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(intervalMs);
        connect(&m_timer, &QTimer::timeout, this, [this] {
            const qint64 now = m_clock.nsecsElapsed();
            m_longest = std::max(m_longest, now - m_last);
            m_last = now;
        });
    }
    void start()
    {
        m_clock.start();
        m_last = 0;
        m_longest = 0;
        m_timer.start();
    }
    double longestMs() const { return double(m_longest) / 1e6; }
    double elapsedMs() const { return double(m_clock.nsecsElapsed()) / 1e6; }

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_last = 0;
    qint64 m_longest = 0;
};

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setStyle(u"Fusion"_s);
    QApplication::setPalette(AppPalette::light());
    const QStringList args = QApplication::arguments();
    const int rows = argument(args, u"--rows"_s, 50000);
    const int paintRows = argument(args, u"--paint"_s, 10000);
    const int memoryRows = argument(args, u"--memory"_s, 20000);

    const Result<QList<Issue>> demo = IssueJsonReader::readFile(u":/demo/demo-queue.json"_s);
    const Result<RubricPack> pack = RubricPack::builtin(u"distributed"_s);
    if (!demo || !pack) {
        out() << "cannot load the demo queue or the pack" << Qt::endl;
        return 1;
    }
    const TriageEngine engine(pack.value());
    QList<TriagePlan> seedPlans;
    for (const Issue &issue : demo.value())
        seedPlans.append(engine.plan(issue));

    // 1. Sort and filter at `rows` rows, every row with a plan.
    {
        IssueTableModel model;
        IssueFilterProxyModel proxy;
        model.setPack(pack.value());
        model.setIssues(replicated(demo.value(), rows));
        for (int row = 0; row < rows; ++row) {
            TriagePlan plan = seedPlans.at(row % seedPlans.size());
            plan.issueNumber = model.issues().at(row).number;
            model.setPlan(row, plan);
        }
        proxy.setSourceModel(&model);
        QElapsedTimer timer;
        const auto time = [&timer](const char *what, auto &&step) {
            timer.start();
            step();
            out() << "  " << what << ": " << QString::number(double(timer.nsecsElapsed()) / 1e6, 'f', 1) << " ms"
                  << Qt::endl;
        };
        out() << "Queue of " << rows << " rows [< 100 ms each]" << Qt::endl;
        time("sort by number", [&] { proxy.sort(IssueTableModel::Number, Qt::DescendingOrder); });
        time("sort by title", [&] { proxy.sort(IssueTableModel::Title, Qt::AscendingOrder); });
        time("sort by confidence", [&] { proxy.sort(IssueTableModel::ConfidenceColumn, Qt::DescendingOrder); });
        time("sort by review state", [&] { proxy.sort(IssueTableModel::Review, Qt::AscendingOrder); });
        time("filter text \"fsdp\"", [&] { proxy.setFilterText(u"fsdp"_s); });
        time("filter text cleared", [&] { proxy.setFilterText({}); });
        time("filter sub-oncall", [&] { proxy.setSubOncallFilter(u"oncall: distributed infra"_s); });
        time("filter needs review", [&] { proxy.setNeedsReviewOnly(true); });
        out() << "  rows shown after the filters: " << proxy.rowCount() << Qt::endl;
    }

    // 2a. Cold start of the console on a store holding `paintRows` synced issues, each with its comments.
    {
        QTemporaryDir home;
        const QString storePath = home.filePath(u"store.sqlite"_s);
        QueueSpec queue;
        queue.setRepository(u"bench/bench"_s);
        queue.labels = {u"oncall: distributed"_s};
        {
            Result<std::unique_ptr<IssueStore>> store = IssueStore::open(storePath);
            QList<Issue> issues = replicated(demo.value(), paintRows);
            qint64 commentId = 1;
            for (Issue &issue : issues) {
                for (Comment &comment : issue.comments)
                    comment.id = commentId++; // replicas are other issues with other comments
                if (!issue.labels.contains(queue.labels.first()))
                    issue.labels.prepend(queue.labels.first());
                issue.state = IssueState::Open;
            }
            SyncState state;
            state.queueId = store ? store.value()->ensureQueue(queue).value() : 0;
            state.lastSync = QDateTime::currentDateTimeUtc();
            if (!store || !store.value()->writePage(queue.repository(), issues, state)) {
                out() << "cannot write the bench store" << Qt::endl;
                return 1;
            }
            out() << "Cold start on a store of " << store.value()->issueCount(queue.repository()) << " issues, "
                  << store.value()->commentCount(queue.repository()) << " comments ("
                  << QFileInfo(storePath).size() / 1024
                  << " KiB) [first paint < 1000 ms; the queue loads off the GUI thread after it]" << Qt::endl;
        }
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
        environment.insert(u"HOME"_s, home.path()); // no settings of the user's, no keyring
        environment.insert(u"XDG_CONFIG_HOME"_s, home.filePath(u"config"_s));
        environment.remove(u"DBUS_SESSION_BUS_ADDRESS"_s);
        for (int run = 1; run <= 3; ++run) {
            QProcess console;
            console.setProcessEnvironment(environment);
            QElapsedTimer wall;
            wall.start();
            console.start(QStringLiteral(TRIAGE_CONSOLE_BINARY),
                          {u"--repo"_s, queue.repository(), u"--label"_s, queue.labels.first(), u"--store"_s, storePath,
                           u"--report-first-paint"_s});
            const bool exited = console.waitForFinished(60000);
            const double wallMs = double(wall.nsecsElapsed()) / 1e6;
            const QString report = QString::fromUtf8(console.readAllStandardOutput()).trimmed().replace(u'\n', u"; "_s);
            out() << "  run " << run << ": " << (exited && !report.isEmpty() ? report : u"NO REPORT"_s)
                  << " (after main); exec to exit " << QString::number(wallMs, 'f', 0) << " ms" << Qt::endl;
            if (report.isEmpty())
                out() << QString::fromUtf8(console.readAllStandardError()) << Qt::endl;
        }
    }

    KSyntaxHighlighting::Repository repository;

    // 2. First paint with `paintRows` issues: window creation, queue, selection, show, until the table paints.
    {
        QElapsedTimer timer;
        timer.start();
        MainWindow window(&repository);
        window.setPack(pack.value());
        window.setIssues(replicated(demo.value(), paintRows), u"bench"_s, u"bench/bench"_s);
        window.selectFirstIssue();
        window.resize(1440, 900);
        bool painted = false;
        struct PaintSpy : QObject
        {
            bool *painted;
            bool eventFilter(QObject *, QEvent *event) override
            {
                if (event->type() == QEvent::Paint)
                    *painted = true;
                return false;
            }
        } spy;
        spy.painted = &painted;
        auto *viewport = window.findChild<QTableView *>(u"issueTable"_s)->viewport();
        viewport->installEventFilter(&spy);
        window.show();
        while (!painted)
            QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
        out() << "First paint with " << paintRows
              << " issues [< 1000 ms]: " << QString::number(double(timer.nsecsElapsed()) / 1e6, 'f', 1) << " ms"
              << Qt::endl;
        viewport->removeEventFilter(&spy);

        // 3. The longest stall while the whole queue is triaged (the window stays responsive).
        StallMeter meter;
        QSignalSpy finished(&window, &MainWindow::triageFinished);
        timer.start();
        meter.start();
        window.setPack(pack.value()); // a pack change re-triages the queue
        if (!finished.wait(600000))
            out() << "triage did not finish" << Qt::endl;
        out() << "Triage of " << paintRows << " issues: " << QString::number(double(timer.nsecsElapsed()) / 1e6, 'f', 0)
              << " ms; longest event-loop stall [< 50 ms]: " << QString::number(meter.longestMs(), 'f', 1) << " ms"
              << Qt::endl;
    }

    // 3b. A 5 MB issue, selected in the window: the longest gap between 5 ms ticks from the selection until the
    // issue is completely rendered with its evidence marked (the view builds it in slices across turns).
    {
        MainWindow window(&repository);
        window.setPack(pack.value());
        window.resize(1440, 900);
        window.show();
        auto *view = window.findChild<IssueView *>(u"issueView"_s);
        runUntil([] { return true; });
        // Loaded after the window is up and triaged, so that selecting it is what renders it (with its evidence).
        QSignalSpy finished(&window, &MainWindow::triageFinished);
        window.setIssues({hugeIssue(demo.value().first(), 1)}, u"bench"_s, u"bench/bench"_s);
        finished.wait(600000);
        StallMeter meter(5);
        meter.start();
        window.selectFirstIssue();
        double total = -1;
        const bool done = runUntil([&] {
            if (total < 0 && view->hasIssue() && !view->isRendering())
                total = meter.elapsedMs();
            return total >= 0;
        });
        out() << "Select a 5 MB issue (the view renders its first 64 KiB, GitHub's own cap), evidence known: "
              << (done ? "" : "NOT COMPLETE, ") << "rendered in " << QString::number(total, 'f', 0) << " ms with "
              << view->evidenceMarks().size()
              << " evidence marks; longest event-loop stall [< 50 ms]: " << QString::number(meter.longestMs(), 'f', 1)
              << " ms" << Qt::endl;

        // The same issue shown before its triage is done: the evidence arrives while (or after) it renders.
        window.setIssues({}, u"bench"_s, u"bench/bench"_s);
        runUntil([] { return true; });
        QSignalSpy late(&window, &MainWindow::triageFinished);
        window.setIssues({hugeIssue(demo.value().first(), 2)}, u"bench"_s, u"bench/bench"_s);
        meter.start();
        window.selectFirstIssue();
        double lateTotal = -1;
        const bool lateDone = runUntil([&] {
            if (lateTotal < 0 && !late.isEmpty() && view->hasIssue() && !view->isRendering() &&
                !view->evidenceMarks().isEmpty())
                lateTotal = meter.elapsedMs();
            return lateTotal >= 0;
        });
        out() << "Select a 5 MB issue, evidence arriving from its triage: " << (lateDone ? "" : "NOT COMPLETE, ")
              << "rendered and marked in " << QString::number(lateTotal, 'f', 0) << " ms with "
              << view->evidenceMarks().size()
              << " evidence marks; longest event-loop stall [< 50 ms]: " << QString::number(meter.longestMs(), 'f', 1)
              << " ms" << Qt::endl;
    }

    // 3c. Where that time goes: the issue view alone, without and with the engine's evidence marked.
    {
        const Issue huge = hugeIssue(demo.value().first(), 1);
        const TriagePlan plan = engine.plan(huge);
        IssueView view(&repository);
        view.resize(880, 540);
        view.show();
        StallMeter meter(5);
        meter.start();
        view.setIssue(huge);
        runUntil([&view] { return !view.isRendering(); });
        const double plain = meter.elapsedMs();
        const double plainStall = meter.longestMs();
        QElapsedTimer timer;
        timer.start();
        view.setEvidence(plan.evidence);
        const double marking = double(timer.nsecsElapsed()) / 1e6;
        const qsizetype lateMarks = view.evidenceMarks().size();
        view.clearIssue();
        meter.start();
        view.setIssue(huge, plan.evidence);
        runUntil([&view] { return !view.isRendering(); });
        out() << "  issue view alone: " << QString::number(plain, 'f', 1) << " ms to render plain (longest stall "
              << QString::number(plainStall, 'f', 1) << " ms), " << QString::number(meter.elapsedMs(), 'f', 1)
              << " ms with " << view.evidenceMarks().size() << " evidence marks (longest stall "
              << QString::number(meter.longestMs(), 'f', 1) << " ms); late evidence marked in "
              << QString::number(marking, 'f', 1) << " ms (" << lateMarks << " marks)" << Qt::endl;
    }

    // 4. Peak memory with `memoryRows` issues, triaged.
    {
        MainWindow window(&repository);
        window.setPack(pack.value());
        QSignalSpy finished(&window, &MainWindow::triageFinished);
        window.setIssues(replicated(demo.value(), memoryRows), u"bench"_s, u"bench/bench"_s);
        window.selectFirstIssue();
        window.show();
        finished.wait(600000);
        out() << "Peak memory with " << memoryRows << " issues triaged [<= 300 MB]: " << peakMemory() << Qt::endl;
    }
    return 0;
}
