// SPDX-License-Identifier: MIT
#include "engine/similar/similarityindex.h"
#include "engine/store/issuestore.h"
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
class tst_ReproCommand final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
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
    void stopsOnALikelyDuplicate_data();
    void stopsOnALikelyDuplicate();

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

void tst_ReproCommand::initTestCase()
{
    m_home = std::make_unique<QTemporaryDir>();
    QVERIFY(m_home->isValid());
}

tst_ReproCommand::Run tst_ReproCommand::run(const QStringList &arguments, int waitMs)
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

void tst_ReproCommand::scans_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("rule");
    QTest::addRow("dangerous") << u"scanner/dangerous/obf_base64_exec.py"_s << 1 << u"obfuscation"_s;
    QTest::addRow("benign") << u"scanner/benign/mp_spawn_gloo.py"_s << 0 << QString();
    QTest::addRow("notebook") << u"scanner/dangerous/notebook_pip.py"_s << 1 << u"parse-error"_s;
}

void tst_ReproCommand::scans()
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

void tst_ReproCommand::extracts()
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

void tst_ReproCommand::runsAndClassifies()
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

void tst_ReproCommand::gatesOnConsent_data()
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

void tst_ReproCommand::gatesOnConsent()
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

QString tst_ReproCommand::writeIssue(const QString &title, const QString &prose, const QString &script)
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

void tst_ReproCommand::runsFromIssue_data()
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

void tst_ReproCommand::refusesBadVariables()
{
    const QString issue = writeIssue(u"logging flag"_s, u"It fails:"_s, u"reads_torch_logs.py"_s);
    const Run result = run({u"run"_s, u"--issue"_s, issue, u"--set"_s, u"TORCH_LOGS"_s});
    QCOMPARE(result.exitCode, 2); // a usage error, as the other options'
    QVERIFY2(result.err.contains("--set: “TORCH_LOGS” is not NAME=VALUE"), result.err.constData());
}

void tst_ReproCommand::runsFromIssue()
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

void tst_ReproCommand::runsAsNormalUser_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("outcome");
    QTest::addColumn<QString>("shown"); // in the streamed output or the JSON
    QTest::addRow("torch.compile on inductor") << QStringList{TestData::path(u"repro/compiled_backend.py"_s),
                                                              u"--expect"_s,
                                                              u"ValueError: cmp-inductor-ok"_s,
                                                              u"--timeout"_s,
                                                              u"600"_s,
                                                              u"--"_s,
                                                              u"inductor"_s}
                                               << u"same-error"_s << u"compiled as nobody"_s;
    QTest::addRow("torchrun, two Gloo ranks, rank 1 fails")
        << QStringList{TestData::path(u"repro/torchrun_rank_fails.py"_s),
                       u"--launcher"_s,
                       u"torchrun --nproc_per_node=2"_s,
                       u"--expect"_s,
                       u"RuntimeError: rank 1 rejects the reduced sum"_s,
                       u"--timeout"_s,
                       u"180"_s}
        << u"same-error"_s << u"rank 1: exit 1"_s;
}

void tst_ReproCommand::runsAsNormalUser()
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
    process.start(setpriv,
                  asNobody +
                      QStringList{QStringLiteral(TRIAGE_CONSOLE_BINARY), u"repro"_s, u"run"_s, u"--runs"_s, u"1"_s} +
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

// #28 item 9 with #30: the store's similarity index names a likely duplicate, which stops the run like the text's
// findings; no store, or an index never built, says nothing and the run goes on.
void tst_ReproCommand::stopsOnALikelyDuplicate_data()
{
    QTest::addColumn<QString>("store"); // "indexed", "unindexed", "none"
    QTest::addColumn<int>("copyOf");    // the corpus issue whose words the new report repeats; 0: words of its own
    QTest::addColumn<int>("duplicateOf");

    QTest::addRow("a closed report of the same error: not run") << u"indexed"_s << 106 << 106;
    QTest::addRow("an open one: not run") << u"indexed"_s << 108 << 108;
    QTest::addRow("nothing close in the index: runs") << u"indexed"_s << 0 << 0;
    QTest::addRow("an index never built: runs") << u"unindexed"_s << 106 << 0;
    QTest::addRow("no store: runs") << u"none"_s << 106 << 0;
}

void tst_ReproCommand::stopsOnALikelyDuplicate()
{
    QFETCH(QString, store);
    QFETCH(int, copyOf);
    QFETCH(int, duplicateOf);
    QTemporaryDir dir;
    const QString path = dir.filePath(u"store.sqlite"_s);
    QList<Issue> corpus = TestData::issues(u"similar/corpus.json"_s);
    qint64 id = 1;
    for (Issue &issue : corpus) {
        for (Comment &comment : issue.comments)
            comment.id = id++;
    }
    if (store != u"none"_s) {
        auto issues = IssueStore::open(path);
        QVERIFY2(issues.ok(), qPrintable(issues.error()));
        QueueSpec spec;
        spec.setRepository(u"pytorch/pytorch"_s);
        spec.state = QueueState::All;
        SyncState state;
        state.queueId = issues.value()->ensureQueue(spec).value();
        QVERIFY(issues.value()->writePage(u"pytorch/pytorch"_s, corpus, state).ok());
    }
    if (store == u"indexed"_s) {
        auto index = SimilarityIndex::open(path);
        QVERIFY2(index.ok(), qPrintable(index.error()));
        QVERIFY(index.value()->catchUp().ok());
    }
    // A new report in the words of a stored one, with a runnable script.
    QString title = u"Building a custom C++ extension fails with an old compiler"_s;
    QString prose = u"setuptools picks gcc 7 and the extension's templates do not compile."_s;
    for (const Issue &issue : std::as_const(corpus)) {
        if (issue.number == copyOf) {
            title = issue.title;
            prose = issue.body;
        }
    }
    const QString code = QString::fromUtf8(TestData::read(u"repro/passes.py"_s));
    const QJsonObject issue{{u"number"_s, 9500 + copyOf},
                            {u"title"_s, title},
                            {u"body"_s, QString(prose + u"\n\n```python\n"_s + code + u"```\n"_s)},
                            {u"labels"_s, QJsonArray()},
                            {u"comments"_s, QJsonArray()},
                            {u"author"_s, QJsonObject{{u"login"_s, u"alice"_s}}},
                            {u"authorAssociation"_s, u"MEMBER"_s},
                            {u"state"_s, u"OPEN"_s},
                            {u"url"_s, u"https://github.com/pytorch/pytorch/issues/%1"_s.arg(9500 + copyOf)},
                            {u"createdAt"_s, u"2026-01-01T00:00:00Z"_s},
                            {u"updatedAt"_s, u"2026-01-01T00:00:00Z"_s}};
    const QString file = dir.filePath(u"issue.json"_s);
    QFile out(file);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(QJsonDocument(QJsonArray{issue}).toJson());
    out.close();

    const Run result =
        run({u"run"_s, u"--issue"_s, file, u"--store"_s, path, u"--runs"_s, u"1"_s, u"--timeout"_s, u"120"_s}, 420000);
    const QString json = QString::fromUtf8(QJsonDocument(result.json).toJson());
    QVERIFY2(result.exitCode == 0, result.err.right(3000).constData());
    const QJsonArray stops = result.json.value(u"actionability"_s).toObject().value(u"stops"_s).toArray();
    QCOMPARE(stops.size(), duplicateOf != 0 ? 1 : 0);
    QCOMPARE(result.err.contains("── run 1/1"), duplicateOf == 0);
    QVERIFY2(!result.err.contains("the duplicate check:"), result.err.constData());
    if (duplicateOf == 0)
        return;
    const QJsonObject stop = stops.at(0).toObject();
    QCOMPARE(stop.value(u"kind"_s).toString(), u"duplicate"_s);
    QCOMPARE(stop.value(u"duplicateOf"_s).toInt(), duplicateOf);
    QCOMPARE(stop.value(u"where"_s).toString(), u"the similarity index"_s);
    QVERIFY(stop.value(u"similarity"_s).toDouble() >= 0.4);
    QCOMPARE(result.json.value(u"outcome"_s).toString(), u"not-run"_s);
    QVERIFY2(json.contains(u"not actionable: Likely a duplicate of #%1 (likely duplicate of #%1 ("_s.arg(duplicateOf)),
             qPrintable(json.left(3000)));
}

QTEST_GUILESS_MAIN(tst_ReproCommand)
#include "tst_reprocommand.moc"
