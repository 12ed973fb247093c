// SPDX-License-Identifier: MIT
#include "engine/core/issuejsonreader.h"
#include "engine/repro/errorsignature.h"
#include "engine/repro/reproextractor.h"
#include "tests/support/testdata.h"

#include <QTest>

using namespace Qt::StringLiterals;

class tst_ReproExtractor final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsReportedHangAndImpliedError_data();
    void readsReportedHangAndImpliedError();
    void lastRaisedReadsDynamoUnsupported();
    void findsBlockAndReportedError();
    void prefersOriginalPostersMostRecent();
    void commenterStrictlyShorterWins_data();
    void commenterStrictlyShorterWins();
    void screenshotsAndNothing_data();
    void screenshotsAndNothing();
    void attachesLauncher();
    void joinsBlocksOfOneProgram();
    void skipsOutputAndEnvironmentBlocks();
    void stripsInteractivePrompts();
    void readsFixture();
    void distinctivePart_data();
    void distinctivePart();
    void foundIn_data();
    void foundIn();
    void lastRaised();
    void lastRaisedThroughRankPrefix_data();
    void lastRaisedThroughRankPrefix();
};

namespace {

QString fence(const QString &language, const QString &code)
{
    return u"```"_s + language + u'\n' + code + u"\n```\n"_s;
}

Comment comment(const QString &author, const QString &association, const QString &body, int day)
{
    Comment c;
    c.author = author;
    c.authorAssociation = association;
    c.body = body;
    c.createdAt = QDateTime(QDate(2026, 3, day), QTime(10, 0), QTimeZone::UTC);
    return c;
}

Issue issueWith(const QString &body)
{
    Issue issue;
    issue.number = 4242;
    issue.author = u"alice"_s;
    issue.authorAssociation = u"NONE"_s;
    issue.body = body;
    issue.createdAt = QDateTime(QDate(2026, 3, 1), QTime(9, 0), QTimeZone::UTC);
    return issue;
}

const QString LongRepro = u"import torch\nimport torch.nn as nn\n\nclass M(nn.Module):\n    def forward(self, x):\n"
                          u"        return x.view(-1)\n\nm = M()\nx = torch.randn(4, 4).t()\nprint(m(x))\n"_s;
const QString Traceback = u"Traceback (most recent call last):\n  File \"repro.py\", line 9, in <module>\n"
                          u"    print(m(x))\nRuntimeError: view size is not compatible with input tensor's size and "
                          u"stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) "
                          u"instead."_s;

} // namespace

void tst_ReproExtractor::findsBlockAndReportedError()
{
    const Issue issue = issueWith(u"### Bug\n\n"_s + fence(u"python"_s, LongRepro) + u"\nOutput:\n"_s +
                                  fence(QString(), Traceback) + u"### Versions\n"_s +
                                  fence(QString(), u"Collecting environment information...\nPyTorch version: 2.6"_s));
    const ReproExtraction e = ReproExtractor::extract(issue);
    QCOMPARE(e.status, ReproExtraction::Status::Found);
    QCOMPARE(e.candidates.size(), 1);
    QCOMPARE(e.chosen, 0);
    QVERIFY(e.candidates.first().fromOriginalPoster);
    QVERIFY(e.candidates.first().selfContained);
    QCOMPARE(e.reported.exceptionClass, u"RuntimeError"_s);
    QCOMPARE(e.reported.message, u"view size is not compatible with input tensor's size and stride"_s);
    QCOMPARE(e.reportedFrom, u"issue body"_s);
    QVERIFY(!e.needsReproduction());
}

void tst_ReproExtractor::prefersOriginalPostersMostRecent()
{
    Issue issue = issueWith(fence(u"python"_s, LongRepro));
    const QString updated = LongRepro + u"print('updated')\n"_s;
    issue.comments << comment(u"bob"_s, u"MEMBER"_s, u"Can you share a smaller one?"_s, 2)
                   << comment(u"alice"_s, u"NONE"_s, u"Updated:\n"_s + fence(u"py"_s, updated), 3);
    const ReproExtraction e = ReproExtractor::extract(issue);
    QCOMPARE(e.candidates.size(), 2);
    QCOMPARE(e.chosenCandidate()->commentIndex, 1);
    QCOMPARE(e.chosenCandidate()->code, updated);
    QVERIFY(e.reason.contains(u"most recent"_s));
}

void tst_ReproExtractor::commenterStrictlyShorterWins_data()
{
    QTest::addColumn<QString>("commenterCode");
    QTest::addColumn<bool>("commenterWins");
    QTest::addRow("shorter, self-contained") << u"import torch\nx = torch.randn(4, 4).t()\nx.view(-1)\n"_s << true;
    QTest::addRow("shorter, leans on the issue") << u"x.view(-1)\n"_s << false;
    QTest::addRow("shorter, elided") << u"import torch\n...\nx.view(-1)\n"_s << false;
    QTest::addRow("same length") << LongRepro << false;
}

void tst_ReproExtractor::commenterStrictlyShorterWins()
{
    QFETCH(QString, commenterCode);
    QFETCH(bool, commenterWins);
    Issue issue = issueWith(fence(u"python"_s, LongRepro));
    issue.comments << comment(u"carol"_s, u"CONTRIBUTOR"_s, u"Smaller:\n"_s + fence(u"python"_s, commenterCode), 4);
    const ReproExtraction e = ReproExtractor::extract(issue);
    QCOMPARE(e.chosenCandidate()->author, commenterWins ? u"carol"_s : u"alice"_s);
    if (commenterWins)
        QVERIFY(e.reason.contains(u"strictly shorter"_s));
}

void tst_ReproExtractor::screenshotsAndNothing_data()
{
    QTest::addColumn<QString>("body");
    QTest::addColumn<int>("status");
    QTest::addRow("markdown image") << u"It crashes:\n![repro](https://github.com/user-attachments/assets/abc)"_s
                                    << int(ReproExtraction::Status::ScreenshotOnly);
    QTest::addRow("img tag") << u"<img width=\"600\" src=\"https://user-images.githubusercontent.com/1/x.png\">"_s
                             << int(ReproExtraction::Status::ScreenshotOnly);
    QTest::addRow("prose only") << u"Training gets slower after upgrading to 2.6."_s
                                << int(ReproExtraction::Status::None);
    QTest::addRow("only a traceback") << fence(QString(), Traceback) << int(ReproExtraction::Status::None);
}

void tst_ReproExtractor::screenshotsAndNothing()
{
    QFETCH(QString, body);
    QFETCH(int, status);
    const ReproExtraction e = ReproExtractor::extract(issueWith(body));
    QCOMPARE(int(e.status), status);
    QVERIFY(e.needsReproduction());
    QCOMPARE(e.chosen, -1);
    QVERIFY(e.reason.contains(u"needs reproduction"_s));
}

void tst_ReproExtractor::attachesLauncher()
{
    const QString body = u"Save as `repro.py`:\n"_s +
                         fence(u"python"_s, u"import torch.distributed as dist\ndist.init_process_group('gloo')\n"_s) +
                         u"and run\n"_s +
                         fence(u"bash"_s, u"$ torchrun --nproc_per_node=2 --standalone repro.py --steps 3"_s);
    const ReproExtraction e = ReproExtractor::extract(issueWith(body));
    QCOMPARE(e.candidates.size(), 1);
    const ReproCandidate &c = e.candidates.first();
    QCOMPARE(c.scriptName, u"repro.py"_s);
    QCOMPARE(c.launcher, (QStringList{u"torchrun"_s, u"--nproc_per_node=2"_s, u"--standalone"_s}));
    QCOMPARE(c.scriptArguments, (QStringList{u"--steps"_s, u"3"_s}));
    QVERIFY(e.reason.contains(u"torchrun"_s));

    const QString plain =
        fence(u"python"_s, u"# bug.py\nimport torch\nprint(torch.ones(1))"_s) + u"Run with `python bug.py --n 2`."_s;
    const ReproExtraction p = ReproExtractor::extract(issueWith(plain));
    QCOMPARE(p.candidates.first().scriptName, u"bug.py"_s);
    QVERIFY(p.candidates.first().launcher.isEmpty());
    QCOMPARE(p.candidates.first().scriptArguments, (QStringList{u"--n"_s, u"2"_s}));
}

void tst_ReproExtractor::joinsBlocksOfOneProgram()
{
    const QString body =
        u"Model:\n"_s +
        fence(u"python"_s,
              u"import torch\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n        return x\n"_s) +
        u"Then:\n"_s + fence(u"python"_s, u"m = torch.compile(M())\nm(torch.ones(2))"_s);
    const ReproExtraction e = ReproExtractor::extract(issueWith(body));
    QCOMPARE(e.candidates.size(), 1);
    QCOMPARE(e.candidates.first().blockCount, 2);
    QVERIFY(e.candidates.first().code.contains(u"class M"_s));
    QVERIFY(e.candidates.first().code.contains(u"torch.compile(M())"_s));
    QVERIFY(e.reason.contains(u"joins 2 blocks"_s));

    // Two blocks that each import are two repros, not one program.
    const QString two =
        fence(u"python"_s, u"import torch\nprint(1)"_s) + fence(u"python"_s, u"import torch\nprint(2)"_s);
    QCOMPARE(ReproExtractor::extract(issueWith(two)).candidates.size(), 2);
}

void tst_ReproExtractor::skipsOutputAndEnvironmentBlocks()
{
    const QList<FencedBlock> blocks = ReproExtractor::fencedBlocks(
        fence(u"python"_s, u"import torch"_s) + fence(u"text"_s, u"tensor([1.])"_s) + u"~~~\nimport os\n~~~\n"_s +
        fence(QString(), u"Collecting environment information...\nimport x"_s));
    QCOMPARE(blocks.size(), 4);
    QCOMPARE(blocks.at(0).language, u"python"_s);
    QVERIFY(ReproExtractor::looksLikePython(blocks.at(0)));
    QVERIFY(!ReproExtractor::looksLikePython(blocks.at(1)));
    QVERIFY(ReproExtractor::looksLikePython(blocks.at(2)));
    QVERIFY(!ReproExtractor::looksLikePython(blocks.at(3)));
    QVERIFY(ReproExtractor::looksLikeTraceback(Traceback));
}

void tst_ReproExtractor::stripsInteractivePrompts()
{
    const ReproExtraction e = ReproExtractor::extract(
        issueWith(fence(u"pycon"_s, u">>> import torch\n>>> torch.ones(2).sum()\ntensor(2.)\n>>> for i in range(2):\n"
                                    u"...     print(i)\n"_s)));
    QCOMPARE(e.candidates.size(), 1);
    QCOMPARE(e.candidates.first().code, u"import torch\ntorch.ones(2).sum()\nfor i in range(2):\n    print(i)"_s);
}

void tst_ReproExtractor::readsFixture()
{
    const auto issues = IssueJsonReader::readFile(TestData::path(u"repro/issue-distributed.json"_s));
    QVERIFY2(issues.ok(), qPrintable(issues.error()));
    const ReproExtraction e = ReproExtractor::extract(issues->first());
    QCOMPARE(e.status, ReproExtraction::Status::Found);
    QCOMPARE(e.candidates.size(), 3);
    QCOMPARE(e.chosenCandidate()->author, u"dist-helper"_s);
    QCOMPARE(e.reported.exceptionClass, u"torch.distributed.DistBackendError"_s);
    QVERIFY(e.reported.message.startsWith(u"Connection closed by peer"_s));
    QCOMPARE(e.reportedMessage, u"Connection closed by peer [127.0.0.1]:40510"_s);
    QCOMPARE(e.candidates.first().launcher, (QStringList{u"torchrun"_s, u"--nproc_per_node=1"_s}));
}

void tst_ReproExtractor::distinctivePart_data()
{
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("part");
    QTest::addRow("shapes") << u"mat1 and mat2 shapes cannot be multiplied (3x4 and 5x2)"_s
                            << u"mat1 and mat2 shapes cannot be multiplied"_s;
    QTest::addRow("dtype") << u"expected scalar type Float but found Double"_s
                           << u"expected scalar type Float but found Double"_s;
    QTest::addRow("address") << u"invalid pointer 0x7f3a2c001000 passed to free"_s << u"invalid pointer"_s;
    QTest::addRow("short") << u"CUDA error: 700"_s << u"CUDA error: 700"_s;
    QTest::addRow("multi-line") << u"Boolean value of Tensor with more than one value is ambiguous\nmore"_s
                                << u"Boolean value of Tensor with more than one value is ambiguous"_s;
}

void tst_ReproExtractor::distinctivePart()
{
    QFETCH(QString, message);
    QFETCH(QString, part);
    QCOMPARE(ErrorSignature::distinctivePart(message), part);
}

void tst_ReproExtractor::foundIn_data()
{
    QTest::addColumn<QString>("expected");
    QTest::addColumn<QString>("output");
    QTest::addColumn<bool>("found");
    QTest::addRow("same") << u"RuntimeError: expected scalar type Float"_s
                          << u"Traceback…\nRuntimeError: expected scalar type Float but found Double"_s << true;
    QTest::addRow("other class") << u"RuntimeError: expected scalar type Float"_s
                                 << u"ValueError: expected scalar type Float"_s << false;
    QTest::addRow("other message") << u"RuntimeError: expected scalar type Float"_s
                                   << u"RuntimeError: mat1 and mat2 shapes cannot be multiplied"_s << false;
    QTest::addRow("dotted class") << u"DistBackendError: Connection closed"_s
                                  << u"torch.distributed.DistBackendError: Connection closed by peer"_s << true;
    QTest::addRow("wrapped message") << u"RuntimeError: stride (at least one dimension spans"_s
                                     << u"RuntimeError: view size is not compatible with input tensor's size and\n"
                                        u"stride (at least one dimension spans"_s
                                     << true;
    QTest::addRow("class only") << u"StopIteration"_s << u"StopIteration: \n"_s << true;
    QTest::addRow("mp.spawn nested") << u"ValueError: bad rank"_s
                                     << u"torch.multiprocessing.spawn.ProcessRaisedException:\n\n-- Process 1 "
                                        u"terminated with the following error:\nTraceback (most recent call last):\n"
                                        u"  File \"x.py\"\nValueError: bad rank 3\n"_s
                                     << true;
}

void tst_ReproExtractor::foundIn()
{
    QFETCH(QString, expected);
    QFETCH(QString, output);
    QFETCH(bool, found);
    QCOMPARE(ErrorSignature::parse(expected).foundIn(output), found);
}

void tst_ReproExtractor::lastRaised()
{
    const QString chained = u"Traceback (most recent call last):\n  File \"a\"\nKeyError: 'w'\n\nDuring handling of "
                            u"the above exception, another exception occurred:\n\nTraceback (most recent call last):\n"
                            u"  File \"b\"\n    raise ValueError(\"bad\")\nValueError: bad weight name\n"_s;
    const ErrorSignature sig = ErrorSignature::lastRaised(chained);
    QCOMPARE(sig.exceptionClass, u"ValueError"_s);
    QCOMPARE(sig.message, u"bad weight name"_s);
    QCOMPARE(ErrorSignature::parse(u"torch._dynamo.exc.Unsupported: call_function"_s).exceptionClass,
             u"torch._dynamo.exc.Unsupported"_s);
}

// torchrun prefixes every line of a rank: the signature is read through it, as the output view reads it.
void tst_ReproExtractor::lastRaisedThroughRankPrefix_data()
{
    QTest::addColumn<QString>("output");
    QTest::addColumn<QString>("exceptionClass");
    QTest::addColumn<QString>("message");

    QTest::newRow("torchrun rank prefix")
        << u"[rank1]: Traceback (most recent call last):\n[rank1]:   File \"/tmp/repro.py\", line 9, in <module>\n"
           "[rank1]:     dist.all_reduce(t)\n[rank1]: RuntimeError: Detected mismatch between collectives\n"_s
        << u"RuntimeError"_s << u"Detected mismatch between collectives"_s;
    QTest::newRow("launcher's default prefix")
        << u"[default0]:Traceback (most recent call last):\n[default0]:  File \"x.py\", line 1\n"
           "[default0]:ValueError: bad split\n"_s
        << u"ValueError"_s << u"bad split"_s;
    QTest::newRow("no prefix") << u"Traceback (most recent call last):\n  File \"x.py\"\nKeyError: 'w'\n"_s
                               << u"KeyError"_s << u"'w'"_s;
}

void tst_ReproExtractor::lastRaisedThroughRankPrefix()
{
    QFETCH(QString, output);
    QFETCH(QString, exceptionClass);
    QFETCH(QString, message);
    const ErrorSignature sig = ErrorSignature::lastRaised(output);
    QCOMPARE(sig.exceptionClass, exceptionClass);
    QCOMPARE(sig.message, message);
    QVERIFY(sig.foundIn(output));
}

void tst_ReproExtractor::readsReportedHangAndImpliedError_data()
{
    QTest::addColumn<QString>("title");
    QTest::addColumn<QString>("body");
    QTest::addColumn<bool>("hang");
    QTest::addColumn<bool>("graphBreak");
    QTest::addColumn<bool>("crash");
    QTest::addColumn<bool>("compileSymptom"); // a graph break or recompile nothing is said to raise
    const QString code = u"\n\n```python\nimport torch\nprint('hangs? no: code is not prose')\n```\n"_s;
    QTest::addRow("hang in the title") << u"barrier hangs with two ranks"_s << code << true << false << false << false;
    QTest::addRow("deadlock in the prose")
        << u"spawn problem"_s << u"The children deadlock at exit."_s + code << true << false << false << false;
    QTest::addRow("only in the code") << u"wrong sum"_s << code << false << false << false << false;
    QTest::addRow("no longer hangs") << u"barrier no longer hangs"_s << code << false << false << false << false;
    QTest::addRow("graph break") << u"LazyGraphModule causes graph breaks"_s << code << false << true << false << true;
    QTest::addRow("fullgraph") << u"fullgraph=True fails on copy.copy"_s << code << false << true << false << false;
    QTest::addRow("plain error") << u"wrong result on CPU"_s << code << false << false << false << false;
    QTest::addRow("graph break that raises")
        << u"Graph break properly on dict key error"_s << u"A caught KeyError makes Dynamo raise."_s + code << false
        << true << false << false;
    QTest::addRow("graph count in the logs")
        << u"assert graph break stops tracing"_s << u"Only the first of two FX graphs is traced (graph logs)."_s + code
        << false << true << false << true;
    QTest::addRow("recompiles") << u"compiled f recompiles on every call"_s << code << false << false << false << true;
    QTest::addRow("SIGFPE") << u"all_gather aborts with Signal 8 (SIGFPE)"_s << code << false << false << true << false;
    QTest::addRow("segfault in the prose")
        << u"conv2d on empty input"_s << u"Segmentation fault (core dumped)."_s + code << false << false << true
        << false;
    QTest::addRow("no longer crashes") << u"conv no longer crashes"_s << code << false << false << false << false;
}

void tst_ReproExtractor::readsReportedHangAndImpliedError()
{
    QFETCH(QString, title);
    QFETCH(QString, body);
    QFETCH(bool, hang);
    QFETCH(bool, graphBreak);
    QFETCH(bool, crash);
    QFETCH(bool, compileSymptom);
    Issue issue;
    issue.number = 1;
    issue.title = title;
    issue.body = body;
    const ReproExtraction e = ReproExtractor::extract(issue);
    QCOMPARE(e.hangReported, hang);
    QCOMPARE(!e.impliedError.isEmpty(), graphBreak);
    if (graphBreak)
        QCOMPARE(e.impliedError.exceptionClass, u"torch._dynamo.exc.Unsupported"_s);
    QCOMPARE(e.crashReported, crash);
    QCOMPARE(e.compileSymptom, compileSymptom);
}

void tst_ReproExtractor::lastRaisedReadsDynamoUnsupported()
{
    // Dynamo's graph-break error has no Error/Exception suffix of its own to match on.
    const QString traceback = u"Traceback (most recent call last):\n  File \"/tmp/r.py\", line 3, in <module>\n"
                              u"    f(x)\ntorch._dynamo.exc.Unsupported: 'skip function copy in file copy.py'\n"_s;
    const ErrorSignature sig = ErrorSignature::lastRaised(traceback);
    QCOMPARE(sig.exceptionClass, u"torch._dynamo.exc.Unsupported"_s);
    QVERIFY(sig.message.contains(u"skip function copy"_s));
}

QTEST_APPLESS_MAIN(tst_ReproExtractor)
#include "tst_reproextractor.moc"
