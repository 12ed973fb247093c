// SPDX-License-Identifier: MIT
#include "engine/core/issuejsonreader.h"
#include "engine/review/reviewdecisionstore.h"
#include "models/queue/issuetablemodel.h"
#include "tests/support/reviewwindow.h"
#include "tests/support/testdata.h"
#include "tests/support/windowtest.h"
#include "views/mainwindow.h"
#include "views/queue/suggestionpanel.h"

#include <KSyntaxHighlighting/Repository>

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSplitter>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>

using namespace Qt::StringLiterals;

namespace {

// The guardrail banner's button for its "Use … instead" action (KMessageWidget makes a tool button per action).
QToolButton *useReviewButton(const QWidget *panel)
{
    const QList<QToolButton *> buttons = panel->findChildren<QToolButton *>();
    for (QToolButton *button : buttons) {
        if (button->defaultAction() && button->defaultAction()->objectName() == u"useReviewAction"_s)
            return button;
    }
    return nullptr;
}

const QString Repo = u"pytorch/pytorch"_s;

QList<Issue> smallQueue()
{
    return TestData::issues(u"queue-small.json"_s);
}

// Long enough for the layouts to take up a change of content (they do on posted events).
constexpr int LayoutSettles = 50;
} // namespace

// The reviewer's loop, by keyboard only, against a real store file; "restart" is a new window and store on the
// same file.
class tst_ReviewFlow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void keyboardReview();
    void undoAcrossRestart();
    void undecidedEditsKeptWhileMoving();
    void approveRefusedByGuardrail();
    void shortcutSheet();
    void presentationMode();
    void staleTriageDropped();
    void windowStateRemembered();
    void splitStaysFromIssueToIssue();
    void fitsTheScreen_data();
    void fitsTheScreen();

private:
    void openWindow();
    int currentNumber() const;
    void key(Qt::Key key);
    QHash<int, ReviewDecision> stored() const;

    std::unique_ptr<KSyntaxHighlighting::Repository> m_repository;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ReviewDecisionStore> m_store;
    std::unique_ptr<MainWindow> m_window;
    QTableView *m_table = nullptr;
};

void tst_ReviewFlow::initTestCase()
{
    m_repository = WindowTest::prepare();
}

void tst_ReviewFlow::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    openWindow();
}

void tst_ReviewFlow::cleanup()
{
    m_window.reset();
    m_store.reset();
    m_dir.reset();
}

void tst_ReviewFlow::openWindow()
{
    const Result<RubricPack> pack = RubricPack::builtin(u"distributed"_s);
    QVERIFY2(pack.ok(), qPrintable(pack.error()));
    const ReviewWindow::Setup setup{
        m_dir->filePath(u"store.sqlite"_s), pack.value(), smallQueue(), u"queue-small.json"_s, Repo, false};
    ReviewWindow::open(m_repository.get(), setup, m_store, m_window, m_table);
    if (QTest::currentTestFailed())
        return;
    QVERIFY(m_table->model()->rowCount() > 0); // so the helper's check of the suggestion panel's plan ran
}

int tst_ReviewFlow::currentNumber() const
{
    return m_window->currentIssueNumber();
}

void tst_ReviewFlow::key(Qt::Key key)
{
    QWidget *target = QApplication::focusWidget() ? QApplication::focusWidget() : m_window.get();
    QTest::keyClick(target, key);
}

QHash<int, ReviewDecision> tst_ReviewFlow::stored() const
{
    // A second connection to the file, as a restarted app would have.
    auto reader = ReviewDecisionStore::open(m_dir->filePath(u"store.sqlite"_s));
    if (!reader)
        return {};
    return reader.value()->latest(Repo).value();
}

void tst_ReviewFlow::keyboardReview()
{
    // Newest first: 140231, 140198, 140177, 140150, 140112.
    QCOMPARE(currentNumber(), 140231);
    key(Qt::Key_A); // approve, advance
    QCOMPARE(currentNumber(), 140198);
    key(Qt::Key_S); // skip, advance
    QCOMPARE(currentNumber(), 140177);

    // Edit: `e` puts the focus on the sub-oncall; a key picks another one; `a` approves the edit.
    key(Qt::Key_E);
    auto *combo = m_window->suggestionPanel()->findChild<QComboBox *>(u"subOncallCombo"_s);
    QTRY_VERIFY(combo->hasFocus());
    const QString before = combo->currentData().toString();
    key(combo->currentIndex() + 1 < combo->count() ? Qt::Key_Down : Qt::Key_Up);
    const QString after = combo->currentData().toString();
    QVERIFY(after != before);
    QVERIFY(m_window->suggestionPanel()->isEdited());
    key(Qt::Key_A);
    QCOMPARE(currentNumber(), 140150);
    key(Qt::Key_E);
    QTRY_VERIFY(combo->hasFocus());
    key(Qt::Key_Escape); // back to the queue
    QTRY_VERIFY(m_table->hasFocus());

    key(Qt::Key_J); // look at 140112 without deciding
    QCOMPARE(currentNumber(), 140112);
    key(Qt::Key_K);
    QCOMPARE(currentNumber(), 140150);
    key(Qt::Key_S);
    QCOMPARE(currentNumber(), 140112);
    key(Qt::Key_U); // undo the skip of 140150: back on it
    QCOMPARE(currentNumber(), 140150);
    QCOMPARE(m_window->tableModel()->reviewState(140150), ReviewState::New);

    const auto counts = m_window->tableModel()->stateCounts();
    QCOMPARE(counts[size_t(ReviewState::Approved)], 1);
    QCOMPARE(counts[size_t(ReviewState::Edited)], 1);
    QCOMPARE(counts[size_t(ReviewState::Skipped)], 1);
    QCOMPARE(counts[size_t(ReviewState::New)], 2);
    QVERIFY(m_window->findChild<QLabel *>(u"stateCounts"_s)->text().contains(u"<b>1</b>&nbsp;edited"_s));

    // What is on disk, read through another connection.
    const QHash<int, ReviewDecision> decisions = stored();
    QCOMPARE(decisions.size(), 3);
    QCOMPARE(decisions.value(140231).state, ReviewState::Approved);
    QCOMPARE(decisions.value(140198).state, ReviewState::Skipped);
    QCOMPARE(decisions.value(140177).state, ReviewState::Edited);
    QCOMPARE(decisions.value(140177).plan.subOncall, after);
    QVERIFY(decisions.value(140177).plan.addLabels.contains(after) ||
            !decisions.value(140177).plan.addLabels.contains(before));
    QVERIFY(decisions.value(140231).issueUpdatedAt.isValid());
    QVERIFY(!decisions.contains(140150));

    // Restart: the same states come back from the store.
    openWindow();
    QCOMPARE(m_window->tableModel()->reviewState(140231), ReviewState::Approved);
    QCOMPARE(m_window->tableModel()->reviewState(140198), ReviewState::Skipped);
    QCOMPARE(m_window->tableModel()->reviewState(140177), ReviewState::Edited);
    QCOMPARE(m_window->tableModel()->reviewState(140150), ReviewState::New);
    QCOMPARE(m_window->tableModel()->reviewedPlan(140177)->subOncall, after);
}

void tst_ReviewFlow::undoAcrossRestart()
{
    key(Qt::Key_S); // 140231 skipped
    QVERIFY(m_window->selectIssue(140231));
    key(Qt::Key_A); // then approved: the latest wins
    QCOMPARE(stored().value(140231).state, ReviewState::Approved);
    key(Qt::Key_U); // undo the approval: skipped again, on disk too
    QCOMPARE(currentNumber(), 140231);
    QCOMPARE(stored().value(140231).state, ReviewState::Skipped);
    openWindow();
    QCOMPARE(m_window->tableModel()->reviewState(140231), ReviewState::Skipped);
    QVERIFY(!m_window->undoStack()->canUndo()); // a restart starts a new history
}

void tst_ReviewFlow::undecidedEditsKeptWhileMoving()
{
    QCOMPARE(currentNumber(), 140231);
    key(Qt::Key_E);
    auto *combo = m_window->suggestionPanel()->findChild<QComboBox *>(u"subOncallCombo"_s);
    QTRY_VERIFY(combo->hasFocus());
    const QString before = combo->currentData().toString();
    key(combo->currentIndex() + 1 < combo->count() ? Qt::Key_Down : Qt::Key_Up);
    const QString edited = combo->currentData().toString();
    QVERIFY(edited != before);
    key(Qt::Key_Escape);
    QTRY_VERIFY(m_table->hasFocus());

    key(Qt::Key_J); // away without deciding: the next issue shows the engine's suggestion, not the edit
    QCOMPARE(currentNumber(), 140198);
    QVERIFY(!m_window->suggestionPanel()->isEdited());
    key(Qt::Key_K); // back: the edit is still there, undecided
    QCOMPARE(currentNumber(), 140231);
    QVERIFY(m_window->suggestionPanel()->isEdited());
    QCOMPARE(combo->currentData().toString(), edited);
    QCOMPARE(m_window->tableModel()->reviewState(140231), ReviewState::New);
    QVERIFY(!stored().contains(140231));

    key(Qt::Key_A); // deciding stores it; moving back afterwards shows the decision, not a stale draft
    QCOMPARE(stored().value(140231).state, ReviewState::Edited);
    QCOMPARE(stored().value(140231).plan.subOncall, edited);
    key(Qt::Key_U);
    QCOMPARE(currentNumber(), 140231);
    QVERIFY(!stored().contains(140231));
    QVERIFY(!m_window->suggestionPanel()->isEdited());
}

void tst_ReviewFlow::approveRefusedByGuardrail()
{
    SuggestionPanel *panel = m_window->suggestionPanel();
    panel->setLabelChecked(u"high priority"_s, true);
    QVERIFY(!panel->violations().isEmpty());
    key(Qt::Key_A);
    QCOMPARE(currentNumber(), 140231); // not approved, not advanced
    QVERIFY(!stored().contains(140231));
    // Taking the offered way out makes it approvable.
    QToolButton *offer = useReviewButton(panel);
    QVERIFY(offer);
    QTest::mouseClick(offer, Qt::LeftButton);
    QTRY_VERIFY(panel->violations().isEmpty()); // once the click is over
    m_table->setFocus();
    key(Qt::Key_A);
    QCOMPARE(stored().value(140231).state, ReviewState::Edited);
    QVERIFY(stored().value(140231).plan.addLabels.contains(u"triage review"_s));
}

void tst_ReviewFlow::shortcutSheet()
{
    bool shown = false;
    QTimer::singleShot(0, this, [&shown] {
        for (QWidget *widget : QApplication::topLevelWidgets()) {
            if (auto *dialog = qobject_cast<QDialog *>(widget); dialog && dialog->objectName() == "shortcutSheet"_L1) {
                shown = dialog->isVisible() && dialog->findChildren<QLabel *>().size() >= 16;
                dialog->reject();
            }
        }
    });
    key(Qt::Key_Question);
    QVERIFY(shown);
}

void tst_ReviewFlow::presentationMode()
{
    const qreal normal = m_window->font().pointSizeF();
    // The styled chips too: a font from a style sheet would stop following the window's.
    const QStringList chips = {u"confidenceBadge"_s, u"reviewStateLabel"_s, u"reproOutcomeBadge"_s};
    QHash<QString, qreal> chipSizes;
    for (const QString &name : chips) {
        auto *chip = m_window->findChild<QLabel *>(name);
        QVERIFY2(chip, qPrintable(name));
        chipSizes.insert(name, chip->font().pointSizeF());
    }
    key(Qt::Key_F11);
    QVERIFY(m_window->isPresentationMode());
    QVERIFY(m_window->font().pointSizeF() > normal * 1.2);
    for (const QString &name : chips)
        QVERIFY2(m_window->findChild<QLabel *>(name)->font().pointSizeF() > chipSizes.value(name) * 1.2,
                 qPrintable(name));
    QVERIFY(m_table->isColumnHidden(IssueTableModel::Author));
    QVERIFY(!m_table->isColumnHidden(IssueTableModel::ConfidenceColumn));
    key(Qt::Key_F11);
    QVERIFY(!m_window->isPresentationMode());
    QCOMPARE(m_window->font().pointSizeF(), normal);
    QVERIFY(!m_table->isColumnHidden(IssueTableModel::Author));
}

void tst_ReviewFlow::staleTriageDropped()
{
    // A new queue while the old one is being triaged: only the new queue's plans land.
    QSignalSpy triaged(m_window.get(), &MainWindow::triageFinished);
    QList<Issue> queue = smallQueue();
    m_window->setIssues(queue, u"a"_s, Repo);
    queue.removeLast();
    m_window->setIssues(queue, u"b"_s, Repo);
    QVERIFY(triaged.wait(10000));
    QCOMPARE(m_window->tableModel()->rowCount(), 4);
    QCOMPARE(m_window->tableModel()->plannedCount(), 4);
    QCOMPARE(triaged.size(), 1);
}

void tst_ReviewFlow::windowStateRemembered()
{
    // Settings go to the temporary dir, never to the user's.
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir->path());
    QVERIFY(m_window->selectIssue(140177));
    auto *splitter = m_window->findChild<QSplitter *>(u"detailSplitter"_s);
    splitter->setSizes({300, 700});
    const QList<int> sizes = splitter->sizes();
    m_table->setColumnWidth(IssueTableModel::Author, 211);
    m_window->saveState();

    openWindow();
    QVERIFY(m_window->currentIssueNumber() != 140177);
    m_window->restoreState();
    QCOMPARE(m_window->currentIssueNumber(), 140177);
    QCOMPARE(m_window->findChild<QSplitter *>(u"detailSplitter"_s)->sizes(), sizes);
    QCOMPARE(m_table->columnWidth(IssueTableModel::Author), 211);
}

// With the panel at its narrowest, the split would jump whenever the panel's minimum changed: as the
// confidence badge or the review state read differently from one issue to the next, for instance.
void tst_ReviewFlow::splitStaysFromIssueToIssue()
{
    auto *splitter = m_window->findChild<QSplitter *>(u"detailSplitter"_s);
    splitter->setSizes({100000, 1});
    QTest::qWait(LayoutSettles);
    const QList<int> sizes = splitter->sizes();
    const int minimum = splitter->widget(1)->minimumSizeHint().width();
    QSet<QString> badges;
    for (const Issue &issue : smallQueue()) {
        QVERIFY(m_window->selectIssue(issue.number));
        QTRY_VERIFY(m_window->suggestionPanel()->hasPlan());
        badges.insert(m_window->suggestionPanel()->findChild<QLabel *>(u"confidenceBadge"_s)->text());
        QTest::qWait(LayoutSettles);
        QCOMPARE(splitter->widget(1)->minimumSizeHint().width(), minimum);
        QCOMPARE(splitter->sizes(), sizes);
    }
    QVERIFY2(badges.size() >= 2, "the queue should show more than one confidence badge");
}

void tst_ReviewFlow::fitsTheScreen_data()
{
    QTest::addColumn<bool>("presentation");
    QTest::addColumn<int>("screenWidth");
    QTest::newRow("a laptop's 1280 px") << false << 1280;
    QTest::newRow("presentation mode on a 1920 px projector") << true << 1920;
}

// No part may force the window wider than the screen it is used on: every minimum added up, and room left
// for the window frame.
void tst_ReviewFlow::fitsTheScreen()
{
    QFETCH(bool, presentation);
    QFETCH(int, screenWidth);
    m_window->setPresentationMode(presentation);
    // The widest the window must be, over every issue of the queue.
    int minimum = 0;
    for (const Issue &issue : smallQueue()) {
        QVERIFY(m_window->selectIssue(issue.number));
        QTRY_VERIFY(m_window->suggestionPanel()->hasPlan());
        QTest::qWait(LayoutSettles);
        minimum = std::max(minimum, m_window->minimumSizeHint().width());
    }
    QVERIFY2(minimum <= screenWidth - 40, qPrintable(u"%1 px"_s.arg(minimum)));
}

QTEST_MAIN(tst_ReviewFlow)
#include "tst_reviewflow.moc"
