// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/review/snoozestore.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QObject>
#include <QSet>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

class QMenu;
class QUndoStack;
class QTimer;
class QWidget;

// Snooze (`z`) for the window: the choices (later today, tomorrow, next week, a date of the reviewer's, or until
// the issue changes on GitHub), the store they are kept in, and which of the queue's issues are snoozed now.
// An issue wakes when its time comes (a timer, while the window is open) or when a sync brings a newer update.
class SnoozeController final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SnoozeController)

public:
    explicit SnoozeController(QObject *parent = nullptr);
    ~SnoozeController() override;

    // The store file (the decisions' one); an error opening it is returned and snoozing is off.
    QString setStorePath(const QString &path);
    // The queue shown; recomputes which of its issues are snoozed now.
    void setIssues(const QString &repository, const QList<Issue> &issues);
    QSet<int> snoozed() const { return m_active; }
    std::optional<Snooze> snoozeOf(int number) const;
    // For tests: what "now" is (default: the clock).
    void setClock(std::function<QDateTime()> clock);
    QDateTime now() const { return m_clock(); }

    // until: a UTC time, or invalid for "until it changes on GitHub". An empty string, or the error.
    QString snooze(const Issue &issue, const QDateTime &until);
    QString wake(int number);
    // Puts an issue back in a state: snoozed as `state` says, or awake (nullopt). For undo.
    QString restore(int number, const std::optional<Snooze> &state);
    // The stored snooze of an issue, expired or not.
    std::optional<Snooze> stored(int number) const;
    // The menu's choices go through this stack (`u` undoes them); without one they apply directly. Not owned.
    void setUndoStack(QUndoStack *stack) { m_undoStack = stack; }

    // The choices for one issue, as a menu to pop up (not executed here: no nested event loop). A snoozed issue's
    // menu offers to wake it first. The menu deletes itself when closed.
    QMenu *menu(const Issue &issue, QWidget *parent);
    // "until Mon 30 Nov, 09:00" or "until it changes on GitHub".
    static QString describe(const Snooze &snooze);
    // The next morning at 9:00 local time after `now`; the Monday after at 9:00.
    static QDateTime tomorrowMorning(const QDateTime &now);
    static QDateTime nextMonday(const QDateTime &now);

Q_SIGNALS:
    void snoozedChanged(const QSet<int> &numbers);
    // After a choice from the menu: what happened, for the status bar ("Snoozed #12 until …"), or an error.
    void message(const QString &text);

private:
    void recompute();
    void pickDate(const Issue &issue, QWidget *parent);
    // A choice from the menu: snooze until `until` (invalid: until it changes), through the undo stack.
    void choose(const Issue &issue, const QDateTime &until);
    void chooseWake(int number);

    std::unique_ptr<SnoozeStore> m_store;
    QString m_path;
    QString m_repository;
    QList<Issue> m_issues;
    QHash<int, Snooze> m_snoozes;
    QSet<int> m_active;
    std::function<QDateTime()> m_clock;
    QTimer *m_wakeTimer;
    QUndoStack *m_undoStack = nullptr;
};
