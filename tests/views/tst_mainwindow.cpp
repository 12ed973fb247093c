// SPDX-License-Identifier: MIT
#include "engine/core/issuejsonreader.h"
#include "engine/triage/triageplan.h"
#include "models/queue/issuetablemodel.h"
#include "tests/support/testdata.h"
#include "views/common/apppalette.h"
#include "views/issue/issueview.h"
#include "views/mainwindow.h"

#include <KSyntaxHighlighting/Repository>

#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QTableView>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

QList<Issue> smallQueue()
{
    return TestData::issues(u"queue-small.json"_s);
}

} // namespace

class tst_MainWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void showsQueueAndSource();
    void filterReducesRows();
    void jkMoveTheSelection();
    void slashFocusesTheFilter();
    void rubricsFollowTheLabels_data();
    void rubricsFollowTheLabels();

private:
    int currentNumber() const;
    QString shownText() const;

    std::unique_ptr<KSyntaxHighlighting::Repository> m_repository;
    std::unique_ptr<MainWindow> m_window;
    QTableView *m_table = nullptr;
    QLineEdit *m_filter = nullptr;
};

void tst_MainWindow::initTestCase()
{
    QApplication::setStyle(u"Fusion"_s);
    QApplication::setPalette(AppPalette::light());
    m_repository = std::make_unique<KSyntaxHighlighting::Repository>();
}

void tst_MainWindow::init()
{
    m_window = std::make_unique<MainWindow>(m_repository.get());
    m_window->setIssues(smallQueue(), u"queue-small.json"_s);
    m_window->selectFirstIssue();
    m_window->show();
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    m_table = m_window->findChild<QTableView *>(u"issueTable"_s);
    m_filter = m_window->findChild<QLineEdit *>(u"filterEdit"_s);
    QVERIFY(m_table);
    QVERIFY(m_filter);
    m_table->setFocus();
    QTRY_VERIFY(m_table->hasFocus());
}

void tst_MainWindow::cleanup()
{
    m_window.reset();
}

int tst_MainWindow::currentNumber() const
{
    return m_table->currentIndex().siblingAtColumn(IssueTableModel::Number).data(IssueTableModel::SortRole).toInt();
}

QString tst_MainWindow::shownText() const
{
    return m_window->findChild<IssueView *>(u"issueView"_s)->document()->toPlainText();
}

void tst_MainWindow::showsQueueAndSource()
{
    QCOMPARE(m_table->model()->rowCount(), 5);
    QCOMPARE(m_window->findChild<QLabel *>(u"countLabel"_s)->text(), u"5 issues"_s);
    QCOMPARE(m_window->findChild<QLabel *>(u"sourceLabel"_s)->text(), u"queue-small.json"_s);
    // Newest first, and the first one is open beside the queue.
    QCOMPARE(currentNumber(), 140231);
    QVERIFY(shownText().contains(u"FSDP2 fully_shard hangs"_s));
}

void tst_MainWindow::filterReducesRows()
{
    m_filter->setFocus();
    QTRY_VERIFY(m_filter->hasFocus());
    QTest::keyClicks(m_filter, u"ddp"_s);
    QCOMPARE(m_table->model()->rowCount(), 5); // debounced, not per keystroke
    QTRY_COMPARE(m_table->model()->rowCount(), 1);
    QCOMPARE(m_window->findChild<QLabel *>(u"countLabel"_s)->text(), u"1 of 5 issues"_s);
    QCOMPARE(currentNumber(), 140198);
    QVERIFY(shownText().contains(u"Expected to have finished reduction"_s));

    QTest::keyClicks(m_filter, u" nothing-matches"_s);
    QTRY_COMPARE(m_table->model()->rowCount(), 0);
    QVERIFY(shownText().contains(u"Select an issue"_s));

    QTest::keyClick(m_filter, Qt::Key_Escape); // clears the filter at once
    QCOMPARE(m_filter->text(), QString());
    QCOMPARE(m_table->model()->rowCount(), 5);
    QVERIFY(m_filter->hasFocus());
    QTest::keyClick(m_filter, Qt::Key_Escape); // then goes back to the queue
    QVERIFY(m_table->hasFocus());
}

void tst_MainWindow::jkMoveTheSelection()
{
    QCOMPARE(currentNumber(), 140231);
    QTest::keyClick(m_table, Qt::Key_J);
    QCOMPARE(currentNumber(), 140198);
    QVERIFY(shownText().contains(u"Expected to have finished reduction"_s));
    QTest::keyClick(m_table, Qt::Key_J);
    QCOMPARE(currentNumber(), 140177);
    QTest::keyClick(m_table, Qt::Key_K);
    QCOMPARE(currentNumber(), 140198);
    QTest::keyClick(m_table, Qt::Key_K);
    QTest::keyClick(m_table, Qt::Key_K);
    QCOMPARE(currentNumber(), 140231); // stops at the top
    for (int i = 0; i < 10; ++i)
        QTest::keyClick(m_table, Qt::Key_J);
    QCOMPARE(currentNumber(), 140112); // and at the bottom
    QCOMPARE(m_table->selectionModel()->selectedRows().size(), 1);

    // From the issue view too, where the reader's eyes are.
    auto *view = m_window->findChild<IssueView *>(u"issueView"_s);
    view->setFocus();
    QTRY_VERIFY(view->hasFocus());
    QTest::keyClick(view, Qt::Key_K);
    QCOMPARE(currentNumber(), 140150);
}

void tst_MainWindow::slashFocusesTheFilter()
{
    QTest::keyClick(m_table, Qt::Key_Slash);
    QTRY_VERIFY(m_filter->hasFocus());
    // Typed into the filter, "j" is text, not navigation.
    QTest::keyClicks(m_filter, u"j"_s);
    QCOMPARE(m_filter->text(), u"j"_s);
    QCOMPARE(currentNumber(), 140231);
    // Enter applies the filter at once and goes back to the queue.
    QTest::keyClick(m_filter, Qt::Key_Return);
    QVERIFY(m_table->hasFocus());
}

// A queue from a file: each issue is planned by the rubric its own oncall labels name, and the window says which.
void tst_MainWindow::rubricsFollowTheLabels_data()
{
    QTest::addColumn<QStringList>("oncalls"); // the oncall label of each of the five issues ("" for none)
    QTest::addColumn<QString>("status");      // the status bar's rubric part
    const QString pt2 = u"oncall: pt2"_s;
    const QString distributed = u"oncall: distributed"_s;
    QTest::addRow("all oncall: pt2 → pt2") << QStringList{pt2, pt2, pt2, pt2, pt2} << u" · pt2 rubric (by labels)"_s;
    QTest::addRow("all oncall: distributed → distributed")
        << QStringList{distributed, distributed, distributed, distributed, distributed}
        << u" · distributed rubric (by labels)"_s;
    QTest::addRow("no oncall label → general") << QStringList{{}, {}, {}, {}, {}} << u" · general rubric (by labels)"_s;
    QTest::addRow("a mix → per issue") << QStringList{pt2, pt2, distributed, {}, pt2}
                                       << u" · rubrics by labels: pt2 3, distributed 1, general 1"_s;
}

void tst_MainWindow::rubricsFollowTheLabels()
{
    QFETCH(QStringList, oncalls);
    QFETCH(QString, status);
    QList<Issue> issues = smallQueue();
    QCOMPARE(issues.size(), oncalls.size());
    for (qsizetype i = 0; i < issues.size(); ++i) {
        issues[i].labels.removeIf([](const QString &label) { return label.startsWith(u"oncall:"_s); });
        if (!oncalls.at(i).isEmpty())
            issues[i].labels.append(oncalls.at(i));
    }
    // As the command line does for --queue FILE without --profile.
    m_window->useRubricsByLabels();
    m_window->setIssues(issues, u"queue.json"_s);
    m_window->selectFirstIssue();
    QTRY_VERIFY(!m_window->isTriaging());
    const QString count = m_window->findChild<QLabel *>(u"countLabel"_s)->text();
    QVERIFY2(count.endsWith(status), qPrintable(count));
    const QAbstractItemModel *model = m_table->model();
    QTRY_VERIFY(model->index(0, 0).data(IssueTableModel::EnginePlanRole).isValid());
    for (int row = 0; row < model->rowCount(); ++row) {
        const Issue issue = model->index(row, 0).data(IssueTableModel::IssueRole).value<Issue>();
        const TriagePlan plan = model->index(row, 0).data(IssueTableModel::EnginePlanRole).value<TriagePlan>();
        const QString expected = issue.hasLabel(u"oncall: pt2"_s)           ? u"pt2"_s
                                 : issue.hasLabel(u"oncall: distributed"_s) ? u"distributed"_s
                                                                            : u"general"_s;
        QCOMPARE(plan.profile, expected);
    }
    // The suggestion names the rubric that planned the issue shown.
    const Issue shown = m_table->currentIndex().data(IssueTableModel::IssueRole).value<Issue>();
    const TriagePlan plan = m_table->currentIndex().data(IssueTableModel::EnginePlanRole).value<TriagePlan>();
    QTRY_VERIFY(m_window->findChild<QLabel *>(u"decisionLabel"_s)->text().contains(plan.profile + u" rubric"_s));
    QVERIFY(shown.number != 0);
}

QTEST_MAIN(tst_MainWindow)
#include "tst_mainwindow.moc"
