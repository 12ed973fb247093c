// SPDX-License-Identifier: MIT
#include "views/repro/repropanel.h"

#include "engine/repro/outcomeclassifier.h"
#include "engine/repro/reprojson.h"
#include "engine/repro/reprorunvariant.h"
#include "engine/scrub/scrubactionability.h"
#include "models/repro/reprooutputmodel.h"
#include "models/repro/reprorankfiltermodel.h"
#include "views/common/apppalette.h"
#include "views/common/elidedlabel.h"
#include "views/common/messagebanner.h"
#include "views/common/panelstyle.h"
#include "views/repro/reprooutputdelegate.h"

#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/SyntaxHighlighter>
#include <KSyntaxHighlighting/Theme>

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QEvent>
#include <QFontDatabase>
#include <QFrame>
#include <QFutureWatcher>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QLocale>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollBar>
#include <QShortcut>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QtConcurrentRun>
#include <QTextBlock>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {

using PanelStyle::BadgeLook;
using PanelStyle::sectionLabel;

BadgeLook outcomeLook(ReproOutcome::Kind kind)
{
    using Kind = ReproOutcome::Kind;
    switch (kind) {
    case Kind::SameError:
        return {u"●"_s, ReproPanel::tr("reproduces"), 2};
    case Kind::KilledBySignal:
        return {u"✖"_s, ReproPanel::tr("crashed by signal"), 290};
    case Kind::DifferentError:
        return {u"◆"_s, ReproPanel::tr("different error"), 38};
    case Kind::Failed:
        return {u"▲"_s, ReproPanel::tr("fails (no reported error to compare)"), 24};
    case Kind::Passed:
        return {u"✓"_s, ReproPanel::tr("passes"), 140};
    case Kind::TimedOut:
        return {u"◔"_s, ReproPanel::tr("timed out"), 210};
    case Kind::SandboxRefused:
        return {u"⊘"_s, ReproPanel::tr("refused"), -1};
    case Kind::Cancelled:
        return {u"○"_s, ReproPanel::tr("cancelled"), -1};
    case Kind::CannotRunHere:
        return {u"⊘"_s, ReproPanel::tr("cannot run here"), -1};
    case Kind::Environment:
        return {u"⚙"_s, ReproPanel::tr("environment"), -1};
    case Kind::NoCheck:
        return {u"?"_s, ReproPanel::tr("no pass/fail check"), -1};
    }
    return {u"○"_s, QString(), -1};
}

QString durationText(qint64 ms)
{
    return ms < 10000 ? ReproPanel::tr("%1 s").arg(QLocale().toString(ms / 1000.0, 'f', 1))
                      : ReproPanel::tr("%1 s").arg(QLocale().toString(qRound(ms / 1000.0)));
}

} // namespace

ReproPanel::ReproPanel(KSyntaxHighlighting::Repository *repository, QWidget *parent)
    : QWidget(parent)
    , m_repositoryDefs(repository)
    , m_session(new ReproSession(this))
    , m_titleLabel(new QLabel(tr("Reproduction"), this))
    , m_badge(new QLabel(this))
    , m_banner(new MessageBanner(this))
    , m_candidateCombo(new QComboBox(this))
    , m_reasonLabel(new QLabel(this))
    , m_expectedEdit(new QLineEdit(this))
    , m_reviewBox(new QFrame(this))
    , m_reviewLabel(new QLabel(m_reviewBox))
    , m_consentCheck(new QCheckBox(m_reviewBox))
    , m_needsLabel(new QLabel(m_reviewBox))
    , m_variantCheck(new QCheckBox(m_reviewBox))
    , m_envCombo(new QComboBox(this))
    , m_runsSpin(new QSpinBox(this))
    , m_timeoutSpin(new QSpinBox(this))
    , m_seedCheck(new QCheckBox(tr("Seed"), this))
    , m_seedSpin(new QSpinBox(this))
    , m_runButton(new QPushButton(tr("Run in sandbox"), this))
    , m_cancelButton(new QPushButton(tr("Cancel"), this))
    , m_progress(new QProgressBar(this))
    , m_statusLabel(new ElidedLabel(this))
    , m_codeView(new QPlainTextEdit(this))
    , m_codeHighlighter(new KSyntaxHighlighting::SyntaxHighlighter(m_codeView->document()))
    , m_output(m_session->outputModel())
    , m_delegate(new ReproOutputDelegate(repository, this))
    , m_outputView(new QListView(this))
    , m_rankFilter(new ReproRankFilterModel(this))
    , m_rankCombo(new QComboBox(this))
    , m_searchEdit(new QLineEdit(this))
    , m_prevButton(new QToolButton(this))
    , m_nextButton(new QToolButton(this))
    , m_copyButton(new QToolButton(this))
    , m_followButton(new QToolButton(this))
    , m_ansiCheck(new QCheckBox(tr("Colours"), this))
    , m_detailsLabel(new QLabel(this))
    , m_reduction(new ReproReductionPanel(repository, this))
    , m_bisectButton(new QToolButton(this))
    , m_minimizeButton(new QToolButton(this))
    , m_reportButton(new QToolButton(this))
    , m_operatorProbe(new OperatorProbePanel(this))
    , m_operatorButton(new QToolButton(this))
    , m_gateBox(new ScrubGateBox(this))
    , m_varsEdit(new QLineEdit(this))
    , m_resetCheck(new QCheckBox(tr("Reset Dynamo between compiles"), this))
{
    setObjectName(u"reproPanel"_s);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::Window);
    setUpHeader();
    setUpCandidate();
    setUpReview();
    setUpRunControls();
    setUpOutput();
    setUpOutputTools();
    setUpLayout();
    setUpReduction();
    setUpKeys();
    bindSession();
    if (!m_session->haveBubblewrap())
        m_banner->showMessage(Tone::Problem,
                              tr("bubblewrap (bwrap) is not installed: repros run only inside its sandbox, so none "
                                 "can run here. Install the bubblewrap package and reopen the console."));
    applyPalette();
    clearIssue();
}

ReproPanel::~ReproPanel() = default;

void ReproPanel::setUpHeader()
{
    QFont titleFont = font();
    titleFont.setPointSizeF(font().pointSizeF() * 1.25);
    titleFont.setWeight(QFont::DemiBold);
    m_titleLabel->setFont(titleFont);
    m_badge->setObjectName(u"reproOutcomeBadge"_s);
    m_badge->hide();
    m_banner->setObjectName(u"reproBanner"_s);
    m_progress->setObjectName(u"reproProgress"_s);
    m_progress->setMaximumHeight(10);
    m_progress->setTextVisible(false);
    m_progress->setMaximumWidth(140);
    m_progress->hide();
    m_statusLabel->setObjectName(u"reproStatusLabel"_s);
    m_statusLabel->setForegroundRole(QPalette::PlaceholderText);
    // Long messages must not widen the panel: the label takes the room there is, its tooltip the rest.
}

void ReproPanel::setUpCandidate()
{
    m_candidateCombo->setObjectName(u"reproCandidateCombo"_s);
    m_candidateCombo->setAccessibleName(tr("Repro candidate"));
    m_candidateCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_candidateCombo->setMinimumContentsLength(24);
    connect(m_candidateCombo, &QComboBox::activated, this, &ReproPanel::chooseCandidate);
    m_reasonLabel->setObjectName(u"reproReasonLabel"_s);
    m_reasonLabel->setWordWrap(true);
    m_reasonLabel->setForegroundRole(QPalette::PlaceholderText);

    m_expectedEdit->setObjectName(u"reproExpectedEdit"_s);
    m_expectedEdit->setAccessibleName(tr("Reported error"));
    m_expectedEdit->setPlaceholderText(tr("ExceptionClass: distinctive message part (none: any failure counts)"));
    m_expectedEdit->setClearButtonEnabled(true);
    connect(m_expectedEdit, &QLineEdit::textChanged, m_session, &ReproSession::setExpectedText);

    m_codeView->setObjectName(u"reproCodeView"_s);
    m_codeView->setReadOnly(true);
    m_codeView->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_codeView->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_codeView->setAccessibleName(tr("Repro code"));
    if (m_repositoryDefs)
        m_codeHighlighter->setDefinition(m_repositoryDefs->definitionForName(u"Python"_s));
}

void ReproPanel::setUpReview()
{
    m_reviewBox->setObjectName(u"reproReviewBox"_s);
    m_reviewBox->setFrameShape(QFrame::StyledPanel);
    m_reviewBox->setAutoFillBackground(true);
    m_reviewLabel->setObjectName(u"reproReviewLabel"_s);
    m_reviewLabel->setWordWrap(true);
    m_reviewLabel->setTextFormat(Qt::RichText);
    m_reviewLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_consentCheck->setObjectName(u"reproConsentCheck"_s);
    m_consentCheck->setText(tr("I have read this code and consent to running it in the sandbox"));
    connect(m_consentCheck, &QCheckBox::toggled, m_session, &ReproSession::setConsent);
    // What the repro needs against the chosen environment, known before anything runs.
    m_needsLabel->setObjectName(u"reproNeedsLabel"_s);
    m_needsLabel->setWordWrap(true);
    m_needsLabel->setTextFormat(Qt::RichText);
    m_needsLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_variantCheck->setObjectName(u"reproVariantCheck"_s);
    m_variantCheck->hide();
    connect(m_variantCheck, &QCheckBox::toggled, this, [this](bool on) {
        m_session->setVariantChosen(on);
        showNeeds();
        updateRunState();
    });
    auto *reviewLayout = new QVBoxLayout(m_reviewBox);
    reviewLayout->setContentsMargins(10, 6, 10, 6);
    reviewLayout->setSpacing(4);
    reviewLayout->addWidget(m_reviewLabel);
    reviewLayout->addWidget(m_consentCheck);
    reviewLayout->addWidget(m_needsLabel);
    reviewLayout->addWidget(m_variantCheck);
}

void ReproPanel::setUpRunControls()
{
    m_envCombo->setObjectName(u"reproEnvironmentCombo"_s);
    m_envCombo->setAccessibleName(tr("Python environment"));
    m_envCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_envCombo->setMinimumContentsLength(32);
    m_envCombo->setPlaceholderText(tr("Finding environments…"));
    connect(m_envCombo, &QComboBox::currentIndexChanged, m_session, &ReproSession::setEnvironmentIndex);
    m_runsSpin->setObjectName(u"reproRunsSpin"_s);
    m_runsSpin->setRange(1, 100);
    m_runsSpin->setValue(DefaultRuns);
    m_runsSpin->setToolTip(tr("Runs, to see whether it is flaky"));
    m_runsSpin->setSuffix(tr(" runs"));
    m_timeoutSpin->setObjectName(u"reproTimeoutSpin"_s);
    m_timeoutSpin->setRange(1, 3600);
    m_timeoutSpin->setValue(DefaultTimeoutSeconds);
    m_timeoutSpin->setSuffix(tr(" s"));
    m_timeoutSpin->setToolTip(tr("Wall-clock limit per run; the whole process tree is killed when it passes"));
    m_seedCheck->setObjectName(u"reproSeedCheck"_s);
    m_seedCheck->setChecked(true);
    m_seedCheck->setToolTip(tr("Fix PYTHONHASHSEED, so runs differ only where the bug does"));
    m_seedSpin->setObjectName(u"reproSeedSpin"_s);
    m_seedSpin->setRange(0, 4294967);
    m_seedSpin->setValue(0);
    m_seedSpin->setMaximumWidth(QFontMetrics(font()).horizontalAdvance(u"0000000"_s) + 36);
    connect(m_seedCheck, &QCheckBox::toggled, m_seedSpin, &QWidget::setEnabled);
    m_runButton->setObjectName(u"reproRunButton"_s);
    m_runButton->setDefault(true);
    connect(m_runButton, &QPushButton::clicked, this, &ReproPanel::run);
    m_varsEdit->setObjectName(u"reproVariablesEdit"_s);
    m_varsEdit->setAccessibleName(tr("Extra environment variables"));
    m_varsEdit->setPlaceholderText(tr("Variables, e.g. TORCH_LOGS=+dynamo"));
    m_varsEdit->setToolTip(tr("Extra environment variables for the runs, NAME=VALUE separated by spaces — "
                              "TORCH_LOGS=+dynamo shows what Dynamo did when an error is unclear"));
    m_varsEdit->setClearButtonEnabled(true);
    connect(m_varsEdit, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_session->setVariablesText(text);
        updateRunState();
    });
    m_resetCheck->setObjectName(u"reproDynamoResetCheck"_s);
    m_resetCheck->setChecked(true);
    m_resetCheck->hide();
    m_cancelButton->setObjectName(u"reproCancelButton"_s);
    m_cancelButton->setEnabled(false);
    connect(m_cancelButton, &QPushButton::clicked, this, &ReproPanel::cancel);
    for (QSpinBox *spin : {m_runsSpin, m_timeoutSpin, m_seedSpin})
        connect(spin, &QSpinBox::valueChanged, this, &ReproPanel::pushSettings);
    for (QCheckBox *check : {m_seedCheck, m_resetCheck})
        connect(check, &QCheckBox::toggled, this, &ReproPanel::pushSettings);
    // The scrub's first finding: the reviewer goes on, or re-verifies, or skips to minimization.
    connect(m_gateBox, &ScrubGateBox::goOn, m_session, &ReproSession::goOn);
    connect(m_gateBox, &ScrubGateBox::skipToMinimization, this, [this] {
        m_session->goOn();
        showReduction(ReproReductionPanel::Page::Minimize);
    });
}

void ReproPanel::setUpLayout()
{
    // Layout: header, banner, what will run, how, then code beside output.
    // The title row carries the run's progress and status, and the outcome badge on the right.
    auto *header = new QHBoxLayout;
    header->setSpacing(10);
    header->addWidget(m_titleLabel);
    header->addSpacing(6);
    header->addWidget(m_progress);
    header->addWidget(m_statusLabel, 1);
    for (QWidget *button : {m_bisectButton, m_minimizeButton, m_reportButton, m_operatorButton})
        header->addWidget(button);
    header->addSpacing(4);
    header->addWidget(m_badge);

    auto *form = new QGridLayout;
    form->setHorizontalSpacing(10);
    form->setVerticalSpacing(4);
    form->addWidget(sectionLabel(tr("Candidate"), this), 0, 0);
    form->addWidget(m_candidateCombo, 0, 1);
    form->addWidget(m_reasonLabel, 1, 1);
    form->addWidget(sectionLabel(tr("Reported error"), this), 2, 0);
    form->addWidget(m_expectedEdit, 2, 1);
    // The environment has a row of its own: beside the run controls, its long names would make the whole
    // window at least 1,300 px wide, more than a laptop has.
    form->addWidget(sectionLabel(tr("Run in"), this), 3, 0);
    form->addWidget(m_envCombo, 3, 1);
    form->setColumnStretch(1, 1);

    auto *runRow = new QHBoxLayout;
    runRow->setSpacing(8);
    for (QWidget *w : std::initializer_list<QWidget *>{m_runsSpin, m_timeoutSpin, m_seedCheck, m_seedSpin})
        runRow->addWidget(w);
    runRow->addWidget(m_varsEdit, 1);
    for (QWidget *w : std::initializer_list<QWidget *>{m_resetCheck, m_runButton, m_cancelButton})
        runRow->addWidget(w);

    auto *codePane = new QWidget(this);
    auto *codeLayout = new QVBoxLayout(codePane);
    codeLayout->setContentsMargins(0, 0, 0, 0);
    codeLayout->setSpacing(4);
    codeLayout->addWidget(sectionLabel(tr("Code"), codePane));
    codeLayout->addWidget(m_codeView, 1);

    auto *split = new QSplitter(Qt::Horizontal, this);
    split->setObjectName(u"reproSplitter"_s);
    split->addWidget(codePane);
    split->addWidget(m_outputPane);
    split->setChildrenCollapsible(false);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setSizes({340, 520});

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(14, 12, 14, 10);
    layout->setSpacing(6);
    layout->addLayout(header);
    layout->addWidget(m_banner);
    // The run's controls and output, or in their place the reduction (bisect, minimize, scrub report).
    auto *runPage = new QWidget(this);
    auto *runLayout = new QVBoxLayout(runPage);
    runLayout->setContentsMargins(0, 0, 0, 0);
    runLayout->setSpacing(6);
    runLayout->addWidget(m_gateBox);
    runLayout->addLayout(form);
    runLayout->addWidget(m_reviewBox);
    runLayout->addLayout(runRow);
    runLayout->addWidget(split, 1);
    m_pages = new QStackedWidget(this);
    m_pages->setObjectName(u"reproPages"_s);
    m_pages->addWidget(runPage);
    m_pages->addWidget(m_reduction);
    m_pages->addWidget(m_operatorProbe);
    layout->addWidget(m_pages, 1);
}

void ReproPanel::setUpKeys()
{
    // Keys: Ctrl+F searches the output, F3 / Shift+F3 step through matches.
    const auto bind = [this](const QKeySequence &keys, auto &&slot) {
        auto *shortcut = new QShortcut(keys, this);
        shortcut->setContext(Qt::WidgetWithChildrenShortcut);
        connect(shortcut, &QShortcut::activated, this, std::forward<decltype(slot)>(slot));
    };
    bind(QKeySequence::Find, [this] {
        m_searchEdit->setFocus(Qt::ShortcutFocusReason);
        m_searchEdit->selectAll();
    });
    bind(QKeySequence::FindNext, [this] { findNext(false); });
    bind(QKeySequence::FindPrevious, [this] { findNext(true); });
}

void ReproPanel::bindSession()
{
    connect(m_session, &ReproSession::issueChanged, this, &ReproPanel::onIssueChanged);
    connect(m_session, &ReproSession::extracted, this, &ReproPanel::onExtracted);
    connect(m_session, &ReproSession::candidateChanged, this, &ReproPanel::onCandidateChanged);
    connect(m_session, &ReproSession::reviewChanged, this, [this] {
        updateCodeMarks();
        showReview();
        updateRunState();
    });
    connect(m_session, &ReproSession::scanFinished, this, &ReproPanel::scanFinished);
    connect(m_session, &ReproSession::needsStarted, this, [this] {
        const QSignalBlocker blocker(m_variantCheck);
        m_variantCheck->setChecked(false);
        showNeeds();
    });
    connect(m_session, &ReproSession::needsChecked, this, [this] {
        showNeeds();
        updateRunState();
        Q_EMIT needsChecked();
    });
    connect(m_session, &ReproSession::environmentsReady, this, [this] {
        const QList<PythonEnvironment> environments = m_session->environments();
        {
            const QSignalBlocker blocker(m_envCombo);
            m_envCombo->clear();
            for (const PythonEnvironment &env : environments)
                m_envCombo->addItem(env.label(), env.name);
            m_envCombo->setCurrentIndex(m_session->environmentIndex());
            m_envCombo->setPlaceholderText(environments.isEmpty() ? tr("No Python found") : QString());
        }
        m_reduction->setEnvironments(environments);
        m_operatorProbe->setEnvironments(environments);
        updateRunState();
        Q_EMIT environmentsReady();
    });
    connect(m_session, &ReproSession::gateChanged, this, &ReproPanel::showGate);
    connect(m_session, &ReproSession::stateChanged, this, &ReproPanel::updateRunState);
    connect(m_session, &ReproSession::runStarted, this, &ReproPanel::onRunStarted);
    connect(m_session, &ReproSession::runOutputStarted, this, [this](int index, int total) {
        setStatus(tr("Running %1 of %2 in the sandbox…").arg(index + 1).arg(total));
    });
    connect(m_session, &ReproSession::runProgressed, this, [this](int index, int total, const ReproOutcome &outcome) {
        m_progress->setRange(0, total);
        m_progress->setValue(index + 1);
        const BadgeLook look = outcomeLook(outcome.kind);
        setStatus(tr("Run %1 of %2: %3 %4 — %5").arg(index + 1).arg(total).arg(look.glyph, look.text, outcome.detail));
    });
    connect(m_session, &ReproSession::runEnded, this, &ReproPanel::onRunEnded);
    connect(m_session, &ReproSession::runFinished, this, &ReproPanel::runFinished);
    connect(m_session, &ReproSession::statusChanged, this, &ReproPanel::statusChanged);
}

void ReproPanel::setUpReduction()
{
    const auto setUp = [this](QToolButton *button, const QString &name, const QString &text, const QString &tip,
                              ReproReductionPanel::Page page) {
        button->setObjectName(name);
        button->setText(text);
        button->setToolTip(tip);
        button->setAutoRaise(true);
        connect(button, &QToolButton::clicked, this, [this, page] { showReduction(page); });
    };
    setUp(m_bisectButton, u"reproBisectButton"_s, tr("Bisect…"),
          tr("Find the version where the outcome changes, across the environments you choose"),
          ReproReductionPanel::Page::Bisect);
    setUp(m_minimizeButton, u"reproMinimizeButton"_s, tr("Minimize"),
          tr("Shrink the script while it keeps failing the same way"), ReproReductionPanel::Page::Minimize);
    setUp(m_reportButton, u"reproReportButton"_s, tr("Scrub report"),
          tr("Draft the comment and label changes for the issue, for the outbox"), ReproReductionPanel::Page::Report);
    connect(m_reduction, &ReproReductionPanel::backRequested, this, &ReproPanel::showRunPage);
    m_operatorButton->setObjectName(u"reproOperatorButton"_s);
    m_operatorButton->setText(tr("Operator probe"));
    m_operatorButton->setToolTip(tr("Ask DTensor what it does with the op the issue names: every placement on a CPU "
                                    "mesh of 2 and 4 ranks, compared with the single-device result"));
    m_operatorButton->setAutoRaise(true);
    connect(m_operatorButton, &QToolButton::clicked, this, &ReproPanel::showOperatorProbe);
    connect(m_operatorProbe, &OperatorProbePanel::backRequested, this, &ReproPanel::showRunPage);
    connect(m_reduction, &ReproReductionPanel::busyChanged, this, &ReproPanel::updateRunState);
}

void ReproPanel::showReduction(ReproReductionPanel::Page page)
{
    if (!m_session->issue())
        return;
    pushSettings();
    // The reduction works on the script as it would run now; a job under way keeps the one it started with.
    if (!m_reduction->isBusy())
        m_reduction->setSubject(subject());
    m_reduction->showPage(page);
    m_pages->setCurrentWidget(m_reduction);
    // The reduction page has its own switcher.
    for (QToolButton *button : {m_bisectButton, m_minimizeButton, m_reportButton, m_operatorButton})
        button->hide();
    if (page == ReproReductionPanel::Page::Minimize && !m_reduction->isBusy() && !m_reduction->minimizeResult())
        m_reduction->startMinimize();
}

void ReproPanel::showRunPage()
{
    m_pages->setCurrentIndex(0);
    for (QToolButton *button : {m_bisectButton, m_minimizeButton, m_reportButton, m_operatorButton})
        button->show();
}

void ReproPanel::showOperatorProbe()
{
    if (!m_session->issue())
        return;
    m_pages->setCurrentWidget(m_operatorProbe);
    for (QToolButton *button : {m_bisectButton, m_minimizeButton, m_reportButton, m_operatorButton})
        button->hide();
    m_operatorProbe->opsEdit()->setFocus(Qt::OtherFocusReason);
}

bool ReproPanel::isOperatorProbeShown() const
{
    return m_pages->currentWidget() == m_operatorProbe;
}

bool ReproPanel::isReductionShown() const
{
    return m_pages->currentWidget() == m_reduction;
}

void ReproPanel::setUpOutput()
{
    m_outputView->setObjectName(u"reproOutputView"_s);
    m_outputView->setModel(m_output);
    m_outputView->setItemDelegate(m_delegate);
    m_outputView->setUniformItemSizes(true);
    m_outputView->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_outputView->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_outputView->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_outputView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_outputView->setAccessibleName(tr("Repro output"));
    m_outputView->installEventFilter(this);
    m_delegate->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));

    // Auto-scroll follows the end until the reader scrolls up; scrolling back to the end resumes it.
    QScrollBar *bar = m_outputView->verticalScrollBar();
    connect(bar, &QScrollBar::valueChanged, this, [this, bar](int value) {
        m_follow = value >= bar->maximum() - 2;
        m_followButton->setChecked(m_follow);
    });
    connect(m_output, &ReproOutputModel::batchAppended, this, [this] {
        if (m_follow)
            m_outputView->scrollToBottom();
    });

    // One rank's lines at a time, once a multi-rank run has tagged any; the view leaves the filter idle (no
    // source) while every line shows, so a flood of output costs nothing extra.
    m_rankCombo->setObjectName(u"reproRankCombo"_s);
    m_rankCombo->setAccessibleName(tr("Show the output of"));
    m_rankCombo->setToolTip(tr("Show every rank's output, or one rank's (with the console's notes)"));
    m_rankCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_rankCombo->hide();
    connect(m_rankCombo, &QComboBox::activated, this,
            [this](int index) { showRank(m_rankCombo->itemData(index).toInt()); });
    connect(m_output, &ReproOutputModel::ranksChanged, this, &ReproPanel::updateRankChoices);
}

void ReproPanel::setUpOutputTools()
{
    m_searchEdit->setObjectName(u"reproSearchEdit"_s);
    m_searchEdit->setPlaceholderText(tr("Search output (Ctrl+F)"));
    m_searchEdit->setClearButtonEnabled(true);
    m_searchEdit->installEventFilter(this);
    connect(m_searchEdit, &QLineEdit::returnPressed, this, [this] { findNext(false); });
    m_prevButton->setText(u"↑"_s);
    m_prevButton->setToolTip(tr("Previous match (Shift+F3)"));
    m_prevButton->setAutoRaise(true);
    connect(m_prevButton, &QToolButton::clicked, this, [this] { findNext(true); });
    m_nextButton->setText(u"↓"_s);
    m_nextButton->setToolTip(tr("Next match (F3)"));
    m_nextButton->setAutoRaise(true);
    connect(m_nextButton, &QToolButton::clicked, this, [this] { findNext(false); });
    m_copyButton->setObjectName(u"reproCopyButton"_s);
    m_copyButton->setText(tr("Copy all"));
    m_copyButton->setToolTip(tr("Copy the whole output (Ctrl+C copies the selected lines)"));
    m_copyButton->setAutoRaise(true);
    connect(m_copyButton, &QToolButton::clicked, this, &ReproPanel::copyAll);
    m_followButton->setObjectName(u"reproFollowButton"_s);
    m_followButton->setText(tr("Follow"));
    m_followButton->setCheckable(true);
    m_followButton->setChecked(true);
    m_followButton->setAutoRaise(true);
    m_followButton->setToolTip(tr("Keep the newest output in view"));
    connect(m_followButton, &QToolButton::clicked, this, [this](bool on) {
        m_follow = on;
        if (on)
            m_outputView->scrollToBottom();
    });
    m_ansiCheck->setObjectName(u"reproAnsiCheck"_s);
    m_ansiCheck->setChecked(true);
    m_ansiCheck->setToolTip(tr("Show ANSI colours from the output; off strips them"));
    connect(m_ansiCheck, &QCheckBox::toggled, this, [this](bool on) { m_output->setStripAnsi(!on); });
    m_detailsLabel->setObjectName(u"reproDetailsLabel"_s);
    m_detailsLabel->setForegroundRole(QPalette::PlaceholderText);
    m_detailsLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_detailsLabel->setWordWrap(false);
    m_detailsLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    // Two lines always (versions, then the outcome), so the output above keeps its height between states.
    m_detailsLabel->setMinimumHeight(QFontMetrics(font()).lineSpacing() * 2 + 2);

    m_outputPane = new QWidget(this);
    auto *outputLayout = new QVBoxLayout(m_outputPane);
    outputLayout->setContentsMargins(0, 0, 0, 0);
    outputLayout->setSpacing(4);
    auto *tools = new QHBoxLayout;
    tools->setSpacing(4);
    tools->addWidget(sectionLabel(tr("Output"), m_outputPane));
    tools->addSpacing(6);
    tools->addWidget(m_rankCombo);
    tools->addWidget(m_searchEdit, 1);
    tools->addWidget(m_prevButton);
    tools->addWidget(m_nextButton);
    tools->addSpacing(6);
    tools->addWidget(m_ansiCheck);
    tools->addWidget(m_copyButton);
    tools->addWidget(m_followButton);
    outputLayout->addLayout(tools);
    outputLayout->addWidget(m_outputView, 1);
    outputLayout->addWidget(m_detailsLabel);
}

void ReproPanel::clearIssue()
{
    m_session->clearIssue();
}

void ReproPanel::setIssue(const Issue &issue)
{
    m_session->setIssue(issue);
}

void ReproPanel::onIssueChanged(bool sameIssue)
{
    const std::optional<Issue> &issue = m_session->issue();
    {
        const QSignalBlocker blocker(m_candidateCombo);
        m_candidateCombo->clear();
        if (issue)
            m_candidateCombo->setPlaceholderText(tr("Looking for a reproduction…"));
    }
    m_codeView->clear();
    m_reviewBox->hide();
    if (!sameIssue) {
        const QSignalBlocker blocker(m_expectedEdit);
        m_expectedEdit->clear();
    }
    if (!issue) {
        {
            const QSignalBlocker blocker(m_consentCheck);
            m_consentCheck->setChecked(false);
        }
        m_reasonLabel->setText(tr("Select an issue to find its reproduction."));
        m_output->clear();
        m_badge->hide();
        m_detailsLabel->clear();
        setStatus({});
        m_titleLabel->setText(tr("Reproduction"));
        m_reduction->clearIssue();
        m_operatorProbe->clearIssue();
        showRunPage();
        updateRunState();
        return;
    }
    m_titleLabel->setText(tr("Reproduction · #%1").arg(issue->number));
    m_reasonLabel->clear();
    if (!m_session->storeReadError().isEmpty())
        setStatus(tr("Cannot read stored results: %1").arg(m_session->storeReadError()));
    showRecord(m_session->record(), true);
    if (!sameIssue)
        showRunPage();
    m_reduction->setIssue(*issue, m_session->repository());
    m_operatorProbe->setRepository(m_session->repository());
    m_operatorProbe->setIssue(*issue);
    m_reduction->setRecord(m_session->record());
}

void ReproPanel::onExtracted(bool sameIssue)
{
    const ReproExtraction &extraction = m_session->extraction();
    {
        const QSignalBlocker blocker(m_candidateCombo);
        m_candidateCombo->clear();
        for (const ReproCandidate &c : extraction.candidates) {
            QString text = tr("%1 · %2%3 · %4 lines")
                               .arg(c.where(), c.author.isEmpty() ? tr("unknown author") : c.author,
                                    c.fromOriginalPoster ? tr(" (reporter)") : QString())
                               .arg(c.codeLines());
            if (c.blockCount > 1)
                text += tr(" · %1 blocks joined").arg(c.blockCount);
            if (!c.launcher.isEmpty())
                text += u" · "_s + c.launcher.first();
            m_candidateCombo->addItem(text);
        }
        m_candidateCombo->setPlaceholderText(extraction.status == ReproExtraction::Status::ScreenshotOnly
                                                 ? tr("Only in screenshots")
                                                 : tr("No reproduction found"));
    }
    if (!sameIssue || m_expectedEdit->text().isEmpty()) {
        const QSignalBlocker blocker(m_expectedEdit);
        m_expectedEdit->setText(m_session->expectedText());
    }
    m_expectedEdit->setToolTip(
        extraction.reportedMessage.isEmpty()
            ? tr("The issue shows no error to compare with")
            : tr("Reported in the %1:\n%2").arg(extraction.reportedFrom, extraction.reportedMessage.left(600)));
    m_reduction->setReproFound(extraction.status == ReproExtraction::Status::Found);
}

void ReproPanel::chooseCandidate(int index)
{
    m_session->chooseCandidate(index);
}

void ReproPanel::onCandidateChanged()
{
    const ReproExtraction &extraction = m_session->extraction();
    const int index = m_session->candidateIndex();
    {
        const QSignalBlocker blocker(m_candidateCombo);
        m_candidateCombo->setCurrentIndex(extraction.candidates.isEmpty() ? -1 : index);
    }
    {
        const QSignalBlocker blocker(m_consentCheck); // consent is for the code it was given on
        m_consentCheck->setChecked(false);
    }
    const ReproCandidate *c = m_session->candidate();
    m_codeView->setPlainText(c ? c->code : QString());
    if (c && index != extraction.chosen)
        m_reasonLabel->setText(
            tr("Chosen by you; the playbook's choice was %1: %2")
                .arg(extraction.chosenCandidate() ? extraction.chosenCandidate()->where() : tr("none"),
                     extraction.reason));
    else
        m_reasonLabel->setText(extraction.reason);
    updateCodeMarks();
    showReview();
    updateRunState();
}

QString ReproPanel::needsText() const
{
    return m_needsLabel->isVisibleTo(this) ? m_needsLabel->text() : QString();
}

void ReproPanel::showNeeds()
{
    if (!m_session->candidate()) {
        m_needsLabel->hide();
        m_variantCheck->hide();
        return;
    }
    m_needsLabel->show();
    const std::optional<ReproNeeds> needs = m_session->needs();
    if (!needs) {
        m_needsLabel->setVisible(m_session->isCheckingNeeds());
        m_needsLabel->setText(tr("Checking what it needs (GPUs, NCCL, packages) against this environment…"));
        m_variantCheck->hide();
        return;
    }
    const ReproNeeds &n = *needs;
    const QString machine = n.haveGpus > 0 ? tr("%n CUDA GPU(s)", nullptr, n.haveGpus) : tr("no GPU");
    QString text = n.canRunHere() ? tr("✓ Can run here (%1)").arg(machine) : u"⊘ "_s + n.summary().toHtmlEscaped();
    const bool noErrorToCompare = m_session->noErrorToCompare();
    const QString diff = m_session->variantDiff();
    if (!diff.isEmpty())
        m_variantCheck->setText(m_session->variantIsCpu()
                                    ? tr("Run the CPU variant instead (nccl→gloo, cuda→cpu, .cuda() dropped); the "
                                         "verdict says it ran as a variant")
                                    : tr("Add a pass/fail check: torch.testing.assert_close of the two printed "
                                         "results"));
    if (!n.hasCheck && n.prints && noErrorToCompare)
        text += u"<br>"_s + tr("No pass/fail check: the script only prints, so its exit code says nothing.");
    else if (m_session->expectedText().trimmed().isEmpty() && m_session->extraction().compileSymptom &&
             !n.seesCompileSymptoms)
        text += u"<br>"_s + tr("No pass/fail check: the reported graph break or recompile shows only in compile "
                               "logs; the script does not make it fail (fullgraph=True would).");
    m_variantCheck->setVisible(!diff.isEmpty());
    if (m_variantCheck->isChecked() && !diff.isEmpty())
        text += u"<pre style=\"margin:4px 0\">"_s + diff.toHtmlEscaped() + u"</pre>"_s;
    m_needsLabel->setText(text);
}

void ReproPanel::showReview()
{
    if (!m_session->candidate()) {
        m_reviewBox->hide();
        return;
    }
    m_reviewBox->show();
    const std::optional<ReproReview> reviewed = m_session->review();
    QString text;
    bool warn = false;
    if (!m_session->scanError().isEmpty()) {
        text = tr("<b>The security review failed</b>: %1. Nothing runs unreviewed.")
                   .arg(m_session->scanError().toHtmlEscaped());
        warn = true;
    } else if (!reviewed) {
        text = tr("Reviewing the code (Python's <code>ast</code>)…");
    } else {
        const ReproReview &review = *reviewed;
        const QString who = (review.author.isEmpty() ? tr("the author") : review.author).toHtmlEscaped();
        const QString association =
            review.authorAssociation.isEmpty() ? tr("no association") : review.authorAssociation;
        const QString trust = review.trust == AuthorTrust::Trusted
                                  ? tr("%1 is %2: trusted").arg(who, association)
                                  : tr("%1 is %2: <b>not trusted</b>").arg(who, association);
        if (!review.scan.parsed) {
            text = tr("<b>The code does not parse</b> — %1. It is reported, not run.")
                       .arg(review.scan.parseError.toHtmlEscaped());
            warn = true;
        } else if (review.scan.findings.isEmpty()) {
            text = tr("✓ Scan clean · %1").arg(trust);
            warn = review.trust != AuthorTrust::Trusted;
        } else {
            QStringList rows;
            for (const ScanFinding &f : review.scan.findings)
                rows
                    << tr("line %1 · <b>%2</b> · %3").arg(f.line).arg(f.rule.toHtmlEscaped(), f.reason.toHtmlEscaped());
            const qsizetype count = review.scan.findings.size();
            text = (count == 1 ? tr("⚠ 1 finding · %1").arg(trust) : tr("⚠ %1 findings · %2").arg(count).arg(trust)) +
                   u"<br>"_s + rows.join(u"<br>"_s);
            warn = true;
        }
    }
    m_reviewLabel->setText(text);
    const bool consent = reviewed && reviewed->runnable() && reviewed->consentRequired();
    m_consentCheck->setVisible(consent);
    if (consent)
        m_consentCheck->setToolTip(tr("Needed because %1").arg(reviewed->consentReasons().join(u"; "_s)));
    m_reviewBox->setPalette(AppPalette::toned(palette(), warn ? Tone::Warning : Tone::Ok));
}

void ReproPanel::updateCodeMarks()
{
    QList<QTextEdit::ExtraSelection> marks;
    const bool dark = AppPalette::isDark(palette());
    if (const std::optional<ReproReview> review = m_session->review()) {
        for (const ScanFinding &f : review->scan.findings) {
            const QTextBlock block = m_codeView->document()->findBlockByNumber(f.line - 1);
            if (!block.isValid())
                continue;
            QTextEdit::ExtraSelection mark;
            mark.cursor = QTextCursor(block);
            mark.format.setBackground(Tones::mark(Tone::Warning, dark));
            mark.format.setProperty(QTextFormat::FullWidthSelection, true);
            mark.format.setToolTip(u"%1: %2"_s.arg(f.rule, f.reason));
            marks << mark;
        }
    }
    // Where a hang was when the stacks were dumped: the innermost frame first, in a stronger red.
    const QList<int> hangLines = m_session->hangLines();
    for (qsizetype i = 0; i < hangLines.size(); ++i) {
        const QTextBlock block = m_codeView->document()->findBlockByNumber(hangLines.at(i) - 1);
        if (!block.isValid())
            continue;
        QTextEdit::ExtraSelection mark;
        mark.cursor = QTextCursor(block);
        QColor colour = Tones::mark(Tone::Problem, dark);
        colour.setAlpha(i == 0 ? 255 : 150);
        mark.format.setBackground(colour);
        mark.format.setProperty(QTextFormat::FullWidthSelection, true);
        mark.format.setToolTip(i == 0 ? tr("The hang's innermost frame in this script (stacks dumped before the "
                                           "timeout)")
                                      : tr("On the hung stack"));
        marks << mark;
    }
    m_codeView->setExtraSelections(marks);
}

void ReproPanel::showGate()
{
    const ScrubGate gate = m_session->gate();
    m_gateBox->setGate(gate, m_session->wentOn());
    if (!m_session->issue())
        return;
    m_reduction->setGate(gate, m_session->wentOn());
    // The playbook's reset between compiles, offered where the script compiles more than once.
    const int resets = m_session->dynamoResetsOffered();
    m_resetCheck->setVisible(resets > 0);
    m_resetCheck->setToolTip(tr("Add torch._dynamo.reset() before %n of its compiled calls, so in-memory Dynamo "
                                "state does not carry over from one compile to the next",
                                nullptr, resets));
}

void ReproPanel::pushSettings()
{
    m_session->setRuns(m_runsSpin->value());
    m_session->setTimeoutSeconds(m_timeoutSpin->value());
    m_session->setHashSeed(m_seedCheck->isChecked() ? std::optional<int>(m_seedSpin->value()) : std::nullopt);
    m_session->setVariablesText(m_varsEdit->text());
    m_session->setDynamoResets(m_resetCheck->isChecked());
    m_session->setExpectedText(m_expectedEdit->text());
    m_session->setVariantChosen(m_variantCheck->isChecked());
}

void ReproPanel::updateRunState()
{
    pushSettings();
    const QString why = blocker();
    const bool running = isRunning();
    m_runButton->setEnabled(why.isEmpty());
    m_runButton->setToolTip(why.isEmpty() ? tr("Run it %1 times in the sandbox").arg(m_runsSpin->value()) : why);
    m_cancelButton->setEnabled(running);
    for (QWidget *w : std::initializer_list<QWidget *>{m_envCombo, m_runsSpin, m_timeoutSpin, m_seedCheck, m_seedSpin,
                                                       m_expectedEdit, m_consentCheck, m_varsEdit, m_resetCheck})
        w->setEnabled(!running);
    m_seedSpin->setEnabled(!running && m_seedCheck->isChecked());
    m_candidateCombo->setEnabled(!running && !m_session->extraction().candidates.isEmpty());
    // Bisect and minimize run the script as Run would; a job under way stays reachable.
    const bool canReduce = why.isEmpty() || m_reduction->isBusy();
    const bool haveIssue = m_session->issue().has_value();
    m_bisectButton->setEnabled(canReduce);
    m_minimizeButton->setEnabled(canReduce);
    m_reportButton->setEnabled(haveIssue);
    m_operatorButton->setEnabled(haveIssue);
    const std::optional<ReproRunRecord> record = m_session->record();
    if (!running && !why.isEmpty() && haveIssue && why != tr("Running."))
        setStatus(why);
    else if (!running && why.isEmpty() && haveIssue)
        setStatus(record ? tr("Ready. Last run %1.").arg(whenText(record->startedAt)) : tr("Ready to run."));
}

void ReproPanel::run()
{
    pushSettings();
    const QString why = blocker();
    if (!why.isEmpty()) {
        setStatus(why);
        return;
    }
    m_session->run();
}

void ReproPanel::cancel()
{
    m_session->cancel();
}

void ReproPanel::onRunStarted(const ReproRunStart &start)
{
    updateCodeMarks(); // the hang lines of the run before are gone
    m_follow = true;
    m_followButton->setChecked(true);
    m_badge->hide();
    m_detailsLabel->setText(tr("%1 · expecting %2%3")
                                .arg(start.environment.label(),
                                     start.expectation.hangReported ? tr("the reported hang")
                                     : start.expected.isEmpty()     ? tr("any failure")
                                                                    : start.expected.toString(),
                                     start.variant ? tr(" · running a variant, not the code as posted") : QString()) +
                            (start.extraVariables ? tr(" · with %1").arg(m_varsEdit->text().simplified()) : QString()) +
                            (start.dynamoResets ? tr(" · torch._dynamo.reset() between compiles") : QString()));
    m_progress->setRange(0, 0);
    m_progress->show();
    updateRunState();
    setStatus(tr("Starting the sandbox…"));
    Q_EMIT runStarted();
}

void ReproPanel::onRunEnded(const ReproRunRecord &record, const ReproRunEnd &end)
{
    m_progress->hide();
    if (m_follow)
        QTimer::singleShot(0, m_outputView, &QListView::scrollToBottom); // after the layout settles
    updateCodeMarks();
    if (!end.sameIssue)
        return;
    if (end.cancelled) {
        showBadge(ReproOutcome::Kind::Cancelled, outcomeLook(ReproOutcome::Kind::Cancelled).text);
        setStatus(tr("Cancelled; the sandbox and everything in it were stopped. Nothing stored."));
        return;
    }
    if (!end.storeError.isEmpty())
        setStatus(tr("Not stored: %1").arg(end.storeError));
    showRecord(m_session->record(), false);
    m_reduction->setRecord(m_session->record());
    if (record.id > 0 || !m_session->hasResultStore())
        setStatus(record.outcome == ReproOutcome::Kind::SandboxRefused
                      ? tr("The sandbox refused: %1").arg(record.detail)
                  : m_session->hasResultStore() ? tr("Done; stored with #%1.").arg(record.number)
                                                : tr("Done."));
}

void ReproPanel::showRecord(const std::optional<ReproRunRecord> &record, bool loadOutput)
{
    if (!record) {
        m_badge->hide();
        m_detailsLabel->setText(m_session->issue() ? tr("Not run yet.") : QString());
        return;
    }
    const ReproRunRecord &r = *record;
    showBadge(r.outcome, outcomeSummary(r).section(u"  "_s, 1));
    QStringList parts;
    parts << (r.torchVersion.isEmpty() ? tr("no torch") : tr("torch %1").arg(r.torchVersion));
    if (!r.pythonVersion.isEmpty())
        parts << tr("Python %1").arg(r.pythonVersion);
    if (!r.environment.isEmpty())
        parts << r.environment;
    parts << (r.runs == 1 ? tr("1 run in %1") : tr("%1 runs in %2").arg(r.runs)).arg(durationText(r.durationMs()));
    const QJsonObject variables = r.result.value(u"variables"_s).toObject();
    if (!variables.isEmpty()) {
        QStringList set;
        for (auto it = variables.constBegin(); it != variables.constEnd(); ++it)
            set << it.key() + u'=' + it.value().toString();
        parts << tr("with %1").arg(set.join(u' '));
    }
    parts << whenText(r.startedAt);
    QString details = parts.join(u"  ·  "_s);
    if (!r.detail.isEmpty())
        details += u"\n"_s + r.detail;
    m_detailsLabel->setText(details);
    m_detailsLabel->setToolTip(
        r.consent.isEmpty() ? QString()
                            : tr("Run with the consent of %1 at %2")
                                  .arg(r.consent.value(u"reviewer"_s).toString(), r.consent.value(u"at"_s).toString()));
    if (loadOutput && !r.outputTail.isEmpty()) {
        m_output->appendNote(tr("output tail kept from %1").arg(whenText(r.startedAt)));
        m_output->append(r.outputTail.toUtf8() + '\n', OutputStream::StdOut);
        m_output->finish();
        m_outputView->scrollToBottom();
    }
}

void ReproPanel::showBadge(ReproOutcome::Kind kind, const QString &text)
{
    const BadgeLook look = outcomeLook(kind);
    m_badge->setProperty("outcome", ReproOutcome::kindName(kind));
    PanelStyle::showBadge(m_badge, {look.glyph, text, look.hue}, palette(), 12);
}

QString ReproPanel::whenText(const QDateTime &at)
{
    const QDateTime local = at.toLocalTime();
    const QLocale locale;
    if (local.date() == QDate::currentDate())
        return tr("today %1").arg(locale.toString(local.time(), QLocale::ShortFormat));
    return locale.toString(local.date(), QLocale::ShortFormat) + u' ' +
           locale.toString(local.time(), QLocale::ShortFormat);
}

QString ReproPanel::outcomeSummary(const ReproRunRecord &r)
{
    const int like = r.result.value(u"overall_count"_s).toInt(r.reproduces() ? r.reproducedRuns : r.runs);
    const BadgeLook look = outcomeLook(r.outcome);
    const QString name =
        r.outcome == ReproOutcome::Kind::TimedOut && r.reproduces() ? tr("hang reproduced") : look.text;
    const QString text = r.outcome == ReproOutcome::Kind::SandboxRefused || r.runs <= 0
                             ? name
                             : u"%1 %2/%3"_s.arg(name).arg(like).arg(r.runs);
    return look.glyph + u"  "_s + text;
}

void ReproPanel::setStatus(const QString &text)
{
    m_statusLabel->setText(text);
    m_statusLabel->setToolTip(text);
}

QString ReproPanel::badgeText() const
{
    return m_badge->isHidden() ? QString() : m_badge->text();
}

QString ReproPanel::statusText() const
{
    return m_statusLabel->text();
}

QString ReproPanel::reviewText() const
{
    return m_reviewBox->isHidden() ? QString() : m_reviewLabel->text();
}

QString ReproPanel::detailsText() const
{
    return m_detailsLabel->text();
}

void ReproPanel::updateRankChoices()
{
    const QList<int> ranks = m_output->ranks();
    const int shown = m_rankFilter->sourceModel() ? m_rankFilter->rank() : -1;
    if (shown >= 0 && !ranks.contains(shown))
        showRank(-1); // a new run forgot the ranks
    m_rankCombo->clear();
    m_rankCombo->addItem(tr("All ranks"), -1);
    for (const int rank : ranks)
        m_rankCombo->addItem(tr("Rank %1").arg(rank), rank);
    m_rankCombo->setCurrentIndex(std::max(0, m_rankCombo->findData(shown >= 0 && ranks.contains(shown) ? shown : -1)));
    m_rankCombo->setVisible(!ranks.isEmpty());
}

void ReproPanel::showRank(int rank)
{
    QAbstractItemModel *wanted = m_output;
    if (rank >= 0) {
        m_output->flush();
        if (!m_rankFilter->sourceModel())
            m_rankFilter->setSourceModel(m_output);
        m_rankFilter->setRank(rank);
        wanted = m_rankFilter;
    }
    if (m_outputView->model() != wanted) {
        QItemSelectionModel *old = m_outputView->selectionModel();
        m_outputView->setModel(wanted);
        delete old;
    }
    if (rank < 0)
        m_rankFilter->setSourceModel(nullptr);
    m_rankCombo->setCurrentIndex(std::max(0, m_rankCombo->findData(rank)));
    if (m_follow)
        m_outputView->scrollToBottom();
}

int ReproPanel::sourceRow(const QModelIndex &shown) const
{
    if (!shown.isValid())
        return -1;
    return shown.model() == m_rankFilter ? m_rankFilter->mapToSource(shown).row() : shown.row();
}

bool ReproPanel::findNext(bool backward)
{
    const QString needle = m_searchEdit->text();
    if (needle.isEmpty())
        return false;
    m_output->flush();
    const QModelIndex current = m_outputView->currentIndex();
    int row = -1;
    if (m_outputView->model() == m_output) {
        row = m_output->findNext(needle, current.isValid() ? current.row() : (backward ? 0 : -1), backward);
    } else {
        // One rank shown: the next of its rows that matches, wrapping.
        const QAbstractItemModel *shown = m_outputView->model();
        const int rows = shown->rowCount();
        const int from = current.isValid() ? current.row() : (backward ? 0 : -1);
        for (int step = 1; step <= rows && row < 0; ++step) {
            const int at = ((from + (backward ? -step : step)) % rows + rows) % rows;
            if (shown->index(at, 0).data().toString().contains(needle, Qt::CaseInsensitive))
                row = at;
        }
    }
    QPalette pal = m_searchEdit->palette();
    if (row < 0) {
        pal.setColor(QPalette::Base, Tones::mark(Tone::Removed, AppPalette::isDark(palette())));
        m_searchEdit->setPalette(pal);
        m_searchEdit->setToolTip(tr("Not found"));
        return false;
    }
    m_searchEdit->setPalette(palette());
    m_searchEdit->setToolTip({});
    m_follow = false;
    m_followButton->setChecked(false);
    const QModelIndex target = m_outputView->model()->index(row, 0);
    m_outputView->setCurrentIndex(target);
    m_outputView->scrollTo(target, QAbstractItemView::PositionAtCenter);
    return true;
}

void ReproPanel::copySelection() const
{
    QList<int> rows;
    for (const QModelIndex &index : m_outputView->selectionModel()->selectedIndexes())
        rows << sourceRow(index);
    if (!rows.isEmpty())
        QApplication::clipboard()->setText(m_output->textOfRows(rows));
}

void ReproPanel::copyAll() const
{
    m_output->flush();
    if (m_outputView->model() == m_output) {
        QApplication::clipboard()->setText(m_output->allText());
        return;
    }
    QList<int> rows; // what is shown: one rank's lines and the notes
    for (int row = 0; row < m_rankFilter->rowCount(); ++row)
        rows << sourceRow(m_rankFilter->index(row, 0));
    QApplication::clipboard()->setText(m_output->textOfRows(rows));
}

bool ReproPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        if (watched == m_outputView && key->matches(QKeySequence::Copy)) {
            copySelection();
            return true;
        }
        if (watched == m_searchEdit && key->key() == Qt::Key_Escape) {
            m_outputView->setFocus(Qt::ShortcutFocusReason);
            return true;
        }
        if (watched == m_searchEdit && (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) &&
            key->modifiers() & Qt::ShiftModifier) {
            findNext(true);
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void ReproPanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyPalette();
    if (event->type() == QEvent::FontChange)
        PanelStyle::applyBadgeFont(m_badge);
}

void ReproPanel::applyPalette()
{
    m_delegate->setPalette(palette());
    if (m_repositoryDefs) {
        m_codeHighlighter->setTheme(m_repositoryDefs->themeForPalette(palette()));
        m_codeHighlighter->rehighlight();
    }
    if (m_session->record())
        showRecord(m_session->record(), false);
    showReview();
    updateCodeMarks();
    m_outputView->viewport()->update();
}
