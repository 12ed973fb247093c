// SPDX-License-Identifier: MIT
#include "views/common/windowgrab.h"

#include "views/mainwindow.h"

#include <QDir>
#include <QPixmap>
#include <QWidget>

using namespace Qt::StringLiterals;

void WindowGrab::showOffScreen(QWidget &window, QSize size)
{
    window.resize(size);
    window.setAttribute(Qt::WA_DontShowOnScreen);
    window.show();
}

QString WindowGrab::pathFor(const QString &dir, const QString &name, bool dark)
{
    return QDir(dir).filePath(name + (dark ? u"-dark"_s : QString()) + u".png"_s);
}

QString WindowGrab::save(QWidget &widget, const QString &path)
{
    return widget.grab().save(path, "PNG") ? QString() : u"cannot write the screenshot to %1"_s.arg(path);
}

void WindowGrab::whenTriaged(MainWindow &window, const std::function<void()> &then)
{
    if (window.isTriaging())
        QObject::connect(&window, &MainWindow::triageFinished, &window, then, Qt::SingleShotConnection);
    else
        then();
}
