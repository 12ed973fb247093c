// SPDX-License-Identifier: MIT
#pragma once

#include <QList>
#include <QObject>

class OutboxPanel;
class QAction;
class QStackedWidget;
class QToolBar;
class QWidget;
class ScoreboardPage;

// The window's pages and the toolbar's actions that switch between them: "Queue", "Outbox (N)" (the approvals
// waiting for GitHub, N the ready ones) and "Scoreboard". While the queue is out of sight its single review keys
// are off: they act on an issue the reviewer cannot see.
class OutboxHost final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(OutboxHost)

public:
    // The pages go into `pages`, the queue's first; the three page actions into `toolBar`.
    OutboxHost(QStackedWidget *pages, QWidget *queuePage, OutboxPanel *outbox, ScoreboardPage *scoreboard,
               QToolBar *toolBar, QObject *parent = nullptr);

    // The queue's single review keys.
    void setQueueKeys(const QList<QAction *> &keys) { m_queueKeys = keys; }
    void showOutbox(bool show);
    bool isOutboxShown() const;
    void showScoreboard(bool show);
    bool isScoreboardShown() const;
    QAction *outboxAction() const { return m_outboxAction; }

Q_SIGNALS:
    // Back on the queue: its table takes the keys.
    void queueShown();

private:
    void updateOutboxAction();
    void enableQueueKeys(bool on);

    QStackedWidget *m_pages;
    QWidget *m_queuePage;
    OutboxPanel *m_outbox;
    ScoreboardPage *m_scoreboard;
    QAction *m_queuePageAction = nullptr;
    QAction *m_outboxAction = nullptr;
    QAction *m_scoreboardAction = nullptr;
    QList<QAction *> m_queueKeys;
};
