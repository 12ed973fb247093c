// SPDX-License-Identifier: MIT
#include "app/guicommand.h"

#include "engine/issuejsonreader.h"
#include "engine/issuestore.h"
#include "engine/reviewdecisionstore.h"
#include "engine/rubricpack.h"
#include "views/apppalette.h"
#include "views/mainwindow.h"

#include <KSyntaxHighlighting/Repository>

#include <QApplication>
#include <QCommandLineParser>
#include <QRegularExpression>
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
    parser.addOptions(
        {demoOption, queueOption, screenshotOption, darkOption, storeOption, packOption, presentationOption});
    parser.process(app);

    if (parser.isSet(demoOption) && parser.isSet(queueOption))
        return fail(u"--demo and --queue exclude each other"_s);

    const QString queuePath =
        parser.isSet(queueOption) ? parser.value(queueOption) : QString::fromLatin1(DemoQueueResource);
    Result<QList<Issue>> issues = IssueJsonReader::readFile(queuePath);
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

    KSyntaxHighlighting::Repository repository;
    MainWindow window(&repository);
    window.setRemembersState(!screenshot);
    window.setDecisionStore(store.value().get());
    window.setPack(pack.value());
    QList<Issue> queue = std::move(issues).value();
    const QString repo = repositoryOf(queue);
    window.setIssues(std::move(queue),
                     parser.isSet(queueOption) ? queuePath : QApplication::translate("GuiCommand", "Demo queue"), repo);
    window.selectFirstIssue();
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
