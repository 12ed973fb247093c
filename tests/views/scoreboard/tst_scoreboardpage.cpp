// SPDX-License-Identifier: MIT
#include "engine/outbox/outboxstore.h"
#include "engine/review/decisionhistorystore.h"
#include "engine/review/reviewdecisionstore.h"
#include "engine/scoreboard/agreementcalculator.h"
#include "engine/scoreboard/packeditsuggester.h"
#include "engine/scoreboard/packreplayer.h"
#include "engine/scoreboard/scoreboardexporter.h"
#include "engine/store/issuestore.h"
#include "engine/triage/triageengine.h"
#include "models/queue/issuetablemodel.h"
#include "models/scoreboard/agreementtablemodel.h"
#include "models/scoreboard/replaychangemodel.h"
#include "tests/support/testdata.h"
#include "views/common/apppalette.h"
#include "views/mainwindow.h"
#include "views/queue/suggestionpanel.h"
#include "views/scoreboard/scoreboardchart.h"
#include "views/scoreboard/scoreboardpage.h"

#include <KSyntaxHighlighting/Repository>

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QListWidget>
#include <QProcess>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

const QString Repo = u"example/torchlike"_s;
const QString Fixture = u"scoreboard/decided-queue.jsonl"_s;
const QString Fsdp = u"module: fsdp"_s;
// Decided in the flow: skipped instead of approved, and approved as suggested then undone before its real decision.
constexpr int SkippedIssue = 512;
constexpr int UndoneIssue = 513;
// The issue another maintainer changes on GitHub after our write: module: fsdp removed, module: dtensor added.
constexpr int OverriddenIssue = 501;

QHash<int, QStringList> humanLabels()
{
    QHash<int, QStringList> labels;
    for (const QByteArray &line : TestData::read(Fixture).split('\n')) {
        const QJsonObject object = QJsonDocument::fromJson(line).object();
        if (object.isEmpty())
            continue;
        QStringList names;
        for (const QJsonValue &name : object.value(u"humanLabels"_s).toArray())
            names.append(name.toString());
        labels.insert(object.value(u"number"_s).toInt(), names);
    }
    return labels;
}

QStringList sorted(QStringList labels)
{
    labels.removeDuplicates();
    labels.sort(Qt::CaseInsensitive);
    return labels;
}

// What the reviewer approves for an issue: the humans' sub-oncall, module and type labels, and whatever the engine
// adds for the bot's own bookkeeping (its marker, the reproduction label), kept as suggested.
QStringList approvedFor(const RubricPack &pack, const Issue &issue, const TriagePlan &suggestion,
                        const QStringList &human)
{
    const QStringList bookkeeping = {pack.markerLabel, pack.reproLabel};
    QStringList labels;
    for (const QString &label : suggestion.addLabels) {
        if (bookkeeping.contains(label))
            labels.append(label);
    }
    for (const QString &label : human) {
        if (pack.allows(label) && !bookkeeping.contains(label) && !issue.hasLabel(label))
            labels.append(label);
    }
    return sorted(labels);
}

QString subOncallOf(const RubricPack &pack, const QStringList &labels)
{
    for (const QString &label : labels) {
        if (pack.subOncallByLabel(label))
            return label;
    }
    return {};
}

// The same measures as AgreementCalculator, counted here the plain way, from the fixture and the engine alone.
struct Expected
{
    int scored = 0;
    int agreed = 0;
    int asSuggested = 0;
    int edited = 0;
    QMap<QString, std::array<int, 3>> labels; // suggested, accepted, missed
    std::array<int, 4> tierIssues{};
    std::array<int, 4> tierAgreed{};
};

// The known edit: ShardedGradScaler is an FSDP API, a signal of the module and one of the FSDP names its
// "sharding alone is not FSDP" confusion looks for.
void addScalerSignal(QJsonObject &json)
{
    const QJsonObject signal{{u"kind"_s, u"api"_s}, {u"text"_s, u"ShardedGradScaler"_s}, {u"weight"_s, 3}};
    QJsonArray modules = json.value(u"modules"_s).toArray();
    for (qsizetype i = 0; i < modules.size(); ++i) {
        QJsonObject module = modules.at(i).toObject();
        if (module.value(u"label"_s).toString() != Fsdp)
            continue;
        QJsonArray signalList = module.value(u"signals"_s).toArray();
        signalList.append(signal);
        module.insert(u"signals"_s, signalList);
        modules.replace(i, module);
    }
    json.insert(u"modules"_s, modules);
    QJsonArray sets = json.value(u"signal_sets"_s).toArray();
    for (qsizetype i = 0; i < sets.size(); ++i) {
        QJsonObject set = sets.at(i).toObject();
        if (set.value(u"id"_s).toString() != u"fsdp_names"_s)
            continue;
        QJsonArray names = set.value(u"signals"_s).toArray();
        names.append(signal);
        set.insert(u"signals"_s, names);
        sets.replace(i, set);
    }
    json.insert(u"signal_sets"_s, sets);
}

} // namespace

// The scoreboard of a store built through the real review flow: the fixture's issues decided with the keyboard
// (approve, edit to the humans' labels, skip, undo) in the console, one approval written to GitHub and changed
// there by someone else (outbox completion and a later sync page, through the store's own writers).
class tst_ScoreboardPage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void figuresEqualAnIndependentCount();
    void pageShowsTheFigures();
    void storeReadBeforeThePageOpens();
    void whatIfOfAKnownEdit();
    void suggestedEditFromRepeatedOverrides();
    void exports();
    void headlessCommands();
    void shortcutAndIssueLinks();

private:
    void buildStore();
    void decide(int number, const QStringList &approved, const QString &subOncall);
    Expected expected() const;
    QString storePath() const { return m_dir.filePath(u"store.sqlite"_s); }
    QList<DecidedIssue> decided() const;
    ReplayReport expectedReplay(const RubricPack &pack) const;
    QString writeEditedPack(const QString &name, const std::function<void(QJsonObject &)> &edit) const;

    QTemporaryDir m_dir;
    std::unique_ptr<KSyntaxHighlighting::Repository> m_repository;
    std::unique_ptr<ReviewDecisionStore> m_store;
    std::unique_ptr<MainWindow> m_window;
    RubricPack m_pack;
    QHash<int, Issue> m_issues;
    QHash<int, QStringList> m_approved; // the labels the reviewer approved, per decided issue
    QHash<int, bool> m_edited;
};

void tst_ScoreboardPage::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setStyle(u"Fusion"_s);
    QApplication::setPalette(AppPalette::light());
    QVERIFY(m_dir.isValid());
    m_repository = std::make_unique<KSyntaxHighlighting::Repository>();
    const Result<RubricPack> pack = RubricPack::builtin(u"distributed"_s);
    QVERIFY2(pack.ok(), qPrintable(pack.error()));
    m_pack = pack.value();
    buildStore();
}

void tst_ScoreboardPage::cleanupTestCase()
{
    m_window.reset();
    m_store.reset();
}

void tst_ScoreboardPage::decide(int number, const QStringList &approved, const QString &subOncall)
{
    QVERIFY(m_window->selectIssue(number));
    SuggestionPanel *panel = m_window->suggestionPanel();
    QTRY_VERIFY(panel->hasPlan());
    const TriagePlan shown = panel->plan();
    if (sorted(shown.addLabels) != approved || shown.subOncall != subOncall) {
        QTest::keyClick(m_window.get(), Qt::Key_E);
        if (!subOncall.isEmpty() && shown.subOncall != subOncall)
            panel->setSubOncall(subOncall);
        for (const QString &label : panel->plan().addLabels) {
            if (!approved.contains(label))
                panel->setLabelChecked(label, false);
        }
        for (const QString &label : approved) {
            if (!panel->plan().addLabels.contains(label))
                panel->setLabelChecked(label, true);
        }
        QCOMPARE(sorted(panel->plan().addLabels), approved);
        QVERIFY(panel->isEdited());
        QTest::keyClick(m_window.get(), Qt::Key_Escape);
    }
    QVERIFY(m_window->selectIssue(number));
    QTest::keyClick(m_window.get(), Qt::Key_A);
    const ReviewState state = m_window->tableModel()->reviewState(number);
    QVERIFY2(state == ReviewState::Approved || state == ReviewState::Edited,
             qPrintable(u"#%1 not approved: %2"_s.arg(number).arg(panel->guardrailText())));
    m_approved.insert(number, approved);
    m_edited.insert(number, state == ReviewState::Edited);
}

void tst_ScoreboardPage::buildStore()
{
    // The issues as a sync stores them.
    const QList<Issue> fixture = TestData::issues(Fixture);
    {
        Result<std::unique_ptr<IssueStore>> issues = IssueStore::open(storePath());
        QVERIFY2(issues.ok(), qPrintable(issues.error()));
        SyncState state;
        state.queueId = issues.value()
                            ->ensureQueue(QueueSpec{u"example"_s, u"torchlike"_s, {u"oncall: distributed"_s}, {}})
                            .value();
        QVERIFY(issues.value()->writePage(Repo, fixture, state).ok());
        const Result<QList<Issue>> stored =
            issues.value()->loadQueue(QueueSpec{u"example"_s, u"torchlike"_s, {u"oncall: distributed"_s}, {}});
        QCOMPARE(stored.value().size(), fixture.size());
        for (const Issue &issue : stored.value())
            m_issues.insert(issue.number, issue);
    }

    auto store = ReviewDecisionStore::open(storePath());
    QVERIFY2(store.ok(), qPrintable(store.error()));
    m_store = std::move(store).value();
    m_window = std::make_unique<MainWindow>(m_repository.get());
    QSignalSpy triaged(m_window.get(), &MainWindow::triageFinished);
    m_window->setDecisionStore(m_store.get());
    m_window->setPack(m_pack);
    m_window->setIssues(m_issues.values(), u"fixture"_s, Repo);
    m_window->selectFirstIssue();
    m_window->show();
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    QVERIFY(!triaged.isEmpty() || triaged.wait(10000));

    const TriageEngine engine(m_pack);
    const QHash<int, QStringList> human = humanLabels();
    QList<int> numbers = m_issues.keys();
    std::sort(numbers.begin(), numbers.end());
    for (const int number : std::as_const(numbers)) {
        const Issue &issue = m_issues[number];
        const TriagePlan suggestion = engine.plan(issue);
        const QStringList approved = approvedFor(m_pack, issue, suggestion, human.value(number));
        const QString sub = subOncallOf(m_pack, approved);
        if (number == SkippedIssue) {
            QVERIFY(m_window->selectIssue(number));
            QTest::keyClick(m_window.get(), Qt::Key_S);
            QCOMPARE(m_window->tableModel()->reviewState(number), ReviewState::Skipped);
            continue;
        }
        if (number == UndoneIssue) {
            // Approved as suggested by mistake, undone, then decided.
            QVERIFY(m_window->selectIssue(number));
            QTest::keyClick(m_window.get(), Qt::Key_A);
            QVERIFY(m_window->tableModel()->reviewState(number) != ReviewState::New);
            QTest::keyClick(m_window.get(), Qt::Key_U);
            QCOMPARE(m_window->tableModel()->reviewState(number), ReviewState::New);
        }
        decide(number, approved, sub.isEmpty() ? suggestion.subOncall : sub);
        if (QTest::currentTestFailed())
            return;
    }

    // Our write reaches GitHub (the outbox completes the entry as applied), and a later sync shows that someone
    // removed module: fsdp and added module: dtensor.
    {
        Result<std::unique_ptr<OutboxStore>> outbox = OutboxStore::open(storePath());
        QVERIFY2(outbox.ok(), qPrintable(outbox.error()));
        const QList<OutboxEntry> entries = outbox.value()->entries(Repo).value();
        const auto entry = std::find_if(entries.cbegin(), entries.cend(),
                                        [](const OutboxEntry &e) { return e.number == OverriddenIssue; });
        QVERIFY(entry != entries.cend());
        OutboxEntry applied = *entry;
        applied.status = OutboxStatus::Applied;
        QVERIFY(outbox.value()->complete(applied).ok());
    }
    QVERIFY(m_approved.value(OverriddenIssue).contains(Fsdp));
    // A sync counts as "after our write" only when its time is later than the write's, to the millisecond; on a
    // fast machine both would otherwise fall in the same millisecond and the override would go unseen.
    QTest::qSleep(5);
    {
        Result<std::unique_ptr<IssueStore>> issues = IssueStore::open(storePath());
        Issue now = m_issues.value(OverriddenIssue);
        now.labels = now.labels + m_approved.value(OverriddenIssue);
        now.labels.removeAll(Fsdp);
        now.labels.append(u"module: dtensor"_s);
        now.updatedAt = QDateTime::currentDateTimeUtc();
        SyncState state;
        state.queueId = issues.value()
                            ->ensureQueue(QueueSpec{u"example"_s, u"torchlike"_s, {u"oncall: distributed"_s}, {}})
                            .value();
        QVERIFY(issues.value()->writePage(Repo, {now}, state).ok());
    }
}

QList<DecidedIssue> tst_ScoreboardPage::decided() const
{
    auto history = DecisionHistoryStore::open(storePath());
    if (!history)
        return {};
    return history.value()->decidedIssues().value();
}

Expected tst_ScoreboardPage::expected() const
{
    const TriageEngine engine(m_pack);
    Expected e;
    for (auto it = m_approved.cbegin(); it != m_approved.cend(); ++it) {
        const TriagePlan suggestion = engine.plan(m_issues.value(it.key()));
        QStringList final = it.value();
        if (it.key() == OverriddenIssue) {
            final.removeAll(Fsdp);
            final.append(u"module: dtensor"_s);
            final = sorted(final);
        }
        const QStringList suggested = sorted(suggestion.addLabels);
        ++e.scored;
        ++(m_edited.value(it.key()) ? e.edited : e.asSuggested);
        const bool agreed = suggested == final && suggestion.subOncall == subOncallOf(m_pack, final);
        e.agreed += agreed ? 1 : 0;
        ++e.tierIssues[size_t(suggestion.confidence)];
        e.tierAgreed[size_t(suggestion.confidence)] += agreed ? 1 : 0;
        for (const QString &label : suggested) {
            ++e.labels[label][0];
            e.labels[label][1] += final.contains(label) ? 1 : 0;
        }
        for (const QString &label : final) {
            if (!suggested.contains(label))
                ++e.labels[label][2];
        }
    }
    return e;
}

void tst_ScoreboardPage::figuresEqualAnIndependentCount()
{
    const QList<DecidedIssue> all = decided();
    QCOMPARE(all.size(), m_issues.size());
    const Scoreboard board = AgreementCalculator::compute(all);
    const Expected e = expected();

    QCOMPARE(board.reviewed, int(m_issues.size()));
    QCOMPARE(board.skipped, 1);
    QCOMPARE(board.unscored, 0);
    QCOMPARE(board.scored, e.scored);
    QCOMPARE(board.approvedAsSuggested, e.asSuggested);
    QCOMPARE(board.edited, e.edited);
    QVERIFY(board.edited > 0 && board.approvedAsSuggested > 0);
    QCOMPARE(board.agreed, e.agreed);
    QCOMPARE(board.written, 1);
    QCOMPARE(board.overriddenByOthers, 1);

    QCOMPARE(board.labels.size(), e.labels.size());
    for (const AgreementRow &row : board.labels) {
        QVERIFY2(e.labels.contains(row.key), qPrintable(row.key));
        QCOMPARE(row.suggested, e.labels.value(row.key)[0]);
        QCOMPARE(row.accepted, e.labels.value(row.key)[1]);
        QCOMPARE(row.missed, e.labels.value(row.key)[2]);
    }
    // The override seen after the sync counts against module: fsdp, and names the issue.
    const auto fsdp = std::find_if(board.labels.cbegin(), board.labels.cend(),
                                   [](const AgreementRow &row) { return row.key == Fsdp; });
    QVERIFY(fsdp != board.labels.cend());
    QCOMPARE(fsdp->byOthers, 1);
    QVERIFY(fsdp->overriddenIssues.contains(IssueRef{Repo, OverriddenIssue}));

    // BugBug's curve: coverage and precision at each tier and above.
    int atOrAbove = 0;
    int agreedAtOrAbove = 0;
    QCOMPARE(board.tiers.size(), 4);
    for (int t = int(Confidence::High), i = 0; t >= int(Confidence::None); --t, ++i) {
        atOrAbove += e.tierIssues[size_t(t)];
        agreedAtOrAbove += e.tierAgreed[size_t(t)];
        const TierRow &tier = board.tiers.at(i);
        QCOMPARE(tier.tier, Confidence(t));
        QCOMPARE(tier.issues, e.tierIssues[size_t(t)]);
        QCOMPARE(tier.atOrAbove, atOrAbove);
        QCOMPARE(tier.agreedAtOrAbove, agreedAtOrAbove);
        QCOMPARE(tier.coverage(board.scored), double(atOrAbove) / e.scored);
    }
    QCOMPARE(board.tiers.constLast().atOrAbove, e.scored);

    // Every decision of this store was made today with the built-in pack.
    QCOMPARE(board.weeks.size(), 1);
    QCOMPARE(board.weeks.constFirst().decided, e.scored);
    QCOMPARE(board.weeks.constFirst().agreed, e.agreed);
    QCOMPARE(board.slices.size(), 1);
    QCOMPARE(board.slices.constFirst().profile, u"distributed"_s);
    QCOMPARE(board.slices.constFirst().packVersion, m_pack.fingerprint);
    QCOMPARE(AgreementCalculator::compute(all, u"pt2"_s).reviewed, 0);

    // Decisions recorded before the measured fields existed read the same from their plans' JSON.
    const QString legacy = m_dir.filePath(u"legacy.sqlite"_s);
    // With its write-ahead log, where the latest writes may still be.
    for (const QString &suffix : {QString(), u"-wal"_s, u"-shm"_s}) {
        QFile::remove(legacy + suffix);
        if (QFile::exists(storePath() + suffix))
            QVERIFY(QFile::copy(storePath() + suffix, legacy + suffix));
    }
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"legacy"_s);
        db.setDatabaseName(legacy);
        QVERIFY(db.open());
        QSqlQuery query(db);
        QVERIFY(query.exec(u"UPDATE decisions SET measured = NULL"_s));
        QVERIFY(query.numRowsAffected() > 0);
    }
    QSqlDatabase::removeDatabase(u"legacy"_s);
    const Scoreboard fromJson =
        AgreementCalculator::compute(DecisionHistoryStore::open(legacy).value()->decidedIssues().value());
    QCOMPARE(fromJson.agreed, board.agreed);
    QCOMPARE(fromJson.scored, board.scored);
    QCOMPARE(fromJson.labels.size(), board.labels.size());
    QCOMPARE(fromJson.rules.size(), board.rules.size());
    for (qsizetype i = 0; i < board.tiers.size(); ++i)
        QCOMPARE(fromJson.tiers.at(i).agreedAtOrAbove, board.tiers.at(i).agreedAtOrAbove);
    QCOMPARE(AgreementCalculator::compute(all, u"distributed"_s, m_pack.fingerprint).agreed, e.agreed);
}

void tst_ScoreboardPage::pageShowsTheFigures()
{
    ScoreboardPage page;
    std::vector<std::unique_ptr<QAbstractItemModelTester>> testers;
    for (QAbstractItemModel *model : page.findChildren<AgreementTableModel *>())
        testers.push_back(std::make_unique<QAbstractItemModelTester>(model));
    for (QAbstractItemModel *model : page.findChildren<ReplayChangeModel *>())
        testers.push_back(std::make_unique<QAbstractItemModelTester>(model));
    QCOMPARE(testers.size(), size_t(7));
    page.setStorePath(storePath());
    page.setPack(m_pack);
    page.resize(1440, 900);
    page.show();
    QSignalSpy loaded(&page, &ScoreboardPage::loaded);
    page.reload();
    QVERIFY(loaded.wait(10000));
    QVERIFY2(page.problem().isEmpty(), qPrintable(page.problem()));
    const Scoreboard board = page.scoreboard();
    const Expected e = expected();
    QCOMPARE(board.profile, u"distributed"_s);
    QCOMPARE(board.agreed, e.agreed);
    QVERIFY(page.findChild<QLabel *>(u"scoreTile0"_s)
                ->text()
                .contains(ScoreboardExporter::percent(double(e.agreed) / e.scored)));
    auto *labels = page.findChild<QTableView *>(u"labelTable"_s);
    QCOMPARE(labels->model()->rowCount(), int(board.labels.size()));
    auto *rules = page.findChild<QTableView *>(u"overriddenTable"_s);
    QCOMPARE(rules->model()->rowCount(), int(board.overriddenRules.size()));
    QVERIFY(!board.overriddenRules.isEmpty());
    // The first overridden rule's issues are links under the tables.
    const QString line = page.findChild<QLabel *>(u"overriddenIssuesLine"_s)->text();
    for (const IssueRef &ref : board.overriddenRules.constFirst().overriddenIssues)
        QVERIFY2(line.contains(u"#%1"_s.arg(ref.number)), qPrintable(line));
    for (ScoreboardChart *chart : page.findChildren<ScoreboardChart *>())
        QVERIFY2(!chart->summary().isEmpty() && chart->summary() != ScoreboardChart::tr("Nothing to show yet"),
                 qPrintable(chart->objectName()));
    // Another slice: no pt2 decisions here, so choosing "all profiles" keeps the same figures.
    page.showSlice({}, {});
    QCOMPARE(page.scoreboard().agreed, e.agreed);
    QCOMPARE(page.scoreboard().slices.size(), 1);
}

ReplayReport tst_ScoreboardPage::expectedReplay(const RubricPack &pack) const
{
    // Counted here: each decided issue planned with the pack, against what the reviewer approved.
    const TriageEngine before(m_pack);
    const TriageEngine after(pack);
    ReplayReport report;
    for (auto it = m_approved.cbegin(); it != m_approved.cend(); ++it) {
        const Issue &issue = m_issues.value(it.key());
        const TriagePlan a = after.plan(issue);
        const TriagePlan b = before.plan(issue);
        const QString sub = subOncallOf(m_pack, it.value());
        const bool agrees = sorted(a.addLabels) == it.value() && a.subOncall == sub;
        const bool agreed = sorted(b.addLabels) == it.value() && b.subOncall == sub;
        ++report.decided;
        ++(agrees ? report.agree : report.disagree);
        ++(agreed ? report.agreeBefore : report.disagreeBefore);
        if (sorted(a.addLabels) != sorted(b.addLabels) || a.subOncall != b.subOncall)
            report.changes.append(ReplayChange{IssueRef{Repo, it.key()}, {}, {}, {}, {}, {}, {}, {}, agreed, agrees});
    }
    return report;
}

QString tst_ScoreboardPage::writeEditedPack(const QString &name, const std::function<void(QJsonObject &)> &edit) const
{
    QFile builtin(u":/packs/distributed.json"_s);
    if (!builtin.open(QIODevice::ReadOnly))
        return {};
    QJsonObject json = QJsonDocument::fromJson(builtin.readAll()).object();
    edit(json);
    const QString path = m_dir.filePath(name);
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly))
        return {};
    out.write(QJsonDocument(json).toJson());
    return path;
}

void tst_ScoreboardPage::storeReadBeforeThePageOpens()
{
    // The console sets the store when it opens it: the page reads the decisions then, off the GUI thread, and
    // opening it afterwards answers inside reload() with the figures of the store as it is.
    ScoreboardPage page;
    page.setPack(m_pack);
    QSignalSpy loaded(&page, &ScoreboardPage::loaded);
    QSignalSpy suggestions(&page, &ScoreboardPage::suggestionsLoaded);
    page.setStorePath(storePath());
    QVERIFY(loaded.wait(10000));
    QCOMPARE(page.scoreboard().agreed, expected().agreed);
    // Every decided issue's text is read for the suggested edits only once somebody opens the page.
    QVERIFY(!page.suggestionsReady());
    QVERIFY(suggestions.isEmpty());
    loaded.clear();
    page.reload();
    QCOMPARE(loaded.size(), 1);
    QVERIFY(!page.isLoading());
    QCOMPARE(page.scoreboard().agreed, expected().agreed);
    QCOMPARE(page.scoreboard().scored, expected().scored);
    QVERIFY(suggestions.wait(10000));
    QVERIFY(page.suggestionsReady());
}

void tst_ScoreboardPage::whatIfOfAKnownEdit()
{
    // The edit: ShardedGradScaler is an FSDP API. Only 503, 504 and 505 name it, so only their plans change.
    const QString path = writeEditedPack(u"scaler.json"_s, [](QJsonObject &json) { addScalerSignal(json); });
    QVERIFY(!path.isEmpty());
    const Result<RubricPack> pack = RubricPack::load(path);
    QVERIFY2(pack.ok(), qPrintable(pack.error()));
    QVERIFY(pack->fingerprint != m_pack.fingerprint);
    const ReplayReport want = expectedReplay(pack.value());

    auto history = DecisionHistoryStore::open(storePath());
    QVERIFY(history.ok());
    const QList<DecidedIssue> all = history.value()->decidedIssues().value();
    QList<IssueRef> refs;
    for (const DecidedIssue &issue : all)
        refs.append(IssueRef{issue.repository, issue.number});
    const QHash<QString, Issue> issues = history.value()->issues(refs).value();
    const ReplayReport report = PackReplayer::replay(pack.value(), std::nullopt, all, issues);
    QCOMPARE(report.decided, want.decided);
    QCOMPARE(report.decided, int(m_approved.size()));
    QCOMPARE(report.agree, want.agree);
    QCOMPARE(report.disagree, want.disagree);
    QCOMPARE(report.agreeBefore, want.agreeBefore);
    QCOMPARE(report.disagreeBefore, want.disagreeBefore);
    QList<int> changed;
    for (const ReplayChange &change : report.changes)
        changed.append(change.issue.number);
    std::sort(changed.begin(), changed.end());
    QCOMPARE(changed, (QList<int>{503, 504, 505}));
    QCOMPARE(report.changed(), want.changed());
    // Reviewers added module: fsdp on all three: the edit turns disagreements into agreements, never the reverse.
    QVERIFY(report.agree > report.agreeBefore);
    for (const ReplayChange &change : report.changes)
        QVERIFY(change.after.contains(Fsdp) && !change.before.contains(Fsdp));

    // The same pack against itself changes nothing; against the old pack file it is the same replay.
    const ReplayReport same = PackReplayer::replay(m_pack, std::nullopt, all, issues);
    QCOMPARE(same.changed(), 0);
    QCOMPARE(same.agree, same.agreeBefore);
    const ReplayReport against = PackReplayer::replay(pack.value(), m_pack, all, issues);
    QCOMPARE(against.agree, report.agree);
    QCOMPARE(against.changed(), report.changed());

    // And in the page.
    ScoreboardPage page;
    page.setStorePath(storePath());
    page.setPack(m_pack);
    QSignalSpy loaded(&page, &ScoreboardPage::loaded);
    page.reload();
    QVERIFY(loaded.wait(10000));
    QVERIFY(page.openWhatIfPack(path));
    QSignalSpy replayed(&page, &ScoreboardPage::replayFinished);
    page.runWhatIf();
    QVERIFY(replayed.wait(10000));
    QCOMPARE(page.replayReport().agree, want.agree);
    QCOMPARE(page.replayReport().disagree, want.disagree);
    QCOMPARE(page.findChild<QTableView *>(u"whatIfTable"_s)->model()->rowCount(), 3);
    QVERIFY(page.whatIfText().contains(ScoreboardExporter::replayDelta(report).toHtmlEscaped()));
    QVERIFY(ScoreboardExporter::replayDelta(report).startsWith(u"+%1 agree"_s.arg(report.agree - report.agreeBefore)));

    // A broken pack is one clear message, and the last good what-if stays.
    const QString broken = m_dir.filePath(u"broken.json"_s);
    QFile file(broken);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{\"format\": ");
    file.close();
    QVERIFY(!page.openWhatIfPack(broken));
    QVERIFY(page.findChild<QLabel *>(u"whatIfTotals"_s)->text().contains(u"broken.json"_s));
}

void tst_ScoreboardPage::suggestedEditFromRepeatedOverrides()
{
    ScoreboardPage page;
    page.setStorePath(storePath());
    page.setPack(m_pack);
    QSignalSpy suggestions(&page, &ScoreboardPage::suggestionsLoaded);
    page.reload();
    QVERIFY(suggestions.wait(10000));
    const QList<PackEdit> edits = page.suggestedEdits();
    const auto scaler = std::find_if(edits.cbegin(), edits.cend(), [](const PackEdit &edit) {
        return edit.kind == PackEdit::Kind::Signal && edit.label == Fsdp;
    });
    QVERIFY(scaler != edits.cend());
    QList<int> numbers;
    for (const IssueRef &ref : scaler->issues)
        numbers.append(ref.number);
    std::sort(numbers.begin(), numbers.end());
    QCOMPARE(numbers, (QList<int>{503, 504, 505}));
    QVERIFY(std::any_of(scaler->words.cbegin(), scaler->words.cend(), [](const PackEdit::Word &word) {
        return word.kind == SignalKind::Api && word.text == u"ShardedGradScaler"_s && word.inOverridden == 3 &&
               word.elsewhere == 0;
    }));
    QVERIFY(scaler->describe().contains(u"ShardedGradScaler"_s));
    QCOMPARE(page.findChild<QListWidget *>(u"editList"_s)->count(), int(edits.size()));

    // Tried in the what-if: the counts are those of the same edit applied by hand.
    QFile builtin(m_pack.sourceName);
    QVERIFY(builtin.open(QIODevice::ReadOnly));
    const Result<QJsonObject> json =
        PackEditSuggester::apply(QJsonDocument::fromJson(builtin.readAll()).object(), *scaler);
    QVERIFY(json.ok());
    const Result<RubricPack> edited = RubricPack::fromJson(QJsonDocument(json.value()).toJson(), u"edited"_s);
    QVERIFY2(edited.ok(), qPrintable(edited.error()));
    const ReplayReport want = expectedReplay(edited.value());
    QSignalSpy replayed(&page, &ScoreboardPage::replayFinished);
    page.tryEdits({int(scaler - edits.cbegin())});
    QVERIFY(replayed.wait(10000));
    QCOMPARE(page.replayReport().agree, want.agree);
    QCOMPARE(page.replayReport().disagree, want.disagree);
    QCOMPARE(page.replayReport().changed(), want.changed());
    QVERIFY(page.replayReport().agree > page.replayReport().agreeBefore);

    // Nothing was saved: the built-in pack is what it was, until a person saves the edited one.
    QCOMPARE(RubricPack::builtin(u"distributed"_s).value().fingerprint, m_pack.fingerprint);
    const QString saved = m_dir.filePath(u"saved.json"_s);
    QVERIFY(!QFile::exists(saved));
    QVERIFY(page.saveWhatIfPack(saved));
    const Result<RubricPack> reloaded = RubricPack::load(saved);
    QVERIFY2(reloaded.ok(), qPrintable(reloaded.error()));
    QVERIFY(reloaded->moduleByLabel(Fsdp));
}

void tst_ScoreboardPage::exports()
{
    const Scoreboard board = AgreementCalculator::compute(decided());
    const QString markdown = ScoreboardExporter::toMarkdown(board);
    QVERIFY(markdown.contains(u"| HIGH |"_s));
    QVERIFY(markdown.contains(u"**%1**"_s.arg(ScoreboardExporter::percent(board.agreement()))));
    for (const AgreementRow &row : board.labels)
        QVERIFY2(markdown.contains(u"| %1 | %2 | %3 |"_s.arg(row.key).arg(row.suggested).arg(row.accepted)),
                 qPrintable(row.key));
    const QStringList lines = ScoreboardExporter::toCsv(board).split(u'\n', Qt::SkipEmptyParts);
    const qsizetype rows =
        board.labels.size() + board.subOncalls.size() + board.rules.size() + board.tiers.size() + board.weeks.size();
    QCOMPARE(lines.size(), rows + 1);
    const QStringList header = lines.constFirst().split(u',');
    for (const QString &line : lines) {
        // Quoted fields may hold commas; none of this store's keys do.
        QCOMPARE(line.split(u',').size(), header.size());
    }
    QVERIFY(lines.contains(u"label,%1,%2,%3,%4,%5,%6,%7,,,%8"_s.arg(board.labels.constFirst().key)
                               .arg(board.labels.constFirst().suggested)
                               .arg(board.labels.constFirst().accepted)
                               .arg(QString::number(board.labels.constFirst().acceptance(), 'f', 4))
                               .arg(board.labels.constFirst().overridden())
                               .arg(board.labels.constFirst().missed)
                               .arg(board.labels.constFirst().byOthers)
                               .arg([&] {
                                   QStringList refs;
                                   for (const IssueRef &ref : board.labels.constFirst().overriddenIssues)
                                       refs.append(ref.repository + u'#' + QString::number(ref.number));
                                   return refs.join(u' ');
                               }())));
}

void tst_ScoreboardPage::headlessCommands()
{
    // triage-console scoreboard: the same figures as JSON.
    QProcess scoreboard;
    scoreboard.start(QStringLiteral(TRIAGE_CONSOLE_BINARY), {u"scoreboard"_s, u"--store"_s, storePath()});
    QVERIFY(scoreboard.waitForFinished(30000));
    QCOMPARE(scoreboard.exitCode(), 0);
    const QJsonObject json = QJsonDocument::fromJson(scoreboard.readAllStandardOutput()).object();
    const Expected e = expected();
    QCOMPARE(json.value(u"scored"_s).toInt(), e.scored);
    QCOMPARE(json.value(u"agreed"_s).toInt(), e.agreed);
    QCOMPARE(json.value(u"skipped"_s).toInt(), 1);
    QCOMPARE(json.value(u"tiers"_s).toArray().size(), 4);

    // triage-console replay: one line per changed issue, then the totals.
    const QString path = writeEditedPack(u"scaler-cli.json"_s, [](QJsonObject &json) { addScalerSignal(json); });
    const ReplayReport want = expectedReplay(RubricPack::load(path).value());
    QProcess replay;
    replay.start(QStringLiteral(TRIAGE_CONSOLE_BINARY), {u"replay"_s, u"--store"_s, storePath(), u"--pack"_s, path});
    QVERIFY(replay.waitForFinished(30000));
    QCOMPARE(replay.exitCode(), 0);
    const QList<QByteArray> lines = replay.readAllStandardOutput().trimmed().split('\n');
    QCOMPARE(lines.size(), 4);
    QCOMPARE(lines.constLast(), QStringLiteral("{\"decided\": %1, \"changed\": 3, \"agree\": %2, \"disagree\": %3}")
                                    .arg(want.decided)
                                    .arg(want.agree)
                                    .arg(want.disagree)
                                    .toUtf8());
    for (qsizetype i = 0; i < 3; ++i) {
        const QJsonObject change = QJsonDocument::fromJson(lines.at(i)).object();
        QCOMPARE(change.value(u"repo"_s).toString(), Repo);
        QVERIFY(QList<int>({503, 504, 505}).contains(change.value(u"number"_s).toInt()));
        QVERIFY(change.value(u"after"_s).toArray().contains(Fsdp));
    }
    // --against the built-in pack file gives the same totals.
    QFile builtin(u":/packs/distributed.json"_s);
    QVERIFY(builtin.open(QIODevice::ReadOnly));
    const QString old = m_dir.filePath(u"old.json"_s);
    QFile oldFile(old);
    QVERIFY(oldFile.open(QIODevice::WriteOnly));
    oldFile.write(builtin.readAll());
    oldFile.close();
    QProcess against;
    against.start(QStringLiteral(TRIAGE_CONSOLE_BINARY),
                  {u"replay"_s, u"--store"_s, storePath(), u"--pack"_s, path, u"--against"_s, old});
    QVERIFY(against.waitForFinished(30000));
    QCOMPARE(against.exitCode(), 0);
    QCOMPARE(against.readAllStandardOutput().trimmed().split('\n').constLast(), lines.constLast());

    // Bad input: one clear line, exit 1.
    QProcess missing;
    missing.start(QStringLiteral(TRIAGE_CONSOLE_BINARY),
                  {u"replay"_s, u"--store"_s, storePath(), u"--pack"_s, m_dir.filePath(u"nope.json"_s)});
    QVERIFY(missing.waitForFinished(30000));
    QCOMPARE(missing.exitCode(), 1);
    QVERIFY(missing.readAllStandardError().contains("nope.json: no such file"));
}

void tst_ScoreboardPage::shortcutAndIssueLinks()
{
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    QVERIFY(!m_window->isScoreboardShown());
    QSignalSpy loaded(m_window->scoreboardPage(), &ScoreboardPage::loaded);
    QTest::keyClick(m_window.get(), Qt::Key_S, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(m_window->isScoreboardShown());
    // The page read the store in the background when the window opened it: when that read is done, the page
    // answers inside the key press.
    QVERIFY(!loaded.isEmpty() || loaded.wait(10000));
    QCOMPARE(m_window->scoreboardPage()->scoreboard().agreed, expected().agreed);
    // The single review keys are off while the page shows: `a` approves nothing.
    const int current = m_window->currentIssueNumber();
    const ReviewState before = m_window->tableModel()->reviewState(current);
    QTest::keyClick(m_window.get(), Qt::Key_S);
    QCOMPARE(m_window->tableModel()->reviewState(current), before);
    // An overridden issue, one click away: back on the queue with it selected.
    Q_EMIT m_window->scoreboardPage()->issueActivated(Repo, OverriddenIssue);
    QVERIFY(!m_window->isScoreboardShown());
    QCOMPARE(m_window->currentIssueNumber(), OverriddenIssue);
    QTest::keyClick(m_window.get(), Qt::Key_S, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(m_window->isScoreboardShown());
    QTest::keyClick(m_window.get(), Qt::Key_S, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(!m_window->isScoreboardShown());
}

QTEST_MAIN(tst_ScoreboardPage)
#include "tst_scoreboardpage.moc"
