// SPDX-License-Identifier: MIT
#include "tools/screenshots/operatorscreenshot.h"
#include "tools/screenshots/readmescreenshots.h"

#include "engine/probe/operatorfinder.h"
#include "models/queue/issuetablemodel.h"
#include "models/repro/operatorprobemodel.h"
#include "views/common/windowgrab.h"
#include "views/mainwindow.h"
#include "views/repro/operatorprobepanel.h"
#include "views/repro/repropanel.h"

#include <QApplication>
#include <QDir>
#include <QSplitter>
#include <QTableView>
#include <QTabWidget>
#include <QTextStream>
#include <QTimer>

using namespace Qt::StringLiterals;

using ReadmeScreenshots::fail;

int OperatorScreenshot::run(MainWindow &window, const QString &dir, bool dark)
{
    if (!QDir().mkpath(dir))
        return fail(u"cannot create %1"_s.arg(dir));
    int status = 0;
    ReproPanel *repro = window.reproPanel();
    OperatorProbePanel *panel = repro->operatorProbePanel();
    const auto save = [&window, &status](const QString &path) {
        if (!window.grab().save(path, "PNG"))
            status = fail(u"cannot write the screenshot to %1"_s.arg(path));
    };
    const auto stop = [&status](const QString &why) {
        status = fail(why);
        QApplication::quit();
    };
    const auto start = [&] {
        if (panel->isRunning() || panel->outcome())
            return;
        if (!panel->blocker().isEmpty())
            return; // environments still being found: called again when they are
        panel->run();
    };
    const auto open = [&] {
        const QList<Issue> &issues = window.tableModel()->issues();
        const auto asks = std::find_if(issues.cbegin(), issues.cend(), [](const Issue &issue) {
            return !OperatorFinder::find(issue.title, issue.body).isEmpty();
        });
        if (asks == issues.cend())
            return stop(u"no issue of the queue asks about an operator"_s);
        window.selectIssue(asks->number);
        window.showReproTab(true);
        repro->showOperatorProbe();
        start();
    };
    QObject::connect(repro, &ReproPanel::environmentsReady, &window, start);
    QObject::connect(panel, &OperatorProbePanel::finished, &window, [&](const Result<OperatorProbeOutcome> &outcome) {
        if (!outcome || !outcome->complete())
            return stop(u"the probe failed: %1"_s.arg(outcome ? outcome->problem : outcome.error()));
        QTimer::singleShot(300, &window, [&] {
            // The wrong results first, where a reader looks.
            panel->table()->sortByColumn(OperatorProbeModel::Result, Qt::AscendingOrder);
            panel->analysisTabs()->setCurrentIndex(0);
            QTimer::singleShot(200, &window, [&] {
                save(WindowGrab::pathFor(dir, u"operator-probe"_s, dark));
                // The comment with room to read it: the table gives up most of its height.
                if (auto *split = panel->findChild<QSplitter *>())
                    split->setSizes({110, 600});
                panel->analysisTabs()->setCurrentIndex(1);
                QTimer::singleShot(200, &window, [&] {
                    save(WindowGrab::pathFor(dir, u"operator-comment"_s, dark));
                    QApplication::quit();
                });
            });
        });
    });
    if (window.isTriaging())
        QObject::connect(&window, &MainWindow::triageFinished, &window, open, Qt::SingleShotConnection);
    else
        open();
    QTimer::singleShot(600000, &window, [&] { stop(u"the probe did not finish within 10 minutes"_s); });
    QApplication::exec();
    return status;
}
