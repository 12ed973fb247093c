// SPDX-License-Identifier: MIT
#include "engine/outbox/outboxstore.h"
#include "engine/review/reviewdecisionstore.h"
#include "engine/triage/batchedit.h"
#include "models/queue/issuetablemodel.h"
#include "tests/support/reviewwindow.h"
#include "tests/support/screenshottest.h"
#include "tests/support/testdata.h"
#include "tests/support/windowtest.h"
#include "views/common/apppalette.h"
#include "views/common/labelchipdelegate.h"
#include "views/common/reviewshortcuts.h"
#include "views/mainwindow.h"
#include "views/queue/batcheditdialog.h"
#include "views/queue/queuefilters.h"
#include "views/queue/snoozecontroller.h"
#include "views/queue/suggestionpanel.h"

#include <KSyntaxHighlighting/Repository>

#include <QAction>
#include <QApplication>
#include <QCalendarWidget>
#include <QComboBox>
#include <QCompleter>
#include <QDesktopServices>
#include <QDialog>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPainter>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

using namespace Qt::StringLiterals;

namespace {
const QString Repo = u"pytorch/pytorch"_s;

template<typename T>
T *topLevel(const QString &name)
{
    for (QWidget *widget : QApplication::topLevelWidgets()) {
        if (auto *found = qobject_cast<T *>(widget); found && found->objectName() == name && found->isVisible())
            return found;
    }
    return nullptr;
}
} // namespace

// The keys GitHub users' hands expect, and marking several issues to edit them at once, by keyboard, against
// a real store file whose outbox takes the edits. Newest first: 140231, 140198, 140177, 140150, 140112.
class tst_ReviewKeys : public QObject
{
    Q_OBJECT

public Q_SLOTS:
    void openUrl(const QUrl &url) { m_opened.append(url); }

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void openOnGitHub();
    void labelAndCommentKeys_data();
    void labelAndCommentKeys();
    void markWithKeysAndClicks();
    void batchThroughTheDialog();
    void batchRefusedPerIssueByGuardrails();
    void batchKeepsUndecidedEditsOfEachIssue();
    void remappedKeysKeptAndShown();
    void filtersSavedWithTheQueue();
    void snoozeWithZ_data();
    void snoozeWithZ();
    void snoozeEnds_data();
    void snoozeEnds();
    void snoozeUntilAPickedDate();
    void undoSnooze();
    void screenshots_data();
    void screenshots();
    void pickerAndSnoozeScreenshots_data();
    void pickerAndSnoozeScreenshots();

private:
    void openWindow(bool remember = false, const QString &source = u"queue-small.json"_s);
    void key(Qt::Key key, Qt::KeyboardModifiers modifiers = Qt::NoModifier);
    QHash<int, ReviewDecision> stored() const;
    QList<OutboxEntry> outbox() const;
    QString moduleLabelNotOn(const QList<int> &numbers) const;

    std::unique_ptr<KSyntaxHighlighting::Repository> m_repository;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ReviewDecisionStore> m_store;
    std::unique_ptr<MainWindow> m_window;
    RubricPack m_pack;
    QTableView *m_table = nullptr;
    QList<QUrl> m_opened;
};

void tst_ReviewKeys::initTestCase()
{
    m_repository = WindowTest::prepare();
    const Result<RubricPack> pack = RubricPack::builtin(u"distributed"_s);
    QVERIFY2(pack.ok(), qPrintable(pack.error()));
    m_pack = pack.value();
    // The keys this test sets live in the test's own KConfig file (test mode): start from the defaults.
    QFile::remove(QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation) + u'/' +
                  QCoreApplication::applicationName() + u"rc"_s);
    QDesktopServices::setUrlHandler(u"https"_s, this, "openUrl");
}

void tst_ReviewKeys::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_opened.clear();
    openWindow();
}

void tst_ReviewKeys::cleanup()
{
    // The keys are the user's settings: back to the defaults for the next test.
    if (m_window) {
        for (QAction *action : m_window->shortcuts()->actions())
            action->setShortcuts(action->property("defaultShortcuts").value<QList<QKeySequence>>());
        m_window->shortcuts()->save();
    }
    m_window.reset();
    m_store.reset();
    m_dir.reset();
}

void tst_ReviewKeys::openWindow(bool remember, const QString &source)
{
    const ReviewWindow::Setup setup{
        m_dir->filePath(u"store.sqlite"_s), m_pack, TestData::issues(u"queue-small.json"_s), source, Repo, remember};
    ReviewWindow::open(m_repository.get(), setup, m_store, m_window, m_table);
}

void tst_ReviewKeys::key(Qt::Key key, Qt::KeyboardModifiers modifiers)
{
    QWidget *target = QApplication::focusWidget() ? QApplication::focusWidget() : m_window.get();
    QTest::keyClick(target, key, modifiers);
}

QHash<int, ReviewDecision> tst_ReviewKeys::stored() const
{
    auto reader = ReviewDecisionStore::open(m_dir->filePath(u"store.sqlite"_s));
    return reader ? reader.value()->latest(Repo).value() : QHash<int, ReviewDecision>();
}

QList<OutboxEntry> tst_ReviewKeys::outbox() const
{
    auto reader = OutboxStore::open(m_dir->filePath(u"store.sqlite"_s));
    return reader ? reader.value()->entries(Repo).value() : QList<OutboxEntry>();
}

// A module label of the pack that none of these issues' engine plans adds already.
QString tst_ReviewKeys::moduleLabelNotOn(const QList<int> &numbers) const
{
    for (const LabelInfo &label : m_pack.labels) {
        if (!label.name.startsWith(u"module: "_s) || m_pack.forbiddenLabels.contains(label.name))
            continue;
        bool free = true;
        for (const int number : numbers) {
            const QModelIndex index =
                m_window->tableModel()->index(m_window->tableModel()->rowForNumber(number), IssueTableModel::Title);
            const TriagePlan plan = index.data(IssueTableModel::PlanRole).value<TriagePlan>();
            const Issue issue = index.data(IssueTableModel::IssueRole).value<Issue>();
            free = free && !plan.addLabels.contains(label.name) && !issue.labels.contains(label.name);
        }
        if (free)
            return label.name;
    }
    return {};
}

void tst_ReviewKeys::openOnGitHub()
{
    key(Qt::Key_O);
    QCOMPARE(m_opened.size(), 1);
    QCOMPARE(m_opened.constFirst(), QUrl(u"https://github.com/pytorch/pytorch/issues/140231"_s));
    key(Qt::Key_J);
    key(Qt::Key_O);
    QCOMPARE(m_opened.size(), 2);
    QCOMPARE(m_opened.at(1), QUrl(u"https://github.com/pytorch/pytorch/issues/140198"_s));
    QCOMPARE(m_window->currentIssueNumber(), 140198); // opening moves nothing
}

void tst_ReviewKeys::labelAndCommentKeys_data()
{
    QTest::addColumn<Qt::Key>("key");
    QTest::addColumn<QString>("focused");
    QTest::addRow("l: the label picker") << Qt::Key_L << u"addLabelCombo"_s;
    QTest::addRow("c: the comment") << Qt::Key_C << u"QPlainTextEdit"_s;
}

void tst_ReviewKeys::labelAndCommentKeys()
{
    QFETCH(Qt::Key, key);
    QFETCH(QString, focused);
    this->key(key);
    QWidget *focus = QApplication::focusWidget();
    QVERIFY(focus);
    QVERIFY2(focus->objectName() == focused || QString::fromLatin1(focus->metaObject()->className()) == focused,
             focus->metaObject()->className());
    QVERIFY(m_window->suggestionPanel()->isAncestorOf(focus));
    if (auto *comment = qobject_cast<QPlainTextEdit *>(focus)) {
        // Typing in the comment is text, not review keys.
        const QString before = comment->toPlainText();
        QTest::keyClicks(comment, u"jax"_s);
        QCOMPARE(comment->toPlainText(), before + u"jax"_s);
        QCOMPARE(m_window->currentIssueNumber(), 140231);
        QVERIFY(stored().isEmpty());
    }
}

void tst_ReviewKeys::markWithKeysAndClicks()
{
    QVERIFY(m_window->markedIssueNumbers().isEmpty()); // the current row alone is no mark
    key(Qt::Key_X);                                    // mark 140231, advance
    QCOMPARE(m_window->currentIssueNumber(), 140198);
    key(Qt::Key_J); // moving keeps the marks
    QCOMPARE(m_window->currentIssueNumber(), 140177);
    key(Qt::Key_X);
    QCOMPARE(m_window->markedIssueNumbers(), (QList<int>{140177, 140231}));
    QCOMPARE(m_window->currentIssueNumber(), 140150);
    key(Qt::Key_K);
    key(Qt::Key_X); // again: unmarks
    QCOMPARE(m_window->markedIssueNumbers(), (QList<int>{140231}));
    QVERIFY(m_window->statusBar()->currentMessage().contains(u"1 issue marked"_s));

    // Ctrl+click adds a row, Shift+click a range, as in every list.
    m_window->clearMarks();
    m_window->selectIssue(140231);
    const auto click = [this](int row, Qt::KeyboardModifiers modifiers) {
        const QRect rect = m_table->visualRect(m_table->model()->index(row, IssueTableModel::Title));
        QTest::mouseClick(m_table->viewport(), Qt::LeftButton, modifiers, rect.center());
    };
    click(2, Qt::ControlModifier);
    QCOMPARE(m_window->markedIssueNumbers(), (QList<int>{140177, 140231}));
    click(4, Qt::ShiftModifier); // the range from the Ctrl+clicked row, the earlier mark kept
    QCOMPARE(m_window->markedIssueNumbers(), (QList<int>{140112, 140150, 140177, 140231}));
    QVERIFY(stored().isEmpty()); // marking decides nothing
}

void tst_ReviewKeys::batchThroughTheDialog()
{
    key(Qt::Key_X);
    key(Qt::Key_X); // 140231 and 140198 marked, 140177 current
    const QList<int> marked = m_window->markedIssueNumbers();
    QCOMPARE(marked, (QList<int>{140198, 140231}));
    const QString label = moduleLabelNotOn(marked);
    QVERIFY2(!label.isEmpty(), "the pack has a module label none of the marked issues has");

    key(Qt::Key_B);
    auto *dialog = topLevel<BatchEditDialog>(u"batchEditDialog"_s);
    QVERIFY(dialog);
    QVERIFY(dialog->windowTitle().contains(u"2"_s));
    auto *apply = dialog->findChild<QPushButton *>(u"batchApplyButton"_s);
    QVERIFY(!apply->isEnabled()); // nothing to apply yet
    // Type to filter: the label box completes over the pack's labels.
    auto *labelBox = dialog->findChild<QComboBox *>(u"batchLabelCombo"_s);
    QVERIFY(labelBox->findText(label) >= 0);
    dialog->setEdit(BatchEdit{.addLabel = label, .subOncall = {}, .templateKey = {}});
    QVERIFY(apply->isEnabled());
    QTest::mouseClick(apply, Qt::LeftButton);
    QTRY_VERIFY(!dialog->isVisible());

    // Each marked issue: an edited decision of its own with the label, and an outbox entry of its own.
    const QHash<int, ReviewDecision> decisions = stored();
    QCOMPARE(decisions.size(), 2);
    for (const int number : marked) {
        QCOMPARE(decisions.value(number).state, ReviewState::Edited);
        QVERIFY2(decisions.value(number).plan.addLabels.contains(label), qPrintable(QString::number(number)));
    }
    const QList<OutboxEntry> entries = outbox();
    QCOMPARE(entries.size(), 2);
    for (const OutboxEntry &entry : entries) {
        QVERIFY(marked.contains(entry.number));
        QVERIFY(entry.addLabels.contains(label));
    }
    QVERIFY(m_window->markedIssueNumbers().isEmpty()); // done: the marks go
    QCOMPARE(m_window->currentIssueNumber(), 140177);  // and the reviewer stays where they were

    // The reviewer can still change one: it is that issue's plan, shown on it.
    m_window->selectIssue(140198);
    QTRY_VERIFY(m_window->suggestionPanel()->plan().addLabels.contains(label));

    // One `u` undoes the whole batch, outbox entries included.
    m_table->setFocus();
    key(Qt::Key_U);
    QTRY_VERIFY(stored().isEmpty());
    QTRY_COMPARE(outbox().size(), 0);
}

void tst_ReviewKeys::batchRefusedPerIssueByGuardrails()
{
    QVERIFY(!m_pack.forbiddenLabels.isEmpty());
    const auto markFirstTwo = [this] {
        m_window->clearMarks();
        m_window->selectIssue(140231);
        key(Qt::Key_X);
        key(Qt::Key_X);
        QCOMPARE(m_window->markedIssueNumbers(), (QList<int>{140198, 140231}));
    };
    markFirstTwo();
    QCOMPARE(m_window->applyBatch(
                 BatchEdit{.addLabel = m_pack.forbiddenLabels.constFirst(), .subOncall = {}, .templateKey = {}}),
             0);
    QVERIFY(stored().isEmpty());
    QVERIFY(outbox().isEmpty());
    const QString message = m_window->statusBar()->currentMessage();
    QVERIFY2(message.contains(u"#140231"_s) && message.contains(u"#140198"_s), qPrintable(message));

    // A label outside the pack is refused the same way; a pack label on the same issues goes through.
    markFirstTwo();
    QCOMPARE(
        m_window->applyBatch(BatchEdit{.addLabel = u"made up: not in any pack"_s, .subOncall = {}, .templateKey = {}}),
        0);
    QVERIFY(stored().isEmpty());
    markFirstTwo();
    const QList<int> marked = m_window->markedIssueNumbers();
    QCOMPARE(m_window->applyBatch(BatchEdit{.addLabel = moduleLabelNotOn(marked), .subOncall = {}, .templateKey = {}}),
             2);
    QCOMPARE(stored().size(), 2);
}

void tst_ReviewKeys::batchKeepsUndecidedEditsOfEachIssue()
{
    // An undecided edit on 140231 (its sub-oncall changed), then marked with 140198 for a template.
    key(Qt::Key_E);
    auto *combo = m_window->suggestionPanel()->findChild<QComboBox *>(u"subOncallCombo"_s);
    QTRY_VERIFY(combo->hasFocus());
    key(combo->currentIndex() + 1 < combo->count() ? Qt::Key_Down : Qt::Key_Up);
    const QString chosen = combo->currentData().toString();
    key(Qt::Key_Escape);
    QTRY_VERIFY(m_table->hasFocus());
    key(Qt::Key_X);
    key(Qt::Key_X);
    const TemplateText &text = m_pack.templates.constFirst();
    const int applied = m_window->applyBatch(BatchEdit{.addLabel = {}, .subOncall = {}, .templateKey = text.key});
    const QHash<int, ReviewDecision> decisions = stored();
    QCOMPARE(decisions.size(), applied);
    QVERIFY(applied >= 1);
    if (decisions.contains(140231)) {
        QCOMPARE(decisions.value(140231).plan.subOncall, chosen); // the undecided edit is part of it
        QCOMPARE(decisions.value(140231).plan.comment, text.text);
    }
    for (const ReviewDecision &decision : decisions)
        QCOMPARE(decision.plan.templateKey, text.key);
}

void tst_ReviewKeys::remappedKeysKeptAndShown()
{
    QAction *approve = m_window->shortcuts()->action(u"approve"_s);
    QVERIFY(approve);
    QCOMPARE(approve->shortcut(), QKeySequence(Qt::Key_A));
    // Every key of the window is in the collection KShortcutsDialog edits, the new ones too.
    for (const QString &name : {u"next_issue"_s, u"previous_issue"_s, u"edit"_s, u"skip"_s, u"undo"_s, u"filter"_s,
                                u"repro_tab"_s, u"presentation"_s, u"toggle_outbox"_s, u"shortcut_sheet"_s,
                                u"open_on_github"_s, u"add_label"_s, u"comment"_s, u"mark"_s, u"apply_to_marked"_s})
        QVERIFY2(m_window->shortcuts()->action(name), qPrintable(name));

    approve->setShortcut(QKeySequence(Qt::Key_Y)); // what KShortcutsDialog does on OK, then it saves
    m_window->shortcuts()->save();
    openWindow(); // a restart
    QCOMPARE(m_window->shortcuts()->action(u"approve"_s)->shortcut(), QKeySequence(Qt::Key_Y));
    key(Qt::Key_A);
    QVERIFY(stored().isEmpty()); // the old key does nothing now
    key(Qt::Key_Y);
    QCOMPARE(stored().value(140231).state, ReviewState::Approved);

    // The ? sheet shows the keys as set.
    bool shown = false;
    QTimer::singleShot(0, this, [&shown] {
        auto *sheet = topLevel<QDialog>(u"shortcutSheet"_s);
        if (!sheet)
            return;
        QStringList texts;
        for (const QLabel *label : sheet->findChildren<QLabel *>())
            texts.append(label->text());
        shown = texts.contains(u"<b><code>Y</code></b>"_s) && !texts.contains(u"<b><code>A</code></b>"_s) &&
                texts.contains(u"<b><code>O</code></b>"_s) && texts.contains(u"<b><code>X</code></b>"_s) &&
                sheet->findChild<QPushButton *>(u"configureShortcutsButton"_s);
        sheet->reject();
    });
    key(Qt::Key_Question);
    QVERIFY(shown);
}

void tst_ReviewKeys::filtersSavedWithTheQueue()
{
    QSettings().remove(u"filters"_s);
    openWindow(true);
    QVERIFY(m_window->filters().isDefault());
    const int all = m_table->model()->rowCount();
    QueueFilters filters;
    filters.text = u"fsdp"_s;
    filters.reviewState = int(ReviewState::New);
    // The first issue's own sub-oncall: the filters leave it and hide others.
    const QModelIndex first =
        m_window->tableModel()->index(m_window->tableModel()->rowForNumber(140231), IssueTableModel::Title);
    filters.subOncall = first.data(IssueTableModel::PlanRole).value<TriagePlan>().subOncall;
    QVERIFY(!filters.subOncall.isEmpty());
    m_window->setFilters(filters);
    QTRY_COMPARE(QueueFilters::load(u"queue-small.json"_s), filters); // saved as it changed
    const int shown = m_table->model()->rowCount();
    QVERIFY(shown >= 1 && shown < all);

    openWindow(true); // a restart: the queue comes back with its filters
    QCOMPARE(m_window->filters(), filters);
    QCOMPARE(m_table->model()->rowCount(), shown);

    openWindow(true, u"another-queue.json"_s); // another queue has its own (none yet)
    QVERIFY(m_window->filters().isDefault());
    QCOMPARE(m_table->model()->rowCount(), all);

    // Clearing them is saved too.
    openWindow(true);
    m_window->setFilters(QueueFilters());
    QTRY_VERIFY(QueueFilters::load(u"queue-small.json"_s).isDefault());
    QSettings().remove(u"filters"_s);
}

// Presses z and picks a choice from the menu that pops up beside the row.
static void chooseSnooze(const QString &choice)
{
    QMenu *menu = nullptr;
    QTRY_VERIFY((menu = qobject_cast<QMenu *>(QApplication::activePopupWidget())));
    QCOMPARE(menu->objectName(), u"snoozeMenu"_s);
    auto *action = menu->findChild<QAction *>(choice);
    QVERIFY2(action, qPrintable(choice));
    menu->close();
    action->trigger();
}

void tst_ReviewKeys::snoozeWithZ_data()
{
    QTest::addColumn<QString>("choice");
    QTest::addColumn<bool>("untilChanged");
    QTest::addRow("for 3 hours") << u"inThreeHours"_s << false;
    QTest::addRow("until tomorrow") << u"tomorrow"_s << false;
    QTest::addRow("until next week") << u"nextWeek"_s << false;
    QTest::addRow("until it changes on GitHub") << u"untilChanged"_s << true;
}

void tst_ReviewKeys::snoozeWithZ()
{
    QFETCH(QString, choice);
    QFETCH(bool, untilChanged);
    const int all = m_table->model()->rowCount();
    QCOMPARE(m_window->currentIssueNumber(), 140231);
    key(Qt::Key_Z);
    chooseSnooze(choice);
    if (QTest::currentTestFailed())
        return;
    // Out of the way: the next issue takes its place, the count says how many sleep.
    QCOMPARE(m_table->model()->rowCount(), all - 1);
    QCOMPARE(m_window->currentIssueNumber(), 140198);
    QCOMPARE(m_window->tableModel()->rowForNumber(140231) >= 0, true); // still in the queue, only hidden
    const QString count = m_window->findChild<QLabel *>(u"countLabel"_s)->text();
    QVERIFY2(count.contains(u"1 snoozed"_s), qPrintable(count));
    QVERIFY2(m_window->statusBar()->currentMessage().contains(u"Snoozed #140231"_s),
             qPrintable(m_window->statusBar()->currentMessage()));
    const std::optional<Snooze> snooze = m_window->snoozes()->snoozeOf(140231);
    QVERIFY(snooze);
    QCOMPARE(snooze->untilChanged(), untilChanged);
    if (!untilChanged)
        QVERIFY(snooze->until > QDateTime::currentDateTimeUtc().addSecs(3 * 3600 - 60));
    QVERIFY(stored().isEmpty()); // a snooze is no decision

    // Kept in the store: a restart keeps it out of the way.
    openWindow();
    QCOMPARE(m_table->model()->rowCount(), all - 1);
    QCOMPARE(m_window->currentIssueNumber(), 140198);

    // The Snoozed filter shows it alone; z there wakes it.
    auto *state = m_window->findChild<QComboBox *>(u"stateFilter"_s);
    QVERIFY(state);
    state->setCurrentIndex(state->findData(MainWindow::SnoozedStateFilter));
    QCOMPARE(m_table->model()->rowCount(), 1);
    m_window->selectFirstIssue();
    QCOMPARE(m_window->currentIssueNumber(), 140231);
    m_table->setFocus();
    key(Qt::Key_Z);
    chooseSnooze(u"wake"_s);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(m_table->model()->rowCount(), 0);
    state->setCurrentIndex(0);
    QCOMPARE(m_table->model()->rowCount(), all);
    openWindow();
    QCOMPARE(m_table->model()->rowCount(), all);
}

void tst_ReviewKeys::snoozeEnds_data()
{
    QTest::addColumn<QString>("choice");
    QTest::addColumn<int>("laterSeconds"); // the clock moves on this far
    QTest::addColumn<bool>("updated");     // a sync brings a newer update of the issue
    QTest::addColumn<bool>("back");
    QTest::addRow("3 hours, 2 hours later") << u"inThreeHours"_s << 2 * 3600 << false << false;
    QTest::addRow("3 hours, 4 hours later") << u"inThreeHours"_s << 4 * 3600 << false << true;
    QTest::addRow("next week, 8 days later") << u"nextWeek"_s << 8 * 24 * 3600 << false << true;
    QTest::addRow("until changed, a week later, unchanged") << u"untilChanged"_s << 7 * 24 * 3600 << false << false;
    QTest::addRow("until changed, changed") << u"untilChanged"_s << 0 << true << true;
    QTest::addRow("3 hours, changed") << u"inThreeHours"_s << 0 << true << false;
}

void tst_ReviewKeys::snoozeEnds()
{
    QFETCH(QString, choice);
    QFETCH(int, laterSeconds);
    QFETCH(bool, updated);
    QFETCH(bool, back);
    const int all = m_table->model()->rowCount();
    key(Qt::Key_Z);
    chooseSnooze(choice);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(m_table->model()->rowCount(), all - 1);

    QList<Issue> issues = TestData::issues(u"queue-small.json"_s);
    if (updated) {
        for (Issue &issue : issues) {
            if (issue.number == 140231) {
                issue.updatedAt = issue.updatedAt.addSecs(60);
                issue.comments.append(Comment{});
            }
        }
    }
    const QDateTime later = QDateTime::currentDateTimeUtc().addSecs(laterSeconds);
    m_window->snoozes()->setClock([later] { return later; });
    m_window->setIssues(issues, u"queue-small.json"_s, Repo); // a sync's reload
    QCOMPARE(m_table->model()->rowCount(), back ? all : all - 1);
    QCOMPARE(m_window->snoozes()->snoozeOf(140231).has_value(), !back);
}

void tst_ReviewKeys::snoozeUntilAPickedDate()
{
    const int all = m_table->model()->rowCount();
    key(Qt::Key_Z);
    chooseSnooze(u"pickDate"_s);
    if (QTest::currentTestFailed())
        return;
    QDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = topLevel<QDialog>(u"snoozeDateDialog"_s)));
    auto *calendar = dialog->findChild<QCalendarWidget *>(u"snoozeCalendar"_s);
    QVERIFY(calendar);
    const QDate today = QDate::currentDate();
    QCOMPARE(calendar->minimumDate(), today.addDays(1)); // no snooze into the past
    calendar->setSelectedDate(today.addDays(10));
    dialog->accept();
    QCOMPARE(m_table->model()->rowCount(), all - 1);
    const std::optional<Snooze> snooze = m_window->snoozes()->snoozeOf(140231);
    QVERIFY(snooze);
    QCOMPARE(snooze->until.toLocalTime(), QDateTime(today.addDays(10), QTime(9, 0)));
}

// u undoes a snooze (not the decision before it), and a wake.
void tst_ReviewKeys::undoSnooze()
{
    const int all = m_table->model()->rowCount();
    key(Qt::Key_A); // approve 140231, on to 140198
    QCOMPARE(m_window->currentIssueNumber(), 140198);
    QTRY_COMPARE(stored().size(), 1);
    key(Qt::Key_Z);
    chooseSnooze(u"tomorrow"_s);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(m_table->model()->rowCount(), all - 1);
    QVERIFY(m_window->snoozes()->snoozeOf(140198));
    key(Qt::Key_U);
    QCOMPARE(m_table->model()->rowCount(), all);
    QCOMPARE(m_window->currentIssueNumber(), 140198); // back where it was, selected
    QVERIFY(!m_window->snoozes()->snoozeOf(140198));
    QCOMPARE(stored().size(), 1); // the approval before it stands
    QCOMPARE(stored().value(140231).state, ReviewState::Approved);
    openWindow(); // and the store agrees
    QCOMPARE(m_table->model()->rowCount(), all);

    // A wake is undone too: the issue sleeps again, until the time it had.
    m_window->selectIssue(140198);
    key(Qt::Key_Z);
    chooseSnooze(u"nextWeek"_s);
    if (QTest::currentTestFailed())
        return;
    const QDateTime until = m_window->snoozes()->snoozeOf(140198)->until;
    auto *state = m_window->findChild<QComboBox *>(u"stateFilter"_s);
    state->setCurrentIndex(state->findData(MainWindow::SnoozedStateFilter));
    m_window->selectFirstIssue();
    m_table->setFocus();
    key(Qt::Key_Z);
    chooseSnooze(u"wake"_s);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(m_table->model()->rowCount(), 0);
    key(Qt::Key_U);
    QCOMPARE(m_table->model()->rowCount(), 1);
    QCOMPARE(m_window->snoozes()->snoozeOf(140198)->until, until);
    state->setCurrentIndex(0);
}

void tst_ReviewKeys::screenshots_data()
{
    ScreenshotTest::addThemes();
}

// With TRIAGE_SCREENSHOT_DIR set: three issues marked with `x`, the batch dialog over the window with a label
// typed (batch-marked[-dark].png), then the window after Apply (batch-applied[-dark].png).
void tst_ReviewKeys::screenshots()
{
    TRIAGE_SCREENSHOT_SETUP();
    openWindow();
    m_window->resize(1440, 900);
    key(Qt::Key_X);
    key(Qt::Key_J);
    key(Qt::Key_X);
    key(Qt::Key_X);
    const QList<int> marked = m_window->markedIssueNumbers();
    QCOMPARE(marked.size(), 3);
    key(Qt::Key_B);
    auto *dialog = topLevel<BatchEditDialog>(u"batchEditDialog"_s);
    QVERIFY(dialog);
    dialog->setEdit(BatchEdit{.addLabel = moduleLabelNotOn(marked), .subOncall = {}, .templateKey = {}});
    QTest::qWait(100);
    QImage shot = m_window->grab().toImage();
    {
        QPainter painter(&shot);
        const QPixmap over = dialog->grab();
        const QSizeF window = shot.deviceIndependentSize();
        painter.drawPixmap(QPointF((window.width() - over.deviceIndependentSize().width()) / 2, window.height() / 3),
                           over);
    }
    QVERIFY(shot.save(QDir(dir).filePath(u"batch-marked"_s + suffix + u".png"_s)));
    QTest::mouseClick(dialog->findChild<QPushButton *>(u"batchApplyButton"_s), Qt::LeftButton);
    QTRY_COMPARE(stored().size(), 3);
    QTest::qWait(100);
    QVERIFY(m_window->grab().save(QDir(dir).filePath(u"batch-applied"_s + suffix + u".png"_s)));
    QApplication::setPalette(AppPalette::light());
}

void tst_ReviewKeys::pickerAndSnoozeScreenshots_data()
{
    screenshots_data();
}

// The label picker over the repository's labels in their GitHub colours, typed into; the snooze menu.
void tst_ReviewKeys::pickerAndSnoozeScreenshots()
{
    TRIAGE_SCREENSHOT_SETUP();
    openWindow();
    m_window->resize(1440, 900);
    // GitHub's default colours on a few labels of each kind.
    QList<RepositoryLabel> labels = {
        {u"module: c10d"_s, u"f7e101"_s, {}},
        {u"module: fsdp"_s, u"0e8a16"_s, {}},
        {u"module: rocm"_s, u"d73a4a"_s, {}},
        {u"module: rocm-ci"_s, u"5319e7"_s, {}},
        {u"triaged"_s, u"c5def5"_s, {}},
        {u"high priority"_s, u"b60205"_s, {}},
        {u"oncall: distributed"_s, u"1d76db"_s, {}},
        {u"rocm priority"_s, u"fbca04"_s, {}},
        {u"module: ddp"_s, u"a2eeef"_s, {}},
        {u"topic: rocm wheels"_s, u"ededed"_s, {}},
    };
    QHash<QString, QColor> colors; // what the window hands every chip when the repository's labels arrive
    for (const RepositoryLabel &label : std::as_const(labels))
        colors.insert(label.name, QColor(u'#' + label.color));
    LabelChipDelegate::setGitHubColors(colors);
    m_window->selectIssue(140198);
    m_window->selectIssue(140231); // the issue's chips are painted again, in those colours
    SuggestionPanel *panel = m_window->suggestionPanel();
    panel->setRepositoryLabels(labels);
    panel->setLabelChecked(u"module: fsdp"_s, true);
    key(Qt::Key_L);
    auto *picker = panel->findChild<QComboBox *>(u"addLabelCombo"_s);
    QTest::keyClicks(picker->lineEdit(), u"roc"_s);
    QWidget *popup = picker->completer()->popup();
    QTRY_VERIFY(popup->isVisible());
    QTest::qWait(100);
    QImage shot = m_window->grab().toImage();
    {
        QPainter painter(&shot);
        painter.drawPixmap(picker->mapTo(m_window.get(), QPoint(0, picker->height())), popup->grab());
    }
    QVERIFY(shot.save(QDir(dir).filePath(u"label-picker"_s + suffix + u".png"_s)));
    popup->hide();
    picker->lineEdit()->clear();
    m_table->setFocus();

    key(Qt::Key_Z);
    QMenu *menu = nullptr;
    QTRY_VERIFY((menu = qobject_cast<QMenu *>(QApplication::activePopupWidget())));
    QTest::qWait(100);
    shot = m_window->grab().toImage();
    {
        QPainter painter(&shot);
        const QRect row = m_table->visualRect(m_table->currentIndex());
        painter.drawPixmap(m_table->viewport()->mapTo(m_window.get(), QPoint(row.left() + 24, row.bottom())),
                           menu->grab());
    }
    QVERIFY(shot.save(QDir(dir).filePath(u"snooze-menu"_s + suffix + u".png"_s)));
    menu->close();
    LabelChipDelegate::setGitHubColors({});
    QApplication::setPalette(AppPalette::light());
}

QTEST_MAIN(tst_ReviewKeys)
#include "tst_reviewkeys.moc"
