// SPDX-License-Identifier: MIT
#include "engine/outbox/outboxstore.h"
#include "engine/repro/errorsignature.h"
#include "models/outbox/reportoutbox.h"
#include "models/repro/reductionsession.h"
#include "tests/support/reductionfixture.h"
#include "tests/support/reprotestrun.h"
#include "tests/support/testdata.h"

#include <QSignalSpy>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;

namespace {

const QString Repo = u"pytorch/pytorch"_s;

} // namespace

// The reduction pages' controller without a window: real bubblewrap and python3, a real SQLite outbox.
class tst_ReductionSession : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void minimizeShrinksAndFeedsTheReport();
    void cancelKeepsBestSoFar();
    void nothingToMinimizeIsAnError();
    void bisectWithoutChangeIsAValue();
    void sendBlockers_data();
    void sendBlockers();
    void reportGoesToOutbox_data();
    void reportGoesToOutbox();
    void anotherIssueForgetsTheFindings();

private:
    std::unique_ptr<ReductionSession> makeSession(const Issue &issue);
    SandboxRequest request(const QString &script) const { return m_reduction.request(script); }

    ReductionFixture m_reduction; // the outbox the report goes to (through whoever owns it), python3
};

void tst_ReductionSession::initTestCase()
{
    m_reduction.start();
    QVERIFY(!QTest::currentTestFailed());
}

std::unique_ptr<ReductionSession> tst_ReductionSession::makeSession(const Issue &issue)
{
    auto session = std::make_unique<ReductionSession>();
    session->setReviewer(u"test-reviewer"_s);
    session->setReportOutbox(&m_reduction.reportOutbox);
    session->setEnvironments({m_reduction.python});
    session->setIssue(issue, Repo);
    MinimizerOptions options;
    options.baselineRuns = 1;
    options.minStepTimeoutMs = 10000;
    session->setMinimizerOptions(options);
    return session;
}

void tst_ReductionSession::minimizeShrinksAndFeedsTheReport()
{
    const QString source = QString::fromUtf8(TestData::read(u"repro/minimize/padded_keyerror.py"_s));
    auto session = makeSession(TestData::reductionIssue(801, {u"needs reproduction"_s}));
    QVERIFY(!session->reduceBlocker().isEmpty()); // no subject yet
    QVERIFY(!session->startMinimize(20));
    session->setSubject(ReproSubject{request(source), {}});
    QVERIFY(session->reduceBlocker().isEmpty());

    QSignalSpy busy(session.get(), &ReductionSession::busyChanged);
    QSignalSpy improved(session.get(), &ReductionSession::minimizeImproved);
    QSignalSpy progressed(session.get(), &ReductionSession::minimizeProgressed);
    QSignalSpy finished(session.get(), &ReductionSession::minimizeFinished);
    QVERIFY(session->startMinimize(20));
    QVERIFY(session->isBusy());
    QVERIFY(!session->startMinimize(20)); // one job at a time
    QCOMPARE(session->originalLines(), MinimizeResult::codeLines(source));
    QVERIFY(finished.wait(300000));
    QCOMPARE(finished.size(), 1);
    QVERIFY(!session->isBusy());
    QCOMPARE(busy.size(), 2);
    QCOMPARE(busy.last().first().toBool(), false);

    const auto minimized = get<Result<MinimizeResult>>(finished.first().first());
    QVERIFY2(minimized.ok(), qPrintable(minimized.error()));
    const MinimizeResult &result = minimized.value();
    QVERIFY(result.changed());
    QVERIFY(result.finalLines <= 20);
    QVERIFY(!progressed.isEmpty());
    QVERIFY(!improved.isEmpty());
    // The best so far, as the session tracked it, is the result's.
    QCOMPARE(improved.last().at(0).toString(), result.minimized);
    QCOMPARE(improved.last().at(1).toInt(), result.finalLines);
    QCOMPARE(session->bestLines(), result.finalLines);
    QCOMPARE(session->bestNonBlank(), MinimizeResult::nonBlankLines(result.minimized));
    QCOMPARE(session->runsUsed(), result.runs);
    QVERIFY(session->minimize() && session->minimize()->ok());

    // The report carries the minimized repro.
    const ScrubFindings findings = session->findings();
    QCOMPARE(findings.originalRepro, source);
    QCOMPARE(findings.minimizedRepro, result.minimized);
    QSignalSpy drafted(session.get(), &ReductionSession::reportDrafted);
    session->composeReport();
    QCOMPARE(drafted.size(), 1);
    QVERIFY(session->report());
    QCOMPARE(session->comment(), session->report()->comment);
}

void tst_ReductionSession::cancelKeepsBestSoFar()
{
    const QString source = QString::fromUtf8(TestData::read(u"repro/minimize/padded_reshape.py"_s));
    auto session = makeSession(TestData::reductionIssue(802, {}));
    session->setSubject(ReproSubject{request(source), ErrorSignature::parse(u"RuntimeError: is invalid for input"_s)});
    QSignalSpy finished(session.get(), &ReductionSession::minimizeFinished);
    QString bestAtCancel;
    connect(
        session.get(), &ReductionSession::minimizeImproved, this,
        [&](const QString &best) {
            bestAtCancel = best;
            session->cancel();
        },
        Qt::SingleShotConnection);
    QVERIFY(session->startMinimize(0));
    QVERIFY(finished.wait(180000));
    QCOMPARE(finished.size(), 1);
    const auto minimized = get<Result<MinimizeResult>>(finished.first().first());
    QVERIFY(minimized.cancelled());
    QCOMPARE(minimized.errorKind(), ErrorKind::Cancelled);
    QVERIFY(minimized.partial());
    QVERIFY(!bestAtCancel.isEmpty());
    QCOMPARE(minimized.partial()->minimized, bestAtCancel);
    // A cancelled minimization's best so far still goes into the report.
    QCOMPARE(session->findings().minimizedRepro, bestAtCancel);
    QCOMPARE(session->bestLines(), minimized.partial()->finalLines);
}

void tst_ReductionSession::nothingToMinimizeIsAnError()
{
    const QString source = QString::fromUtf8(TestData::read(u"repro/passes.py"_s));
    auto session = makeSession(TestData::reductionIssue(803, {}));
    session->setSubject(ReproSubject{request(source), {}});
    QSignalSpy finished(session.get(), &ReductionSession::minimizeFinished);
    QVERIFY(session->startMinimize(20));
    QVERIFY(finished.wait(120000));
    const auto minimized = get<Result<MinimizeResult>>(finished.first().first());
    QVERIFY(!minimized.ok());
    QCOMPARE(minimized.errorKind(), ErrorKind::Failed);
    QVERIFY2(minimized.error().contains(u"does not fail"_s), qPrintable(minimized.error()));
    QVERIFY(minimized.partial());
    QCOMPARE(minimized.partial()->runs, 1);
    QCOMPARE(session->runsUsed(), 1);
    // Nothing minimized: the report keeps the original.
    QCOMPARE(session->findings().originalRepro, source);
    QVERIFY(session->findings().minimizedRepro.isEmpty());
}

void tst_ReductionSession::bisectWithoutChangeIsAValue()
{
    // The same interpreter under two names: the outcome cannot change between them.
    PythonEnvironment older = m_reduction.python;
    older.name = u"first"_s;
    PythonEnvironment newer = m_reduction.python;
    newer.name = u"second"_s;
    auto session = makeSession(TestData::reductionIssue(804, {}));
    session->setSubject(ReproSubject{request(u"print('fine')\n"_s), ErrorSignature::parse(u"ValueError: broken"_s)});
    QVERIFY(!session->startBisect({older}, u"torch"_s, 2)); // needs two
    QSignalSpy probes(session.get(), &ReductionSession::bisectProbeFinished);
    QSignalSpy finished(session.get(), &ReductionSession::bisectFinished);
    QVERIFY(session->startBisect({older, newer}, QString(), 2));
    QVERIFY(session->isBusy());
    QVERIFY(finished.wait(180000));
    QCOMPARE(finished.size(), 1);
    const auto bisected = get<Result<BisectResult>>(finished.first().first());
    QVERIFY2(bisected.ok(), qPrintable(bisected.error())); // it ran to its end: a value, though nothing changed
    QCOMPARE(bisected->package, u"torch"_s);
    QVERIFY(bisected->boundaries.isEmpty());
    QCOMPARE(bisected->probes.size(), 2);
    QCOMPARE(session->bisectRuns(), int(probes.size()));
    QCOMPARE(session->bisectRound(), bisected->rounds);
    for (const BisectProbe &p : bisected->probes)
        QVERIFY2(p.state == BisectProbe::State::Passes, qPrintable(p.reason));
    QVERIFY(session->findings().bisect);
}

void tst_ReductionSession::sendBlockers_data()
{
    QTest::addColumn<QString>("repository");
    QTest::addColumn<bool>("outbox");
    QTest::addColumn<QString>("unavailable");
    QTest::addColumn<QString>("blocker");
    QTest::addRow("no outbox") << Repo << false << QString() << u"No outbox"_s;
    QTest::addRow("outbox unavailable") << Repo << true << u"The store is read-only."_s << u"read-only"_s;
    QTest::addRow("not a repository") << u"queue.json"_s << true << QString() << u"not a GitHub repository"_s;
}

void tst_ReductionSession::sendBlockers()
{
    QFETCH(QString, repository);
    QFETCH(bool, outbox);
    QFETCH(QString, unavailable);
    QFETCH(QString, blocker);
    ReductionSession session;
    QCOMPARE(session.sendBlocker(), u"No issue selected."_s);
    QCOMPARE(session.sendToOutbox().errorKind(), ErrorKind::Refused);
    session.setIssue(TestData::reductionIssue(805, {u"needs reproduction"_s}), repository);
    session.setReportOutbox(outbox ? &m_reduction.reportOutbox : nullptr);
    session.setOutboxUnavailableReason(unavailable);
    session.composeReport();
    QVERIFY2(session.sendBlocker().contains(blocker), qPrintable(session.sendBlocker()));
    const Result<OutboxEntry> sent = session.sendToOutbox();
    QVERIFY(!sent);
    QCOMPARE(sent.errorKind(), ErrorKind::Refused);
    QCOMPARE(sent.error(), session.sendBlocker());
}

void tst_ReductionSession::reportGoesToOutbox_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("expect");
    QTest::addColumn<int>("verdict");
    QTest::addColumn<QString>("commentStart");
    QTest::addColumn<QStringList>("removes");
    QTest::addRow("still reproduces") << u"raise ValueError('tcbug broken shape 42')\n"_s
                                      << u"ValueError: tcbug broken shape"_s
                                      << int(ScrubReport::Verdict::StillReproduces) << u"This issue still reproduces"_s
                                      << QStringList{u"needs reproduction"_s};
    QTest::addRow("a different error") << u"raise KeyError('weight')\n"_s << u"ValueError: tcbug broken shape"_s
                                       << int(ScrubReport::Verdict::DifferentError) << u"On PyTorch"_s << QStringList{};
}

void tst_ReductionSession::reportGoesToOutbox()
{
    QFETCH(QString, script);
    QFETCH(QString, expect);
    QFETCH(int, verdict);
    QFETCH(QString, commentStart);
    QFETCH(QStringList, removes);
    static int number = 820;
    const Issue issue = TestData::reductionIssue(++number, {u"oncall: distributed"_s, u"needs reproduction"_s});
    const Result<ReproRunRecord> ran = ReproTestRun::record(Repo, issue.number, request(script), expect, 2);
    QVERIFY2(ran, qPrintable(ran.error()));
    const ReproRunRecord &record = ran.value();
    QVERIFY(record.runs == 2);

    auto session = makeSession(issue);
    session->setSubject(ReproSubject{request(script), ErrorSignature::parse(expect)});
    QVERIFY(session->setRecord(record));
    QVERIFY(!session->setRecord(record)); // the same record again is not newer
    QCOMPARE(session->sendBlocker(), u"Draft the report first."_s);
    session->composeReport();
    QVERIFY(session->report());
    QCOMPARE(int(session->report()->verdict), verdict);
    QVERIFY2(session->comment().startsWith(commentStart), qPrintable(session->comment()));
    QVERIFY2(session->sendBlocker().isEmpty(), qPrintable(session->sendBlocker()));

    // The reviewer's edit is what goes to the outbox, not to GitHub.
    session->setComment(session->comment() + u"\nEdited by the reviewer."_s);
    QSignalSpy sent(session.get(), &ReductionSession::reportSent);
    const Result<OutboxEntry> entry = session->sendToOutbox();
    QVERIFY2(entry, qPrintable(entry.error()));
    QCOMPARE(sent.size(), 1);
    const auto entries = m_reduction.outbox->entries(Repo);
    QVERIFY2(entries, qPrintable(entries.error()));
    const auto stored = std::find_if(entries->cbegin(), entries->cend(),
                                     [&](const OutboxEntry &e) { return e.number == issue.number; });
    QVERIFY(stored != entries->cend());
    QCOMPARE(stored->id, entry->id);
    QVERIFY(stored->comment.startsWith(commentStart));
    QVERIFY(stored->comment.endsWith(u"Edited by the reviewer."_s));
    QCOMPARE(stored->removeLabels, removes);
    QCOMPARE(stored->reviewer, u"test-reviewer"_s);
}

void tst_ReductionSession::anotherIssueForgetsTheFindings()
{
    auto session = makeSession(TestData::reductionIssue(830, {}));
    session->setSubject(ReproSubject{request(u"print('fine')\n"_s), {}});
    session->setTriggerConditions(u"the inductor backend"_s);
    session->composeReport();
    QVERIFY(session->report());
    QSignalSpy reset(session.get(), &ReductionSession::findingsReset);
    session->setIssue(TestData::reductionIssue(830, {}), Repo); // the same issue: nothing forgotten
    QCOMPARE(reset.size(), 0);
    QVERIFY(session->report());
    QVERIFY(session->startMinimize(20));
    QSignalSpy finished(session.get(), &ReductionSession::minimizeFinished);
    session->setIssue(TestData::reductionIssue(831, {}), Repo);
    QCOMPARE(reset.size(), 1);
    QVERIFY(!session->isBusy()); // the job for the other issue is stopped, its answer dropped
    QVERIFY(!session->report());
    QVERIFY(!session->minimize());
    QVERIFY(session->triggerConditions().isEmpty());
    QVERIFY(session->comment().isEmpty());
    QCOMPARE(finished.size(), 0);
    session->clearIssue();
    QCOMPARE(reset.size(), 2);
    QVERIFY(!session->subject());
    QCOMPARE(session->reduceBlocker(), u"No issue selected."_s);
}

QTEST_GUILESS_MAIN(tst_ReductionSession)
#include "tst_reductionsession.moc"
