// SPDX-License-Identifier: MIT
#include "engine/github/githubclient.h"
#include "engine/outbox/outboxstore.h"
#include "engine/repro/errorsignature.h"
#include "engine/repro/pythonenvironment.h"
#include "models/outbox/reportoutbox.h"
#include "tests/support/githubtestserver.h"
#include "tests/support/reductionfixture.h"
#include "tests/support/reprotestrun.h"
#include "tests/support/testdata.h"
#include "tests/support/testvenv.h"
#include "views/common/apppalette.h"
#include "views/repro/reprodiffview.h"
#include "views/repro/reproreductionpanel.h"

#include <KSyntaxHighlighting/Repository>

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTreeWidget>

#include <memory>

using namespace Qt::StringLiterals;

namespace {

const QString Repo = u"pytorch/pytorch"_s;
const QStringList Versions{u"1.0"_s, u"1.1"_s, u"1.2"_s, u"1.3"_s, u"1.4"_s};

using TestVenv::Bug;
using TestVenv::buggyIn;

const QList<Bug> &bugs()
{
    static const QList<Bug> list{
        {u"mean"_s, u"1.0"_s, u"1.3"_s, u"ZeroDivisionError: tcbug mean of an empty batch"_s},
        {u"pad"_s, u"1.2"_s, QString(), u"IndexError: tcbug pad width out of range"_s},
    };
    return list;
}

// The lines a side of the diff shows, fillers left out.
QStringList shownLines(const ReproDiffView &view, bool left)
{
    const QStringList lines = (left ? view.leftView() : view.rightView())->toPlainText().split(u'\n');
    QStringList out;
    const QList<ReproDiffView::Row> rows = view.rows();
    for (int i = 0; i < rows.size(); ++i) {
        if ((left ? rows.at(i).left : rows.at(i).right) >= 0)
            out << lines.value(i);
    }
    return out;
}

QStringList linesOf(const QString &text)
{
    QStringList lines = text.split(u'\n');
    if (text.endsWith(u'\n'))
        lines.removeLast();
    return lines;
}

} // namespace

Q_DECLARE_METATYPE(QList<TestCrossReference>)

// The reduction panel end to end: real bubblewrap and python3, virtualenvs the test builds, a real SQLite outbox.
class tst_ReproReductionPanel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void diffAlignsLines_data();
    void diffAlignsLines();
    void minimizeShowsProgressThenDiff_data();
    void minimizeShowsProgressThenDiff();
    void cancelKeepsBestSoFar();
    void bisectShowsBoundary_data();
    void bisectShowsBoundary();
    void reportGoesToOutbox_data();
    void reportGoesToOutbox();
    void reportCarriesThePlaybooksFields_data();
    void reportCarriesThePlaybooksFields();

private:
    std::unique_ptr<ReproReductionPanel> makePanel(const Issue &issue);
    SandboxRequest request(const QString &script) const { return m_reduction.request(script); }

    KSyntaxHighlighting::Repository m_syntax;
    std::unique_ptr<QTemporaryDir> m_home;
    QList<PythonEnvironment> m_envs; // tcbug at each of Versions
    ReductionFixture m_reduction;    // the outbox the report goes to (through whoever owns it), python3
};

void tst_ReproReductionPanel::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setStyle(u"Fusion"_s);
    QApplication::setPalette(AppPalette::light());
    m_reduction.start();
    QVERIFY(!QTest::currentTestFailed());

    // In the home folder, which the sandbox hides: configured environments are bound back read-only.
    m_home = std::make_unique<QTemporaryDir>(QDir::homePath() + u"/triage-reduction-XXXXXX"_s);
    QVERIFY(m_home->isValid());
    QList<TestVenv::Wanted> wanted;
    for (const QString &version : Versions)
        wanted.append({u"tcbug-"_s + version, version});
    const Result<QList<PythonEnvironment>> envs =
        TestVenv::configure(m_reduction.python, m_home->path(), wanted, u"tcbug"_s,
                            [](const QString &version) { return TestVenv::packageSource(bugs(), version); });
    QVERIFY2(envs.ok(), qPrintable(envs.error()));
    m_envs = envs.value();
    QCOMPARE(m_envs.size(), Versions.size());
}

std::unique_ptr<ReproReductionPanel> tst_ReproReductionPanel::makePanel(const Issue &issue)
{
    auto panel = std::make_unique<ReproReductionPanel>(&m_syntax);
    panel->setReviewer(u"test-reviewer"_s);
    panel->setReportOutbox(&m_reduction.reportOutbox);
    panel->setEnvironments(m_envs);
    panel->setIssue(issue, Repo);
    MinimizerOptions options;
    options.baselineRuns = 1;
    options.minStepTimeoutMs = 10000;
    panel->setMinimizerOptions(options);
    panel->resize(1000, 640);
    panel->show();
    return panel;
}

void tst_ReproReductionPanel::diffAlignsLines_data()
{
    QTest::addColumn<QString>("original");
    QTest::addColumn<QString>("changed");
    QTest::addColumn<QList<int>>("removed"); // 1-based lines of the original
    QTest::addColumn<int>("added");
    QTest::addRow("lines dropped") << u"import os\nx = 1\nprint(x)\ny = 2\n"_s << u"x = 1\ny = 2\n"_s
                                   << QList<int>{1, 3} << 0;
    QTest::addRow("a line simplified") << u"a = f(1000)\nb = 2\n"_s << u"a = f(1)\nb = 2\n"_s << QList<int>{1} << 1;
    QTest::addRow("unchanged") << u"x = 1\n"_s << u"x = 1\n"_s << QList<int>{} << 0;
    QTest::addRow("only the quotes, as ast writes them")
        << u"print(\"x\")  \nexit()\n"_s << u"print('x')\n"_s << QList<int>{2} << 0;
    QTest::addRow("everything new") << u"a\nb\n"_s << u"c\n"_s << QList<int>{1, 2} << 1;
}

void tst_ReproReductionPanel::diffAlignsLines()
{
    QFETCH(QString, original);
    QFETCH(QString, changed);
    QFETCH(QList<int>, removed);
    QFETCH(int, added);
    ReproDiffView view(&m_syntax);
    view.setTexts(original, changed);
    QCOMPARE(view.removedLines(), removed);
    QCOMPARE(view.addedCount(), added);
    // Both sides keep their own lines, in order, on aligned rows.
    QCOMPARE(shownLines(view, true), linesOf(original));
    QCOMPARE(shownLines(view, false), linesOf(changed));
    QCOMPARE(view.leftView()->blockCount(), view.rows().size() ? int(view.rows().size()) : 1);
    QCOMPARE(view.leftView()->blockCount(), view.rightView()->blockCount());
    // Every row that differs is marked on both sides.
    const int differing = int(std::count_if(view.rows().cbegin(), view.rows().cend(),
                                            [](const auto &row) { return row.kind != ReproDiffView::RowKind::Same; }));
    QCOMPARE(view.leftView()->extraSelections().size(), differing);
    QCOMPARE(view.rightView()->extraSelections().size(), differing);
}

void tst_ReproReductionPanel::minimizeShowsProgressThenDiff_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("expect");
    QTest::addRow("keyword-only argument") << u"padded_typeerror.py"_s << u"TypeError: takes 1 positional argument"_s;
    QTest::addRow("signature from the first run") << u"padded_keyerror.py"_s << QString();
}

void tst_ReproReductionPanel::minimizeShowsProgressThenDiff()
{
    QFETCH(QString, file);
    QFETCH(QString, expect);
    const QString source = QString::fromUtf8(TestData::read(u"repro/minimize/"_s + file));
    auto panel = makePanel(TestData::reductionIssue(501, {}));
    panel->setSubject(ReproSubject{request(source), ErrorSignature::parse(expect)});
    panel->showPage(ReproReductionPanel::Page::Minimize);
    QVERIFY(panel->findChild<QPushButton *>(u"minimizeStartButton"_s)->isEnabled());

    QSignalSpy progressed(panel.get(), &ReproReductionPanel::minimizeProgressed);
    QSignalSpy finished(panel.get(), &ReproReductionPanel::minimizeFinished);
    // At the first improvement the live view shows the new best, highlighted, with the figures beside it.
    bool checkedLive = false;
    QString liveError;
    connect(panel.get(), &ReproReductionPanel::minimizeImproved, this, [&](int lines) {
        if (checkedLive)
            return;
        checkedLive = true;
        if (!panel->isBusy() || panel->showsDiff())
            liveError = u"not live at the first improvement"_s;
        else if (MinimizeResult::codeLines(panel->bestView()->toPlainText()) != lines)
            liveError = u"the best view does not show the best"_s;
        else if (MinimizeResult::nonBlankLines(panel->bestView()->toPlainText()) >=
                 MinimizeResult::nonBlankLines(source))
            liveError = u"no improvement shown"_s;
        else if (!panel->minimizeStatusText().contains(u"best %1 of"_s.arg(lines)))
            liveError = u"status without the figures: "_s + panel->minimizeStatusText();
    });
    panel->startMinimize();
    QVERIFY(panel->isBusy());
    QVERIFY(!panel->findChild<QPushButton *>(u"minimizeStartButton"_s)->isEnabled());
    QVERIFY(panel->cancelButton()->isEnabled());
    QVERIFY(finished.wait(240000));
    QVERIFY(checkedLive);
    QVERIFY2(liveError.isEmpty(), qPrintable(liveError));
    QVERIFY(!progressed.isEmpty());
    QVERIFY(progressed.last().first().toInt() > 1); // runs counted live

    const auto minimized = get<Result<MinimizeResult>>(finished.first().first());
    QVERIFY2(minimized.ok(), qPrintable(minimized.error()));
    const MinimizeResult &result = minimized.value();
    QVERIFY(result.changed());
    QVERIFY(result.finalLines <= 20);
    QVERIFY(!panel->isBusy());
    QVERIFY(panel->showsDiff());
    const ReproDiffView *diff = panel->diffView();
    QCOMPARE(shownLines(*diff, true), linesOf(source));
    QCOMPARE(shownLines(*diff, false), linesOf(result.minimized));
    QVERIFY(!diff->removedLines().isEmpty());
    // A removed line of the original is marked where it stands.
    const int firstRemoved = diff->removedLines().first();
    bool marked = false;
    for (const QTextEdit::ExtraSelection &mark : diff->leftView()->extraSelections())
        marked = marked || mark.cursor.block().text() == linesOf(source).at(firstRemoved - 1);
    QVERIFY(marked);
    QVERIFY(panel->minimizeStatusText().contains(u"%1 → %2 lines"_s.arg(result.originalLines).arg(result.finalLines)));
    QCOMPARE(panel->runsUsed(), result.runs);
}

void tst_ReproReductionPanel::cancelKeepsBestSoFar()
{
    const QString source = QString::fromUtf8(TestData::read(u"repro/minimize/padded_reshape.py"_s));
    auto panel = makePanel(TestData::reductionIssue(502, {}));
    panel->setSubject(ReproSubject{request(source), ErrorSignature::parse(u"RuntimeError: is invalid for input"_s)});
    QSignalSpy finished(panel.get(), &ReproReductionPanel::minimizeFinished);
    QString bestAtCancel;
    connect(
        panel.get(), &ReproReductionPanel::minimizeImproved, this,
        [&] {
            bestAtCancel = panel->bestView()->toPlainText();
            panel->cancel();
        },
        Qt::SingleShotConnection);
    panel->startMinimize();
    QVERIFY(finished.wait(120000));
    const auto minimized = get<Result<MinimizeResult>>(finished.first().first());
    QVERIFY(minimized.cancelled());
    QCOMPARE(minimized.errorKind(), ErrorKind::Cancelled);
    QVERIFY(minimized.partial()); // the best so far
    const MinimizeResult &result = *minimized.partial();
    QVERIFY(!bestAtCancel.isEmpty());
    QCOMPARE(result.minimized, bestAtCancel);
    QVERIFY(result.changed());
    QVERIFY(panel->showsDiff());
    QCOMPARE(shownLines(*panel->diffView(), false), linesOf(bestAtCancel));
    QVERIFY(panel->minimizeStatusText().startsWith(u"Cancelled"_s));
    QCOMPARE(finished.size(), 1);
}

void tst_ReproReductionPanel::bisectShowsBoundary_data()
{
    QTest::addColumn<int>("bug");
    QTest::addColumn<QString>("leaveOut"); // an environment unchecked in the list; empty: all
    QTest::addRow("fixed") << 0 << QString();
    QTest::addRow("regression, one environment left out") << 1 << u"tcbug-1.4"_s;
}

void tst_ReproReductionPanel::bisectShowsBoundary()
{
    QFETCH(int, bug);
    QFETCH(QString, leaveOut);
    const Bug &b = bugs().at(bug);
    auto panel = makePanel(TestData::reductionIssue(503, {}));
    panel->setSubject(
        ReproSubject{request(u"import tcbug\n\nprint('tcbug', tcbug.__version__)\ntcbug.%1(3, 4)\n"_s.arg(b.function)),
                     ErrorSignature::parse(b.error)});
    panel->showPage(ReproReductionPanel::Page::Bisect);
    panel->packageEdit()->setText(u"tcbug"_s);
    QCOMPARE(panel->environmentList()->count(), m_envs.size());
    QStringList chosen = Versions;
    for (int i = 0; i < panel->environmentList()->count(); ++i) {
        QListWidgetItem *item = panel->environmentList()->item(i);
        QCOMPARE(item->checkState(), Qt::Checked);
        if (item->text().startsWith(leaveOut + u' ') && !leaveOut.isEmpty()) {
            item->setCheckState(Qt::Unchecked);
            chosen.removeAll(leaveOut.section(u'-', 1));
        }
    }
    QCOMPARE(chosen.size(), leaveOut.isEmpty() ? Versions.size() : Versions.size() - 1);

    QSignalSpy rounds(panel.get(), &ReproReductionPanel::bisectRoundStarted);
    QSignalSpy finished(panel.get(), &ReproReductionPanel::bisectFinished);
    bool sawLiveProbe = false;
    connect(panel->probeTree()->model(), &QAbstractItemModel::dataChanged, this, [&] {
        for (int i = 0; i < panel->probeTree()->topLevelItemCount(); ++i)
            sawLiveProbe = sawLiveProbe ||
                           (panel->isBusy() && panel->probeTree()->topLevelItem(i)->text(3).contains(u"reproduces"_s));
    });
    panel->startBisect();
    QVERIFY(panel->isBusy());
    QCOMPARE(panel->probeTree()->topLevelItemCount(), chosen.size());
    QVERIFY(finished.wait(180000));
    QVERIFY(!rounds.isEmpty());
    QVERIFY(sawLiveProbe);

    const auto bisected = get<Result<BisectResult>>(finished.first().first());
    QVERIFY2(bisected.ok(), qPrintable(bisected.error()));
    const BisectResult &result = bisected.value();
    QCOMPARE(result.probes.size(), chosen.size());
    QString from;
    QString to;
    for (int i = 1; i < chosen.size(); ++i) {
        if (buggyIn(b, chosen.at(i - 1)) != buggyIn(b, chosen.at(i))) {
            from = chosen.at(i - 1);
            to = chosen.at(i);
        }
    }
    QCOMPARE(result.boundaries.size(), 1);
    QCOMPARE(result.boundaries.first().fromVersion, from);
    QCOMPARE(result.boundaries.first().toVersion, to);
    const QString shown = panel->bisectStatusText();
    const QString expected = b.fixed.isEmpty() ? u"first bad: <b>tcbug %1</b> · last good: <b>tcbug %2</b>"_s
                                               : u"first good: <b>tcbug %1</b> · last bad: <b>tcbug %2</b>"_s;
    QVERIFY2(shown.contains(expected.arg(to, from)), qPrintable(shown));
    const QString runs = result.runs == 1 ? u"1 run"_s : u"%1 runs"_s.arg(result.runs);
    const QString roundsText = result.rounds == 1 ? u"1 round"_s : u"%1 rounds"_s.arg(result.rounds);
    QVERIFY2(shown.contains(u"%1 in %2 across %3 environments"_s.arg(runs, roundsText).arg(chosen.size())),
             qPrintable(shown));
    // The table ends ordered by version, each probe that ran with its result.
    QCOMPARE(panel->probeTree()->topLevelItemCount(), chosen.size());
    for (int i = 0; i < chosen.size(); ++i) {
        const QTreeWidgetItem *item = panel->probeTree()->topLevelItem(i);
        QCOMPARE(item->text(0), chosen.at(i));
        if (!item->text(2).isEmpty() && item->text(2) != u"—"_s)
            QCOMPARE(item->text(3).contains(u"reproduces"_s), buggyIn(b, chosen.at(i)));
    }
}

void tst_ReproReductionPanel::reportGoesToOutbox_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("expect");
    QTest::addColumn<QStringList>("labels");
    QTest::addColumn<int>("verdict");
    QTest::addColumn<QString>("commentStart");
    QTest::addColumn<QStringList>("removes");
    QTest::addColumn<bool>("close");
    QTest::addRow("still reproduces") << u"raise ValueError('tcbug broken shape 42')\n"_s
                                      << u"ValueError: tcbug broken shape"_s
                                      << QStringList{u"oncall: distributed"_s, u"needs reproduction"_s}
                                      << int(ScrubReport::Verdict::StillReproduces) << u"This issue still reproduces"_s
                                      << QStringList{u"needs reproduction"_s} << false;
    QTest::addRow("no longer reproduces")
        << u"print('fine')\n"_s << u"ValueError: tcbug broken shape"_s << QStringList{u"oncall: distributed"_s}
        << int(ScrubReport::Verdict::NoLongerReproduces) << u"This issue no longer reproduces"_s << QStringList{}
        << true;
    QTest::addRow("a different error") << u"raise KeyError('weight')\n"_s << u"ValueError: tcbug broken shape"_s
                                       << QStringList{u"needs reproduction"_s}
                                       << int(ScrubReport::Verdict::DifferentError) << u"On PyTorch"_s << QStringList{}
                                       << false;
}

void tst_ReproReductionPanel::reportGoesToOutbox()
{
    QFETCH(QString, script);
    QFETCH(QString, expect);
    QFETCH(QStringList, labels);
    QFETCH(int, verdict);
    QFETCH(QString, commentStart);
    QFETCH(QStringList, removes);
    QFETCH(bool, close);
    static int number = 600;
    const Issue issue = TestData::reductionIssue(++number, labels);

    // A real series, recorded as the repro panel records it.
    const Result<ReproRunRecord> ran = ReproTestRun::record(Repo, issue.number, request(script), expect, 2);
    QVERIFY2(ran, qPrintable(ran.error()));
    const ReproRunRecord &record = ran.value();

    auto panel = makePanel(issue);
    panel->setSubject(ReproSubject{request(script), ErrorSignature::parse(expect)});
    panel->setRecord(record);
    panel->showPage(ReproReductionPanel::Page::Report); // drafts it
    QVERIFY(panel->report());
    QCOMPARE(int(panel->report()->verdict), verdict);
    QVERIFY2(panel->commentEdit()->toPlainText().startsWith(commentStart),
             qPrintable(panel->commentEdit()->toPlainText()));
    for (const QString &label : removes)
        QVERIFY2(panel->reportLabelsText().contains(u"− "_s + label), qPrintable(panel->reportLabelsText()));
    QCOMPARE(panel->reportLabelsText().contains(u"close as completed"_s), close);

    // The reviewer edits the draft; the edit is what goes to the outbox, not to GitHub.
    panel->commentEdit()->appendPlainText(u"Edited by the reviewer."_s);
    QVERIFY(panel->sendButton()->isEnabled());
    QSignalSpy sent(panel.get(), &ReproReductionPanel::reportSent);
    QTest::mouseClick(panel->sendButton(), Qt::LeftButton);
    QCOMPARE(sent.size(), 1);
    const auto entries = m_reduction.outbox->entries(Repo);
    QVERIFY2(entries, qPrintable(entries.error()));
    const auto entry = std::find_if(entries->cbegin(), entries->cend(),
                                    [&](const OutboxEntry &e) { return e.number == issue.number; });
    QVERIFY(entry != entries->cend());
    QCOMPARE(entry->id, sent.first().first().value<OutboxEntry>().id);
    QVERIFY(entry->comment.startsWith(commentStart));
    QVERIFY(entry->comment.endsWith(u"Edited by the reviewer."_s));
    QCOMPARE(entry->removeLabels, removes);
    QCOMPARE(entry->close, close);
    QCOMPARE(entry->reviewer, u"test-reviewer"_s);
    QVERIFY2(entry->status == OutboxStatus::Ready, qPrintable(entry->outcome));
    QVERIFY(panel->findChild<QLabel *>(u"reportSendLabel"_s)->text().contains(QString::number(entry->id)));
}

// #28: the fixing PR from the issue's timeline (a GitHub-shaped server on loopback), the actionability check's
// stop, the trigger conditions as a list and the recommended next action, on the report page.
void tst_ReproReductionPanel::reportCarriesThePlaybooksFields_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<QList<TestCrossReference>>("mentions"); // on the issue's timeline
    QTest::addColumn<QString>("stop");                       // a tracker stop from the gate, when "tracker"
    QTest::addColumn<QString>("conditions");                 // typed by the reviewer
    QTest::addColumn<int>("verdict");
    QTest::addColumn<QStringList>("commentHas");
    QTest::addColumn<QString>("nextHas");
    QTest::addColumn<QString>("notesHas");

    const QString fine = u"print('fine')\n"_s;
    const QString broken = u"raise ValueError('tcbug broken shape 42')\n"_s;
    TestCrossReference merged;
    merged.number = 4321;
    merged.title = u"Pad the last shard"_s;
    merged.body = u"Fixes #7"_s;
    merged.mergedAt = QDateTime(QDate(2026, 10, 2), QTime(8, 0), QTimeZone::UTC);
    merged.at = merged.mergedAt.addDays(-2);
    TestCrossReference open = merged;
    open.number = 4400;
    open.mergedAt = {};
    QTest::addRow("fixed: the merged PR from the timeline")
        << fine << QList<TestCrossReference>{open, merged} << QString() << QString()
        << int(ScrubReport::Verdict::NoLongerReproduces)
        << QStringList{u"This issue no longer reproduces"_s,
                       u"Fixed by pytorch/pytorch#4321 (found through a cross-reference on the issue's timeline)."_s}
        << u"Appears fixed by #4321"_s << u"Fixing PR: #4321 “Pad the last shard”"_s;
    QTest::addRow("fixed: no merged PR, the version only")
        << fine << QList<TestCrossReference>{open} << QString() << QString()
        << int(ScrubReport::Verdict::NoLongerReproduces) << QStringList{u"This issue no longer reproduces"_s}
        << u"Appears fixed: close as completed"_s << u"No merged PR closes or cross-references the issue"_s;
    QTest::addRow("still reproduces: the conditions as a list")
        << broken << QList<TestCrossReference>{} << QString() << u"only with two ranks\n- and the gloo backend"_s
        << int(ScrubReport::Verdict::StillReproduces)
        << QStringList{u"All of the following are necessary to trigger the bug:\n- only with two ranks\n- and the "
                       u"gloo backend"_s}
        << u"Still a valid bug"_s << QString();
    QTest::addRow("a tracker: not actionable, labelled")
        << broken << QList<TestCrossReference>{} << u"tracker"_s << QString()
        << int(ScrubReport::Verdict::NotActionable) << QStringList() << u"A tracker"_s
        << u"A tracking issue — the title"_s;
}

void tst_ReproReductionPanel::reportCarriesThePlaybooksFields()
{
    QFETCH(QString, script);
    QFETCH(QList<TestCrossReference>, mentions);
    QFETCH(QString, stop);
    QFETCH(QString, conditions);
    QFETCH(int, verdict);
    QFETCH(QStringList, commentHas);
    QFETCH(QString, nextHas);
    QFETCH(QString, notesHas);

    GitHubTestServer server;
    QVERIFY(server.start());
    GitHubTestServer::Generation generation;
    generation.issues = 8;
    generation.maxComments = 2;
    server.generate(generation);
    server.issues()[6].crossReferences = mentions; // issue #7
    GitHubClient client;
    server.connectClient(client);

    const Issue issue = TestData::reductionIssue(7, {u"oncall: distributed"_s, u"triaged"_s});
    const Result<ReproRunRecord> ran =
        ReproTestRun::record(Repo, issue.number, request(script), u"ValueError: tcbug broken shape"_s, 1);
    QVERIFY2(ran, qPrintable(ran.error()));
    const ReproRunRecord &record = ran.value();
    QVERIFY(record.runs > 0);
    auto panel = makePanel(issue);
    panel->setGitHubClient(&client);
    panel->setSubject(ReproSubject{request(script), ErrorSignature::parse(u"ValueError: tcbug broken shape"_s)});
    panel->setRecord(record);
    if (stop == u"tracker"_s) {
        ScrubGate gate;
        ScrubStop s;
        s.kind = ScrubStop::Kind::Tracker;
        s.where = u"the title"_s;
        s.evidence = u"[Tracker] reduction panel test"_s;
        s.addLabels = {u"tracker"_s};
        gate.stops << s;
        panel->setGate(gate, false);
    }
    panel->conditionsEdit()->setPlainText(conditions);
    QSignalSpy looked(panel.get(), &ReproReductionPanel::fixLookupFinished);
    panel->showPage(ReproReductionPanel::Page::Report); // drafts it
    if (verdict == int(ScrubReport::Verdict::NoLongerReproduces))
        QVERIFY(looked.wait(10000));
    QVERIFY(panel->report());
    QCOMPARE(int(panel->report()->verdict), verdict);
    const QString comment = panel->commentEdit()->toPlainText();
    QCOMPARE(comment.isEmpty(), commentHas.isEmpty());
    for (const QString &text : commentHas)
        QVERIFY2(comment.contains(text), qPrintable(comment));
    QVERIFY2(panel->nextActionText().contains(nextHas), qPrintable(panel->nextActionText()));
    QVERIFY(panel->findChild<QLabel *>(u"reportNextActionLabel"_s)->text().contains(u"Next:"_s));
    const QString notes = panel->findChild<QLabel *>(u"reportNotesLabel"_s)->text();
    QVERIFY2(notes.contains(notesHas), qPrintable(notes));
    if (stop == u"tracker"_s)
        QVERIFY2(panel->reportLabelsText().contains(u"+ tracker"_s), qPrintable(panel->reportLabelsText()));
    // Only a fixed bug's report asks GitHub; nothing else is fetched.
    QCOMPARE(server.requestCount(u"/timeline"_s) > 0, verdict == int(ScrubReport::Verdict::NoLongerReproduces));
}

QTEST_MAIN(tst_ReproReductionPanel)
#include "tst_reproreductionpanel.moc"
