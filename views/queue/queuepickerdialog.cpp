// SPDX-License-Identifier: MIT
#include "views/queue/queuepickerdialog.h"

#include "engine/triage/rubricpack.h"
#include "views/common/apppalette.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QRegularExpression>
#include <QToolButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

QueuePickerDialog::QueuePickerDialog(QWidget *parent)
    : QDialog(parent)
    , m_repoEdit(new QLineEdit(this))
    , m_labelsEdit(new QLineEdit(this))
    , m_stateCombo(new QComboBox(this))
    , m_profileCombo(new QComboBox(this))
    , m_packEdit(new QLineEdit(this))
    , m_packBrowse(new QToolButton(this))
    , m_storedList(new QListWidget(this))
    , m_message(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Open Queue"));
    m_repoEdit->setObjectName(u"repoEdit"_s);
    m_repoEdit->setPlaceholderText(tr("owner/name, e.g. pytorch/pytorch"));
    m_labelsEdit->setObjectName(u"labelsEdit"_s);
    m_labelsEdit->setPlaceholderText(
        tr("comma-separated, all required, e.g. oncall: distributed, -label:\"ptd-bot-triaged\" to leave some out"));
    m_stateCombo->setObjectName(u"stateCombo"_s);
    m_stateCombo->addItem(tr("Open issues"), queueStateName(QueueState::Open));
    m_stateCombo->addItem(tr("All issues"), queueStateName(QueueState::All));
    m_profileCombo->setObjectName(u"profileCombo"_s);
    m_profileCombo->addItem(QString(), QString()); // "Automatic", named in revalidate()
    for (const QString &profile : RubricPack::builtinProfiles()) {
        const Result<RubricPack> pack = RubricPack::builtin(profile);
        m_profileCombo->addItem(pack && !pack->title.isEmpty() ? tr("%1 — %2").arg(profile, pack->title) : profile,
                                profile);
    }
    m_packEdit->setObjectName(u"packEdit"_s);
    m_packEdit->setPlaceholderText(tr("optional: your team's rubric pack (.json)"));
    m_packEdit->setClearButtonEnabled(true);
    m_packBrowse->setObjectName(u"packBrowse"_s);
    m_packBrowse->setText(tr("Browse…"));
    m_storedList->setObjectName(u"storedQueues"_s);
    m_message->setObjectName(u"validationMessage"_s);
    m_message->setWordWrap(true);
    QPalette warning = m_message->palette();
    warning.setColor(QPalette::WindowText, AppPalette::toneText(palette(), Tone::Problem));
    m_message->setPalette(warning);

    auto *form = new QFormLayout;
    form->addRow(tr("&Repository:"), m_repoEdit);
    form->addRow(tr("&Labels:"), m_labelsEdit);
    form->addRow(tr("&State:"), m_stateCombo);
    form->addRow(tr("R&ubric:"), m_profileCombo);
    auto *packRow = new QHBoxLayout;
    packRow->addWidget(m_packEdit, 1);
    packRow->addWidget(m_packBrowse);
    auto *packLabel = new QLabel(tr("&Pack file:"), this);
    packLabel->setBuddy(m_packEdit); // a row holding a layout gets no buddy of its own
    form->addRow(packLabel, packRow);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_message);
    auto *storedTitle = new QLabel(tr("Queues in the store"), this);
    layout->addWidget(storedTitle);
    layout->addWidget(m_storedList, 1);
    layout->addWidget(m_buttons);

    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_repoEdit, &QLineEdit::textChanged, this, &QueuePickerDialog::revalidate);
    connect(m_labelsEdit, &QLineEdit::textChanged, this, &QueuePickerDialog::revalidate);
    connect(m_packEdit, &QLineEdit::textChanged, this, &QueuePickerDialog::revalidate);
    connect(m_profileCombo, &QComboBox::currentIndexChanged, this, &QueuePickerDialog::revalidate);
    connect(m_packBrowse, &QToolButton::clicked, this, [this] {
        auto *chooser = new QFileDialog(this, tr("Rubric Pack"), QFileInfo(m_packEdit->text()).absolutePath(),
                                        tr("Rubric packs (*.json);;All files (*)"));
        chooser->setAttribute(Qt::WA_DeleteOnClose);
        chooser->setFileMode(QFileDialog::ExistingFile);
        connect(chooser, &QFileDialog::fileSelected, m_packEdit, &QLineEdit::setText);
        chooser->open();
    });
    connect(m_storedList, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0 && row < m_stored.size())
            setQueue(m_stored.at(row).queue);
    });
    connect(m_storedList, &QListWidget::itemDoubleClicked, this, [this] {
        if (m_buttons->button(QDialogButtonBox::Open)->isEnabled())
            accept();
    });
    resize(560, 460);
    revalidate();
}

void QueuePickerDialog::setStoredQueues(const QList<StoredQueue> &queues)
{
    m_stored = queues;
    m_storedList->clear();
    const QLocale locale;
    for (const StoredQueue &stored : queues) {
        const QString labels = stored.queue.labelTerms().isEmpty() ? tr("all labels") : labelsText(stored.queue);
        const QString synced =
            stored.lastSync.isValid()
                ? tr("synced %1").arg(locale.toString(stored.lastSync.toLocalTime(), QLocale::ShortFormat))
                : tr("never synced");
        m_storedList->addItem(
            tr("%1 · %2 · %3 — %4").arg(stored.queue.repository(), labels, queueStateName(stored.queue.state), synced));
    }
}

void QueuePickerDialog::setQueue(const QueueSpec &queue)
{
    m_repoEdit->setText(queue.isValid() ? queue.repository() : QString());
    m_labelsEdit->setText(labelsText(queue));
    const int state = m_stateCombo->findData(queueStateName(queue.state));
    m_stateCombo->setCurrentIndex(state < 0 ? 0 : state);
}

QueueSpec QueuePickerDialog::queue() const
{
    QueueSpec spec;
    spec.setRepository(m_repoEdit->text());
    spec.setLabelTerms(parseLabels(m_labelsEdit->text())); // "-label" terms are excluded
    spec.state = queueStateFromName(m_stateCombo->currentData().toString()).value_or(QueueState::Open);
    return spec;
}

void QueuePickerDialog::setRubric(const QString &profile, const QString &packFile)
{
    const int index = m_profileCombo->findData(profile);
    m_profileCombo->setCurrentIndex(index < 0 ? 0 : index);
    m_packEdit->setText(packFile);
}

QString QueuePickerDialog::chosenProfile() const
{
    return m_profileCombo->currentData().toString();
}

QString QueuePickerDialog::profile() const
{
    const QString chosen = chosenProfile();
    return chosen.isEmpty() ? RubricPack::profileForQueueLabels(parseLabels(m_labelsEdit->text())) : chosen;
}

QString QueuePickerDialog::packFile() const
{
    return m_packEdit->text().trimmed();
}

QString QueuePickerDialog::labelsText(const QueueSpec &queue)
{
    QStringList parts = queue.labels;
    for (const QString &label : queue.excludeLabels)
        parts.append(u"-label:\"%1\""_s.arg(label));
    return parts.join(u", "_s);
}

QStringList QueuePickerDialog::parseLabels(const QString &labels)
{
    QStringList result;
    for (const QString &part : labels.split(u',')) {
        QString label = part.trimmed();
        // An excluded label, written as GitHub's search writes it: -label:"ptd-bot-triaged" (quotes optional).
        if (label.startsWith("-label:"_L1)) {
            QString name = label.mid(7).trimmed();
            if (name.size() >= 2 && name.startsWith(u'"') && name.endsWith(u'"'))
                name = name.mid(1, name.size() - 2).trimmed();
            label = name.isEmpty() ? QString() : u'-' + name;
        }
        if (!label.isEmpty() && !result.contains(label))
            result.append(label);
    }
    return result;
}

QString QueuePickerDialog::validate(const QString &repository, const QString &labels)
{
    static const QRegularExpression namePattern(u"^[A-Za-z0-9._-]+$"_s);
    const QString repo = repository.trimmed();
    if (repo.isEmpty())
        return tr("Enter a repository as owner/name.");
    const QStringList parts = repo.split(u'/');
    if (parts.size() != 2 || parts[0].isEmpty() || parts[1].isEmpty())
        return tr("The repository must be owner/name, e.g. pytorch/pytorch.");
    if (!namePattern.match(parts[0]).hasMatch() || !namePattern.match(parts[1]).hasMatch())
        return tr("Owner and name may hold letters, digits, '.', '-' and '_' only.");
    const QStringList parsed = parseLabels(labels);
    for (const QString &label : parsed) {
        if (label.size() > 100)
            return tr("Labels are at most 100 characters long.");
    }
    return {};
}

void QueuePickerDialog::revalidate()
{
    const bool empty = m_repoEdit->text().trimmed().isEmpty();
    m_profileCombo->setItemText(0, tr("Automatic (%1, from the labels)")
                                       .arg(RubricPack::profileForQueueLabels(parseLabels(m_labelsEdit->text()))));
    m_profileCombo->setEnabled(packFile().isEmpty());
    QString problem = validate(m_repoEdit->text(), m_labelsEdit->text());
    if (problem.isEmpty() && !packFile().isEmpty()) {
        // Said now, not after the queue opened with the wrong rubric.
        if (const Result<RubricPack> pack = RubricPack::load(packFile()); !pack)
            problem = pack.error();
    }
    // An empty form is not an error yet: say nothing until something was typed.
    m_message->setText(empty ? QString() : problem);
    m_message->setVisible(!empty && !problem.isEmpty());
    m_buttons->button(QDialogButtonBox::Open)->setEnabled(problem.isEmpty());
}
