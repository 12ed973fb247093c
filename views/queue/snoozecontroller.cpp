// SPDX-License-Identifier: MIT
#include "views/queue/snoozecontroller.h"

#include "views/queue/snoozecommand.h"

#include <QCalendarWidget>
#include <QDialog>
#include <QDialogButtonBox>
#include <QLocale>
#include <QMenu>
#include <QPushButton>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>
#include <chrono>

using namespace Qt::StringLiterals;

SnoozeController::SnoozeController(QObject *parent)
    : QObject(parent)
    , m_clock([] { return QDateTime::currentDateTimeUtc(); })
    , m_wakeTimer(new QTimer(this))
{
    m_wakeTimer->setSingleShot(true);
    connect(m_wakeTimer, &QTimer::timeout, this, &SnoozeController::recompute);
}

SnoozeController::~SnoozeController() = default;

QString SnoozeController::setStorePath(const QString &path)
{
    if (path == m_path && m_store)
        return {};
    m_path = path;
    m_store.reset();
    if (path.isEmpty())
        return {};
    Result<std::unique_ptr<SnoozeStore>> store = SnoozeStore::open(path);
    if (!store)
        return store.error();
    m_store = std::move(store).value();
    return {};
}

void SnoozeController::setIssues(const QString &repository, const QList<Issue> &issues)
{
    m_repository = repository;
    m_issues = issues;
    m_snoozes.clear();
    if (m_store && !repository.isEmpty()) {
        if (Result<QHash<int, Snooze>> stored = m_store->snoozes(repository))
            m_snoozes = std::move(stored).value();
        else
            Q_EMIT message(stored.error());
    }
    recompute();
}

void SnoozeController::setClock(std::function<QDateTime()> clock)
{
    m_clock = std::move(clock);
    recompute();
}

std::optional<Snooze> SnoozeController::snoozeOf(int number) const
{
    const auto found = m_snoozes.constFind(number);
    if (found == m_snoozes.cend() || !m_active.contains(number))
        return std::nullopt;
    return *found;
}

void SnoozeController::recompute()
{
    const QDateTime now = m_clock();
    QSet<int> active;
    QDateTime nextWake;
    for (const Issue &issue : std::as_const(m_issues)) {
        const auto found = m_snoozes.constFind(issue.number);
        if (found == m_snoozes.cend() || !found->isActive(issue, now))
            continue;
        active.insert(issue.number);
        if (!found->untilChanged() && (!nextWake.isValid() || found->until < nextWake))
            nextWake = found->until;
    }
    // Wake on time while the window stays open (a day at most per wait; the clock is checked again then).
    m_wakeTimer->stop();
    if (nextWake.isValid())
        m_wakeTimer->start(int(std::clamp<qint64>(now.msecsTo(nextWake) + 500, 1000, 24LL * 3600 * 1000)));
    if (active != m_active) {
        m_active = active;
        Q_EMIT snoozedChanged(m_active);
    }
}

QString SnoozeController::snooze(const Issue &issue, const QDateTime &until)
{
    if (!m_store)
        return tr("Snoozing needs the local store.");
    Snooze snooze;
    snooze.repository = m_repository;
    snooze.number = issue.number;
    snooze.until = until.isValid() ? until.toUTC() : QDateTime();
    snooze.seenUpdatedAt = issue.updatedAt;
    snooze.snoozedAt = m_clock();
    if (const Result<bool> written = m_store->snooze(snooze); !written)
        return written.error();
    m_snoozes.insert(issue.number, snooze);
    recompute();
    return {};
}

QString SnoozeController::wake(int number)
{
    if (!m_store)
        return tr("Snoozing needs the local store.");
    if (const Result<bool> removed = m_store->wake(m_repository, number); !removed)
        return removed.error();
    m_snoozes.remove(number);
    recompute();
    return {};
}

QString SnoozeController::describe(const Snooze &snooze)
{
    if (snooze.untilChanged())
        return tr("until it changes on GitHub");
    const QLocale locale;
    return tr("until %1").arg(locale.toString(snooze.until.toLocalTime(), QLocale::ShortFormat));
}

QDateTime SnoozeController::tomorrowMorning(const QDateTime &now)
{
    const QDateTime local = now.toLocalTime();
    return QDateTime(local.date().addDays(1), QTime(9, 0)).toUTC();
}

QDateTime SnoozeController::nextMonday(const QDateTime &now)
{
    const QDate today = now.toLocalTime().date();
    const int days = 8 - today.dayOfWeek(); // Monday is 1: a Monday gives the next one
    return QDateTime(today.addDays(days), QTime(9, 0)).toUTC();
}

QMenu *SnoozeController::menu(const Issue &issue, QWidget *parent)
{
    auto *menu = new QMenu(parent);
    menu->setObjectName(u"snoozeMenu"_s);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->setTitle(tr("Snooze #%1").arg(issue.number));
    menu->addSection(tr("Snooze #%1").arg(issue.number));
    const auto choose = [this, issue](const QDateTime &until) { this->choose(issue, until); };
    if (const std::optional<Snooze> current = snoozeOf(issue.number)) {
        QAction *wakeAction = menu->addAction(tr("Wake it now (snoozed %1)").arg(describe(*current)));
        wakeAction->setObjectName(u"wake"_s);
        connect(wakeAction, &QAction::triggered, this, [this, number = issue.number] { chooseWake(number); });
        menu->addSeparator();
    }
    const QDateTime now = m_clock();
    const QLocale locale;
    const struct
    {
        const char *name;
        QString text;
        QDateTime until;
    } choices[] = {
        {"inThreeHours", tr("For 3 hours"), now.addDuration(std::chrono::hours(3))},
        {"tomorrow",
         tr("Until tomorrow, %1").arg(locale.toString(tomorrowMorning(now).toLocalTime().time(), QLocale::ShortFormat)),
         tomorrowMorning(now)},
        {"nextWeek", tr("Until %1").arg(locale.toString(nextMonday(now).toLocalTime(), u"dddd d MMM"_s)),
         nextMonday(now)},
    };
    for (const auto &choice : choices) {
        QAction *action = menu->addAction(choice.text);
        action->setObjectName(QString::fromLatin1(choice.name));
        connect(action, &QAction::triggered, this, [choose, until = choice.until] { choose(until); });
    }
    QAction *date = menu->addAction(tr("Until a date…"));
    date->setObjectName(u"pickDate"_s);
    connect(date, &QAction::triggered, this, [this, issue, parent] { pickDate(issue, parent); });
    menu->addSeparator();
    QAction *changed = menu->addAction(tr("Until it changes on GitHub"));
    changed->setObjectName(u"untilChanged"_s);
    changed->setToolTip(tr("It comes back when a sync brings a new comment, label or edit."));
    connect(changed, &QAction::triggered, this, [choose] { choose(QDateTime()); });
    return menu;
}

void SnoozeController::pickDate(const Issue &issue, QWidget *parent)
{
    auto *dialog = new QDialog(parent);
    dialog->setObjectName(u"snoozeDateDialog"_s);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Snooze #%1 until…").arg(issue.number));
    auto *calendar = new QCalendarWidget(dialog);
    calendar->setObjectName(u"snoozeCalendar"_s);
    const QDate today = m_clock().toLocalTime().date();
    calendar->setMinimumDate(today.addDays(1));
    calendar->setSelectedDate(today.addDays(7));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, dialog);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Snooze"));
    auto *layout = new QVBoxLayout(dialog);
    layout->addWidget(calendar);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    connect(buttons, &QDialogButtonBox::accepted, dialog, &QDialog::accept);
    connect(calendar, &QCalendarWidget::activated, dialog, &QDialog::accept);
    connect(dialog, &QDialog::accepted, this,
            [this, issue, calendar] { choose(issue, QDateTime(calendar->selectedDate(), QTime(9, 0)).toUTC()); });
    dialog->open(); // window-modal without a nested event loop
}

std::optional<Snooze> SnoozeController::stored(int number) const
{
    const auto found = m_snoozes.constFind(number);
    return found == m_snoozes.cend() ? std::nullopt : std::optional<Snooze>(*found);
}

QString SnoozeController::restore(int number, const std::optional<Snooze> &state)
{
    if (!m_store)
        return tr("Snoozing needs the local store.");
    if (!state)
        return wake(number);
    if (const Result<bool> written = m_store->snooze(*state); !written)
        return written.error();
    m_snoozes.insert(number, *state);
    recompute();
    return {};
}

void SnoozeController::choose(const Issue &issue, const QDateTime &until)
{
    QString error;
    if (m_undoStack) {
        Snooze after;
        after.repository = m_repository;
        after.number = issue.number;
        after.until = until.isValid() ? until.toUTC() : QDateTime();
        after.seenUpdatedAt = issue.updatedAt;
        after.snoozedAt = m_clock();
        auto *command = new SnoozeCommand(this, issue.number, stored(issue.number), after);
        m_undoStack->push(command);
        error = command->error();
    } else {
        error = snooze(issue, until);
    }
    Q_EMIT message(error.isEmpty() ? tr("Snoozed #%1 %2; the Snoozed filter shows it (u undoes)")
                                         .arg(issue.number)
                                         .arg(describe(m_snoozes.value(issue.number)))
                                   : error);
}

void SnoozeController::chooseWake(int number)
{
    QString error;
    if (m_undoStack) {
        auto *command = new SnoozeCommand(this, number, stored(number), std::nullopt);
        m_undoStack->push(command);
        error = command->error();
    } else {
        error = wake(number);
    }
    Q_EMIT message(error.isEmpty() ? tr("#%1 is back in the queue").arg(number) : error);
}
