// SPDX-License-Identifier: MIT
#include "tools/screenshots/similarityscreenshot.h"
#include "tools/screenshots/readmescreenshots.h"

#include "engine/store/issuestore.h"
#include "engine/sync/syncpagewriter.h"
#include "models/similar/similarmatchmodel.h"
#include "views/common/windowgrab.h"
#include "views/mainwindow.h"
#include "views/queue/searchdialog.h"
#include "views/similar/similarissuespanel.h"

#include <QApplication>
#include <QDir>
#include <QTextStream>
#include <QTimer>

using namespace Qt::StringLiterals;

QString SimilarityScreenshot::fillStore(const QString &storePath, const QString &repository, const QList<Issue> &issues)
{
    auto store = IssueStore::open(storePath);
    if (!store)
        return store.error();
    QueueSpec spec;
    if (!spec.setRepository(repository))
        return u"the queue's issues name no repository (their url)"_s;
    spec.state = QueueState::All;
    const Result<qint64> queue = store.value()->ensureQueue(spec);
    if (!queue)
        return queue.error();
    QList<Issue> page = issues;
    qint64 id = 1;
    for (Issue &issue : page) {
        for (Comment &comment : issue.comments) {
            if (comment.id == 0)
                comment.id = id++;
        }
    }
    SyncPageWriter writer(storePath);
    SyncPageWriter::Page written;
    written.repository = repository;
    written.issues = page;
    written.state.queueId = queue.value();
    QString error;
    QObject context;
    writer.write(written, &context, [&error](const Result<SyncPageWriter::Written> &result) {
        if (!result)
            error = result.error();
        QApplication::quit();
    });
    QApplication::exec(); // until the page is written (before the window exists)
    return error;
}

int SimilarityScreenshot::run(MainWindow &window, const QString &dir, bool dark, int number, const QString &search)
{
    int status = 0;
    const auto fail = [&status](const QString &message) {
        status = ReadmeScreenshots::fail(message);
        QApplication::quit();
    };
    SimilarIssuesPanel *panel = window.similarPanel();
    QObject::connect(panel, &SimilarIssuesPanel::matchesShown, &window, [&, panel](int shown) {
        if (shown != window.currentIssueNumber())
            return;
        QTimer::singleShot(300, &window, [&, panel] {
            if (panel->model()->rowCount() == 0) {
                fail(u"no similar issues to show: %1"_s.arg(panel->bannerText()));
                return;
            }
            const QString panelPath = WindowGrab::pathFor(dir, u"similar-panel"_s, dark);
            if (!window.grab().save(panelPath, "PNG")) {
                fail(u"cannot write %1"_s.arg(panelPath));
                return;
            }
            SearchDialog *dialog = window.openSearch();
            QObject::connect(
                dialog, &SearchDialog::searchFinished, &window,
                [&, dialog] {
                    QTimer::singleShot(300, &window, [&, dialog] {
                        const QString searchPath = WindowGrab::pathFor(dir, u"search-dialog"_s, dark);
                        if (!dialog->grab().save(searchPath, "PNG"))
                            fail(u"cannot write %1"_s.arg(searchPath));
                        QApplication::quit();
                    });
                },
                Qt::SingleShotConnection);
            dialog->setAttribute(Qt::WA_DontShowOnScreen);
            dialog->setQuery(search);
            dialog->search();
        });
    });
    window.showSimilarTab(true);
    if (number <= 0 || !window.selectIssue(number))
        window.selectFirstIssue();
    QApplication::exec();
    return status;
}
