// SPDX-License-Identifier: MIT
#include "views/queue/batcheditdialog.h"

#include <QComboBox>
#include <QCompleter>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

#include <algorithm>

using namespace Qt::StringLiterals;

BatchEditDialog::BatchEditDialog(const RubricPack &pack, int markedCount, QWidget *parent)
    : QDialog(parent)
    , m_labelCombo(new QComboBox(this))
    , m_subOncallCombo(new QComboBox(this))
    , m_templateCombo(new QComboBox(this))
    , m_summary(new QLabel(this))
{
    setObjectName(u"batchEditDialog"_s);
    setWindowTitle(markedCount == 1 ? tr("Apply to 1 issue") : tr("Apply to %1 marked issues").arg(markedCount));

    // Type to filter: the pack's labels, completed anywhere in the name.
    m_labelCombo->setObjectName(u"batchLabelCombo"_s);
    m_labelCombo->setEditable(true);
    m_labelCombo->setInsertPolicy(QComboBox::NoInsert);
    m_labelCombo->lineEdit()->setPlaceholderText(tr("No label"));
    QStringList labels;
    for (const LabelInfo &label : pack.labels) {
        if (!pack.subOncallByLabel(label.name))
            labels.append(label.name);
    }
    labels.sort(Qt::CaseInsensitive);
    labels.removeDuplicates();
    m_labelCombo->addItem(QString());
    m_labelCombo->addItems(labels);
    m_labelCombo->completer()->setFilterMode(Qt::MatchContains);
    m_labelCombo->completer()->setCompletionMode(QCompleter::PopupCompletion);

    m_subOncallCombo->setObjectName(u"batchSubOncallCombo"_s);
    m_subOncallCombo->addItem(tr("Unchanged"), QString());
    for (const SubOncall &subOncall : pack.subOncalls)
        m_subOncallCombo->addItem(subOncall.label, subOncall.label);

    m_templateCombo->setObjectName(u"batchTemplateCombo"_s);
    m_templateCombo->addItem(tr("Unchanged"), QString());
    for (const TemplateText &text : pack.templates)
        m_templateCombo->addItem(text.key, text.key);

    m_summary->setWordWrap(true);
    m_summary->setText(tr("Each marked issue gets its own edit, checked by the queue's rules and put in the outbox; "
                          "issues where a rule refuses it are left as they were."));

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_applyButton = buttons->addButton(tr("Apply"), QDialogButtonBox::AcceptRole);
    m_applyButton->setObjectName(u"batchApplyButton"_s);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *form = new QFormLayout(this);
    form->addRow(tr("Add label:"), m_labelCombo);
    form->addRow(tr("Sub-oncall:"), m_subOncallCombo);
    form->addRow(tr("Comment template:"), m_templateCombo);
    form->addRow(m_summary);
    form->addRow(buttons);

    connect(m_labelCombo, &QComboBox::currentTextChanged, this, &BatchEditDialog::updateButtons);
    connect(m_subOncallCombo, &QComboBox::currentIndexChanged, this, &BatchEditDialog::updateButtons);
    connect(m_templateCombo, &QComboBox::currentIndexChanged, this, &BatchEditDialog::updateButtons);
    updateButtons();
}

BatchEdit BatchEditDialog::edit() const
{
    BatchEdit edit;
    edit.addLabel = m_labelCombo->currentText().trimmed();
    edit.subOncall = m_subOncallCombo->currentData().toString();
    edit.templateKey = m_templateCombo->currentData().toString();
    return edit;
}

void BatchEditDialog::setEdit(const BatchEdit &edit)
{
    m_labelCombo->setCurrentText(edit.addLabel);
    m_subOncallCombo->setCurrentIndex(std::max(0, m_subOncallCombo->findData(edit.subOncall)));
    m_templateCombo->setCurrentIndex(std::max(0, m_templateCombo->findData(edit.templateKey)));
}

void BatchEditDialog::updateButtons()
{
    m_applyButton->setEnabled(!edit().isEmpty());
}
