// SPDX-License-Identifier: MIT
#include "app/guicommand.h"

#include "app/firstpaintreporter.h"
#include "app/keychain/commandtokenlookup.h"
#include "engine/core/issuejsonreader.h"
#include "engine/github/githubclient.h"
#include "engine/github/githubhost.h"
#include "engine/github/tokenresolver.h"
#include "engine/store/issuestore.h"
#include "engine/triage/rubricpack.h"
#include "models/session/session.h"
#include "views/common/appearancecontroller.h"
#include "views/common/windowgrab.h"
#include "views/mainwindow.h"
#include "views/scoreboard/scoreboardpage.h"
#ifdef TRIAGE_README_SCREENSHOTS
#include "tools/screenshots/readmescreenshots.h"
#endif

#include <QAbstractItemView>
#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QSettings>
#include <QTemporaryDir>
#include <QTextStream>
#include <QTimer>

#include <cstring>
#include <optional>

using namespace Qt::StringLiterals;

namespace {

constexpr auto DemoQueueResource = ":/demo/demo-queue.json";
constexpr auto DefaultProfile = "distributed";

// Set when no display was found: options and input are still checked, then the window refuses clearly.
bool s_noDisplay = false;
// Started first thing in main(), for --report-first-paint.
QElapsedTimer s_sinceStart;

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

// The window's command line.
struct GuiOptions
{
    QCommandLineOption demo{u"demo"_s, QApplication::translate("GuiCommand", "Open the bundled demo queue.")};
    QCommandLineOption queue{
        u"queue"_s, QApplication::translate("GuiCommand", "Open a queue from a gh-shaped JSON file."), u"FILE"_s};
    QCommandLineOption screenshot{
        u"screenshot"_s, QApplication::translate("GuiCommand", "Render the window offscreen to a PNG file and exit."),
        u"FILE.png"_s};
    QCommandLineOption screenshotSize{
        u"screenshot-size"_s,
        QApplication::translate("GuiCommand", "The window's size in screenshots, e.g. 1280x720 (default 1440x900)."),
        u"WxH"_s};
    QCommandLineOption dark{
        u"dark"_s, QApplication::translate("GuiCommand", "Dark colours, whatever the desktop's colour scheme.")};
    QCommandLineOption light{
        u"light"_s, QApplication::translate("GuiCommand", "Light colours, whatever the desktop's colour scheme.")};
    // Renders the system-following look as if the desktop reported this scheme (screenshots of both).
    QCommandLineOption systemScheme{u"system-color-scheme"_s, QString(), u"light|dark"_s};
    QCommandLineOption store{
        u"store"_s,
        QApplication::translate("GuiCommand", "The store file review decisions go to (default: %1).")
            .arg(IssueStore::defaultPath()),
        u"FILE"_s};
    QCommandLineOption pack{
        u"pack"_s, QApplication::translate("GuiCommand", "Triage with this rubric pack instead of a built-in one."),
        u"FILE"_s};
    QCommandLineOption profile{
        u"profile"_s,
        QApplication::translate("GuiCommand",
                                "Triage with this built-in rubric (%1; default: the one the queue's labels name).")
            .arg(RubricPack::builtinProfiles().join(u", "_s)),
        u"PROFILE"_s};
    QCommandLineOption scoreboard{u"scoreboard"_s,
                                  QApplication::translate("GuiCommand", "Open on the Scoreboard page (Ctrl+Shift+S).")};
    QCommandLineOption presentation{
        u"presentation"_s, QApplication::translate("GuiCommand", "Start in presentation mode (F11 toggles it).")};
    QCommandLineOption repo{
        u"repo"_s, QApplication::translate("GuiCommand", "Open this repository's queue from the store (no network)."),
        u"OWNER/NAME"_s};
    QCommandLineOption label{
        u"label"_s, QApplication::translate("GuiCommand", "A label of the queue; repeat to AND several."), u"LABEL"_s};
    QCommandLineOption excludeLabel{
        u"exclude-label"_s,
        QApplication::translate("GuiCommand", "Leave out the queue's issues with this label (e.g. ptd-bot-triaged)."),
        u"LABEL"_s};
    QCommandLineOption state{u"state"_s, QApplication::translate("GuiCommand", "open (default), closed or all."),
                             u"STATE"_s, u"open"_s};
    QCommandLineOption api{
        u"api"_s,
        QApplication::translate("GuiCommand", "The API URL (default: GH_HOST's, else https://api.github.com)."),
        u"URL"_s};
    QCommandLineOption firstPaint{
        u"report-first-paint"_s,
        QApplication::translate("GuiCommand", "Print the time from start to the queue's first paint, then exit.")};

    void addTo(QCommandLineParser &parser)
    {
        systemScheme.setFlags(QCommandLineOption::HiddenFromHelp);
        firstPaint.setFlags(QCommandLineOption::HiddenFromHelp); // for bench_reviewui
        parser.setApplicationDescription(QApplication::translate(
            "GuiCommand",
            "Triage Console: review and triage GitHub issue queues.\n\n"
            "Headless commands: triage, sync, export, outbox, repro, scoreboard, replay, corpus, similar, "
            "search (run `triage-console COMMAND --help`)."));
        parser.addHelpOption();
        parser.addVersionOption();
        parser.addOptions({demo, queue, screenshot, dark, light, systemScheme, store, pack, profile, presentation, repo,
                           label, excludeLabel, state, api, firstPaint, screenshotSize, scoreboard});
#ifdef TRIAGE_README_SCREENSHOTS
        ReadmeScreenshots::addOptions(parser);
#endif
    }
};

// Every screenshot, the window's own (--screenshot) or the README's scripts.
bool anyScreenshot(const QCommandLineParser &parser, const GuiOptions &options)
{
#ifdef TRIAGE_README_SCREENSHOTS
    if (ReadmeScreenshots::requested(parser))
        return true;
#endif
    return parser.isSet(options.screenshot);
}

// Which queue from the store: --repo's, else (no file, no demo, no screenshot) the last one opened.
Result<std::optional<QueueSpec>> storedQueueFor(const QCommandLineParser &parser, const GuiOptions &options)
{
    if (parser.isSet(options.repo)) {
        QueueSpec spec;
        if (!spec.setRepository(parser.value(options.repo)))
            return Error{u"--repo must be OWNER/NAME"_s};
        spec.labels = parser.values(options.label);
        spec.excludeLabels = parser.values(options.excludeLabel);
        const std::optional<QueueState> state = queueStateFromName(parser.value(options.state));
        if (!state)
            return Error{u"--state must be open, closed or all"_s};
        spec.state = *state;
        return std::optional<QueueSpec>(spec);
    }
    if (parser.isSet(options.demo) || parser.isSet(options.queue) || parser.isSet(options.screenshot))
        return std::optional<QueueSpec>();
    const QSettings settings;
    QueueSpec spec;
    if (!spec.setRepository(settings.value(u"queue/repo"_s).toString()))
        return std::optional<QueueSpec>();
    spec.setLabelTerms(settings.value(u"queue/labels"_s).toStringList());
    spec.state = queueStateFromName(settings.value(u"queue/state"_s).toString()).value_or(QueueState::Open);
    return std::optional<QueueSpec>(spec);
}

// The desktop's style and colour scheme, live; --dark / --light override the scheme. An error, or "".
QString setUpAppearance(const QCommandLineParser &parser, const GuiOptions &options, AppearanceController &appearance)
{
    if (parser.isSet(options.dark) && parser.isSet(options.light))
        return u"--dark and --light exclude each other"_s;
    if (parser.isSet(options.dark) || parser.isSet(options.light))
        appearance.setChoice(parser.isSet(options.dark) ? AppearanceController::Scheme::Dark
                                                        : AppearanceController::Scheme::Light);
    const QString systemScheme = parser.value(options.systemScheme);
    if (parser.isSet(options.systemScheme) && systemScheme != u"dark"_s && systemScheme != u"light"_s)
        return u"--system-color-scheme takes light or dark"_s;
    if (parser.isSet(options.systemScheme))
        appearance.systemSchemeChanged(systemScheme == u"dark"_s ? Qt::ColorScheme::Dark : Qt::ColorScheme::Light);
    return {};
}

Result<QSize> screenshotSizeOf(const QCommandLineParser &parser, const GuiOptions &options)
{
    if (!parser.isSet(options.screenshotSize))
        return WindowGrab::DefaultSize;
    static const QRegularExpression size(u"^(\\d{3,5})x(\\d{3,5})$"_s);
    const QRegularExpressionMatch match = size.match(parser.value(options.screenshotSize));
    if (!match.hasMatch())
        return Error{u"--screenshot-size must be WIDTHxHEIGHT, e.g. 1280x720"_s};
    return QSize(match.captured(1).toInt(), match.captured(2).toInt());
}

// The token for the API's host, found once at start: its keyring entry, the variables gh reads for that kind of
// host, then gh's login for it. Syncs wait for nothing: until it arrives they go without one. A screenshot shows
// where it would come from, without asking the keyring.
TokenResolver *resolveToken(GitHubClient &client, CommandTokenLookup &lookup, bool useKeyring, QObject *context)
{
    const QString host = TokenStore::hostFor(client.apiUrl());
    return lookup.resolve(host, std::nullopt, useKeyring, context, [&client, host](const Result<ResolvedToken> &token) {
        if (token && token->host == host)
            client.setToken(token->token, token->source);
    });
}

// --screenshot: once the queue is open and triaged (the scoreboard's figures read first when it shows), the
// layouts and the first highlight pass settle, then the window is grabbed.
int grabWindow(MainWindow &window, QSize size, const QString &target)
{
    WindowGrab::showOffScreen(window, size);
    int status = 0;
    const auto grab = [&window, &target, &status] {
        QTimer::singleShot(250, &window, [&window, &target, &status] {
            if (const QString error = WindowGrab::save(window, target); !error.isEmpty())
                status = fail(error);
            QApplication::quit();
        });
    };
    const auto grabWhenTriaged = [&window, grab] {
        if (window.isScoreboardShown() && window.scoreboardPage()->isLoading())
            QObject::connect(
                window.scoreboardPage(), &ScoreboardPage::loaded, &window,
                [&window, grab] { WindowGrab::whenTriaged(window, grab); }, Qt::SingleShotConnection);
        else
            WindowGrab::whenTriaged(window, grab);
    };
    if (window.isLoadingQueue())
        QObject::connect(&window, &MainWindow::queueOpened, &window, grabWhenTriaged, Qt::SingleShotConnection);
    else
        grabWhenTriaged();
    QApplication::exec();
    return status;
}

} // namespace

void GuiCommand::prepareEnvironment(int argc, char **argv)
{
    s_sinceStart.start();
    if (!qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        return;
    bool offscreen = false;
    for (int i = 1; i < argc; ++i) {
        for (const char *option : {"--screenshot", "--help", "-h", "--help-all", "--version", "-v"})
            offscreen = offscreen || std::strcmp(argv[i], option) == 0;
#ifdef TRIAGE_README_SCREENSHOTS
        offscreen = offscreen || ReadmeScreenshots::rendersOffscreen(argv[i]);
#endif
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
    GuiOptions options;
    options.addTo(parser);
    parser.process(app);
    const Result<QSize> shotSize = screenshotSizeOf(parser, options);
    if (!shotSize)
        return fail(shotSize.error());
    if (int(parser.isSet(options.demo)) + int(parser.isSet(options.queue)) + int(parser.isSet(options.repo)) > 1)
        return fail(u"--demo, --queue and --repo exclude each other"_s);
    const Result<QUrl> api = GitHubHost::apiUrlFor(parser.value(options.api), QProcessEnvironment::systemEnvironment());
    if (!api)
        return fail(api.error());

    // Which queue: one from GitHub in the store (--repo, or the last one), else a JSON file or the demo.
    Result<std::optional<QueueSpec>> stored = storedQueueFor(parser, options);
    if (!stored)
        return fail(stored.error());
    std::optional<QueueSpec> storedQueue = stored.value();
    const QString queuePath =
        parser.isSet(options.queue) ? parser.value(options.queue) : QString::fromLatin1(DemoQueueResource);
    Result<QList<Issue>> issues =
        storedQueue ? Result<QList<Issue>>(QList<Issue>{}) : IssueJsonReader::readFile(queuePath);
    if (!issues)
        return fail(issues.error());

    auto *appearance = new AppearanceController(&app);
    if (const QString error = setUpAppearance(parser, options, *appearance); !error.isEmpty())
        return fail(error);
    const bool dark = appearance->effectiveScheme() == Qt::ColorScheme::Dark;

    // A rubric named on the command line holds for the session; otherwise each stored queue gets its own.
    const bool rubricGiven = parser.isSet(options.pack) || parser.isSet(options.profile);
    Result<RubricPack> pack = parser.isSet(options.pack) ? RubricPack::load(parser.value(options.pack))
                              : parser.isSet(options.profile)
                                  ? RubricPack::builtin(parser.value(options.profile))
                                  : RubricPack::builtin(QString::fromLatin1(DefaultProfile));
    if (!pack)
        return fail(pack.error());

    // A screenshot never touches the reviewer's store: it gets a throwaway one.
    const bool screenshot = anyScreenshot(parser, options);
    if (!screenshot && s_noDisplay)
        return fail(u"no display to open the window on (DISPLAY and WAYLAND_DISPLAY are unset); "
                    "use --screenshot FILE.png or a headless command such as `triage-console triage --help`"_s);
    std::optional<QTemporaryDir> scratch;
    QString storePath = parser.value(options.store);
    if (screenshot && storePath.isEmpty()) {
        scratch.emplace();
        storePath = scratch->filePath(u"store.sqlite"_s);
    } else if (storePath.isEmpty())
        storePath = IssueStore::defaultPath();
    // The session: one client (one QNetworkAccessManager) for the whole app, the stores, the highlighting.
    Session session;
    if (const QString error = session.openDecisionStore(storePath); !error.isEmpty())
        return fail(error);
    bool showsToken = false;
#ifdef TRIAGE_README_SCREENSHOTS
    if (const QString error =
            ReadmeScreenshots::prepareStore(parser, storePath, repositoryOf(issues.value()), issues.value());
        !error.isEmpty())
        return fail(error);
    showsToken = ReadmeScreenshots::showsToken(parser);
#endif
    // The issues synced from GitHub live in the same file; without it the console still reviews JSON queues.
    if (const QString error = session.openIssueStore(storePath); !error.isEmpty() && parser.isSet(options.repo))
        return fail(error);

    GitHubClient &client = *session.client();
    client.setApiUrl(api.value());
    CommandTokenLookup tokenLookup;
    session.setTokenStore(tokenLookup.keyring()); // finds tokens stored under the old service

    MainWindow window(&session);
    window.setRemembersState(!screenshot);
    if (rubricGiven)
        window.pinPack(pack.value());
    else
        window.setPack(pack.value());
    if (storedQueue && !window.openStoredQueue(*storedQueue)) {
        if (parser.isSet(options.repo))
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
                         parser.isSet(options.queue) ? queuePath : QApplication::translate("GuiCommand", "Demo queue"),
                         repo);
        if (!parser.isSet(options.queue))
            window.setOutboxUnavailableReason(QApplication::translate(
                "GuiCommand", "The demo queue's issues are made up: nothing of it is written to GitHub."));
        window.selectFirstIssue();
    }
    TokenResolver *resolver = nullptr;
    if (!screenshot || storedQueue || showsToken)
        resolver = resolveToken(client, tokenLookup, !screenshot, &window);
    if (parser.isSet(options.presentation))
        window.setPresentationMode(true);
    if (parser.isSet(options.scoreboard))
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
        if (parser.isSet(options.firstPaint))
            new FirstPaintReporter(window.findChild<QAbstractItemView *>(u"issueTable"_s), s_sinceStart, &window);
        window.show();
        return QApplication::exec();
    }
#ifdef TRIAGE_README_SCREENSHOTS
    if (const std::optional<int> status =
            ReadmeScreenshots::run(parser, window, client, resolver, shotSize.value(), dark))
        return *status;
#endif
    Q_UNUSED(resolver)
    Q_UNUSED(dark)
    return grabWindow(window, shotSize.value(), parser.value(options.screenshot));
}
