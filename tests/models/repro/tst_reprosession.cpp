// SPDX-License-Identifier: MIT
#include "engine/repro/reproresultstore.h"
#include "models/repro/reprooutputmodel.h"
#include "models/repro/reprosession.h"
#include "tests/support/testdata.h"
#include "tests/support/testvenv.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

const QString Repo = u"pytorch/pytorch"_s;

using TestData::distinctErrorBody;
using TestData::pythonFence;
using TestData::reproIssue;
using TestData::reproScript;

bool outputContains(ReproOutputModel &model, const QString &text)
{
    model.flush();
    return model.findNext(text, -1) >= 0;
}

} // namespace

// The Repro tab's controller without a window: real bubblewrap, python3 and torch, a real SQLite store.
class tst_ReproSession : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void reproducesAndIsStored();
    void blockers_data();
    void blockers();
    void consentIsForTheCodeItWasGivenOn();
    void cancelledSeriesIsNotStored();
    void anotherIssueDropsTheRun();

private:
    std::unique_ptr<ReproSession> makeSession();

    QList<PythonEnvironment> m_envs;
    QTemporaryDir m_dir;
    std::unique_ptr<ReproResultStore> m_store;
};

void tst_ReproSession::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
    auto store = ReproResultStore::open(m_dir.filePath(u"store.sqlite"_s));
    QVERIFY2(store, qPrintable(store.error()));
    m_store = std::move(store).value();
    m_envs = TestVenv::probe();
    QVERIFY(!m_envs.isEmpty());
    QVERIFY2(m_envs.first().isUsable(), qPrintable(m_envs.first().probeError));
    QVERIFY2(!m_envs.first().torchVersion.isEmpty(), "these tests need torch in the system python");
}

std::unique_ptr<ReproSession> tst_ReproSession::makeSession()
{
    auto session = std::make_unique<ReproSession>();
    session->setResultStore(m_store.get());
    session->setRepository(Repo);
    session->setReviewer(u"test-reviewer"_s);
    session->setEnvironments(m_envs);
    return session;
}

void tst_ReproSession::reproducesAndIsStored()
{
    auto session = makeSession();
    QSignalSpy status(session.get(), &ReproSession::statusChanged);
    QSignalSpy scanned(session.get(), &ReproSession::scanFinished);
    QSignalSpy ended(session.get(), &ReproSession::runEnded);
    QSignalSpy finished(session.get(), &ReproSession::runFinished);
    const QString body = distinctErrorBody();
    session->setIssue(reproIssue(6001, body, u"MEMBER"_s));
    QVERIFY(session->isExtracting());
    QVERIFY2(session->blocker().contains(u"Looking for a reproduction"_s), qPrintable(session->blocker()));
    QVERIFY(status.wait(10000)); // extracted off the GUI thread
    QVERIFY2(session->expectedText().startsWith(u"RuntimeError: frobnicate kernel"_s),
             qPrintable(session->expectedText()));
    QVERIFY(status.first().first().value<ReproStatus>().found);
    QVERIFY(session->candidate());
    QVERIFY(scanned.wait(30000));
    QVERIFY(session->review() && session->review()->scan.findings.isEmpty());
    QVERIFY2(session->blocker().isEmpty(), qPrintable(session->blocker()));
    const std::optional<ReproSubject> subject = session->subject();
    QVERIFY(subject);
    QCOMPARE(subject->request.limits.timeoutMs, ReproSession::DefaultTimeoutSeconds * 1000);
    QCOMPARE(subject->expected.toString(), session->expectedText());

    session->setRuns(2);
    session->run();
    QVERIFY(session->isRunning());
    QCOMPARE(session->blocker(), u"Running."_s);
    QVERIFY(finished.wait(180000));
    QCOMPARE(ended.size(), 1);
    const auto end = ended.first().at(1).value<ReproRunEnd>();
    QVERIFY(!end.cancelled);
    QVERIFY(end.sameIssue);
    QVERIFY2(end.storeError.isEmpty(), qPrintable(end.storeError));
    const auto record = finished.first().first().value<ReproRunRecord>();
    QCOMPARE(record.outcome, ReproOutcome::Kind::SameError);
    QCOMPARE(record.runs, 2);
    QCOMPARE(record.reproducedRuns, 2);
    QVERIFY(record.id > 0);
    QCOMPARE(record.result.value(u"overall_count"_s).toInt(), 2);
    QCOMPARE(record.result.value(u"hash_seed"_s).toInt(), 0);
    QVERIFY(session->record() && session->record()->id == record.id);
    QVERIFY(outputContains(*session->outputModel(), u"repro-7731"_s));
    QVERIFY(outputContains(*session->outputModel(), u"run 2 of 2"_s)); // the session's own notes

    const auto stored = m_store->latestFor(Repo, 6001);
    QVERIFY(stored && stored.value());
    QCOMPARE(stored.value()->outcome, ReproOutcome::Kind::SameError);
    QCOMPARE(stored.value()->environment, m_envs.first().name);
    QVERIFY(stored.value()->outputTail.contains(u"repro-7731"_s));
    QVERIFY(stored.value()->consent.isEmpty());

    // Another session on the issue later: the stored record at once, nothing run.
    auto again = makeSession();
    again->setIssue(reproIssue(6001, body, u"MEMBER"_s));
    QVERIFY(again->record());
    QCOMPARE(again->record()->id, record.id);
}

void tst_ReproSession::blockers_data()
{
    QTest::addColumn<QString>("body");
    QTest::addColumn<QString>("association");
    QTest::addColumn<QString>("variables");
    QTest::addColumn<QString>("blockerHas");
    QTest::addColumn<bool>("found");

    QTest::addRow("no code") << u"It hangs sometimes on 64 GPUs. No script, sorry."_s << u"NONE"_s << QString()
                             << u"No reproduction in the issue"_s << false;
    QTest::addRow("does not parse") << pythonFence(u"import torch\ndef broken(:\n    return torch.ones(2)\n"_s)
                                    << u"MEMBER"_s << QString() << u"does not parse"_s << true;
    QTest::addRow("untrusted with findings")
        << pythonFence(u"import subprocess\nsubprocess.run(['true'])\nraise RuntimeError('x')\n"_s) << u"NONE"_s
        << QString() << u"Needs your consent"_s << true;
    QTest::addRow("a variable without a value") << pythonFence(u"raise RuntimeError('v-1')\n"_s) << u"MEMBER"_s
                                                << u"TORCH_LOGS"_s << u"is not NAME=VALUE"_s << true;
    QTest::addRow("runnable") << pythonFence(u"raise RuntimeError('v-2')\n"_s) << u"MEMBER"_s << u"TORCH_LOGS=+dynamo"_s
                              << QString() << true;
}

void tst_ReproSession::blockers()
{
    QFETCH(QString, body);
    QFETCH(QString, association);
    QFETCH(QString, variables);
    QFETCH(QString, blockerHas);
    QFETCH(bool, found);

    auto session = makeSession();
    QSignalSpy status(session.get(), &ReproSession::statusChanged);
    QSignalSpy scanned(session.get(), &ReproSession::scanFinished);
    QSignalSpy started(session.get(), &ReproSession::runStarted);
    static int number = 6100;
    session->setIssue(reproIssue(++number, body, association));
    session->setVariablesText(variables);
    QVERIFY(status.wait(10000));
    QCOMPARE(status.last().first().value<ReproStatus>().found, found);
    if (found)
        QVERIFY(scanned.wait(30000));
    if (blockerHas.isEmpty()) {
        QVERIFY2(session->blocker().isEmpty(), qPrintable(session->blocker()));
        QVERIFY(session->subject());
        QCOMPARE(session->subject()->request.extraEnvironment.value(u"TORCH_LOGS"_s), u"+dynamo"_s);
        return;
    }
    QVERIFY2(session->blocker().contains(blockerHas), qPrintable(session->blocker()));
    QVERIFY(!session->subject());
    session->run(); // refused
    QVERIFY(!session->isRunning());
    QCOMPARE(started.size(), 0);
}

void tst_ReproSession::consentIsForTheCodeItWasGivenOn()
{
    auto session = makeSession();
    QSignalSpy scanned(session.get(), &ReproSession::scanFinished);
    QSignalSpy finished(session.get(), &ReproSession::runFinished);
    const QString first = u"import subprocess\nsubprocess.run(['true'])\nraise RuntimeError('consented (c-66)')\n"_s;
    const QString second = u"import os\nos.system('true')\nraise RuntimeError('other (c-67)')\n"_s;
    session->setIssue(reproIssue(6201, pythonFence(first) + u"\nor:\n\n"_s + pythonFence(second), u"NONE"_s));
    QVERIFY(scanned.wait(30000));
    QVERIFY(session->extraction().candidates.size() >= 2);
    QVERIFY(session->review() && session->review()->consentRequired());
    QVERIFY(session->blocker().contains(u"consent"_s));
    session->setConsent(true);
    QVERIFY2(session->blocker().isEmpty(), qPrintable(session->blocker()));

    // Another candidate withdraws it.
    const int other = session->candidateIndex() == 0 ? 1 : 0;
    session->chooseCandidate(other);
    QVERIFY(!session->consented());
    QVERIFY(scanned.wait(30000));
    QVERIFY2(session->blocker().contains(u"consent"_s), qPrintable(session->blocker()));
    session->setConsent(true);
    session->setRuns(1);
    session->run();
    QVERIFY(finished.wait(120000));
    const auto stored = m_store->latestFor(Repo, 6201);
    QVERIFY(stored && stored.value());
    const QJsonObject consent = stored.value()->consent;
    QCOMPARE(consent.value(u"reviewer"_s).toString(), u"test-reviewer"_s);
    QVERIFY(QDateTime::fromString(consent.value(u"at"_s).toString(), Qt::ISODate).isValid());
    QVERIFY(!consent.value(u"findings"_s).toArray().isEmpty());
    QCOMPARE(stored.value()->codeHash, ReproRunRecord::hashOf(session->candidate()->code));
}

void tst_ReproSession::cancelledSeriesIsNotStored()
{
    auto session = makeSession();
    QSignalSpy scanned(session.get(), &ReproSession::scanFinished);
    QSignalSpy ended(session.get(), &ReproSession::runEnded);
    const QString body = u"Save as `tst_reprosession_spin.py` and run `python tst_reprosession_spin.py`:\n\n"_s +
                         pythonFence(reproScript(u"infinite_loop.py"_s));
    session->setIssue(reproIssue(6301, body, u"MEMBER"_s));
    QVERIFY(scanned.wait(30000));
    session->setRuns(3);
    session->run();
    QTRY_VERIFY_WITH_TIMEOUT(outputContains(*session->outputModel(), u"spinning"_s), 60000);
    session->cancel();
    QVERIFY(ended.wait(10000));
    const auto record = ended.first().first().value<ReproRunRecord>();
    QCOMPARE(record.outcome, ReproOutcome::Kind::Cancelled);
    QVERIFY(ended.first().at(1).value<ReproRunEnd>().cancelled);
    QVERIFY(!session->isRunning());
    QVERIFY(!session->record());
    const auto stored = m_store->latestFor(Repo, 6301);
    QVERIFY(stored);
    QVERIFY(!stored.value().has_value()); // a cancelled series says nothing about the bug
}

void tst_ReproSession::anotherIssueDropsTheRun()
{
    auto session = makeSession();
    QSignalSpy scanned(session.get(), &ReproSession::scanFinished);
    QSignalSpy ended(session.get(), &ReproSession::runEnded);
    const QString body = u"Save as `tst_reprosession_spin2.py` and run `python tst_reprosession_spin2.py`:\n\n"_s +
                         pythonFence(reproScript(u"infinite_loop.py"_s));
    session->setIssue(reproIssue(6401, body, u"MEMBER"_s));
    QVERIFY(scanned.wait(30000));
    session->setRuns(1);
    session->run();
    QTRY_VERIFY_WITH_TIMEOUT(outputContains(*session->outputModel(), u"spinning"_s), 60000);
    session->setIssue(reproIssue(6402, u"No code here."_s, u"NONE"_s));
    QVERIFY(ended.wait(10000));
    const auto end = ended.first().at(1).value<ReproRunEnd>();
    QVERIFY(end.cancelled);
    QVERIFY(!end.sameIssue);
    QCOMPARE(session->issueNumber(), 6402);
    QVERIFY(!outputContains(*session->outputModel(), u"spinning"_s)); // nothing of #6401 in #6402's output
}

QTEST_GUILESS_MAIN(tst_ReproSession)
#include "tst_reprosession.moc"
