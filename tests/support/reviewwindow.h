// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/review/reviewdecisionstore.h"
#include "engine/triage/rubricpack.h"
#include "views/mainwindow.h"
#include "views/queue/suggestionpanel.h"

#include <QAbstractItemModel>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

#include <memory>

namespace KSyntaxHighlighting {
class Repository;
}

// The main window as a reviewer meets it after a start, for the tests that drive the review with keys and clicks.
namespace ReviewWindow {

struct Setup
{
    QString storePath; // the review decision store
    RubricPack pack;
    QList<Issue> issues;
    QString source; // the file the queue came from, as the window names it
    QString repository;
    bool remembersState = false; // the window restores and saves its filters, columns and splitters
};

// (Re)opens `window` the way a restart does: the window and the store before it closed first, the store at
// setup.storePath opened again, the issues shown with the pack, the window shown and active, triage done, the issue
// table focused and, when a row shows (saved filters may hide every row), the suggestion panel holding its plan.
// `table` is the window's issue table. A failed check fails the test; the caller checks QTest::currentTestFailed().
inline void open(KSyntaxHighlighting::Repository *syntax, const Setup &setup,
                 std::unique_ptr<ReviewDecisionStore> &store, std::unique_ptr<MainWindow> &window, QTableView *&table)
{
    window.reset();
    store.reset();
    table = nullptr;
    auto opened = ReviewDecisionStore::open(setup.storePath);
    QVERIFY2(opened.ok(), qPrintable(opened.error()));
    store = std::move(opened).value();
    window = std::make_unique<MainWindow>(syntax);
    QSignalSpy triaged(window.get(), &MainWindow::triageFinished);
    window->setRemembersState(setup.remembersState);
    window->setDecisionStore(store.get());
    window->setPack(setup.pack);
    window->setIssues(setup.issues, setup.source, setup.repository);
    window->selectFirstIssue();
    window->show();
    window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(window.get()));
    QVERIFY(!triaged.isEmpty() || triaged.wait(10000));
    table = window->findChild<QTableView *>(QStringLiteral("issueTable"));
    QVERIFY(table);
    table->setFocus();
    QTRY_VERIFY(table->hasFocus());
    if (table->model()->rowCount() > 0)
        QTRY_VERIFY(window->suggestionPanel()->hasPlan());
}

} // namespace ReviewWindow
