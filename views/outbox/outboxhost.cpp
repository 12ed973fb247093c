// SPDX-License-Identifier: MIT
#include "views/outbox/outboxhost.h"

#include "views/outbox/outboxpanel.h"
#include "views/scoreboard/scoreboardpage.h"

#include <QAction>
#include <QActionGroup>
#include <QStackedWidget>
#include <QTableView>
#include <QToolBar>

using namespace Qt::StringLiterals;

OutboxHost::OutboxHost(QStackedWidget *pages, QWidget *queuePage, OutboxPanel *outbox, ScoreboardPage *scoreboard,
                       QToolBar *toolBar, QObject *parent)
    : QObject(parent)
    , m_pages(pages)
    , m_queuePage(queuePage)
    , m_outbox(outbox)
    , m_scoreboard(scoreboard)
{
    // Three pages: the queue, the outbox the approvals wait in until Submit, the scoreboard.
    m_pages->addWidget(m_queuePage);
    m_pages->addWidget(m_outbox);
    m_pages->addWidget(m_scoreboard);

    toolBar->addSeparator();
    auto *group = new QActionGroup(this);
    group->setExclusive(true);
    m_queuePageAction = toolBar->addAction(tr("Queue"), this, [this] { showOutbox(false); });
    m_queuePageAction->setObjectName(u"queuePageAction"_s);
    m_outboxAction = toolBar->addAction(tr("Outbox"), this, [this] { showOutbox(true); });
    m_outboxAction->setObjectName(u"outboxAction"_s);
    for (QAction *action : {m_queuePageAction, m_outboxAction}) {
        action->setCheckable(true);
        group->addAction(action);
    }
    m_queuePageAction->setChecked(true);
    // One key goes both ways (the "toggle_outbox" action), so it is not the checkable actions' own.
    m_outboxAction->setToolTip(tr("The approved edits waiting for GitHub (Ctrl+Shift+O)"));
    m_scoreboardAction = toolBar->addAction(tr("Scoreboard"), this, [this] { showScoreboard(true); });
    m_scoreboardAction->setObjectName(u"scoreboardAction"_s);
    m_scoreboardAction->setCheckable(true);
    m_scoreboardAction->setToolTip(tr("How right the suggestions were, on the team's decisions (Ctrl+Shift+S)"));
    group->addAction(m_scoreboardAction);
    m_queuePageAction->setToolTip(tr("The queue (Ctrl+Shift+O)"));

    connect(m_outbox, &OutboxPanel::countsChanged, this, &OutboxHost::updateOutboxAction);
    updateOutboxAction();
}

void OutboxHost::updateOutboxAction()
{
    const OutboxModel::Counts counts = m_outbox->counts();
    m_outboxAction->setText(counts.ready > 0 ? tr("Outbox (%1)").arg(counts.ready) : tr("Outbox"));
}

void OutboxHost::enableQueueKeys(bool on)
{
    for (QAction *action : std::as_const(m_queueKeys))
        action->setEnabled(on);
}

void OutboxHost::showOutbox(bool show)
{
    m_pages->setCurrentWidget(show ? static_cast<QWidget *>(m_outbox) : m_queuePage);
    (show ? m_outboxAction : m_queuePageAction)->setChecked(true);
    // The single review keys act on the queue's current issue: never while it is out of sight.
    enableQueueKeys(!show);
    if (show) {
        m_outbox->reload();
        m_outbox->table()->setFocus(Qt::ShortcutFocusReason);
    } else {
        Q_EMIT queueShown();
    }
}

void OutboxHost::showScoreboard(bool show)
{
    showOutbox(false);
    if (!show)
        return;
    m_pages->setCurrentWidget(m_scoreboard);
    m_scoreboardAction->setChecked(true);
    // The sheet, presentation mode and the page toggles are not among these: they stay on.
    enableQueueKeys(false);
    m_scoreboard->reload();
    m_scoreboard->setFocus(Qt::ShortcutFocusReason);
}

bool OutboxHost::isScoreboardShown() const
{
    return m_pages->currentWidget() == m_scoreboard;
}

bool OutboxHost::isOutboxShown() const
{
    return m_pages->currentWidget() == m_outbox;
}
