// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/core/result.h"
#include "engine/outbox/outboxentry.h"
#include "engine/reduction/reprobisector.h"
#include "engine/reduction/reprominimizer.h"
#include "engine/repro/pythonenvironment.h"
#include "engine/repro/reproresultstore.h"
#include "engine/scrub/scrubactionability.h"
#include "engine/scrub/scrubreport.h"
#include "engine/triage/rubricpack.h"
#include "models/repro/reductionsession.h"
#include "models/repro/reprosubject.h"

#include <QWidget>

#include <optional>

namespace KSyntaxHighlighting {
class Repository;
class SyntaxHighlighter;
} // namespace KSyntaxHighlighting
class ElidedLabel;
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
// the outbox for approval, never straight to GitHub. The state and the jobs are its ReductionSession's (models/repro);
// the panel binds its controls to it and repaints on its signals.
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
    void setIssue(const Issue &issue, const QString &repository) { m_session->setIssue(issue, repository); }
    void clearIssue() { m_session->clearIssue(); }
    // Whether the issue has a runnable repro at all (the report says "needs reproduction" otherwise).
    void setReproFound(bool found) { m_session->setReproFound(found); }
    void setSubject(const std::optional<ReproSubject> &subject);
    // The latest series on the current version (stored or just run), for the report.
    void setRecord(const std::optional<ReproRunRecord> &record);
    void setEnvironments(const QList<PythonEnvironment> &environments);
    void setReviewer(const QString &reviewer) { m_session->setReviewer(reviewer); }
    // Whoever owns the outbox takes the report through it; not owned. Without one (or with a reason), the
    // report can be drafted but not sent.
    void setReportOutbox(ReportOutbox *outbox);
    // The queue's rubric: the report's labels and the outbox's guardrails follow it (distributed without one).
    void setPack(const RubricPack &pack) { m_session->setPack(pack); }
    void setOutboxUnavailableReason(const QString &reason);
    // The stop rule shows (and can be changed) in the page; the rest are the minimizer's defaults.
    void setMinimizerOptions(const MinimizerOptions &options);
    void setBisectorOptions(const BisectorOptions &options) { m_session->setBisectorOptions(options); }
    // The actionability check and recent confirmation of the Repro tab; wentOn: the reviewer chose to run anyway.
    void setGate(const ScrubGate &gate, bool wentOn);
    // Not owned. With one, a report on a bug that no longer reproduces names the fixing PR from the issue's
    // timeline (its cross-references); without one, the version only.
    void setGitHubClient(GitHubClient *client) { m_session->setGitHubClient(client); }
    ReductionSession *session() const { return m_session; }

    void showPage(Page page);
    Page page() const;
    // Bisects across the checked environments, ordered by the package's version.
    void startBisect();
    void startMinimize();
    void cancel();
    bool isBusy() const { return m_session->isBusy(); }
    // Drafts the report from the findings so far (the reviewer's edits to the comment are replaced).
    void composeReport();
    // Puts the drafted report, with the comment as edited, in the outbox.
    Result<OutboxEntry> sendToOutbox();

    // The latest results, also a cancelled job's work so far.
    std::optional<BisectResult> bisectResult() const;
    std::optional<MinimizeResult> minimizeResult() const;
    std::optional<ScrubReport> report() const { return m_session->report(); }
    ScrubFindings findings() const { return m_session->findings(); }
    QString minimizeStatusText() const;
    QString bisectStatusText() const;
    QString reportLabelsText() const;
    int bestLines() const { return m_session->bestLines(); }
    int runsUsed() const { return m_session->runsUsed(); }

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
    std::optional<FixingPullRequest> fixedBy() const { return m_session->fixedBy(); }
    QPushButton *sendButton() const { return m_sendButton; }
    QPushButton *cancelButton() const { return m_cancelButton; }
    bool showsDiff() const;

Q_SIGNALS:
    void backRequested(); // to the run
    void busyChanged(bool busy);
    void bisectRoundStarted(int round);
    void bisectFinished(const Result<BisectResult> &result);
    void minimizeProgressed(int runs, int bestLines);
    void minimizeImproved(int bestLines);
    void minimizeFinished(const Result<MinimizeResult> &result);
    void reportSent(const OutboxEntry &entry);
    void fixLookupFinished(); // the fixing PR was looked up (found or not); the report is drafted again

protected:
    void changeEvent(QEvent *event) override;

private:
    QWidget *buildBisectPage();
    QWidget *buildMinimizePage();
    QWidget *buildReportPage();
    void bindSession();
    void onFindingsReset();
    void fillEnvironments();
    void updateActions();
    void onBisectRound(int round, const QStringList &versions);
    void onProbe(const BisectProbe &probe);
    void onBisectFinished(const Result<BisectResult> &bisected);
    void showProbes(const QList<BisectProbe> &probes, const QList<BisectBoundary> &boundaries);
    void onMinimizeImproved(const QString &source, int lines, const QString &step);
    void onMinimizeFinished(const Result<MinimizeResult> &minimized);
    void showMinimizeStatus();
    void showReport();
    void setStatus(const QString &text);
    void applyPalette();

    KSyntaxHighlighting::Repository *m_repositoryDefs;
    ReductionSession *m_session;

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
