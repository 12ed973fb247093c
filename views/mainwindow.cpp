// SPDX-License-Identifier: MIT
#include "views/mainwindow.h"

#include "models/issuefilterproxymodel.h"
#include "models/issuetablemodel.h"
#include "views/issueview.h"
#include "views/labelchipdelegate.h"

#include <QApplication>
#include <QHeaderView>
#include <QKeyEvent>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QShortcut>
#include <QSplitter>
#include <QStatusBar>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {

constexpr int FilterDelayMs = 300;
// Legible on a shared screen without looking oversized on a laptop.
constexpr qreal MinimumPointSize = 10.5;

} // namespace

MainWindow::MainWindow(KSyntaxHighlighting::Repository *repository, QWidget *parent)
    : QMainWindow(parent)
    , m_model(new IssueTableModel(this))
    , m_proxy(new IssueFilterProxyModel(this))
    , m_filterEdit(new QLineEdit(this))
    , m_filterTimer(new QTimer(this))
    , m_table(new QTableView(this))
    , m_issueView(new IssueView(repository, this))
    , m_splitter(new QSplitter(Qt::Horizontal, this))
    , m_sourceLabel(new QLabel(this))
    , m_countLabel(new QLabel(this))
{
    setWindowTitle(tr("Triage Console"));
    QFont windowFont = QApplication::font();
    if (windowFont.pointSizeF() > 0 && windowFont.pointSizeF() < MinimumPointSize) {
        windowFont.setPointSizeF(MinimumPointSize);
        setFont(windowFont);
    }

    m_proxy->setSourceModel(m_model);

    m_filterEdit->setObjectName(u"filterEdit"_s);
    m_filterEdit->setPlaceholderText(tr("Filter by number, title, author or label   ( / )"));
    m_filterEdit->setClearButtonEnabled(true);
    m_filterEdit->setAccessibleName(tr("Filter the queue"));
    m_filterTimer->setSingleShot(true);
    m_filterTimer->setInterval(FilterDelayMs);
    connect(m_filterEdit, &QLineEdit::textChanged, m_filterTimer, qOverload<>(&QTimer::start));
    connect(m_filterTimer, &QTimer::timeout, this, &MainWindow::applyFilter);
    connect(m_filterEdit, &QLineEdit::returnPressed, this, [this] {
        applyFilter();
        m_table->setFocus(Qt::ShortcutFocusReason);
    });

    m_issueView->setObjectName(u"issueView"_s);
    QFont readingFont = font();
    readingFont.setPointSizeF(font().pointSizeF() + 0.5);
    m_issueView->setFont(readingFont);
    connect(m_issueView, qOverload<const QUrl &>(&QTextBrowser::highlighted), this, [this](const QUrl &url) {
        if (url.isEmpty())
            statusBar()->clearMessage();
        else
            statusBar()->showMessage(url.toDisplayString());
    });

    setUpTable();

    auto *queuePane = new QWidget(this);
    auto *queueLayout = new QVBoxLayout(queuePane);
    queueLayout->setContentsMargins(12, 12, 0, 0);
    queueLayout->setSpacing(10);
    queueLayout->addWidget(m_filterEdit);
    queueLayout->addWidget(m_table, 1);

    m_splitter->setObjectName(u"mainSplitter"_s);
    m_splitter->addWidget(queuePane);
    m_splitter->addWidget(m_issueView);
    m_splitter->setChildrenCollapsible(false);
    m_splitter->setStretchFactor(0, 4);
    m_splitter->setStretchFactor(1, 5);
    m_splitter->setSizes({700, 740});
    setCentralWidget(m_splitter);

    m_sourceLabel->setObjectName(u"sourceLabel"_s);
    m_countLabel->setObjectName(u"countLabel"_s);
    m_sourceLabel->setContentsMargins(6, 0, 0, 0);
    m_countLabel->setContentsMargins(0, 0, 6, 0);
    m_sourceLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    statusBar()->addWidget(m_sourceLabel, 1);
    statusBar()->addPermanentWidget(m_countLabel);
    statusBar()->setSizeGripEnabled(false);

    setUpShortcuts();
    updateCount();
    resize(1440, 900);
    m_table->setFocus();
}

void MainWindow::setUpTable()
{
    m_table->setObjectName(u"issueTable"_s);
    m_table->setModel(m_proxy);
    m_table->setItemDelegateForColumn(IssueTableModel::Labels, new LabelChipDelegate(m_table));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setShowGrid(false);
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideRight);
    m_table->setSortingEnabled(true);
    m_table->setFrameShape(QFrame::NoFrame);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_table->sortByColumn(IssueTableModel::Number, Qt::DescendingOrder);

    const QFontMetrics metrics(font());
    QHeaderView *vertical = m_table->verticalHeader();
    vertical->hide();
    vertical->setSectionResizeMode(QHeaderView::Fixed);
    vertical->setDefaultSectionSize(qRound(metrics.height() * 2.1));

    QHeaderView *header = m_table->horizontalHeader();
    header->setHighlightSections(false);
    header->setStretchLastSection(false);
    header->setSectionsMovable(false);
    header->setMinimumSectionSize(metrics.horizontalAdvance(u"Age"_s) + 28);
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setSectionResizeMode(IssueTableModel::Title, QHeaderView::Stretch);
    header->resizeSection(IssueTableModel::Number, metrics.horizontalAdvance(u"#000000"_s) + 18);
    header->resizeSection(IssueTableModel::Author, metrics.horizontalAdvance(u"a-long-login"_s) + 12);
    header->resizeSection(IssueTableModel::Age, metrics.horizontalAdvance(u"00 mo"_s) + 20);
    // One chip and a "+N": the issue view shows them all.
    header->resizeSection(IssueTableModel::Labels, metrics.horizontalAdvance(u"oncall: distributed +2"_s) + 30);

    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &MainWindow::showCurrentIssue);
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, &MainWindow::updateCount);
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, this, &MainWindow::updateCount);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &MainWindow::updateCount);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, &MainWindow::updateCount);
}

void MainWindow::setUpShortcuts()
{
    // Window-wide single keys: a focused line edit consumes printable keys first, so typing "j" or "/"
    // into the filter never triggers these.
    auto *focusFilter = new QShortcut(QKeySequence(Qt::Key_Slash), this);
    connect(focusFilter, &QShortcut::activated, this, [this] {
        m_filterEdit->setFocus(Qt::ShortcutFocusReason);
        m_filterEdit->selectAll();
    });
    auto *next = new QShortcut(QKeySequence(Qt::Key_J), this);
    connect(next, &QShortcut::activated, this, [this] { moveSelection(+1); });
    auto *previous = new QShortcut(QKeySequence(Qt::Key_K), this);
    connect(previous, &QShortcut::activated, this, [this] { moveSelection(-1); });
    // Escape in the filter: first clears it, then goes back to the queue (see eventFilter).
    m_filterEdit->installEventFilter(this);
}

bool MainWindow::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_filterEdit && event->type() == QEvent::KeyPress &&
        static_cast<QKeyEvent *>(event)->key() == Qt::Key_Escape) {
        if (!m_filterEdit->text().isEmpty()) {
            m_filterEdit->clear();
            applyFilter();
        } else {
            m_table->setFocus(Qt::ShortcutFocusReason);
        }
        return true;
    }
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::setIssues(QList<Issue> issues, const QString &sourceName)
{
    m_shownNumber = 0;
    m_model->setIssues(std::move(issues));
    m_sourceLabel->setText(sourceName);
    m_sourceLabel->setToolTip(sourceName);
    setWindowTitle(sourceName.isEmpty() ? tr("Triage Console") : tr("%1 — Triage Console").arg(sourceName));
    updateCount();
    if (!m_table->currentIndex().isValid())
        m_issueView->clearIssue();
}

void MainWindow::selectFirstIssue()
{
    if (m_proxy->rowCount() == 0) {
        m_issueView->clearIssue();
        return;
    }
    m_table->setCurrentIndex(m_proxy->index(0, IssueTableModel::Title));
    m_table->scrollToTop();
}

void MainWindow::applyFilter()
{
    m_filterTimer->stop();
    m_proxy->setFilterText(m_filterEdit->text());
    updateCount();
    if (!m_table->currentIndex().isValid())
        selectFirstIssue();
}

void MainWindow::moveSelection(int delta)
{
    const int rows = m_proxy->rowCount();
    if (rows == 0)
        return;
    const QModelIndex current = m_table->currentIndex();
    const int row = current.isValid() ? qBound(0, current.row() + delta, rows - 1) : 0;
    const QModelIndex target = m_proxy->index(row, IssueTableModel::Title);
    m_table->selectionModel()->setCurrentIndex(target, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_table->scrollTo(target);
}

void MainWindow::showCurrentIssue()
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid()) {
        m_shownNumber = 0;
        m_issueView->clearIssue();
        return;
    }
    // Sorting moves the current row without changing the issue: keep the reader's scroll position.
    const Issue issue = current.data(IssueTableModel::IssueRole).value<Issue>();
    if (issue.number == m_shownNumber)
        return;
    m_shownNumber = issue.number;
    m_issueView->setIssue(issue);
}

void MainWindow::updateCount()
{
    const int total = m_model->rowCount();
    const int shown = m_proxy->rowCount();
    if (shown == total)
        m_countLabel->setText(total == 1 ? tr("1 issue") : tr("%1 issues").arg(total));
    else
        m_countLabel->setText(tr("%1 of %2 issues").arg(shown).arg(total));
}
