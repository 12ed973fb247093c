// SPDX-License-Identifier: MIT
#include "app/guicommand.h"
#include "app/similarityscreenshot.h"

#include "app/firstpaintreporter.h"
#include "app/keychaintokenstore.h"
#include "app/keyringmigrationtokenstore.h"
#include "engine/githubclient.h"
#include "engine/githubhost.h"
#include "engine/issuejsonreader.h"
#include "engine/issuestore.h"
#include "engine/reviewdecisionstore.h"
#include "engine/rubricpack.h"
#include "engine/tokenresolver.h"
#include "models/issuetablemodel.h"
#include "models/reprooutputmodel.h"
#include "views/appearancecontroller.h"
#include "views/mainwindow.h"
#include "views/reprodiffview.h"
#include "views/repropanel.h"
#include "views/reproreductionpanel.h"
#include "views/scoreboardpage.h"
#include "views/tokensettingsdialog.h"

#include <KSyntaxHighlighting/Repository>

#include <QAbstractItemView>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextStream>
#include <QTimer>

#include <cstring>
#include <functional>
#include <optional>

using namespace Qt::StringLiterals;

namespace {

constexpr auto DemoQueueResource = ":/demo/demo-queue.json";
constexpr QSize DefaultScreenshotSize(1440, 900);
QSize s_screenshotSize = DefaultScreenshotSize;
constexpr auto DefaultProfile = "distributed";

// "pytorch/pytorch" from an issue URL; decisions are kept per repository.
QString repositoryOf(const QList<Issue> &issues)
{
    static const QRegularExpression pattern(u"github\\.com/([^/]+/[^/]+)/issues/"_s);
    for (const Issue &issue : issues) {
        const QRegularExpressionMatch match = pattern.match(issue.url);
        if (match.hasMatch())
            return match.captured(1);
    }
    return {};
}

int fail(const QString &message)
{
    QTextStream(stderr) << "triage-console: " << message << Qt::endl;
    return 1;
}

// The window at the screenshot size, shown but not put on screen; the grabs paint it.
void showOffScreen(MainWindow &window)
{
    window.resize(s_screenshotSize);
    window.setAttribute(Qt::WA_DontShowOnScreen);
    window.show();
}

// "DIR/NAME.png", or "DIR/NAME-dark.png" for the dark palette.
QString screenshotPath(const QString &dir, const QString &name, bool dark)
{
    return QDir(dir).filePath(name + (dark ? u"-dark"_s : QString()) + u".png"_s);
}

// A failure is reported and sets `status`; a success leaves it as it was.
void saveScreenshot(MainWindow &window, const QString &path, int &status)
{
    if (!window.grab().save(path, "PNG"))
        status = fail(u"cannot write the screenshot to %1"_s.arg(path));
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

// Calls `then` once the queue's triage has finished (at once when it is not running).
void whenTriaged(MainWindow &window, const std::function<void()> &then)
{
    if (window.isTriaging())
        QObject::connect(&window, &MainWindow::triageFinished, &window, then, Qt::SingleShotConnection);
    else
        then();
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

} // namespace

namespace {

// The Repro tab mid-run and after the outcome: selects the first issue with a repro, consents for the
// screenshot (the fixture is ours), runs it for real in the sandbox, grabs once run 2 has printed a few
// lines and again once the outcome is classified.
int screenshotRepro(QApplication &app, MainWindow &window, const QString &dir, bool dark)
{
    if (!QDir().mkpath(dir))
        return fail(u"cannot create %1"_s.arg(dir));
    const QString running = screenshotPath(dir, u"repro-running"_s, dark);
    const QString outcome = screenshotPath(dir, u"repro-outcome"_s, dark);
    showOffScreen(window);
    ReproPanel *panel = window.reproPanel();
    int status = 0;
    bool grabbedRunning = false;
    bool grabbedGate = false;
    const auto save = [&window, &status](const QString &file) { saveScreenshot(window, file, status); };
    const auto start = [&] {
        if (panel->isRunning())
            return;
        // The scrub's first finding stops the run until a reviewer goes on: the picture is of that (repro-gate).
        if (!panel->wentOn() && (panel->gate().stopsTheRun() || panel->gate().asks()) && panel->review()) {
            if (!panel->needs() || grabbedGate)
                return; // after the needs check (needsChecked calls again): no probe is left behind at exit
            grabbedGate = true;
            QTimer::singleShot(300, &window, [&] {
                save(screenshotPath(dir, u"repro-gate"_s, dark));
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
    whenTriaged(window, [&] {
        openFirstRepro(window);
        start();
    });
    QTimer::singleShot(240000, &window, [&] {
        status = fail(u"the repro did not finish within 4 minutes"_s);
        QApplication::quit();
    });
    app.exec();
    return status;
}

// The Repro tab's reduction with real jobs: runs the first issue's repro twice in the last usable
// environment (configured ones come last; see tests/data/repro/reduction/make_envs.py), minimizes it
// (minimize-running.png at the first improvement, minimize-diff.png at the end), bisects across every
// environment by --screenshot-package (bisect-result.png) and drafts the scrub report (scrub-report.png).
int screenshotReduction(QApplication &app, MainWindow &window, const QString &dir, const QString &package, bool dark)
{
    if (!QDir().mkpath(dir))
        return fail(u"cannot create %1"_s.arg(dir));
    const auto file = [&](const QString &name) { return screenshotPath(dir, name, dark); };
    showOffScreen(window);
    ReproPanel *panel = window.reproPanel();
    ReproReductionPanel *reduction = panel->reductionPanel();
    int status = 0;
    int originalLines = 0;
    const auto save = [&window, &status](const QString &path) { saveScreenshot(window, path, status); };
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
    QObject::connect(reduction, &ReproReductionPanel::minimizeFinished, &window, [&](const MinimizeResult &result) {
        if (!result.changed() || !grabbedRunning)
            return stop(u"the minimization kept nothing smaller: %1"_s.arg(result.error));
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
    QObject::connect(reduction, &ReproReductionPanel::bisectFinished, &window, [&](const BisectResult &result) {
        if (!result.ok())
            return stop(u"the bisection failed: %1"_s.arg(result.error));
        QTimer::singleShot(300, &window, [&] {
            save(file(u"bisect-result"_s));
            panel->showReduction(ReproReductionPanel::Page::Report);
            QTimer::singleShot(300, &window, [&] {
                save(file(u"scrub-report"_s));
                QApplication::quit();
            });
        });
    });
    whenTriaged(window, [&] {
        openFirstRepro(window);
        start();
    });
    QTimer::singleShot(600000, &window, [&] { stop(u"the reduction did not finish within 10 minutes"_s); });
    app.exec();
    return status;
}

// Set when no display was found: options and input are still checked, then the window refuses clearly.
bool s_noDisplay = false;
// Started first thing in main(), for --report-first-paint.
QElapsedTimer s_sinceStart;
} // namespace

void GuiCommand::prepareEnvironment(int argc, char **argv)
{
    s_sinceStart.start();
    if (!qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        return;
    bool offscreen = false;
    for (int i = 1; i < argc; ++i) {
        for (const char *option : {"--screenshot", "--screenshot-repro", "--screenshot-reduction",
                                   "--screenshot-similar", "--help", "-h",
                                   "--help-all", "--version", "-v"})
            offscreen = offscreen || std::strcmp(argv[i], option) == 0;
    }
    if (!offscreen && qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")) {
        s_noDisplay = true;
        offscreen = true;
    }
    if (offscreen)
        qputenv("QT_QPA_PLATFORM", "offscreen");
}

int GuiCommand::run(QApplication &app)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate(
        "GuiCommand", "Triage Console: review and triage GitHub issue queues.\n\n"
                      "Headless commands: triage, sync, export, outbox, repro, scoreboard, replay "
                      "(run `triage-console COMMAND --help`)."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption demoOption(u"demo"_s,
                                        QApplication::translate("GuiCommand", "Open the bundled demo queue."));
    const QCommandLineOption queueOption(
        u"queue"_s, QApplication::translate("GuiCommand", "Open a queue from a gh-shaped JSON file."), u"FILE"_s);
    const QCommandLineOption screenshotOption(
        u"screenshot"_s, QApplication::translate("GuiCommand", "Render the window offscreen to a PNG file and exit."),
        u"FILE.png"_s);
    const QCommandLineOption screenshotSizeOption(
        u"screenshot-size"_s,
        QApplication::translate("GuiCommand", "The window's size in screenshots, e.g. 1280x720 (default 1440x900)."),
        u"WxH"_s);
    const QCommandLineOption darkOption(
        u"dark"_s, QApplication::translate("GuiCommand", "Dark colours, whatever the desktop's colour scheme."));
    const QCommandLineOption lightOption(
        u"light"_s, QApplication::translate("GuiCommand", "Light colours, whatever the desktop's colour scheme."));
    // Renders the system-following look as if the desktop reported this scheme (screenshots of both).
    QCommandLineOption systemSchemeOption(u"system-color-scheme"_s, QString(), u"light|dark"_s);
    systemSchemeOption.setFlags(QCommandLineOption::HiddenFromHelp);
    const QCommandLineOption storeOption(
        u"store"_s,
        QApplication::translate("GuiCommand", "The store file review decisions go to (default: %1).")
            .arg(IssueStore::defaultPath()),
        u"FILE"_s);
    const QCommandLineOption packOption(
        u"pack"_s, QApplication::translate("GuiCommand", "Triage with this rubric pack instead of a built-in one."),
        u"FILE"_s);
    const QCommandLineOption profileOption(
        u"profile"_s,
        QApplication::translate("GuiCommand",
                                "Triage with this built-in rubric (%1; default: the one the queue's labels name).")
            .arg(RubricPack::builtinProfiles().join(u", "_s)),
        u"PROFILE"_s);
    const QCommandLineOption scoreboardOption(
        u"scoreboard"_s, QApplication::translate("GuiCommand", "Open on the Scoreboard page (Ctrl+Shift+S)."));
    const QCommandLineOption presentationOption(
        u"presentation"_s, QApplication::translate("GuiCommand", "Start in presentation mode (F11 toggles it)."));
    const QCommandLineOption repoOption(
        u"repo"_s, QApplication::translate("GuiCommand", "Open this repository's queue from the store (no network)."),
        u"OWNER/NAME"_s);
    const QCommandLineOption labelOption(
        u"label"_s, QApplication::translate("GuiCommand", "A label of the queue; repeat to AND several."), u"LABEL"_s);
    const QCommandLineOption excludeLabelOption(
        u"exclude-label"_s,
        QApplication::translate("GuiCommand", "Leave out the queue's issues with this label (e.g. ptd-bot-triaged)."),
        u"LABEL"_s);
    const QCommandLineOption stateOption(
        u"state"_s, QApplication::translate("GuiCommand", "open (default), closed or all."), u"STATE"_s, u"open"_s);
    const QCommandLineOption apiOption(
        u"api"_s,
        QApplication::translate("GuiCommand", "The API URL (default: GH_HOST's, else https://api.github.com)."),
        u"URL"_s);
    QCommandLineOption tokenShotOption(
        u"screenshot-token"_s,
        QApplication::translate("GuiCommand", "Render the GitHub Token dialog (host, token source) to FILE.png."),
        u"FILE"_s);
    tokenShotOption.setFlags(QCommandLineOption::HiddenFromHelp);
    QCommandLineOption firstPaintOption(
        u"report-first-paint"_s,
        QApplication::translate("GuiCommand", "Print the time from start to the queue's first paint, then exit."));
    firstPaintOption.setFlags(QCommandLineOption::HiddenFromHelp); // for bench_reviewui
    const QCommandLineOption reproShotOption(
        u"screenshot-repro"_s,
        QApplication::translate("GuiCommand",
                                "Run the first issue's repro in the sandbox with the Repro tab showing; write "
                                "DIR/repro-running.png mid-run and DIR/repro-outcome.png after it, then exit."),
        u"DIR"_s);
    QCommandLineOption reductionShotOption(
        u"screenshot-reduction"_s,
        QApplication::translate("GuiCommand",
                                "Run, minimize and bisect the first issue's repro, draft its scrub report; write "
                                "DIR/minimize-running.png, minimize-diff.png, bisect-result.png and scrub-report.png."),
        u"DIR"_s);
    reductionShotOption.setFlags(QCommandLineOption::HiddenFromHelp);
    QCommandLineOption shotPackageOption(
        u"screenshot-package"_s,
        QApplication::translate("GuiCommand", "The package --screenshot-reduction bisects by (default torch)."),
        u"NAME"_s, u"torch"_s);
    shotPackageOption.setFlags(QCommandLineOption::HiddenFromHelp);
    const QCommandLineOption similarShotOption(
        u"screenshot-similar"_s,
        QApplication::translate("GuiCommand", "Write the --queue's issues to the throwaway store, then "
                                              "DIR/similar-panel.png (the Similar tab) and DIR/search-dialog.png."),
        u"DIR"_s);
    parser.addOption(similarShotOption);
    parser.addOptions({demoOption, queueOption, screenshotOption, darkOption, lightOption, systemSchemeOption,
                       storeOption, packOption, profileOption, presentationOption, repoOption, labelOption,
                       excludeLabelOption, stateOption, apiOption, firstPaintOption, reproShotOption,
                       reductionShotOption, shotPackageOption, screenshotSizeOption, scoreboardOption,
                       tokenShotOption});
    parser.process(app);
    if (parser.isSet(screenshotSizeOption)) {
        static const QRegularExpression size(u"^(\\d{3,5})x(\\d{3,5})$"_s);
        const QRegularExpressionMatch match = size.match(parser.value(screenshotSizeOption));
        if (!match.hasMatch())
            return fail(u"--screenshot-size must be WIDTHxHEIGHT, e.g. 1280x720"_s);
        s_screenshotSize = QSize(match.captured(1).toInt(), match.captured(2).toInt());
    }

    if (int(parser.isSet(demoOption)) + int(parser.isSet(queueOption)) + int(parser.isSet(repoOption)) > 1)
        return fail(u"--demo, --queue and --repo exclude each other"_s);

    const Result<QUrl> api = GitHubHost::apiUrlFor(parser.value(apiOption), QProcessEnvironment::systemEnvironment());
    if (!api)
        return fail(api.error());

    // Which queue: one from GitHub in the store (--repo, or the last one), else a JSON file or the demo.
    std::optional<QueueSpec> storedQueue;
    if (parser.isSet(repoOption)) {
        QueueSpec spec;
        if (!spec.setRepository(parser.value(repoOption)))
            return fail(u"--repo must be OWNER/NAME"_s);
        spec.labels = parser.values(labelOption);
        spec.excludeLabels = parser.values(excludeLabelOption);
        spec.state = parser.value(stateOption).toLower();
        if (spec.state != u"open"_s && spec.state != u"all"_s && spec.state != u"closed"_s)
            return fail(u"--state must be open, closed or all"_s);
        storedQueue = spec;
    } else if (!parser.isSet(demoOption) && !parser.isSet(queueOption) && !parser.isSet(screenshotOption)) {
        const QSettings settings;
        QueueSpec spec;
        if (spec.setRepository(settings.value(u"queue/repo"_s).toString())) {
            spec.setLabelTerms(settings.value(u"queue/labels"_s).toStringList());
            spec.state = settings.value(u"queue/state"_s, u"open"_s).toString();
            storedQueue = spec;
        }
    }

    const QString queuePath =
        parser.isSet(queueOption) ? parser.value(queueOption) : QString::fromLatin1(DemoQueueResource);
    Result<QList<Issue>> issues =
        storedQueue ? Result<QList<Issue>>(QList<Issue>{}) : IssueJsonReader::readFile(queuePath);
    if (!issues)
        return fail(issues.error());

    // The desktop's style and colour scheme, live; --dark / --light override the scheme.
    auto *appearance = new AppearanceController(&app);
    if (parser.isSet(darkOption) && parser.isSet(lightOption))
        return fail(u"--dark and --light exclude each other"_s);
    if (parser.isSet(darkOption) || parser.isSet(lightOption))
        appearance->setChoice(parser.isSet(darkOption) ? AppearanceController::Scheme::Dark
                                                       : AppearanceController::Scheme::Light);
    const QString systemScheme = parser.value(systemSchemeOption);
    if (parser.isSet(systemSchemeOption) && systemScheme != u"dark"_s && systemScheme != u"light"_s)
        return fail(u"--system-color-scheme takes light or dark"_s);
    if (parser.isSet(systemSchemeOption))
        appearance->systemSchemeChanged(systemScheme == u"dark"_s ? Qt::ColorScheme::Dark : Qt::ColorScheme::Light);

    // A rubric named on the command line holds for the session; otherwise each stored queue gets its own.
    const bool rubricGiven = parser.isSet(packOption) || parser.isSet(profileOption);
    Result<RubricPack> pack = parser.isSet(packOption)      ? RubricPack::load(parser.value(packOption))
                              : parser.isSet(profileOption) ? RubricPack::builtin(parser.value(profileOption))
                                                            : RubricPack::builtin(QString::fromLatin1(DefaultProfile));
    if (!pack)
        return fail(pack.error());

    // A screenshot never touches the reviewer's store: it gets a throwaway one.
    const bool screenshot = parser.isSet(screenshotOption) || parser.isSet(reproShotOption) ||
                            parser.isSet(reductionShotOption) || parser.isSet(similarShotOption) ||
                            parser.isSet(tokenShotOption);
    if (!screenshot && s_noDisplay)
        return fail(u"no display to open the window on (DISPLAY and WAYLAND_DISPLAY are unset); "
                    "use --screenshot FILE.png or a headless command such as `triage-console triage --help`"_s);
    std::optional<QTemporaryDir> scratch;
    QString storePath = parser.value(storeOption);
    if (screenshot && storePath.isEmpty()) {
        scratch.emplace();
        storePath = scratch->filePath(u"store.sqlite"_s);
    } else if (storePath.isEmpty())
        storePath = IssueStore::defaultPath();
    Result<std::unique_ptr<ReviewDecisionStore>> store = ReviewDecisionStore::open(storePath);
    if (!store)
        return fail(store.error());
    if (parser.isSet(similarShotOption) && issues) {
        const QString error = SimilarityScreenshot::fillStore(storePath, repositoryOf(issues.value()), issues.value());
        if (!error.isEmpty())
            return fail(error);
    }
    // The issues synced from GitHub live in the same file; without it the console still reviews JSON queues.
    Result<std::unique_ptr<IssueStore>> issueStore = IssueStore::open(storePath);
    if (!issueStore && parser.isSet(repoOption))
        return fail(issueStore.error());

    // One client, one QNetworkAccessManager, for the whole app.
    GitHubClient client;
    client.setApiUrl(api.value());
    KeychainTokenStore currentKeyring;
    KeyringMigrationTokenStore keychain(&currentKeyring); // finds tokens stored under the old service

    KSyntaxHighlighting::Repository repository;
    MainWindow window(&repository);
    window.setRemembersState(!screenshot);
    window.setDecisionStore(store.value().get());
    if (rubricGiven)
        window.pinPack(pack.value());
    else
        window.setPack(pack.value());
    window.setGitHub(&client, issueStore ? issueStore.value().get() : nullptr, &keychain);
    if (storedQueue && !window.openStoredQueue(*storedQueue)) {
        if (parser.isSet(repoOption))
            return fail(u"cannot open %1 from the store"_s.arg(MainWindow::queueTitle(*storedQueue)));
        // The last queue is gone (store moved, unreadable): fall back to the demo rather than an empty window.
        storedQueue.reset();
        issues = IssueJsonReader::readFile(queuePath);
        if (!issues)
            return fail(issues.error());
    }
    if (!storedQueue) {
        // A file's issues are planned by the rubric their own labels name, as a synced queue is by its labels.
        if (!rubricGiven)
            window.useRubricsByLabels();
        QList<Issue> queue = std::move(issues).value();
        const QString repo = repositoryOf(queue);
        window.setIssues(std::move(queue),
                         parser.isSet(queueOption) ? queuePath : QApplication::translate("GuiCommand", "Demo queue"),
                         repo);
        if (!parser.isSet(queueOption))
            window.setOutboxUnavailableReason(QApplication::translate(
                "GuiCommand", "The demo queue's issues are made up: nothing of it is written to GitHub."));
        window.selectFirstIssue();
    }
    if (!screenshot || storedQueue || parser.isSet(tokenShotOption)) {
        // The token for the API's host, found once at start: its keyring entry, the variables gh reads for that
        // kind of host, then gh's login for it. Syncs wait for nothing: until it arrives they go without one.
        // A screenshot shows where it would come from, without asking the keyring.
        const QString host = TokenStore::hostFor(client.apiUrl());
        auto *resolver = new TokenResolver(screenshot ? nullptr : &keychain);
        QObject::connect(resolver, &TokenResolver::finished, &window, [&client, host](const ResolvedToken &token) {
            if (token.host == host)
                client.setToken(token.token, token.source);
        });
        if (parser.isSet(tokenShotOption)) {
            QObject::connect(
                resolver, &TokenResolver::finished, &window, [&window, &client, path = parser.value(tokenShotOption)] {
                    QTimer::singleShot(0, &window,
                                       [&window, &client, path] { screenshotTokenDialog(window, client, path); });
                });
        }
        resolver->resolve(host, QSettings().value(u"github/%1/login"_s.arg(host)).toString());
    }
    if (parser.isSet(presentationOption))
        window.setPresentationMode(true);
    if (parser.isSet(scoreboardOption))
        window.showScoreboard(true);
    // Presentation mode's high-contrast palette is built on the scheme's: rebuilt when the desktop switches.
    QObject::connect(appearance, &AppearanceController::applied, &window, [&window] {
        if (window.isPresentationMode()) {
            window.setPresentationMode(false);
            window.setPresentationMode(true);
        }
    });

    if (!screenshot) {
        window.restoreState();
        if (parser.isSet(firstPaintOption))
            new FirstPaintReporter(window.findChild<QAbstractItemView *>(u"issueTable"_s), s_sinceStart, &window);
        window.show();
        return app.exec();
    }

    if (parser.isSet(tokenShotOption)) {
        showOffScreen(window);
        return app.exec(); // screenshotTokenDialog() quits
    }
    if (parser.isSet(reproShotOption))
        return screenshotRepro(app, window, parser.value(reproShotOption),
                               appearance->effectiveScheme() == Qt::ColorScheme::Dark);
    if (parser.isSet(similarShotOption)) {
        showOffScreen(window);
        return SimilarityScreenshot::run(window, parser.value(similarShotOption),
                                         appearance->effectiveScheme() == Qt::ColorScheme::Dark, 103,
                                         u"bias OR generator OR inductor"_s);
    }
    if (parser.isSet(reductionShotOption))
        return screenshotReduction(app, window, parser.value(reductionShotOption), parser.value(shotPackageOption),
                                   appearance->effectiveScheme() == Qt::ColorScheme::Dark);

    const QString target = parser.value(screenshotOption);
    showOffScreen(window);
    int status = 0;
    // Let the queue's triage finish, then layouts and the first highlight pass settle before grabbing.
    const auto grab = [&window, &target, &status] {
        QTimer::singleShot(250, &window, [&window, &target, &status] {
            saveScreenshot(window, target, status);
            QApplication::quit();
        });
    };
    const auto grabWhenTriaged = [&window, grab] {
        // The scoreboard reads the store off the GUI thread: its figures first.
        if (window.isScoreboardShown() && window.scoreboardPage()->isLoading())
            QObject::connect(
                window.scoreboardPage(), &ScoreboardPage::loaded, &window,
                [&window, grab] { whenTriaged(window, grab); }, Qt::SingleShotConnection);
        else
            whenTriaged(window, grab);
    };
    if (window.isLoadingQueue())
        QObject::connect(&window, &MainWindow::queueOpened, &window, grabWhenTriaged, Qt::SingleShotConnection);
    else
        grabWhenTriaged();
    app.exec();
    return status;
}
