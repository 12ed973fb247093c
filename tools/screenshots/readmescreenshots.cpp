// SPDX-License-Identifier: MIT
#include "tools/screenshots/readmescreenshots.h"

#include "engine/github/githubclient.h"
#include "engine/github/tokenresolver.h"
#include "models/queue/issuetablemodel.h"
#include "models/repro/reprooutputmodel.h"
#include "tools/screenshots/operatorscreenshot.h"
#include "tools/screenshots/similarityscreenshot.h"
#include "views/common/windowgrab.h"
#include "views/mainwindow.h"
#include "views/repro/reprodiffview.h"
#include "views/repro/repropanel.h"
#include "views/repro/reproreductionpanel.h"
#include "views/sync/tokensettingsdialog.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QCommandLineParser>
#include <QDir>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QSpinBox>
#include <QTextStream>
#include <QTimer>

#include <cstring>

using namespace Qt::StringLiterals;
using ReadmeScreenshots::fail;

namespace {

const QCommandLineOption TokenShot(u"screenshot-token"_s,
                                   u"Render the GitHub Token dialog (host, token source) to FILE.png."_s, u"FILE"_s);
const QCommandLineOption ReproShot(u"screenshot-repro"_s,
                                   u"Run the first issue's repro in the sandbox with the Repro tab showing; write "
                                   "DIR/repro-running.png mid-run and DIR/repro-outcome.png after it, then exit."_s,
                                   u"DIR"_s);
const QCommandLineOption
    ReductionShot(u"screenshot-reduction"_s,
                  u"Run, minimize and bisect the first issue's repro, draft its scrub report; write "
                  "DIR/minimize-running.png, minimize-diff.png, bisect-result.png and scrub-report.png."_s,
                  u"DIR"_s);
const QCommandLineOption ShotPackage(u"screenshot-package"_s,
                                     u"The package --screenshot-reduction bisects by (default torch)."_s, u"NAME"_s,
                                     u"torch"_s);
const QCommandLineOption
    OperatorShot(u"screenshot-operator"_s,
                 u"Probe the op the first issue asks about in the Repro tab's Operator probe; write "
                 "DIR/operator-probe.png and DIR/operator-comment.png."_s,
                 u"DIR"_s);
const QCommandLineOption SimilarShot(u"screenshot-similar"_s,
                                     u"Write the --queue's issues to the throwaway store, then "
                                     "DIR/similar-panel.png (the Similar tab) and DIR/search-dialog.png."_s,
                                     u"DIR"_s);

// A failure is reported and sets `status`; a success leaves it as it was.
void saveShot(MainWindow &window, const QString &path, int &status)
{
    if (const QString error = WindowGrab::save(window, path); !error.isEmpty())
        status = fail(error);
}

// The GitHub Token dialog as the user would open it, rendered to path; then quits with the status.
void screenshotTokenDialog(MainWindow &window, GitHubClient &client, const QString &path)
{
    auto *dialog = new TokenSettingsDialog(&client, nullptr, &window);
    dialog->setAttribute(Qt::WA_DontShowOnScreen);
    dialog->show();
    QTimer::singleShot(250, dialog, [dialog, path] {
        const bool saved = dialog->grab().save(path, "PNG");
        if (!saved)
            fail(u"cannot write the screenshot to %1"_s.arg(path));
        QApplication::exit(saved ? 0 : 1);
    });
}

// Selects the first issue with a repro and opens its Repro tab.
void openFirstRepro(MainWindow &window)
{
    const QList<Issue> &issues = window.tableModel()->issues();
    for (const Issue &issue : issues) {
        if (ReproExtractor::extract(issue).status == ReproExtraction::Status::Found) {
            window.selectIssue(issue.number);
            break;
        }
    }
    window.showReproTab(true);
}

// The Repro tab mid-run and after the outcome: selects the first issue with a repro, consents for the
// screenshot (the fixture is ours), runs it for real in the sandbox, grabs once run 2 has printed a few
// lines and again once the outcome is classified.
int screenshotRepro(MainWindow &window, QSize size, const QString &dir, bool dark)
{
    if (!QDir().mkpath(dir))
        return fail(u"cannot create %1"_s.arg(dir));
    const QString running = WindowGrab::pathFor(dir, u"repro-running"_s, dark);
    const QString outcome = WindowGrab::pathFor(dir, u"repro-outcome"_s, dark);
    WindowGrab::showOffScreen(window, size);
    ReproPanel *panel = window.reproPanel();
    int status = 0;
    bool grabbedRunning = false;
    bool grabbedGate = false;
    const auto save = [&window, &status](const QString &file) { saveShot(window, file, status); };
    const auto start = [&] {
        if (panel->isRunning())
            return;
        // The scrub's first finding stops the run until a reviewer goes on: the picture is of that (repro-gate).
        if (!panel->wentOn() && (panel->gate().stopsTheRun() || panel->gate().asks()) && panel->review()) {
            if (!panel->needs() || grabbedGate)
                return; // after the needs check (needsChecked calls again): no probe is left behind at exit
            grabbedGate = true;
            QTimer::singleShot(300, &window, [&] {
                save(WindowGrab::pathFor(dir, u"repro-gate"_s, dark));
                QApplication::quit();
            });
            return;
        }
        if (!panel->blocker().isEmpty() && panel->consentCheck()->isVisible())
            panel->consentCheck()->setChecked(true);
        if (!panel->blocker().isEmpty())
            return; // still scanning or finding environments: called again when they finish
        panel->run();
    };
    QObject::connect(panel, &ReproPanel::scanFinished, &window, start);
    QObject::connect(panel, &ReproPanel::environmentsReady, &window, start);
    QObject::connect(panel, &ReproPanel::needsChecked, &window, start);
    QObject::connect(panel->outputModel(), &ReproOutputModel::batchAppended, &window, [&] {
        const ReproOutputModel *model = panel->outputModel();
        const int mark = model->findNext(u"run 2 of"_s, -1);
        if (grabbedRunning || mark < 0 || model->rowCount() - mark < 8)
            return;
        grabbedRunning = true;
        QTimer::singleShot(60, &window, [&] { save(running); });
    });
    QObject::connect(panel, &ReproPanel::runFinished, &window, [&] {
        QTimer::singleShot(300, &window, [&] {
            if (!grabbedRunning)
                status = fail(u"the run ended before a mid-run picture could be taken"_s);
            save(outcome);
            QApplication::quit();
        });
    });
    WindowGrab::whenTriaged(window, [&] {
        openFirstRepro(window);
        start();
    });
    QTimer::singleShot(240000, &window, [&] {
        status = fail(u"the repro did not finish within 4 minutes"_s);
        QApplication::quit();
    });
    QApplication::exec();
    return status;
}

// The Repro tab's reduction with real jobs: runs the first issue's repro twice in the last usable
// environment (configured ones come last; see tests/data/repro/reduction/make_envs.py), minimizes it
// (minimize-running.png at the first improvement, minimize-diff.png at the end), bisects across every
// environment by --screenshot-package (bisect-result.png) and drafts the scrub report (scrub-report.png).
int screenshotReduction(MainWindow &window, QSize size, const QString &dir, const QString &package, bool dark)
{
    if (!QDir().mkpath(dir))
        return fail(u"cannot create %1"_s.arg(dir));
    const auto file = [&](const QString &name) { return WindowGrab::pathFor(dir, name, dark); };
    WindowGrab::showOffScreen(window, size);
    ReproPanel *panel = window.reproPanel();
    ReproReductionPanel *reduction = panel->reductionPanel();
    int status = 0;
    int originalLines = 0;
    const auto save = [&window, &status](const QString &path) { saveShot(window, path, status); };
    const auto stop = [&status](const QString &why) {
        status = fail(why);
        QApplication::quit();
    };
    const auto start = [&] {
        if (panel->isRunning() || panel->shownRecord() || panel->environments().isEmpty())
            return;
        if (!panel->blocker().isEmpty() && panel->consentCheck()->isVisible())
            panel->consentCheck()->setChecked(true);
        QComboBox *envs = panel->environmentCombo();
        for (int i = envs->count() - 1; i >= 0; --i) {
            if (panel->environments().at(i).isUsable()) {
                envs->setCurrentIndex(i);
                break;
            }
        }
        panel->runsSpin()->setValue(2);
        if (panel->blocker().isEmpty())
            panel->run(); // else still scanning or finding environments: called again when they finish
    };
    QObject::connect(panel, &ReproPanel::scanFinished, &window, start);
    QObject::connect(panel, &ReproPanel::environmentsReady, &window, start);
    QObject::connect(
        panel, &ReproPanel::runFinished, &window,
        [&](const ReproRunRecord &record) {
            if (!record.reproduces())
                return stop(u"the repro did not reproduce (%1): nothing to minimize"_s.arg(record.detail));
            if (const std::optional<ReproSubject> subject = panel->subject())
                originalLines = MinimizeResult::codeLines(subject->request.scriptText);
            QTimer::singleShot(200, &window, [&] {
                reduction->stopSpin()->setValue(0); // to the known core: the diff a reader wants to see
                panel->showReduction(ReproReductionPanel::Page::Minimize);
            });
        },
        Qt::SingleShotConnection);
    // Mid-minimization: once the code is down to half, so the picture shows it shrinking (later steps remain).
    bool grabbedRunning = false;
    QObject::connect(reduction, &ReproReductionPanel::minimizeImproved, &window, [&](int lines) {
        if (grabbedRunning || lines > originalLines / 2)
            return;
        grabbedRunning = true;
        QTimer::singleShot(150, &window, [&] { save(file(u"minimize-running"_s)); });
    });
    QObject::connect(reduction, &ReproReductionPanel::minimizeFinished, &window,
                     [&](const Result<MinimizeResult> &result) {
                         if (!result || !result->changed() || !grabbedRunning)
                             return stop(u"the minimization kept nothing smaller: %1"_s.arg(result.error()));
                         QTimer::singleShot(300, &window, [&] {
                             // The end of the diff, where the kept core stands beside what went before it.
                             QScrollBar *bar = reduction->diffView()->leftView()->verticalScrollBar();
                             bar->setValue(bar->maximum());
                             save(file(u"minimize-diff"_s));
                             panel->showReduction(ReproReductionPanel::Page::Bisect);
                             reduction->packageEdit()->setText(package);
                             reduction->startBisect();
                         });
                     });
    QObject::connect(reduction, &ReproReductionPanel::bisectFinished, &window, [&](const Result<BisectResult> &result) {
        if (!result)
            return stop(u"the bisection failed: %1"_s.arg(result.error()));
        QTimer::singleShot(300, &window, [&] {
            save(file(u"bisect-result"_s));
            panel->showReduction(ReproReductionPanel::Page::Report);
            QTimer::singleShot(300, &window, [&] {
                save(file(u"scrub-report"_s));
                QApplication::quit();
            });
        });
    });
    WindowGrab::whenTriaged(window, [&] {
        openFirstRepro(window);
        start();
    });
    QTimer::singleShot(600000, &window, [&] { stop(u"the reduction did not finish within 10 minutes"_s); });
    QApplication::exec();
    return status;
}

} // namespace

int ReadmeScreenshots::fail(const QString &message)
{
    QTextStream(stderr) << "triage-console: " << message << Qt::endl;
    return 1;
}

bool ReadmeScreenshots::rendersOffscreen(const char *argument)
{
    for (const char *option :
         {"--screenshot-repro", "--screenshot-reduction", "--screenshot-similar", "--screenshot-operator"}) {
        if (std::strcmp(argument, option) == 0)
            return true;
    }
    return false;
}

void ReadmeScreenshots::addOptions(QCommandLineParser &parser)
{
    for (QCommandLineOption option : {TokenShot, ReproShot, ReductionShot, ShotPackage, SimilarShot, OperatorShot}) {
        option.setFlags(QCommandLineOption::HiddenFromHelp);
        parser.addOption(option);
    }
}

bool ReadmeScreenshots::requested(const QCommandLineParser &parser)
{
    return parser.isSet(TokenShot) || parser.isSet(ReproShot) || parser.isSet(ReductionShot) ||
           parser.isSet(SimilarShot) || parser.isSet(OperatorShot);
}

bool ReadmeScreenshots::showsToken(const QCommandLineParser &parser)
{
    return parser.isSet(TokenShot);
}

QString ReadmeScreenshots::prepareStore(const QCommandLineParser &parser, const QString &storePath,
                                        const QString &repository, const QList<Issue> &issues)
{
    return parser.isSet(SimilarShot) ? SimilarityScreenshot::fillStore(storePath, repository, issues) : QString();
}

std::optional<int> ReadmeScreenshots::run(const QCommandLineParser &parser, MainWindow &window, GitHubClient &client,
                                          TokenResolver *resolver, QSize size, bool dark)
{
    if (parser.isSet(TokenShot)) {
        if (!resolver)
            return fail(u"--screenshot-token needs the token lookup"_s);
        QObject::connect(resolver, &TokenResolver::finished, &window,
                         [&window, &client, path = parser.value(TokenShot)] {
                             QTimer::singleShot(
                                 0, &window, [&window, &client, path] { screenshotTokenDialog(window, client, path); });
                         });
        WindowGrab::showOffScreen(window, size);
        return QApplication::exec(); // screenshotTokenDialog() quits
    }
    if (parser.isSet(ReproShot))
        return screenshotRepro(window, size, parser.value(ReproShot), dark);
    if (parser.isSet(SimilarShot)) {
        WindowGrab::showOffScreen(window, size);
        return SimilarityScreenshot::run(window, parser.value(SimilarShot), dark, 103,
                                         u"bias OR generator OR inductor"_s);
    }
    if (parser.isSet(OperatorShot)) {
        WindowGrab::showOffScreen(window, size);
        return OperatorScreenshot::run(window, parser.value(OperatorShot), dark);
    }
    if (parser.isSet(ReductionShot))
        return screenshotReduction(window, size, parser.value(ReductionShot), parser.value(ShotPackage), dark);
    return std::nullopt;
}
