// SPDX-License-Identifier: MIT
#include "views/repro/operatorprobepanel.h"

#include "engine/outbox/outboxstore.h"
#include "models/repro/operatorprobemodel.h"
#include "views/common/apppalette.h"
#include "views/common/messagebanner.h"
#include "views/common/panelstyle.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QEvent>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTabWidget>
#include <QTextBrowser>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;
using PanelStyle::sectionLabel;

namespace {

QString html(const QString &text)
{
    return text.toHtmlEscaped();
}

QString sourceText(OperatorMention::Source source)
{
    switch (source) {
    case OperatorMention::Source::MissingStrategy:
        return OperatorProbePanel::tr("the missing-strategy error");
    case OperatorMention::Source::Title:
        return OperatorProbePanel::tr("the title");
    case OperatorMention::Source::AtenName:
        return OperatorProbePanel::tr("an aten name");
    case OperatorMention::Source::TorchCall:
        return OperatorProbePanel::tr("a torch call");
    case OperatorMention::Source::FunctionalCall:
        return OperatorProbePanel::tr("a functional call");
    }
    return {};
}

} // namespace

OperatorProbePanel::OperatorProbePanel(QWidget *parent)
    : QWidget(parent)
    , m_title(new QLabel(tr("Operator probe"), this))
    , m_foundLabel(new QLabel(this))
    , m_opsEdit(new QLineEdit(this))
    , m_ranksEdit(new QLineEdit(u"2,4"_s, this))
    , m_envLabel(new QLabel(this))
    , m_runButton(new QPushButton(tr("Probe"), this))
    , m_cancelButton(new QPushButton(tr("Cancel"), this))
    , m_backButton(new QPushButton(tr("Back to the run"), this))
    , m_progress(new QProgressBar(this))
    , m_statusLabel(new QLabel(this))
    , m_wrongBanner(new MessageBanner(this))
    , m_model(new OperatorProbeModel(this))
    , m_table(new QTableView(this))
    , m_analysisOp(new QComboBox(this))
    , m_tabs(new QTabWidget(this))
    , m_analysisView(new QTextBrowser(this))
    , m_labelsLabel(new QLabel(this))
    , m_commentEdit(new QPlainTextEdit(this))
    , m_sendButton(new QPushButton(tr("Add to outbox"), this))
    , m_sendLabel(new QLabel(this))
    , m_testView(new QPlainTextEdit(this))
    , m_copyTestButton(new QPushButton(tr("Copy test"), this))
{
    setObjectName(u"operatorProbePanel"_s);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.15);
    m_title->setFont(titleFont);
    m_foundLabel->setObjectName(u"operatorFoundLabel"_s);
    m_foundLabel->setWordWrap(true);
    m_foundLabel->setTextFormat(Qt::RichText);
    m_opsEdit->setObjectName(u"operatorOpsEdit"_s);
    m_opsEdit->setPlaceholderText(tr("aten.cumsum.default, aten.kron.default"));
    m_opsEdit->setAccessibleName(tr("Ops to probe"));
    m_opsEdit->setToolTip(tr("ATen op names, comma-separated (aten.X.overload; aten.X means .default)"));
    m_ranksEdit->setObjectName(u"operatorRanksEdit"_s);
    m_ranksEdit->setAccessibleName(tr("Mesh sizes"));
    m_ranksEdit->setToolTip(tr("Mesh sizes to probe on, comma-separated: each is a CPU Gloo mesh of that many ranks"));
    m_ranksEdit->setMaximumWidth(m_ranksEdit->fontMetrics().horizontalAdvance(u"2,4,8,16"_s) + 24);
    m_envLabel->setObjectName(u"operatorEnvLabel"_s);
    m_runButton->setObjectName(u"operatorRunButton"_s);
    m_runButton->setToolTip(tr("Run the probe in the sandbox: every placement of every tensor input, compared with "
                               "the single-device result"));
    m_cancelButton->setObjectName(u"operatorCancelButton"_s);
    m_backButton->setObjectName(u"operatorBackButton"_s);
    m_progress->setRange(0, 0);
    m_progress->setMaximumHeight(6);
    m_progress->setTextVisible(false);
    m_progress->hide();
    m_statusLabel->setObjectName(u"operatorStatusLabel"_s);
    m_statusLabel->setWordWrap(true);
    m_wrongBanner->setObjectName(u"operatorWrongBanner"_s);

    setUpTable();
    setUpAnalysis();
    setUpLayout();
    setUpConnections();
    applyPalette();
    clearIssue();
}

void OperatorProbePanel::setUpTable()
{
    auto *proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(m_model);
    proxy->setSortRole(OperatorProbeModel::SortRole);
    m_table->setObjectName(u"operatorProbeTable"_s);
    m_table->setAccessibleName(tr("Operator probe"));
    m_table->setModel(proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    m_table->setShowGrid(false);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setHighlightSections(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    const QFontMetrics fm = m_table->fontMetrics();
    const QList<std::pair<int, QString>> widths = {
        {OperatorProbeModel::Op, u"index_select.xx"_s},   {OperatorProbeModel::Ranks, u"Ranks"_s},
        {OperatorProbeModel::Case, u"does not divide"_s}, {OperatorProbeModel::Placements, u"Shard(1), Replicate()x"_s},
        {OperatorProbeModel::Result, u"WRONG RESULTx"_s}, {OperatorProbeModel::Strategy, u"none registered"_s},
        {OperatorProbeModel::Output, u"Replicate()x"_s},  {OperatorProbeModel::Redistributed, u"yes (2 collectives)"_s},
    };
    for (const auto &[column, sample] : widths)
        m_table->setColumnWidth(column, fm.horizontalAdvance(sample) + 16);
}

void OperatorProbePanel::setUpAnalysis()
{
    m_analysisOp->setObjectName(u"operatorAnalysisOp"_s);
    m_analysisOp->setAccessibleName(tr("The op analysed"));
    m_analysisView->setObjectName(u"operatorAnalysisView"_s);
    m_analysisView->setOpenExternalLinks(false);
    m_labelsLabel->setObjectName(u"operatorLabelsLabel"_s);
    m_labelsLabel->setWordWrap(true);
    m_commentEdit->setObjectName(u"operatorCommentEdit"_s);
    m_commentEdit->setAccessibleName(tr("Drafted comment"));
    m_sendButton->setObjectName(u"operatorSendButton"_s);
    m_sendLabel->setObjectName(u"operatorSendLabel"_s);
    m_sendLabel->setWordWrap(true);
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    m_commentEdit->setFont(mono);
    m_testView->setObjectName(u"operatorTestView"_s);
    m_testView->setReadOnly(true);
    m_testView->setFont(mono);
    m_testView->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_testView->setAccessibleName(tr("Generated test"));
    m_copyTestButton->setObjectName(u"operatorCopyTestButton"_s);
}

void OperatorProbePanel::setUpLayout()
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 8, 8, 8);
    layout->setSpacing(6);
    auto *header = new QHBoxLayout;
    header->addWidget(m_title);
    header->addStretch(1);
    header->addWidget(m_backButton);
    layout->addLayout(header);
    layout->addWidget(m_foundLabel);
    auto *controls = new QHBoxLayout;
    controls->addWidget(sectionLabel(tr("Ops"), this));
    controls->addWidget(m_opsEdit, 1);
    controls->addWidget(sectionLabel(tr("Ranks"), this));
    controls->addWidget(m_ranksEdit);
    controls->addWidget(m_runButton);
    controls->addWidget(m_cancelButton);
    layout->addLayout(controls);
    layout->addWidget(m_envLabel);
    layout->addWidget(m_progress);
    layout->addWidget(m_statusLabel);
    layout->addWidget(m_wrongBanner);

    auto *split = new QSplitter(Qt::Vertical, this);
    split->setChildrenCollapsible(false);
    split->addWidget(m_table);
    split->addWidget(buildAnalysisPane());
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({300, 200});
    layout->addWidget(split, 1);
}

QWidget *OperatorProbePanel::buildAnalysisPane()
{
    auto *analysisPane = new QWidget(this);
    auto *analysisLayout = new QVBoxLayout(analysisPane);
    analysisLayout->setContentsMargins(0, 0, 0, 0);
    m_analysisOpRow = new QWidget(analysisPane);
    auto *opRow = new QHBoxLayout(m_analysisOpRow);
    opRow->setContentsMargins(0, 0, 0, 0);
    opRow->addWidget(sectionLabel(tr("Analysis of"), m_analysisOpRow));
    opRow->addWidget(m_analysisOp, 1);
    analysisLayout->addWidget(m_analysisOpRow);
    auto *commentPage = new QWidget(this);
    auto *commentLayout = new QVBoxLayout(commentPage);
    commentLayout->setContentsMargins(4, 4, 4, 4);
    commentLayout->addWidget(m_labelsLabel);
    commentLayout->addWidget(m_commentEdit, 1);
    auto *sendRow = new QHBoxLayout;
    sendRow->addWidget(m_sendLabel, 1);
    sendRow->addWidget(m_sendButton);
    commentLayout->addLayout(sendRow);
    auto *testPage = new QWidget(this);
    auto *testLayout = new QVBoxLayout(testPage);
    testLayout->setContentsMargins(4, 4, 4, 4);
    testLayout->addWidget(m_testView, 1);
    auto *copyRow = new QHBoxLayout;
    copyRow->addStretch(1);
    copyRow->addWidget(m_copyTestButton);
    testLayout->addLayout(copyRow);
    m_tabs->setObjectName(u"operatorAnalysisTabs"_s);
    m_tabs->addTab(m_analysisView, tr("Analysis"));
    m_tabs->addTab(commentPage, tr("Drafted comment"));
    m_tabs->addTab(testPage, tr("Test to start from"));
    analysisLayout->addWidget(m_tabs, 1);
    return analysisPane;
}

void OperatorProbePanel::setUpConnections()
{
    connect(m_runButton, &QPushButton::clicked, this, &OperatorProbePanel::run);
    connect(m_cancelButton, &QPushButton::clicked, this, &OperatorProbePanel::cancel);
    connect(m_backButton, &QPushButton::clicked, this, &OperatorProbePanel::backRequested);
    connect(m_opsEdit, &QLineEdit::textChanged, this, &OperatorProbePanel::updateState);
    connect(m_ranksEdit, &QLineEdit::textChanged, this, &OperatorProbePanel::updateState);
    connect(m_opsEdit, &QLineEdit::returnPressed, this, &OperatorProbePanel::run);
    connect(m_analysisOp, &QComboBox::currentIndexChanged, this, &OperatorProbePanel::showAnalysis);
    connect(m_copyTestButton, &QPushButton::clicked, this,
            [this] { QApplication::clipboard()->setText(m_testView->toPlainText()); });
    connect(m_sendButton, &QPushButton::clicked, this, [this] {
        const Result<OutboxEntry> sent = sendToOutbox();
        if (!sent)
            m_sendLabel->setText(tr("Not in the outbox: %1").arg(sent.error()));
    });
}

OperatorProbePanel::~OperatorProbePanel()
{
    if (m_job) {
        disconnect(m_job, nullptr, this, nullptr);
        m_job->cancel();
    }
}

void OperatorProbePanel::setIssue(const Issue &issue)
{
    if (m_issue && m_issue->number == issue.number && m_issue->updatedAt == issue.updatedAt)
        return;
    const bool sameIssue = m_issue && m_issue->number == issue.number;
    if (!sameIssue)
        cancel();
    m_issue = issue;
    m_mentions = OperatorFinder::find(issue.title, issue.body);
    if (!sameIssue) {
        QStringList ops;
        for (const OperatorMention &mention : std::as_const(m_mentions)) {
            if (ops.size() < 3)
                ops.append(mention.op);
        }
        m_opsEdit->setText(ops.join(u", "_s));
        m_model->clear();
        m_outcome.reset();
        m_analysis.reset();
        m_analysisOp->clear();
        m_analysisView->clear();
        m_commentEdit->clear();
        m_testView->clear();
        m_labelsLabel->clear();
        m_sendLabel->clear();
        m_wrongBanner->hide();
        setStatus(m_mentions.isEmpty()
                      ? tr("The issue names no ATen op: type the op to probe (aten.X.overload).")
                      : tr("Probe runs the op on a CPU Gloo mesh in the sandbox; it takes seconds per op."));
    }
    if (m_mentions.isEmpty()) {
        m_foundLabel->setText(tr("No operator found in #%1's text.").arg(issue.number));
    } else {
        QStringList lines;
        for (const OperatorMention &mention : std::as_const(m_mentions)) {
            if (lines.size() == 3)
                break;
            QString evidence = mention.evidence;
            if (evidence.size() > 160)
                evidence = evidence.left(159) + u'…';
            lines.append(tr("<b>%1</b> — from %2: <i>“%3”</i>")
                             .arg(html(mention.op), sourceText(mention.source), html(evidence)));
        }
        m_foundLabel->setText(tr("Asked about in #%1: %2").arg(issue.number).arg(lines.join(u"<br>"_s)));
    }
    updateState();
}

void OperatorProbePanel::clearIssue()
{
    cancel();
    m_issue.reset();
    m_mentions.clear();
    m_model->clear();
    m_outcome.reset();
    m_analysis.reset();
    m_analysisOp->clear();
    m_opsEdit->clear();
    m_foundLabel->setText(tr("No issue selected."));
    m_wrongBanner->hide();
    setStatus({});
    updateState();
}

void OperatorProbePanel::setEnvironments(const QList<PythonEnvironment> &environments)
{
    m_environments = environments;
    updateState();
}

void OperatorProbePanel::setOutboxStore(OutboxStore *store)
{
    m_outbox = store;
    updateState();
}

QStringList OperatorProbePanel::ops() const
{
    QStringList ops;
    for (const QString &part : m_opsEdit->text().split(QRegularExpression(u"[,\\s]+"_s), Qt::SkipEmptyParts)) {
        const QString name = OperatorProbeJob::normalizedOpName(part);
        if (!name.isEmpty() && !ops.contains(name))
            ops.append(name);
    }
    return ops;
}

QList<int> OperatorProbePanel::ranks() const
{
    QList<int> ranks;
    for (const QString &part : m_ranksEdit->text().split(u',', Qt::SkipEmptyParts)) {
        bool ok = false;
        const int n = part.trimmed().toInt(&ok);
        if (!ok || n < 1 || n > 16)
            return {};
        if (!ranks.contains(n))
            ranks.append(n);
    }
    return ranks;
}

std::optional<PythonEnvironment> OperatorProbePanel::environment() const
{
    for (const PythonEnvironment &env : m_environments) {
        if (env.isUsable() && !env.torchVersion.isEmpty())
            return env;
    }
    return std::nullopt;
}

QString OperatorProbePanel::blocker() const
{
    if (!m_issue)
        return tr("No issue selected.");
    if (isRunning())
        return tr("A probe is running.");
    const QStringList words = m_opsEdit->text().split(QRegularExpression(u"[,\\s]+"_s), Qt::SkipEmptyParts);
    for (const QString &word : words) {
        if (OperatorProbeJob::normalizedOpName(word).isEmpty())
            return tr("\"%1\" is not an ATen op name (like aten.cumsum.default).").arg(word);
    }
    if (words.isEmpty())
        return tr("No op to probe.");
    if (ranks().isEmpty())
        return tr("Mesh sizes are numbers from 1 to 16, like 2,4.");
    if (m_environments.isEmpty())
        return tr("Looking for Python environments…");
    if (!environment())
        return tr("No environment here has torch: the probe needs torch with torch.distributed.");
    return {};
}

void OperatorProbePanel::run()
{
    if (!blocker().isEmpty()) {
        setStatus(blocker());
        return;
    }
    m_model->clear();
    m_outcome.reset();
    m_analysis.reset();
    m_analysisOp->clear();
    m_analysisView->clear();
    m_commentEdit->clear();
    m_testView->clear();
    m_sendLabel->clear();
    m_wrongBanner->hide();
    m_issueOfRun = m_issue->number;
    auto *job = new OperatorProbeJob(this);
    m_job = job;
    if (!m_scriptText.isEmpty())
        job->setScriptText(m_scriptText);
    connect(job, &OperatorProbeJob::combination, this, &OperatorProbePanel::onCombination);
    connect(job, &OperatorProbeJob::progress, this, [this](const QString &op, int meshSize, int done) {
        setStatus(tr("Probing %1 on %n rank(s): %2 combination(s) so far…", nullptr, meshSize).arg(op).arg(done));
    });
    connect(job, &OperatorProbeJob::finished, this, [this, job](const Result<OperatorProbeOutcome> &outcome) {
        job->deleteLater();
        onFinished(outcome);
    });
    const QStringList names = ops();
    setStatus(tr("Starting the ranks for %1…").arg(names.join(u", "_s)));
    m_progress->show();
    job->start(names, ranks(), *environment());
    updateState();
    if (m_job)
        Q_EMIT started();
}

void OperatorProbePanel::cancel()
{
    if (m_job && m_job->isRunning())
        m_job->cancel(); // finished() follows
}

void OperatorProbePanel::onCombination(const OperatorProbeCombination &combination)
{
    m_model->append(combination);
    const int wrong = m_model->count(OperatorProbeCombination::Status::Wrong);
    if (wrong > 0) {
        m_wrongBanner->showMessage(Tone::Problem,
                                   tr("WRONG RESULTS: %n combination(s) ran without an error and gave a result that "
                                      "differs from the single-device run. That is a DTensor bug.",
                                      nullptr, wrong));
    }
}

void OperatorProbePanel::onFinished(const Result<OperatorProbeOutcome> &result)
{
    m_progress->hide();
    // Refused, cancelled or could not start: what was probed before the end is shown all the same.
    const OperatorProbeOutcome outcome = result.partial() ? *result.partial() : OperatorProbeOutcome{};
    m_outcome = outcome;
    // The table is the report's (the streamed rows are the same lines, but the report is what the analysis reads).
    QList<OperatorProbeCombination> rows;
    for (const OperatorProbeOp &op : outcome.report.ops())
        rows.append(op.combinations);
    m_model->setCombinations(rows);
    const int ok = m_model->count(OperatorProbeCombination::Status::Ok);
    const int raises = m_model->count(OperatorProbeCombination::Status::Raises);
    const int wrong = m_model->count(OperatorProbeCombination::Status::Wrong);
    QString text = tr("%n combination(s): ", nullptr, int(rows.size())) +
                   tr("%1 match the single-device result, %2 raise, %3 wrong").arg(ok).arg(raises).arg(wrong);
    if (outcome.run.durationMs > 0)
        text += tr(" — %1 s in %2")
                    .arg(QString::number(outcome.run.durationMs / 1000.0, 'f', 1),
                         environment() ? environment()->label() : QString());
    const QString stopped = result ? outcome.problem : result.error();
    if (!stopped.isEmpty())
        text = tr("The probe stopped: %1").arg(stopped) + (rows.isEmpty() ? QString() : u" ("_s + text + u")"_s);
    for (const OperatorProbeOp &op : outcome.report.ops()) {
        if (!op.error.isEmpty())
            text += u"\n"_s + tr("%1: %2").arg(op.op, op.error);
    }
    setStatus(text);
    if (wrong == 0)
        m_wrongBanner->hide();
    {
        const QSignalBlocker blocker(m_analysisOp);
        m_analysisOp->clear();
        for (const OperatorProbeOp &op : outcome.report.ops()) {
            if (!op.combinations.isEmpty())
                m_analysisOp->addItem(op.op);
        }
    }
    showAnalysis(m_analysisOp->count() > 0 ? 0 : -1);
    updateState();
    Q_EMIT finished(result);
}

void OperatorProbePanel::showAnalysis(int index)
{
    m_analysis.reset();
    m_analysisView->clear();
    m_commentEdit->clear();
    m_testView->clear();
    m_labelsLabel->clear();
    m_sendLabel->clear();
    if (index < 0 || !m_outcome)
        return updateState();
    const OperatorProbeOp *probed = m_outcome->report.find(m_analysisOp->itemText(index));
    if (!probed)
        return updateState();
    const OperatorAnalysis a = OperatorAnalysis::analyse(*probed);
    m_analysis = a;
    const QPalette pal = palette();
    const bool dark = AppPalette::isDark(pal);
    const QString red = Tones::text(Tone::Problem, dark).name();
    QString h;
    if (a.wrong > 0)
        h += u"<p style='color:%1'><b>%2</b></p>"_s.arg(
            red, html(tr("WRONG RESULTS: %n placement combination(s) run without an error and give a result that "
                         "differs from the single-device run — a DTensor correctness bug.",
                         nullptr, a.wrong)));
    h += u"<table cellspacing='0' cellpadding='3'>"_s;
    const auto row = [&h](const QString &name, const QString &value) {
        h += u"<tr><td valign='top'><b>%1</b></td><td>%2</td></tr>"_s.arg(html(name), value);
    };
    row(tr("Op"), u"<code>%1</code>"_s.arg(html(probed->schema.isEmpty() ? a.op : probed->schema)));
    row(tr("Category"), html(u"%1 (%2)"_s.arg(OperatorAnalysis::categoryName(a.category), a.categoryReason)));
    row(tr("Sharding strategy"),
        a.strategy ? html(probed->registry.registered ? tr("registered")
                                                      : tr("none of its own; it decomposes into ops that have one"))
                   : u"<b>%1</b>"_s.arg(html(tr("none registered: NotImplementedError for every placement"))));
    row(tr("Broadcast"), html(a.broadcast));
    row(tr("Partial inputs"), html(a.partial));
    row(tr("Combinations"), html(tr("%1 match, %2 raise, %3 wrong").arg(a.ok).arg(a.raises).arg(a.wrong)));
    h += u"</table>"_s;
    const auto list = [&h](const QString &title, const QStringList &lines, const QString &colour = {}) {
        if (lines.isEmpty())
            return;
        h += colour.isEmpty() ? u"<h4>%1</h4><ul>"_s.arg(html(title))
                              : u"<h4 style='color:%1'>%2</h4><ul>"_s.arg(colour, html(title));
        for (const QString &line : lines)
            h += u"<li>%1</li>"_s.arg(html(line));
        h += u"</ul>"_s;
    };
    list(tr("Wrong results"), a.wrongResults, red);
    list(tr("Raising placements"), a.raising);
    list(tr("Working placements"), a.working);
    m_analysisView->setHtml(h);
    m_labelsLabel->setText(tr("Suggested labels: %1").arg(a.labels.join(u", "_s)));
    m_commentEdit->setPlainText(a.comment);
    m_testView->setPlainText(a.test);
    updateState();
}

QString OperatorProbePanel::analysisText() const
{
    return m_analysisView->toPlainText();
}

QString OperatorProbePanel::testText() const
{
    return m_testView->toPlainText();
}

QString OperatorProbePanel::statusText() const
{
    return m_statusLabel->text();
}

Result<OutboxEntry> OperatorProbePanel::sendToOutbox()
{
    if (!m_issue)
        return Error{tr("No issue selected.")};
    if (!m_analysis)
        return Error{tr("Nothing probed yet: the comment is drafted from a probe's result.")};
    if (!m_outboxUnavailable.isEmpty())
        return Error{m_outboxUnavailable};
    if (!m_outbox)
        return Error{tr("No outbox: the console has no store open.")};
    static const QRegularExpression ownerName(u"^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$"_s);
    if (!ownerName.match(m_repository).hasMatch())
        return Error{tr("The queue is not a GitHub repository's: nothing of it goes to the outbox.")};
    const QString comment = m_commentEdit->toPlainText().trimmed();
    if (comment.isEmpty())
        return Error{tr("The comment is empty.")};
    const Result<RubricPack> pack = m_pack ? Result<RubricPack>(*m_pack) : OutboxStore::packFor(u"distributed"_s);
    if (!pack)
        return Error{pack.error()};
    ReviewDecision decision;
    decision.repository = m_repository;
    decision.number = m_issue->number;
    decision.state = ReviewState::Approved;
    decision.reviewer = m_reviewer;
    decision.issueUpdatedAt = m_issue->updatedAt;
    decision.decidedAt = QDateTime::currentDateTimeUtc();
    decision.plan.issueNumber = m_issue->number;
    decision.plan.profile = pack->profile;
    for (const QString &label : std::as_const(m_analysis->labels)) {
        if (!m_issue->hasLabel(label))
            decision.plan.addLabels.append(label);
    }
    decision.plan.comment = comment;
    const Result<OutboxEntry> entry = m_outbox->enqueue(decision, *m_issue, pack.value());
    if (!entry)
        return entry;
    m_sendLabel->setText(
        entry->status == OutboxStatus::Blocked
            ? tr("In the outbox as entry %1, but blocked by a queue rule: see the outbox.").arg(entry->id)
            : tr("In the outbox as entry %1: approve and submit it there; nothing went to GitHub "
                 "yet.")
                  .arg(entry->id));
    return entry;
}

void OperatorProbePanel::updateState()
{
    const bool running = isRunning();
    const QString why = blocker();
    m_runButton->setEnabled(why.isEmpty());
    m_runButton->setToolTip(why.isEmpty() ? tr("Run the probe in the sandbox: every placement of every tensor "
                                               "input, compared with the single-device result")
                                          : why);
    m_cancelButton->setEnabled(running);
    m_opsEdit->setEnabled(!running);
    m_ranksEdit->setEnabled(!running);
    const std::optional<PythonEnvironment> env = environment();
    m_envLabel->setText(env ? tr("In the sandbox with %1, on a CPU Gloo mesh per mesh size.").arg(env->label())
                            : QString());
    m_envLabel->setVisible(env.has_value() && !m_outcome); // after a run, the status names it
    m_sendButton->setEnabled(m_analysis.has_value() && !running);
    m_copyTestButton->setEnabled(!m_testView->toPlainText().isEmpty());
    m_analysisOp->setEnabled(m_analysisOp->count() > 1);
    m_analysisOpRow->setVisible(m_analysisOp->count() > 1); // one op: the analysis names it
}

void OperatorProbePanel::setStatus(const QString &text)
{
    m_statusLabel->setText(text);
    m_statusLabel->setVisible(!text.isEmpty());
}

void OperatorProbePanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        applyPalette();
        if (m_analysis)
            showAnalysis(m_analysisOp->currentIndex());
    }
}

void OperatorProbePanel::applyPalette()
{
    QFont bold = m_wrongBanner->font();
    bold.setBold(true);
    m_wrongBanner->setFont(bold);
}
