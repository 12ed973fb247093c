// SPDX-License-Identifier: MIT
#include "views/common/messagebanner.h"
#include "views/repro/operatorprobepanel.h"

#include "engine/outbox/outboxstore.h"
#include "engine/store/issuestore.h"
#include "models/repro/operatorprobemodel.h"
#include "tests/support/testvenv.h"
#include "views/common/apppalette.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QClipboard>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <optional>

using namespace Qt::StringLiterals;
using Status = OperatorProbeCombination::Status;

// The Repro tab's "Operator probe" with a real probe run (real bubblewrap, python3, torch, Gloo ranks). The wrong
// result is made on purpose, as in tst_operatoranalysis: the probe's own sandboxed script is patched so that DTensor
// treats cumsum as point-wise, which scans each shard alone; the panel must say so loudly.
class tst_OperatorProbePanel final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void opsFromTheIssue_data();
    void opsFromTheIssue();
    void refusesWhatCannotRun_data();
    void refusesWhatCannotRun();
    void wrongResultShownAsSuch();

private:
    static Issue issue(int number, const QString &title, const QString &body);
    QList<PythonEnvironment> m_environments;
    QString m_patched;
    QTemporaryDir m_dir;
};

Issue tst_OperatorProbePanel::issue(int number, const QString &title, const QString &body)
{
    Issue issue;
    issue.number = number;
    issue.title = title;
    issue.body = body;
    issue.state = IssueState::Open;
    issue.labels = {u"oncall: distributed"_s};
    issue.updatedAt = QDateTime(QDate(2026, 3, 1), QTime(12, 0), QTimeZone::UTC);
    issue.createdAt = issue.updatedAt;
    return issue;
}

void tst_OperatorProbePanel::initTestCase()
{
    QApplication::setStyle(u"Fusion"_s);
    QApplication::setPalette(AppPalette::light());
    QVERIFY(m_dir.isValid());
    m_environments = TestVenv::probe();
    QVERIFY(!m_environments.isEmpty());
    QVERIFY2(!m_environments.first().torchVersion.isEmpty(), "these tests need torch in the system python");
    const Result<QString> script = OperatorProbeJob::bundledScript();
    QVERIFY2(script, qPrintable(script.error()));
    m_patched = script.value();
    const QString anchor = u"\n\ndef worker("_s;
    QVERIFY(m_patched.contains(anchor));
    m_patched.replace(anchor, u"\n\nfrom torch.distributed.tensor._op_schema import RuntimeSchemaInfo\n"
                              "from torch.distributed.tensor._ops._pointwise_ops import pointwise_strategy\n"
                              "from torch.distributed.tensor._ops.utils import register_op_strategy\n"
                              "register_op_strategy(torch.ops.aten.cumsum.default, "
                              "schema_info=RuntimeSchemaInfo(1))(pointwise_strategy)\n"_s +
                                  anchor);
}

void tst_OperatorProbePanel::opsFromTheIssue_data()
{
    QTest::addColumn<QString>("title");
    QTest::addColumn<QString>("body");
    QTest::addColumn<QString>("ops");
    QTest::addColumn<QString>("found");
    QTest::newRow("missing strategy") << u"DTensor: cumsum fails"_s
                                      << u"```\nNotImplementedError: Operator aten.cumsum.default does not have a "
                                         "sharding strategy registered.\n```"_s
                                      << u"aten.cumsum.default"_s << u"missing-strategy error"_s;
    QTest::newRow("a call in the code") << u"Support kron for DTensor"_s << u"```python\nout = torch.kron(a, b)\n```"_s
                                        << u"aten.kron.default"_s << u"aten.kron.default"_s;
    QTest::newRow("nothing") << u"FSDP hangs at init"_s << u"It hangs."_s << QString() << u"No operator found"_s;
}

void tst_OperatorProbePanel::opsFromTheIssue()
{
    QFETCH(QString, title);
    QFETCH(QString, body);
    QFETCH(QString, ops);
    QFETCH(QString, found);
    OperatorProbePanel panel;
    panel.setEnvironments(m_environments);
    panel.setIssue(issue(7, title, body));
    QCOMPARE(panel.opsEdit()->text(), ops);
    QVERIFY2(panel.findChild<QLabel *>(u"operatorFoundLabel"_s)->text().contains(found),
             qPrintable(panel.findChild<QLabel *>(u"operatorFoundLabel"_s)->text()));
    QCOMPARE(panel.runButton()->isEnabled(), !ops.isEmpty());
    QCOMPARE(panel.blocker().isEmpty(), !ops.isEmpty());
}

void tst_OperatorProbePanel::refusesWhatCannotRun_data()
{
    QTest::addColumn<QString>("ops");
    QTest::addColumn<QString>("ranks");
    QTest::addColumn<bool>("withEnvironments");
    QTest::addColumn<QString>("blocker");
    QTest::newRow("not an op") << u"cumsum(x)"_s << u"2"_s << true << u"not an ATen op name"_s;
    QTest::newRow("no op") << QString() << u"2"_s << true << u"No op to probe"_s;
    QTest::newRow("bad mesh size") << u"aten.mm.default"_s << u"2,99"_s << true << u"from 1 to 16"_s;
    QTest::newRow("environments not found yet") << u"aten.mm"_s << u"2"_s << false << u"Looking for Python"_s;
}

void tst_OperatorProbePanel::refusesWhatCannotRun()
{
    QFETCH(QString, ops);
    QFETCH(QString, ranks);
    QFETCH(bool, withEnvironments);
    QFETCH(QString, blocker);
    OperatorProbePanel panel;
    if (withEnvironments)
        panel.setEnvironments(m_environments);
    panel.setIssue(issue(8, u"DTensor question"_s, u"no code"_s));
    panel.opsEdit()->setText(ops);
    panel.ranksEdit()->setText(ranks);
    QVERIFY2(panel.blocker().contains(blocker), qPrintable(panel.blocker()));
    QVERIFY(!panel.runButton()->isEnabled());
    QSignalSpy started(&panel, &OperatorProbePanel::started);
    panel.run();
    QVERIFY(started.isEmpty());
    QVERIFY(!panel.isRunning());
}

void tst_OperatorProbePanel::wrongResultShownAsSuch()
{
    const QString storePath = m_dir.filePath(u"store.sqlite"_s);
    {
        QVERIFY(IssueStore::open(storePath));
    } // the schema
    Result<std::unique_ptr<OutboxStore>> outbox = OutboxStore::open(storePath);
    QVERIFY2(outbox, qPrintable(outbox.error()));

    OperatorProbePanel panel;
    QAbstractItemModelTester tester(panel.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    panel.resize(1100, 800);
    panel.show();
    panel.setEnvironments(m_environments);
    panel.setRepository(u"pytorch/pytorch"_s);
    panel.setReviewer(u"reviewer"_s);
    panel.setPack(RubricPack::builtin(u"distributed"_s).value());
    panel.setOutboxStore(outbox.value().get());
    panel.setScriptText(m_patched);
    panel.setIssue(issue(4242, u"[DTensor] cumsum gives different results when sharded"_s,
                         u"```python\nout = torch.cumsum(dt, dim=1)\n```\nThe values differ from the local run."_s));
    QCOMPARE(panel.ops(), QStringList{u"aten.cumsum.default"_s});
    panel.ranksEdit()->setText(u"2"_s);
    QSignalSpy combinations(panel.model(), &QAbstractItemModel::rowsInserted);
    std::optional<Result<OperatorProbeOutcome>> result;
    connect(&panel, &OperatorProbePanel::finished, this,
            [&](const Result<OperatorProbeOutcome> &r) { result.emplace(r); });
    QSignalSpy finished(&panel, &OperatorProbePanel::finished);
    QVERIFY2(panel.blocker().isEmpty(), qPrintable(panel.blocker()));
    QTest::mouseClick(panel.runButton(), Qt::LeftButton);
    QVERIFY(panel.isRunning());
    QVERIFY(panel.cancelButton()->isEnabled());
    QVERIFY(!panel.opsEdit()->isEnabled());
    QVERIFY(finished.wait(120000));
    QVERIFY2(result->ok(), qPrintable(result->error()));
    const OperatorProbeOutcome outcome = result->value();
    QVERIFY2(outcome.complete(), qPrintable(outcome.problem + QString::fromUtf8(outcome.run.stderrTail.right(2000))));
    QVERIFY(!panel.isRunning());

    // Live: the rows came in one by one as the ranks printed them; at the end the table is the report's.
    const OperatorProbeOp *cumsum = outcome.report.find(u"aten.cumsum.default"_s);
    QVERIFY(cumsum);
    QVERIFY(combinations.size() >= cumsum->combinations.size());
    QCOMPARE(panel.model()->rowCount(), int(cumsum->combinations.size()));
    QCOMPARE(panel.table()->model()->rowCount(), int(cumsum->combinations.size()));
    int wrongRows = 0;
    for (int row = 0; row < panel.model()->rowCount(); ++row) {
        const OperatorProbeCombination c = panel.model()->combinationAt(row);
        const bool scannedDimSharded = c.placements == QStringList{u"Shard(1)"_s};
        QCOMPARE(c.status, scannedDimSharded ? Status::Wrong : Status::Ok);
        const QModelIndex result = panel.model()->index(row, OperatorProbeModel::Result);
        QCOMPARE(result.data().toString(), scannedDimSharded ? u"WRONG RESULT"_s : u"ok"_s);
        wrongRows += scannedDimSharded ? 1 : 0;
    }
    QCOMPARE(wrongRows, 2); // the dividing and the non-dividing shape

    // Said loudly: the banner, the analysis, the drafted comment and its labels.
    auto *banner = panel.findChild<MessageBanner *>(u"operatorWrongBanner"_s);
    QVERIFY(banner->isVisible());
    QVERIFY2(banner->text().contains(u"WRONG RESULTS: 2 combination(s)"_s), qPrintable(banner->text()));
    QVERIFY(panel.statusText().contains(u"2 wrong"_s));
    QVERIFY(panel.analysis());
    QCOMPARE(panel.analysis()->wrong, 2);
    QVERIFY2(panel.analysisText().contains(u"WRONG RESULTS: 2 placement combination(s)"_s),
             qPrintable(panel.analysisText()));
    QVERIFY(panel.analysisText().contains(u"reduction"_s));
    QVERIFY(panel.commentEdit()->toPlainText().contains(u"## Operator analysis: `aten.cumsum.default`"_s));
    QVERIFY(panel.findChild<QLabel *>(u"operatorLabelsLabel"_s)->text().contains(u"triage review"_s));
    QVERIFY(panel.testText().contains(u"def test_cumsum_divides_shard_1(self):"_s));
    QTest::mouseClick(panel.findChild<QPushButton *>(u"operatorCopyTestButton"_s), Qt::LeftButton);
    QCOMPARE(QApplication::clipboard()->text(), panel.testText());

    // The comment as the reviewer edited it goes to the outbox with the labels the issue lacks.
    panel.commentEdit()->setPlainText(panel.commentEdit()->toPlainText() + u"\nEdited by the reviewer."_s);
    const Result<OutboxEntry> sent = panel.sendToOutbox();
    QVERIFY2(sent, qPrintable(sent.error()));
    const Result<QList<OutboxEntry>> entries = outbox.value()->entries(u"pytorch/pytorch"_s);
    QVERIFY2(entries, qPrintable(entries.error()));
    QCOMPARE(entries->size(), 1);
    const OutboxEntry &entry = entries->constFirst();
    QCOMPARE(entry.number, 4242);
    QVERIFY(entry.comment.endsWith(u"Edited by the reviewer."_s));
    QVERIFY(entry.comment.contains(u"WRONG RESULTS"_s));
    QVERIFY(entry.addLabels.contains(u"module: dtensor"_s));
    QVERIFY(entry.addLabels.contains(u"triage review"_s));
    QVERIFY(panel.findChild<QLabel *>(u"operatorSendLabel"_s)->text().contains(u"outbox as entry"_s));
}

QTEST_MAIN(tst_OperatorProbePanel)
#include "tst_operatorprobepanel.moc"
