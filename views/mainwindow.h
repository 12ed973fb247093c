// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/core/queuespec.h"
#include "engine/core/result.h"
#include "engine/review/reviewdecisionstore.h"
#include "engine/triage/rubricpack.h"
#include "engine/triage/rubricset.h"
#include "models/outbox/reportoutbox.h"

#include "models/session/session.h"
#include "views/outbox/outboxhost.h"
#include "views/queue/queuefilters.h"
#include "views/queue/queuepage.h"
#include "views/sync/syncstatuswidget.h"

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
class IssueStore;
class IssueTableModel;
class OutboxHost;
class OutboxPanel;
class OutboxStore;
class QAction;
class QMenu;
class QToolBar;
class QUndoStack;
class QueuePage;
class ReproPanel;
class RepositoryLabelController;
class ReviewShortcuts;
class ScoreboardPage;
class SearchDialog;
class Session;
class SimilarIssuesPanel;
class SnoozeController;
class SuggestionPanel;
class SyncStatusWidget;
class TokenStore;
struct BatchEdit;
struct OutboxReport;
struct QueueFilters;

// The console's shell: the queue page (QueuePage: the queue on top, the selected issue and the engine's suggestion
// below), the outbox and the scoreboard pages (OutboxHost switches them), the toolbar, the sync's status
// (SyncStatusWidget) and the keys. Keys: `/` filters, `j`/`k` move, `a` approves and advances, `e` edits, `s` skips,
// `u` undoes, `?` lists the keys, F11 toggles presentation mode. Decisions go to the store at once. The client and
// the stores are the Session's.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)

public:
    // The session's client, stores and highlighting repository; not owned.
    explicit MainWindow(Session *session, QWidget *parent = nullptr);
    // A session of its own, on the given highlighting repository, without a client or stores until the setters.
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
    bool rubricsByLabels() const { return m_queuePage->rubricsByLabels(); }
    struct QueueRubric
    {
        QString profile;  // empty: from the labels
        QString packFile; // a team's pack file; wins over the profile
    };
    QueueRubric queueRubric(const QueueSpec &queue) const;
    void setQueueRubric(const QueueSpec &queue, const QueueRubric &rubric);
    QString packProfile() const { return m_queuePage->packProfile(); }
    Session *session() const { return m_session; }
    QueuePage *queuePage() const { return m_queuePage; }
    // Where decisions are kept; without one, review still works but nothing persists. Not owned.
    void setDecisionStore(ReviewDecisionStore *store);
    void setIssues(QList<Issue> issues, const QString &sourceName, const QString &repository = {});
    void selectFirstIssue() { m_queuePage->selectFirstIssue(); }
    bool selectIssue(int number) { return m_queuePage->selectIssue(number); }
    int currentIssueNumber() const { return m_queuePage->currentIssueNumber(); }
    // `z`: the snooze choices for the current issue, popped up beside its row (null without one).
    QMenu *snoozeCurrentIssue() { return m_queuePage->snoozeCurrentIssue(); }
    SnoozeController *snoozes() const { return m_queuePage->snoozes(); }
    static constexpr int SnoozedStateFilter = 100; // the state filter's "Snoozed" entry (QueuePage's)

    // GitHub and the local store the queue comes from; the token store backs the token dialog. Not owned.
    void setGitHub(GitHubClient *client, IssueStore *issueStore, TokenStore *tokenStore = nullptr);
    // Shows a queue as the store holds it (no network). The issues load off the GUI thread, so the window
    // paints at once; queueOpened() follows when they are in the table (a failure shows in the banner).
    // False when there is no store or the queue is not valid.
    bool openStoredQueue(const QueueSpec &queue);
    bool isLoadingQueue() const { return m_session->isLoadingQueue(); }
    bool hasStoredQueue() const { return m_hasQueue; }
    QueueSpec currentQueue() const { return m_queue; }
    static QString queueTitle(const QueueSpec &queue);

    // Ctrl+R: brings the current queue up to date from GitHub, then reloads it, keeping the selection.
    QAction *syncAction() const { return m_syncAction; }
    void sync();
    void cancelSync() { m_session->cancelSync(); }
    bool isSyncing() const { return m_session->isSyncing(); }
    void openQueuePicker();
    void openTokenSettings();
    QString syncStatusText() const { return m_syncStatus->statusText(); }
    QString rateLimitText() const { return m_syncStatus->rateLimitText(); }
    QString syncBannerText() const { return m_syncStatus->bannerText(); }

    void setPresentationMode(bool on);
    bool isPresentationMode() const { return m_presentation; }
    // Window state (geometry, splitters, columns, last issue) in QSettings; off for screenshots and tests.
    void setRemembersState(bool remember);
    void restoreState();
    void saveState() const;

    IssueTableModel *tableModel() const { return m_queuePage->tableModel(); }
    SuggestionPanel *suggestionPanel() const { return m_queuePage->suggestionPanel(); }
    // The Repro tab beside the issue (`r` switches to it and back); it follows the current issue.
    ReproPanel *reproPanel() const { return m_queuePage->reproPanel(); }
    void showReproTab(bool show) { m_queuePage->showReproTab(show); }
    bool isReproTabShown() const { return m_queuePage->isReproTabShown(); }
    // The Similar tab (`m`) beside the issue: matches from the store's similarity index; `d` marks the selected
    // one as the original of a duplicate. Ctrl+K searches the whole store (the dialog is returned, shown).
    SimilarIssuesPanel *similarPanel() const { return m_queuePage->similarPanel(); }
    void showSimilarTab(bool show) { m_queuePage->showSimilarTab(show); }
    bool isSimilarTabShown() const { return m_queuePage->isSimilarTabShown(); }
    SearchDialog *openSearch() { return m_queuePage->openSearch(); }
    QUndoStack *undoStack() const { return m_queuePage->undoStack(); }
    // The open queue's repository labels (stored, synced after each queue sync); null without a store.
    RepositoryLabelController *repositoryLabels() const { return m_queuePage->repositoryLabels(); }

    // The outbox page ("Outbox (N)" in the toolbar, Ctrl+Shift+O): approvals wait there, on the decisions'
    // store file, until Submit writes them to GitHub through the window's client.
    OutboxPanel *outboxPanel() const { return m_outboxPanel; }
    OutboxStore *outboxStore() const { return m_session->outboxStore(); }
    void showOutbox(bool show) { m_pageHost->showOutbox(show); }
    bool isOutboxShown() const { return m_pageHost->isOutboxShown(); }
    // Why approvals of this queue must not go to GitHub (the demo queue); empty: they go to the outbox.
    void setOutboxUnavailableReason(const QString &reason);
    bool isTriaging() const { return m_queuePage->isTriaging(); }

    // The Scoreboard page (Ctrl+Shift+S): the suggestions measured on the store's decisions, and the what-if.
    ScoreboardPage *scoreboardPage() const { return m_scoreboardPage; }
    void showScoreboard(bool show) { m_pageHost->showScoreboard(show); }
    bool isScoreboardShown() const { return m_pageHost->isScoreboardShown(); }
    // Every key is a remappable action (KShortcutsDialog, from the `?` sheet); the reviewer's keys are kept.
    ReviewShortcuts *shortcuts() const { return m_shortcuts; }
    // Marked issues (`x`, or Shift/Ctrl+click): what `b` applies one edit to, each as an edit of its own.
    QList<int> markedIssueNumbers() const { return m_queuePage->markedIssueNumbers(); }
    void toggleMark() { m_queuePage->toggleMark(); }
    void clearMarks() { m_queuePage->clearMarks(); }
    // Applies the edit to each marked issue (the current one when none is marked) through the queue's rules
    // and the outbox, like approving each with that edit; one `u` undoes the batch. Returns how many it
    // edited; the refused ones are named in the status bar.
    int applyBatch(const BatchEdit &edit) { return m_queuePage->applyBatch(edit); }
    void openBatchEdit() { m_queuePage->openBatchEdit(); }
    void openCurrentOnGitHub() { m_queuePage->openCurrentOnGitHub(); }
    // The filter text and the marked filters; kept per queue (with remembered state) and back when it reopens.
    QueueFilters filters() const { return m_queuePage->filters(); }
    void setFilters(const QueueFilters &filters) { m_queuePage->setFilters(filters); }

Q_SIGNALS:
    void triageFinished();
    void syncFinished(bool ok);
    void queueOpened(const QueueSpec &queue);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void setUpStatusBar();
    void setUpToolBar();
    void setUpShortcuts();
    void setUpPages();
    void applySessionStores();
    void applyGitHub();
    void onQueueLoaded(const QueueSpec &queue, const Result<QList<Issue>> &issues);
    void showShortcutSheet();
    void showMessage(const QString &message, int timeout);
    void onSyncFinished(bool ok, const QString &error);
    void updateSyncIdleText();
    void reReview(const QString &repository, int number);

    std::unique_ptr<Session> m_ownSession; // MainWindow(repository)'s
    Session *m_session;
    QueuePage *m_queuePage = nullptr;
    SyncStatusWidget *m_syncStatus = nullptr;
    StoreReportOutbox m_reportOutbox; // the scrub report's way into the session's outbox
    OutboxHost *m_pageHost = nullptr;
    OutboxPanel *m_outboxPanel = nullptr;
    ScoreboardPage *m_scoreboardPage = nullptr;
    QFont m_normalFont;
    bool m_presentation = false;
    bool m_remembersState = false;
    int m_pendingSelection = 0;       // the issue to select once the loading queue is in
    bool m_syncFinishPending = false; // syncFinished() waits for the reload that follows a sync

    QueueSpec m_queue;
    bool m_hasQueue = false;
    QDateTime m_lastSync;
    QToolBar *m_toolBar = nullptr;
    QAction *m_openAction = nullptr;
    QAction *m_syncAction = nullptr;
    QAction *m_tokenAction = nullptr;
    bool m_packPinned = false;
    QHash<QString, QueueRubric> m_queueRubrics; // this session's choices; QSettings keeps them across sessions
    QList<QAction *> m_queueShortcuts;          // the single-key review keys: off while the outbox shows
    ReviewShortcuts *m_shortcuts = nullptr;
};
