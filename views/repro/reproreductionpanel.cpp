// SPDX-License-Identifier: MIT
#include "views/repro/reproreductionpanel.h"

#include "views/common/apppalette.h"
#include "views/common/elidedlabel.h"
#include "views/common/labelchipdelegate.h"
#include "views/common/panelstyle.h"
#include "views/repro/reprodiffview.h"

#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/SyntaxHighlighter>
#include <KSyntaxHighlighting/Theme>

#include <QButtonGroup>
#include <QEvent>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollBar>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <array>

using namespace Qt::StringLiterals;

namespace {

enum ProbeColumn
{
    VersionColumn,
    EnvironmentColumn,
    RoundColumn,
    ResultColumn,
    DetailColumn,
};

using PanelStyle::sectionLabel;

QString durationText(qint64 ms)
{
    return ReproReductionPanel::tr("%1 s").arg(QLocale().toString(ms / 1000.0, 'f', ms < 10000 ? 1 : 0));
}

struct ProbeLook
{
    QString text;
    int hue; // -1: neutral
};

ProbeLook probeLook(BisectProbe::State state)
{
    switch (state) {
    case BisectProbe::State::Reproduces:
        return {ReproReductionPanel::tr("● reproduces"), 2};
    case BisectProbe::State::Passes:
        return {ReproReductionPanel::tr("✓ passes"), 140};
    case BisectProbe::State::Skipped:
        return {ReproReductionPanel::tr("⊘ skipped"), -1};
    case BisectProbe::State::Unknown:
        break;
    }
    return {ReproReductionPanel::tr("not run"), -1};
}

} // namespace

ReproReductionPanel::ReproReductionPanel(KSyntaxHighlighting::Repository *repository, QWidget *parent)
    : QWidget(parent)
    , m_repositoryDefs(repository)
    , m_session(new ReductionSession(this))
    , m_backButton(new QToolButton(this))
    , m_pageButtons(new QButtonGroup(this))
    , m_progress(new QProgressBar(this))
    , m_statusLabel(new ElidedLabel(this))
    , m_cancelButton(new QPushButton(tr("Cancel"), this))
    , m_pages(new QStackedWidget(this))
{
    setObjectName(u"reproReductionPanel"_s);

    m_backButton->setObjectName(u"reductionBackButton"_s);
    m_backButton->setText(tr("◂ Run"));
    m_backButton->setToolTip(tr("Back to the run and its output"));
    m_backButton->setAutoRaise(true);
    connect(m_backButton, &QToolButton::clicked, this, &ReproReductionPanel::backRequested);

    auto *nav = new QHBoxLayout;
    nav->setSpacing(4);
    nav->addWidget(m_backButton);
    nav->addSpacing(8);
    const std::array<QString, 3> names{tr("Bisect"), tr("Minimize"), tr("Scrub report")};
    for (int i = 0; i < int(names.size()); ++i) {
        auto *button = new QToolButton(this);
        button->setText(names.at(i));
        button->setCheckable(true);
        button->setAutoRaise(true);
        button->setObjectName(u"reductionPageButton%1"_s.arg(i));
        m_pageButtons->addButton(button, i);
        nav->addWidget(button);
    }
    m_pageButtons->setExclusive(true);
    connect(m_pageButtons, &QButtonGroup::idClicked, this, [this](int id) { showPage(Page(id)); });

    m_progress->setObjectName(u"reductionProgress"_s);
    m_progress->setMaximumHeight(10);
    m_progress->setMaximumWidth(140);
    m_progress->setTextVisible(false);
    m_progress->hide();
    m_statusLabel->setObjectName(u"reductionStatusLabel"_s);
    m_statusLabel->setForegroundRole(QPalette::PlaceholderText);
    m_cancelButton->setObjectName(u"reductionCancelButton"_s);
    m_cancelButton->setEnabled(false);
    m_cancelButton->setToolTip(tr("Stop; a minimization keeps the best script so far, a bisection what it knows"));
    connect(m_cancelButton, &QPushButton::clicked, this, &ReproReductionPanel::cancel);
    nav->addSpacing(10);
    nav->addWidget(m_progress);
    nav->addWidget(m_statusLabel, 1);
    nav->addWidget(m_cancelButton);

    m_pages->addWidget(buildBisectPage());
    m_pages->addWidget(buildMinimizePage());
    m_pages->addWidget(buildReportPage());

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(6);
    layout->addLayout(nav);
    layout->addWidget(m_pages, 1);

    bindSession();
    showPage(Page::Minimize);
    applyPalette();
    clearIssue();
}

ReproReductionPanel::~ReproReductionPanel()
{
    m_session->disconnect(this); // it goes with the children, and stops its jobs then
}

void ReproReductionPanel::bindSession()
{
    connect(m_session, &ReductionSession::findingsReset, this, &ReproReductionPanel::onFindingsReset);
    connect(m_session, &ReductionSession::busyChanged, this, [this](bool busy) {
        updateActions();
        Q_EMIT busyChanged(busy);
    });
    connect(m_session, &ReductionSession::bisectRoundStarted, this, &ReproReductionPanel::onBisectRound);
    connect(m_session, &ReductionSession::bisectProbeFinished, this, &ReproReductionPanel::onProbe);
    connect(m_session, &ReductionSession::bisectFinished, this, &ReproReductionPanel::onBisectFinished);
    connect(m_session, &ReductionSession::minimizeProgressed, this, [this] {
        showMinimizeStatus();
        Q_EMIT minimizeProgressed(m_session->runsUsed(), m_session->bestLines());
    });
    connect(m_session, &ReductionSession::minimizeImproved, this, &ReproReductionPanel::onMinimizeImproved);
    connect(m_session, &ReductionSession::minimizeFinished, this, &ReproReductionPanel::onMinimizeFinished);
    connect(m_session, &ReductionSession::triggerConditionsChanged, this, [this](const QString &text) {
        if (m_conditionsEdit->toPlainText() != text)
            m_conditionsEdit->setPlainText(text);
    });
    connect(m_session, &ReductionSession::reportDrafted, this, [this] {
        m_commentEdit->setPlainText(m_session->comment());
        m_sendLabel->clear();
    });
    connect(m_session, &ReductionSession::reportChanged, this, &ReproReductionPanel::showReport);
    connect(m_session, &ReductionSession::fixLookupFinished, this, &ReproReductionPanel::fixLookupFinished);
}

QWidget *ReproReductionPanel::buildBisectPage()
{
    auto *page = new QWidget(this);
    m_envList = new QListWidget(page);
    m_envList->setObjectName(u"bisectEnvironmentList"_s);
    m_envList->setAccessibleName(tr("Environments to bisect across"));
    m_envList->setToolTip(tr("The environments to bisect across; they are ordered by the package's version"));
    connect(m_envList, &QListWidget::itemChanged, this, &ReproReductionPanel::updateActions);
    m_packageEdit = new QLineEdit(u"torch"_s, page);
    m_packageEdit->setObjectName(u"bisectPackageEdit"_s);
    m_packageEdit->setAccessibleName(tr("Package whose version orders the environments"));
    m_packageEdit->setMaximumWidth(QFontMetrics(font()).horizontalAdvance(u"torchvision-xx"_s) + 20);
    m_probesSpin = new QSpinBox(page);
    m_probesSpin->setObjectName(u"bisectProbesSpin"_s);
    m_probesSpin->setRange(1, 3);
    m_probesSpin->setValue(3);
    m_probesSpin->setSuffix(tr(" a round"));
    m_probesSpin->setToolTip(tr("Environments probed in parallel per round (the playbook's two or three)"));
    m_bisectButton = new QPushButton(tr("Bisect"), page);
    m_bisectButton->setObjectName(u"bisectStartButton"_s);
    connect(m_bisectButton, &QPushButton::clicked, this, &ReproReductionPanel::startBisect);

    m_probeTree = new QTreeWidget(page);
    m_probeTree->setObjectName(u"bisectProbeTree"_s);
    m_probeTree->setRootIsDecorated(false);
    m_probeTree->setUniformRowHeights(true);
    m_probeTree->setHeaderLabels({tr("Version"), tr("Environment"), tr("Round"), tr("Result"), tr("Detail")});
    m_probeTree->header()->setStretchLastSection(true);
    m_probeTree->setAccessibleName(tr("Bisection probes"));

    m_bisectResultLabel = new QLabel(page);
    m_bisectResultLabel->setObjectName(u"bisectResultLabel"_s);
    m_bisectResultLabel->setWordWrap(true);
    m_bisectResultLabel->setTextFormat(Qt::RichText);
    m_bisectResultLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_bisectResultLabel->setAutoFillBackground(true);
    m_bisectResultLabel->setContentsMargins(10, 6, 10, 6);
    m_bisectResultLabel->hide();

    auto *controls = new QHBoxLayout;
    controls->setSpacing(8);
    controls->addWidget(sectionLabel(tr("Package"), page));
    controls->addWidget(m_packageEdit);
    controls->addWidget(sectionLabel(tr("Probes"), page));
    controls->addWidget(m_probesSpin);
    controls->addStretch(1);
    controls->addWidget(m_bisectButton);

    auto *envPane = new QWidget(page);
    auto *envLayout = new QVBoxLayout(envPane);
    envLayout->setContentsMargins(0, 0, 0, 0);
    envLayout->setSpacing(4);
    envLayout->addWidget(sectionLabel(tr("Environments"), envPane));
    envLayout->addWidget(m_envList, 1);
    auto *probePane = new QWidget(page);
    auto *probeLayout = new QVBoxLayout(probePane);
    probeLayout->setContentsMargins(0, 0, 0, 0);
    probeLayout->setSpacing(4);
    probeLayout->addWidget(sectionLabel(tr("Rounds and probes"), probePane));
    probeLayout->addWidget(m_probeTree, 1);
    auto *split = new QSplitter(Qt::Horizontal, page);
    split->addWidget(envPane);
    split->addWidget(probePane);
    split->setChildrenCollapsible(false);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 5);
    split->setSizes({260, 620});

    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(6);
    layout->addLayout(controls);
    layout->addWidget(split, 1);
    layout->addWidget(m_bisectResultLabel);
    return page;
}

QWidget *ReproReductionPanel::buildMinimizePage()
{
    auto *page = new QWidget(this);
    m_minimizeButton = new QPushButton(tr("Minimize"), page);
    m_minimizeButton->setObjectName(u"minimizeStartButton"_s);
    connect(m_minimizeButton, &QPushButton::clicked, this, &ReproReductionPanel::startMinimize);
    m_stopSpin = new QSpinBox(page);
    m_stopSpin->setObjectName(u"minimizeStopSpin"_s);
    m_stopSpin->setRange(0, 500);
    m_stopSpin->setValue(m_session->minimizerOptions().stopLines);
    m_stopSpin->setPrefix(tr("stop at "));
    m_stopSpin->setSuffix(tr(" lines"));
    m_stopSpin->setSpecialValueText(tr("smallest possible"));
    m_stopSpin->setToolTip(tr("The playbook stops under ~20 lines of code (imports and blank lines do not count); "
                              "0 shrinks as far as it goes"));
    m_minimizeLabel = new QLabel(page);
    m_minimizeLabel->setObjectName(u"minimizeLabel"_s);
    m_minimizeLabel->setWordWrap(true);
    m_minimizeLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_minimizeLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);

    m_bestTitle = sectionLabel(tr("Current best"), page);
    m_bestView = new QPlainTextEdit(page);
    m_bestView->setObjectName(u"minimizeBestView"_s);
    m_bestView->setReadOnly(true);
    m_bestView->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_bestView->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_bestView->setAccessibleName(tr("The smallest script so far that still fails the same way"));
    m_bestHighlighter = new KSyntaxHighlighting::SyntaxHighlighter(m_bestView->document());
    if (m_repositoryDefs)
        m_bestHighlighter->setDefinition(m_repositoryDefs->definitionForName(u"Python"_s));
    m_stepList = new QListWidget(page);
    m_stepList->setObjectName(u"minimizeStepList"_s);
    m_stepList->setAccessibleName(tr("Simplifications kept"));
    m_stepList->setWordWrap(true);
    m_diff = new ReproDiffView(m_repositoryDefs, page);

    auto *bestPane = new QWidget(page);
    auto *bestLayout = new QVBoxLayout(bestPane);
    bestLayout->setContentsMargins(0, 0, 0, 0);
    bestLayout->setSpacing(4);
    bestLayout->addWidget(m_bestTitle);
    bestLayout->addWidget(m_bestView, 1);
    auto *stepPane = new QWidget(page);
    auto *stepLayout = new QVBoxLayout(stepPane);
    stepLayout->setContentsMargins(0, 0, 0, 0);
    stepLayout->setSpacing(4);
    stepLayout->addWidget(sectionLabel(tr("Kept, newest first"), stepPane));
    stepLayout->addWidget(m_stepList, 1);
    auto *live = new QSplitter(Qt::Horizontal, page);
    live->addWidget(bestPane);
    live->addWidget(stepPane);
    live->setChildrenCollapsible(false);
    live->setStretchFactor(0, 3);
    live->setStretchFactor(1, 2);
    live->setSizes({540, 340});

    m_minimizeStack = new QStackedWidget(page);
    m_minimizeStack->addWidget(live);
    m_minimizeStack->addWidget(m_diff);

    auto *top = new QHBoxLayout;
    top->setSpacing(8);
    top->addWidget(m_minimizeLabel, 1);
    top->addWidget(m_stopSpin);
    top->addWidget(m_minimizeButton);
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(6);
    layout->addLayout(top);
    layout->addWidget(m_minimizeStack, 1);
    return page;
}

QWidget *ReproReductionPanel::buildReportPage()
{
    auto *page = new QWidget(this);
    m_verdictLabel = new QLabel(page);
    m_verdictLabel->setObjectName(u"reportVerdictLabel"_s);
    m_verdictLabel->setTextFormat(Qt::RichText);
    m_verdictLabel->setWordWrap(true);
    m_recomposeButton = new QPushButton(tr("Draft again"), page);
    m_recomposeButton->setObjectName(u"reportRecomposeButton"_s);
    m_recomposeButton->setToolTip(tr("Draft the report anew from the findings (your edits to the comment go)"));
    connect(m_recomposeButton, &QPushButton::clicked, this, &ReproReductionPanel::composeReport);
    m_commentEdit = new QPlainTextEdit(page);
    m_commentEdit->setObjectName(u"reportCommentEdit"_s);
    m_commentEdit->setAccessibleName(tr("Comment to post"));
    m_commentEdit->setPlaceholderText(tr("No comment will be posted."));
    m_commentEdit->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    connect(m_commentEdit, &QPlainTextEdit::textChanged, this, [this] {
        m_session->setComment(m_commentEdit->toPlainText());
        updateActions();
    });
    m_nextActionLabel = new QLabel(page);
    m_nextActionLabel->setObjectName(u"reportNextActionLabel"_s);
    m_nextActionLabel->setWordWrap(true);
    m_nextActionLabel->setTextFormat(Qt::RichText);
    m_conditionsEdit = new QPlainTextEdit(page);
    m_conditionsEdit->setObjectName(u"reportConditionsEdit"_s);
    m_conditionsEdit->setAccessibleName(tr("Trigger conditions"));
    m_conditionsEdit->setPlaceholderText(
        tr("All of the following are necessary to trigger the bug — one per line, only new findings (Draft again)"));
    m_conditionsEdit->setMaximumHeight(QFontMetrics(font()).lineSpacing() * 4 + 12);
    connect(m_conditionsEdit, &QPlainTextEdit::textChanged, this,
            [this] { m_session->setTriggerConditions(m_conditionsEdit->toPlainText()); });
    m_labelsLabel = new QLabel(page);
    m_labelsLabel->setObjectName(u"reportLabelsLabel"_s);
    m_labelsLabel->setTextFormat(Qt::RichText);
    m_labelsLabel->setWordWrap(true);
    m_notesLabel = new QLabel(page);
    m_notesLabel->setObjectName(u"reportNotesLabel"_s);
    m_notesLabel->setWordWrap(true);
    m_notesLabel->setForegroundRole(QPalette::PlaceholderText);
    m_sendButton = new QPushButton(tr("Send to outbox"), page);
    m_sendButton->setObjectName(u"reportSendButton"_s);
    m_sendButton->setDefault(true);
    connect(m_sendButton, &QPushButton::clicked, this, [this] {
        const Result<OutboxEntry> sent = sendToOutbox();
        if (!sent)
            m_sendLabel->setText(tr("Not sent: %1").arg(sent.error()));
    });
    m_sendLabel = new QLabel(page);
    m_sendLabel->setObjectName(u"reportSendLabel"_s);
    m_sendLabel->setWordWrap(true);
    m_sendLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);

    auto *top = new QHBoxLayout;
    top->setSpacing(8);
    top->addWidget(m_verdictLabel, 1);
    top->addWidget(m_recomposeButton);
    auto *bottom = new QHBoxLayout;
    bottom->setSpacing(8);
    bottom->addWidget(m_sendLabel, 1);
    bottom->addWidget(m_sendButton);
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(6);
    layout->addLayout(top);
    layout->addWidget(m_nextActionLabel);
    layout->addWidget(sectionLabel(tr("Comment (editable)"), page));
    layout->addWidget(m_commentEdit, 1);
    layout->addWidget(sectionLabel(tr("Trigger conditions"), page));
    layout->addWidget(m_conditionsEdit);
    layout->addWidget(sectionLabel(tr("Labels and state"), page));
    layout->addWidget(m_labelsLabel);
    layout->addWidget(m_notesLabel);
    layout->addLayout(bottom);
    return page;
}

void ReproReductionPanel::setGate(const ScrubGate &gate, bool wentOn)
{
    m_session->setGate(gate, wentOn);
}

QString ReproReductionPanel::nextActionText() const
{
    return m_session->report() ? m_session->report()->nextAction : QString();
}

std::optional<BisectResult> ReproReductionPanel::bisectResult() const
{
    const auto &result = m_session->bisect();
    return result && result->partial() ? std::optional(*result->partial()) : std::nullopt;
}

std::optional<MinimizeResult> ReproReductionPanel::minimizeResult() const
{
    const auto &result = m_session->minimize();
    return result && result->partial() ? std::optional(*result->partial()) : std::nullopt;
}

void ReproReductionPanel::onFindingsReset()
{
    if (m_conditionsEdit)
        m_conditionsEdit->clear();
    m_probeTree->clear();
    m_bisectResultLabel->hide();
    m_bestView->clear();
    m_stepList->clear();
    m_diff->clear();
    m_minimizeStack->setCurrentIndex(0);
    m_minimizeLabel->setText(tr("Minimize shrinks the script, statement by statement, while it keeps failing the "
                                "same way; the original is kept."));
    m_bestTitle->setText(tr("Current best"));
    m_commentEdit->clear();
    m_verdictLabel->clear();
    m_labelsLabel->clear();
    m_notesLabel->clear();
    m_sendLabel->clear();
    m_progress->hide();
    setStatus({});
    updateActions();
}

void ReproReductionPanel::setSubject(const std::optional<ReproSubject> &subject)
{
    m_session->setSubject(subject);
    updateActions();
}

void ReproReductionPanel::setRecord(const std::optional<ReproRunRecord> &record)
{
    // The report follows the newest run: drafted anew now when it shows, else when it is next opened.
    if (m_session->setRecord(record) && page() == Page::Report && m_session->issue())
        m_session->composeReport();
}

void ReproReductionPanel::setEnvironments(const QList<PythonEnvironment> &environments)
{
    m_session->setEnvironments(environments);
    fillEnvironments();
}

void ReproReductionPanel::fillEnvironments()
{
    const QSignalBlocker blocker(m_envList);
    m_envList->clear();
    const QList<PythonEnvironment> environments = m_session->environments();
    for (int i = 0; i < environments.size(); ++i) {
        const PythonEnvironment &env = environments.at(i);
        auto *item = new QListWidgetItem(env.label(), m_envList);
        item->setData(Qt::UserRole, i);
        item->setToolTip(env.isUsable() ? env.interpreter : env.probeError);
        if (env.isUsable()) {
            item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
            item->setCheckState(Qt::Checked);
        } else {
            item->setFlags(Qt::ItemIsUserCheckable);
            item->setCheckState(Qt::Unchecked);
        }
    }
    updateActions();
}

void ReproReductionPanel::setMinimizerOptions(const MinimizerOptions &options)
{
    m_session->setMinimizerOptions(options);
    m_stopSpin->setValue(options.stopLines);
}

void ReproReductionPanel::setReportOutbox(ReportOutbox *outbox)
{
    m_session->setReportOutbox(outbox);
    updateActions();
}

void ReproReductionPanel::setOutboxUnavailableReason(const QString &reason)
{
    m_session->setOutboxUnavailableReason(reason);
    updateActions();
}

void ReproReductionPanel::showPage(Page page)
{
    m_pages->setCurrentIndex(int(page));
    if (QAbstractButton *button = m_pageButtons->button(int(page)))
        button->setChecked(true);
    if (page == Page::Report && !m_session->report())
        composeReport();
}

ReproReductionPanel::Page ReproReductionPanel::page() const
{
    return Page(m_pages->currentIndex());
}

bool ReproReductionPanel::showsDiff() const
{
    return m_minimizeStack->currentWidget() == m_diff;
}

void ReproReductionPanel::cancel()
{
    m_session->cancel();
    if (isBusy())
        setStatus(tr("Cancelling…"));
}

void ReproReductionPanel::updateActions()
{
    const bool busy = isBusy();
    const QString noSubject = m_session->reduceBlocker();
    int checked = 0;
    for (int i = 0; i < m_envList->count(); ++i)
        checked += m_envList->item(i)->checkState() == Qt::Checked ? 1 : 0;
    m_bisectButton->setEnabled(!busy && noSubject.isEmpty() && checked >= 2);
    m_bisectButton->setToolTip(!noSubject.isEmpty() ? noSubject
                               : checked < 2        ? tr("Check at least two environments")
                                                    : tr("Bisect across the %1 checked environments").arg(checked));
    m_minimizeButton->setEnabled(!busy && noSubject.isEmpty());
    m_minimizeButton->setText(m_session->minimize() ? tr("Minimize again") : tr("Minimize"));
    m_minimizeButton->setToolTip(noSubject.isEmpty() ? tr("Shrink the script while it fails the same way") : noSubject);
    m_cancelButton->setEnabled(busy);
    m_envList->setEnabled(!busy);
    m_stopSpin->setEnabled(!busy);
    m_packageEdit->setEnabled(!busy);
    m_probesSpin->setEnabled(!busy);

    const QString sendWhy = m_session->sendBlocker();
    m_sendButton->setEnabled(sendWhy.isEmpty());
    m_sendButton->setToolTip(sendWhy.isEmpty() ? tr("Queue it in the outbox; nothing reaches GitHub until you submit "
                                                    "it there")
                                               : sendWhy);
    m_recomposeButton->setEnabled(m_session->issue().has_value() && !busy);
}

void ReproReductionPanel::setStatus(const QString &text)
{
    m_statusLabel->setText(text);
    m_statusLabel->setToolTip(text);
}

// ── Bisect ──

void ReproReductionPanel::startBisect()
{
    if (isBusy() || !m_session->reduceBlocker().isEmpty())
        return;
    const QList<PythonEnvironment> environments = m_session->environments();
    QList<PythonEnvironment> chosen;
    for (int i = 0; i < m_envList->count(); ++i) {
        const QListWidgetItem *item = m_envList->item(i);
        if (item->checkState() == Qt::Checked)
            chosen << environments.value(item->data(Qt::UserRole).toInt());
    }
    if (chosen.size() < 2) {
        setStatus(tr("Check at least two environments to bisect across."));
        return;
    }
    const QString package = m_packageEdit->text().trimmed().isEmpty() ? u"torch"_s : m_packageEdit->text().trimmed();
    m_bisectResultLabel->hide();
    m_probeTree->clear();
    for (const PythonEnvironment &env : std::as_const(chosen)) {
        auto *item = new QTreeWidgetItem(m_probeTree);
        item->setText(VersionColumn, package == u"torch"_s ? env.torchVersion : QString());
        item->setText(EnvironmentColumn, env.name);
        item->setText(ResultColumn, tr("waiting"));
        item->setData(EnvironmentColumn, Qt::UserRole, env.name);
    }
    for (int c = 0; c < DetailColumn; ++c)
        m_probeTree->resizeColumnToContents(c);
    m_progress->setRange(0, 0);
    m_progress->show();
    setStatus(tr("Looking up %1 in %2 environments…").arg(package).arg(chosen.size()));
    m_session->startBisect(chosen, package, m_probesSpin->value());
}

void ReproReductionPanel::onBisectRound(int round, const QStringList &versions)
{
    setStatus(tr("Round %1: probing %2…").arg(round).arg(versions.join(u", "_s)));
    for (int i = 0; i < m_probeTree->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = m_probeTree->topLevelItem(i);
        if (!item->text(VersionColumn).isEmpty() && versions.contains(item->text(VersionColumn)) &&
            item->text(RoundColumn).isEmpty()) {
            item->setText(RoundColumn, QString::number(round));
            item->setText(ResultColumn, tr("running…"));
        }
    }
    Q_EMIT bisectRoundStarted(round);
}

void ReproReductionPanel::onProbe(const BisectProbe &probe)
{
    for (int i = 0; i < m_probeTree->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = m_probeTree->topLevelItem(i);
        if (item->data(EnvironmentColumn, Qt::UserRole).toString() != probe.environment.name)
            continue;
        const ProbeLook look = probeLook(probe.state);
        item->setText(VersionColumn, probe.version);
        item->setText(RoundColumn, probe.round > 0 ? QString::number(probe.round) : QString());
        item->setText(ResultColumn, look.text);
        item->setForeground(ResultColumn, LabelChipDelegate::colorsForHue(look.hue, palette()).text);
        item->setText(DetailColumn, probe.state == BisectProbe::State::Skipped
                                        ? probe.reason
                                        : u"%1 · %2"_s.arg(probe.ratio, durationText(probe.durationMs)));
        item->setToolTip(DetailColumn, probe.reason);
    }
    setStatus(tr("Round %1: %2 runs so far; %3 %4 %5")
                  .arg(m_session->bisectRound())
                  .arg(m_session->bisectRuns())
                  .arg(probe.version, probe.environment.name, probeLook(probe.state).text));
}

void ReproReductionPanel::showProbes(const QList<BisectProbe> &probes, const QList<BisectBoundary> &boundaries)
{
    m_probeTree->clear();
    QStringList edge;
    for (const BisectBoundary &b : boundaries)
        edge << b.fromVersion << b.toVersion;
    for (const BisectProbe &probe : probes) {
        auto *item = new QTreeWidgetItem(m_probeTree);
        const ProbeLook look = probeLook(probe.state);
        item->setText(VersionColumn, probe.version.isEmpty() ? tr("—") : probe.version);
        item->setText(EnvironmentColumn, probe.environment.name);
        item->setData(EnvironmentColumn, Qt::UserRole, probe.environment.name);
        item->setText(RoundColumn, probe.round > 0 ? QString::number(probe.round) : tr("—"));
        item->setText(ResultColumn, look.text);
        item->setForeground(ResultColumn, LabelChipDelegate::colorsForHue(look.hue, palette()).text);
        item->setText(DetailColumn, probe.state == BisectProbe::State::Skipped || probe.round == 0
                                        ? probe.reason
                                        : u"%1 · %2"_s.arg(probe.ratio, durationText(probe.durationMs)));
        item->setToolTip(DetailColumn, probe.reason);
        if (probe.known() && edge.contains(probe.version)) {
            // The two versions the outcome changes between.
            QFont bold = item->font(0);
            bold.setWeight(QFont::DemiBold);
            for (int c = 0; c <= DetailColumn; ++c)
                item->setFont(c, bold);
        }
    }
    for (int c = 0; c < DetailColumn; ++c)
        m_probeTree->resizeColumnToContents(c);
}

void ReproReductionPanel::onBisectFinished(const Result<BisectResult> &bisected)
{
    m_progress->hide();
    static const BisectResult nothing;
    const BisectResult &result = bisected.partial() ? *bisected.partial() : nothing;
    showProbes(result.probes, result.boundaries);
    QStringList lines;
    const QString package = result.package.toHtmlEscaped();
    if (!bisected && !bisected.cancelled()) {
        lines << tr("<b>The bisection failed</b>: %1").arg(bisected.error().toHtmlEscaped());
    } else {
        for (const BisectBoundary &b : result.boundaries) {
            const QString maybe =
                b.exact() ? QString()
                          : tr(" (or %1, which could not run)").arg(b.skippedBetween.join(tr(" or ")).toHtmlEscaped());
            lines << (b.fixed ? tr("<b>Fixed</b> — first good: <b>%1 %2</b>%3 · last bad: <b>%1 %4</b>")
                              : tr("<b>Regression</b> — first bad: <b>%1 %2</b>%3 · last good: <b>%1 %4</b>"))
                         .arg(package, b.toVersion.toHtmlEscaped(), maybe, b.fromVersion.toHtmlEscaped());
        }
        if (result.boundaries.isEmpty())
            lines << tr("<b>No change</b>: %1").arg(result.summary().toHtmlEscaped());
        int skipped = 0;
        for (const BisectProbe &p : result.probes)
            skipped += p.state == BisectProbe::State::Skipped ? 1 : 0;
        QString runs = tr("%1 in %2 across %3 environments, %4 at a time, in %5")
                           .arg(result.runs == 1 ? tr("1 run") : tr("%1 runs").arg(result.runs),
                                result.rounds == 1 ? tr("1 round") : tr("%1 rounds").arg(result.rounds))
                           .arg(result.probes.size())
                           .arg(result.concurrency)
                           .arg(durationText(result.elapsedMs));
        if (skipped > 0)
            runs += tr("; %1 skipped (could not run the repro)").arg(skipped);
        if (bisected.cancelled())
            runs += tr(" — cancelled: what is known so far");
        lines << runs;
    }
    m_bisectResultLabel->setText(lines.join(u"<br>"_s));
    m_bisectResultLabel->show();
    setStatus(bisected.cancelled() ? tr("Bisection cancelled.") : tr("Bisection done."));
    m_statusLabel->setToolTip(bisected || bisected.cancelled() ? result.summary() : bisected.error());
    Q_EMIT bisectFinished(bisected);
}

QString ReproReductionPanel::bisectStatusText() const
{
    return m_bisectResultLabel->isHidden() ? QString() : m_bisectResultLabel->text();
}

// ── Minimize ──

void ReproReductionPanel::startMinimize()
{
    if (isBusy() || !m_session->reduceBlocker().isEmpty())
        return;
    const QString original = m_session->subject()->request.scriptText;
    const int lines = MinimizeResult::codeLines(original);
    m_stepList->clear();
    m_diff->clear();
    m_bestView->setPlainText(original);
    m_bestTitle->setText(tr("Current best · the original: %1 lines of code, %2 non-blank")
                             .arg(lines)
                             .arg(MinimizeResult::nonBlankLines(original)));
    m_minimizeStack->setCurrentIndex(0);
    m_progress->setRange(0, 0);
    m_progress->show();
    m_minimizeLabel->setText(tr("Running the original to learn its failure and timing…"));
    setStatus(tr("Minimizing…"));
    m_session->startMinimize(m_stopSpin->value());
}

void ReproReductionPanel::onMinimizeImproved(const QString &source, int lines, const QString &step)
{
    const int before = MinimizeResult::nonBlankLines(m_bestView->toPlainText());
    const int nonBlank = m_session->bestNonBlank();
    // Keep the reader's place: the script shrinks under them.
    const int scroll = m_bestView->verticalScrollBar()->value();
    m_bestView->setPlainText(source);
    m_bestView->verticalScrollBar()->setValue(scroll);
    m_bestTitle->setText(tr("Current best · %1 lines of code (of %2), %3 non-blank")
                             .arg(lines)
                             .arg(m_session->originalLines())
                             .arg(nonBlank));
    const int gone = before - nonBlank;
    m_stepList->insertItem(0, gone > 1    ? tr("−%1 lines · %2").arg(gone).arg(step)
                              : gone == 1 ? tr("−1 line · %1").arg(step)
                                          : tr("simpler · %1").arg(step));
    showMinimizeStatus();
    Q_EMIT minimizeImproved(lines);
}

void ReproReductionPanel::showMinimizeStatus()
{
    // Determinate once there is a figure: lines removed out of the lines to remove to reach the stop rule.
    const ReductionSession &s = *m_session;
    const int target = std::max(0, m_stopSpin->value());
    const int span = std::max(1, s.originalLines() - target);
    if (s.minimizeRound() > 0) {
        m_progress->setRange(0, span);
        m_progress->setValue(std::clamp(s.originalLines() - s.bestLines(), 0, span));
    }
    const QString step =
        s.minimizeRound() > 0 ? tr("Round %1 · %2 pass").arg(s.minimizeRound()).arg(s.minimizePass()) : tr("Baseline");
    const QString text =
        tr("%1 · %2 runs · best %3 of %4 lines").arg(step).arg(s.runsUsed()).arg(s.bestLines()).arg(s.originalLines());
    m_minimizeLabel->setText(s.lastStep().isEmpty() ? text : text + tr(" · last kept: %1").arg(s.lastStep()));
    setStatus(tr("Minimizing… %1 runs").arg(s.runsUsed()));
}

void ReproReductionPanel::onMinimizeFinished(const Result<MinimizeResult> &minimized)
{
    m_progress->hide();
    // The trigger conditions it learnt reach the edit through the session (triggerConditionsChanged()).
    if (!minimized && !minimized.cancelled()) {
        m_minimizeLabel->setText(tr("Nothing minimized: %1").arg(minimized.error()));
        setStatus(tr("Minimization stopped: %1").arg(minimized.error()));
    } else {
        const MinimizeResult &result = *minimized.partial();
        m_diff->setTitles(tr("Original · %1 lines").arg(result.originalLines),
                          minimized.cancelled() ? tr("Best so far (cancelled) · %1 lines").arg(result.finalLines)
                                                : tr("Minimized · %1 lines").arg(result.finalLines));
        m_diff->setTexts(result.original, result.minimized);
        m_minimizeStack->setCurrentWidget(m_diff);
        const QString kept = result.signal > 0 ? tr("crash kept: %1").arg(result.signatureText())
                                               : tr("failure kept: %1").arg(result.signatureText());
        QString text = tr("%1 → %2 lines of code (non-blank %3 → %4) · %5 · %6 · %7 · %8")
                           .arg(result.originalLines)
                           .arg(result.finalLines)
                           .arg(result.originalNonBlank)
                           .arg(result.finalNonBlank)
                           .arg(result.runs == 1 ? tr("1 run") : tr("%1 runs").arg(result.runs),
                                result.rounds == 1 ? tr("1 round") : tr("%1 rounds").arg(result.rounds),
                                durationText(result.elapsedMs), kept);
        if (result.flaky)
            text += tr(" · flaky original (%1)").arg(result.baselineRatio);
        if (minimized.cancelled())
            text = tr("Cancelled; the best so far is kept. ") + text;
        else if (!result.changed())
            text = tr("Already minimal: nothing smaller fails the same way. ") + text;
        m_minimizeLabel->setText(text);
        setStatus(minimized.cancelled() ? tr("Minimization cancelled; best so far kept.") : tr("Minimization done."));
    }
    Q_EMIT minimizeFinished(minimized);
}

QString ReproReductionPanel::minimizeStatusText() const
{
    return m_minimizeLabel->text();
}

// ── Report ──

void ReproReductionPanel::composeReport()
{
    m_session->composeReport(); // the comment edit and the report's labels follow its signals
}

void ReproReductionPanel::showReport()
{
    const std::optional<ScrubReport> &report = m_session->report();
    if (!report) {
        m_verdictLabel->clear();
        m_labelsLabel->clear();
        m_notesLabel->clear();
        updateActions();
        return;
    }
    const ScrubReport &r = *report;
    QString verdict;
    int hue = -1;
    switch (r.verdict) {
    case ScrubReport::Verdict::StillReproduces:
        verdict = tr("Still reproduces");
        hue = 2;
        break;
    case ScrubReport::Verdict::NoLongerReproduces:
        verdict = tr("No longer reproduces");
        hue = 140;
        break;
    case ScrubReport::Verdict::DifferentError:
        verdict = tr("A different error");
        hue = 38;
        break;
    case ScrubReport::Verdict::Inconclusive:
        verdict = tr("Inconclusive");
        break;
    case ScrubReport::Verdict::NoRepro:
        verdict = tr("No runnable repro");
        break;
    case ScrubReport::Verdict::Closed:
        verdict = tr("Already closed");
        break;
    case ScrubReport::Verdict::NotActionable:
        verdict = tr("Not actionable");
        hue = 38;
        break;
    }
    const LabelChipDelegate::ChipColors colors = LabelChipDelegate::colorsForHue(hue, palette());
    QStringList basis;
    if (const std::optional<ReproRunRecord> &record = m_session->record())
        basis << tr("the run of %1").arg(record->startedAt.toLocalTime().toString(u"HH:mm"_s));
    if (m_session->bisect() && m_session->bisect()->ok())
        basis << tr("the bisection");
    if (const auto &minimize = m_session->minimize();
        minimize && (minimize->ok() || minimize->cancelled()) && minimize->partial()->changed())
        basis << tr("the minimized repro");
    m_verdictLabel->setText(
        u"<span style='background:%1; color:%2; font-weight:600;'>&nbsp;%3&nbsp;</span>&nbsp;&nbsp;%4"_s.arg(
            colors.background.name(), colors.text.name(), verdict.toHtmlEscaped(),
            basis.isEmpty() ? tr("from no findings yet").toHtmlEscaped()
                            : tr("from %1").arg(basis.join(u", "_s)).toHtmlEscaped()));

    const LabelChipDelegate::ChipColors add = LabelChipDelegate::colorsForHue(140, palette());
    const LabelChipDelegate::ChipColors remove = LabelChipDelegate::colorsForHue(2, palette());
    const auto chip = [](const QString &text, const LabelChipDelegate::ChipColors &c) {
        return u"<span style='background:%1; color:%2;'>&nbsp;%3&nbsp;</span>"_s.arg(c.background.name(), c.text.name(),
                                                                                     text.toHtmlEscaped());
    };
    QStringList parts;
    for (const QString &label : r.addLabels)
        parts << chip(u"+ "_s + label, add);
    for (const QString &label : r.removeLabels)
        parts << chip(u"− "_s + label, remove);
    if (r.triagedRefresh)
        parts << chip(tr("↻ triaged (remove, then add)"), add);
    if (r.close)
        parts << chip(r.closeReason == u"not_planned"_s ? tr("close as not planned") : tr("close as completed"),
                      remove);
    m_labelsLabel->setText(parts.isEmpty() ? tr("No label or state changes.") : parts.join(u"&nbsp;&nbsp;"_s));
    m_nextActionLabel->setText(r.nextAction.isEmpty() ? QString()
                                                      : tr("<b>Next:</b> %1").arg(r.nextAction.toHtmlEscaped()));
    QStringList notes = r.notes;
    if (!m_session->fixNote().isEmpty())
        notes << m_session->fixNote();
    m_notesLabel->setText(notes.join(u"\n"_s));
    updateActions();
}

QString ReproReductionPanel::reportLabelsText() const
{
    return m_labelsLabel->text();
}

Result<OutboxEntry> ReproReductionPanel::sendToOutbox()
{
    const Result<OutboxEntry> entry = m_session->sendToOutbox();
    if (!entry)
        return entry;
    m_sendLabel->setText(
        entry->status == OutboxStatus::Blocked
            ? tr("In the outbox as entry %1, but blocked by a queue rule: see the outbox.").arg(entry->id)
            : tr("In the outbox as entry %1 (%2): approve and submit it there; nothing went to "
                 "GitHub yet.")
                  .arg(entry->id)
                  .arg(outboxStatusText(entry->status)));
    Q_EMIT reportSent(entry.value());
    return entry;
}

void ReproReductionPanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyPalette();
}

void ReproReductionPanel::applyPalette()
{
    if (m_repositoryDefs) {
        m_bestHighlighter->setTheme(m_repositoryDefs->themeForPalette(palette()));
        m_bestHighlighter->rehighlight();
    }
    QPalette box = palette();
    const LabelChipDelegate::ChipColors colors = LabelChipDelegate::colorsForHue(210, palette());
    box.setColor(QPalette::Window, colors.background);
    box.setColor(QPalette::WindowText, palette().color(QPalette::Text));
    m_bisectResultLabel->setPalette(box);
    if (const std::optional<BisectResult> bisect = bisectResult())
        showProbes(bisect->probes, bisect->boundaries);
    if (m_session->report())
        showReport();
}
