// SPDX-License-Identifier: MIT
#include "views/scoreboard/scoreboardpage.h"

#include "engine/review/decisionhistorystore.h"
#include "engine/scoreboard/agreementcalculator.h"
#include "engine/scoreboard/packeditsuggester.h"
#include "engine/scoreboard/packreplayer.h"
#include "engine/scoreboard/scoreboardexporter.h"
#include "models/scoreboard/agreementtablemodel.h"
#include "models/scoreboard/replaychangemodel.h"
#include "views/common/apppalette.h"
#include "views/common/messagebanner.h"
#include "views/common/panelstyle.h"
#include "views/scoreboard/scoreboardchart.h"

#include <QComboBox>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSaveFile>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTabWidget>
#include <QtConcurrentRun>
#include <QTimer>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {

QString sliceText(const ScoreboardSlice &slice)
{
    const QString source =
        slice.packSource.startsWith(u":/"_s) ? ScoreboardPage::tr("built-in") : QFileInfo(slice.packSource).fileName();
    const QString version =
        slice.packVersion.isEmpty() ? ScoreboardPage::tr("pack not recorded") : slice.packVersion + u" · "_s + source;
    return ScoreboardPage::tr("%1 · %2 — %n decisions", nullptr, slice.decisions)
        .arg(slice.profile.isEmpty() ? ScoreboardPage::tr("no profile") : slice.profile, version);
}

constexpr int MaxLinks = 24;

QString refLinks(const QList<IssueRef> &issues)
{
    QStringList links;
    for (qsizetype i = 0; i < issues.size() && i < MaxLinks; ++i)
        links.append(
            u"<a href=\"%1#%2\">#%2</a>"_s.arg(issues.at(i).repository.toHtmlEscaped()).arg(issues.at(i).number));
    if (issues.size() > MaxLinks)
        links.append(ScoreboardPage::tr("and %1 more (all of them in the CSV export)").arg(issues.size() - MaxLinks));
    return links.join(u"&nbsp;&nbsp; "_s);
}

} // namespace

ScoreboardPage::ScoreboardPage(QWidget *parent)
    : QWidget(parent)
    , m_title(new QLabel(tr("Scoreboard"), this))
    , m_sliceCombo(new QComboBox(this))
    , m_exportMarkdown(new QPushButton(tr("Export markdown…"), this))
    , m_exportCsv(new QPushButton(tr("Export CSV…"), this))
    , m_refresh(new QPushButton(tr("Refresh"), this))
    , m_banner(new MessageBanner(this))
    , m_curve(new ScoreboardChart(ScoreboardChart::Kind::OperatingCurve, this))
    , m_weeks(new ScoreboardChart(ScoreboardChart::Kind::Weeks, this))
    , m_rules(new ScoreboardChart(ScoreboardChart::Kind::OverriddenRules, this))
    , m_tabs(new QTabWidget(this))
    , m_overriddenModel(new AgreementTableModel(AgreementTableModel::Content::Agreement, this))
    , m_labelModel(new AgreementTableModel(AgreementTableModel::Content::Agreement, this))
    , m_subOncallModel(new AgreementTableModel(AgreementTableModel::Content::Agreement, this))
    , m_ruleModel(new AgreementTableModel(AgreementTableModel::Content::Agreement, this))
    , m_tierModel(new AgreementTableModel(AgreementTableModel::Content::Tiers, this))
    , m_weekModel(new AgreementTableModel(AgreementTableModel::Content::Weeks, this))
    , m_issuesLine(new QLabel(this))
    , m_whatIfTab(new QWidget(this))
    , m_whatIfPackLabel(new QLabel(this))
    , m_whatIfTotals(new QLabel(this))
    , m_runButton(new QPushButton(tr("Replay"), this))
    , m_savePackButton(new QPushButton(tr("Save pack as…"), this))
    , m_changeModel(new ReplayChangeModel(this))
    , m_editList(new QListWidget(this))
    , m_tryEditsButton(new QPushButton(tr("Try the checked edits in the what-if"), this))
    , m_editsNote(new QLabel(this))
{
    setObjectName(u"scoreboardPage"_s);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(14, 10, 14, 10);
    layout->setSpacing(10);

    auto *header = new QHBoxLayout;
    m_title->setObjectName(u"scoreboardTitle"_s);
    header->addWidget(m_title);
    m_sliceCombo->setObjectName(u"sliceCombo"_s);
    m_sliceCombo->setAccessibleName(tr("Profile and pack version"));
    m_sliceCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    header->addWidget(m_sliceCombo);
    header->addStretch(1);
    m_refresh->setObjectName(u"refreshScoreboard"_s);
    m_exportMarkdown->setObjectName(u"exportMarkdown"_s);
    m_exportCsv->setObjectName(u"exportCsv"_s);
    for (QPushButton *button : {m_refresh, m_exportMarkdown, m_exportCsv}) {
        button->setFocusPolicy(Qt::ClickFocus);
        header->addWidget(button);
    }
    layout->addLayout(header);

    m_banner->setObjectName(u"scoreboardBanner"_s);
    layout->addWidget(m_banner);

    auto *tiles = new QHBoxLayout;
    tiles->setSpacing(10);
    for (int i = 0; i < 5; ++i) {
        auto *tile = new QLabel(this);
        tile->setObjectName(u"scoreTile%1"_s.arg(i));
        tile->setTextFormat(Qt::RichText);
        tile->setAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        tile->setContentsMargins(12, 8, 12, 8);
        tile->setAutoFillBackground(true);
        tile->setWordWrap(true);
        tile->setBackgroundRole(QPalette::Base);
        tiles->addWidget(tile, 1);
        m_tiles.append(tile);
    }
    layout->addLayout(tiles);

    auto *charts = new QHBoxLayout;
    charts->setSpacing(10);
    charts->addWidget(m_curve, 1);
    charts->addWidget(m_weeks, 1);
    charts->addWidget(m_rules, 1);
    layout->addLayout(charts, 3);

    m_tabs->setObjectName(u"scoreboardTabs"_s);
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(makeTable(m_overriddenModel, u"overriddenTable"_s), tr("Overridden rules"));
    m_tabs->addTab(makeTable(m_labelModel, u"labelTable"_s), tr("Labels"));
    m_tabs->addTab(makeTable(m_subOncallModel, u"subOncallTable"_s), tr("Sub-oncalls"));
    m_tabs->addTab(makeTable(m_ruleModel, u"ruleTable"_s), tr("Rules"));
    m_tabs->addTab(makeTable(m_tierModel, u"tierTable"_s), tr("Confidence tiers"));
    m_tabs->addTab(makeTable(m_weekModel, u"weekTable"_s), tr("Weeks"));

    setUpWhatIfTab();
    setUpEditsTab();

    layout->addWidget(m_tabs, 4);
    m_issuesLine->setObjectName(u"overriddenIssuesLine"_s);
    m_issuesLine->setTextFormat(Qt::RichText);
    m_issuesLine->setWordWrap(true);
    m_issuesLine->setTextInteractionFlags(Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
    layout->addWidget(m_issuesLine);
    connect(m_issuesLine, &QLabel::linkActivated, this, [this](const QString &link) {
        const qsizetype hash = link.lastIndexOf(u'#');
        Q_EMIT issueActivated(link.left(hash), link.mid(hash + 1).toInt());
    });

    connect(m_sliceCombo, &QComboBox::activated, this, [this](int index) {
        const QStringList slice = m_sliceCombo->itemData(index).toStringList();
        m_sliceChosen = true;
        showSlice(slice.value(0), slice.value(1));
    });
    connect(m_refresh, &QPushButton::clicked, this, &ScoreboardPage::reload);
    connect(m_exportMarkdown, &QPushButton::clicked, this, [this] { exportAs(true); });
    connect(m_exportCsv, &QPushButton::clicked, this, [this] { exportAs(false); });
    connect(&m_loadWatcher, &QFutureWatcher<Loaded>::finished, this, &ScoreboardPage::onLoaded);
    connect(&m_suggestWatcher, &QFutureWatcher<Suggestions>::finished, this, &ScoreboardPage::onSuggestions);
    connect(&m_replayWatcher, &QFutureWatcher<ReplayReport>::finished, this, &ScoreboardPage::onReplayed);

    QFont titleFont = font();
    titleFont.setPointSizeF(font().pointSizeF() * 1.35);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_whatIfPackLabel->setText(tr("Replays a changed pack over every decided issue. Open a pack file, or try "
                                  "suggested edits."));
    m_editsNote->setText(tr("Reading the decided issues…"));
    updateTiles();
}

ScoreboardPage::~ScoreboardPage()
{
    m_probe.reset();
    m_loadWatcher.waitForFinished();
    m_suggestWatcher.waitForFinished();
    m_replayWatcher.waitForFinished();
}

// What-if: a changed pack replayed over the decided issues.
void ScoreboardPage::setUpWhatIfTab()
{
    auto *whatIf = new QVBoxLayout(m_whatIfTab);
    whatIf->setContentsMargins(0, 8, 0, 0);
    auto *whatIfBar = new QHBoxLayout;
    auto *openPack = new QPushButton(tr("Open pack…"), m_whatIfTab);
    openPack->setObjectName(u"openWhatIfPack"_s);
    m_whatIfPackLabel->setObjectName(u"whatIfPackLabel"_s);
    m_whatIfPackLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_runButton->setObjectName(u"runWhatIf"_s);
    m_savePackButton->setObjectName(u"saveWhatIfPack"_s);
    m_savePackButton->setEnabled(false);
    m_runButton->setEnabled(false);
    whatIfBar->addWidget(openPack);
    whatIfBar->addWidget(m_whatIfPackLabel, 1);
    whatIfBar->addWidget(m_runButton);
    whatIfBar->addWidget(m_savePackButton);
    whatIf->addLayout(whatIfBar);
    m_whatIfTotals->setObjectName(u"whatIfTotals"_s);
    m_whatIfTotals->setTextFormat(Qt::RichText);
    m_whatIfTotals->setWordWrap(true);
    whatIf->addWidget(m_whatIfTotals);
    QTableView *changes = makeTable(m_changeModel, u"whatIfTable"_s);
    changes->horizontalHeader()->setSectionResizeMode(ReplayChangeModel::Title, QHeaderView::Stretch);
    whatIf->addWidget(changes, 1);
    m_tabs->addTab(m_whatIfTab, tr("What-if"));
    connect(openPack, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open a changed rubric pack"), QString(),
                                                          tr("Rubric packs (*.json)"));
        if (!path.isEmpty() && openWhatIfPack(path))
            runWhatIf();
    });
    connect(m_runButton, &QPushButton::clicked, this, &ScoreboardPage::runWhatIf);
    connect(m_savePackButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Save the edited pack"), m_whatIfName + u"-edited.json"_s, tr("Rubric packs (*.json)"));
        if (!path.isEmpty())
            saveWhatIfPack(path);
    });
    connect(changes, &QTableView::activated, this, [this, changes](const QModelIndex &index) {
        const auto change = index.data(ReplayChangeModel::ChangeRole).value<ReplayChange>();
        Q_EMIT issueActivated(change.issue.repository, change.issue.number);
        Q_UNUSED(changes);
    });
}

// Suggested edits: what the reviewers' overrides propose, to try before saving.
void ScoreboardPage::setUpEditsTab()
{
    auto *editsTab = new QWidget(this);
    auto *edits = new QVBoxLayout(editsTab);
    edits->setContentsMargins(0, 8, 0, 0);
    m_editsNote->setObjectName(u"editsNote"_s);
    m_editsNote->setWordWrap(true);
    edits->addWidget(m_editsNote);
    m_editList->setObjectName(u"editList"_s);
    m_editList->setWordWrap(true);
    m_editList->setAlternatingRowColors(true);
    edits->addWidget(m_editList, 1);
    m_tryEditsButton->setObjectName(u"tryEdits"_s);
    m_tryEditsButton->setEnabled(false);
    auto *editsBar = new QHBoxLayout;
    editsBar->addStretch(1);
    editsBar->addWidget(m_tryEditsButton);
    edits->addLayout(editsBar);
    m_tabs->addTab(editsTab, tr("Suggested edits"));
    connect(m_editList, &QListWidget::itemChanged, this, [this] {
        bool any = false;
        for (int i = 0; i < m_editList->count(); ++i)
            any = any || m_editList->item(i)->checkState() == Qt::Checked;
        m_tryEditsButton->setEnabled(any);
    });
    connect(m_tryEditsButton, &QPushButton::clicked, this, [this] {
        QList<int> rows;
        for (int i = 0; i < m_editList->count(); ++i) {
            if (m_editList->item(i)->checkState() == Qt::Checked)
                rows.append(i);
        }
        tryEdits(rows);
    });
}

QTableView *ScoreboardPage::makeTable(QAbstractItemModel *model, const QString &name)
{
    auto *proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(model);
    proxy->setSortRole(Qt::UserRole);
    auto *table = new QTableView(this);
    table->setObjectName(name);
    table->setModel(proxy);
    table->setSortingEnabled(true);
    table->sortByColumn(-1, Qt::AscendingOrder);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setAlternatingRowColors(true);
    table->setShowGrid(false);
    table->setWordWrap(false);
    table->setFrameShape(QFrame::NoFrame);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setHighlightSections(false);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->horizontalHeader()->setStretchLastSection(true);
    if (qobject_cast<AgreementTableModel *>(model)) {
        connect(table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
                [this](const QModelIndex &current) {
                    showOverriddenIssues(current.data(AgreementTableModel::IssuesRole).value<QList<IssueRef>>());
                });
        connect(table, &QTableView::activated, this, [this](const QModelIndex &index) {
            const auto issues = index.data(AgreementTableModel::IssuesRole).value<QList<IssueRef>>();
            if (!issues.isEmpty())
                Q_EMIT issueActivated(issues.constFirst().repository, issues.constFirst().number);
        });
    }
    return table;
}

void ScoreboardPage::setStorePath(const QString &path)
{
    if (path == m_storePath)
        return;
    m_storePath = path;
    m_loadedVersion.clear();
    m_suggestionsVersion.clear();
    m_decided.clear();
    m_board = Scoreboard();
    // Read the decisions now, off the GUI thread, while nobody looks: opening the page (Ctrl+Shift+S) then finds
    // them current and paints at once. The suggested edits (every decided issue's text) wait for the page to open.
    if (!m_storePath.isEmpty())
        load();
}

void ScoreboardPage::setPack(const RubricPack &pack)
{
    const bool otherProfile = !m_pack || m_pack->profile != pack.profile;
    m_pack = pack;
    if (otherProfile && !m_sliceChosen)
        m_profile = pack.profile;
    if (!m_whatIfEdited && !m_whatIfPack)
        m_runButton->setEnabled(false);
}

bool ScoreboardPage::isLoading() const
{
    return m_loadWatcher.isRunning();
}

bool ScoreboardPage::isReplaying() const
{
    return m_replayWatcher.isRunning();
}

void ScoreboardPage::reload()
{
    m_opened = true;
    if (m_storePath.isEmpty()) {
        m_decided.clear();
        showProblem(tr("No store: decisions are kept only when the console has a store file (--store)."));
        showBoard();
        Q_EMIT loaded();
        return;
    }
    if (m_loadWatcher.isRunning())
        return; // the running read sees the same file; one more would only repeat it
    // Nothing decided or synced since the last read: the figures shown are current.
    if (!m_probe || m_probe->path() != m_storePath) {
        auto probe = DecisionHistoryStore::open(m_storePath);
        m_probe = probe ? std::move(probe).value() : nullptr;
    }
    const Result<QString> storeVersion = m_probe ? m_probe->version() : Result<QString>(Error{QString()});
    // The figures were shown when they were read (every change of them shows them): nothing to redo.
    if (storeVersion && !m_loadedVersion.isEmpty() && storeVersion.value() == m_loadedVersion && m_problem.isEmpty()) {
        Q_EMIT loaded();
        if (m_suggestionsVersion != m_loadedVersion)
            loadSuggestionsSoon();
        return;
    }
    load();
}

void ScoreboardPage::load()
{
    const QString path = m_storePath;
    const QString profile = m_profile;
    const QString version = m_packVersion;
    m_loadWatcher.setFuture(QtConcurrent::run([path, profile, version] {
        Loaded result;
        const Result<std::unique_ptr<DecisionHistoryStore>> store = DecisionHistoryStore::open(path);
        if (!store) {
            result.problem = store.error();
            return result;
        }
        Result<QList<DecidedIssue>> decided = store.value()->decidedIssues();
        if (!decided) {
            result.problem = decided.error();
            return result;
        }
        if (const Result<QString> read = store.value()->version())
            result.version = read.value();
        result.decided = std::move(decided).value();
        result.board = AgreementCalculator::compute(result.decided, profile, version);
        return result;
    }));
}

void ScoreboardPage::onLoaded()
{
    Loaded result = m_loadWatcher.result();
    m_problem = result.problem;
    if (!m_problem.isEmpty()) {
        showProblem(tr("The scoreboard cannot read the store: %1").arg(m_problem));
        Q_EMIT loaded();
        return;
    }
    m_banner->hide();
    m_loadedVersion = result.version;
    m_decided = std::move(result.decided);
    // The slice asked for may not exist in this store (another profile's pack): fall back to all decisions.
    const bool present =
        m_profile.isEmpty() || std::any_of(result.board.slices.cbegin(), result.board.slices.cend(),
                                           [this](const ScoreboardSlice &s) { return s.profile == m_profile; });
    if (present && result.board.profile == m_profile && result.board.packVersion == m_packVersion) {
        m_board = std::move(result.board);
    } else {
        if (!present) {
            m_profile.clear();
            m_packVersion.clear();
        }
        m_board = AgreementCalculator::compute(m_decided, m_profile, m_packVersion);
    }
    showBoard();
    if (m_board.scored == 0 && m_board.reviewed == 0)
        showProblem(tr("No review decisions in this store yet: approve (a), edit (e) or skip (s) issues in the queue, "
                       "and their figures show here."));
    Q_EMIT loaded();
    if (m_opened)
        loadSuggestionsSoon();
}

// NOLINTNEXTLINE(readability-make-member-function-const) it schedules loadSuggestions(), which changes the page
void ScoreboardPage::loadSuggestionsSoon()
{
    // After the page has painted: reading every decided issue's text would compete with the paint for the CPU.
    QTimer::singleShot(0, this, &ScoreboardPage::loadSuggestions);
}

void ScoreboardPage::loadSuggestions()
{
    if (!m_pack || m_storePath.isEmpty() || m_suggestWatcher.isRunning())
        return;
    m_suggestionsReady = false;
    m_suggestionsVersion = m_loadedVersion;
    const QString path = m_storePath;
    const RubricPack pack = *m_pack;
    const QList<DecidedIssue> decided = m_decided;
    m_suggestWatcher.setFuture(QtConcurrent::run([path, pack, decided] {
        Suggestions result;
        const Result<std::unique_ptr<DecisionHistoryStore>> store = DecisionHistoryStore::open(path);
        if (!store) {
            result.problem = store.error();
            return result;
        }
        QList<IssueRef> refs;
        for (const DecidedIssue &issue : decided) {
            if (issue.isApproval())
                refs.append(IssueRef{issue.repository, issue.number});
        }
        Result<QHash<QString, Issue>> issues = store.value()->issues(refs);
        if (!issues) {
            result.problem = issues.error();
            return result;
        }
        result.issues = std::move(issues).value();
        result.edits = PackEditSuggester::suggest(pack, decided, result.issues);
        return result;
    }));
}

void ScoreboardPage::onSuggestions()
{
    Suggestions result = m_suggestWatcher.result();
    m_editList->clear();
    m_suggestionsReady = true;
    if (!result.problem.isEmpty()) {
        m_editsNote->setText(tr("Cannot read the decided issues: %1").arg(result.problem));
        Q_EMIT suggestionsLoaded();
        return;
    }
    m_issues = std::move(result.issues);
    m_edits = std::move(result.edits);
    m_editsNote->setText(
        m_edits.isEmpty()
            ? tr("No pack edit to suggest for the %1 rubric: no module label was added or removed by reviewers on at "
                 "least two issues sharing words the others lack.")
                  .arg(m_pack ? m_pack->profile : QString())
            : tr("From repeated overrides of the %1 rubric. Check the ones to try: the what-if replays them over every "
                 "decided issue. Nothing changes a pack until you save it.")
                  .arg(m_pack ? m_pack->profile : QString()));
    for (const PackEdit &edit : std::as_const(m_edits)) {
        auto *item = new QListWidgetItem(edit.describe(), m_editList);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
        item->setCheckState(Qt::Unchecked);
        QStringList numbers;
        for (const IssueRef &ref : edit.issues)
            numbers.append(u"#"_s + QString::number(ref.number));
        item->setToolTip(tr("Issues: %1").arg(numbers.join(u", "_s)));
    }
    m_runButton->setEnabled(m_whatIfPack.has_value());
    Q_EMIT suggestionsLoaded();
}

void ScoreboardPage::showSlice(const QString &profile, const QString &packVersion)
{
    m_profile = profile;
    m_packVersion = packVersion;
    m_board = AgreementCalculator::compute(m_decided, m_profile, m_packVersion);
    showBoard();
}

void ScoreboardPage::fillSlices()
{
    const QSignalBlocker blocker(m_sliceCombo);
    m_sliceCombo->clear();
    int total = 0;
    QStringList profiles;
    for (const ScoreboardSlice &slice : std::as_const(m_board.slices)) {
        total += slice.decisions;
        if (!profiles.contains(slice.profile))
            profiles.append(slice.profile);
    }
    m_sliceCombo->addItem(tr("All profiles — %n decisions", nullptr, total), QStringList{QString(), QString()});
    for (const QString &profile : std::as_const(profiles)) {
        int decisions = 0;
        QList<ScoreboardSlice> versions;
        for (const ScoreboardSlice &slice : std::as_const(m_board.slices)) {
            if (slice.profile == profile) {
                decisions += slice.decisions;
                versions.append(slice);
            }
        }
        m_sliceCombo->addItem(tr("%1 — every pack version, %n decisions", nullptr, decisions).arg(profile),
                              QStringList{profile, QString()});
        if (versions.size() > 1 || (versions.size() == 1 && !versions.constFirst().packVersion.isEmpty())) {
            for (const ScoreboardSlice &slice : std::as_const(versions))
                m_sliceCombo->addItem(u"    "_s + sliceText(slice), QStringList{slice.profile, slice.packVersion});
        }
    }
    for (int i = 0; i < m_sliceCombo->count(); ++i) {
        if (m_sliceCombo->itemData(i).toStringList() == QStringList{m_profile, m_packVersion})
            m_sliceCombo->setCurrentIndex(i);
    }
}

void ScoreboardPage::showBoard()
{
    fillSlices();
    updateTiles();
    for (ScoreboardChart *chart : {m_curve, m_weeks, m_rules})
        chart->setScoreboard(m_board);
    m_overriddenModel->setRows(m_board.overriddenRules, tr("Rule"));
    m_labelModel->setRows(m_board.labels, tr("Label"));
    m_subOncallModel->setRows(m_board.subOncalls, tr("Sub-oncall"));
    m_ruleModel->setRows(m_board.rules, tr("Rule"));
    m_tierModel->setTiers(m_board.tiers, m_board.scored);
    m_weekModel->setWeeks(m_board.weeks);
    showOverriddenIssues(m_board.overriddenRules.isEmpty() ? QList<IssueRef>()
                                                           : m_board.overriddenRules.constFirst().overriddenIssues);
    if (auto *table = findChild<QTableView *>(u"overriddenTable"_s); table && table->model()->rowCount() > 0)
        table->selectRow(0);
}

void ScoreboardPage::updateTiles()
{
    const QPalette pal = palette();
    const QString muted = PanelStyle::cssColor(pal.color(QPalette::PlaceholderText));
    // Points, not a percentage: Qt's rich text takes font sizes in pt or px; from the page's font, so that
    // presentation mode scales the figures too.
    const QString big = QString::number(font().pointSizeF() * 1.9, 'f', 1);
    const auto tile = [&](QLabel *label, const QString &figure, const QString &caption) {
        label->setText(u"<div style='font-size:%4pt; font-weight:600'>%1</div><div style='color:%2'>%3</div>"_s.arg(
            figure.toHtmlEscaped(), muted, caption.toHtmlEscaped(), big));
    };
    const TierRow high = m_board.tiers.value(0);
    tile(m_tiles.at(0), m_board.scored > 0 ? ScoreboardExporter::percent(m_board.agreement()) : u"—"_s,
         tr("agreed in full (%1 of %2 scored)").arg(m_board.agreed).arg(m_board.scored));
    tile(m_tiles.at(1), QString::number(m_board.approvedAsSuggested),
         tr("approved as suggested, %1 edited").arg(m_board.edited));
    tile(m_tiles.at(2), high.atOrAbove > 0 ? ScoreboardExporter::percent(high.precision()) : u"—"_s,
         tr("precision at HIGH, coverage %1").arg(ScoreboardExporter::percent(high.coverage(m_board.scored))));
    tile(m_tiles.at(3), QString::number(m_board.overriddenByOthers),
         tr("overridden on GitHub after a sync (%1 written)").arg(m_board.written));
    tile(m_tiles.at(4), QString::number(m_board.skipped), tr("skipped, %1 unscored").arg(m_board.unscored));
}

void ScoreboardPage::showOverriddenIssues(const QList<IssueRef> &issues)
{
    m_issuesLine->setText(
        issues.isEmpty() ? QString()
                         : tr("Overridden on: %1   <i>(click one to open it in the queue)</i>").arg(refLinks(issues)));
}

void ScoreboardPage::showProblem(const QString &message)
{
    m_banner->showMessage(Tone::Warning, message);
}

void ScoreboardPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange) {
        QFont titleFont = font();
        titleFont.setPointSizeF(font().pointSizeF() * 1.35);
        titleFont.setBold(true);
        m_title->setFont(titleFont);
    }
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        updateTiles();
    QWidget::changeEvent(event);
}

bool ScoreboardPage::openWhatIfPack(const QString &path)
{
    QFile file(path);
    Result<RubricPack> pack = RubricPack::load(path);
    if (!pack) {
        m_whatIfTotals->setText(u"<span style='color:%1'>%2</span>"_s.arg(
            AppPalette::toneText(palette(), Tone::Problem).name(), pack.error().toHtmlEscaped()));
        return false;
    }
    if (file.open(QIODevice::ReadOnly))
        m_whatIfJson = QJsonDocument::fromJson(file.readAll()).object();
    m_whatIfPack = std::move(pack).value();
    m_whatIfName = QFileInfo(path).completeBaseName();
    m_whatIfEdited = false;
    m_whatIfPackLabel->setText(tr("What-if pack: %1 (%2, version %3)")
                                   .arg(QFileInfo(path).fileName(), m_whatIfPack->profile, m_whatIfPack->fingerprint));
    m_savePackButton->setEnabled(false);
    m_runButton->setEnabled(true);
    return true;
}

void ScoreboardPage::tryEdits(const QList<int> &editRows)
{
    if (!m_pack)
        return;
    QFile file(m_pack->sourceName);
    if (!file.open(QIODevice::ReadOnly)) {
        m_whatIfTotals->setText(tr("Cannot read %1: %2").arg(m_pack->sourceName, file.errorString()).toHtmlEscaped());
        return;
    }
    QJsonObject json = QJsonDocument::fromJson(file.readAll()).object();
    QStringList applied;
    for (const int row : editRows) {
        if (row < 0 || row >= m_edits.size())
            continue;
        const Result<QJsonObject> edited = PackEditSuggester::apply(json, m_edits.at(row));
        if (!edited) {
            m_whatIfTotals->setText(edited.error().toHtmlEscaped());
            return;
        }
        json = edited.value();
        applied.append(m_edits.at(row).label);
    }
    Result<RubricPack> pack =
        RubricPack::fromJson(QJsonDocument(json).toJson(), QFileInfo(m_pack->sourceName).fileName() + tr(" (edited)"));
    if (!pack) {
        m_whatIfTotals->setText(pack.error().toHtmlEscaped());
        return;
    }
    m_whatIfJson = json;
    m_whatIfPack = std::move(pack).value();
    m_whatIfName = QFileInfo(m_pack->sourceName).completeBaseName();
    m_whatIfEdited = true;
    m_whatIfPackLabel->setText(
        tr("What-if pack: the %1 rubric with %n suggested edit(s) (%2) — not saved", nullptr, int(applied.size()))
            .arg(m_pack->profile, applied.join(u", "_s)));
    m_savePackButton->setEnabled(true);
    m_runButton->setEnabled(true);
    m_tabs->setCurrentWidget(m_whatIfTab);
    runWhatIf();
}

void ScoreboardPage::runWhatIf()
{
    if (!m_whatIfPack || m_replayWatcher.isRunning())
        return;
    m_whatIfTotals->setText(tr("Replaying…"));
    QList<DecidedIssue> decided;
    for (const DecidedIssue &issue : std::as_const(m_decided)) {
        if (issue.isApproval() && issue.profile == m_whatIfPack->profile)
            decided.append(issue);
    }
    const RubricPack pack = *m_whatIfPack;
    const QString path = m_storePath;
    QHash<QString, Issue> issues = m_issues;
    m_replayWatcher.setFuture(QtConcurrent::run([pack, decided, issues, path]() mutable {
        if (issues.isEmpty() && !decided.isEmpty()) {
            // The suggestions have not read the issues yet: read them here.
            if (const auto store = DecisionHistoryStore::open(path)) {
                QList<IssueRef> refs;
                for (const DecidedIssue &issue : std::as_const(decided))
                    refs.append(IssueRef{issue.repository, issue.number});
                if (auto read = store.value()->issues(refs))
                    issues = std::move(read).value();
            }
        }
        return PackReplayer::replay(pack, std::nullopt, decided, issues);
    }));
}

void ScoreboardPage::onReplayed()
{
    m_report = m_replayWatcher.result();
    m_replayed = true;
    m_changeModel->setReport(m_report);
    m_whatIfTotals->setText(whatIfText());
    Q_EMIT replayFinished();
}

QString ScoreboardPage::whatIfText() const
{
    if (!m_replayed)
        return {};
    QString text = tr("<b>%1</b> decided issues replayed, <b>%2</b> would change: <b>%3</b>. With the new pack %4 "
                      "agree and %5 disagree with what the reviewers approved (before: %6 and %7).")
                       .arg(m_report.decided)
                       .arg(m_report.changed())
                       .arg(ScoreboardExporter::replayDelta(m_report).toHtmlEscaped())
                       .arg(m_report.agree)
                       .arg(m_report.disagree)
                       .arg(m_report.agreeBefore)
                       .arg(m_report.disagreeBefore);
    if (m_report.missing > 0)
        text += tr(" %1 decided issues are not in the store and were left out.").arg(m_report.missing);
    return text;
}

bool ScoreboardPage::saveWhatIfPack(const QString &path)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        m_whatIfTotals->setText(tr("Cannot write %1: %2").arg(path, file.errorString()).toHtmlEscaped());
        return false;
    }
    file.write(QJsonDocument(m_whatIfJson).toJson(QJsonDocument::Indented));
    if (!file.commit()) {
        m_whatIfTotals->setText(tr("Cannot write %1: %2").arg(path, file.errorString()).toHtmlEscaped());
        return false;
    }
    m_whatIfPackLabel->setText(tr("What-if pack saved to %1").arg(path));
    return true;
}

QString ScoreboardPage::markdown() const
{
    return ScoreboardExporter::toMarkdown(m_board);
}

QString ScoreboardPage::csv() const
{
    return ScoreboardExporter::toCsv(m_board);
}

void ScoreboardPage::exportAs(bool markdown)
{
    const QString path = QFileDialog::getSaveFileName(
        this, markdown ? tr("Export the scoreboard as markdown") : tr("Export the scoreboard as CSV"),
        markdown ? u"scoreboard.md"_s : u"scoreboard.csv"_s, markdown ? tr("Markdown (*.md)") : tr("CSV (*.csv)"));
    if (path.isEmpty())
        return;
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write((markdown ? this->markdown() : csv()).toUtf8()) < 0 ||
        !file.commit()) {
        showProblem(tr("Cannot write %1: %2").arg(path, file.errorString()));
        return;
    }
    m_banner->hide();
}
