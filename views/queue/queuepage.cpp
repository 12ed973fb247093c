// SPDX-License-Identifier: MIT
#include "views/queue/queuepage.h"

#include "engine/outbox/outboxreport.h"
#include "engine/store/issuestore.h"
#include "engine/triage/batchedit.h"
#include "engine/triage/guardrails.h"
#include "models/queue/issuefilterproxymodel.h"
#include "models/queue/issuetablemodel.h"
#include "models/queue/queuetriager.h"
#include "models/review/reviewdecisioncommand.h"
#include "models/session/session.h"
#include "views/common/labelchipdelegate.h"
#include "views/issue/issueview.h"
#include "views/queue/batcheditdialog.h"
#include "views/queue/queuefilters.h"
#include "views/queue/repositorylabelcontroller.h"
#include "views/queue/searchdialog.h"
#include "views/queue/snoozecommand.h"
#include "views/queue/snoozecontroller.h"
#include "views/queue/suggestionpanel.h"
#include "views/repro/repropanel.h"
#include "views/similar/similarissuespanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDesktopServices>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QProgressBar>
#include <QRegularExpression>
#include <QSettings>
#include <QSplitter>
#include <QTableView>
#include <QTabWidget>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

using namespace Qt::StringLiterals;

namespace {

constexpr int FilterDelayMs = 300;

} // namespace

QueuePage::QueuePage(Session *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
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
    , m_issueView(new IssueView(session->syntaxRepository(), this))
    // Made with the application's font, as the window made it before it set its own reading size: the panel sizes
    // its comment and rationale boxes from the font it is made with. It joins the page in setUpDetails().
    , m_panel(new SuggestionPanel)
    , m_splitter(new QSplitter(Qt::Vertical, this))
    , m_detailSplitter(new QSplitter(Qt::Horizontal, this))
    , m_stateCounts(new QLabel(this))
    , m_sourceLabel(new QLabel(this))
    , m_countLabel(new QLabel(this))
    , m_progress(new QProgressBar(this))
{
    m_proxy->setSourceModel(m_model);

    m_filterEdit->setObjectName(u"filterEdit"_s);
    m_filterEdit->setPlaceholderText(tr("Filter by number, title, author or label   ( / )"));
    m_filterEdit->setClearButtonEnabled(true);
    m_filterEdit->setAccessibleName(tr("Filter the queue"));
    m_filterTimer->setSingleShot(true);
    m_filterTimer->setInterval(FilterDelayMs);
    connect(m_filterEdit, &QLineEdit::textChanged, m_filterTimer, qOverload<>(&QTimer::start));
    connect(m_filterTimer, &QTimer::timeout, this, &QueuePage::applyFilter);
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
            Q_EMIT statusMessageCleared();
        else
            Q_EMIT statusMessage(url.toDisplayString(), 0);
    });
    connect(m_panel, &SuggestionPanel::evidenceActivated, this, [this](const Evidence &evidence) {
        if (!m_issueView->showEvidence(evidence))
            Q_EMIT statusMessage(evidence.start < 0 ? tr("This rule did not fire on the text.")
                                                    : tr("That evidence is not in the rendered text."),
                                 4000);
    });
    connect(m_panel, &SuggestionPanel::editingFinished, this, [this] { m_table->setFocus(Qt::ShortcutFocusReason); });
    connect(m_panel, &SuggestionPanel::retriageRequested, this, &QueuePage::retriage);
    connect(m_panel, &SuggestionPanel::planEdited, this,
            [this](const TriagePlan &plan) { m_issueView->setEvidence(plan.evidence); });

    setUpTable();

    auto *queuePane = new QWidget(this);
    m_queueLayout = new QVBoxLayout(queuePane);
    m_queueLayout->setContentsMargins(12, 10, 12, 0);
    m_queueLayout->setSpacing(8);
    m_stateCounts->setObjectName(u"stateCounts"_s);
    m_stateCounts->setTextFormat(Qt::RichText);
    m_queueLayout->addWidget(m_stateCounts);
    m_filterBar = new QWidget(queuePane);
    setUpFilters(m_filterBar);
    m_queueLayout->addWidget(m_filterBar);
    m_queueLayout->addWidget(m_table, 1);

    setUpDetails();

    m_splitter->setObjectName(u"mainSplitter"_s);
    m_splitter->addWidget(queuePane);
    m_splitter->addWidget(m_detailSplitter);
    m_splitter->setChildrenCollapsible(false);
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 3);
    m_splitter->setSizes({330, 540});
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_splitter);

    setUpStatusPieces();
    setUpTriage();
    setUpSelection();
    updateCount();
    updateStateCounts();
}

// The status bar's pieces: where the queue came from, the triage progress, the issue count.
void QueuePage::setUpStatusPieces()
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
}

// The queue is planned off the GUI thread; the table, the counts and the shown suggestion follow the plans.
void QueuePage::setUpTriage()
{
    connect(m_triager, &QueueTriager::planReady, m_model, &IssueTableModel::setPlan);
    connect(m_triager, &QueueTriager::progress, this, [this](int done, int total) {
        // Indeterminate until the first result, then determinate.
        m_progress->setRange(0, done == 0 ? 0 : total);
        m_progress->setValue(done);
        m_progress->setVisible(done < total);
        m_progress->setToolTip(tr("Triaging %1 of %2").arg(done).arg(total));
    });
    connect(m_triager, &QueueTriager::finished, this, [this](const Result<int> &planned) {
        m_progress->hide();
        updateStateCounts();
        // A cancelled run (another queue, no pack) is followed by what replaced it; its plans are cleared.
        if (!planned.cancelled())
            Q_EMIT triageFinished();
    });
    connect(m_model, &IssueTableModel::reviewCountsChanged, this, &QueuePage::updateStateCounts);
    connect(m_model, &QAbstractItemModel::dataChanged, this, [this](const QModelIndex &topLeft) {
        const QModelIndex current = m_table->currentIndex();
        if (current.isValid() && m_proxy->mapToSource(current).row() == topLeft.row() && !m_panel->hasPlan())
            refreshCurrentSuggestion(true);
    });
}

QueuePage::~QueuePage()
{
    m_triager->disconnect(this);
    m_triager->cancel();
}

// The issue and its repro share the left of the detail area: "Issue | Repro | Similar"; the suggestion the right.
void QueuePage::setUpDetails()
{
    m_detailSplitter->setObjectName(u"detailSplitter"_s);
    m_reproPanel = new ReproPanel(m_session->syntaxRepository(), this);
    m_detailTabs = new QTabWidget(this);
    m_detailTabs->setObjectName(u"detailTabs"_s);
    m_detailTabs->setDocumentMode(true);
    m_detailTabs->setFocusPolicy(Qt::NoFocus);
    m_detailTabs->addTab(m_issueView, tr("Issue"));
    m_detailTabs->addTab(m_reproPanel, tr("Repro"));
    m_similarPanel = new SimilarIssuesPanel(this);
    m_similarPanel->setReviewer(qEnvironmentVariable("USER"));
    m_detailTabs->addTab(m_similarPanel, tr("Similar"));
    connect(m_similarPanel, &SimilarIssuesPanel::duplicateRequested, this, &QueuePage::queueDuplicate);
    connect(m_similarPanel, &SimilarIssuesPanel::openIssueRequested, this,
            [this](int number) { openIssueFromStore(m_repository, number); });
    connect(m_reproPanel, &ReproPanel::statusChanged, m_panel, &SuggestionPanel::setReproStatus);
    // A scrub report sent from the Repro tab waits in the outbox like any approval.
    connect(m_reproPanel->reductionPanel(), &ReproReductionPanel::reportSent, this, [this] { Q_EMIT outboxChanged(); });
    m_detailSplitter->addWidget(m_detailTabs);
    m_detailSplitter->addWidget(m_panel);
    m_detailSplitter->setChildrenCollapsible(false);
    // Two thirds for the issue and its repro run, whose controls and output need the width.
    m_detailSplitter->setStretchFactor(0, 2);
    m_detailSplitter->setStretchFactor(1, 1);
    m_detailSplitter->setSizes({940, 500});
}

void QueuePage::setUpSelection()
{
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

bool QueuePage::eventFilter(QObject *watched, QEvent *event)
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
    return QWidget::eventFilter(watched, event);
}

void QueuePage::insertBanner(QWidget *banner)
{
    m_queueLayout->insertWidget(2, banner); // under the filters, above the table
}

void QueuePage::focusFilter()
{
    m_filterEdit->setFocus(Qt::ShortcutFocusReason);
    m_filterEdit->selectAll();
}

void QueuePage::clearFilterText()
{
    m_filterEdit->clear();
    applyFilter();
}

void QueuePage::focusTable()
{
    m_table->setFocus(Qt::ShortcutFocusReason);
}

void QueuePage::setPack(const RubricPack &pack)
{
    m_rubrics = RubricSet(pack);
    applyPack(pack);
}

QString QueuePage::useRubricsByLabels()
{
    Result<RubricSet> rubrics = RubricSet::byLabels();
    if (!rubrics)
        return rubrics.error();
    m_rubrics = std::move(rubrics).value();
    applyPack(*m_rubrics.pack(m_rubrics.mainProfile(m_model->issues())));
    return {};
}

void QueuePage::applyPack(const RubricPack &pack)
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
    Q_EMIT packApplied(pack);
    m_reproPanel->reductionPanel()->setPack(pack);
    m_reproPanel->operatorProbePanel()->setPack(pack);
    m_similarPanel->setPack(pack);
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

void QueuePage::setIssues(QList<Issue> issues, const QString &sourceName, const QString &repository,
                          const QString &filtersKey)
{
    const QString newRepository = repository.isEmpty() ? sourceName : repository;
    // A re-sync of the same queue keeps the reviewer's undecided edits; another repository's numbers are others.
    keepDraftOfShownIssue();
    if (newRepository != m_repository)
        m_drafts.clear();
    m_shownNumber = 0;
    m_repository = newRepository;
    // Each queue keeps its filters: opening another brings back the ones it was left with.
    if (filtersKey != m_filtersKey) {
        m_filtersKey = filtersKey;
        if (m_remembersState)
            setFilters(QueueFilters::load(filtersKey));
    }
    m_undoStack->clear();
    m_model->setIssues(std::move(issues));
    if (m_rubrics.isPerIssue()) {
        // The panels start with the rubric most of these issues need; each issue's own comes with it.
        const QString main = m_rubrics.mainProfile(m_model->issues());
        if (main != packProfile())
            applyPack(*m_rubrics.pack(main));
    }
    reloadDecisions();
    m_sourceLabel->setText(sourceName);
    m_sourceLabel->setToolTip(sourceName);
    updateCount();
    if (!m_table->currentIndex().isValid()) {
        m_issueView->clearIssue();
        m_panel->clear();
    }
    startTriage();
}

void QueuePage::reloadDecisions()
{
    updateSnoozes();
    m_undoStack->clear();
    ReviewDecisionStore *store = m_session->decisionStore();
    if (!store || m_repository.isEmpty())
        return;
    const Result<QHash<int, ReviewDecision>> decisions = store->latest(m_repository);
    if (decisions)
        m_model->setReviews(decisions.value());
    else
        showError(decisions.error());
}

void QueuePage::showLoading(const QString &title)
{
    m_countLabel->setText(tr("Loading %1 from the store…").arg(title));
}

void QueuePage::undo()
{
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
}

void QueuePage::setUpRepositoryLabels(GitHubClient *client, IssueStore *issueStore)
{
    delete m_repositoryLabels;
    m_repositoryLabels = issueStore ? new RepositoryLabelController(client, issueStore->path(), this) : nullptr;
    if (!m_repositoryLabels)
        return;
    connect(m_repositoryLabels, &RepositoryLabelController::labelsChanged, this,
            [this](const QList<RepositoryLabel> &labels) {
                // Every chip in GitHub's colours: the table's, the issue's, the outbox's, the suggestion's.
                LabelChipDelegate::setGitHubColors(m_repositoryLabels->colors());
                m_panel->setRepositoryLabels(labels);
                m_table->viewport()->update();
            });
    connect(m_repositoryLabels, &RepositoryLabelController::synced, this, [this](const QString &error) {
        if (!error.isEmpty())
            Q_EMIT statusMessage(tr("Labels not updated: %1").arg(error), 10000);
    });
}

void QueuePage::setOutboxUnavailableReason(const QString &reason)
{
    m_outboxUnavailable = reason;
    m_reproPanel->reductionPanel()->setOutboxUnavailableReason(reason);
    m_reproPanel->operatorProbePanel()->setOutboxUnavailableReason(reason);
    m_similarPanel->setOutboxUnavailableReason(reason);
}

void QueuePage::onOutboxBatchFinished(const OutboxReport &report)
{
    // Submitted rows show as such in the queue; what is on GitHub now cannot be undone from here.
    if (ReviewDecisionStore *store = m_session->decisionStore(); store && !m_repository.isEmpty()) {
        const Result<QHash<int, ReviewDecision>> decisions = store->latest(m_repository);
        if (decisions)
            m_model->setReviews(decisions.value());
        else
            showError(decisions.error());
    }
    if (report.count(OutboxStatus::Applied) + report.count(OutboxStatus::AlreadyApplied) > 0)
        m_undoStack->clear();
    refreshCurrentSuggestion(true);
}

void QueuePage::setPresentationMode(bool on, QSize size)
{
    m_presentation = on;
    if (on) {
        m_splitter->setSizes({size.height() * 27 / 100, size.height() * 73 / 100});
        m_detailSplitter->setSizes({size.width() * 3 / 5, size.width() * 2 / 5});
    } else {
        m_splitter->setSizes({size.height() * 2 / 5, size.height() * 3 / 5});
    }
    QFont readingFont = font();
    readingFont.setPointSizeF(font().pointSizeF() + 0.5);
    m_issueView->setFont(readingFont);
    resizeColumns();
    applyColumnVisibility();
    m_filterBar->setVisible(!on);
    updateStateCounts();
}

void QueuePage::restoreState(const QSettings &settings)
{
    m_splitter->restoreState(settings.value(u"splitter"_s).toByteArray());
    m_detailSplitter->restoreState(settings.value(u"detailSplitter"_s).toByteArray());
    m_table->horizontalHeader()->restoreState(settings.value(u"columns"_s).toByteArray());
}

void QueuePage::saveState(QSettings &settings) const
{
    settings.setValue(u"splitter"_s, m_splitter->saveState());
    settings.setValue(u"detailSplitter"_s, m_detailSplitter->saveState());
    settings.setValue(u"columns"_s, m_table->horizontalHeader()->saveState());
}

void QueuePage::setUpTable()
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

    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &QueuePage::showCurrentIssue);
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, &QueuePage::updateCount);
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, this, &QueuePage::updateCount);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &QueuePage::updateCount);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, &QueuePage::updateCount);
}

void QueuePage::resizeColumns()
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

void QueuePage::setUpFilters(QWidget *bar)
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

void QueuePage::startTriage()
{
    m_model->clearPlans();
    if (!m_rubrics.isValid() || m_model->rowCount() == 0) {
        m_triager->cancel();
        return;
    }
    m_triager->start(m_model->issues(), m_rubrics);
}

bool QueuePage::isTriaging() const
{
    return m_triager->isRunning();
}

void QueuePage::updateSnoozes()
{
    if (!m_snoozes) {
        m_snoozes = new SnoozeController(this);
        m_snoozes->setUndoStack(m_undoStack);
        connect(m_snoozes, &SnoozeController::message, this,
                [this](const QString &text) { Q_EMIT statusMessage(text, 8000); });
        connect(m_snoozes, &SnoozeController::snoozedChanged, this, [this](const QSet<int> &numbers) {
            // The snoozed issue leaves the table; the one after it takes its place, as after a skip.
            const int row = m_table->currentIndex().row();
            const int number = currentIssueNumber();
            m_proxy->setSnoozed(numbers);
            updateCount();
            if (number != 0 && !selectIssue(number) && m_proxy->rowCount() > 0)
                m_table->setCurrentIndex(
                    m_proxy->index(std::clamp(row, 0, m_proxy->rowCount() - 1), IssueTableModel::Title));
        });
    }
    if (const QString error =
            m_snoozes->setStorePath(m_session->decisionStore() ? m_session->decisionStore()->path() : QString());
        !error.isEmpty())
        showError(error);
    m_snoozes->setIssues(m_repository, m_model->issues());
}

QMenu *QueuePage::snoozeCurrentIssue()
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid() || !m_snoozes)
        return nullptr;
    if (!m_session->decisionStore()) {
        Q_EMIT statusMessage(tr("Snoozing needs the local store."), 6000);
        return nullptr;
    }
    QMenu *menu = m_snoozes->menu(current.data(IssueTableModel::IssueRole).value<Issue>(), this);
    const QRect rect = m_table->visualRect(current);
    menu->popup(m_table->viewport()->mapToGlobal(QPoint(rect.left() + 24, rect.bottom())));
    return menu;
}

void QueuePage::selectFirstIssue()
{
    if (m_proxy->rowCount() == 0) {
        m_issueView->clearIssue();
        m_panel->clear();
        return;
    }
    m_table->setCurrentIndex(m_proxy->index(0, IssueTableModel::Title));
    m_table->scrollToTop();
}

bool QueuePage::selectIssue(int number)
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

int QueuePage::currentIssueNumber() const
{
    const QModelIndex current = m_table->currentIndex();
    return current.isValid() ? current.data(IssueTableModel::IssueRole).value<Issue>().number : 0;
}

void QueuePage::applyFilter()
{
    m_filterTimer->stop();
    m_proxy->setFilterText(m_filterEdit->text());
    updateCount();
    if (!m_table->currentIndex().isValid())
        selectFirstIssue();
}

void QueuePage::moveSelection(int delta)
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

void QueuePage::showCurrentIssue()
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
    const auto issue = current.data(IssueTableModel::IssueRole).value<Issue>();
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

void QueuePage::showReproTab(bool show)
{
    m_detailTabs->setCurrentWidget(show ? static_cast<QWidget *>(m_reproPanel) : m_issueView);
    // Back on the issue, the single-key review keys belong to the queue again.
    if (!show)
        m_table->setFocus(Qt::ShortcutFocusReason);
}

void QueuePage::showSimilarTab(bool show)
{
    m_detailTabs->setCurrentWidget(show ? static_cast<QWidget *>(m_similarPanel) : m_issueView);
    if (!show)
        m_table->setFocus(Qt::ShortcutFocusReason);
}

bool QueuePage::isSimilarTabShown() const
{
    return m_detailTabs->currentWidget() == m_similarPanel;
}

SearchDialog *QueuePage::openSearch()
{
    auto *dialog = new SearchDialog(m_session->similarity(), m_repository, m_session->syntaxRepository(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &SearchDialog::openIssueRequested, this, &QueuePage::openIssueFromStore);
    dialog->show();
    return dialog;
}

void QueuePage::openIssueFromStore(const QString &repository, int number)
{
    // In the queue: there. Elsewhere in the repository: on GitHub, where it lives.
    if (repository == m_repository && selectIssue(number)) {
        showSimilarTab(false);
        return;
    }
    const QString url = u"https://github.com/%1/issues/%2"_s.arg(repository).arg(number);
    Q_EMIT statusMessage(tr("#%1 is not in this queue; opening it on GitHub").arg(number), 5000);
    QDesktopServices::openUrl(QUrl(url));
}

void QueuePage::queueDuplicate(const DuplicatePlan &plan)
{
    if (!m_session->decisionStore() || !outboxTakesApprovals()) {
        m_similarPanel->setOutboxUnavailableReason(
            m_outboxUnavailable.isEmpty() ? tr("Nothing can go to the outbox without a store.") : m_outboxUnavailable);
        return;
    }
    const QModelIndex current = m_table->currentIndex();
    const auto issue = current.data(IssueTableModel::IssueRole).value<Issue>();
    if (issue.number != plan.decision.number)
        return;
    m_drafts.remove(issue.number);
    const QModelIndex next = m_proxy->index(current.row() + 1, IssueTableModel::Title);
    const int nextNumber = next.isValid() ? next.data(IssueTableModel::IssueRole).value<Issue>().number : 0;
    // As an approval: stored, in the outbox, undone with `u`.
    auto *command = new ReviewDecisionCommand(m_session->decisionStore(), m_model, plan.decision,
                                              [this](const QString &message) { showError(message); });
    command->setOutbox(m_session->outboxStore(), issue, *m_pack, [this] { Q_EMIT outboxChanged(); });
    m_undoStack->push(command);
    Q_EMIT statusMessage(
        tr("#%1: \"Duplicate of #%2\" and the close are in the outbox (u undoes)").arg(issue.number).arg(plan.target),
        6000);
    if (nextNumber == 0 || !selectIssue(nextNumber))
        refreshCurrentSuggestion(true);
}

bool QueuePage::isReproTabShown() const
{
    return m_detailTabs->currentWidget() == m_reproPanel;
}

void QueuePage::refreshCurrentSuggestion(bool force)
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid() || (!force && m_panel->hasPlan()))
        return;
    const auto issue = current.data(IssueTableModel::IssueRole).value<Issue>();
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
        Q_EMIT statusMessage(
            tr("#%1: your undecided edits are back (a or s decides, u after that undoes).").arg(issue.number), 5000);
    const std::optional<TriagePlan> shown = reviewed ? reviewed : enginePlan;
    m_issueView->setEvidence(shown ? shown->evidence : EvidenceList());
}

void QueuePage::retriage(int number)
{
    const QModelIndex current = m_proxy->mapToSource(m_table->currentIndex());
    if (!current.isValid() || !m_rubrics.isValid())
        return;
    const auto issue = current.data(IssueTableModel::IssueRole).value<Issue>();
    if (issue.number != number)
        return;
    m_model->setPlan(current.row(), m_rubrics.plan(issue, {.retriage = true}));
    refreshCurrentSuggestion(true);
}

void QueuePage::keepDraftOfShownIssue()
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

void QueuePage::decide(ReviewState state)
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid())
        return;
    if (!m_panel->hasPlan()) {
        Q_EMIT statusMessage(tr("The engine has not triaged this issue yet."), 4000);
        return;
    }
    const auto issue = current.data(IssueTableModel::IssueRole).value<Issue>();
    m_drafts.remove(issue.number);
    if (state == ReviewState::Approved) {
        if (!m_panel->violations().isEmpty()) {
            Q_EMIT statusMessage(tr("Not approved: the suggestion breaks a queue rule (see the panel)."), 6000);
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
    auto *command = new ReviewDecisionCommand(m_session->decisionStore(), m_model, std::move(decision),
                                              [this](const QString &message) { showError(message); });
    if (outboxTakesApprovals())
        command->setOutbox(m_session->outboxStore(), issue, m_rubrics.isPerIssue() ? m_rubrics.packFor(issue) : *m_pack,
                           [this] { Q_EMIT outboxChanged(); });
    m_undoStack->push(command);
    if (nextNumber == 0 || !selectIssue(nextNumber))
        refreshCurrentSuggestion(true);
}

QueueFilters QueuePage::filters() const
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

void QueuePage::setFilters(const QueueFilters &filters)
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

QList<int> QueuePage::markedIssueNumbers() const
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

void QueuePage::toggleMark()
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
    Q_EMIT statusMessage(
        marked == 1 ? tr("1 issue marked: b applies a label, a sub-oncall or a template to it.")
                    : tr("%1 issues marked: b applies a label, a sub-oncall or a template to each.").arg(marked),
        6000);
    const QModelIndex next = m_proxy->index(current.row() + 1, IssueTableModel::Title);
    if (next.isValid()) {
        selection->setCurrentIndex(next, QItemSelectionModel::NoUpdate);
        m_table->scrollTo(next);
    }
}

void QueuePage::clearMarks()
{
    m_marking = false;
    const QModelIndex current = m_table->currentIndex();
    m_table->selectionModel()->select(current, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

void QueuePage::openBatchEdit()
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

int QueuePage::applyBatch(const BatchEdit &edit)
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
        const auto issue = index.data(IssueTableModel::IssueRole).value<Issue>();
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
        auto *command = new ReviewDecisionCommand(m_session->decisionStore(), m_model, std::move(decision),
                                                  [this](const QString &message) { showError(message); });
        if (outboxTakesApprovals())
            command->setOutbox(m_session->outboxStore(), issue, *m_pack, [this] { Q_EMIT outboxChanged(); });
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
    Q_EMIT statusMessage(message, 10000);
    return applied;
}

void QueuePage::openCurrentOnGitHub()
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid())
        return;
    const auto issue = current.data(IssueTableModel::IssueRole).value<Issue>();
    const QUrl url(issue.url);
    if (!url.isValid() || url.scheme() != u"https"_s) {
        Q_EMIT statusMessage(tr("#%1 has no GitHub address.").arg(issue.number), 4000);
        return;
    }
    if (!QDesktopServices::openUrl(url))
        Q_EMIT statusMessage(tr("No browser could open %1.").arg(url.toDisplayString()), 6000);
}

void QueuePage::showError(const QString &message)
{
    Q_EMIT statusMessage(tr("Not saved: %1").arg(message), 10000);
}

void QueuePage::updateCount()
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

void QueuePage::updateStateCounts()
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

void QueuePage::applyColumnVisibility()
{
    for (const int column : {IssueTableModel::Author, IssueTableModel::Age, IssueTableModel::Labels})
        m_table->setColumnHidden(column, m_presentation);
}

bool QueuePage::outboxTakesApprovals() const
{
    // Only issues of a real repository ("owner/name"), never the demo's.
    static const QRegularExpression ownerName(u"^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$"_s);
    return m_session->outboxStore() && m_pack && m_outboxUnavailable.isEmpty() &&
           ownerName.match(m_repository).hasMatch();
}
