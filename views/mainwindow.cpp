// SPDX-License-Identifier: MIT
#include "views/mainwindow.h"

#include "engine/github/githubclient.h"
#include "engine/github/tokenstore.h"
#include "engine/outbox/outboxreport.h"
#include "engine/store/issuestore.h"
#include "models/queue/issuetablemodel.h"
#include "models/session/session.h"
#include "views/common/apppalette.h"
#include "views/common/reviewshortcuts.h"
#include "views/outbox/outboxhost.h"
#include "views/outbox/outboxpanel.h"
#include "views/queue/queuefilters.h"
#include "views/queue/queuepage.h"
#include "views/queue/queuepickerdialog.h"
#include "views/queue/repositorylabelcontroller.h"
#include "views/queue/suggestionpanel.h"
#include "views/repro/repropanel.h"
#include "views/scoreboard/scoreboardpage.h"
#include "views/similar/similarissuespanel.h"
#include "views/sync/syncstatuswidget.h"
#include "views/sync/tokensettingsdialog.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QKeySequence>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTableView>
#include <QToolBar>

#include <utility>

using namespace Qt::StringLiterals;

namespace {

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

QString rubricKey(const QueueSpec &queue)
{
    QStringList labels = queue.labelTerms();
    labels.sort();
    // QSettings groups split on '/': the repository's slash and the labels' become harmless.
    return QString(queue.repository() + u'|' + labels.join(u',') + u'|' + queueStateName(queue.state))
        .replace(u'/', u'\\');
}

} // namespace

MainWindow::MainWindow(KSyntaxHighlighting::Repository *repository, QWidget *parent)
    : MainWindow(new Session(repository), parent)
{
    m_ownSession.reset(m_session);
}

MainWindow::MainWindow(Session *session, QWidget *parent)
    : QMainWindow(parent)
    , m_session(session)
{
    setWindowTitle(tr("Triage Console"));
    QFont windowFont = QApplication::font();
    if (windowFont.pointSizeF() > 0 && windowFont.pointSizeF() < MinimumPointSize) {
        windowFont.setPointSizeF(MinimumPointSize);
        setFont(windowFont);
    }
    m_normalFont = font();

    m_queuePage = new QueuePage(m_session, this);
    connect(m_queuePage, &QueuePage::statusMessage, this, &MainWindow::showMessage);
    connect(m_queuePage, &QueuePage::statusMessageCleared, statusBar(), &QStatusBar::clearMessage);
    connect(m_queuePage, &QueuePage::triageFinished, this, &MainWindow::triageFinished);
    m_syncStatus = new SyncStatusWidget(this);
    m_queuePage->insertBanner(m_syncStatus->banner());
    connect(m_syncStatus, &SyncStatusWidget::cancelRequested, this, &MainWindow::cancelSync);
    connect(m_syncStatus, &SyncStatusWidget::retryRequested, this, &MainWindow::sync);

    setUpStatusBar();
    setUpShortcuts();
    setUpToolBar();
    setUpPages();
    applySessionStores();
    m_queuePage->updateCount();
    // Roomy where the screen allows it, never larger than the screen (a 1366×768 laptop).
    const QSize preferred(1440, 900);
    resize(screen() ? preferred.boundedTo(screen()->availableGeometry().size() * 0.94) : preferred);
    m_queuePage->table()->setFocus();
}

MainWindow::~MainWindow() = default;

// The status bar: where the queue came from, the triage progress, the issue count, then the sync's status.
void MainWindow::setUpStatusBar()
{
    statusBar()->addWidget(m_queuePage->sourceLabel(), 1);
    statusBar()->addPermanentWidget(m_queuePage->triageProgress());
    statusBar()->addPermanentWidget(m_queuePage->countLabel());
    statusBar()->addPermanentWidget(m_syncStatus);
    statusBar()->setSizeGripEnabled(false);
}

void MainWindow::showMessage(const QString &message, int timeout)
{
    statusBar()->showMessage(message, timeout);
}

// Two pages beside the queue: the outbox the approvals wait in until Submit, and the scoreboard.
void MainWindow::setUpPages()
{
    auto *pages = new QStackedWidget(this);
    pages->setObjectName(u"pages"_s);
    m_outboxPanel = new OutboxPanel(this);
    m_scoreboardPage = new ScoreboardPage(this);
    m_pageHost = new OutboxHost(pages, m_queuePage, m_outboxPanel, m_scoreboardPage, m_toolBar, this);
    m_pageHost->setQueueKeys(m_queueShortcuts);
    setCentralWidget(pages);
    connect(m_pageHost, &OutboxHost::queueShown, m_queuePage, &QueuePage::focusTable);
    connect(m_scoreboardPage, &ScoreboardPage::issueActivated, this, [this](const QString &repository, int number) {
        showScoreboard(false);
        if (repository != m_queuePage->repository() || !selectIssue(number))
            showMessage(tr("%1#%2 is not in the open queue.").arg(repository).arg(number), 6000);
    });
    connect(m_outboxPanel, &OutboxPanel::reviewRequested, this, &MainWindow::reReview);
    connect(m_outboxPanel, &OutboxPanel::batchFinished, m_queuePage, &QueuePage::onOutboxBatchFinished);
    connect(m_queuePage, &QueuePage::outboxChanged, m_outboxPanel, &OutboxPanel::reload);
    connect(m_queuePage, &QueuePage::packApplied, this, [this](const RubricPack &pack) {
        m_outboxPanel->setPack(pack);
        m_scoreboardPage->setPack(pack);
    });
    // The client and the stores follow the session's.
    connect(m_session, &Session::gitHubChanged, this, &MainWindow::applyGitHub);
    connect(m_session, &Session::reproResultStoreChanged, this,
            [this] { reproPanel()->setResultStore(m_session->reproResultStore()); });
    connect(m_session, &Session::outboxStoreChanged, this, [this] {
        OutboxStore *outbox = m_session->outboxStore();
        m_outboxPanel->setStore(outbox);
        m_reportOutbox.setStore(outbox);
        reproPanel()->reductionPanel()->setReportOutbox(outbox ? &m_reportOutbox : nullptr);
        reproPanel()->operatorProbePanel()->setOutboxStore(outbox);
    });
}

// What the session already has when the window opens on it.
void MainWindow::applySessionStores()
{
    if (m_session->reproResultStore())
        reproPanel()->setResultStore(m_session->reproResultStore());
    if (OutboxStore *outbox = m_session->outboxStore()) {
        m_outboxPanel->setStore(outbox);
        m_reportOutbox.setStore(outbox);
        reproPanel()->reductionPanel()->setReportOutbox(outbox ? &m_reportOutbox : nullptr);
        reproPanel()->operatorProbePanel()->setOutboxStore(outbox);
    }
    if (const QString error = m_session->besideErrors(); !error.isEmpty())
        showMessage(tr("Not saved: %1").arg(error), 10000);
    if (m_session->decisionStore()) {
        m_scoreboardPage->setStorePath(m_session->decisionStore()->path());
        m_queuePage->reloadDecisions();
    }
    applyGitHub();
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
    bind(u"next_issue"_s, tr("Next issue"), QKeySequence(Qt::Key_J), [this] { m_queuePage->moveSelection(+1); });
    bind(u"previous_issue"_s, tr("Previous issue"), QKeySequence(Qt::Key_K),
         [this] { m_queuePage->moveSelection(-1); });
    bind(u"approve"_s, tr("Approve the suggestion (as edited) and advance"), QKeySequence(Qt::Key_A),
         [this] { m_queuePage->decide(ReviewState::Approved); });
    bind(u"edit"_s, tr("Edit the suggestion"), QKeySequence(Qt::Key_E), [this] { suggestionPanel()->beginEditing(); });
    bind(u"add_label"_s, tr("Add a label (type to filter)"), QKeySequence(Qt::Key_L),
         [this] { suggestionPanel()->focusLabelPicker(); });
    bind(u"comment"_s, tr("Write the comment"), QKeySequence(Qt::Key_C), [this] { suggestionPanel()->focusComment(); });
    bind(u"skip"_s, tr("Skip this issue and advance"), QKeySequence(Qt::Key_S),
         [this] { m_queuePage->decide(ReviewState::Skipped); });
    bind(u"undo"_s, tr("Undo the last decision"), QKeySequence(Qt::Key_U), [this] { m_queuePage->undo(); });
    bind(u"open_on_github"_s, tr("Open the issue on GitHub"), QKeySequence(Qt::Key_O),
         [this] { openCurrentOnGitHub(); });
    bind(u"mark"_s, tr("Mark or unmark the issue and advance (Shift/Ctrl+click marks too)"), QKeySequence(Qt::Key_X),
         [this] { toggleMark(); });
    bind(u"snooze"_s, tr("Snooze the issue: until a date, or until it changes on GitHub"), QKeySequence(Qt::Key_Z),
         [this] { snoozeCurrentIssue(); });
    bind(u"apply_to_marked"_s, tr("Apply a label, sub-oncall or template to the marked issues"),
         QKeySequence(Qt::Key_B), [this] { openBatchEdit(); });
    bind(u"filter"_s, tr("Filter the queue (Enter returns to it)"), QKeySequence(Qt::Key_Slash),
         [this] { m_queuePage->focusFilter(); });
    bind(u"repro_tab"_s, tr("Repro tab / back to the issue"), QKeySequence(Qt::Key_R),
         [this] { showReproTab(!isReproTabShown()); });
    bind(u"similar_tab"_s, tr("Similar issues tab / back to the issue"), QKeySequence(Qt::Key_M),
         [this] { showSimilarTab(!isSimilarTabShown()); });
    bind(u"mark_duplicate"_s, tr("Mark as duplicate of the selected similar issue (to the outbox)"),
         QKeySequence(Qt::Key_D), [this] {
             showSimilarTab(true);
             similarPanel()->markDuplicate();
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
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (m_remembersState)
        saveState();
    QMainWindow::closeEvent(event);
}

void MainWindow::setRemembersState(bool remember)
{
    m_remembersState = remember;
    m_queuePage->setRemembersState(remember);
}

void MainWindow::setPack(const RubricPack &pack)
{
    m_queuePage->setPack(pack);
}

void MainWindow::useRubricsByLabels()
{
    if (const QString error = m_queuePage->useRubricsByLabels(); !error.isEmpty()) {
        m_syncStatus->showBanner(tr("Cannot load the built-in rubrics: %1").arg(error));
        return;
    }
    m_packPinned = false;
}

void MainWindow::setDecisionStore(ReviewDecisionStore *store)
{
    if (const QString error = m_session->setDecisionStore(store); !error.isEmpty())
        showMessage(tr("Not saved: %1").arg(error), 10000);
    m_scoreboardPage->setStorePath(store ? store->path() : QString());
    m_queuePage->reloadDecisions();
}

void MainWindow::setIssues(QList<Issue> issues, const QString &sourceName, const QString &repository)
{
    // Each queue keeps its filters: opening another brings back the ones it was left with.
    const QString filtersKey =
        m_hasQueue ? QueueFilters::keyFor(m_queue.repository(), m_queue.labels, queueStateName(m_queue.state))
                   : sourceName;
    m_queuePage->setIssues(std::move(issues), sourceName, repository, filtersKey);
    m_outboxPanel->setIssueTitles(m_queuePage->repository(), tableModel()->issues());
    ReviewDecisionStore *store = m_session->decisionStore();
    m_scoreboardPage->setStorePath(store ? store->path() : QString());
    setWindowTitle(sourceName.isEmpty() ? tr("Triage Console") : tr("%1 — Triage Console").arg(sourceName));
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
    } else {
        setFont(m_normalFont);
        setPalette(QApplication::palette());
    }
    m_queuePage->setPresentationMode(on, size());
    m_toolBar->setVisible(!on);
}

void MainWindow::restoreState()
{
    QSettings settings;
    settings.beginGroup(u"mainWindow"_s);
    if (settings.contains(u"geometry"_s))
        restoreGeometry(settings.value(u"geometry"_s).toByteArray());
    m_queuePage->restoreState(settings);
    const bool loading = isLoadingQueue();
    const int last =
        settings.value(u"lastIssue/"_s + (loading ? m_queue.repository() : m_queuePage->repository())).toInt();
    if (last > 0 && !selectIssue(last) && loading)
        m_pendingSelection = last;
}

void MainWindow::saveState() const
{
    QSettings settings;
    settings.beginGroup(u"mainWindow"_s);
    settings.setValue(u"geometry"_s, saveGeometry());
    m_queuePage->saveState(settings);
    if (const int number = currentIssueNumber(); number > 0)
        settings.setValue(u"lastIssue/"_s + m_queuePage->repository(), number);
}

// --- GitHub sync ---------------------------------------------------------------------------------------

void MainWindow::setUpToolBar()
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
    connect(m_session, &Session::syncProgress, m_syncStatus, &SyncStatusWidget::showProgress);
    connect(m_session, &Session::syncWaiting, m_syncStatus, &SyncStatusWidget::showWaiting);
    connect(m_session, &Session::syncFinished, this, [this](const Result<SyncSummary> &result) {
        onSyncFinished(result.ok(), result.ok() ? QString() : result.error());
    });
    connect(m_session, &Session::queueLoaded, this, &MainWindow::onQueueLoaded);
}

void MainWindow::setGitHub(GitHubClient *client, IssueStore *issueStore, TokenStore *tokenStore)
{
    m_session->setGitHub(client, issueStore, tokenStore); // applyGitHub() follows
}

// The client and the issue store the session has now: in the panels, the repository labels, the status bar.
void MainWindow::applyGitHub()
{
    GitHubClient *client = m_session->client();
    IssueStore *issueStore = m_session->issueStore();
    m_outboxPanel->setClient(client);
    reproPanel()->setGitHubClient(client); // the scrub report names the fixing PR
    // Similar issues and search read the store on a thread of their own.
    similarPanel()->setLookup(m_session->similarity());
    reproPanel()->setSimilarityStore(issueStore ? issueStore->path() : QString()); // the scrub's duplicate check
    m_syncStatus->setClient(client);
    m_queuePage->setUpRepositoryLabels(client, issueStore);
    if (repositoryLabels() && m_hasQueue)
        repositoryLabels()->setRepository(m_queue.repository());
    updateSyncIdleText();
}

bool MainWindow::openStoredQueue(const QueueSpec &queue)
{
    if (!m_session->issueStore() || !queue.isValid())
        return false;
    if (!m_packPinned) {
        const QueueRubric rubric = queueRubric(queue);
        const QString profile =
            rubric.profile.isEmpty() ? RubricPack::profileForQueueLabels(queue.labels) : rubric.profile;
        Result<RubricPack> pack =
            rubric.packFile.isEmpty() ? RubricPack::builtin(profile) : RubricPack::load(rubric.packFile);
        const std::optional<RubricPack> &current = m_queuePage->pack();
        if (!pack)
            m_syncStatus->showBanner(tr("Cannot use the rubric chosen for %1: %2. The queue keeps the %3 rubric.")
                                         .arg(queueTitle(queue), pack.error(), packProfile()));
        else if (rubricsByLabels() || !current || current->sourceName != pack->sourceName ||
                 current->profile != pack->profile)
            setPack(pack.value());
    }
    const bool sameQueue = m_hasQueue && m_queue.repository() == queue.repository() &&
                           m_queue.labelTerms() == queue.labelTerms() && m_queue.state == queue.state;
    m_pendingSelection = sameQueue ? currentIssueNumber() : 0;
    m_queue = queue;
    m_hasQueue = true;
    if (repositoryLabels())
        repositoryLabels()->setRepository(queue.repository());
    m_lastSync = m_session->lastSync(queue);

    // The issues load off the GUI thread (onQueueLoaded): the window paints and stays responsive meanwhile.
    m_queuePage->showLoading(queueTitle(queue));
    m_session->loadQueue(queue);

    if (m_remembersState) {
        QSettings settings;
        settings.setValue(u"queue/repo"_s, queue.repository());
        settings.setValue(u"queue/labels"_s, queue.labelTerms());
        settings.setValue(u"queue/state"_s, queueStateName(queue.state));
    }
    updateSyncIdleText();
    return true;
}

void MainWindow::onQueueLoaded(const QueueSpec &queue, const Result<QList<Issue>> &issues)
{
    if (issues) {
        setIssues(issues.value(), queueTitle(queue), queue.repository());
        if (m_pendingSelection == 0 || !selectIssue(m_pendingSelection))
            selectFirstIssue();
    } else {
        m_syncStatus->showBanner(tr("Cannot read %1 from the store: %2").arg(queueTitle(queue), issues.error()));
        m_queuePage->updateCount();
    }
    m_pendingSelection = 0;
    updateSyncIdleText();
    if (issues)
        Q_EMIT queueOpened(queue);
    if (std::exchange(m_syncFinishPending, false))
        Q_EMIT syncFinished(true);
}

void MainWindow::sync()
{
    if (isSyncing())
        return;
    if (!m_session->canSync() || !m_hasQueue) {
        showMessage(tr("Open a queue from GitHub first (Ctrl+O)."), 6000);
        return;
    }
    m_syncStatus->showSyncing();
    m_syncAction->setEnabled(false);
    m_session->sync(m_queue);
}

void MainWindow::onSyncFinished(bool ok, const QString &error)
{
    m_syncStatus->showSyncEnded(ok, error);
    m_syncAction->setEnabled(true);
    if (ok && repositoryLabels())
        repositoryLabels()->sync(); // the repository's labels too: conditional, free when nothing changed
    if (ok) {
        // Reloads, keeping the selection, and picks up the new last-sync time; syncFinished() follows the reload.
        m_syncFinishPending = openStoredQueue(m_queue);
        if (m_syncFinishPending)
            return;
    }
    Q_EMIT syncFinished(ok);
}

void MainWindow::updateSyncIdleText()
{
    if (isSyncing())
        return;
    m_syncAction->setEnabled(m_session->canSync() && m_hasQueue);
    m_syncStatus->showIdle(m_hasQueue, m_lastSync);
}

void MainWindow::setOutboxUnavailableReason(const QString &reason)
{
    m_outboxPanel->setUnavailableReason(reason);
    m_queuePage->setOutboxUnavailableReason(reason);
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

QString MainWindow::queueTitle(const QueueSpec &queue)
{
    QString title = queue.repository();
    if (!queue.labels.isEmpty())
        title += u" · "_s + queue.labels.join(u" + "_s);
    for (const QString &label : queue.excludeLabels)
        title += tr(" · without %1").arg(label);
    if (queue.state == QueueState::All)
        title += tr(" · all states");
    return title;
}

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

void MainWindow::openTokenSettings()
{
    if (!m_session->client())
        return;
    TokenSettingsDialog dialog(m_session->client(), m_session->tokenStore(), this);
    dialog.exec();
}

void MainWindow::reReview(const QString &repository, int number)
{
    if (repository != m_queuePage->repository()) {
        showMessage(tr("#%1 is in %2: open that queue to review it again.").arg(number).arg(repository), 8000);
        return;
    }
    showOutbox(false);
    if (!selectIssue(number)) {
        m_queuePage->clearFilterText();
        if (!selectIssue(number)) {
            showMessage(tr("#%1 is not in this queue any more.").arg(number), 8000);
            return;
        }
    }
    // The reviewer must see the issue as it is now, not as it was stored: sync first when we can.
    if (m_session->canSync() && m_hasQueue && !isSyncing()) {
        sync();
        showMessage(tr("#%1 changed since your review: syncing it; approve it again (a) to put it back in the outbox.")
                        .arg(number),
                    10000);
    } else {
        showMessage(tr("Review #%1 again; approving it (a) puts it back in the outbox.").arg(number), 10000);
    }
}

void MainWindow::openQueuePicker()
{
    if (!m_session->issueStore()) {
        showMessage(tr("No store to open queues from."), 6000);
        return;
    }
    QueuePickerDialog picker(this);
    if (const Result<QList<StoredQueue>> stored = m_session->issueStore()->queues())
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
