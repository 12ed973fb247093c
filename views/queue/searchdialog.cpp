// SPDX-License-Identifier: MIT
#include "views/queue/searchdialog.h"

#include "engine/similar/similaritylookup.h"
#include "models/similar/similarmatchmodel.h"
#include "views/issue/issueview.h"
#include "views/similar/similarmatchtable.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QElapsedTimer>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

SearchDialog::SearchDialog(SimilarityLookup *lookup, const QString &repository, KSyntaxHighlighting::Repository *syntax,
                           QWidget *parent)
    : QDialog(parent)
    , m_lookup(lookup)
    , m_repository(repository)
    , m_query(new QLineEdit(this))
    , m_labels(new QLineEdit(this))
    , m_state(new QComboBox(this))
    , m_status(new QLabel(this))
    , m_model(new SimilarMatchModel(this))
    , m_table(new QTableView(this))
    , m_preview(new IssueView(syntax, this))
    , m_debounce(new QTimer(this))
{
    setObjectName(u"searchDialog"_s);
    setWindowTitle(repository.isEmpty() ? tr("Search the store") : tr("Search %1").arg(repository));
    m_query->setObjectName(u"searchQuery"_s);
    m_query->setPlaceholderText(
        tr("nccl timeout · \"graph break\" · title: fsdp · signature: KeyError · shard* NOT docs"));
    m_query->setClearButtonEnabled(true);
    m_query->setAccessibleName(tr("Search text"));
    m_labels->setObjectName(u"searchLabels"_s);
    m_labels->setPlaceholderText(tr("labels, comma-separated (all of them)"));
    m_labels->setClearButtonEnabled(true);
    m_state->setObjectName(u"searchState"_s);
    m_state->addItem(tr("Open and closed"), queueStateName(QueueState::All));
    m_state->addItem(tr("Open"), queueStateName(QueueState::Open));
    m_state->addItem(tr("Closed"), queueStateName(QueueState::Closed));
    m_status->setObjectName(u"searchStatus"_s);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_table->setObjectName(u"searchResults"_s);
    SimilarMatchTable::setUp(m_table, m_model);
    m_table->setColumnWidth(SimilarMatchModel::Matched, 100);
    m_table->setColumnWidth(SimilarMatchModel::Score, 52);
    connect(m_table, &QTableView::activated, this, [this] { openCurrent(); });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &SearchDialog::previewCurrent);
    m_preview->setObjectName(u"searchPreview"_s);

    m_debounce->setSingleShot(true);
    m_debounce->setInterval(DebounceMs);
    connect(m_debounce, &QTimer::timeout, this, &SearchDialog::search);
    connect(m_query, &QLineEdit::textChanged, m_debounce, qOverload<>(&QTimer::start));
    connect(m_labels, &QLineEdit::textChanged, m_debounce, qOverload<>(&QTimer::start));
    connect(m_state, &QComboBox::currentIndexChanged, this, &SearchDialog::search);
    connect(m_query, &QLineEdit::returnPressed, this, [this] {
        if (m_model->rowCount() > 0 && !m_debounce->isActive()) {
            openCurrent();
        } else {
            m_debounce->stop();
            search();
        }
    });

    auto *filters = new QHBoxLayout;
    filters->addWidget(m_labels, 1);
    filters->addWidget(m_state);
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_table);
    splitter->addWidget(m_preview);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setSizes({720, 460});
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_query);
    layout->addLayout(filters);
    layout->addWidget(m_status);
    layout->addWidget(splitter, 1);
    layout->addWidget(buttons);
    resize(1200, 720);
    m_status->setText(lookup ? tr("Type to search every issue in the store.")
                             : tr("Search needs the local store: open a queue synced from GitHub (Ctrl+O)."));
    m_query->setFocus();
}

SearchDialog::~SearchDialog() = default;

void SearchDialog::setQuery(const QString &text)
{
    m_query->setText(text);
}

void SearchDialog::setLabels(const QString &commaSeparated)
{
    m_labels->setText(commaSeparated);
}

void SearchDialog::setState(QueueState state)
{
    const int index = m_state->findData(queueStateName(state));
    m_state->setCurrentIndex(index < 0 ? 0 : index);
}

QString SearchDialog::statusText() const
{
    return m_status->text();
}

void SearchDialog::search()
{
    m_debounce->stop(); // this search supersedes one the edits scheduled
    if (!m_lookup)
        return;
    SearchQuery query;
    query.repository = m_repository;
    query.text = m_query->text().trimmed();
    for (const QString &label : m_labels->text().split(u',', Qt::SkipEmptyParts)) {
        if (!label.trimmed().isEmpty())
            query.labels.append(label.trimmed());
    }
    query.state = queueStateFromName(m_state->currentData().toString()).value_or(QueueState::All);
    query.limit = 100;
    if (query.text.isEmpty()) {
        ++m_ticket; // an answer still coming is for text no longer there
        m_pending = false;
        m_model->clear();
        m_preview->clearIssue();
        m_status->setText(tr("Type to search every issue in the store."));
        Q_EMIT searchFinished();
        return;
    }
    m_pending = true;
    m_status->setText(tr("Searching…"));
    auto clock = std::make_shared<QElapsedTimer>();
    clock->start();
    m_ticket = m_lookup->search(query, this, [this, clock](int ticket, const Result<QList<SimilarityMatch>> &result) {
        if (ticket != m_ticket)
            return;
        showResults(result);
        if (result)
            m_status->setText(
                result->isEmpty()
                    ? tr("Nothing matches.")
                    : (result->size() == 1 ? tr("1 issue") : tr("%n issues", nullptr, int(result->size()))) +
                          tr(" · %1 ms · Enter opens the selected one").arg(clock->elapsed()));
        Q_EMIT searchFinished();
    });
}

void SearchDialog::showResults(const Result<QList<SimilarityMatch>> &result)
{
    m_pending = false;
    if (!result) {
        m_model->clear();
        m_preview->clearIssue();
        m_status->setText(result.error());
        return;
    }
    m_model->setMatches(result.value());
    if (!result->isEmpty())
        m_table->setCurrentIndex(m_model->index(0, SimilarMatchModel::Title));
    else
        m_preview->clearIssue();
}

void SearchDialog::previewCurrent()
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid() || !m_lookup)
        return;
    const SimilarityMatch match = m_model->matchAt(current.row());
    m_previewNumber = match.number;
    const int number = match.number;
    m_lookup->loadIssue(match.repository, match.number, this, [this, number](const Result<Issue> &issue) {
        if (number != m_previewNumber || !issue)
            return;
        m_preview->setIssue(issue.value());
    });
}

void SearchDialog::openCurrent()
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid())
        return;
    const SimilarityMatch match = m_model->matchAt(current.row());
    Q_EMIT openIssueRequested(match.repository, match.number);
}
