// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/core/result.h"
#include "engine/outbox/outboxentry.h"
#include "engine/probe/operatoranalysis.h"
#include "engine/probe/operatorfinder.h"
#include "engine/probe/operatorprobejob.h"
#include "engine/repro/pythonenvironment.h"
#include "engine/triage/rubricpack.h"

#include <QPointer>
#include <QWidget>

#include <optional>

class OperatorProbeModel;
class OutboxStore;
class QComboBox;
class MessageBanner;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTabWidget;
class QTableView;
class QTextBrowser;

// "Operator probe", a page of the Repro tab: the ATen op(s) the issue asks DTensor support for (found by the
// OperatorFinder, with the words that say so; editable), probed in the sandbox on a CPU Gloo mesh of 2 and 4 ranks
// — every placement of every tensor input, live, cancellable — as a table; then the analysis of the chosen op
// (category, broadcast, Partial() inputs, which placements work, raise or give WRONG results), its drafted
// comment (editable, to the outbox with the suggested labels) and the generated DTensor test to copy.
class OperatorProbePanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(OperatorProbePanel)

public:
    explicit OperatorProbePanel(QWidget *parent = nullptr);
    ~OperatorProbePanel() override;

    // Follows the current issue: the ops it asks about fill the op field. A probe under way is cancelled.
    void setIssue(const Issue &issue);
    void clearIssue();
    void setEnvironments(const QList<PythonEnvironment> &environments);
    void setRepository(const QString &repository) { m_repository = repository; }
    void setReviewer(const QString &reviewer) { m_reviewer = reviewer; }
    void setPack(const RubricPack &pack) { m_pack = pack; }
    void setOutboxStore(OutboxStore *store);
    void setOutboxUnavailableReason(const QString &reason) { m_outboxUnavailable = reason; }
    // The probe's own text; replaceable (tests patch it to make an op give a wrong shard).
    void setScriptText(const QString &text) { m_scriptText = text; }

    void run();
    void cancel();
    bool isRunning() const { return m_job && m_job->isRunning(); }
    // Why Run is not possible now, empty when it is.
    QString blocker() const;
    QList<OperatorMention> mentions() const { return m_mentions; }
    QStringList ops() const;
    QList<int> ranks() const;
    // The environment a probe runs in: the first usable one with torch.
    std::optional<PythonEnvironment> environment() const;

    OperatorProbeModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    QLineEdit *opsEdit() const { return m_opsEdit; }
    QLineEdit *ranksEdit() const { return m_ranksEdit; }
    QPushButton *runButton() const { return m_runButton; }
    QPushButton *cancelButton() const { return m_cancelButton; }
    QTabWidget *analysisTabs() const { return m_tabs; }
    QPlainTextEdit *commentEdit() const { return m_commentEdit; }
    QString statusText() const;
    QString analysisText() const;
    QString testText() const;
    std::optional<OperatorAnalysis> analysis() const { return m_analysis; }
    std::optional<OperatorProbeOutcome> outcome() const { return m_outcome; }
    // The drafted comment as edited, with the suggested labels, in the outbox (a value: the entry or why not).
    Result<OutboxEntry> sendToOutbox();

Q_SIGNALS:
    void started();
    // A probe run ended: the job's result, passed on once the panel shows it.
    void finished(const Result<OperatorProbeOutcome> &outcome);
    void backRequested();

protected:
    void changeEvent(QEvent *event) override;

private:
    void setUpTable();
    void setUpAnalysis();
    void setUpLayout();
    QWidget *buildAnalysisPane();
    void setUpConnections();
    void onCombination(const OperatorProbeCombination &combination);
    void onFinished(const Result<OperatorProbeOutcome> &result);
    void showAnalysis(int index);
    void updateState();
    void setStatus(const QString &text);
    void applyPalette();

    std::optional<Issue> m_issue;
    QList<OperatorMention> m_mentions;
    QList<PythonEnvironment> m_environments;
    QString m_repository;
    QString m_reviewer;
    std::optional<RubricPack> m_pack;
    OutboxStore *m_outbox = nullptr; // not owned
    QString m_outboxUnavailable;
    QString m_scriptText;
    QPointer<OperatorProbeJob> m_job;
    std::optional<OperatorProbeOutcome> m_outcome;
    std::optional<OperatorAnalysis> m_analysis;
    int m_issueOfRun = 0;

    QLabel *m_title;
    QLabel *m_foundLabel;
    QLineEdit *m_opsEdit;
    QLineEdit *m_ranksEdit;
    QLabel *m_envLabel;
    QPushButton *m_runButton;
    QPushButton *m_cancelButton;
    QPushButton *m_backButton;
    QProgressBar *m_progress;
    QLabel *m_statusLabel;
    MessageBanner *m_wrongBanner;
    OperatorProbeModel *m_model;
    QTableView *m_table;
    QWidget *m_analysisOpRow = nullptr;
    QComboBox *m_analysisOp;
    QTabWidget *m_tabs;
    QTextBrowser *m_analysisView;
    QLabel *m_labelsLabel;
    QPlainTextEdit *m_commentEdit;
    QPushButton *m_sendButton;
    QLabel *m_sendLabel;
    QPlainTextEdit *m_testView;
    QPushButton *m_copyTestButton;
};
