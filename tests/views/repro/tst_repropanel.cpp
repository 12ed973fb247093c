// SPDX-License-Identifier: MIT
#include "engine/repro/reproresultstore.h"
#include "engine/scrub/scrubduplicatelookup.h"
#include "engine/similar/similarityindex.h"
#include "engine/store/issuestore.h"
#include "engine/triage/rubricpack.h"
#include "engine/triage/triageengine.h"
#include "models/repro/reprooutputmodel.h"
#include "tests/support/runningprocesses.h"
#include "tests/support/testdata.h"
#include "tests/support/testvenv.h"
#include "views/common/apppalette.h"
#include "views/queue/suggestionpanel.h"
#include "views/repro/repropanel.h"

#include <KSyntaxHighlighting/Repository>

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLineEdit>
#include <QListView>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace {

const QString Repo = u"pytorch/pytorch"_s;

using TestData::distinctErrorBody;
using TestData::pythonFence;
using TestData::reproIssue;
using TestData::reproScript;

bool outputContains(const ReproOutputModel &model, const QString &text)
{
    return model.findNext(text, -1) >= 0;
}

} // namespace

// Real bubblewrap, real python3 and torch, a real SQLite store: the panel end to end.
class tst_ReproPanel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void reproducesAndIsStored();
    void consentRequiredForUntrustedAuthorWithFindings();
    void scrubGateStopsTheRun_data();
    void scrubGateStopsTheRun();
    void indexedDuplicateStopsTheRun_data();
    void indexedDuplicateStopsTheRun();
    void cancelKillsTheRun();
    void unparsableCodeIsReportedNotRun();
    void noReproductionFound();
    void missingBubblewrapIsAClearMessage();
    void searchAndCopy();
    void filtersOutputByRank();
    void streamsFiftyMegabytesWithoutStalling();
    void suggestionWeighsTheResult_data();
    void suggestionWeighsTheResult();

private:
    std::unique_ptr<ReproPanel> makePanel();

    KSyntaxHighlighting::Repository m_syntax;
    QList<PythonEnvironment> m_envs;
    QTemporaryDir m_dir;
    std::unique_ptr<ReproResultStore> m_store;
};

void tst_ReproPanel::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setStyle(u"Fusion"_s);
    QApplication::setPalette(AppPalette::light());
    QVERIFY(m_dir.isValid());
    auto store = ReproResultStore::open(m_dir.filePath(u"store.sqlite"_s));
    QVERIFY2(store, qPrintable(store.error()));
    m_store = std::move(store).value();

    m_envs = TestVenv::probe();
    QVERIFY(!m_envs.isEmpty());
    QVERIFY2(m_envs.first().isUsable(), qPrintable(m_envs.first().probeError));
    QVERIFY2(!m_envs.first().torchVersion.isEmpty(), "these tests need torch in the system python");
}

std::unique_ptr<ReproPanel> tst_ReproPanel::makePanel()
{
    auto panel = std::make_unique<ReproPanel>(&m_syntax);
    panel->setResultStore(m_store.get());
    panel->setRepository(Repo);
    panel->setReviewer(u"test-reviewer"_s);
    panel->setEnvironments(m_envs);
    panel->resize(1000, 640);
    return panel;
}

void tst_ReproPanel::reproducesAndIsStored()
{
    auto panel = makePanel();
    QSignalSpy scanned(panel.get(), &ReproPanel::scanFinished);
    QSignalSpy finished(panel.get(), &ReproPanel::runFinished);
    QSignalSpy status(panel.get(), &ReproPanel::statusChanged);
    const QString body = distinctErrorBody();
    panel->setIssue(reproIssue(5001, body, u"MEMBER"_s));
    QVERIFY(status.wait(10000)); // extracted off the GUI thread
    QVERIFY(panel->expectedEdit()->text().startsWith(u"RuntimeError: frobnicate kernel"_s));
    QVERIFY(scanned.wait(30000));
    QVERIFY2(panel->blocker().isEmpty(), qPrintable(panel->blocker()));
    QVERIFY(!panel->consentCheck()->isVisibleTo(panel.get())); // trusted and clean: no consent needed
    QVERIFY(panel->runButton()->isEnabled());
    panel->runsSpin()->setValue(2);

    status.clear();
    QTest::mouseClick(panel->runButton(), Qt::LeftButton);
    QVERIFY(panel->isRunning());
    QVERIFY(panel->cancelButton()->isEnabled());
    QVERIFY(finished.wait(180000));
    const auto record = finished.first().first().value<ReproRunRecord>();
    QCOMPARE(record.outcome, ReproOutcome::Kind::SameError);
    QCOMPARE(record.runs, 2);
    QCOMPARE(record.reproducedRuns, 2);
    QVERIFY(record.id > 0);
    QVERIFY2(panel->badgeText().contains(u"reproduces 2/2"_s), qPrintable(panel->badgeText()));
    QVERIFY(panel->detailsText().contains(u"torch "_s + m_envs.first().torchVersion));
    QVERIFY(outputContains(*panel->outputModel(), u"repro-7731"_s));

    // Kept with the issue: what ran, where, the outcome and the tail of the output.
    const auto stored = m_store->latestFor(Repo, 5001);
    QVERIFY(stored && stored.value());
    QCOMPARE(stored.value()->outcome, ReproOutcome::Kind::SameError);
    QCOMPARE(stored.value()->environment, m_envs.first().name);
    QCOMPARE(stored.value()->codeHash, record.codeHash);
    QCOMPARE(stored.value()->codeHash.size(), 64);
    QVERIFY(stored.value()->outputTail.contains(u"repro-7731"_s));
    QVERIFY(stored.value()->consent.isEmpty());
    QVERIFY(!status.isEmpty());
    const auto shown = status.last().first().value<ReproStatus>();
    QVERIFY(shown.latest && shown.latest->reproduces());

    // Back on the issue later: the stored result shows without running again.
    auto again = makePanel();
    again->setIssue(reproIssue(5001, body, u"MEMBER"_s));
    QVERIFY2(again->badgeText().contains(u"reproduces 2/2"_s), qPrintable(again->badgeText()));
    QVERIFY(outputContains(*again->outputModel(), u"repro-7731"_s));
}

void tst_ReproPanel::consentRequiredForUntrustedAuthorWithFindings()
{
    auto panel = makePanel();
    QSignalSpy scanned(panel.get(), &ReproPanel::scanFinished);
    QSignalSpy finished(panel.get(), &ReproPanel::runFinished);
    const QString code = u"import subprocess\nsubprocess.run(['true'])\nraise RuntimeError('consented run (c-55)')\n"_s;
    panel->setIssue(reproIssue(5002, pythonFence(code), u"NONE"_s));
    QVERIFY(scanned.wait(30000));
    QVERIFY(panel->review().has_value());
    QVERIFY(!panel->review()->scan.findings.isEmpty());
    QVERIFY(panel->reviewText().contains(u"not trusted"_s));
    QVERIFY(panel->consentCheck()->isVisibleTo(panel.get()));
    QVERIFY(!panel->runButton()->isEnabled());
    QVERIFY2(panel->blocker().contains(u"consent"_s), qPrintable(panel->blocker()));

    panel->run(); // refused without consent
    QVERIFY(!panel->isRunning());
    QVERIFY(panel->statusText().contains(u"consent"_s));

    panel->consentCheck()->setChecked(true);
    QVERIFY(panel->runButton()->isEnabled());
    panel->runsSpin()->setValue(1);
    panel->run();
    QVERIFY(panel->isRunning());
    QVERIFY(finished.wait(120000));
    const auto stored = m_store->latestFor(Repo, 5002);
    QVERIFY(stored && stored.value());
    const QJsonObject consent = stored.value()->consent;
    QCOMPARE(consent.value(u"reviewer"_s).toString(), u"test-reviewer"_s);
    QVERIFY(QDateTime::fromString(consent.value(u"at"_s).toString(), Qt::ISODate).isValid());
    QVERIFY(!consent.value(u"findings"_s).toArray().isEmpty());
    QCOMPARE(consent.value(u"authorAssociation"_s).toString(), u"NONE"_s);
    QVERIFY(!consent.value(u"reasons"_s).toArray().isEmpty());
}

// #28 items 9, 10, 13: the actionability check and a recent confirmation come before any run; the reviewer goes
// on (or skips to minimization); a reviewer's variables reach the run.
void tst_ReproPanel::scrubGateStopsTheRun_data()
{
    QTest::addColumn<QString>("title");
    QTest::addColumn<QString>("comment"); // a recent one, empty: none
    QTest::addColumn<QString>("blockerHas");
    QTest::addColumn<QString>("button"); // "go-on", "skip", or empty: no gate
    QTest::addColumn<bool>("skipShown");

    QTest::addRow("a plain bug: no gate") << u"repro panel gate"_s << QString() << QString() << QString() << false;
    QTest::addRow("a tracker: Go on anyway")
        << u"[Tracker] repro panel gate"_s << QString() << u"Not actionable: A tracking issue (the title)"_s
        << u"go-on"_s << false;
    QTest::addRow("resolved in the comments: Go on anyway")
        << u"repro panel gate"_s << u"Works now on 2.7, this was fixed by #123."_s
        << u"Not actionable: Resolved in the comments"_s << u"go-on"_s << false;
    QTest::addRow("recently confirmed: Re-verify")
        << u"repro panel gate"_s << u"This still reproduces on today's nightly."_s
        << u"Recently confirmed by @commenter"_s << u"go-on"_s << true;
    QTest::addRow("recently confirmed: Skip to minimization")
        << u"repro panel gate"_s << u"This still reproduces on today's nightly."_s
        << u"Recently confirmed by @commenter"_s << u"skip"_s << true;
}

void tst_ReproPanel::scrubGateStopsTheRun()
{
    QFETCH(QString, title);
    QFETCH(QString, comment);
    QFETCH(QString, blockerHas);
    QFETCH(QString, button);
    QFETCH(bool, skipShown);

    auto panel = makePanel();
    QSignalSpy scanned(panel.get(), &ReproPanel::scanFinished);
    QSignalSpy finished(panel.get(), &ReproPanel::runFinished);
    static int number = 5600;
    Issue issue = reproIssue(
        ++number, pythonFence(u"import os\nraise RuntimeError('gate ' + os.environ.get('TORCH_LOGS', 'unset'))\n"_s),
        u"MEMBER"_s);
    issue.title = title;
    if (!comment.isEmpty()) {
        Comment c;
        c.author = u"commenter"_s;
        c.body = comment;
        c.createdAt = QDateTime::currentDateTimeUtc().addDays(-3);
        issue.comments << c;
    }
    panel->setIssue(issue);
    QVERIFY(scanned.wait(30000));
    QTRY_VERIFY_WITH_TIMEOUT(!panel->environments().isEmpty(), 60000);
    QCOMPARE(panel->gateBox()->isVisibleTo(panel.get()), !button.isEmpty());
    if (button.isEmpty()) {
        QVERIFY2(panel->blocker().isEmpty(), qPrintable(panel->blocker()));
    } else {
        QVERIFY2(panel->blocker().contains(blockerHas), qPrintable(panel->blocker()));
        QVERIFY(!panel->runButton()->isEnabled());
        QVERIFY(!panel->subject()); // bisect and minimize wait too
        QCOMPARE(panel->gateBox()->skipButton()->isVisibleTo(panel.get()), skipShown);
        QVERIFY2(panel->gateBox()->text().contains(comment.isEmpty() ? u"[Tracker] repro panel gate"_s
                                                                     : comment.left(20).toHtmlEscaped()),
                 qPrintable(panel->gateBox()->text())); // the evidence, quoted
        if (button == u"skip"_s) {
            QTest::mouseClick(panel->gateBox()->skipButton(), Qt::LeftButton);
            QVERIFY(panel->isReductionShown());
            QCOMPARE(panel->reductionPanel()->page(), ReproReductionPanel::Page::Minimize);
        } else {
            QTest::mouseClick(panel->gateBox()->goOnButton(), Qt::LeftButton);
        }
        QVERIFY(panel->wentOn());
        QVERIFY(!panel->gateBox()->goOnButton()->isVisibleTo(panel.get())); // chosen; the findings stay shown
        QVERIFY2(panel->blocker().isEmpty(), qPrintable(panel->blocker()));
        if (button == u"skip"_s)
            return;
    }
    // A bad variable blocks; a good one reaches the run.
    panel->variablesEdit()->setText(u"TORCH_LOGS"_s);
    QVERIFY2(panel->blocker().contains(u"is not NAME=VALUE"_s), qPrintable(panel->blocker()));
    panel->variablesEdit()->setText(u"TORCH_LOGS=+dynamo"_s);
    QVERIFY2(panel->blocker().isEmpty(), qPrintable(panel->blocker()));
    panel->runsSpin()->setValue(1);
    panel->run();
    QVERIFY(finished.wait(120000));
    QVERIFY2(panel->detailsText().contains(u"with TORCH_LOGS=+dynamo"_s), qPrintable(panel->detailsText()));
    const auto stored = m_store->latestFor(Repo, issue.number);
    QVERIFY(stored && stored.value());
    QVERIFY2(QJsonDocument(stored.value()->result).toJson().contains("gate +dynamo"),
             QJsonDocument(stored.value()->result).toJson().left(2000).constData());
}

// #28 item 9 with #30: the store's similarity index names a likely duplicate (looked up off the GUI thread); the
// gate shows it with its evidence and stops the run. Without an index nothing changes.
void tst_ReproPanel::indexedDuplicateStopsTheRun_data()
{
    QTest::addColumn<bool>("indexed");
    QTest::addColumn<int>("copyOf");
    QTest::addColumn<int>("duplicateOf"); // 0: no gate
    QTest::addRow("a closed report of the same error") << true << 106 << 106;
    QTest::addRow("an index never built: no gate") << false << 106 << 0;
}

void tst_ReproPanel::indexedDuplicateStopsTheRun()
{
    QFETCH(bool, indexed);
    QFETCH(int, copyOf);
    QFETCH(int, duplicateOf);
    QTemporaryDir dir;
    const QString path = dir.filePath(u"similar.sqlite"_s);
    QList<Issue> corpus = TestData::issues(u"similar/corpus.json"_s);
    Issue copy;
    qint64 id = 1;
    for (Issue &issue : corpus) {
        for (Comment &comment : issue.comments)
            comment.id = id++;
        if (issue.number == copyOf)
            copy = issue;
    }
    {
        auto store = IssueStore::open(path);
        QVERIFY2(store.ok(), qPrintable(store.error()));
        QueueSpec spec;
        spec.setRepository(Repo);
        spec.state = QueueState::All;
        SyncState state;
        state.queueId = store.value()->ensureQueue(spec).value();
        QVERIFY(store.value()->writePage(Repo, corpus, state).ok());
    }
    if (indexed) {
        auto index = SimilarityIndex::open(path);
        QVERIFY(index.ok() && index.value()->catchUp().ok());
    }
    auto panel = makePanel();
    QSignalSpy scanned(panel.get(), &ReproPanel::scanFinished);
    QSignalSpy answered(panel->duplicateLookup(), &ScrubDuplicateLookup::answered);
    panel->setSimilarityStore(path);
    Issue issue = reproIssue(5700 + copyOf, copy.body + u"\n\n"_s + pythonFence(u"print('fine')"_s), u"MEMBER"_s);
    issue.title = copy.title;
    panel->setIssue(issue);
    QVERIFY(answered.wait(30000));
    QVERIFY(scanned.count() > 0 || scanned.wait(30000));
    QTRY_VERIFY_WITH_TIMEOUT(!panel->environments().isEmpty(), 60000);
    QCOMPARE(panel->gateBox()->isVisibleTo(panel.get()), duplicateOf != 0);
    if (duplicateOf == 0) {
        QVERIFY2(panel->blocker().isEmpty(), qPrintable(panel->blocker()));
        return;
    }
    QVERIFY2(panel->blocker().contains(
                 u"Not actionable: Likely a duplicate of #%1 (the similarity index)"_s.arg(duplicateOf)),
             qPrintable(panel->blocker()));
    QVERIFY(!panel->runButton()->isEnabled());
    const QString text = panel->gateBox()->text();
    QVERIFY2(text.contains(u"likely duplicate of #%1 (closed), similarity 0."_s.arg(duplicateOf)), qPrintable(text));
    QVERIFY2(text.contains(u"same error signature"_s), qPrintable(text));
    QTest::mouseClick(panel->gateBox()->goOnButton(), Qt::LeftButton);
    QVERIFY2(panel->blocker().isEmpty(), qPrintable(panel->blocker()));
}

void tst_ReproPanel::cancelKillsTheRun()
{
    auto panel = makePanel();
    QSignalSpy scanned(panel.get(), &ReproPanel::scanFinished);
    QSignalSpy finished(panel.get(), &ReproPanel::runFinished);
    const QString body = u"Save as `tst_repropanel_spin.py` and run `python tst_repropanel_spin.py`:\n\n"_s +
                         pythonFence(reproScript(u"infinite_loop.py"_s));
    panel->setIssue(reproIssue(5003, body, u"MEMBER"_s));
    QVERIFY(scanned.wait(30000));
    QVERIFY2(panel->blocker().isEmpty(), qPrintable(panel->blocker()));
    panel->runsSpin()->setValue(3);
    panel->run();
    // Wait until it really runs (its first line arrives), then cancel.
    QTRY_VERIFY_WITH_TIMEOUT((panel->outputModel()->flush(), outputContains(*panel->outputModel(), u"spinning"_s)),
                             60000);
    QVERIFY(RunningProcesses::any("tst_repropanel_spin.py"));
    QElapsedTimer clock;
    clock.start();
    QTest::mouseClick(panel->cancelButton(), Qt::LeftButton);
    QVERIFY(finished.wait(10000));
    QVERIFY2(clock.elapsed() < 5000, qPrintable(QString::number(clock.elapsed())));
    QCOMPARE(finished.first().first().value<ReproRunRecord>().outcome, ReproOutcome::Kind::Cancelled);
    QVERIFY(!panel->isRunning());
    QTRY_VERIFY_WITH_TIMEOUT(!RunningProcesses::any("tst_repropanel_spin.py"), 5000);
    QVERIFY(panel->badgeText().contains(u"cancelled"_s));
    const auto stored = m_store->latestFor(Repo, 5003);
    QVERIFY(stored);
    QVERIFY(!stored.value().has_value()); // a cancelled series says nothing about the bug: not stored
}

void tst_ReproPanel::unparsableCodeIsReportedNotRun()
{
    auto panel = makePanel();
    QSignalSpy scanned(panel.get(), &ReproPanel::scanFinished);
    QSignalSpy started(panel.get(), &ReproPanel::runStarted);
    panel->setIssue(
        reproIssue(5004, pythonFence(u"import torch\ndef broken(:\n    return torch.ones(2)\n"_s), u"MEMBER"_s));
    QVERIFY(scanned.wait(30000));
    QVERIFY(panel->review().has_value());
    QVERIFY(!panel->review()->scan.parsed);
    QVERIFY2(panel->reviewText().contains(u"does not parse"_s), qPrintable(panel->reviewText()));
    QVERIFY(!panel->runButton()->isEnabled());
    QVERIFY(!panel->consentCheck()->isVisibleTo(panel.get())); // no consent makes it runnable
    panel->run();
    QVERIFY(!panel->isRunning());
    QCOMPARE(started.size(), 0);
    QVERIFY(panel->statusText().contains(u"does not parse"_s));
}

void tst_ReproPanel::noReproductionFound()
{
    auto panel = makePanel();
    QSignalSpy status(panel.get(), &ReproPanel::statusChanged);
    panel->setIssue(reproIssue(5005, u"It hangs sometimes on 64 GPUs. No script, sorry."_s, u"NONE"_s));
    QVERIFY(status.wait(10000));
    const auto s = status.last().first().value<ReproStatus>();
    QCOMPARE(s.number, 5005);
    QVERIFY(!s.found);
    QVERIFY(!panel->runButton()->isEnabled());
    QVERIFY(panel->blocker().contains(u"needs reproduction"_s));
}

void tst_ReproPanel::missingBubblewrapIsAClearMessage()
{
    const QByteArray path = qgetenv("PATH");
    QTemporaryDir empty;
    qputenv("PATH", QFile::encodeName(empty.path()));
    auto panel = makePanel();
    qputenv("PATH", path);
    QSignalSpy status(panel.get(), &ReproPanel::statusChanged);
    panel->setIssue(reproIssue(5006, pythonFence(u"print('hi')\n"_s), u"MEMBER"_s));
    QVERIFY(status.wait(10000));
    QVERIFY(panel->findChild<QWidget *>(u"reproBanner"_s)->isVisibleTo(panel.get()));
    QVERIFY(panel->blocker().contains(u"bubblewrap"_s));
    QVERIFY(!panel->runButton()->isEnabled());
    panel->run();
    QVERIFY(!panel->isRunning());
}

void tst_ReproPanel::searchAndCopy()
{
    auto panel = makePanel();
    panel->show();
    ReproOutputModel *model = panel->outputModel();
    model->append("alpha\nneedle one\nbeta\nNEEDLE two\ngamma\n", OutputStream::StdOut);
    model->flush();
    panel->searchEdit()->setText(u"needle"_s);
    QVERIFY(panel->findNext());
    QCOMPARE(panel->outputView()->currentIndex().row(), 1);
    QVERIFY(!panel->followsOutput()); // a search holds the view where the match is
    QVERIFY(panel->findNext());
    QCOMPARE(panel->outputView()->currentIndex().row(), 3);
    QVERIFY(panel->findNext(true));
    QCOMPARE(panel->outputView()->currentIndex().row(), 1);
    panel->searchEdit()->setText(u"absent"_s);
    QVERIFY(!panel->findNext());

    panel->outputView()->selectionModel()->clearSelection();
    panel->outputView()->selectionModel()->select(model->index(0), QItemSelectionModel::Select);
    panel->outputView()->selectionModel()->select(model->index(2), QItemSelectionModel::Select);
    panel->copySelection();
    QCOMPARE(QApplication::clipboard()->text(), u"alpha\nbeta"_s);
    panel->copyAll();
    QCOMPARE(QApplication::clipboard()->text(), u"alpha\nneedle one\nbeta\nNEEDLE two\ngamma\n"_s);
}

void tst_ReproPanel::filtersOutputByRank()
{
    auto panel = makePanel();
    panel->show();
    ReproOutputModel *model = panel->outputModel();
    QComboBox *ranks = panel->rankCombo();
    model->append("plain start\n", OutputStream::StdOut);
    model->flush();
    QVERIFY(!ranks->isVisibleTo(panel.get())); // nothing tagged: no rank choice

    model->appendNote(u"run 1 of 1"_s);
    model->append("[rank0]: rank 0 sum 6.0\n[rank1]: rank 1 sum 6.0\n[rank1]: needle in rank 1\n",
                  OutputStream::StdOut);
    model->append("[rank0]: needle in rank 0\n", OutputStream::StdErr);
    model->flush();
    QVERIFY(ranks->isVisibleTo(panel.get()));
    QStringList choices;
    for (int i = 0; i < ranks->count(); ++i)
        choices << ranks->itemText(i);
    QCOMPARE(choices, (QStringList{u"All ranks"_s, u"Rank 0"_s, u"Rank 1"_s}));

    ranks->setCurrentIndex(2);
    Q_EMIT ranks->activated(2);
    QAbstractItemModel *shown = panel->outputView()->model();
    QVERIFY(shown != model);
    QCOMPARE(shown->rowCount(), 3); // the note and rank 1's two lines
    // Lines that arrive while one rank is shown follow the filter.
    model->append("[rank1]: late line\n[rank0]: not shown\n", OutputStream::StdOut);
    model->flush();
    QCOMPARE(shown->rowCount(), 4);
    QCOMPARE(shown->index(3, 0).data().toString(), u"[rank1]: late line"_s);
    // Search stays within the rank; copy copies what is shown.
    panel->searchEdit()->setText(u"needle"_s);
    QVERIFY(panel->findNext());
    QCOMPARE(panel->outputView()->currentIndex().data().toString(), u"[rank1]: needle in rank 1"_s);
    QVERIFY(panel->findNext());
    QCOMPARE(panel->outputView()->currentIndex().data().toString(), u"[rank1]: needle in rank 1"_s);
    panel->copyAll();
    QCOMPARE(QApplication::clipboard()->text(),
             u"run 1 of 1\n[rank1]: rank 1 sum 6.0\n[rank1]: needle in rank 1\n[rank1]: late line"_s);
    panel->outputView()->selectionModel()->select(shown->index(1, 0), QItemSelectionModel::ClearAndSelect);
    panel->copySelection();
    QCOMPARE(QApplication::clipboard()->text(), u"[rank1]: rank 1 sum 6.0"_s);

    // Back to every line; a new run's output forgets the ranks and the choice.
    ranks->setCurrentIndex(0);
    Q_EMIT ranks->activated(0);
    QCOMPARE(panel->outputView()->model(), model);
    QCOMPARE(panel->outputView()->model()->rowCount(), model->rowCount());
    ranks->setCurrentIndex(1);
    Q_EMIT ranks->activated(1);
    QVERIFY(panel->outputView()->model() != model);
    model->clear();
    QCOMPARE(panel->outputView()->model(), model);
    QVERIFY(!ranks->isVisibleTo(panel.get()));
}

void tst_ReproPanel::streamsFiftyMegabytesWithoutStalling()
{
    auto panel = makePanel();
    panel->show();
    QVERIFY(QTest::qWaitForWindowExposed(panel.get()));
    QSignalSpy scanned(panel.get(), &ReproPanel::scanFinished);
    QSignalSpy finished(panel.get(), &ReproPanel::runFinished);
    panel->setIssue(reproIssue(5007, pythonFence(reproScript(u"big_output.py"_s)), u"MEMBER"_s));
    QVERIFY(scanned.wait(30000));
    panel->expectedEdit()->setText(u"ValueError: finished flooding"_s);
    panel->runsSpin()->setValue(1);

    QTimer ticker;
    ticker.setTimerType(Qt::PreciseTimer);
    ticker.setInterval(5);
    QElapsedTimer sinceTick;
    qint64 longestGapNs = 0;
    int maxRows = 0;
    connect(&ticker, &QTimer::timeout, &ticker, [&] {
        if (sinceTick.isValid())
            longestGapNs = std::max(longestGapNs, sinceTick.nsecsElapsed());
        sinceTick.start();
        maxRows = std::max(maxRows, panel->outputModel()->rowCount());
    });
    ticker.start();
    panel->run();
    QVERIFY(finished.wait(180000));
    ticker.stop();

    const auto record = finished.first().first().value<ReproRunRecord>();
    QCOMPARE(record.outcome, ReproOutcome::Kind::SameError);
    const ReproOutputModel *model = panel->outputModel();
    QVERIFY(model->droppedLines() > 400000);
    QVERIFY(model->hasNoteRow());
    QVERIFY(maxRows <= model->maxLines() + 2);
    QVERIFY(model->rowCount() <= model->maxLines() + 1);
    QVERIFY(outputContains(*model, u"big-output-42"_s));
    const double gapMs = longestGapNs / 1e6;
    qInfo("50 MB through the panel: longest gap between 5 ms ticks %.1f ms; %lld lines, %lld dropped", gapMs,
          model->totalLines(), model->droppedLines());
    QVERIFY2(gapMs < 500.0, qPrintable(u"the event loop stalled for %1 ms"_s.arg(gapMs)));
}

void tst_ReproPanel::suggestionWeighsTheResult_data()
{
    QTest::addColumn<bool>("found");
    QTest::addColumn<int>("outcome"); // -1: not run
    QTest::addColumn<bool>("labelKept");
    QTest::addColumn<QString>("line");
    QTest::addColumn<QString>("why");

    QTest::addRow("reproduces") << true << int(ReproOutcome::Kind::SameError) << false << u"reproduces 4/5"_s
                                << u"not needed: the repro reproduces"_s;
    QTest::addRow("crash by signal") << true << int(ReproOutcome::Kind::KilledBySignal) << false
                                     << u"crashed by signal"_s << u"not needed"_s;
    QTest::addRow("passes") << true << int(ReproOutcome::Kind::Passed) << true << u"passes"_s << u"did not reproduce"_s;
    QTest::addRow("different error") << true << int(ReproOutcome::Kind::DifferentError) << true << u"different error"_s
                                     << u"did not reproduce"_s;
    QTest::addRow("none found") << false << -1 << true << u"none found"_s << u"no runnable reproduction"_s;
    QTest::addRow("found, not run") << true << -1 << true << u"not run yet"_s << QString();
}

void tst_ReproPanel::suggestionWeighsTheResult()
{
    QFETCH(bool, found);
    QFETCH(int, outcome);
    QFETCH(bool, labelKept);
    QFETCH(QString, line);
    QFETCH(QString, why);
    const auto pack = RubricPack::builtin(u"distributed"_s);
    QVERIFY2(pack, qPrintable(pack.error()));
    const QString needsRepro = pack.value().reproLabel;
    QVERIFY(!needsRepro.isEmpty());
    Issue issue = reproIssue(5010,
                             u"DDP with gloo hangs after the first all_reduce on two ranks; "
                             u"torch.distributed.barrier never returns."_s,
                             u"NONE"_s);
    issue.labels = {u"oncall: distributed"_s};
    const TriagePlan plan = TriageEngine(pack.value()).plan(issue);
    if (!plan.addLabels.contains(needsRepro))
        QSKIP("the engine does not ask this issue for a reproduction");

    SuggestionPanel panel;
    panel.setPack(pack.value());
    panel.setSuggestion(issue, plan, std::nullopt, ReviewState::New);
    ReproStatus status;
    status.number = issue.number;
    status.found = found;
    status.where = u"issue body"_s;
    if (outcome >= 0) {
        ReproRunRecord record;
        record.repository = Repo;
        record.number = issue.number;
        record.outcome = ReproOutcome::Kind(outcome);
        record.runs = 5;
        record.reproducedRuns = record.reproduces() ? 4 : 0;
        record.torchVersion = u"2.6.0"_s;
        record.startedAt = QDateTime::currentDateTimeUtc();
        status.latest = record;
    }
    panel.setReproStatus(status);
    QCOMPARE(panel.plan().addLabels.contains(needsRepro), labelKept);
    if (!labelKept) {
        QVERIFY(panel.chip(needsRepro));
        QVERIFY(!panel.chip(needsRepro)->isChecked());
        QVERIFY(panel.plan().decision != TriageDecision::NeedsReproduction);
    }
    QVERIFY(!panel.isEdited()); // the suggestion itself weighs the repro; the reviewer edited nothing
    QVERIFY2(panel.reproText().contains(line), qPrintable(panel.reproText()));
    auto *rationale = panel.findChild<QListWidget *>(u"rationaleList"_s);
    QStringList reasons;
    for (int i = 0; i < rationale->count(); ++i)
        reasons << rationale->item(i)->text();
    if (!why.isEmpty())
        QVERIFY2(reasons.join(u'\n').contains(why), qPrintable(reasons.join(u'\n')));
    // Applying the same status again changes nothing (no repeated reasons).
    const qsizetype count = panel.plan().evidence.size();
    panel.setReproStatus(status);
    QCOMPARE(panel.plan().evidence.size(), count);

    // A reviewer's plan is theirs: the result shows, the labels stay as decided.
    SuggestionPanel reviewed;
    reviewed.setPack(pack.value());
    reviewed.setSuggestion(issue, plan, plan, ReviewState::Approved);
    reviewed.setReproStatus(status);
    QVERIFY(reviewed.plan().addLabels.contains(needsRepro));
}

QTEST_MAIN(tst_ReproPanel)
#include "tst_repropanel.moc"
