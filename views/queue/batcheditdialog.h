// SPDX-License-Identifier: MIT
#pragma once

#include "engine/triage/batchedit.h"
#include "engine/triage/rubricpack.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QPushButton;

// "Apply to the marked issues": a label to add, a sub-oncall, a template, each optional. What it gives is
// applied to each marked issue's own plan as an individual edit (see BatchEdit); nothing goes to GitHub
// before the outbox submits it, and each edit can still be changed there or on its issue.
class BatchEditDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BatchEditDialog)

public:
    BatchEditDialog(const RubricPack &pack, int markedCount, QWidget *parent = nullptr);

    BatchEdit edit() const;
    // For tests and keyboard-only use: the same as picking in the boxes.
    void setEdit(const BatchEdit &edit);

private:
    void updateButtons();

    QComboBox *m_labelCombo;
    QComboBox *m_subOncallCombo;
    QComboBox *m_templateCombo;
    QLabel *m_summary;
    QPushButton *m_applyButton = nullptr;
};
