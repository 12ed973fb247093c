// SPDX-License-Identifier: MIT
#include "tests/support/testdata.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace Qt::StringLiterals;

// `triage-console repro …` as a real process with no display, the way scripts and CI call it.
class TestReproCommand final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void scans_data();
    void scans();
    void extracts();
    void runsAndClassifies();
    void gatesOnConsent_data();
    void gatesOnConsent();
    void runsFromIssue_data();
    void runsFromIssue();
    void runsAsNormalUser_data();
    void runsAsNormalUser();
    void refusesBadVariables();

private:
    QString writeIssue(const QString &title, const QString &prose, const QString &script);

    struct Run
    {
        int exitCode = -1;
        QJsonObject json;
        QByteArray err;
    };
    Run run(const QStringList &arguments, int waitMs = 60000);

    std::unique_ptr<QTemporaryDir> m_home;
};

void TestReproCommand::initTestCase()
{
    m_home = std::make_unique<QTemporaryDir>();
    QVERIFY(m_home->isValid());
}

TestReproCommand::Run TestReproCommand::run(const QStringList &arguments, int waitMs)
{
    QProcess process;
    QProcessEnvironment env;
    env.insert(u"PATH"_s, qEnvironmentVariable("PATH"));
    env.insert(u"HOME"_s, m_home->path());
    env.insert(u"XDG_CONFIG_HOME"_s, m_home->filePath(u"config"_s));
    process.setProcessEnvironment(env);
    QSignalSpy finished(&process, &QProcess::finished);
    process.start(QStringLiteral(TRIAGE_CONSOLE_BINARY), QStringList{u"repro"_s} + arguments);
    if (!finished.wait(waitMs))
        qFatal("triage-console repro did not finish");
    Run result;
    result.exitCode = process.exitCode();
    result.json = QJsonDocument::fromJson(process.readAllStandardOutput()).object();
    result.err = process.readAllStandardError();
    return result;
}

void TestReproCommand::scans_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("rule");
    QTest::addRow("dangerous") << u"scanner/dangerous/obf_base64_exec.py"_s << 1 << u"obfuscation"_s;
    QTest::addRow("benign") << u"scanner/benign/mp_spawn_gloo.py"_s << 0 << QString();
    QTest::addRow("notebook") << u"scanner/dangerous/notebook_pip.py"_s << 1 << u"parse-error"_s;
}

void TestReproCommand::scans()
{
    QFETCH(QString, file);
    QFETCH(int, exitCode);
    QFETCH(QString, rule);
    const Run result = run({u"scan"_s, TestData::path(u"repro/"_s + file)});
    QCOMPARE(result.exitCode, exitCode);
    const QJsonArray findings = result.json.value(u"findings"_s).toArray();
    QCOMPARE(findings.isEmpty(), rule.isEmpty());
    if (!rule.isEmpty()) {
        QStringList rules;
        for (const QJsonValue &f : findings)
            rules << f.toObject().value(u"rule"_s).toString();
        QVERIFY2(rules.contains(rule), qPrintable(rules.join(u',')));
        QVERIFY(result.json.value(u"consentRequired"_s).toBool());
    }
}

void TestReproCommand::extracts()
{
    const Run result = run({u"extract"_s, u"--input"_s, TestData::path(u"repro/issue-distributed.json"_s)});
    QCOMPARE(result.exitCode, 0);
    QCOMPARE(result.json.value(u"status"_s).toString(), u"found"_s);
    QCOMPARE(result.json.value(u"candidates"_s).toArray().size(), 3);
    QCOMPARE(result.json.value(u"chosen"_s).toInt(), 2);
    QVERIFY(result.json.value(u"reason"_s).toString().contains(u"strictly shorter"_s));
    const QJsonObject reported = result.json.value(u"reportedError"_s).toObject();
    QCOMPARE(reported.value(u"text"_s).toString(), u"torch.distributed.DistBackendError: Connection closed by peer"_s);
}

void TestReproCommand::runsAndClassifies()
{
    const Run result =
        run({u"run"_s, TestData::path(u"repro/distinct_error.py"_s), u"--runs"_s, u"2"_s, u"--timeout"_s, u"60"_s,
             u"--expect"_s, u"RuntimeError: frobnicate kernel expected"_s, u"--hash-seed"_s, u"0"_s},
            120000);
    QCOMPARE(result.exitCode, 0);
    QCOMPARE(result.json.value(u"outcome"_s).toString(), u"same-error"_s);
    QCOMPARE(result.json.value(u"ratio"_s).toString(), u"2/2 reproduced"_s);
    QVERIFY(!result.json.value(u"flaky"_s).toBool());
    QVERIFY(!result.json.value(u"torchVersion"_s).toString().isEmpty());
    QCOMPARE(result.json.value(u"environment"_s).toObject().value(u"name"_s).toString(), u"system"_s);
    // The output streamed on stderr, run by run.
    QVERIFY(result.err.contains("run 1/2"));
    QVERIFY(result.err.contains("run 2/2"));
    QVERIFY(result.err.contains("repro-7731"));
}

void TestReproCommand::gatesOnConsent_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("outcome");
    QTest::addRow("findings, no consent")
        << u"scanner/dangerous/net_requests_get.py"_s << QStringList() << 3 << u"not-run"_s;
    QTest::addRow("untrusted author, no consent")
        << u"passes.py"_s << QStringList{u"--author-association"_s, u"NONE"_s} << 3 << u"not-run"_s;
    QTest::addRow("untrusted author, consent")
        << u"passes.py"_s << QStringList{u"--author-association"_s, u"NONE"_s, u"--consent"_s, u"oncall-bob"_s} << 0
        << u"passed"_s;
    QTest::addRow("trusted author") << u"passes.py"_s << QStringList{u"--author-association"_s, u"MEMBER"_s} << 0
                                    << u"passed"_s;
    QTest::addRow("does not parse") << u"scanner/dangerous/notebook_pip.py"_s
                                    << QStringList{u"--consent"_s, u"oncall-bob"_s} << 3 << u"not-run"_s;
}

void TestReproCommand::gatesOnConsent()
{
    QFETCH(QString, file);
    QFETCH(QStringList, options);
    QFETCH(int, exitCode);
    QFETCH(QString, outcome);
    const Run result = run(QStringList{u"run"_s, TestData::path(u"repro/"_s + file), u"--runs"_s, u"1"_s} + options);
    QCOMPARE(result.exitCode, exitCode);
    QCOMPARE(result.json.value(u"outcome"_s).toString(), outcome);
    if (options.contains(u"--consent"_s) && exitCode == 0)
        QCOMPARE(result.json.value(u"consent"_s).toObject().value(u"reviewer"_s).toString(), u"oncall-bob"_s);
}

QString TestReproCommand::writeIssue(const QString &title, const QString &prose, const QString &script)
{
    static int n = 0;
    const QString code = QString::fromUtf8(TestData::read(u"repro/"_s + script));
    const QJsonObject issue{{u"number"_s, 7000 + ++n},
                            {u"title"_s, title},
                            {u"body"_s, QString(prose + u"\n\n```python\n"_s + code + u"```\n"_s)},
                            {u"labels"_s, QJsonArray()},
                            {u"comments"_s, QJsonArray()},
                            {u"author"_s, QJsonObject{{u"login"_s, u"alice"_s}}},
                            {u"authorAssociation"_s, u"MEMBER"_s},
                            {u"state"_s, u"OPEN"_s},
                            {u"createdAt"_s, u"2025-01-01T00:00:00Z"_s},
                            {u"updatedAt"_s, u"2025-01-01T00:00:00Z"_s}};
    const QString path = m_home->filePath(u"issue-%1.json"_s.arg(n));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(QJsonDocument(issue).toJson()) < 0)
        qFatal("cannot write the issue fixture");
    return path;
}

void TestReproCommand::runsFromIssue_data()
{
    QTest::addColumn<QString>("title");
    QTest::addColumn<QString>("prose");
    QTest::addColumn<QString>("script");
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QString>("outcome");
    QTest::addColumn<bool>("reproduces");
    QTest::addColumn<bool>("ran");
    QTest::addColumn<QStringList>("shown"); // in the JSON text

    QTest::addRow("NCCL and two GPUs: cannot run here, nothing runs")
        << u"all_reduce over NCCL returns garbage"_s << u"Two GPUs, NCCL:"_s << u"nccl_only.py"_s << QStringList()
        << u"cannot-run-here"_s << false << false
        << QStringList{u"cannot run here: needs 2 CUDA GPUs and NCCL"_s, u"\"NCCL\""_s};
    QTest::addRow("the CPU variant runs, labelled as one")
        << u"all_reduce over NCCL returns garbage"_s << u"Two GPUs, NCCL:"_s << u"nccl_only.py"_s
        << QStringList{u"--cpu-variant"_s} << u"passed"_s << false << true
        << QStringList{u"\"variant\": \"cpu\""_s, u"run as the cpu variant, not as posted"_s, u"gloo"_s};
    QTest::addRow("a reported hang that times out reproduces")
        << u"barrier hangs forever with two ranks"_s
        << u"Save as `hang_barrier.py` and run `torchrun --nproc_per_node=2 hang_barrier.py`; it never returns:"_s
        << u"hang_barrier.py"_s << QStringList{u"--timeout"_s, u"30"_s} << u"timed-out"_s << true << true
        << QStringList{u"hang reproduced: timed out after 30 s (killed by the console)"_s, u"stopped first"_s};
    QTest::addRow("print-only: no check")
        << u"compiled cumsum is off by one"_s << u"The two printed results differ:"_s << u"print_mismatch.py"_s
        << QStringList() << u"no-check"_s << false << true << QStringList{u"no pass/fail check"_s};
    QTest::addRow("a reported crash: surviving it is the check, prints or not")
        << u"sum of an empty tensor aborts with SIGFPE"_s
        << u"The process dies with Floating point exception (core dumped):"_s << u"crash_print_only.py"_s
        << QStringList() << u"passed"_s << false << true
        << QStringList{u"the reported crash did not happen"_s, u"\"crashReported\": true"_s};
    QTest::addRow("a graph break nothing makes fail: no check, asserts or not")
        << u"explicit graph break splits f into two graphs"_s << u"Seen with TORCH_LOGS=graph_breaks:"_s
        << u"graph_break_silent.py"_s << QStringList() << u"no-check"_s << false << true
        << QStringList{u"shows only in compile logs"_s, u"\"compileSymptom\": true"_s};
    QTest::addRow("the same graph break under fullgraph=True shows itself")
        << u"explicit graph break splits f into two graphs"_s << u"Seen with TORCH_LOGS=graph_breaks:"_s
        << u"graph_break_fullgraph.py"_s << QStringList() << u"same-error"_s << true << true
        << QStringList{u"torch._dynamo.exc.Unsupported"_s, u"\"seesCompileSymptoms\": true"_s};
    QTest::addRow("print-only with the assert_close edit")
        << u"compiled cumsum is off by one"_s << u"The two printed results differ:"_s << u"print_mismatch.py"_s
        << QStringList{u"--add-assert-close"_s} << u"same-error"_s << true << true
        << QStringList{u"torch.testing.assert_close(eager, compiled)"_s, u"\"variant\": \"assert-close\""_s};
    // The scrub playbook's actionability check comes first: a tracker is reported, not run (#28 item 9).
    QTest::addRow("a tracker: not run, the finding with its evidence")
        << u"[Tracker] compiled cumsum results"_s << u"The two printed results differ:"_s << u"print_mismatch.py"_s
        << QStringList() << u"not-run"_s << false << false
        << QStringList{u"\"kind\": \"tracker\""_s, u"not actionable: A tracking issue ([Tracker] compiled cumsum"_s,
                       u"--go-on runs it anyway"_s};
    QTest::addRow("a tracker, and the reviewer goes on")
        << u"[Tracker] compiled cumsum results"_s << u"The two printed results differ:"_s << u"print_mismatch.py"_s
        << QStringList{u"--go-on"_s} << u"no-check"_s << false << true << QStringList{u"\"kind\": \"tracker\""_s};
    // Item 13: a reviewer's variables reach the run.
    QTest::addRow("--set TORCH_LOGS=+dynamo reaches the run")
        << u"logging flag has no effect"_s << u"It fails:"_s << u"reads_torch_logs.py"_s
        << QStringList{u"--set"_s, u"TORCH_LOGS=+dynamo"_s} << u"failed"_s << false << true
        << QStringList{u"TORCH_LOGS is +dynamo"_s, u"\"variables\": {"_s};
}

void TestReproCommand::refusesBadVariables()
{
    const QString issue = writeIssue(u"logging flag"_s, u"It fails:"_s, u"reads_torch_logs.py"_s);
    const Run result = run({u"run"_s, u"--issue"_s, issue, u"--set"_s, u"TORCH_LOGS"_s});
    QCOMPARE(result.exitCode, 2); // a usage error, as the other options'
    QVERIFY2(result.err.contains("--set: “TORCH_LOGS” is not NAME=VALUE"), result.err.constData());
}

void TestReproCommand::runsFromIssue()
{
    QFETCH(QString, title);
    QFETCH(QString, prose);
    QFETCH(QString, script);
    QFETCH(QStringList, options);
    QFETCH(QString, outcome);
    QFETCH(bool, reproduces);
    QFETCH(bool, ran);
    QFETCH(QStringList, shown);

    const QString issue = writeIssue(title, prose, script);
    const Run result = run(QStringList{u"run"_s, u"--issue"_s, issue, u"--runs"_s, u"1"_s} + options, 420000);
    const QString json = QString::fromUtf8(QJsonDocument(result.json).toJson());
    QVERIFY2(result.exitCode == 0, result.err.right(3000).constData());
    QVERIFY2(result.json.value(u"outcome"_s).toString() == outcome, qPrintable(json.left(4000)));
    QCOMPARE(result.json.value(u"reproduces"_s).toBool(), reproduces);
    QVERIFY(result.json.value(u"needs"_s).isArray());
    QCOMPARE(result.err.contains("── run 1/1"), ran);
    for (const QString &text : shown)
        QVERIFY2(json.contains(text), qPrintable(text + u" not in "_s + json.left(4000)));
    // Whatever the outcome, the actionability check ran first and its stops carry the labels the playbook adds.
    const QJsonArray stops = result.json.value(u"actionability"_s).toObject().value(u"stops"_s).toArray();
    if (title.startsWith(u"[Tracker]"_s)) {
        QCOMPARE(stops.size(), 1);
        QCOMPARE(stops.at(0).toObject().value(u"addLabels"_s).toArray(), QJsonArray{u"tracker"_s});
    } else {
        QVERIFY(stops.isEmpty());
    }
}

void TestReproCommand::runsAsNormalUser_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("outcome");
    QTest::addColumn<QString>("shown"); // in the streamed output or the JSON
    QTest::addRow("torch.compile on inductor")
        << QStringList{TestData::path(u"repro/compiled_backend.py"_s), u"--expect"_s, u"ValueError: cmp-inductor-ok"_s,
                       u"--timeout"_s, u"600"_s, u"--"_s, u"inductor"_s}
        << u"same-error"_s << u"compiled as nobody"_s;
    QTest::addRow("torchrun, two Gloo ranks, rank 1 fails")
        << QStringList{TestData::path(u"repro/torchrun_rank_fails.py"_s), u"--launcher"_s,
                       u"torchrun --nproc_per_node=2"_s, u"--expect"_s,
                       u"RuntimeError: rank 1 rejects the reduced sum"_s, u"--timeout"_s, u"180"_s}
        << u"same-error"_s << u"rank 1: exit 1"_s;
}

void TestReproCommand::runsAsNormalUser()
{
    // Started by root, a run drops to a uid of its own inside the sandbox; started by a desktop user, bwrap
    // needs a user namespace instead. Run the console itself as `nobody` to see that second path work.
    if (geteuid() != 0)
        QSKIP("not root: the other runs of this test are already a normal user's");
    const QString setpriv = QStandardPaths::findExecutable(u"setpriv"_s);
    if (setpriv.isEmpty())
        QSKIP("no setpriv to become a normal user with");
    const QStringList asNobody{u"--reuid=nobody"_s, u"--regid=nogroup"_s, u"--clear-groups"_s};
    if (QProcess::execute(setpriv, asNobody + QStringList{u"unshare"_s, u"--user"_s, u"true"_s}) != 0)
        QSKIP("a normal user cannot make a user namespace here (inside a chroot, or the kernel forbids it)");

    QFETCH(QStringList, arguments);
    QFETCH(QString, outcome);
    QFETCH(QString, shown);
    QTemporaryDir home;
    QVERIFY(home.isValid());
    QVERIFY(QFile::setPermissions(home.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                                   QFileDevice::ExeOwner | QFileDevice::ReadOther |
                                                   QFileDevice::WriteOther | QFileDevice::ExeOther));
    QProcess process;
    QProcessEnvironment env;
    env.insert(u"PATH"_s, qEnvironmentVariable("PATH"));
    env.insert(u"HOME"_s, home.path());
    env.insert(u"XDG_CONFIG_HOME"_s, home.filePath(u"config"_s));
    env.insert(u"XDG_CACHE_HOME"_s, home.filePath(u"cache"_s));
    env.insert(u"XDG_DATA_HOME"_s, home.filePath(u"data"_s));
    process.setProcessEnvironment(env);
    QSignalSpy finished(&process, &QProcess::finished);
    process.start(setpriv, asNobody + QStringList{QStringLiteral(TRIAGE_CONSOLE_BINARY), u"repro"_s, u"run"_s,
                                                  u"--runs"_s, u"1"_s} +
                               arguments);
    QVERIFY(finished.wait(720000));
    const QByteArray err = process.readAllStandardError();
    const QJsonObject json = QJsonDocument::fromJson(process.readAllStandardOutput()).object();
    const QString seen = QString::fromUtf8(err + '\n' + QJsonDocument(json).toJson());
    QVERIFY2(process.exitCode() == 0, err.right(3000).constData());
    QVERIFY2(json.value(u"outcome"_s).toString() == outcome, qPrintable(seen.right(4000)));
    QVERIFY2(seen.contains(shown), qPrintable(shown + u" not in "_s + seen.right(4000)));
    QVERIFY(!seen.contains(u"sandbox-refused"_s));
}

QTEST_GUILESS_MAIN(TestReproCommand)
#include "tst_reprocommand.moc"
