// SPDX-License-Identifier: MIT
#include "views/queue/snoozecommand.h"

#include "views/queue/snoozecontroller.h"

#include <QCoreApplication>

SnoozeCommand::SnoozeCommand(SnoozeController *controller, int number, std::optional<Snooze> before,
                             std::optional<Snooze> after)
    : m_controller(controller)
    , m_number(number)
    , m_before(std::move(before))
    , m_after(std::move(after))
{
    setText(m_after ? QCoreApplication::translate("SnoozeCommand", "Snooze #%1").arg(number)
                    : QCoreApplication::translate("SnoozeCommand", "Wake #%1").arg(number));
}

void SnoozeCommand::redo()
{
    m_error = m_controller->restore(m_number, m_after);
}

void SnoozeCommand::undo()
{
    m_error = m_controller->restore(m_number, m_before);
}
