// SPDX-License-Identifier: MIT
#include "app/guicommand.h"

#include "engine/issuejsonreader.h"
#include "views/apppalette.h"
#include "views/mainwindow.h"

#include <KSyntaxHighlighting/Repository>

#include <QApplication>
#include <QCommandLineParser>
#include <QTextStream>
#include <QTimer>

#include <cstring>

using namespace Qt::StringLiterals;

namespace {

constexpr auto DemoQueueResource = ":/demo/demo-queue.json";
constexpr QSize ScreenshotSize(1440, 900);

int fail(const QString &message)
{
    QTextStream(stderr) << "triage-console: " << message << Qt::endl;
    return 1;
}

} // namespace

void GuiCommand::prepareEnvironment(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--screenshot") == 0 && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
    }
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
    const QCommandLineOption demoOption(u"demo"_s, QApplication::translate("GuiCommand", "Open the bundled demo queue."));
    const QCommandLineOption queueOption(
        u"queue"_s, QApplication::translate("GuiCommand", "Open a queue from a gh-shaped JSON file."), u"FILE"_s);
    const QCommandLineOption screenshotOption(
        u"screenshot"_s,
        QApplication::translate("GuiCommand", "Render the window offscreen at 1440x900 to a PNG file and exit."),
        u"FILE.png"_s);
    const QCommandLineOption darkOption(u"dark"_s, QApplication::translate("GuiCommand", "Use the dark palette."));
    parser.addOptions({demoOption, queueOption, screenshotOption, darkOption});
    parser.process(app);

    if (parser.isSet(demoOption) && parser.isSet(queueOption))
        return fail(u"--demo and --queue exclude each other"_s);

    const QString queuePath = parser.isSet(queueOption) ? parser.value(queueOption) : QString::fromLatin1(DemoQueueResource);
    Result<QList<Issue>> issues = IssueJsonReader::readFile(queuePath);
    if (!issues)
        return fail(issues.error());

    QApplication::setStyle(u"Fusion"_s);
    QApplication::setPalette(parser.isSet(darkOption) ? AppPalette::dark() : AppPalette::light());

    KSyntaxHighlighting::Repository repository;
    MainWindow window(&repository);
    window.setIssues(std::move(issues).value(),
                     parser.isSet(queueOption) ? queuePath : QApplication::translate("GuiCommand", "Demo queue"));
    window.selectFirstIssue();

    if (!parser.isSet(screenshotOption)) {
        window.show();
        return app.exec();
    }

    const QString target = parser.value(screenshotOption);
    window.resize(ScreenshotSize);
    window.setAttribute(Qt::WA_DontShowOnScreen);
    window.show();
    int status = 0;
    // Let layouts and the first highlight pass settle before grabbing.
    QTimer::singleShot(200, &window, [&window, &target, &status] {
        if (!window.grab().save(target, "PNG"))
            status = fail(u"cannot write the screenshot to %1"_s.arg(target));
        QApplication::quit();
    });
    app.exec();
    return status;
}
