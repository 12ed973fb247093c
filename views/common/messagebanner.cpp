// SPDX-License-Identifier: MIT
#include "views/common/messagebanner.h"

#include <QAction>

MessageBanner::MessageBanner(QWidget *parent)
    : KMessageWidget(parent)
{
    setWordWrap(true);
    setCloseButtonVisible(false);
    setTextFormat(Qt::PlainText);
    hide();
}

KMessageWidget::MessageType MessageBanner::typeOf(Tone tone)
{
    switch (tone) {
    case Tone::Problem:
    case Tone::Removed:
        return Error;
    case Tone::Warning:
        return Warning;
    case Tone::Ok:
    case Tone::Added:
        return Positive;
    case Tone::Info:
    case Tone::Neutral:
        return Information;
    }
    return Information;
}

void MessageBanner::removeButtons()
{
    const QList<QAction *> old = actions();
    for (QAction *action : old) {
        removeAction(action);
        action->deleteLater();
    }
}

void MessageBanner::showMessage(Tone tone, const QString &text)
{
    removeButtons();
    setMessageType(typeOf(tone));
    setText(text);
    show();
}

QAction *MessageBanner::addButton(const QString &text, const std::function<void()> &triggered)
{
    auto *action = new QAction(text, this);
    connect(action, &QAction::triggered, this, triggered);
    addAction(action);
    return action;
}

void MessageBanner::clear()
{
    removeButtons();
    setText({});
    hide();
}

QString MessageBanner::shownText() const
{
    return isHidden() ? QString() : text();
}
