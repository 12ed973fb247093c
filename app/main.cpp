// SPDX-License-Identifier: MIT
#include "app/commands/commandline.h"
#include "app/guicommand.h"
#include "views/common/translationloader.h"

#include <QApplication>
#include <QCoreApplication>
#include <QIcon>

int main(int argc, char **argv)
{
    // Headless subcommands (triage, sync, …) must run with no display at all.
    if (argc > 1 && CommandLine::isHeadlessCommand(argv[1])) {
        QCoreApplication app(argc, argv);
        CommandLine::describeApplication();
        return CommandLine::runHeadless(QCoreApplication::arguments());
    }
    GuiCommand::prepareEnvironment(argc, argv);
    QApplication app(argc, argv);
    CommandLine::describeApplication();
    // The window in the user's language (LANGUAGE, LC_MESSAGES, LANG), Qt's own dialogs too.
    TranslationLoader::install(QLocale());
    // The app id names the .desktop file (Wayland finds the icon and name through it) and the icon.
    QGuiApplication::setDesktopFileName(QStringLiteral(TRIAGE_CONSOLE_APP_ID));
    QApplication::setWindowIcon(QIcon::fromTheme(QStringLiteral(TRIAGE_CONSOLE_APP_ID)));
    return GuiCommand::run(app);
}
