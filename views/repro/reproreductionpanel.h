// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/core/result.h"
#include "engine/outbox/outboxentry.h"
#include "engine/reduction/reprobisector.h"
#include "engine/reduction/reprominimizer.h"
#include "engine/repro/pythonenvironment.h"
#include "engine/repro/reproresultstore.h"
#include "engine/repro/sandboxrunner.h"
#include "engine/scrub/scrubactionability.h"
#include "engine/scrub/scrubreport.h"
#include "engine/triage/rubricpack.h"
#include "models/repro/reprosubject.h"

#include <QPointer>
#include <QWidget>

#include <optional>

namespace KSyntaxHighlighting {
class Repository;
class SyntaxHighlighter;
} // namespace KSyntaxHighlighting
class ElidedLabel;
class FixingPullRequestJob;
class GitHubClient;
class ReportOutbox;
class QButtonGroup;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QStackedWidget;
class QToolButton;
class QTreeWidget;
class ReproDiffView;

// The scrub playbook's steps after a run, for the repro panel's issue: bisect across the discovered
// environments (rounds and probes live, then the first good / last bad version), minimize the script (step,
// runs, the current best highlighted as it shrinks; Cancel keeps the best; a side-by-side diff at the end),
// and the scrub report composed from all of it — an editable comment with its label changes — which goes to
// the outbox for approval, never straight to GitHub. Jobs run asynchronously; switching issues cancels them.
class ReproReductionPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReproReductionPanel)

public:
    enum class Page
    {
        Bisect,
        Minimize,
        Report,
    };

    explicit ReproReductionPanel(KSyntaxHighlighting::Repository *repository, QWidget *parent = nullptr);
    ~ReproReductionPanel() override;

    // The issue the findings are about; another issue cancels the jobs and forgets the findings.
    void setIssue(const Issue &issue, const QString &repository);
    void clearIssue();
    // Whether the issue has a runnable repro at all (the report says "needs reproduction" otherwise).
    void setReproFound(bool found) { m_reproFound = found; }
    void setSubject(const std::optional<ReproSubject> &subject);
    // The latest series on the current version (stored or just run), for the report.
    void setRecord(const std::optional<ReproRunRecord> &record);
    void setEnvironments(const QList<PythonEnvironment> &environments);
    void setReviewer(const QString &reviewer) { m_reviewer = reviewer; }
    // Whoever owns the outbox takes the report through it; not owned. Without one (or with a reason), the
    // report can be drafted but not sent.
    void setReportOutbox(ReportOutbox *outbox);
    // The queue's rubric: the report's labels and the outbox's guardrails follow it (distributed without one).
    void setPack(const RubricPack &pack) { m_pack = pack; }
    void setOutboxUnavailableReason(const QString &reason);
    // The stop rule shows (and can be changed) in the page; the rest are the minimizer's defaults.
    void setMinimizerOptions(const MinimizerOptions &options);
    void setBisectorOptions(const BisectorOptions &options) { m_bisectorOptions = options; }
    // The actionability check and recent confirmation of the Repro tab; wentOn: the reviewer chose to run anyway.
    void setGate(const ScrubGate &gate, bool wentOn);
    // Not owned. With one, a report on a bug that no longer reproduces names the fixing PR from the issue's
    // timeline (its cross-references); without one, the version only.
    void setGitHubClient(GitHubClient *client) { m_client = client; }

    void showPage(Page page);
    Page page() const;
    // Bisects across the checked environments, ordered by the package's version.
    void startBisect();
    void startMinimize();
    void cancel();
    bool isBusy() const { return !m_bisector.isNull() || !m_minimizer.isNull(); }
    // Drafts the report from the findings so far (the reviewer's edits to the comment are replaced).
    void composeReport();
    // Puts the drafted report, with the comment as edited, in the outbox.
    Result<OutboxEntry> sendToOutbox();

    std::optional<BisectResult> bisectResult() const { return m_bisect; }
    std::optional<MinimizeResult> minimizeResult() const { return m_minimize; }
    std::optional<ScrubReport> report() const { return m_report; }
    ScrubFindings findings() const;
    QString minimizeStatusText() const;
    QString bisectStatusText() const;
    QString reportLabelsText() const;
    int bestLines() const { return m_bestLines; }
    int runsUsed() const { return m_runsUsed; }

    // The controls, for tests and the screenshot.
    QListWidget *environmentList() const { return m_envList; }
    QLineEdit *packageEdit() const { return m_packageEdit; }
    QTreeWidget *probeTree() const { return m_probeTree; }
    QPlainTextEdit *bestView() const { return m_bestView; }
    QSpinBox *stopSpin() const { return m_stopSpin; }
    ReproDiffView *diffView() const { return m_diff; }
    QPlainTextEdit *commentEdit() const { return m_commentEdit; }
    QPlainTextEdit *conditionsEdit() const { return m_conditionsEdit; }
    QString nextActionText() const;
    std::optional<FixingPullRequest> fixedBy() const { return m_fixedBy; }
    QPushButton *sendButton() const { return m_sendButton; }
    QPushButton *cancelButton() const { return m_cancelButton; }
    bool showsDiff() const;

Q_SIGNALS:
    void backRequested(); // to the run
    void busyChanged(bool busy);
    void bisectRoundStarted(int round);
    void bisectFinished(const BisectResult &result);
    void minimizeProgressed(int runs, int bestLines);
    void minimizeImproved(int bestLines);
    void minimizeFinished(const MinimizeResult &result);
    void reportSent(const OutboxEntry &entry);
    void fixLookupFinished(); // the fixing PR was looked up (found or not); the report is drafted again

protected:
    void changeEvent(QEvent *event) override;

private:
    QWidget *buildBisectPage();
    QWidget *buildMinimizePage();
    QWidget *buildReportPage();
    void stopJobs();
    void resetFindings();
    void fillEnvironments();
    void updateActions();
    void onProbe(const BisectProbe &probe);
    void onBisectFinished(const BisectResult &result);
    void showProbes(const QList<BisectProbe> &probes, const QList<BisectBoundary> &boundaries);
    void onMinimizeFinished(const MinimizeResult &result);
    void showMinimizeStatus();
    void showReport();
    void setStatus(const QString &text);
    void applyPalette();
    void lookUpFix();

    KSyntaxHighlighting::Repository *m_repositoryDefs;
    std::optional<Issue> m_issue;
    std::optional<RubricPack> m_pack;
    QString m_repository;
    QString m_reviewer;
    bool m_reproFound = true;
    std::optional<ReproSubject> m_subject;
    std::optional<ReproRunRecord> m_record;
    QList<PythonEnvironment> m_environments;
    ScrubGate m_gate;
    bool m_wentOn = false;
    GitHubClient *m_client = nullptr;
    QPointer<FixingPullRequestJob> m_fixJob;
    std::optional<FixingPullRequest> m_fixedBy;
    QString m_fixNote; // what the lookup found or why it could not
    bool m_fixLookedUp = false;
    ReportOutbox *m_outbox = nullptr;
    QString m_outboxUnavailable;
    MinimizerOptions m_minimizerOptions;
    BisectorOptions m_bisectorOptions;

    QPointer<ReproBisector> m_bisector;
    QPointer<ReproMinimizer> m_minimizer;
    std::optional<BisectResult> m_bisect;
    std::optional<MinimizeResult> m_minimize;
    std::optional<ScrubReport> m_report;
    QString m_minimizeOriginal;
    int m_bestLines = 0;
    int m_originalLines = 0;
    int m_bestNonBlank = 0;
    int m_runsUsed = 0;
    int m_round = 0;
    QString m_pass;
    QString m_lastStep;
    int m_bisectRound = 0;
    int m_bisectRuns = 0;

    QToolButton *m_backButton;
    QButtonGroup *m_pageButtons;
    QProgressBar *m_progress;
    ElidedLabel *m_statusLabel;
    QPushButton *m_cancelButton;
    QStackedWidget *m_pages;

    // Bisect
    QListWidget *m_envList = nullptr;
    QLineEdit *m_packageEdit = nullptr;
    QSpinBox *m_probesSpin = nullptr;
    QPushButton *m_bisectButton = nullptr;
    QTreeWidget *m_probeTree = nullptr;
    QLabel *m_bisectResultLabel = nullptr;

    // Minimize
    QPushButton *m_minimizeButton = nullptr;
    QSpinBox *m_stopSpin = nullptr;
    QLabel *m_minimizeLabel = nullptr;
    QStackedWidget *m_minimizeStack = nullptr;
    QLabel *m_bestTitle = nullptr;
    QPlainTextEdit *m_bestView = nullptr;
    KSyntaxHighlighting::SyntaxHighlighter *m_bestHighlighter = nullptr;
    QListWidget *m_stepList = nullptr;
    ReproDiffView *m_diff = nullptr;

    // Report
    QLabel *m_verdictLabel = nullptr;
    QLabel *m_nextActionLabel = nullptr;
    QPlainTextEdit *m_commentEdit = nullptr;
    QPlainTextEdit *m_conditionsEdit = nullptr;
    QLabel *m_labelsLabel = nullptr;
    QLabel *m_notesLabel = nullptr;
    QPushButton *m_recomposeButton = nullptr;
    QPushButton *m_sendButton = nullptr;
    QLabel *m_sendLabel = nullptr;
};
