// SPDX-License-Identifier: MIT
#pragma once

#include "engine/review/snoozestore.h"

#include <QString>
#include <QUndoCommand>

#include <optional>

class SnoozeController;

// A snooze or a wake as one step on the window's undo stack (`u`): redo puts the issue in the state chosen,
// undo back in the one it was in (awake, or snoozed as before).
class SnoozeCommand final : public QUndoCommand
{
public:
    SnoozeCommand(SnoozeController *controller, int number, std::optional<Snooze> before, std::optional<Snooze> after);

    int number() const { return m_number; }
    // The last redo's or undo's error; empty when it went through.
    QString error() const { return m_error; }

    void redo() override;
    void undo() override;

private:
    SnoozeController *m_controller;
    int m_number;
    std::optional<Snooze> m_before;
    std::optional<Snooze> m_after;
    QString m_error;
};
