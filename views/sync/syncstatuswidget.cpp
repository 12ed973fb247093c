// SPDX-License-Identifier: MIT
#include "views/sync/syncstatuswidget.h"

#include "engine/github/githubclient.h"
#include "views/common/messagebanner.h"
#include "views/sync/tokenstatuslabel.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QToolButton>

#include <algorithm>

using namespace Qt::StringLiterals;

SyncStatusWidget::SyncStatusWidget(QWidget *parent)
    : QWidget(parent)
    , m_banner(new MessageBanner(this))
    , m_syncLabel(new QLabel(this))
    , m_syncProgress(new QProgressBar(this))
    , m_cancelSyncButton(new QToolButton(this))
    , m_tokenLabel(new TokenStatusLabel(this))
    , m_rateLabel(new QLabel(this))
{
    setObjectName(u"syncStatusWidget"_s);
    m_banner->setObjectName(u"syncBanner"_s);

    m_syncLabel->setObjectName(u"syncStatus"_s);
    m_syncProgress->setObjectName(u"syncProgress"_s);
    m_syncProgress->setMaximumWidth(160);
    m_syncProgress->setMaximumHeight(12);
    m_syncProgress->setTextVisible(false);
    m_syncProgress->hide();
    m_cancelSyncButton->setObjectName(u"cancelSyncButton"_s);
    m_cancelSyncButton->setText(tr("Cancel"));
    m_cancelSyncButton->setAutoRaise(true);
    m_cancelSyncButton->hide();
    connect(m_cancelSyncButton, &QToolButton::clicked, this, &SyncStatusWidget::cancelRequested);
    m_rateLabel->setObjectName(u"rateLimitLabel"_s);
    m_rateLabel->setContentsMargins(8, 0, 0, 0);
    // As the status bar lays out its own items: 6 px apart.
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(6);
    for (QWidget *widget :
         std::initializer_list<QWidget *>{m_syncLabel, m_syncProgress, m_cancelSyncButton, m_tokenLabel, m_rateLabel})
        layout->addWidget(widget);
}

void SyncStatusWidget::setClient(GitHubClient *client)
{
    if (m_client)
        disconnect(m_client, nullptr, this, nullptr);
    m_client = client;
    m_tokenLabel->setClient(client);
    if (m_client) {
        connect(m_client, &GitHubClient::rateLimitChanged, this, &SyncStatusWidget::showRateLimit);
        if (m_client->rateLimit().isKnown())
            showRateLimit(m_client->rateLimit());
    }
}

QSize SyncStatusWidget::minimumSizeHint() const
{
    QSize size = QWidget::minimumSizeHint();
    for (const QWidget *part : std::initializer_list<const QWidget *>{m_syncLabel, m_syncProgress, m_cancelSyncButton,
                                                                      m_tokenLabel, m_rateLabel}) {
        // The height QStatusBar gives an item: its smallest (a shrinking part's minimum, else its size hint).
        const bool shrinks = part->sizePolicy().verticalPolicy() & QSizePolicy::ShrinkFlag;
        int height = shrinks ? part->minimumSizeHint().height()
                             : std::max(part->sizeHint().height(), part->minimumSizeHint().height());
        if (part->minimumHeight() > 0)
            height = part->minimumHeight();
        size.setHeight(std::max(size.height(), std::min(height, part->maximumHeight())));
    }
    return size;
}

QWidget *SyncStatusWidget::banner() const
{
    return m_banner;
}

void SyncStatusWidget::showSyncing()
{
    m_banner->clear();
    m_offline = false;
    m_syncLabel->setText(tr("Syncing…"));
    m_syncLabel->setToolTip({});
    m_syncProgress->setRange(0, 0); // indeterminate until the first figure
    m_syncProgress->show();
    m_cancelSyncButton->show();
}

void SyncStatusWidget::showProgress(int issuesDone, int issuesTotal, int commentsDone)
{
    const QLocale locale;
    if (issuesTotal > 0) {
        m_syncProgress->setRange(0, issuesTotal);
        m_syncProgress->setValue(std::min(issuesDone, issuesTotal));
    } else if (issuesDone == 0) {
        m_syncProgress->setRange(0, 0);
    }
    const QString issues = issuesTotal >= 0
                               ? tr("issues %1/%2").arg(locale.toString(issuesDone), locale.toString(issuesTotal))
                               : tr("issues %1").arg(locale.toString(issuesDone));
    m_syncLabel->setText(tr("%1 · comments %2").arg(issues, locale.toString(commentsDone)));
}

void SyncStatusWidget::showWaiting(qint64 milliseconds, const QString &reason)
{
    m_syncLabel->setToolTip(tr("Waiting %1 s before trying again (%2)")
                                .arg(QLocale().toString(double(milliseconds) / 1000.0, 'f', 1), reason));
}

void SyncStatusWidget::showSyncEnded(bool ok, const QString &error)
{
    m_syncProgress->hide();
    m_cancelSyncButton->hide();
    if (ok)
        return;
    // "cannot reach …" is how GitHubClient words a network failure (no HTTP status at all).
    m_offline = error.contains(u"cannot reach"_s);
    const bool cancelled = error.contains(u"cancelled"_s);
    if (!cancelled) {
        showBanner(m_offline ? tr("Offline: %1. Showing the queue as stored.").arg(error)
                             : tr("Sync failed: %1. Showing the queue as stored.").arg(error));
        m_banner->addButton(tr("Retry sync"), [this] { Q_EMIT retryRequested(); });
    }
    showIdle(m_hasQueue, m_lastSync);
    if (cancelled)
        m_syncLabel->setText(tr("Sync cancelled"));
}

void SyncStatusWidget::showIdle(bool hasQueue, const QDateTime &lastSync)
{
    m_hasQueue = hasQueue;
    m_lastSync = lastSync;
    if (!hasQueue) {
        m_syncLabel->clear();
        return;
    }
    const QString synced = lastSync.isValid()
                               ? tr("Synced %1").arg(QLocale().toString(lastSync.toLocalTime(), QLocale::ShortFormat))
                               : tr("Not synced yet");
    m_syncLabel->setText(m_offline ? tr("Offline · %1").arg(synced) : synced);
}

void SyncStatusWidget::showRateLimit(const RateLimit &limit)
{
    if (!limit.isKnown())
        return;
    const QLocale locale;
    m_rateLabel->setText(tr("API %1/%2").arg(locale.toString(limit.remaining), locale.toString(limit.limit)));
    m_rateLabel->setToolTip(
        tr("GitHub %1 budget: %2 requests left; resets at %3")
            .arg(limit.resource.isEmpty() ? u"core"_s : limit.resource, locale.toString(limit.remaining),
                 limit.reset.isValid() ? locale.toString(limit.reset.toLocalTime().time(), QLocale::ShortFormat)
                                       : tr("an unknown time")));
}

void SyncStatusWidget::showBanner(const QString &message)
{
    m_banner->showMessage(Tone::Problem, message);
}

void SyncStatusWidget::hideBanner()
{
    m_banner->clear();
}

QString SyncStatusWidget::statusText() const
{
    return m_syncLabel->text();
}

QString SyncStatusWidget::rateLimitText() const
{
    return m_rateLabel->text();
}

QString SyncStatusWidget::bannerText() const
{
    return m_banner->shownText();
}
