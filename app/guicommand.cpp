// SPDX-License-Identifier: MIT
#include "app/guicommand.h"

#include "app/keychaintokenstore.h"
#include "engine/githubclient.h"
#include "engine/issuejsonreader.h"
#include "engine/issuestore.h"
#include "engine/reviewdecisionstore.h"
#include "engine/rubricpack.h"
#include "engine/tokenresolver.h"
#include "views/apppalette.h"
#include "views/mainwindow.h"

#include <KSyntaxHighlighting/Repository>

#include <QApplication>
#include <QCommandLineParser>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextStream>
#include <QTimer>

#include <cstring>
#include <optional>

using namespace Qt::StringLiterals;

namespace {

constexpr auto DemoQueueResource = ":/demo/demo-queue.json";
constexpr QSize ScreenshotSize(1440, 900);
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

} // namespace

namespace {
// Set when no display was found: options and input are still checked, then the window refuses clearly.
bool s_noDisplay = false;
} // namespace

void GuiCommand::prepareEnvironment(int argc, char **argv)
{
    if (!qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        return;
    bool offscreen = false;
    for (int i = 1; i < argc; ++i) {
        for (const char *option : {"--screenshot", "--help", "-h", "--help-all", "--version", "-v"})
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
    parser.setApplicationDescription(
        QApplication::translate("GuiCommand", "Triage Console: review and triage GitHub issue queues.\n\n"
                                              "Headless commands: triage, sync, export, outbox, repro "
                                              "(run `triage-console COMMAND --help`)."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption demoOption(u"demo"_s,
                                        QApplication::translate("GuiCommand", "Open the bundled demo queue."));
    const QCommandLineOption queueOption(
        u"queue"_s, QApplication::translate("GuiCommand", "Open a queue from a gh-shaped JSON file."), u"FILE"_s);
    const QCommandLineOption screenshotOption(
        u"screenshot"_s,
        QApplication::translate("GuiCommand", "Render the window offscreen at 1440x900 to a PNG file and exit."),
        u"FILE.png"_s);
    const QCommandLineOption darkOption(u"dark"_s, QApplication::translate("GuiCommand", "Use the dark palette."));
    const QCommandLineOption storeOption(
        u"store"_s,
        QApplication::translate("GuiCommand", "The store file review decisions go to (default: %1).")
            .arg(IssueStore::defaultPath()),
        u"FILE"_s);
    const QCommandLineOption packOption(
        u"pack"_s, QApplication::translate("GuiCommand", "Triage with this rubric pack instead of the built-in one."),
        u"FILE"_s);
    const QCommandLineOption presentationOption(
        u"presentation"_s, QApplication::translate("GuiCommand", "Start in presentation mode (F11 toggles it)."));
    const QCommandLineOption repoOption(
        u"repo"_s, QApplication::translate("GuiCommand", "Open this repository's queue from the store (no network)."),
        u"OWNER/NAME"_s);
    const QCommandLineOption labelOption(
        u"label"_s, QApplication::translate("GuiCommand", "A label of the queue; repeat to AND several."), u"LABEL"_s);
    const QCommandLineOption stateOption(
        u"state"_s, QApplication::translate("GuiCommand", "open (default), closed or all."), u"STATE"_s, u"open"_s);
    const QCommandLineOption apiOption(
        u"api"_s, QApplication::translate("GuiCommand", "The API URL (default https://api.github.com)."), u"URL"_s,
        u"https://api.github.com"_s);
    parser.addOptions({demoOption, queueOption, screenshotOption, darkOption, storeOption, packOption,
                       presentationOption, repoOption, labelOption, stateOption, apiOption});
    parser.process(app);

    if (int(parser.isSet(demoOption)) + int(parser.isSet(queueOption)) + int(parser.isSet(repoOption)) > 1)
        return fail(u"--demo, --queue and --repo exclude each other"_s);

    const QUrl api(parser.value(apiOption), QUrl::StrictMode);
    if (!api.isValid() || (api.scheme() != u"https"_s && api.scheme() != u"http"_s))
        return fail(u"--api needs an http(s) URL"_s);

    // Which queue: one from GitHub in the store (--repo, or the last one), else a JSON file or the demo.
    std::optional<QueueSpec> storedQueue;
    if (parser.isSet(repoOption)) {
        QueueSpec spec;
        if (!spec.setRepository(parser.value(repoOption)))
            return fail(u"--repo must be OWNER/NAME"_s);
        spec.labels = parser.values(labelOption);
        spec.state = parser.value(stateOption).toLower();
        if (spec.state != u"open"_s && spec.state != u"all"_s && spec.state != u"closed"_s)
            return fail(u"--state must be open, closed or all"_s);
        storedQueue = spec;
    } else if (!parser.isSet(demoOption) && !parser.isSet(queueOption) && !parser.isSet(screenshotOption)) {
        const QSettings settings;
        QueueSpec spec;
        if (spec.setRepository(settings.value(u"queue/repo"_s).toString())) {
            spec.labels = settings.value(u"queue/labels"_s).toStringList();
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

    QApplication::setStyle(u"Fusion"_s);
    QApplication::setPalette(parser.isSet(darkOption) ? AppPalette::dark() : AppPalette::light());

    Result<RubricPack> pack = parser.isSet(packOption) ? RubricPack::load(parser.value(packOption))
                                                       : RubricPack::builtin(QString::fromLatin1(DefaultProfile));
    if (!pack)
        return fail(pack.error());

    // A screenshot never touches the reviewer's store: it gets a throwaway one.
    const bool screenshot = parser.isSet(screenshotOption);
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
    // The issues synced from GitHub live in the same file; without it the console still reviews JSON queues.
    Result<std::unique_ptr<IssueStore>> issueStore = IssueStore::open(storePath);
    if (!issueStore && parser.isSet(repoOption))
        return fail(issueStore.error());

    // One client, one QNetworkAccessManager, for the whole app.
    GitHubClient client;
    client.setApiUrl(api);
    KeychainTokenStore keychain;

    KSyntaxHighlighting::Repository repository;
    MainWindow window(&repository);
    window.setRemembersState(!screenshot);
    window.setDecisionStore(store.value().get());
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
        QList<Issue> queue = std::move(issues).value();
        const QString repo = repositoryOf(queue);
        window.setIssues(std::move(queue),
                         parser.isSet(queueOption) ? queuePath : QApplication::translate("GuiCommand", "Demo queue"),
                         repo);
        window.selectFirstIssue();
    }
    if (!screenshot) {
        // The token, found once at start: keyring, GH_TOKEN / GITHUB_TOKEN, then gh. Syncs wait for nothing:
        // until it arrives they go without one (REST, public data).
        const QString host = TokenStore::hostFor(client.apiUrl());
        auto *resolver = new TokenResolver(&keychain);
        QObject::connect(resolver, &TokenResolver::finished, &window,
                         [&client](const ResolvedToken &token) { client.setToken(token.token); });
        resolver->resolve(host, QSettings().value(u"github/%1/login"_s.arg(host)).toString());
    }
    if (parser.isSet(presentationOption))
        window.setPresentationMode(true);

    if (!screenshot) {
        window.restoreState();
        window.show();
        return app.exec();
    }

    const QString target = parser.value(screenshotOption);
    window.resize(ScreenshotSize);
    window.setAttribute(Qt::WA_DontShowOnScreen);
    window.show();
    int status = 0;
    // Let the queue's triage finish, then layouts and the first highlight pass settle before grabbing.
    const auto grab = [&window, &target, &status] {
        QTimer::singleShot(250, &window, [&window, &target, &status] {
            if (!window.grab().save(target, "PNG"))
                status = fail(u"cannot write the screenshot to %1"_s.arg(target));
            QApplication::quit();
        });
    };
    if (window.isTriaging())
        QObject::connect(&window, &MainWindow::triageFinished, &window, grab, Qt::SingleShotConnection);
    else
        grab();
    app.exec();
    return status;
}
