// SPDX-License-Identifier: MIT
#pragma once

#include <QDateTime>
#include <QPointer>
#include <QWidget>

class GitHubClient;
class MessageBanner;
class QLabel;
class QProgressBar;
class QToolButton;
class TokenStatusLabel;
struct RateLimit;

// The sync's status in the window's status bar: "Synced …" or "Not synced yet" when idle, "Offline · …" after a
// failed attempt, progress with a Cancel button while a sync runs, where the token comes from and the API budget
// left. Its banner (a failed sync, an unreadable queue) is shown above the queue; the page places it.
class SyncStatusWidget final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SyncStatusWidget)

public:
    explicit SyncStatusWidget(QWidget *parent = nullptr);

    // The client whose token and rate limit show; null: none.
    void setClient(GitHubClient *client);
    QWidget *banner() const;

    void showSyncing();
    void showProgress(int issuesDone, int issuesTotal, int commentsDone);
    void showWaiting(qint64 milliseconds, const QString &reason);
    // A sync ended. A failure shows in the banner (a cancel does not) and the idle text follows; after a success
    // the caller reloads the queue and calls showIdle().
    void showSyncEnded(bool ok, const QString &error);
    // Not syncing: when the queue was last synced ("Offline · …" after a failed attempt), nothing without a queue.
    void showIdle(bool hasQueue, const QDateTime &lastSync);
    void showRateLimit(const RateLimit &limit);
    void showBanner(const QString &message);
    void hideBanner();

    QString statusText() const;
    QString rateLimitText() const;
    QString bannerText() const; // "" while hidden

    // As tall as its tallest part, shown or not: the status bar keeps room for each of its items, hidden ones too
    // (the Cancel button while no sync runs), and these were its items before they were one widget.
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    void cancelRequested();
    void retryRequested(); // the failed sync banner's "Retry sync"

private:
    MessageBanner *m_banner;
    QLabel *m_syncLabel;
    QProgressBar *m_syncProgress;
    QToolButton *m_cancelSyncButton;
    TokenStatusLabel *m_tokenLabel;
    QLabel *m_rateLabel;
    QPointer<GitHubClient> m_client;
    bool m_offline = false;
    bool m_hasQueue = false;
    QDateTime m_lastSync;
};
