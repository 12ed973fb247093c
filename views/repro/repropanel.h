// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "models/repro/reprosession.h"
#include "models/repro/reprostatus.h"
#include "views/repro/operatorprobepanel.h"
#include "views/repro/reproreductionpanel.h"
#include "views/repro/scrubgatebox.h"

#include <QDateTime>
#include <QWidget>

#include <optional>

namespace KSyntaxHighlighting {
class Repository;
class SyntaxHighlighter;
} // namespace KSyntaxHighlighting
class ElidedLabel;
class MessageBanner;
class QCheckBox;
class ScrubDuplicateLookup;
class QComboBox;
class QFrame;
class QLabel;
class QLineEdit;
class QListView;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QStackedWidget;
class QToolButton;
class ReproOutputDelegate;
class ReproOutputModel;
class ReproRankFilterModel;

// The current issue's reproduction, vetted and run: the chosen candidate (others switchable) with the reason
// for the choice, the reported error (editable), the static scan's findings and the author's trust, the
// reviewer's explicit consent when either calls for it (recorded with the result), the environment, runs,
// timeout and seed; Run / Cancel; the live output (search, copy, auto-scroll that stops when the reader
// scrolls up); and the classified outcome as a badge with its flakiness ratio, versions and duration.
// Results go to the store with the issue. Nothing runs outside the sandbox, and code that does not parse
// is reported, never run. The state and the jobs are the ReproSession's; the panel shows it and binds its
// controls to it.
class ReproPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReproPanel)

public:
    static constexpr int DefaultRuns = ReproSession::DefaultRuns;
    static constexpr int DefaultTimeoutSeconds = ReproSession::DefaultTimeoutSeconds;

    explicit ReproPanel(KSyntaxHighlighting::Repository *repository, QWidget *parent = nullptr);
    ~ReproPanel() override;

    // Where results are kept; without one, runs still show but nothing persists. Not owned.
    void setResultStore(ReproResultStore *store) { m_session->setResultStore(store); }
    void setRepository(const QString &repository) { m_session->setRepository(repository); }
    // The store whose similarity index (#30) the scrub's duplicate check asks; empty: the text's check only.
    void setSimilarityStore(const QString &path) { m_session->setSimilarityStore(path); }
    ScrubDuplicateLookup *duplicateLookup() const { return m_session->duplicateLookup(); }
    // The controller behind the panel: the issue's repro, its jobs and results.
    ReproSession *session() const { return m_session; }
    // Follows the current issue: shows its stored result at once, extracts its candidates off the GUI thread
    // (statusChanged() follows), then scans the chosen one (scanFinished()). A run in progress is cancelled.
    void setIssue(const Issue &issue);
    void clearIssue();
    int issueNumber() const { return m_session->issueNumber(); }
    ReproStatus status() const { return m_session->status(); }

    // Environments: discovered once (system python3, configured ones, conda) unless given.
    void discoverEnvironments() { m_session->discoverEnvironments(); }
    void setEnvironments(const QList<PythonEnvironment> &environments) { m_session->setEnvironments(environments); }
    QList<PythonEnvironment> environments() const { return m_session->environments(); }
    void setReviewer(const QString &reviewer)
    {
        m_session->setReviewer(reviewer);
        m_reduction->setReviewer(reviewer);
        m_operatorProbe->setReviewer(reviewer);
    }

    void run();
    void cancel();
    bool isRunning() const { return m_session->isRunning(); }
    bool isScanning() const { return m_session->isScanning(); }
    // Why Run is not possible now, empty when it is.
    QString blocker() const { return m_session->blocker(); }
    // The script as Run would run it, with the reported error; none while it cannot run.
    std::optional<ReproSubject> subject() const { return m_session->subject(); }

    // Bisect, minimize and the scrub report, on a page of their own in place of the run's controls and output.
    ReproReductionPanel *reductionPanel() const { return m_reduction; }
    void showReduction(ReproReductionPanel::Page page);
    void showRunPage();
    bool isReductionShown() const;
    // "Operator probe": what DTensor does with the op(s) the issue asks about, probed here (a page of its own).
    OperatorProbePanel *operatorProbePanel() const { return m_operatorProbe; }
    void showOperatorProbe();
    bool isOperatorProbeShown() const;

    ReproOutputModel *outputModel() const { return m_session->outputModel(); }
    QListView *outputView() const { return m_outputView; }
    // "All ranks", "Rank 0", …: shown once the output has lines tagged `[rankN]: `.
    QComboBox *rankCombo() const { return m_rankCombo; }
    QString badgeText() const;
    // "● reproduces 4/5": the outcome as the badge words it, shape first.
    static QString outcomeSummary(const ReproRunRecord &record);
    // "today 13:09", else a short date and time.
    static QString whenText(const QDateTime &at);
    QString statusText() const;
    QString reviewText() const;
    QString detailsText() const;
    std::optional<ReproReview> review() const { return m_session->review(); }
    std::optional<ReproRunRecord> shownRecord() const { return m_session->record(); }
    bool followsOutput() const { return m_follow; }

    // The controls, for keyboard wiring and tests.
    QComboBox *candidateCombo() const { return m_candidateCombo; }
    QLineEdit *expectedEdit() const { return m_expectedEdit; }
    QCheckBox *consentCheck() const { return m_consentCheck; }
    QCheckBox *variantCheck() const { return m_variantCheck; }
    std::optional<ReproNeeds> needs() const { return m_session->needs(); }
    QString needsText() const;
    QComboBox *environmentCombo() const { return m_envCombo; }
    QSpinBox *runsSpin() const { return m_runsSpin; }
    QSpinBox *timeoutSpin() const { return m_timeoutSpin; }
    QPushButton *runButton() const { return m_runButton; }
    QPushButton *cancelButton() const { return m_cancelButton; }
    QLineEdit *searchEdit() const { return m_searchEdit; }
    // The scrub's first finding (the actionability check, a recent confirmation) and the run's extras.
    ScrubGateBox *gateBox() const { return m_gateBox; }
    ScrubGate gate() const { return m_session->gate(); }
    bool wentOn() const { return m_session->wentOn(); }
    QLineEdit *variablesEdit() const { return m_varsEdit; }
    QCheckBox *dynamoResetCheck() const { return m_resetCheck; }
    // Not owned: the fixing PR is looked up through it (the scrub report).
    void setGitHubClient(GitHubClient *client) { m_reduction->setGitHubClient(client); }

    // Search in the output (Ctrl+F focuses the field; Enter / Shift+Enter, F3 / Shift+F3 step).
    bool findNext(bool backward = false);
    void copySelection() const;
    void copyAll() const;

Q_SIGNALS:
    void statusChanged(const ReproStatus &status);
    void scanFinished();
    void needsChecked();
    void environmentsReady();
    void runStarted();
    // After every series (stored or not): the record as it was, or would have been, stored.
    void runFinished(const ReproRunRecord &record);

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void setUpHeader();
    void setUpCandidate();
    void setUpReview();
    void setUpRunControls();
    void setUpOutput();
    void setUpOutputTools();
    void setUpLayout();
    void setUpKeys();
    void bindSession();
    void showRank(int rank); // -1: every line
    void updateRankChoices();
    int sourceRow(const QModelIndex &shown) const; // a row of the view → the output model's row
    void setUpReduction();
    void onIssueChanged(bool sameIssue);
    void onExtracted(bool sameIssue);
    void onCandidateChanged();
    void onRunStarted(const ReproRunStart &start);
    void onRunEnded(const ReproRunRecord &record, const ReproRunEnd &end);
    void chooseCandidate(int index);
    void showReview();
    void updateRunState();
    void showRecord(const std::optional<ReproRunRecord> &record, bool loadOutput);
    void showBadge(ReproOutcome::Kind kind, const QString &text);
    void setStatus(const QString &text);
    void updateCodeMarks();
    void showNeeds();
    void applyPalette();
    void showGate();
    void pushSettings();

    KSyntaxHighlighting::Repository *m_repositoryDefs;
    ReproSession *m_session;
    bool m_follow = true;

    QLabel *m_titleLabel;
    QLabel *m_badge;
    MessageBanner *m_banner;
    QComboBox *m_candidateCombo;
    QLabel *m_reasonLabel;
    QLineEdit *m_expectedEdit;
    QFrame *m_reviewBox;
    QLabel *m_reviewLabel;
    QCheckBox *m_consentCheck;
    QLabel *m_needsLabel;
    QCheckBox *m_variantCheck; // run the CPU variant or the assert_close edit instead of the code as posted
    QComboBox *m_envCombo;
    QSpinBox *m_runsSpin;
    QSpinBox *m_timeoutSpin;
    QCheckBox *m_seedCheck;
    QSpinBox *m_seedSpin;
    QPushButton *m_runButton;
    QPushButton *m_cancelButton;
    QProgressBar *m_progress;
    ElidedLabel *m_statusLabel;
    QPlainTextEdit *m_codeView;
    KSyntaxHighlighting::SyntaxHighlighter *m_codeHighlighter;
    ReproOutputModel *m_output; // the session's
    ReproOutputDelegate *m_delegate;
    QListView *m_outputView;
    QWidget *m_outputPane = nullptr;
    ReproRankFilterModel *m_rankFilter; // the view's model while one rank is shown; idle otherwise
    QComboBox *m_rankCombo;
    QLineEdit *m_searchEdit;
    QToolButton *m_prevButton;
    QToolButton *m_nextButton;
    QToolButton *m_copyButton;
    QToolButton *m_followButton;
    QCheckBox *m_ansiCheck;
    QLabel *m_detailsLabel;
    ReproReductionPanel *m_reduction;
    QStackedWidget *m_pages = nullptr; // the run, the reduction
    QToolButton *m_bisectButton;
    QToolButton *m_minimizeButton;
    QToolButton *m_reportButton;
    OperatorProbePanel *m_operatorProbe;
    QToolButton *m_operatorButton;
    ScrubGateBox *m_gateBox;
    QLineEdit *m_varsEdit;
    QCheckBox *m_resetCheck;
};
