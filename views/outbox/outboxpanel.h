// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/result.h"
#include "engine/outbox/outboxentry.h"
#include "engine/outbox/outboxreport.h"
#include "engine/triage/rubricpack.h"
#include "models/outbox/outboxmodel.h"

#include <QPointer>
#include <QWidget>

#include <optional>

class GitHubClient;
class OutboxStore;
class OutboxSubmitJob;
class QCheckBox;
class MessageBanner;
class QLabel;
class QProgressBar;
class QPushButton;
class QTabWidget;
class QTableView;
class QTableWidget;
class QTextBrowser;
class QToolButton;

// The outbox page: every approved edit waiting for GitHub, one row each (check to include it), the current
// row in full on the right (the comment as it will be posted, the labels it adds, what changed for a
// conflict, the rules a blocked row breaks, GitHub's message for a failure), and Submit with progress,
// Cancel and rate-limit waits. After a batch the Report tab holds the markdown for the meeting notes; the
// Audit log tab lists every write, exportable. Keys: Space/Enter toggle the current row, Ctrl+Return submits.
class OutboxPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(OutboxPanel)

public:
    explicit OutboxPanel(QWidget *parent = nullptr);
    ~OutboxPanel() override;

    // The outbox to show and submit; not owned. Reloads.
    void setStore(OutboxStore *store);
    // The window's client: the submit job writes through it (its token decides whether Submit is possible).
    void setClient(GitHubClient *client);
    // The pack the guardrails check against at submit; without one, each entry's built-in pack.
    void setPack(const RubricPack &pack) { m_pack = pack; }
    // Why this outbox must not be submitted at all (the demo queue); empty allows it.
    void setUnavailableReason(const QString &reason);
    void setIssueTitles(const QString &repository, const QList<Issue> &issues);
    // Entries in flight at once (the job's default when 0).
    void setMaxConcurrent(int entries) { m_maxConcurrent = entries; }

    // The repository whose "Keep my notification settings" the checkbox shows and sets: the window's queue
    // (setIssueTitles), else the current row's. The setting lives in the store, shared with the headless submit.
    QString subscriptionRepository() const;
    QCheckBox *keepSubscriptionsBox() const { return m_keepSubscriptions; }

    // Re-reads the outbox from the store, keeping the current row.
    void reload();
    // Why Submit is disabled right now; empty when it is enabled.
    QString submitBlocker() const;
    void submit();
    void cancel();
    bool isSubmitting() const { return !m_job.isNull(); }

    OutboxModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    OutboxModel::Counts counts() const { return m_model->counts(); }
    bool selectEntry(qint64 id);
    // What the detail area shows, as plain text (tests, accessibility).
    QString detailText() const;
    QString countsText() const;
    QString progressText() const;
    std::optional<OutboxReport> lastReport() const { return m_report; }
    QString reportMarkdown() const;
    void showReport();
    void showAuditLog();
    // Writes the audit log as JSON Lines (.jsonl) or markdown (anything else).
    Result<bool> exportAuditLog(const QString &path) const;

Q_SIGNALS:
    // The reviewer wants to look at an issue again (a conflict): the window shows it in the queue.
    void reviewRequested(const QString &repository, int number);
    void countsChanged(const OutboxModel::Counts &counts);
    void batchStarted();
    void batchFinished(const OutboxReport &report);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void setUpControls();
    void setUpSide();
    void setUpTable();
    void styleSubmitButton();
    void updateCounts();
    void updateActions();
    void updateKeepSubscriptions();
    void showCurrentEntry();
    void toggleCurrent();
    void onEntryChanged(const OutboxEntry &entry);
    void onFinished(const Result<OutboxReport> &result);
    void requestReview();
    void refreshAuditLog();
    void exportAuditLogInteractively();
    void showBanner(const QString &message, bool problem);
    QString entryHtml(const OutboxEntry &entry) const;

    OutboxModel *m_model;
    OutboxStore *m_store = nullptr;
    QPointer<GitHubClient> m_client;
    std::optional<RubricPack> m_pack;
    QString m_unavailable;
    int m_maxConcurrent = 0;

    QLabel *m_title;
    QLabel *m_countsLabel;
    MessageBanner *m_banner;
    QToolButton *m_selectAll;
    QToolButton *m_selectNone;
    QCheckBox *m_keepSubscriptions;
    QString m_repository; // the window's queue
    QLabel *m_blockerLabel;
    QLabel *m_progressLabel;
    QProgressBar *m_progress;
    QPushButton *m_cancelButton;
    QPushButton *m_submitButton;
    QTableView *m_table;
    QTabWidget *m_side;
    QWidget *m_entryPage;
    QTextBrowser *m_detail;
    QPushButton *m_reviewButton;
    QWidget *m_reportPage;
    QTextBrowser *m_reportView;
    QPushButton *m_copyButton;
    QWidget *m_auditPage;
    QTableWidget *m_auditTable;
    QPushButton *m_exportButton;

    QPointer<OutboxSubmitJob> m_job;
    std::optional<OutboxReport> m_report;
};
