// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/queuespec.h"

#include <QDialog>
#include <QList>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QToolButton;

// Chooses a queue: a repository, labels that must all be present (comma-separated), and a state. Lists the
// queues the store already holds with their last sync, to pick one again. Invalid input is explained inline.
// The queue's rubric: a built-in profile (by default the one its labels name) or a team's own pack file.
class QueuePickerDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(QueuePickerDialog)

public:
    explicit QueuePickerDialog(QWidget *parent = nullptr);

    void setStoredQueues(const QList<StoredQueue> &queues);
    void setQueue(const QueueSpec &queue);
    QueueSpec queue() const;

    // profile empty: chosen from the labels. packFile, when set, wins over the profile.
    void setRubric(const QString &profile, const QString &packFile);
    QString chosenProfile() const; // empty: automatic
    QString profile() const;       // the chosen one, or the one the labels name
    QString packFile() const;

    // What is wrong with the input, in words; empty when it describes a queue.
    static QString validate(const QString &repository, const QString &labels);
    // "a, b ,, c" → {"a", "b", "c"}
    // Comma-separated labels, all required; -label:"name" (or -name) excludes one, returned as "-name".
    static QStringList parseLabels(const QString &labels);
    // The queue's labels as the field shows them: required ones, then -label:"name" for each excluded one.
    static QString labelsText(const QueueSpec &queue);

private:
    void revalidate();

    QLineEdit *m_repoEdit;
    QLineEdit *m_labelsEdit;
    QComboBox *m_stateCombo;
    QComboBox *m_profileCombo;
    QLineEdit *m_packEdit;
    QToolButton *m_packBrowse;
    QListWidget *m_storedList;
    QLabel *m_message;
    QDialogButtonBox *m_buttons;
    QList<StoredQueue> m_stored;
};
