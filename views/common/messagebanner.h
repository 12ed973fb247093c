// SPDX-License-Identifier: MIT
#pragma once

#include "models/common/tones.h"

#include <KMessageWidget>

#include <functional>

// The one message banner every page uses: KF6's KMessageWidget (its colours follow the palette, light or dark)
// with word wrap, no close button, and the actions the message offers ("Retry sync", "Re-review"). Shown and
// hidden at once, not animated, so what a test or a screenshot sees is what the page says.
class MessageBanner final : public KMessageWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MessageBanner)

public:
    explicit MessageBanner(QWidget *parent = nullptr);

    // Replaces the message and its actions.
    void showMessage(Tone tone, const QString &text);
    // An action on the message shown (forgotten with the next message).
    QAction *addButton(const QString &text, const std::function<void()> &triggered);
    void clear();
    // The text while shown, else empty.
    QString shownText() const;

    static MessageType typeOf(Tone tone);

private:
    void removeButtons();
};
