// SPDX-License-Identifier: MIT
#include "views/outbox/outboxpanel.h"

#include "engine/github/githubclient.h"
#include "engine/outbox/outboxstore.h"
#include "engine/outbox/outboxsubmitjob.h"
#include "models/queue/issuetablemodel.h"
#include "views/common/apppalette.h"
#include "views/common/labelchipdelegate.h"
#include "views/common/messagebanner.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QShortcut>
#include <QSplitter>
#include <QTableView>
#include <QTableWidget>
#include <QTabWidget>
#include <QTextBrowser>
#include <QTextDocument>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

// The chip delegate reads IssueTableModel::LabelsRole; the outbox model answers the same role number.
static_assert(int(OutboxModel::LabelsRole) == int(IssueTableModel::LabelsRole));

namespace {

QString cssColor(const QColor &color)
{
    return color.name(QColor::HexRgb);
}

QString chipHtml(const QString &label, const QPalette &palette, const QString &suffix = {})
{
    const LabelChipDelegate::ChipColors colors = LabelChipDelegate::colorsFor(label, palette);
    // A chip never breaks across lines: no-break spaces and hyphens.
    const QString text = label.toHtmlEscaped().replace(u' ', u"&nbsp;"_s).replace(u'-', QChar(0x2011));
    return u"<span style='background-color:%1; color:%2;'>&nbsp;%3&nbsp;</span>%4"_s.arg(
        cssColor(colors.background), cssColor(colors.text), text, suffix);
}

// The entry pane's rich text, section by section: what the entry is, what needs the reviewer, what it writes.
class EntryDocument
{
public:
    EntryDocument(const OutboxEntry &entry, const QPalette &palette)
        : m_entry(entry)
        , m_palette(palette)
        , m_muted(cssColor(palette.color(QPalette::PlaceholderText)))
    {}

    QString html(const QString &title) const
    {
        return header(title) + attention() + labels() + comment() + closing() + facts();
    }

private:
    QString heading(const QString &text) const
    {
        return u"<p style='margin-top:14px; margin-bottom:4px; color:%1; font-size:small;"
               " font-weight:600; letter-spacing:1px;'>%2</p>"_s.arg(m_muted, text.toUpper().toHtmlEscaped());
    }

    static QString box(const QColor &fill, const QColor &frame, const QString &content)
    {
        return u"<table width='100%' cellpadding='8' cellspacing='0' style='background-color:%1;"
               " border: 1px solid %2;'><tr><td>%3</td></tr></table>"_s.arg(cssColor(fill), cssColor(frame), content);
    }

    QString mutedText(const QString &text) const { return u"<span style='color:%1'>%2</span>"_s.arg(m_muted, text); }

    QString header(const QString &title) const
    {
        QString html =
            u"<p style='font-size:large; font-weight:600; margin-bottom:2px;'>#%1 %2</p>"_s.arg(m_entry.number)
                .arg(title.toHtmlEscaped());
        html += u"<p style='color:%1; margin-top:0;'>%2</p>"_s.arg(m_muted, m_entry.repository.toHtmlEscaped());
        html += u"<p><span style='color:%1; font-weight:600;'>%2 %3</span>"_s.arg(
            cssColor(OutboxModel::statusColor(m_entry.status)), OutboxModel::statusGlyph(m_entry.status),
            outboxStatusText(m_entry.status));
        switch (m_entry.status) {
        case OutboxStatus::Ready:
            html +=
                u" &nbsp;"_s + mutedText(m_entry.selected ? OutboxPanel::tr("selected: written with the next Submit")
                                                          : OutboxPanel::tr("not selected: Space selects it"));
            break;
        case OutboxStatus::Applied:
        case OutboxStatus::AlreadyApplied:
        case OutboxStatus::Submitting:
            if (!m_entry.outcome.isEmpty())
                html += u" &nbsp;"_s + mutedText(m_entry.outcome.toHtmlEscaped());
            break;
        case OutboxStatus::Blocked:
        case OutboxStatus::Conflict:
        case OutboxStatus::Failed:
            break;
        }
        return html + u"</p>"_s;
    }

    // What needs the reviewer, first: a conflict, a block, GitHub's refusal.
    QString attention() const
    {
        QString title;
        QStringList lines;
        QString then;
        switch (m_entry.status) {
        case OutboxStatus::Conflict:
            title = OutboxPanel::tr("What changed since your review");
            lines = conflictLines();
            then = OutboxPanel::tr("Nothing was written. Re-review the issue as it is now; a new approval puts it "
                                   "back in the outbox.");
            break;
        case OutboxStatus::Blocked:
            title = OutboxPanel::tr("Blocked by the queue rules");
            lines = violationLines();
            then = OutboxPanel::tr("Never written. Edit and approve it again.");
            break;
        case OutboxStatus::Failed:
            title = OutboxPanel::tr("GitHub's answer");
            then = OutboxPanel::tr("Nothing more was written after this. Approve it again to retry.");
            break;
        default:
            return {};
        }
        if (lines.isEmpty())
            lines.append(m_entry.outcome.toHtmlEscaped());
        const LabelChipDelegate::ChipColors warn = LabelChipDelegate::colorsForHue(
            m_entry.status == OutboxStatus::Blocked ? 38 : (m_entry.status == OutboxStatus::Conflict ? 22 : 4),
            m_palette);
        lines.append(u"<span style='color:%1'>%2</span>"_s.arg(cssColor(warn.text), then));
        return heading(title) + box(warn.background, warn.border, lines.join(u"<br>"_s));
    }

    QStringList conflictLines() const
    {
        QStringList lines;
        const OutboxChange &change = m_entry.change;
        if (!change.labelsAdded.isEmpty()) {
            QString chips;
            for (const QString &label : change.labelsAdded)
                chips += chipHtml(label, m_palette, u" "_s);
            lines.append(OutboxPanel::tr("Labels added by others: %1").arg(chips));
        }
        if (!change.labelsRemoved.isEmpty()) {
            QString chips;
            for (const QString &label : change.labelsRemoved)
                chips += u"<s>"_s + chipHtml(label, m_palette) + u"</s> "_s;
            lines.append(OutboxPanel::tr("Labels removed by others: %1").arg(chips));
        }
        if (change.newComments > 0) {
            QString text = change.newComments == 1 ? OutboxPanel::tr("1 new comment")
                                                   : OutboxPanel::tr("%1 new comments").arg(change.newComments);
            if (!change.newCommentAuthors.isEmpty())
                text += OutboxPanel::tr(" by %1").arg(change.newCommentAuthors.join(u", "_s).toHtmlEscaped());
            lines.append(text);
        }
        if (change.stateChanged())
            lines.append(change.stateNow == IssueState::Closed ? OutboxPanel::tr("Closed by someone else")
                                                               : OutboxPanel::tr("Reopened by someone else"));
        return lines;
    }

    QStringList violationLines() const
    {
        QStringList lines;
        for (const Violation &violation : m_entry.violations) {
            QString line = u"<b>%1</b>"_s.arg(violation.rule.toHtmlEscaped());
            if (!violation.label.isEmpty())
                line += u" "_s + chipHtml(violation.label, m_palette);
            line += u" — "_s + violation.message.toHtmlEscaped();
            lines.append(line);
        }
        return lines;
    }

    QString labels() const
    {
        QString html = heading(OutboxPanel::tr("Labels to add"));
        if (m_entry.addLabels.isEmpty()) {
            html += u"<p style='color:%1'>%2</p>"_s.arg(m_muted, OutboxPanel::tr("None."));
        } else {
            QString chips;
            for (const QString &label : m_entry.addLabels) {
                const bool present = m_entry.seenLabels.contains(label);
                chips += chipHtml(label, m_palette,
                                  present ? u" "_s + mutedText(u"(%1)"_s.arg(OutboxPanel::tr("already there"))) +
                                                u" &nbsp;"_s
                                          : u" &nbsp;"_s);
            }
            html += u"<p style='line-height:160%'>%1</p>"_s.arg(chips);
        }
        // A scrub's removals: the reproduction label, and the `triaged` refresh (two calls).
        if (!m_entry.removeLabels.isEmpty() || m_entry.refreshTriaged) {
            html += heading(OutboxPanel::tr("Labels to remove"));
            QString chips;
            for (const QString &label : m_entry.removeLabels)
                chips += chipHtml(label, m_palette, u" &nbsp;"_s);
            if (m_entry.refreshTriaged)
                chips += chipHtml(u"triaged"_s, m_palette,
                                  u" "_s + mutedText(u"(%1)"_s.arg(OutboxPanel::tr("removed, then added again"))));
            html += u"<p style='line-height:160%'>%1</p>"_s.arg(chips);
        }
        return html;
    }

    QString comment() const
    {
        QString html = heading(OutboxPanel::tr("Comment, as it will be posted"));
        if (m_entry.comment.trimmed().isEmpty())
            return html + u"<p style='color:%1'>%2</p>"_s.arg(m_muted, OutboxPanel::tr("No comment."));
        const bool dark = AppPalette::isDark(m_palette);
        const QColor base = m_palette.color(QPalette::Base);
        const QColor frame = dark ? base.lighter(160) : base.darker(115);
        const QColor fill = dark ? base.lighter(115) : m_palette.color(QPalette::AlternateBase);
        QString body = m_entry.comment.toHtmlEscaped();
        body.replace(u'\n', u"<br>"_s);
        html += box(fill, frame, body);
        html += u"<p style='color:%1; font-size:small;'>%2</p>"_s.arg(
            m_muted, OutboxPanel::tr(
                         "A hidden marker identifying this plan is appended, so the comment is never posted twice."));
        return html;
    }

    QString closing() const
    {
        if (!m_entry.close)
            return {};
        return heading(OutboxPanel::tr("Close")) +
               u"<p>%1</p>"_s.arg(m_entry.stateReason == u"not_planned"_s
                                      ? OutboxPanel::tr("Closes the issue as not planned.")
                                      : OutboxPanel::tr("Closes the issue as completed."));
    }

    QString facts() const
    {
        QStringList facts;
        if (!m_entry.subOncall.isEmpty())
            facts.append(m_entry.subOncall.toHtmlEscaped());
        if (m_entry.confidence != Confidence::None)
            facts.append(OutboxPanel::tr("%1 confidence").arg(IssueTableModel::confidenceText(m_entry.confidence)));
        if (!m_entry.reviewer.isEmpty())
            facts.append(OutboxPanel::tr("approved by %1").arg(m_entry.reviewer.toHtmlEscaped()));
        if (m_entry.createdAt.isValid())
            facts.append(QLocale().toString(m_entry.createdAt.toLocalTime(), QLocale::ShortFormat));
        if (m_entry.attempts > 1)
            facts.append(OutboxPanel::tr("%1 attempts").arg(m_entry.attempts));
        if (facts.isEmpty())
            return {};
        return u"<p style='margin-top:16px; color:%1;'>%2</p>"_s.arg(m_muted, facts.join(u" · "_s));
    }

    const OutboxEntry &m_entry;
    const QPalette &m_palette;
    const QString m_muted;
};

} // namespace

OutboxPanel::OutboxPanel(QWidget *parent)
    : QWidget(parent)
    , m_model(new OutboxModel(this))
    , m_title(new QLabel(tr("Outbox"), this))
    , m_countsLabel(new QLabel(this))
    , m_banner(new MessageBanner(this))
    , m_selectAll(new QToolButton(this))
    , m_selectNone(new QToolButton(this))
    , m_keepSubscriptions(new QCheckBox(tr("Keep my notification settings"), this))
    , m_blockerLabel(new QLabel(this))
    , m_progressLabel(new QLabel(this))
    , m_progress(new QProgressBar(this))
    , m_cancelButton(new QPushButton(tr("Cancel"), this))
    , m_submitButton(new QPushButton(tr("Submit"), this))
    , m_table(new QTableView(this))
    , m_side(new QTabWidget(this))
    , m_entryPage(new QWidget(this))
    , m_detail(new QTextBrowser(this))
    , m_reviewButton(new QPushButton(tr("Re-review in the queue"), this))
    , m_reportPage(new QWidget(this))
    , m_reportView(new QTextBrowser(this))
    , m_copyButton(new QPushButton(tr("Copy markdown"), this))
    , m_auditPage(new QWidget(this))
    , m_auditTable(new QTableWidget(this))
    , m_exportButton(new QPushButton(tr("Export…"), this))
{
    setObjectName(u"outboxPanel"_s);
    setUpControls();

    auto *header = new QHBoxLayout;
    header->setSpacing(16);
    header->addWidget(m_title);
    header->addWidget(m_countsLabel, 1);

    auto *actions = new QHBoxLayout;
    actions->setSpacing(8);
    actions->addWidget(m_selectAll);
    actions->addWidget(m_selectNone);
    actions->addWidget(m_keepSubscriptions);
    actions->addStretch(1);
    actions->addWidget(m_blockerLabel);
    actions->addWidget(m_progressLabel);
    actions->addWidget(m_progress);
    actions->addWidget(m_cancelButton);
    actions->addWidget(m_submitButton);

    setUpTable();

    setUpSide();

    m_side->setObjectName(u"outboxSide"_s);
    m_side->setDocumentMode(true);
    m_side->setFocusPolicy(Qt::NoFocus);
    m_side->addTab(m_entryPage, tr("Entry"));
    m_side->addTab(m_reportPage, tr("Report"));
    m_side->addTab(m_auditPage, tr("Audit log"));
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    connect(m_side, &QTabWidget::currentChanged, this, [this, splitter](int index) {
        if (m_side->widget(index) == m_auditPage)
            refreshAuditLog();
        // The report's and the audit log's tables need room; an entry reads well in a column.
        const int total = splitter->width();
        const bool wide = m_side->widget(index) != m_entryPage;
        const int side = wide ? total * 58 / 100 : total * 30 / 100;
        if (total > 0 && (wide ? splitter->sizes().value(1) < side : splitter->sizes().value(1) > total * 45 / 100))
            splitter->setSizes({total - side, side});
    });

    splitter->setObjectName(u"outboxSplitter"_s);
    splitter->addWidget(m_table);
    splitter->addWidget(m_side);
    splitter->setChildrenCollapsible(false);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setSizes({1000, 430});

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 10, 12, 0);
    layout->setSpacing(8);
    layout->addLayout(header);
    layout->addLayout(actions);
    layout->addWidget(m_banner);
    layout->addWidget(splitter, 1);

    auto *submitShortcut = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return), this);
    submitShortcut->setContext(Qt::WidgetWithChildrenShortcut);
    connect(submitShortcut, &QShortcut::activated, this, &OutboxPanel::submit);
    auto *submitShortcutEnter = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Enter), this);
    submitShortcutEnter->setContext(Qt::WidgetWithChildrenShortcut);
    connect(submitShortcutEnter, &QShortcut::activated, this, &OutboxPanel::submit);

    connect(m_model, &OutboxModel::countsChanged, this, [this] {
        updateCounts();
        updateActions();
        Q_EMIT countsChanged(m_model->counts());
    });
    connect(m_model, &OutboxModel::errorOccurred, this, [this](const QString &message) { showBanner(message, true); });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        m_table->setColumnHidden(OutboxModel::Close,
                                 std::none_of(m_model->entries().cbegin(), m_model->entries().cend(),
                                              [](const OutboxEntry &entry) { return entry.close; }));
    });
    styleSubmitButton();
    updateCounts();
    updateActions();
    showCurrentEntry();
}

void OutboxPanel::styleSubmitButton()
{
    // The one primary action of the page, in the accent colour; plain when it cannot be used.
    const QPalette pal = palette();
    const QColor accent = pal.color(QPalette::Highlight);
    m_submitButton->setStyleSheet(
        u"QPushButton#submitButton { background: %1; color: %2; border: 1px solid %3; border-radius: 4px;"
        " padding: 5px 18px; font-weight: 600; }"
        " QPushButton#submitButton:hover { background: %4; }"
        " QPushButton#submitButton:disabled { background: %5; color: %6; border: 1px solid %7; font-weight: 400; }"_s
            .arg(cssColor(accent), cssColor(pal.color(QPalette::HighlightedText)), cssColor(accent.darker(120)),
                 cssColor(accent.lighter(112)), cssColor(pal.color(QPalette::Button)),
                 cssColor(pal.color(QPalette::PlaceholderText)), cssColor(pal.color(QPalette::Mid))));
}

OutboxPanel::~OutboxPanel()
{
    if (m_job)
        m_job->cancel();
}

// The title, the counts, the banner and the submit bar's controls.
void OutboxPanel::setUpControls()
{
    QFont titleFont = font();
    titleFont.setPointSizeF(font().pointSizeF() * 1.3);
    titleFont.setWeight(QFont::DemiBold);
    m_title->setFont(titleFont);
    m_countsLabel->setObjectName(u"outboxCounts"_s);
    m_countsLabel->setTextFormat(Qt::RichText);

    m_banner->setObjectName(u"outboxBanner"_s);

    m_selectAll->setObjectName(u"selectAllButton"_s);
    m_selectAll->setText(tr("Select all"));
    m_selectNone->setObjectName(u"selectNoneButton"_s);
    m_selectNone->setText(tr("Select none"));
    for (QToolButton *button : {m_selectAll, m_selectNone})
        button->setFocusPolicy(Qt::ClickFocus);
    connect(m_selectAll, &QToolButton::clicked, this, [this] { m_model->setAllSelected(true); });
    connect(m_selectNone, &QToolButton::clicked, this, [this] { m_model->setAllSelected(false); });

    m_keepSubscriptions->setObjectName(u"keepSubscriptions"_s);
    m_keepSubscriptions->setFocusPolicy(Qt::ClickFocus);
    connect(m_keepSubscriptions, &QCheckBox::toggled, this, [this](bool keep) {
        const QString repository = subscriptionRepository();
        if (!m_store || repository.isEmpty())
            return;
        const Result<bool> stored = m_store->setKeepSubscriptions(repository, keep);
        if (!stored)
            showBanner(tr("Cannot store the notification setting: %1").arg(stored.error()), true);
    });

    m_blockerLabel->setObjectName(u"submitBlocker"_s);
    m_blockerLabel->setForegroundRole(QPalette::PlaceholderText);
    m_progressLabel->setObjectName(u"outboxProgressLabel"_s);
    m_progress->setObjectName(u"outboxProgress"_s);
    m_progress->setMinimumWidth(220);
    m_progress->setMaximumHeight(14);
    m_progress->setTextVisible(false);
    m_progress->hide();
    m_cancelButton->setObjectName(u"cancelSubmitButton"_s);
    m_cancelButton->hide();
    connect(m_cancelButton, &QPushButton::clicked, this, &OutboxPanel::cancel);
    m_submitButton->setObjectName(u"submitButton"_s);
    m_submitButton->setDefault(true);
    m_submitButton->setToolTip(tr("Write the selected edits to GitHub (Ctrl+Return)"));
    connect(m_submitButton, &QPushButton::clicked, this, &OutboxPanel::submit);
}

// The side: the current entry in full, the last batch's report, the audit log.
void OutboxPanel::setUpSide()
{
    m_detail->setObjectName(u"outboxDetail"_s);
    m_detail->setFrameShape(QFrame::NoFrame);
    m_detail->setOpenLinks(false);
    m_detail->document()->setDocumentMargin(12);
    m_reviewButton->setObjectName(u"reReviewButton"_s);
    m_reviewButton->setToolTip(tr("Show this issue in the queue as it is now; approve it again to re-queue it"));
    connect(m_reviewButton, &QPushButton::clicked, this, &OutboxPanel::requestReview);
    auto *entryLayout = new QVBoxLayout(m_entryPage);
    entryLayout->setContentsMargins(0, 4, 0, 0);
    entryLayout->addWidget(m_detail, 1);
    auto *reviewRow = new QHBoxLayout;
    reviewRow->setContentsMargins(8, 0, 8, 8);
    reviewRow->addStretch(1);
    reviewRow->addWidget(m_reviewButton);
    entryLayout->addLayout(reviewRow);

    m_reportView->setObjectName(u"outboxReport"_s);
    m_reportView->setFrameShape(QFrame::NoFrame);
    m_reportView->setOpenExternalLinks(false);
    m_reportView->document()->setDocumentMargin(12);
    m_reportView->setPlaceholderText(tr("The report of the next batch shows here."));
    m_copyButton->setObjectName(u"copyReportButton"_s);
    m_copyButton->setEnabled(false);
    connect(m_copyButton, &QPushButton::clicked, this, [this] {
        QApplication::clipboard()->setText(reportMarkdown());
        showBanner(tr("The report is on the clipboard, as markdown."), false);
    });
    auto *reportLayout = new QVBoxLayout(m_reportPage);
    reportLayout->setContentsMargins(0, 4, 0, 0);
    reportLayout->addWidget(m_reportView, 1);
    auto *copyRow = new QHBoxLayout;
    copyRow->setContentsMargins(8, 0, 8, 8);
    copyRow->addStretch(1);
    copyRow->addWidget(m_copyButton);
    reportLayout->addLayout(copyRow);

    m_auditTable->setObjectName(u"auditTable"_s);
    m_auditTable->setColumnCount(6);
    m_auditTable->setHorizontalHeaderLabels(
        {tr("When"), tr("Who"), tr("Issue"), tr("Write"), tr("HTTP"), tr("GitHub's answer")});
    m_auditTable->verticalHeader()->hide();
    m_auditTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_auditTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_auditTable->setShowGrid(false);
    m_auditTable->setAlternatingRowColors(true);
    m_auditTable->setWordWrap(false);
    m_auditTable->setFrameShape(QFrame::NoFrame);
    m_auditTable->horizontalHeader()->setStretchLastSection(true);
    m_auditTable->horizontalHeader()->setHighlightSections(false);
    m_exportButton->setObjectName(u"exportAuditButton"_s);
    m_exportButton->setToolTip(tr("Save the audit log as JSON Lines or markdown"));
    connect(m_exportButton, &QPushButton::clicked, this, &OutboxPanel::exportAuditLogInteractively);
    auto *auditLayout = new QVBoxLayout(m_auditPage);
    auditLayout->setContentsMargins(0, 4, 0, 0);
    auditLayout->addWidget(m_auditTable, 1);
    auto *exportRow = new QHBoxLayout;
    exportRow->setContentsMargins(8, 0, 8, 8);
    exportRow->addStretch(1);
    exportRow->addWidget(m_exportButton);
    auditLayout->addLayout(exportRow);
}

void OutboxPanel::setUpTable()
{
    m_table->setObjectName(u"outboxTable"_s);
    m_table->setModel(m_model);
    m_table->setItemDelegateForColumn(OutboxModel::Labels, new LabelChipDelegate(m_table));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setShowGrid(false);
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideRight);
    m_table->setFrameShape(QFrame::NoFrame);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    const QFontMetrics metrics(font());
    m_table->verticalHeader()->setDefaultSectionSize(qRound(metrics.height() * 2.1));
    QHeaderView *header = m_table->horizontalHeader();
    header->setHighlightSections(false);
    header->setStretchLastSection(false);
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setSectionResizeMode(OutboxModel::Title, QHeaderView::Stretch);
    header->resizeSection(OutboxModel::Number, metrics.horizontalAdvance(u"#000000"_s) + 44);
    header->resizeSection(OutboxModel::Labels, metrics.horizontalAdvance(u"oncall: distributed +2"_s) + 30);
    header->resizeSection(OutboxModel::Comment, metrics.horizontalAdvance(u"Thanks for the report. To"_s) + 16);
    header->resizeSection(OutboxModel::Close, metrics.horizontalAdvance(u"close: not planned"_s) + 16);
    header->resizeSection(OutboxModel::Status, metrics.horizontalAdvance(u"≡ Already applied"_s) + 24);
    header->resizeSection(OutboxModel::Outcome, metrics.horizontalAdvance(u"labels added by others"_s) + 16);
    m_table->setColumnHidden(OutboxModel::Close, true);
    m_table->installEventFilter(this);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] {
        // Another row: its details, whatever the side showed.
        m_side->setCurrentWidget(m_entryPage);
        showCurrentEntry();
    });
    connect(m_model, &QAbstractItemModel::dataChanged, this, [this](const QModelIndex &topLeft) {
        if (topLeft.row() == m_table->currentIndex().row())
            showCurrentEntry();
    });
}

void OutboxPanel::setStore(OutboxStore *store)
{
    m_store = store;
    m_model->setStore(store);
    reload();
}

void OutboxPanel::setClient(GitHubClient *client)
{
    m_client = client;
    updateActions();
}

void OutboxPanel::setUnavailableReason(const QString &reason)
{
    m_unavailable = reason;
    updateActions();
}

void OutboxPanel::setIssueTitles(const QString &repository, const QList<Issue> &issues)
{
    m_repository = repository;
    m_model->setIssueTitles(repository, issues);
    showCurrentEntry();
    updateKeepSubscriptions();
}

QString OutboxPanel::subscriptionRepository() const
{
    if (!m_repository.isEmpty())
        return m_repository;
    const QModelIndex current = m_table->currentIndex();
    if (current.isValid())
        return current.data(OutboxModel::EntryRole).value<OutboxEntry>().repository;
    return m_model->rowCount() > 0 ? m_model->index(0, 0).data(OutboxModel::EntryRole).value<OutboxEntry>().repository
                                   : QString();
}

void OutboxPanel::updateKeepSubscriptions()
{
    const QString repository = subscriptionRepository();
    const QSignalBlocker blocker(m_keepSubscriptions);
    m_keepSubscriptions->setChecked(m_store && !repository.isEmpty() ? m_store->keepSubscriptions(repository) : true);
    m_keepSubscriptions->setEnabled(m_store && !repository.isEmpty() && !isSubmitting());
    m_keepSubscriptions->setToolTip(
        repository.isEmpty()
            ? tr("Writing to an issue subscribes you to it; with this on, your subscription is put back as it was")
            : tr("Writing to an issue subscribes you to it; with this on, your subscription to each open issue of "
                 "%1 is put back as it was after the last write")
                  .arg(repository));
}

void OutboxPanel::reload()
{
    const qint64 current = m_table->currentIndex().data(OutboxModel::IdRole).toLongLong();
    if (!m_store) {
        m_model->setEntries({});
    } else if (!m_model->reload()) {
        showBanner(tr("Cannot read the outbox: %1").arg(m_model->lastError()), true);
        return;
    }
    if (current == 0 || !selectEntry(current)) {
        if (m_model->rowCount() > 0)
            m_table->setCurrentIndex(m_model->index(0, OutboxModel::Title));
    }
    updateCounts();
    updateActions();
    showCurrentEntry();
}

bool OutboxPanel::selectEntry(qint64 id)
{
    const int row = m_model->rowForId(id);
    if (row < 0)
        return false;
    const QModelIndex target = m_model->index(row, OutboxModel::Title);
    m_table->selectionModel()->setCurrentIndex(target, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_table->scrollTo(target);
    m_side->setCurrentWidget(m_entryPage);
    return true;
}

QString OutboxPanel::submitBlocker() const
{
    if (!m_unavailable.isEmpty())
        return m_unavailable;
    if (!m_store)
        return tr("No store: the outbox lives in the local store.");
    if (!m_client || !m_client->hasToken())
        return tr("Add a GitHub token to submit (GitHub Token… in the toolbar).");
    if (isSubmitting())
        return tr("A batch is running.");
    const bool interrupted = std::any_of(m_model->entries().cbegin(), m_model->entries().cend(),
                                         [](const OutboxEntry &e) { return e.status == OutboxStatus::Submitting; });
    if (m_model->counts().selected == 0 && !interrupted)
        return m_model->counts().total == 0 ? tr("Nothing to submit: approve issues in the queue (a).")
                                            : tr("Nothing selected to submit.");
    return {};
}

void OutboxPanel::submit()
{
    if (const QString blocker = submitBlocker(); !blocker.isEmpty()) {
        if (!isSubmitting())
            showBanner(blocker, true);
        return;
    }
    const Result<QList<qint64>> ids = m_store->submittable();
    if (!ids) {
        showBanner(tr("Cannot read the outbox: %1").arg(ids.error()), true);
        return;
    }
    m_banner->hide();
    m_job = new OutboxSubmitJob(m_client, m_store->path(), ids.value(), this);
    if (m_pack)
        m_job->setPack(*m_pack);
    if (m_maxConcurrent > 0)
        m_job->setMaxConcurrent(m_maxConcurrent);
    connect(m_job, &OutboxSubmitJob::progress, this, [this](int done, int total) {
        // Indeterminate until the first figure, then determinate.
        m_progress->setRange(0, std::max(total, 1));
        m_progress->setValue(done);
        m_progressLabel->setText(tr("%1 of %2 done").arg(done).arg(total));
    });
    connect(m_job, &OutboxSubmitJob::entryChanged, this, &OutboxPanel::onEntryChanged);
    connect(m_job, &OutboxSubmitJob::waiting, this, [this](qint64 milliseconds, const QString &reason) {
        const auto seconds = qint64(std::ceil(double(milliseconds) / 1000.0));
        m_progressLabel->setText(tr("waiting %1 s: %2").arg(seconds).arg(reason));
    });
    connect(m_job, &OutboxSubmitJob::finished, this, &OutboxPanel::onFinished);
    m_progress->setRange(0, 0);
    m_progress->show();
    m_progressLabel->setText(tr("Starting…"));
    m_cancelButton->setEnabled(true);
    m_cancelButton->show();
    updateActions();
    Q_EMIT batchStarted();
    m_job->start();
}

void OutboxPanel::cancel()
{
    if (!m_job)
        return;
    m_job->cancel();
    m_cancelButton->setEnabled(false);
    m_progressLabel->setText(tr("Cancelling: finishing the issues in flight…"));
}

void OutboxPanel::onEntryChanged(const OutboxEntry &entry)
{
    m_model->updateEntry(entry);
    if (entry.status == OutboxStatus::Submitting)
        m_progressLabel->setText(tr("Writing #%1…").arg(entry.number));
}

void OutboxPanel::onFinished(const Result<OutboxReport> &result)
{
    if (m_job)
        m_job->deleteLater();
    m_job = nullptr;
    // Cancelled or could not start: the report as it stands comes along.
    const OutboxReport report = result.partial() ? *result.partial() : OutboxReport{};
    const bool couldNotRun = !result && !result.cancelled();
    m_report = report;
    m_progress->hide();
    m_cancelButton->hide();
    m_progressLabel->clear();
    reload();
    m_reportView->setMarkdown(report.toMarkdown());
    m_copyButton->setEnabled(true);
    refreshAuditLog();

    const int written = report.count(OutboxStatus::Applied) + report.count(OutboxStatus::AlreadyApplied);
    const int conflicts = report.count(OutboxStatus::Conflict);
    const int failed = report.count(OutboxStatus::Failed) + report.count(OutboxStatus::Blocked);
    if (couldNotRun) {
        showBanner(tr("The batch could not run: %1").arg(result.error()), true);
    } else if (result.cancelled()) {
        showBanner(tr("Cancelled: %1 written; the rest stay ready.").arg(written), false);
    } else if (conflicts + failed > 0) {
        QStringList parts{tr("%n written", nullptr, written)};
        if (conflicts > 0)
            parts.append(tr("%n changed on GitHub since the review (⇄, nothing written)", nullptr, conflicts));
        if (failed > 0)
            parts.append(tr("%n failed or blocked (✖ ⊘)", nullptr, failed));
        showBanner(parts.join(u" · "_s) + tr(". Select a row to see why."), true);
    } else {
        showBanner(tr("All %1 written to GitHub. The report is ready to copy.").arg(written), false);
    }
    if (!couldNotRun)
        m_side->setCurrentWidget(m_reportPage);
    updateActions();
    Q_EMIT batchFinished(report);
}

void OutboxPanel::showReport()
{
    m_side->setCurrentWidget(m_reportPage);
}

void OutboxPanel::showAuditLog()
{
    m_side->setCurrentWidget(m_auditPage);
    refreshAuditLog();
}

QString OutboxPanel::reportMarkdown() const
{
    return m_report ? m_report->toMarkdown() : QString();
}

void OutboxPanel::updateCounts()
{
    const OutboxModel::Counts c = m_model->counts();
    const QString muted = palette().color(QPalette::PlaceholderText).name();
    const auto part = [&muted](OutboxStatus status, int count, const QString &what) {
        const QString glyph = OutboxModel::statusGlyph(status);
        const QString color = count > 0 ? OutboxModel::statusColor(status).name() : muted;
        return u"<span style='color:%1'>%2</span>&nbsp;<b>%3</b>&nbsp;%4"_s.arg(color, glyph, QString::number(count),
                                                                                what);
    };
    QStringList parts{
        part(OutboxStatus::Ready, c.ready, tr("ready")), part(OutboxStatus::Blocked, c.blocked, tr("blocked")),
        part(OutboxStatus::Applied, c.done, tr("done")), part(OutboxStatus::Conflict, c.conflict, tr("conflict")),
        part(OutboxStatus::Failed, c.failed, tr("failed"))};
    QString text = parts.join(u"&nbsp;&nbsp;&nbsp;&nbsp;"_s);
    if (c.ready > 0)
        text += u"&nbsp;&nbsp;&nbsp;&nbsp;<span style='color:%1'>%2</span>"_s.arg(
            muted, tr("%1 of %2 ready selected").arg(c.selected).arg(c.ready));
    m_countsLabel->setText(text);
}

QString OutboxPanel::countsText() const
{
    const OutboxModel::Counts c = m_model->counts();
    return tr("%1 ready · %2 blocked · %3 done · %4 conflict · %5 failed")
        .arg(c.ready)
        .arg(c.blocked)
        .arg(c.done)
        .arg(c.conflict)
        .arg(c.failed);
}

QString OutboxPanel::progressText() const
{
    return m_progressLabel->text();
}

void OutboxPanel::updateActions()
{
    const QString blocker = submitBlocker();
    const bool running = isSubmitting();
    m_submitButton->setEnabled(blocker.isEmpty());
    const int selected = m_model->counts().selected;
    m_submitButton->setText(selected > 0 && !running ? tr("Submit %1").arg(selected) : tr("Submit"));
    m_blockerLabel->setText(running ? QString() : blocker);
    m_blockerLabel->setVisible(!running && !blocker.isEmpty());
    m_selectAll->setEnabled(!running && m_model->counts().ready > 0);
    m_selectNone->setEnabled(!running && m_model->counts().ready > 0);
    updateKeepSubscriptions();
}

void OutboxPanel::showCurrentEntry()
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid()) {
        m_detail->setHtml(u"<p style='color:%1'>%2</p>"_s.arg(
            palette().color(QPalette::PlaceholderText).name(),
            m_model->rowCount() == 0
                ? tr("The outbox is empty. Approve issues in the queue (<b>a</b>) and they wait here until you "
                     "submit them.")
                : tr("Select a row to see what it writes.")));
        m_reviewButton->hide();
        return;
    }
    const auto entry = current.data(OutboxModel::EntryRole).value<OutboxEntry>();
    m_detail->setHtml(entryHtml(entry));
    const bool reviewable = entry.status == OutboxStatus::Conflict || entry.status == OutboxStatus::Blocked ||
                            entry.status == OutboxStatus::Failed;
    m_reviewButton->setVisible(reviewable);
    m_reviewButton->setDefault(entry.status == OutboxStatus::Conflict);
}

QString OutboxPanel::entryHtml(const OutboxEntry &entry) const
{
    return EntryDocument(entry, palette()).html(m_model->titleOf(entry));
}

QString OutboxPanel::detailText() const
{
    return m_detail->toPlainText();
}

void OutboxPanel::toggleCurrent()
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid() || isSubmitting())
        return;
    m_model->setSelected(current.row(), !current.data(OutboxModel::SelectedRole).toBool());
}

void OutboxPanel::requestReview()
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid())
        return;
    const auto entry = current.data(OutboxModel::EntryRole).value<OutboxEntry>();
    Q_EMIT reviewRequested(entry.repository, entry.number);
}

void OutboxPanel::refreshAuditLog()
{
    m_auditTable->setRowCount(0);
    if (!m_store)
        return;
    const Result<QList<OutboxAuditRecord>> records = m_store->auditLog();
    if (!records) {
        showBanner(tr("Cannot read the audit log: %1").arg(records.error()), true);
        return;
    }
    const QLocale locale;
    const QList<OutboxAuditRecord> &list = records.value();
    m_auditTable->setRowCount(int(list.size()));
    // Newest first: the last batch is what one looks for.
    for (int i = 0; i < list.size(); ++i) {
        const OutboxAuditRecord &record = list.at(list.size() - 1 - i);
        const auto cell = [this, i](int column, const QString &text, const QString &tip = {}) {
            auto *item = new QTableWidgetItem(text);
            item->setToolTip(tip.isEmpty() ? text : tip);
            m_auditTable->setItem(i, column, item);
        };
        cell(0, locale.toString(record.at.toLocalTime(), QLocale::ShortFormat));
        cell(1, record.login);
        cell(2, u"#%1"_s.arg(record.number), u"%1#%2"_s.arg(record.repository).arg(record.number));
        cell(3, record.action, record.request);
        cell(4, record.status > 0 ? QString::number(record.status) : tr("lost"));
        cell(5, record.response.simplified(), record.response);
    }
    m_auditTable->resizeColumnsToContents();
    m_exportButton->setEnabled(!list.isEmpty());
}

Result<bool> OutboxPanel::exportAuditLog(const QString &path) const
{
    if (!m_store)
        return Error{tr("No store to read the audit log from.")};
    const Result<QList<OutboxAuditRecord>> records = m_store->auditLog();
    if (!records)
        return Error{records.error()};
    const QString suffix = QFileInfo(path).suffix().toLower();
    const QByteArray data = suffix == u"jsonl"_s || suffix == u"json"_s
                                ? OutboxStore::auditToJsonLines(records.value())
                                : OutboxStore::auditToMarkdown(records.value()).toUtf8();
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size() || !file.commit())
        return Error{tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString())};
    return true;
}

void OutboxPanel::exportAuditLogInteractively()
{
    QString filter;
    QString path = QFileDialog::getSaveFileName(this, tr("Export the audit log"), u"outbox-audit.jsonl"_s,
                                                tr("JSON Lines (*.jsonl);;Markdown (*.md)"), &filter);
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += filter.contains(u"*.md"_s) ? u".md"_s : u".jsonl"_s;
    const Result<bool> written = exportAuditLog(path);
    if (written)
        showBanner(tr("Audit log written to %1.").arg(QDir::toNativeSeparators(path)), false);
    else
        showBanner(written.error(), true);
}

void OutboxPanel::showBanner(const QString &message, bool problem)
{
    m_banner->showMessage(problem ? Tone::Problem : Tone::Ok, message);
}

bool OutboxPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_table && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        const bool plain = !(key->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier));
        if (plain && (key->key() == Qt::Key_Space || key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter)) {
            toggleCurrent();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void OutboxPanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        styleSubmitButton();
        updateCounts();
        showCurrentEntry();
    }
}

void OutboxPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    // The token may have arrived (or gone) while the panel was hidden.
    updateActions();
}
