// SPDX-License-Identifier: MIT
#include "views/common/reviewshortcuts.h"

#include <KActionCollection>
#include <KShortcutsDialog>

#include <QAction>
#include <QWidget>

using namespace Qt::StringLiterals;

ReviewShortcuts::ReviewShortcuts(QWidget *window)
    : QObject(window)
    , m_collection(new KActionCollection(this, u"triage-console"_s))
{
    m_collection->setComponentDisplayName(tr("Triage Console"));
    m_collection->addAssociatedWidget(window);
}

QAction *ReviewShortcuts::add(const QString &name, const QString &text, const QKeySequence &defaultKey)
{
    auto *action = new QAction(text, m_collection);
    action->setObjectName(name);
    // Window-wide, like the single keys always were: a focused line edit still takes printable keys first.
    action->setShortcutContext(Qt::WindowShortcut);
    m_collection->addAction(name, action);
    KActionCollection::setDefaultShortcut(action, defaultKey);
    return action;
}

QAction *ReviewShortcuts::action(const QString &name) const
{
    return m_collection->action(name);
}

QList<QAction *> ReviewShortcuts::actions() const
{
    return m_collection->actions();
}

void ReviewShortcuts::load()
{
    m_collection->readSettings();
}

void ReviewShortcuts::save() const
{
    m_collection->writeSettings();
}

void ReviewShortcuts::configure(QWidget *parent)
{
    auto *dialog = new KShortcutsDialog(KShortcutsEditor::AllActions, KShortcutsEditor::LetterShortcutsAllowed, parent);
    dialog->setObjectName(u"shortcutsDialog"_s);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->addCollection(m_collection, tr("Review"));
    connect(dialog, &KShortcutsDialog::saved, this, &ReviewShortcuts::changed);
    dialog->configure(true);
}
