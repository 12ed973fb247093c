// SPDX-License-Identifier: MIT
#pragma once

#include <QKeySequence>
#include <QList>
#include <QObject>

class KActionCollection;
class QAction;
class QWidget;

// The window's keys as named actions in a KActionCollection, so every one can be remapped in
// KShortcutsDialog. The reviewer's keys are kept in the "Shortcuts" group of the app's KConfig file
// (~/.config/triage-consolerc) and read back at the next start; the `?` sheet lists them as set.
class ReviewShortcuts final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReviewShortcuts)

public:
    // The actions work while `window` (or a child) has focus.
    explicit ReviewShortcuts(QWidget *window);

    // A key the reviewer can remap: `name` is stable (it is the config key), `text` shows in the dialog
    // and the sheet. The user's saved key, if any, replaces `defaultKey` once load() runs.
    QAction *add(const QString &name, const QString &text, const QKeySequence &defaultKey);
    QAction *action(const QString &name) const;
    QList<QAction *> actions() const;

    // Reads the saved keys (call once every action is added); save() writes them.
    void load();
    void save() const;
    // KShortcutsDialog over these actions; OK saves. Returns at once (the dialog is not modal).
    void configure(QWidget *parent);

    KActionCollection *collection() const { return m_collection; }

Q_SIGNALS:
    // After the reviewer changed keys in the dialog.
    void changed();

private:
    KActionCollection *m_collection;
};
