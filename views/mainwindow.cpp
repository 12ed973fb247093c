// SPDX-License-Identifier: MIT
#include "views/mainwindow.h"

#include "engine/github/githubclient.h"
#include "engine/store/issuestore.h"
#include "engine/outbox/outboxreport.h"
#include "engine/outbox/outboxstore.h"
#include "engine/sync/queuesyncjob.h"
#include "engine/repro/reproresultstore.h"
#include "engine/similar/similaritylookup.h"
#include "engine/github/tokenstore.h"
#include "engine/triage/triageengine.h"
#include "models/queue/issuefilterproxymodel.h"
#include "models/queue/issuetablemodel.h"
#include "models/queue/queuetriager.h"
#include "models/review/reviewdecisioncommand.h"
#include "engine/triage/batchedit.h"
#include "engine/triage/guardrails.h"
#include "views/queue/batcheditdialog.h"
#include "views/queue/queuefilters.h"
#include "views/common/reviewshortcuts.h"
#include "views/common/apppalette.h"
#include "views/common/messagebanner.h"
#include "views/issue/issueview.h"
#include "views/common/labelchipdelegate.h"
#include "views/queue/repositorylabelcontroller.h"
#include "views/queue/snoozecommand.h"
#include "views/queue/snoozecontroller.h"
#include "views/outbox/outboxpanel.h"
#include "views/queue/queuepickerdialog.h"
#include "views/repro/repropanel.h"
#include "views/queue/searchdialog.h"
#include "views/similar/similarissuespanel.h"
#include "views/scoreboard/scoreboardpage.h"
#include "views/queue/suggestionpanel.h"
#include "views/sync/tokensettingsdialog.h"
#include "views/sync/tokenstatuslabel.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCheckBox>
#include <QCloseEvent>
#include <QDesktopServices>
#include <QComboBox>
#include <QDesktopServices>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QScreen>
#include <QSettings>
#include <QShortcut>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTableView>
#include <QTabWidget>
#include <QtConcurrent/QtConcurrentRun>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

using namespace Qt::StringLiterals;

namespace {

// A stored queue as the worker thread read it.
struct LoadedQueue
{
    QList<Issue> issues;
    QString error;
};

} // namespace

namespace {

constexpr int FilterDelayMs = 300;
// Legible on a shared screen without looking oversized on a laptop.
constexpr qreal MinimumPointSize = 10.5;
constexpr qreal PresentationScale = 1.35;

struct KeyHelp
{
    const char *keys;
    const char *what;
};
// The outbox panel's own keys; the window's keys are listed from their actions, as the reviewer set them.
constexpr KeyHelp ShortcutSheet[] = {
    {QT_TRANSLATE_NOOP("MainWindow", "Space / Enter"),
     QT_TRANSLATE_NOOP("MainWindow", "In the outbox: include or leave out the current row")},
    {QT_TRANSLATE_NOOP("MainWindow", "Ctrl+Return"),
     QT_TRANSLATE_NOOP("MainWindow", "In the outbox: submit the selected edits")},
};

} // namespace

MainWindow::MainWindow(KSyntaxHighlighting::Repository *repository, QWidget *parent)
    : QMainWindow(parent)
    , m_model(new IssueTableModel(this))
    , m_proxy(new IssueFilterProxyModel(this))
    , m_triager(new QueueTriager(this))
    , m_undoStack(new QUndoStack(this))
    , m_filterEdit(new QLineEdit(this))
    , m_subOncallFilter(new QComboBox(this))
    , m_confidenceFilter(new QComboBox(this))
    , m_stateFilter(new QComboBox(this))
    , m_hasReproFilter(new QCheckBox(tr("Has repro"), this))
    , m_needsReviewFilter(new QCheckBox(tr("Needs review"), this))
    , m_filterTimer(new QTimer(this))
    , m_table(new QTableView(this))
    , m_issueView(new IssueView(repository, this))
    , m_panel(new SuggestionPanel(this))
    , m_splitter(new QSplitter(Qt::Vertical, this))
    , m_detailSplitter(new QSplitter(Qt::Horizontal, this))
    , m_stateCounts(new QLabel(this))
    , m_sourceLabel(new QLabel(this))
    , m_countLabel(new QLabel(this))
    , m_progress(new QProgressBar(this))
{
    setWindowTitle(tr("Triage Console"));
    QFont windowFont = QApplication::font();
    if (windowFont.pointSizeF() > 0 && windowFont.pointSizeF() < MinimumPointSize) {
        windowFont.setPointSizeF(MinimumPointSize);
        setFont(windowFont);
    }
    m_normalFont = font();

    m_proxy->setSourceModel(m_model);

    m_filterEdit->setObjectName(u"filterEdit"_s);
    m_filterEdit->setPlaceholderText(tr("Filter by number, title, author or label   ( / )"));
    m_filterEdit->setClearButtonEnabled(true);
    m_filterEdit->setAccessibleName(tr("Filter the queue"));
    m_filterTimer->setSingleShot(true);
    m_filterTimer->setInterval(FilterDelayMs);
    connect(m_filterEdit, &QLineEdit::textChanged, m_filterTimer, qOverload<>(&QTimer::start));
    connect(m_filterTimer, &QTimer::timeout, this, &MainWindow::applyFilter);
    connect(m_filterEdit, &QLineEdit::returnPressed, this, [this] {
        applyFilter();
        m_table->setFocus(Qt::ShortcutFocusReason);
    });

    m_issueView->setObjectName(u"issueView"_s);
    QFont readingFont = font();
    readingFont.setPointSizeF(font().pointSizeF() + 0.5);
    m_issueView->setFont(readingFont);
    connect(m_issueView, qOverload<const QUrl &>(&QTextBrowser::highlighted), this, [this](const QUrl &url) {
        if (url.isEmpty())
            statusBar()->clearMessage();
        else
            statusBar()->showMessage(url.toDisplayString());
    });
    connect(m_panel, &SuggestionPanel::evidenceActivated, this, [this](const Evidence &evidence) {
        if (!m_issueView->showEvidence(evidence))
            statusBar()->showMessage(evidence.start < 0 ? tr("This rule did not fire on the text.")
                                                        : tr("That evidence is not in the rendered text."),
                                     4000);
    });
    connect(m_panel, &SuggestionPanel::editingFinished, this, [this] { m_table->setFocus(Qt::ShortcutFocusReason); });
    connect(m_panel, &SuggestionPanel::retriageRequested, this, &MainWindow::retriage);
    connect(m_panel, &SuggestionPanel::planEdited, this,
            [this](const TriagePlan &plan) { m_issueView->setEvidence(plan.evidence); });

    setUpTable();

    auto *queuePane = new QWidget(this);
    auto *queueLayout = new QVBoxLayout(queuePane);
    queueLayout->setContentsMargins(12, 10, 12, 0);
    queueLayout->setSpacing(8);
    m_stateCounts->setObjectName(u"stateCounts"_s);
    m_stateCounts->setTextFormat(Qt::RichText);
    queueLayout->addWidget(m_stateCounts);
    m_filterBar = new QWidget(queuePane);
    setUpFilters(m_filterBar);
    queueLayout->addWidget(m_filterBar);
    m_syncBanner = new MessageBanner(queuePane);
    queueLayout->addWidget(m_syncBanner);
    queueLayout->addWidget(m_table, 1);

    m_detailSplitter->setObjectName(u"detailSplitter"_s);
    // The issue and its repro share the left of the detail area: "Issue | Repro".
    m_reproPanel = new ReproPanel(repository, this);
    m_detailTabs = new QTabWidget(this);
    m_detailTabs->setObjectName(u"detailTabs"_s);
    m_detailTabs->setDocumentMode(true);
    m_detailTabs->setFocusPolicy(Qt::NoFocus);
    m_detailTabs->addTab(m_issueView, tr("Issue"));
    m_detailTabs->addTab(m_reproPanel, tr("Repro"));
    m_syntax = repository;
    m_similarPanel = new SimilarIssuesPanel(this);
    m_similarPanel->setReviewer(qEnvironmentVariable("USER"));
    m_detailTabs->addTab(m_similarPanel, tr("Similar"));
    connect(m_similarPanel, &SimilarIssuesPanel::duplicateRequested, this, &MainWindow::queueDuplicate);
    connect(m_similarPanel, &SimilarIssuesPanel::openIssueRequested, this,
            [this](int number) { openIssueFromStore(m_repository, number); });
    connect(m_reproPanel, &ReproPanel::statusChanged, m_panel, &SuggestionPanel::setReproStatus);
    // A scrub report sent from the Repro tab waits in the outbox like any approval.
    connect(m_reproPanel->reductionPanel(), &ReproReductionPanel::reportSent, this,
            [this] { m_outboxPanel->reload(); });
    m_detailSplitter->addWidget(m_detailTabs);
    m_detailSplitter->addWidget(m_panel);
    m_detailSplitter->setChildrenCollapsible(false);
    // Two thirds for the issue and its repro run, whose controls and output need the width.
    m_detailSplitter->setStretchFactor(0, 2);
    m_detailSplitter->setStretchFactor(1, 1);
    m_detailSplitter->setSizes({940, 500});

    m_splitter->setObjectName(u"mainSplitter"_s);
    m_splitter->addWidget(queuePane);
    m_splitter->addWidget(m_detailSplitter);
    m_splitter->setChildrenCollapsible(false);
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 3);
    m_splitter->setSizes({330, 540});
    // Two pages: the queue, and the outbox the approvals wait in until Submit.
    m_pages = new QStackedWidget(this);
    m_pages->setObjectName(u"pages"_s);
    m_pages->addWidget(m_splitter);
    m_outboxPanel = new OutboxPanel(this);
    m_pages->addWidget(m_outboxPanel);
    m_scoreboardPage = new ScoreboardPage(this);
    m_pages->addWidget(m_scoreboardPage);
    setCentralWidget(m_pages);

    setUpStatusBar();

    connect(m_triager, &QueueTriager::planReady, m_model, &IssueTableModel::setPlan);
    connect(m_triager, &QueueTriager::progress, this, [this](int done, int total) {
        // Indeterminate until the first result, then determinate.
        m_progress->setRange(0, done == 0 ? 0 : total);
        m_progress->setValue(done);
        m_progress->setVisible(done < total);
        m_progress->setToolTip(tr("Triaging %1 of %2").arg(done).arg(total));
    });
    connect(m_triager, &QueueTriager::finished, this, [this] {
        m_progress->hide();
        updateStateCounts();
        emit triageFinished();
    });
    connect(m_model, &IssueTableModel::reviewCountsChanged, this, &MainWindow::updateStateCounts);
    connect(m_model, &QAbstractItemModel::dataChanged, this, [this](const QModelIndex &topLeft) {
        const QModelIndex current = m_table->currentIndex();
        if (current.isValid() && m_proxy->mapToSource(current).row() == topLeft.row() && !m_panel->hasPlan())
            refreshCurrentSuggestion(true);
    });

    setUpShortcuts();
    setUpSync();
    setUpOutbox();
    updateCount();
    updateStateCounts();
    // Roomy where the screen allows it, never larger than the screen (a 1366×768 laptop).
    const QSize preferred(1440, 900);
    resize(screen() ? preferred.boundedTo(screen()->availableGeometry().size() * 0.94) : preferred);
    m_table->setFocus();
}

MainWindow::~MainWindow()
{
    m_triager->cancel();
}

// The status bar: where the queue came from, the triage progress, the issue count.
void MainWindow::setUpStatusBar()
{
    m_sourceLabel->setObjectName(u"sourceLabel"_s);
    m_countLabel->setObjectName(u"countLabel"_s);
    m_sourceLabel->setContentsMargins(6, 0, 0, 0);
    m_countLabel->setContentsMargins(0, 0, 6, 0);
    m_sourceLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_progress->setObjectName(u"triageProgress"_s);
    m_progress->setMaximumWidth(160);
    m_progress->setMaximumHeight(12);
    m_progress->setTextVisible(false);
    m_progress->hide();
    statusBar()->addWidget(m_sourceLabel, 1);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_countLabel);
    statusBar()->setSizeGripEnabled(false);
}

void MainWindow::setUpTable()
{
    m_table->setObjectName(u"issueTable"_s);
    m_table->setModel(m_proxy);
    auto *chips = new LabelChipDelegate(m_table);
    m_table->setItemDelegateForColumn(IssueTableModel::Labels, chips);
    m_table->setItemDelegateForColumn(IssueTableModel::Modules, chips);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection); // Shift/Ctrl+click mark several
    m_table->setAlternatingRowColors(true);
    m_table->setShowGrid(false);
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideRight);
    m_table->setSortingEnabled(true);
    m_table->setFrameShape(QFrame::NoFrame);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_table->sortByColumn(IssueTableModel::Number, Qt::DescendingOrder);

    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    QHeaderView *header = m_table->horizontalHeader();
    header->setHighlightSections(false);
    header->setStretchLastSection(false);
    header->setSectionsMovable(false);
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setSectionResizeMode(IssueTableModel::Title, QHeaderView::Stretch);
    resizeColumns();

    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &MainWindow::showCurrentIssue);
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, &MainWindow::updateCount);
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, this, &MainWindow::updateCount);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &MainWindow::updateCount);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, &MainWindow::updateCount);
}

void MainWindow::resizeColumns()
{
    const QFontMetrics metrics(font());
    m_table->verticalHeader()->setDefaultSectionSize(qRound(metrics.height() * 2.1));
    QHeaderView *header = m_table->horizontalHeader();
    header->setMinimumSectionSize(metrics.horizontalAdvance(u"Age"_s) + 28);
    header->resizeSection(IssueTableModel::Number, metrics.horizontalAdvance(u"#000000"_s) + 18);
    header->resizeSection(IssueTableModel::Author, metrics.horizontalAdvance(u"a-long-login"_s) + 12);
    header->resizeSection(IssueTableModel::Age, metrics.horizontalAdvance(u"00 mo"_s) + 30);
    // One chip and a "+N": the issue view shows them all.
    header->resizeSection(IssueTableModel::Labels, metrics.horizontalAdvance(u"oncall: distributed +2"_s) + 30);
    header->resizeSection(IssueTableModel::SubOncall, metrics.horizontalAdvance(u"distributed parallelisms"_s) + 16);
    header->resizeSection(IssueTableModel::Modules, metrics.horizontalAdvance(u"module: pipelining +2"_s) + 20);
    header->resizeSection(IssueTableModel::ConfidenceColumn, metrics.horizontalAdvance(u"Confidence"_s) + 24);
    header->resizeSection(IssueTableModel::Review, metrics.horizontalAdvance(u"✓ submitted"_s) + 20);
}

void MainWindow::setUpFilters(QWidget *bar)
{
    auto *layout = new QHBoxLayout(bar);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(8);
    layout->addWidget(m_filterEdit, 3);

    m_subOncallFilter->setObjectName(u"subOncallFilter"_s);
    m_subOncallFilter->setAccessibleName(tr("Filter by sub-oncall"));
    m_subOncallFilter->addItem(tr("Any sub-oncall"), QString());
    m_confidenceFilter->setObjectName(u"confidenceFilter"_s);
    m_confidenceFilter->setAccessibleName(tr("Filter by confidence"));
    m_confidenceFilter->addItem(tr("Any confidence"), -1);
    for (const Confidence c : {Confidence::High, Confidence::Medium, Confidence::Low, Confidence::None})
        m_confidenceFilter->addItem(IssueTableModel::confidenceText(c), int(c));
    m_stateFilter->setObjectName(u"stateFilter"_s);
    m_stateFilter->setAccessibleName(tr("Filter by review state"));
    m_stateFilter->addItem(tr("Any state"), -1);
    for (int i = 0; i < ReviewStateCount; ++i)
        m_stateFilter->addItem(IssueTableModel::reviewStateText(ReviewState(i)), i);
    m_stateFilter->addItem(tr("Snoozed"), SnoozedStateFilter); // the issues `z` put out of the way
    m_hasReproFilter->setObjectName(u"hasReproFilter"_s);
    m_needsReviewFilter->setObjectName(u"needsReviewFilter"_s);
    for (QWidget *widget : std::initializer_list<QWidget *>{m_subOncallFilter, m_confidenceFilter, m_stateFilter,
                                                            m_hasReproFilter, m_needsReviewFilter}) {
        widget->setFocusPolicy(Qt::ClickFocus); // keep single-key review keys on the table
        layout->addWidget(widget);
    }

    connect(m_subOncallFilter, &QComboBox::currentIndexChanged, this, [this] {
        m_proxy->setSubOncallFilter(m_subOncallFilter->currentData().toString());
        updateCount();
    });
    connect(m_confidenceFilter, &QComboBox::currentIndexChanged, this, [this] {
        const int value = m_confidenceFilter->currentData().toInt();
        m_proxy->setConfidenceFilter(value < 0 ? std::nullopt : std::optional(Confidence(value)));
        updateCount();
    });
    connect(m_stateFilter, &QComboBox::currentIndexChanged, this, [this] {
        const int value = m_stateFilter->currentData().toInt();
        m_proxy->setSnoozedOnly(value == SnoozedStateFilter);
        m_proxy->setReviewStateFilter(value < 0 || value == SnoozedStateFilter ? std::nullopt
                                                                               : std::optional(ReviewState(value)));
        updateCount();
    });
    connect(m_hasReproFilter, &QCheckBox::toggled, this, [this](bool on) {
        m_proxy->setHasReproOnly(on);
        updateCount();
    });
    connect(m_needsReviewFilter, &QCheckBox::toggled, this, [this](bool on) {
        m_proxy->setNeedsReviewOnly(on);
        updateCount();
    });
}

void MainWindow::setUpShortcuts()
{
    // Window-wide single keys, each a named action the reviewer can remap: a focused line edit consumes
    // printable keys first, so typing "j" or "/" into the filter or the comment never triggers these.
    m_shortcuts = new ReviewShortcuts(this);
    const auto bind = [this](const QString &name, const QString &text, const QKeySequence &keys, auto &&slot) {
        QAction *action = m_shortcuts->add(name, text, keys);
        m_queueShortcuts.append(action);
        connect(action, &QAction::triggered, this, std::forward<decltype(slot)>(slot));
    };
    bind(u"next_issue"_s, tr("Next issue"), QKeySequence(Qt::Key_J), [this] { moveSelection(+1); });
    bind(u"previous_issue"_s, tr("Previous issue"), QKeySequence(Qt::Key_K), [this] { moveSelection(-1); });
    bind(u"approve"_s, tr("Approve the suggestion (as edited) and advance"), QKeySequence(Qt::Key_A),
         [this] { decide(ReviewState::Approved); });
    bind(u"edit"_s, tr("Edit the suggestion"), QKeySequence(Qt::Key_E), [this] { m_panel->beginEditing(); });
    bind(u"add_label"_s, tr("Add a label (type to filter)"), QKeySequence(Qt::Key_L),
         [this] { m_panel->focusLabelPicker(); });
    bind(u"comment"_s, tr("Write the comment"), QKeySequence(Qt::Key_C), [this] { m_panel->focusComment(); });
    bind(u"skip"_s, tr("Skip this issue and advance"), QKeySequence(Qt::Key_S),
         [this] { decide(ReviewState::Skipped); });
    bind(u"undo"_s, tr("Undo the last decision"), QKeySequence(Qt::Key_U), [this] {
        if (!m_undoStack->canUndo())
            return;
        const QUndoCommand *last = m_undoStack->command(m_undoStack->index() - 1);
        const auto *command = dynamic_cast<const ReviewDecisionCommand *>(last);
        const auto *snooze = dynamic_cast<const SnoozeCommand *>(last);
        m_undoStack->undo();
        if (command)
            selectIssue(command->number());
        else if (snooze)
            selectIssue(snooze->number()); // back in the table (or, undoing a wake, out of it again)
        refreshCurrentSuggestion(true);
    });
    bind(u"open_on_github"_s, tr("Open the issue on GitHub"), QKeySequence(Qt::Key_O),
         [this] { openCurrentOnGitHub(); });
    bind(u"mark"_s, tr("Mark or unmark the issue and advance (Shift/Ctrl+click marks too)"), QKeySequence(Qt::Key_X),
         [this] { toggleMark(); });
    bind(u"snooze"_s, tr("Snooze the issue: until a date, or until it changes on GitHub"), QKeySequence(Qt::Key_Z),
         [this] { snoozeCurrentIssue(); });
    bind(u"apply_to_marked"_s, tr("Apply a label, sub-oncall or template to the marked issues"),
         QKeySequence(Qt::Key_B), [this] { openBatchEdit(); });
    bind(u"filter"_s, tr("Filter the queue (Enter returns to it)"), QKeySequence(Qt::Key_Slash), [this] {
        m_filterEdit->setFocus(Qt::ShortcutFocusReason);
        m_filterEdit->selectAll();
    });
    bind(u"repro_tab"_s, tr("Repro tab / back to the issue"), QKeySequence(Qt::Key_R),
         [this] { showReproTab(!isReproTabShown()); });
    bind(u"similar_tab"_s, tr("Similar issues tab / back to the issue"), QKeySequence(Qt::Key_M),
         [this] { showSimilarTab(!isSimilarTabShown()); });
    bind(u"mark_duplicate"_s, tr("Mark as duplicate of the selected similar issue (to the outbox)"),
         QKeySequence(Qt::Key_D), [this] {
             showSimilarTab(true);
             m_similarPanel->markDuplicate();
         });
    bind(u"search"_s, tr("Search every issue in the store"), QKeySequence(Qt::CTRL | Qt::Key_K),
         [this] { openSearch(); });
    // These stay on while the outbox shows.
    const auto bindAlways = [this](const QString &name, const QString &text, const QKeySequence &keys, auto &&slot) {
        connect(m_shortcuts->add(name, text, keys), &QAction::triggered, this, std::forward<decltype(slot)>(slot));
    };
    bindAlways(u"presentation"_s, tr("Presentation mode"), QKeySequence(Qt::Key_F11),
               [this] { setPresentationMode(!m_presentation); });
    bindAlways(u"toggle_outbox"_s, tr("The outbox (approved edits waiting for GitHub) / back to the queue"),
               QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O), [this] { showOutbox(!isOutboxShown()); });
    bindAlways(u"toggle_scoreboard"_s, tr("The scoreboard (how right the suggestions were) / back to the queue"),
               QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), [this] { showScoreboard(!isScoreboardShown()); });
    bindAlways(u"configure_shortcuts"_s, tr("Configure the keyboard shortcuts"),
               QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_Comma), [this] { m_shortcuts->configure(this); });
    bindAlways(u"shortcut_sheet"_s, tr("This sheet"), QKeySequence(Qt::Key_Question), [this] { showShortcutSheet(); });
    m_shortcuts->load();
    // The filters are saved with the queue as they change.
    const auto rememberFilters = [this] {
        if (m_remembersState && !m_filtersKey.isEmpty())
            filters().save(m_filtersKey);
    };
    connect(m_filterTimer, &QTimer::timeout, this, rememberFilters);
    for (QComboBox *combo : {m_subOncallFilter, m_confidenceFilter, m_stateFilter})
        connect(combo, &QComboBox::currentIndexChanged, this, rememberFilters);
    for (QCheckBox *check : {m_hasReproFilter, m_needsReviewFilter})
        connect(check, &QCheckBox::toggled, this, rememberFilters);
    // Filters restored with a queue can hide every row until the plans arrive: the first row that shows up
    // then becomes the current one, as when the queue opened unfiltered.
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, [this] {
        if (!m_table->currentIndex().isValid() && !m_filterEdit->hasFocus())
            selectFirstIssue();
    });
    // Shift/Ctrl+click marking several rows counts as marking; a plain click on one row ends it.
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        const QModelIndexList rows = m_table->selectionModel()->selectedRows();
        if (rows.size() >= 2)
            m_marking = true;
        else if (rows.isEmpty() || rows.constFirst().row() == m_table->currentIndex().row())
            m_marking = false;
    });
    // Escape in the filter: first clears it, then goes back to the queue (see eventFilter).
    m_filterEdit->installEventFilter(this);
}

bool MainWindow::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_filterEdit && event->type() == QEvent::KeyPress &&
        static_cast<QKeyEvent *>(event)->key() == Qt::Key_Escape) {
        if (!m_filterEdit->text().isEmpty()) {
            m_filterEdit->clear();
            applyFilter();
        } else {
            m_table->setFocus(Qt::ShortcutFocusReason);
        }
        return true;
    }
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (m_remembersState)
        saveState();
    QMainWindow::closeEvent(event);
}

void MainWindow::setPack(const RubricPack &pack)
{
    m_rubrics = RubricSet(pack);
    applyPack(pack);
}

void MainWindow::useRubricsByLabels()
{
    Result<RubricSet> rubrics = RubricSet::byLabels();
    if (!rubrics) {
        showSyncBanner(tr("Cannot load the built-in rubrics: %1").arg(rubrics.error()));
        return;
    }
    m_rubrics = std::move(rubrics).value();
    m_packPinned = false;
    applyPack(*m_rubrics.pack(m_rubrics.mainProfile(m_model->issues())));
}

void MainWindow::applyPack(const RubricPack &pack)
{
    m_panel->setShowsRubric(m_rubrics.isPerIssue());
    m_model->setPack(pack);
    // Per issue, the table's module column knows every rubric's module labels.
    if (m_rubrics.isPerIssue()) {
        for (const QString &profile : RubricPack::builtinProfiles()) {
            if (const RubricPack *other = m_rubrics.pack(profile); other && other->profile != pack.profile)
                m_model->addModuleLabels(*other);
        }
    }
    m_panel->setPack(pack);
    m_pack = pack;
    m_outboxPanel->setPack(pack);
    m_reproPanel->reductionPanel()->setPack(pack);
    m_reproPanel->operatorProbePanel()->setPack(pack);
    m_similarPanel->setPack(pack);
    m_scoreboardPage->setPack(pack);
    updateCount();
    {
        const QSignalBlocker blocker(m_subOncallFilter);
        m_subOncallFilter->clear();
        m_subOncallFilter->addItem(tr("Any sub-oncall"), QString());
        for (const SubOncall &subOncall : pack.subOncalls)
            m_subOncallFilter->addItem(QString(subOncall.label).remove(u"oncall: "_s), subOncall.label);
    }
    m_proxy->setSubOncallFilter({});
    startTriage();
}

void MainWindow::setDecisionStore(ReviewDecisionStore *store)
{
    m_store = store;
    // Repro results and the outbox live in the same file, each through a connection of its own. True when
    // `connection` was opened anew (or failed to open) on the decisions' file.
    const auto reopenOnStoreFile = [this](auto &connection) {
        if (!m_store || (connection && connection->path() == m_store->path()))
            return false;
        auto opened = std::decay_t<decltype(*connection)>::open(m_store->path());
        if (opened)
            connection = std::move(opened).value();
        else
            showError(opened.error());
        return true;
    };
    if (reopenOnStoreFile(m_reproStore))
        m_reproPanel->setResultStore(m_reproStore.get());
    if (reopenOnStoreFile(m_outboxStore)) {
        m_outboxPanel->setStore(m_outboxStore.get());
        m_reportOutbox.setStore(m_outboxStore.get());
        m_reproPanel->reductionPanel()->setReportOutbox(m_outboxStore ? &m_reportOutbox : nullptr);
        m_reproPanel->operatorProbePanel()->setOutboxStore(m_outboxStore.get());
    }
    m_scoreboardPage->setStorePath(m_store ? m_store->path() : QString());
    updateSnoozes();
    m_undoStack->clear();
    if (!m_store || m_repository.isEmpty())
        return;
    const Result<QHash<int, ReviewDecision>> decisions = m_store->latest(m_repository);
    if (decisions)
        m_model->setReviews(decisions.value());
    else
        showError(decisions.error());
}

void MainWindow::setIssues(QList<Issue> issues, const QString &sourceName, const QString &repository)
{
    const QString newRepository = repository.isEmpty() ? sourceName : repository;
    // A re-sync of the same queue keeps the reviewer's undecided edits; another repository's numbers are others.
    keepDraftOfShownIssue();
    if (newRepository != m_repository)
        m_drafts.clear();
    m_shownNumber = 0;
    m_repository = newRepository;
    // Each queue keeps its filters: opening another brings back the ones it was left with.
    const QString filtersKey =
        m_hasQueue ? QueueFilters::keyFor(m_queue.repository(), m_queue.labels, m_queue.state) : sourceName;
    if (filtersKey != m_filtersKey) {
        m_filtersKey = filtersKey;
        if (m_remembersState)
            setFilters(QueueFilters::load(filtersKey));
    }
    m_undoStack->clear();
    m_model->setIssues(std::move(issues));
    m_outboxPanel->setIssueTitles(m_repository, m_model->issues());
    if (m_rubrics.isPerIssue()) {
        // The panels start with the rubric most of these issues need; each issue's own comes with it.
        const QString main = m_rubrics.mainProfile(m_model->issues());
        if (main != packProfile())
            applyPack(*m_rubrics.pack(main));
    }
    setDecisionStore(m_store);
    m_sourceLabel->setText(sourceName);
    m_sourceLabel->setToolTip(sourceName);
    setWindowTitle(sourceName.isEmpty() ? tr("Triage Console") : tr("%1 — Triage Console").arg(sourceName));
    updateCount();
    if (!m_table->currentIndex().isValid()) {
        m_issueView->clearIssue();
        m_panel->clear();
    }
    startTriage();
}

void MainWindow::startTriage()
{
    m_model->clearPlans();
    if (!m_rubrics.isValid() || m_model->rowCount() == 0) {
        m_triager->cancel();
        return;
    }
    m_triager->start(m_model->issues(), m_rubrics);
}

bool MainWindow::isTriaging() const
{
    return m_triager->isRunning();
}

void MainWindow::updateSnoozes()
{
    if (!m_snoozes) {
        m_snoozes = new SnoozeController(this);
        m_snoozes->setUndoStack(m_undoStack);
        connect(m_snoozes, &SnoozeController::message, this,
                [this](const QString &text) { statusBar()->showMessage(text, 8000); });
        connect(m_snoozes, &SnoozeController::snoozedChanged, this, [this](const QSet<int> &numbers) {
            // The snoozed issue leaves the table; the one after it takes its place, as after a skip.
            const int row = m_table->currentIndex().row();
            const int number = currentIssueNumber();
            m_proxy->setSnoozed(numbers);
            updateCount();
            if (number != 0 && !selectIssue(number) && m_proxy->rowCount() > 0)
                m_table->setCurrentIndex(m_proxy->index(std::clamp(row, 0, m_proxy->rowCount() - 1),
                                                        IssueTableModel::Title));
        });
    }
    if (const QString error = m_snoozes->setStorePath(m_store ? m_store->path() : QString()); !error.isEmpty())
        showError(error);
    m_snoozes->setIssues(m_repository, m_model->issues());
}

QMenu *MainWindow::snoozeCurrentIssue()
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid() || !m_snoozes)
        return nullptr;
    if (!m_store) {
        statusBar()->showMessage(tr("Snoozing needs the local store."), 6000);
        return nullptr;
    }
    QMenu *menu = m_snoozes->menu(current.data(IssueTableModel::IssueRole).value<Issue>(), this);
    const QRect rect = m_table->visualRect(current);
    menu->popup(m_table->viewport()->mapToGlobal(QPoint(rect.left() + 24, rect.bottom())));
    return menu;
}

void MainWindow::selectFirstIssue()
{
    if (m_proxy->rowCount() == 0) {
        m_issueView->clearIssue();
        m_panel->clear();
        return;
    }
    m_table->setCurrentIndex(m_proxy->index(0, IssueTableModel::Title));
    m_table->scrollToTop();
}

bool MainWindow::selectIssue(int number)
{
    const int row = m_model->rowForNumber(number);
    if (row < 0)
        return false;
    const QModelIndex target = m_proxy->mapFromSource(m_model->index(row, IssueTableModel::Title));
    if (!target.isValid())
        return false;
    m_table->selectionModel()->setCurrentIndex(target, m_marking ? QItemSelectionModel::NoUpdate
                                                                 : QItemSelectionModel::ClearAndSelect |
                                                                       QItemSelectionModel::Rows);
    m_table->scrollTo(target);
    return true;
}

int MainWindow::currentIssueNumber() const
{
    const QModelIndex current = m_table->currentIndex();
    return current.isValid() ? current.data(IssueTableModel::IssueRole).value<Issue>().number : 0;
}

void MainWindow::applyFilter()
{
    m_filterTimer->stop();
    m_proxy->setFilterText(m_filterEdit->text());
    updateCount();
    if (!m_table->currentIndex().isValid())
        selectFirstIssue();
}

void MainWindow::moveSelection(int delta)
{
    const int rows = m_proxy->rowCount();
    if (rows == 0)
        return;
    const QModelIndex current = m_table->currentIndex();
    const int row = current.isValid() ? qBound(0, current.row() + delta, rows - 1) : 0;
    const QModelIndex target = m_proxy->index(row, IssueTableModel::Title);
    m_table->selectionModel()->setCurrentIndex(target, m_marking ? QItemSelectionModel::NoUpdate
                                                                 : QItemSelectionModel::ClearAndSelect |
                                                                       QItemSelectionModel::Rows);
    m_table->scrollTo(target);
}

void MainWindow::showCurrentIssue()
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid()) {
        m_shownNumber = 0;
        m_issueView->clearIssue();
        m_panel->clear();
        m_reproPanel->clearIssue();
        m_similarPanel->clearIssue();
        return;
    }
    // Sorting moves the current row without changing the issue: keep the reader's scroll position.
    const Issue issue = current.data(IssueTableModel::IssueRole).value<Issue>();
    if (issue.number == m_shownNumber)
        return;
    keepDraftOfShownIssue();
    m_shownNumber = issue.number;
    const QVariant plan = current.data(IssueTableModel::PlanRole);
    m_issueView->setIssue(issue, plan.isValid() ? plan.value<TriagePlan>().evidence : EvidenceList());
    refreshCurrentSuggestion(true);
    m_reproPanel->setRepository(m_repository);
    m_reproPanel->setIssue(issue);
    m_similarPanel->setRepository(m_repository);
    m_similarPanel->setIssue(issue);
}

void MainWindow::showReproTab(bool show)
{
    m_detailTabs->setCurrentWidget(show ? static_cast<QWidget *>(m_reproPanel) : m_issueView);
    // Back on the issue, the single-key review keys belong to the queue again.
    if (!show)
        m_table->setFocus(Qt::ShortcutFocusReason);
}

void MainWindow::showSimilarTab(bool show)
{
    m_detailTabs->setCurrentWidget(show ? static_cast<QWidget *>(m_similarPanel) : m_issueView);
    if (!show)
        m_table->setFocus(Qt::ShortcutFocusReason);
}

bool MainWindow::isSimilarTabShown() const
{
    return m_detailTabs->currentWidget() == m_similarPanel;
}

SearchDialog *MainWindow::openSearch()
{
    auto *dialog = new SearchDialog(m_similarity.get(), m_repository, m_syntax, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &SearchDialog::openIssueRequested, this, &MainWindow::openIssueFromStore);
    dialog->show();
    return dialog;
}

void MainWindow::openIssueFromStore(const QString &repository, int number)
{
    // In the queue: there. Elsewhere in the repository: on GitHub, where it lives.
    if (repository == m_repository && selectIssue(number)) {
        showSimilarTab(false);
        return;
    }
    const QString url = u"https://github.com/%1/issues/%2"_s.arg(repository).arg(number);
    statusBar()->showMessage(tr("#%1 is not in this queue; opening it on GitHub").arg(number), 5000);
    QDesktopServices::openUrl(QUrl(url));
}

void MainWindow::queueDuplicate(const DuplicatePlan &plan)
{
    if (!m_store || !outboxTakesApprovals()) {
        m_similarPanel->setOutboxUnavailableReason(
            m_outboxUnavailable.isEmpty() ? tr("Nothing can go to the outbox without a store.") : m_outboxUnavailable);
        return;
    }
    const QModelIndex current = m_table->currentIndex();
    const Issue issue = current.data(IssueTableModel::IssueRole).value<Issue>();
    if (issue.number != plan.decision.number)
        return;
    m_drafts.remove(issue.number);
    const QModelIndex next = m_proxy->index(current.row() + 1, IssueTableModel::Title);
    const int nextNumber = next.isValid() ? next.data(IssueTableModel::IssueRole).value<Issue>().number : 0;
    // As an approval: stored, in the outbox, undone with `u`.
    auto *command = new ReviewDecisionCommand(m_store, m_model, plan.decision,
                                              [this](const QString &message) { showError(message); });
    command->setOutbox(m_outboxStore.get(), issue, *m_pack, [this] { m_outboxPanel->reload(); });
    m_undoStack->push(command);
    statusBar()->showMessage(tr("#%1: \"Duplicate of #%2\" and the close are in the outbox (u undoes)")
                                 .arg(issue.number)
                                 .arg(plan.target),
                             6000);
    if (nextNumber == 0 || !selectIssue(nextNumber))
        refreshCurrentSuggestion(true);
}

bool MainWindow::isReproTabShown() const
{
    return m_detailTabs->currentWidget() == m_reproPanel;
}

void MainWindow::refreshCurrentSuggestion(bool force)
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid() || (!force && m_panel->hasPlan()))
        return;
    const Issue issue = current.data(IssueTableModel::IssueRole).value<Issue>();
    const QVariant engine = current.data(IssueTableModel::EnginePlanRole);
    const std::optional<TriagePlan> enginePlan =
        engine.isValid() ? std::optional(engine.value<TriagePlan>()) : std::nullopt;
    const auto draft = m_drafts.constFind(issue.number);
    const std::optional<TriagePlan> reviewed =
        draft != m_drafts.cend() ? std::optional(*draft) : m_model->reviewedPlan(issue.number);
    if (m_rubrics.isPerIssue() && m_panel->packProfile() != m_rubrics.profileFor(issue))
        m_panel->setPack(m_rubrics.packFor(issue));
    m_panel->setSuggestion(issue, enginePlan, reviewed, m_model->reviewState(issue.number));
    if (draft != m_drafts.cend())
        statusBar()->showMessage(
            tr("#%1: your undecided edits are back (a or s decides, u after that undoes).").arg(issue.number), 5000);
    const std::optional<TriagePlan> shown = reviewed ? reviewed : enginePlan;
    m_issueView->setEvidence(shown ? shown->evidence : EvidenceList());
}

void MainWindow::retriage(int number)
{
    const QModelIndex current = m_proxy->mapToSource(m_table->currentIndex());
    if (!current.isValid() || !m_rubrics.isValid())
        return;
    const Issue issue = current.data(IssueTableModel::IssueRole).value<Issue>();
    if (issue.number != number)
        return;
    m_model->setPlan(current.row(), m_rubrics.plan(issue, {.retriage = true}));
    refreshCurrentSuggestion(true);
}

void MainWindow::keepDraftOfShownIssue()
{
    if (m_shownNumber == 0 || !m_panel->hasPlan())
        return;
    const std::optional<TriagePlan> reviewed = m_model->reviewedPlan(m_shownNumber);
    const TriagePlan plan = m_panel->plan();
    const bool unchanged = reviewed ? ReviewDecisionStore::planHash(plan) == ReviewDecisionStore::planHash(*reviewed)
                                    : !m_panel->isEdited();
    if (unchanged)
        m_drafts.remove(m_shownNumber);
    else
        m_drafts.insert(m_shownNumber, plan);
}

void MainWindow::decide(ReviewState state)
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid())
        return;
    if (!m_panel->hasPlan()) {
        statusBar()->showMessage(tr("The engine has not triaged this issue yet."), 4000);
        return;
    }
    const Issue issue = current.data(IssueTableModel::IssueRole).value<Issue>();
    m_drafts.remove(issue.number);
    if (state == ReviewState::Approved) {
        if (!m_panel->violations().isEmpty()) {
            statusBar()->showMessage(tr("Not approved: the suggestion breaks a queue rule (see the panel)."), 6000);
            return;
        }
        if (m_panel->isEdited())
            state = ReviewState::Edited;
    }
    ReviewDecision decision;
    decision.repository = m_repository;
    decision.number = issue.number;
    decision.state = state;
    decision.plan = m_panel->plan();
    decision.reviewer = qEnvironmentVariable("USER");
    decision.issueUpdatedAt = issue.updatedAt;
    // What the scoreboard measures the decision against.
    if (const QVariant engine = current.data(IssueTableModel::EnginePlanRole); engine.isValid())
        decision.suggestion = engine.value<TriagePlan>();
    decision.packVersion = m_pack ? m_pack->fingerprint : QString();
    decision.packSource = m_pack ? m_pack->sourceName : QString();
    decision.seenLabels = issue.labels;

    // Where to go next, chosen before the decision may filter this row away.
    const QModelIndex next = m_proxy->index(current.row() + 1, IssueTableModel::Title);
    const int nextNumber = next.isValid() ? next.data(IssueTableModel::IssueRole).value<Issue>().number : 0;
    auto *command = new ReviewDecisionCommand(m_store, m_model, std::move(decision),
                                              [this](const QString &message) { showError(message); });
    if (outboxTakesApprovals())
        command->setOutbox(m_outboxStore.get(), issue, m_rubrics.isPerIssue() ? m_rubrics.packFor(issue) : *m_pack,
                           [this] { m_outboxPanel->reload(); });
    m_undoStack->push(command);
    if (nextNumber == 0 || !selectIssue(nextNumber))
        refreshCurrentSuggestion(true);
}

QueueFilters MainWindow::filters() const
{
    QueueFilters filters;
    filters.text = m_filterEdit->text();
    filters.subOncall = m_subOncallFilter->currentData().toString();
    filters.confidence = m_confidenceFilter->currentData().toInt();
    filters.reviewState = m_stateFilter->currentData().toInt();
    filters.hasRepro = m_hasReproFilter->isChecked();
    filters.needsReview = m_needsReviewFilter->isChecked();
    return filters;
}

void MainWindow::setFilters(const QueueFilters &filters)
{
    m_filterEdit->setText(filters.text);
    const auto pick = [](QComboBox *combo, const QVariant &value) {
        combo->setCurrentIndex(std::max(0, combo->findData(value)));
    };
    pick(m_subOncallFilter, filters.subOncall);
    pick(m_confidenceFilter, filters.confidence);
    pick(m_stateFilter, filters.reviewState);
    m_hasReproFilter->setChecked(filters.hasRepro);
    m_needsReviewFilter->setChecked(filters.needsReview);
    applyFilter();
}

QList<int> MainWindow::markedIssueNumbers() const
{
    QList<int> numbers;
    const QModelIndexList rows = m_table->selectionModel()->selectedRows(IssueTableModel::Title);
    if (!m_marking && rows.size() < 2)
        return numbers; // the current row's own selection is no mark
    for (const QModelIndex &row : rows)
        numbers.append(row.data(IssueTableModel::IssueRole).value<Issue>().number);
    std::sort(numbers.begin(), numbers.end());
    return numbers;
}

void MainWindow::toggleMark()
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid())
        return;
    QItemSelectionModel *selection = m_table->selectionModel();
    // The first mark replaces the current row's plain selection; later ones toggle.
    const bool first = !m_marking && selection->selectedRows().size() < 2;
    selection->select(current, (first ? QItemSelectionModel::ClearAndSelect : QItemSelectionModel::Toggle) |
                                   QItemSelectionModel::Rows);
    m_marking = selection->hasSelection();
    const qsizetype marked = markedIssueNumbers().size();
    statusBar()->showMessage(
        marked == 1 ? tr("1 issue marked: b applies a label, a sub-oncall or a template to it.")
                    : tr("%1 issues marked: b applies a label, a sub-oncall or a template to each.").arg(marked),
        6000);
    const QModelIndex next = m_proxy->index(current.row() + 1, IssueTableModel::Title);
    if (next.isValid()) {
        selection->setCurrentIndex(next, QItemSelectionModel::NoUpdate);
        m_table->scrollTo(next);
    }
}

void MainWindow::clearMarks()
{
    m_marking = false;
    const QModelIndex current = m_table->currentIndex();
    m_table->selectionModel()->select(current, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

void MainWindow::openBatchEdit()
{
    if (!m_pack)
        return;
    QList<int> numbers = markedIssueNumbers();
    if (numbers.isEmpty() && currentIssueNumber() != 0)
        numbers.append(currentIssueNumber());
    if (numbers.isEmpty())
        return;
    auto *dialog = new BatchEditDialog(*m_pack, int(numbers.size()), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] { applyBatch(dialog->edit()); });
    dialog->open();
}

int MainWindow::applyBatch(const BatchEdit &edit)
{
    if (!m_pack || edit.isEmpty())
        return 0;
    keepDraftOfShownIssue(); // the shown issue's undecided edits are its plan too
    QList<int> numbers = markedIssueNumbers();
    if (numbers.isEmpty() && currentIssueNumber() != 0)
        numbers.append(currentIssueNumber());
    QStringList refused;
    int applied = 0;
    m_undoStack->beginMacro(tr("Edit the marked issues"));
    for (const int number : std::as_const(numbers)) {
        const int row = m_model->rowForNumber(number);
        const QModelIndex index = m_model->index(row, IssueTableModel::Title);
        const QVariant engine = index.data(IssueTableModel::EnginePlanRole);
        if (row < 0 || !engine.isValid()) {
            refused.append(tr("#%1 (not triaged yet)").arg(number));
            continue;
        }
        const Issue issue = index.data(IssueTableModel::IssueRole).value<Issue>();
        const auto draft = m_drafts.constFind(number);
        const std::optional<TriagePlan> reviewed = m_model->reviewedPlan(number);
        const TriagePlan base = draft != m_drafts.cend() ? *draft : reviewed ? *reviewed : engine.value<TriagePlan>();
        const TriagePlan plan = edit.applyTo(base, *m_pack);
        const QList<Violation> violations = Guardrails::check(plan, issue, *m_pack);
        if (!violations.isEmpty()) {
            refused.append(tr("#%1 (%2)").arg(number).arg(violations.constFirst().rule));
            continue;
        }
        m_drafts.remove(number);
        ReviewDecision decision;
        decision.repository = m_repository;
        decision.number = number;
        decision.state = ReviewState::Edited;
        decision.plan = plan;
        decision.reviewer = qEnvironmentVariable("USER");
        decision.issueUpdatedAt = issue.updatedAt;
        auto *command = new ReviewDecisionCommand(m_store, m_model, std::move(decision),
                                                  [this](const QString &message) { showError(message); });
        if (outboxTakesApprovals())
            command->setOutbox(m_outboxStore.get(), issue, *m_pack, [this] { m_outboxPanel->reload(); });
        m_undoStack->push(command);
        ++applied;
    }
    m_undoStack->endMacro();
    clearMarks();
    refreshCurrentSuggestion(true);
    m_table->setFocus(Qt::OtherFocusReason); // back to the queue, where the keys act
    const QString refusedList = refused.join(u", "_s);
    QString message;
    if (refused.isEmpty())
        message = applied == 1 ? tr("Edited 1 issue.") : tr("Edited %n issues.", nullptr, applied);
    else
        message = applied == 1
                      ? tr("Edited 1 issue; the queue's rules refused %1.").arg(refusedList)
                      : tr("Edited %n issues; the queue's rules refused %1.", nullptr, applied).arg(refusedList);
    statusBar()->showMessage(message, 10000);
    return applied;
}

void MainWindow::openCurrentOnGitHub()
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid())
        return;
    const Issue issue = current.data(IssueTableModel::IssueRole).value<Issue>();
    const QUrl url(issue.url);
    if (!url.isValid() || url.scheme() != u"https"_s) {
        statusBar()->showMessage(tr("#%1 has no GitHub address.").arg(issue.number), 4000);
        return;
    }
    if (!QDesktopServices::openUrl(url))
        statusBar()->showMessage(tr("No browser could open %1.").arg(url.toDisplayString()), 6000);
}

void MainWindow::showShortcutSheet()
{
    QDialog sheet(this);
    sheet.setObjectName(u"shortcutSheet"_s);
    sheet.setWindowTitle(tr("Keyboard shortcuts"));
    auto *form = new QFormLayout(&sheet);
    form->setHorizontalSpacing(24);
    form->setVerticalSpacing(8);
    const auto addRow = [&sheet, form](const QString &keys, const QString &what) {
        auto *key = new QLabel(u"<b><code>%1</code></b>"_s.arg(keys.toHtmlEscaped()), &sheet);
        form->addRow(key, new QLabel(what, &sheet));
    };
    for (const QAction *action : m_shortcuts->actions()) {
        QStringList keys;
        for (const QKeySequence &sequence : action->shortcuts())
            keys.append(sequence.toString(QKeySequence::NativeText));
        addRow(keys.isEmpty() ? tr("(none)") : keys.join(u" / "_s), action->text());
    }
    for (const KeyHelp &help : ShortcutSheet)
        addRow(tr(help.keys), tr(help.what));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, &sheet);
    QPushButton *configure = buttons->addButton(tr("Configure Shortcuts…"), QDialogButtonBox::ActionRole);
    configure->setObjectName(u"configureShortcutsButton"_s);
    connect(configure, &QPushButton::clicked, &sheet, [this, &sheet] {
        sheet.reject();
        m_shortcuts->configure(this);
    });
    connect(buttons, &QDialogButtonBox::rejected, &sheet, &QDialog::reject);
    form->addRow(buttons);
    sheet.exec();
}

void MainWindow::showError(const QString &message)
{
    statusBar()->showMessage(tr("Not saved: %1").arg(message), 10000);
}

void MainWindow::updateCount()
{
    const int total = m_model->rowCount();
    const int shown = m_proxy->rowCount();
    // %n: a translation gets its language's plural forms; the English source is right without one.
    QString text = shown == total ? (total == 1 ? tr("1 issue") : tr("%n issues", nullptr, total))
                                  : (total == 1 ? tr("%1 of 1 issue").arg(shown)
                                                : tr("%1 of %n issues", nullptr, total).arg(shown));
    if (const int snoozed = m_snoozes ? int(m_snoozes->snoozed().size()) : 0; snoozed > 0)
        text += tr(" · %n snoozed", nullptr, snoozed);
    // Which rubric judges the queue: a pt2 queue triaged by the distributed rubric would mislead quietly.
    if (m_rubrics.isPerIssue()) {
        // Each issue by the rubric its labels name: say which, and for how many.
        const QList<QPair<QString, int>> counts = m_rubrics.profileCounts(m_model->issues());
        QStringList parts;
        for (const auto &[profile, count] : counts)
            parts.append(counts.size() == 1 ? profile : tr("%1 %2").arg(profile).arg(count));
        text += counts.size() <= 1 ? tr(" · %1 rubric (by labels)").arg(parts.value(0, packProfile()))
                                   : tr(" · rubrics by labels: %1").arg(parts.join(u", "_s));
        m_countLabel->setText(text);
        m_countLabel->setToolTip(tr("Each issue is planned by the built-in rubric its oncall labels name: oncall: "
                                    "pt2 → pt2, oncall: distributed → distributed, none → general."));
        return;
    }
    if (m_pack)
        text += tr(" · %1 rubric").arg(m_pack->profile);
    m_countLabel->setText(text);
    m_countLabel->setToolTip(m_pack ? tr("Rubric: %1 (%2)").arg(m_pack->title, m_pack->sourceName) : QString());
}

void MainWindow::updateStateCounts()
{
    const std::array<int, ReviewStateCount> counts = m_model->stateCounts();
    const QPalette pal = palette();
    const QString muted = pal.color(QPalette::PlaceholderText).name();
    static const char *const glyphs[ReviewStateCount] = {"○", "✓", "✎", "↷", "⇪"};
    QStringList parts;
    for (int i = 0; i < ReviewStateCount; ++i) {
        parts.append(u"<span style='color:%1'>%2</span>&nbsp;<b>%3</b>&nbsp;%4"_s.arg(
            muted, QString::fromUtf8(glyphs[i]), QString::number(counts[size_t(i)]),
            IssueTableModel::reviewStateText(ReviewState(i))));
    }
    QString text = parts.join(u"&nbsp;&nbsp;&nbsp;&nbsp;"_s);
    const int total = m_model->rowCount();
    if (total > 0 && m_model->plannedCount() < total)
        text += u"&nbsp;&nbsp;&nbsp;&nbsp;<span style='color:%1'>%2</span>"_s.arg(
            muted, tr("triaging %1 of %2…").arg(m_model->plannedCount()).arg(total));
    m_stateCounts->setText(text);
}

void MainWindow::applyColumnVisibility()
{
    for (const int column : {IssueTableModel::Author, IssueTableModel::Age, IssueTableModel::Labels})
        m_table->setColumnHidden(column, m_presentation);
}

void MainWindow::setPresentationMode(bool on)
{
    if (on == m_presentation)
        return;
    m_presentation = on;
    if (on) {
        QFont big = m_normalFont;
        big.setPointSizeF(m_normalFont.pointSizeF() * PresentationScale);
        setFont(big);
        // High contrast: text at full black or white on the base, the selection strong.
        QPalette pal = palette();
        const bool dark = AppPalette::isDark(pal);
        const QColor ink = dark ? Qt::white : Qt::black;
        for (const auto role : {QPalette::Text, QPalette::WindowText, QPalette::ButtonText})
            pal.setColor(role, ink);
        pal.setColor(QPalette::Base, dark ? Qt::black : Qt::white);
        pal.setColor(QPalette::PlaceholderText, dark ? QColor(0xcc, 0xcc, 0xcc) : QColor(0x33, 0x33, 0x33));
        setPalette(pal);
        m_splitter->setSizes({height() * 27 / 100, height() * 73 / 100});
        m_detailSplitter->setSizes({width() * 3 / 5, width() * 2 / 5});
    } else {
        setFont(m_normalFont);
        setPalette(QApplication::palette());
        m_splitter->setSizes({height() * 2 / 5, height() * 3 / 5});
    }
    QFont readingFont = font();
    readingFont.setPointSizeF(font().pointSizeF() + 0.5);
    m_issueView->setFont(readingFont);
    resizeColumns();
    applyColumnVisibility();
    m_filterBar->setVisible(!on);
    m_toolBar->setVisible(!on);
    updateStateCounts();
}

void MainWindow::restoreState()
{
    QSettings settings;
    settings.beginGroup(u"mainWindow"_s);
    if (settings.contains(u"geometry"_s))
        restoreGeometry(settings.value(u"geometry"_s).toByteArray());
    m_splitter->restoreState(settings.value(u"splitter"_s).toByteArray());
    m_detailSplitter->restoreState(settings.value(u"detailSplitter"_s).toByteArray());
    m_table->horizontalHeader()->restoreState(settings.value(u"columns"_s).toByteArray());
    const int last = settings.value(u"lastIssue/"_s + (m_loadingQueue ? m_queue.repository() : m_repository)).toInt();
    if (last > 0 && !selectIssue(last) && m_loadingQueue)
        m_pendingSelection = last;
}

void MainWindow::saveState() const
{
    QSettings settings;
    settings.beginGroup(u"mainWindow"_s);
    settings.setValue(u"geometry"_s, saveGeometry());
    settings.setValue(u"splitter"_s, m_splitter->saveState());
    settings.setValue(u"detailSplitter"_s, m_detailSplitter->saveState());
    settings.setValue(u"columns"_s, m_table->horizontalHeader()->saveState());
    if (const int number = currentIssueNumber(); number > 0)
        settings.setValue(u"lastIssue/"_s + m_repository, number);
}

// --- GitHub sync ---------------------------------------------------------------------------------------

void MainWindow::setUpSync()
{
    m_toolBar = addToolBar(tr("Queue"));
    m_toolBar->setObjectName(u"queueToolBar"_s);
    m_toolBar->setMovable(false);
    m_toolBar->setFloatable(false);
    m_toolBar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_openAction = m_toolBar->addAction(tr("Open Queue…"), this, &MainWindow::openQueuePicker);
    m_openAction->setObjectName(u"openQueueAction"_s);
    m_openAction->setShortcut(QKeySequence::Open);
    m_syncAction = m_toolBar->addAction(tr("Sync"), this, &MainWindow::sync);
    m_syncAction->setObjectName(u"syncAction"_s);
    m_syncAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_tokenAction = m_toolBar->addAction(tr("GitHub Token…"), this, &MainWindow::openTokenSettings);
    m_tokenAction->setObjectName(u"tokenAction"_s);
    for (QAction *action : {m_openAction, m_syncAction})
        action->setToolTip(u"%1 (%2)"_s.arg(action->text(), action->shortcut().toString(QKeySequence::NativeText)));

    m_syncBanner->setObjectName(u"syncBanner"_s);

    m_syncLabel = new QLabel(this);
    m_syncLabel->setObjectName(u"syncStatus"_s);
    m_syncProgress = new QProgressBar(this);
    m_syncProgress->setObjectName(u"syncProgress"_s);
    m_syncProgress->setMaximumWidth(160);
    m_syncProgress->setMaximumHeight(12);
    m_syncProgress->setTextVisible(false);
    m_syncProgress->hide();
    m_cancelSyncButton = new QToolButton(this);
    m_cancelSyncButton->setObjectName(u"cancelSyncButton"_s);
    m_cancelSyncButton->setText(tr("Cancel"));
    m_cancelSyncButton->setAutoRaise(true);
    m_cancelSyncButton->hide();
    connect(m_cancelSyncButton, &QToolButton::clicked, this, &MainWindow::cancelSync);
    m_rateLabel = new QLabel(this);
    m_rateLabel->setObjectName(u"rateLimitLabel"_s);
    m_rateLabel->setContentsMargins(8, 0, 0, 0);
    statusBar()->addPermanentWidget(m_syncLabel);
    statusBar()->addPermanentWidget(m_syncProgress);
    statusBar()->addPermanentWidget(m_cancelSyncButton);
    m_tokenLabel = new TokenStatusLabel(this);
    statusBar()->addPermanentWidget(m_tokenLabel);
    statusBar()->addPermanentWidget(m_rateLabel);
    updateSyncIdleText();
}

void MainWindow::setGitHub(GitHubClient *client, IssueStore *issueStore, TokenStore *tokenStore)
{
    m_client = client;
    m_issueStore = issueStore;
    m_tokenStore = tokenStore;
    m_outboxPanel->setClient(client);
    m_reproPanel->setGitHubClient(client); // the scrub report names the fixing PR
    // Similar issues and search read the store on a thread of their own.
    m_similarity = issueStore ? std::make_unique<SimilarityLookup>(issueStore->path()) : nullptr;
    m_similarPanel->setLookup(m_similarity.get());
    m_reproPanel->setSimilarityStore(issueStore ? issueStore->path() : QString()); // the scrub's duplicate check
    m_tokenLabel->setClient(client);
    delete m_repositoryLabels;
    m_repositoryLabels = issueStore ? new RepositoryLabelController(client, issueStore->path(), this) : nullptr;
    if (m_repositoryLabels) {
        connect(m_repositoryLabels, &RepositoryLabelController::labelsChanged, this,
                [this](const QList<RepositoryLabel> &labels) {
                    // Every chip in GitHub's colours: the table's, the issue's, the outbox's, the suggestion's.
                    LabelChipDelegate::setGitHubColors(m_repositoryLabels->colors());
                    m_panel->setRepositoryLabels(labels);
                    m_table->viewport()->update();
                });
        connect(m_repositoryLabels, &RepositoryLabelController::synced, this, [this](const QString &error) {
            if (!error.isEmpty())
                statusBar()->showMessage(tr("Labels not updated: %1").arg(error), 10000);
        });
        if (m_hasQueue)
            m_repositoryLabels->setRepository(m_queue.repository());
    }
    if (m_client) {
        connect(m_client, &GitHubClient::rateLimitChanged, this, &MainWindow::showRateLimit, Qt::UniqueConnection);
        if (m_client->rateLimit().isKnown())
            showRateLimit(m_client->rateLimit());
    }
    updateSyncIdleText();
}

QString MainWindow::queueTitle(const QueueSpec &queue)
{
    QString title = queue.repository();
    if (!queue.labels.isEmpty())
        title += u" · "_s + queue.labels.join(u" + "_s);
    for (const QString &label : queue.excludeLabels)
        title += tr(" · without %1").arg(label);
    if (queue.state == u"all"_s)
        title += tr(" · all states");
    return title;
}

namespace {

QString rubricKey(const QueueSpec &queue)
{
    QStringList labels = queue.labelTerms();
    labels.sort();
    // QSettings groups split on '/': the repository's slash and the labels' become harmless.
    return QString(queue.repository() + u'|' + labels.join(u',') + u'|' + queue.state).replace(u'/', u'\\');
}

} // namespace

void MainWindow::pinPack(const RubricPack &pack)
{
    setPack(pack);
    m_packPinned = true;
}

MainWindow::QueueRubric MainWindow::queueRubric(const QueueSpec &queue) const
{
    const QString key = rubricKey(queue);
    if (const auto chosen = m_queueRubrics.constFind(key); chosen != m_queueRubrics.cend())
        return *chosen;
    if (!m_remembersState)
        return {};
    QSettings settings;
    settings.beginGroup(u"rubric"_s);
    settings.beginGroup(key);
    return {settings.value(u"profile"_s).toString(), settings.value(u"pack"_s).toString()};
}

void MainWindow::setQueueRubric(const QueueSpec &queue, const QueueRubric &rubric)
{
    const QString key = rubricKey(queue);
    m_queueRubrics.insert(key, rubric);
    m_packPinned = false; // the reviewer chose for this queue: the command line's choice no longer holds
    if (!m_remembersState)
        return;
    QSettings settings;
    settings.beginGroup(u"rubric"_s);
    settings.beginGroup(key);
    settings.setValue(u"profile"_s, rubric.profile);
    settings.setValue(u"pack"_s, rubric.packFile);
}

bool MainWindow::openStoredQueue(const QueueSpec &queue)
{
    if (!m_issueStore || !queue.isValid())
        return false;
    if (!m_packPinned) {
        const QueueRubric rubric = queueRubric(queue);
        const QString profile =
            rubric.profile.isEmpty() ? RubricPack::profileForQueueLabels(queue.labels) : rubric.profile;
        Result<RubricPack> pack =
            rubric.packFile.isEmpty() ? RubricPack::builtin(profile) : RubricPack::load(rubric.packFile);
        if (!pack)
            showSyncBanner(tr("Cannot use the rubric chosen for %1: %2. The queue keeps the %3 rubric.")
                               .arg(queueTitle(queue), pack.error(), packProfile()));
        else if (m_rubrics.isPerIssue() || !m_pack || m_pack->sourceName != pack->sourceName ||
                 m_pack->profile != pack->profile)
            setPack(pack.value());
    }
    const bool sameQueue = m_hasQueue && m_queue.repository() == queue.repository() &&
                           m_queue.labelTerms() == queue.labelTerms() && m_queue.state == queue.state;
    m_pendingSelection = sameQueue ? currentIssueNumber() : 0;
    m_queue = queue;
    m_hasQueue = true;
    m_lastSync = {};
    if (m_repositoryLabels)
        m_repositoryLabels->setRepository(queue.repository());
    if (const Result<QList<StoredQueue>> stored = m_issueStore->queues()) {
        for (const StoredQueue &candidate : stored.value()) {
            if (candidate.queue.repository() == queue.repository() &&
                candidate.queue.labelTerms() == queue.labelTerms() && candidate.queue.state == queue.state)
                m_lastSync = candidate.lastSync;
        }
    }

    // Thousands of issues with their comments take a second or more to read: a worker thread reads them
    // through a connection of its own while the window paints and stays responsive.
    const int generation = ++m_loadGeneration;
    m_loadingQueue = true;
    m_countLabel->setText(tr("Loading %1 from the store…").arg(queueTitle(queue)));
    auto *watcher = new QFutureWatcher<LoadedQueue>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation, queue] {
        watcher->deleteLater();
        if (generation != m_loadGeneration)
            return;
        m_loadingQueue = false;
        const LoadedQueue loaded = watcher->result();
        if (loaded.error.isEmpty()) {
            setIssues(loaded.issues, queueTitle(queue), queue.repository());
            if (m_pendingSelection == 0 || !selectIssue(m_pendingSelection))
                selectFirstIssue();
        } else {
            showSyncBanner(tr("Cannot read %1 from the store: %2").arg(queueTitle(queue), loaded.error));
            updateCount();
        }
        m_pendingSelection = 0;
        updateSyncIdleText();
        if (loaded.error.isEmpty())
            emit queueOpened(queue);
        if (std::exchange(m_syncFinishPending, false))
            emit syncFinished(true);
    });
    watcher->setFuture(QtConcurrent::run([path = m_issueStore->path(), queue] {
        LoadedQueue loaded;
        Result<std::unique_ptr<IssueStore>> store = IssueStore::open(path);
        if (!store) {
            loaded.error = store.error();
            return loaded;
        }
        Result<QList<Issue>> issues = store.value()->loadQueue(queue);
        if (issues)
            loaded.issues = std::move(issues).value();
        else
            loaded.error = issues.error();
        return loaded;
    }));

    if (m_remembersState) {
        QSettings settings;
        settings.setValue(u"queue/repo"_s, queue.repository());
        settings.setValue(u"queue/labels"_s, queue.labelTerms());
        settings.setValue(u"queue/state"_s, queue.state);
    }
    updateSyncIdleText();
    return true;
}

void MainWindow::sync()
{
    if (m_syncJob)
        return;
    if (!m_client || !m_issueStore || !m_hasQueue) {
        statusBar()->showMessage(tr("Open a queue from GitHub first (Ctrl+O)."), 6000);
        return;
    }
    m_syncBanner->hide();
    m_offline = false;
    m_syncJob = new QueueSyncJob(m_client, m_issueStore, m_queue, this);
    connect(m_syncJob, &QueueSyncJob::progress, this, &MainWindow::showSyncProgress);
    connect(m_syncJob, &QueueSyncJob::waiting, this, [this](qint64 milliseconds, const QString &reason) {
        m_syncLabel->setToolTip(tr("Waiting %1 s before trying again (%2)")
                                    .arg(QLocale().toString(double(milliseconds) / 1000.0, 'f', 1), reason));
    });
    connect(m_syncJob, &QueueSyncJob::finished, this, [this](const Result<SyncSummary> &result) {
        m_syncJob = nullptr; // it deletes itself
        onSyncFinished(result.ok(), result.ok() ? QString() : result.error());
    });
    m_syncAction->setEnabled(false);
    m_syncLabel->setText(tr("Syncing…"));
    m_syncLabel->setToolTip({});
    m_syncProgress->setRange(0, 0); // indeterminate until the first figure
    m_syncProgress->show();
    m_cancelSyncButton->show();
    m_syncJob->start();
}

void MainWindow::cancelSync()
{
    if (m_syncJob)
        m_syncJob->cancel();
}

void MainWindow::showSyncProgress(int issuesDone, int issuesTotal, int commentsDone)
{
    const QLocale locale;
    if (issuesTotal > 0) {
        m_syncProgress->setRange(0, issuesTotal);
        m_syncProgress->setValue(std::min(issuesDone, issuesTotal));
    } else if (issuesDone == 0) {
        m_syncProgress->setRange(0, 0);
    }
    const QString issues = issuesTotal >= 0
                               ? tr("issues %1/%2").arg(locale.toString(issuesDone), locale.toString(issuesTotal))
                               : tr("issues %1").arg(locale.toString(issuesDone));
    m_syncLabel->setText(tr("%1 · comments %2").arg(issues, locale.toString(commentsDone)));
}

void MainWindow::showRateLimit(const RateLimit &limit)
{
    if (!limit.isKnown())
        return;
    const QLocale locale;
    m_rateLabel->setText(tr("API %1/%2").arg(locale.toString(limit.remaining), locale.toString(limit.limit)));
    m_rateLabel->setToolTip(
        tr("GitHub %1 budget: %2 requests left; resets at %3")
            .arg(limit.resource.isEmpty() ? u"core"_s : limit.resource, locale.toString(limit.remaining),
                 limit.reset.isValid() ? locale.toString(limit.reset.toLocalTime().time(), QLocale::ShortFormat)
                                       : tr("an unknown time")));
}

void MainWindow::onSyncFinished(bool ok, const QString &error)
{
    m_syncProgress->hide();
    m_cancelSyncButton->hide();
    m_syncAction->setEnabled(true);
    if (ok && m_repositoryLabels)
        m_repositoryLabels->sync(); // the repository's labels too: conditional, free when nothing changed
    if (ok) {
        // Reloads, keeping the selection, and picks up the new last-sync time; syncFinished() follows the reload.
        m_syncFinishPending = openStoredQueue(m_queue);
        if (m_syncFinishPending)
            return;
    } else {
        // "cannot reach …" is how GitHubClient words a network failure (no HTTP status at all).
        m_offline = error.contains(u"cannot reach"_s);
        if (!error.contains(u"cancelled"_s)) {
            showSyncBanner(m_offline ? tr("Offline: %1. Showing the queue as stored.").arg(error)
                                     : tr("Sync failed: %1. Showing the queue as stored.").arg(error));
            m_syncBanner->addButton(tr("Retry sync"), [this] { sync(); });
        }
        updateSyncIdleText();
        if (error.contains(u"cancelled"_s))
            m_syncLabel->setText(tr("Sync cancelled"));
    }
    emit syncFinished(ok);
}

void MainWindow::showSyncBanner(const QString &message)
{
    m_syncBanner->showMessage(Tone::Problem, message);
}

void MainWindow::updateSyncIdleText()
{
    if (!m_syncLabel || m_syncJob)
        return;
    m_syncAction->setEnabled(m_client && m_issueStore && m_hasQueue);
    if (!m_hasQueue) {
        m_syncLabel->clear();
        return;
    }
    const QString synced = m_lastSync.isValid()
                               ? tr("Synced %1").arg(QLocale().toString(m_lastSync.toLocalTime(), QLocale::ShortFormat))
                               : tr("Not synced yet");
    m_syncLabel->setText(m_offline ? tr("Offline · %1").arg(synced) : synced);
}

QString MainWindow::syncStatusText() const
{
    return m_syncLabel->text();
}

QString MainWindow::rateLimitText() const
{
    return m_rateLabel->text();
}

QString MainWindow::syncBannerText() const
{
    return m_syncBanner->shownText();
}

void MainWindow::openQueuePicker()
{
    if (!m_issueStore) {
        statusBar()->showMessage(tr("No store to open queues from."), 6000);
        return;
    }
    QueuePickerDialog picker(this);
    if (const Result<QList<StoredQueue>> stored = m_issueStore->queues())
        picker.setStoredQueues(stored.value());
    if (m_hasQueue) {
        picker.setQueue(m_queue);
        const QueueRubric rubric = queueRubric(m_queue);
        picker.setRubric(rubric.profile, rubric.packFile);
    }
    if (picker.exec() != QDialog::Accepted)
        return;
    const QueueSpec queue = picker.queue();
    setQueueRubric(queue, {picker.chosenProfile(), picker.packFile()});
    if (openStoredQueue(queue) && m_lastSync.isNull())
        sync(); // never synced: there is nothing to show until GitHub answers
}

void MainWindow::openTokenSettings()
{
    if (!m_client)
        return;
    TokenSettingsDialog dialog(m_client, m_tokenStore, this);
    dialog.exec();
}

// --- Outbox ----------------------------------------------------------------------------------------------

void MainWindow::setUpOutbox()
{
    m_toolBar->addSeparator();
    auto *pages = new QActionGroup(this);
    pages->setExclusive(true);
    m_queuePageAction = m_toolBar->addAction(tr("Queue"), this, [this] { showOutbox(false); });
    m_queuePageAction->setObjectName(u"queuePageAction"_s);
    m_outboxAction = m_toolBar->addAction(tr("Outbox"), this, [this] { showOutbox(true); });
    m_outboxAction->setObjectName(u"outboxAction"_s);
    for (QAction *action : {m_queuePageAction, m_outboxAction}) {
        action->setCheckable(true);
        pages->addAction(action);
    }
    m_queuePageAction->setChecked(true);
    // One key goes both ways (the "toggle_outbox" action), so it is not the checkable actions' own.
    m_outboxAction->setToolTip(tr("The approved edits waiting for GitHub (Ctrl+Shift+O)"));
    m_scoreboardAction = m_toolBar->addAction(tr("Scoreboard"), this, [this] { showScoreboard(true); });
    m_scoreboardAction->setObjectName(u"scoreboardAction"_s);
    m_scoreboardAction->setCheckable(true);
    m_scoreboardAction->setToolTip(tr("How right the suggestions were, on the team's decisions (Ctrl+Shift+S)"));
    pages->addAction(m_scoreboardAction);
    connect(m_scoreboardPage, &ScoreboardPage::issueActivated, this, [this](const QString &repository, int number) {
        showScoreboard(false);
        if (repository != m_repository || !selectIssue(number))
            statusBar()->showMessage(tr("%1#%2 is not in the open queue.").arg(repository).arg(number), 6000);
    });
    m_queuePageAction->setToolTip(tr("The queue (Ctrl+Shift+O)"));

    connect(m_outboxPanel, &OutboxPanel::countsChanged, this, &MainWindow::updateOutboxAction);
    connect(m_outboxPanel, &OutboxPanel::reviewRequested, this, &MainWindow::reReview);
    connect(m_outboxPanel, &OutboxPanel::batchFinished, this, &MainWindow::onOutboxBatchFinished);
    updateOutboxAction();
}

void MainWindow::updateOutboxAction()
{
    const OutboxModel::Counts counts = m_outboxPanel->counts();
    m_outboxAction->setText(counts.ready > 0 ? tr("Outbox (%1)").arg(counts.ready) : tr("Outbox"));
}

void MainWindow::showOutbox(bool show)
{
    m_pages->setCurrentWidget(show ? static_cast<QWidget *>(m_outboxPanel) : m_splitter);
    (show ? m_outboxAction : m_queuePageAction)->setChecked(true);
    // The single review keys act on the queue's current issue: never while it is out of sight.
    for (QAction *action : std::as_const(m_queueShortcuts))
        action->setEnabled(!show);
    if (show) {
        m_outboxPanel->reload();
        m_outboxPanel->table()->setFocus(Qt::ShortcutFocusReason);
    } else {
        m_table->setFocus(Qt::ShortcutFocusReason);
    }
}

void MainWindow::showScoreboard(bool show)
{
    showOutbox(false);
    if (!show)
        return;
    m_pages->setCurrentWidget(m_scoreboardPage);
    m_scoreboardAction->setChecked(true);
    // The sheet, presentation mode and the page toggles are not among these: they stay on.
    for (QAction *action : std::as_const(m_queueShortcuts))
        action->setEnabled(false);
    m_scoreboardPage->reload();
    m_scoreboardPage->setFocus(Qt::ShortcutFocusReason);
}

bool MainWindow::isScoreboardShown() const
{
    return m_pages->currentWidget() == m_scoreboardPage;
}

bool MainWindow::isOutboxShown() const
{
    return m_pages->currentWidget() == m_outboxPanel;
}

void MainWindow::setOutboxUnavailableReason(const QString &reason)
{
    m_outboxUnavailable = reason;
    m_outboxPanel->setUnavailableReason(reason);
    m_reproPanel->reductionPanel()->setOutboxUnavailableReason(reason);
    m_reproPanel->operatorProbePanel()->setOutboxUnavailableReason(reason);
    m_similarPanel->setOutboxUnavailableReason(reason);
}

bool MainWindow::outboxTakesApprovals() const
{
    // Only issues of a real repository ("owner/name"), never the demo's.
    static const QRegularExpression ownerName(u"^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$"_s);
    return m_outboxStore && m_pack && m_outboxUnavailable.isEmpty() && ownerName.match(m_repository).hasMatch();
}

void MainWindow::reloadReviews()
{
    if (!m_store || m_repository.isEmpty())
        return;
    const Result<QHash<int, ReviewDecision>> decisions = m_store->latest(m_repository);
    if (decisions)
        m_model->setReviews(decisions.value());
    else
        showError(decisions.error());
}

void MainWindow::onOutboxBatchFinished(const OutboxReport &report)
{
    // Submitted rows show as such in the queue; what is on GitHub now cannot be undone from here.
    reloadReviews();
    if (report.count(OutboxStatus::Applied) + report.count(OutboxStatus::AlreadyApplied) > 0)
        m_undoStack->clear();
    refreshCurrentSuggestion(true);
}

void MainWindow::reReview(const QString &repository, int number)
{
    if (repository != m_repository) {
        statusBar()->showMessage(tr("#%1 is in %2: open that queue to review it again.").arg(number).arg(repository),
                                 8000);
        return;
    }
    showOutbox(false);
    if (!selectIssue(number)) {
        m_filterEdit->clear();
        applyFilter();
        if (!selectIssue(number)) {
            statusBar()->showMessage(tr("#%1 is not in this queue any more.").arg(number), 8000);
            return;
        }
    }
    // The reviewer must see the issue as it is now, not as it was stored: sync first when we can.
    if (m_client && m_issueStore && m_hasQueue && !m_syncJob) {
        sync();
        statusBar()->showMessage(
            tr("#%1 changed since your review: syncing it; approve it again (a) to put it back in the outbox.")
                .arg(number),
            10000);
    } else {
        statusBar()->showMessage(tr("Review #%1 again; approving it (a) puts it back in the outbox.").arg(number),
                                 10000);
    }
}
