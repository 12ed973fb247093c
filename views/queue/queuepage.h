// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/review/reviewdecisionstore.h"
#include "engine/triage/rubricpack.h"
#include "engine/triage/rubricset.h"

#include <QHash>
#include <QList>
#include <QWidget>

#include <optional>

class GitHubClient;
class IssueFilterProxyModel;
class IssueStore;
class IssueTableModel;
class IssueView;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QMenu;
class QProgressBar;
class QSettings;
class QSplitter;
class QTableView;
class QTabWidget;
class QTimer;
class QUndoStack;
class QVBoxLayout;
class QueueTriager;
class ReproPanel;
class RepositoryLabelController;
class SearchDialog;
class Session;
class SimilarIssuesPanel;
class SnoozeController;
class SuggestionPanel;
struct BatchEdit;
struct DuplicatePlan;
struct OutboxReport;
struct QueueFilters;

// The queue page: the state counts, the filters and the sortable table on top; the selected issue (with its Repro
// and Similar tabs) and the engine's suggestion below. It moves through the queue, keeps the reviewer's undecided
// edits (drafts) and marks, decides (approve, skip, a batch edit, a duplicate) through the undo stack, and puts
// approvals in the session's outbox. Its status-bar pieces (source, triage progress, count) are the window's to
// place; what it has to say goes out through statusMessage().
class QueuePage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(QueuePage)

public:
    static constexpr int SnoozedStateFilter = 100; // the state filter's "Snoozed" entry

    explicit QueuePage(Session *session, QWidget *parent = nullptr);
    ~QueuePage() override;

    // The rubric the queue is triaged with, alone; re-triages the loaded queue.
    void setPack(const RubricPack &pack);
    // Each issue by the built-in rubric its oncall labels name; an error, or "".
    QString useRubricsByLabels();
    bool rubricsByLabels() const { return m_rubrics.isPerIssue(); }
    const RubricSet &rubrics() const { return m_rubrics; }
    const std::optional<RubricPack> &pack() const { return m_pack; }
    QString packProfile() const { return m_pack ? m_pack->profile : QString(); }

    // A queue's issues; `filtersKey` names the filters the queue keeps (restored when state is remembered).
    void setIssues(QList<Issue> issues, const QString &sourceName, const QString &repository,
                   const QString &filtersKey);
    QString repository() const { return m_repository; }
    // The decisions' store changed (or the queue did): snoozes, undo and the table's reviews follow it.
    void reloadDecisions();
    void showLoading(const QString &title);
    void updateCount();

    void selectFirstIssue();
    bool selectIssue(int number);
    int currentIssueNumber() const;
    void moveSelection(int delta);
    void decide(ReviewState state);
    void undo();
    void retriage(int number); // a fresh plan for an issue the queue already processed
    bool isTriaging() const;

    QMenu *snoozeCurrentIssue();
    SnoozeController *snoozes() const { return m_snoozes; }
    QList<int> markedIssueNumbers() const;
    void toggleMark();
    void clearMarks();
    int applyBatch(const BatchEdit &edit);
    void openBatchEdit();
    void openCurrentOnGitHub();
    void focusFilter();
    void clearFilterText();
    void focusTable();
    QueueFilters filters() const;
    void setFilters(const QueueFilters &filters);
    void setRemembersState(bool remember) { m_remembersState = remember; }

    void showReproTab(bool show);
    bool isReproTabShown() const;
    void showSimilarTab(bool show);
    bool isSimilarTabShown() const;
    SearchDialog *openSearch();
    void openIssueFromStore(const QString &repository, int number);

    // The open queue's repository labels, from the issue store's file, synced through the client.
    void setUpRepositoryLabels(GitHubClient *client, IssueStore *issueStore);
    RepositoryLabelController *repositoryLabels() const { return m_repositoryLabels; }

    void setOutboxUnavailableReason(const QString &reason);
    QString outboxUnavailableReason() const { return m_outboxUnavailable; }
    // The outbox submitted a batch: the table shows what is on GitHub now, which cannot be undone from here.
    void onOutboxBatchFinished(const OutboxReport &report);

    // Bigger type, fewer columns, the filters out of the way; `size` is the window's.
    void setPresentationMode(bool on, QSize size);
    // A widget shown above the table (the sync banner).
    void insertBanner(QWidget *banner);
    void restoreState(const QSettings &settings);
    void saveState(QSettings &settings) const;

    IssueTableModel *tableModel() const { return m_model; }
    IssueFilterProxyModel *proxyModel() const { return m_proxy; }
    QTableView *table() const { return m_table; }
    IssueView *issueView() const { return m_issueView; }
    SuggestionPanel *suggestionPanel() const { return m_panel; }
    ReproPanel *reproPanel() const { return m_reproPanel; }
    SimilarIssuesPanel *similarPanel() const { return m_similarPanel; }
    QUndoStack *undoStack() const { return m_undoStack; }
    // For the window's status bar.
    QLabel *sourceLabel() const { return m_sourceLabel; }
    QLabel *countLabel() const { return m_countLabel; }
    QProgressBar *triageProgress() const { return m_progress; }

Q_SIGNALS:
    void triageFinished();
    // A rubric is applied: the pages beside the queue (outbox, scoreboard) take it too.
    void packApplied(const RubricPack &pack);
    // Something went to the outbox (or left it).
    void outboxChanged();
    void statusMessage(const QString &text, int timeout);
    void statusMessageCleared();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void setUpTable();
    void setUpFilters(QWidget *bar);
    void setUpDetails();
    void setUpSelection();
    void setUpStatusPieces();
    void setUpTriage();
    void applyFilter();
    void applyPack(const RubricPack &pack); // the panels' and the table's rubric; re-triages
    void startTriage();
    void updateSnoozes();
    void showCurrentIssue();
    void refreshCurrentSuggestion(bool force);
    void keepDraftOfShownIssue();
    void updateStateCounts();
    void showError(const QString &message);
    void applyColumnVisibility();
    void resizeColumns();
    void queueDuplicate(const DuplicatePlan &plan);
    bool outboxTakesApprovals() const;

    Session *m_session;
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
    SimilarIssuesPanel *m_similarPanel = nullptr;
    QSplitter *m_splitter;
    QSplitter *m_detailSplitter;
    QVBoxLayout *m_queueLayout = nullptr;
    QLabel *m_stateCounts;
    QLabel *m_sourceLabel;
    QLabel *m_countLabel;
    QProgressBar *m_progress;
    RubricSet m_rubrics; // what plans the queue: m_pack alone, or per issue by its labels
    std::optional<RubricPack> m_pack;
    QString m_repository;
    bool m_presentation = false;
    bool m_remembersState = false;
    int m_shownNumber = 0; // the issue in the view, 0 for none
    // Edits the reviewer left undecided when moving on (j/k, a click): back when they return to the issue.
    QHash<int, TriagePlan> m_drafts;
    bool m_marking = false; // `x` was pressed: moving keeps the marked rows selected
    QString m_filtersKey;   // the queue the filters belong to
    QString m_outboxUnavailable;
    RepositoryLabelController *m_repositoryLabels = nullptr;
    SnoozeController *m_snoozes = nullptr;
};
