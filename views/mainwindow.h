// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "models/outbox/reportoutbox.h"
#include "engine/core/queuespec.h"
#include "engine/review/reviewdecisionstore.h"
#include "engine/triage/rubricpack.h"
#include "engine/triage/rubricset.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QMainWindow>
#include <QPointer>

#include <memory>
#include <optional>

namespace KSyntaxHighlighting {
class Repository;
}
class GitHubClient;
class IssueFilterProxyModel;
class IssueStore;
class QAction;
class QToolBar;
class QToolButton;
class QueueSyncJob;
class TokenStatusLabel;
class TokenStore;
struct RateLimit;
class IssueTableModel;
class IssueView;
class QueueTriager;
class SuggestionPanel;
class ReproPanel;
class ReproResultStore;
class ScoreboardPage;
class OutboxPanel;
class OutboxStore;
class QShortcut;
class ReviewShortcuts;
class RepositoryLabelController;
class SnoozeController;
class QMenu;
struct BatchEdit;
struct QueueFilters;
class QStackedWidget;
struct OutboxReport;
class QTabWidget;
class QCheckBox;
class QComboBox;
class MessageBanner;
class QLabel;
class QLineEdit;
class QProgressBar;
class QSplitter;
class QTableView;
class QTimer;
class QUndoStack;
class TriageEngine;
class SimilarIssuesPanel;
class SimilarityLookup;
class SearchDialog;
struct DuplicatePlan;

// The console: the queue on top (state counts, filters, a sortable table), the selected issue and the engine's
// suggestion below. Keys: `/` filters, `j`/`k` move, `a` approves and advances, `e` edits, `s` skips, `u`
// undoes, `?` lists the keys, F11 toggles presentation mode. Decisions go to the store at once.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)

public:
    explicit MainWindow(KSyntaxHighlighting::Repository *repository, QWidget *parent = nullptr);
    ~MainWindow() override;

    // The rubric pack the queue is triaged with; re-triages the loaded queue.
    void setPack(const RubricPack &pack);
    // A rubric chosen on the command line (--profile, --pack) holds for every queue opened in this session
    // until the reviewer picks another in the queue picker. Otherwise each queue is triaged with the rubric
    // chosen for it in the picker (remembered per queue), else the built-in profile its labels name.
    void pinPack(const RubricPack &pack);
    // A queue opened from a file with no rubric named: each issue is planned by the built-in rubric its own
    // oncall labels name (pt2, distributed, else general), as a synced queue is by its labels. Ends with the
    // next setPack.
    void useRubricsByLabels();
    bool rubricsByLabels() const { return m_rubrics.isPerIssue(); }
    struct QueueRubric
    {
        QString profile;  // empty: from the labels
        QString packFile; // a team's pack file; wins over the profile
    };
    QueueRubric queueRubric(const QueueSpec &queue) const;
    void setQueueRubric(const QueueSpec &queue, const QueueRubric &rubric);
    QString packProfile() const { return m_pack ? m_pack->profile : QString(); }
    // Where decisions are kept; without one, review still works but nothing persists. Not owned.
    void setDecisionStore(ReviewDecisionStore *store);
    void setIssues(QList<Issue> issues, const QString &sourceName, const QString &repository = {});
    void selectFirstIssue();
    bool selectIssue(int number);
    int currentIssueNumber() const;
    // `z`: the snooze choices for the current issue, popped up beside its row (null without one).
    QMenu *snoozeCurrentIssue();
    SnoozeController *snoozes() const { return m_snoozes; }
    static constexpr int SnoozedStateFilter = 100; // the state filter's "Snoozed" entry

    // GitHub and the local store the queue comes from; the token store backs the token dialog. Not owned.
    void setGitHub(GitHubClient *client, IssueStore *issueStore, TokenStore *tokenStore = nullptr);
    // Shows a queue as the store holds it (no network). The issues load off the GUI thread, so the window
    // paints at once; queueOpened() follows when they are in the table (a failure shows in the banner).
    // False when there is no store or the queue is not valid.
    bool openStoredQueue(const QueueSpec &queue);
    bool isLoadingQueue() const { return m_loadingQueue; }
    bool hasStoredQueue() const { return m_hasQueue; }
    QueueSpec currentQueue() const { return m_queue; }
    static QString queueTitle(const QueueSpec &queue);

    // Ctrl+R: brings the current queue up to date from GitHub, then reloads it, keeping the selection.
    QAction *syncAction() const { return m_syncAction; }
    void sync();
    void cancelSync();
    bool isSyncing() const { return !m_syncJob.isNull(); }
    void openQueuePicker();
    void openTokenSettings();
    QString syncStatusText() const;
    QString rateLimitText() const;
    QString syncBannerText() const;

    void setPresentationMode(bool on);
    bool isPresentationMode() const { return m_presentation; }
    // Window state (geometry, splitters, columns, last issue) in QSettings; off for screenshots and tests.
    void setRemembersState(bool remember) { m_remembersState = remember; }
    void restoreState();
    void saveState() const;

    IssueTableModel *tableModel() const { return m_model; }
    SuggestionPanel *suggestionPanel() const { return m_panel; }
    // The Repro tab beside the issue (`r` switches to it and back); it follows the current issue.
    ReproPanel *reproPanel() const { return m_reproPanel; }
    void showReproTab(bool show);
    bool isReproTabShown() const;
    // The Similar tab (`m`) beside the issue: matches from the store's similarity index; `d` marks the selected
    // one as the original of a duplicate. Ctrl+K searches the whole store (the dialog is returned, shown).
    SimilarIssuesPanel *similarPanel() const { return m_similarPanel; }
    void showSimilarTab(bool show);
    bool isSimilarTabShown() const;
    SearchDialog *openSearch();
    QUndoStack *undoStack() const { return m_undoStack; }
    // The open queue's repository labels (stored, synced after each queue sync); null without a store.
    RepositoryLabelController *repositoryLabels() const { return m_repositoryLabels; }

    // The outbox page ("Outbox (N)" in the toolbar, Ctrl+Shift+O): approvals wait there, on the decisions'
    // store file, until Submit writes them to GitHub through the window's client.
    OutboxPanel *outboxPanel() const { return m_outboxPanel; }
    OutboxStore *outboxStore() const { return m_outboxStore.get(); }
    void showOutbox(bool show);
    bool isOutboxShown() const;
    // Why approvals of this queue must not go to GitHub (the demo queue); empty: they go to the outbox.
    void setOutboxUnavailableReason(const QString &reason);
    bool isTriaging() const;

    // The Scoreboard page (Ctrl+Shift+S): the suggestions measured on the store's decisions, and the what-if.
    ScoreboardPage *scoreboardPage() const { return m_scoreboardPage; }
    void showScoreboard(bool show);
    bool isScoreboardShown() const;
    // Every key is a remappable action (KShortcutsDialog, from the `?` sheet); the reviewer's keys are kept.
    ReviewShortcuts *shortcuts() const { return m_shortcuts; }
    // Marked issues (`x`, or Shift/Ctrl+click): what `b` applies one edit to, each as an edit of its own.
    QList<int> markedIssueNumbers() const;
    void toggleMark();
    void clearMarks();
    // Applies the edit to each marked issue (the current one when none is marked) through the queue's rules
    // and the outbox, like approving each with that edit; one `u` undoes the batch. Returns how many it
    // edited; the refused ones are named in the status bar.
    int applyBatch(const BatchEdit &edit);
    void openBatchEdit();
    void openCurrentOnGitHub();
    // The filter text and the marked filters; kept per queue (with remembered state) and back when it reopens.
    QueueFilters filters() const;
    void setFilters(const QueueFilters &filters);

signals:
    void triageFinished();
    void syncFinished(bool ok);
    void queueOpened(const QueueSpec &queue);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void closeEvent(QCloseEvent *event) override;

private:
    void setUpStatusBar();
    void setUpTable();
    void setUpFilters(QWidget *bar);
    void setUpShortcuts();
    void applyFilter();
    void moveSelection(int delta);
    void updateSnoozes();
    void showCurrentIssue();
    void refreshCurrentSuggestion(bool force);
    void keepDraftOfShownIssue();
    void updateCount();
    void updateStateCounts();
    void startTriage();
    void retriage(int number);              // a fresh plan for an issue the queue already processed
    void applyPack(const RubricPack &pack); // the panels' and the table's rubric; re-triages
    void decide(ReviewState state);
    void showShortcutSheet();
    void showError(const QString &message);
    void applyColumnVisibility();
    void resizeColumns();
    void setUpSync();
    void showSyncProgress(int issuesDone, int issuesTotal, int commentsDone);
    void showRateLimit(const RateLimit &limit);
    void onSyncFinished(bool ok, const QString &error);
    void showSyncBanner(const QString &message);
    void updateSyncIdleText();
    void setUpOutbox();
    void updateOutboxAction();
    void reloadReviews();
    void onOutboxBatchFinished(const OutboxReport &report);
    void reReview(const QString &repository, int number);
    bool outboxTakesApprovals() const;
    void queueDuplicate(const DuplicatePlan &plan);
    void openIssueFromStore(const QString &repository, int number);

    IssueTableModel *m_model;
    IssueFilterProxyModel *m_proxy;
    QueueTriager *m_triager;
    QUndoStack *m_undoStack;
    QLineEdit *m_filterEdit;
    QWidget *m_filterBar = nullptr;
    QComboBox *m_subOncallFilter;
    QComboBox *m_confidenceFilter;
    QComboBox *m_stateFilter;
    QCheckBox *m_hasReproFilter;
    QCheckBox *m_needsReviewFilter;
    QTimer *m_filterTimer;
    QTableView *m_table;
    IssueView *m_issueView;
    SuggestionPanel *m_panel;
    QTabWidget *m_detailTabs = nullptr;
    ReproPanel *m_reproPanel = nullptr;
    std::unique_ptr<ReproResultStore> m_reproStore; // on the decisions' store file
    QSplitter *m_splitter;
    QSplitter *m_detailSplitter;
    QLabel *m_stateCounts;
    QLabel *m_sourceLabel;
    QLabel *m_countLabel;
    QProgressBar *m_progress;
    RubricSet m_rubrics; // what plans the queue: m_pack alone, or per issue by its labels
    ReviewDecisionStore *m_store = nullptr;
    QString m_repository;
    QFont m_normalFont;
    bool m_presentation = false;
    bool m_remembersState = false;
    int m_shownNumber = 0;    // the issue in the view, 0 for none
    int m_loadGeneration = 0; // the latest openStoredQueue(); older loads that finish late are dropped
    bool m_loadingQueue = false;
    int m_pendingSelection = 0;       // the issue to select once the loading queue is in
    bool m_syncFinishPending = false; // syncFinished() waits for the reload that follows a sync
    // Edits the reviewer left undecided when moving on (j/k, a click): back when they return to the issue.
    QHash<int, TriagePlan> m_drafts;

    GitHubClient *m_client = nullptr;
    IssueStore *m_issueStore = nullptr;
    QPointer<TokenStore> m_tokenStore;
    QueueSpec m_queue;
    bool m_hasQueue = false;
    bool m_offline = false;
    QPointer<QueueSyncJob> m_syncJob;
    QDateTime m_lastSync;
    QToolBar *m_toolBar = nullptr;
    QAction *m_openAction = nullptr;
    QAction *m_syncAction = nullptr;
    QAction *m_tokenAction = nullptr;
    MessageBanner *m_syncBanner = nullptr;
    QLabel *m_syncLabel = nullptr;
    QProgressBar *m_syncProgress = nullptr;
    QToolButton *m_cancelSyncButton = nullptr;
    QLabel *m_rateLabel = nullptr;
    TokenStatusLabel *m_tokenLabel = nullptr;

    QStackedWidget *m_pages = nullptr; // the queue, the outbox
    OutboxPanel *m_outboxPanel = nullptr;
    std::unique_ptr<OutboxStore> m_outboxStore; // on the decisions' store file
    StoreReportOutbox m_reportOutbox;           // the scrub report's way into it
    std::optional<RubricPack> m_pack;
    bool m_packPinned = false;
    QHash<QString, QueueRubric> m_queueRubrics; // this session's choices; QSettings keeps them across sessions
    QString m_outboxUnavailable;
    QAction *m_queuePageAction = nullptr;
    QAction *m_outboxAction = nullptr;
    KSyntaxHighlighting::Repository *m_syntax = nullptr;
    SimilarIssuesPanel *m_similarPanel = nullptr;
    std::unique_ptr<SimilarityLookup> m_similarity; // on the issue store's file
    ScoreboardPage *m_scoreboardPage = nullptr;
    QAction *m_scoreboardAction = nullptr;
    QList<QAction *> m_queueShortcuts; // the single-key review keys: off while the outbox shows
    ReviewShortcuts *m_shortcuts = nullptr;
    bool m_marking = false; // `x` was pressed: moving keeps the marked rows selected
    QString m_filtersKey;   // the queue the filters belong to
    RepositoryLabelController *m_repositoryLabels = nullptr;
    SnoozeController *m_snoozes = nullptr;
};
