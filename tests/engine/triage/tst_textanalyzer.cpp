// SPDX-License-Identifier: MIT
#include "engine/triage/textanalyzer.h"

#include <QTest>

using namespace Qt::StringLiterals;

namespace {

const QString Report =
    u"Training hangs when I call `dist.barrier()` on rank 1.\n"
    u"\n"
    u"```python\n"
    u"import torch.distributed as dist\n"
    u"from torch.distributed.fsdp import fully_shard, MixedPrecisionPolicy as MP\n"
    u"dist.init_process_group(\"nccl\")\n"
    u"model = fully_shard(model)\n"
    u"```\n"
    u"\n"
    u"Traceback (most recent call last):\n"
    u"  File \"/usr/lib/python3/site-packages/torch/distributed/fsdp/_runtime_utils.py\", line 12, in f\n"
    u"    handle.reshard()\n"
    u"torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:1970\n"
    u"[rank0]:[W socket.cpp:464] The server socket has failed to bind\n"
    u"NCCL INFO Channel 00/02 : 0 1\n"
    u"That is all I know.\n"_s;

} // namespace

class tst_TextAnalyzer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void segments_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("needle");
        QTest::addColumn<int>("kind");

        QTest::addRow("prose") << Report << u"Training hangs"_s << int(SegmentKind::Prose);
        QTest::addRow("inline code") << Report << u"dist.barrier()"_s << int(SegmentKind::Code);
        QTest::addRow("fenced code") << Report << u"model = fully_shard"_s << int(SegmentKind::Code);
        QTest::addRow("traceback header") << Report << u"most recent call"_s << int(SegmentKind::Traceback);
        QTest::addRow("traceback frame") << Report << u"_runtime_utils.py"_s << int(SegmentKind::Traceback);
        QTest::addRow("exception line") << Report << u"DistBackendError"_s << int(SegmentKind::Traceback);
        QTest::addRow("rank log line") << Report << u"server socket"_s << int(SegmentKind::Log);
        QTest::addRow("nccl log line") << Report << u"Channel 00/02"_s << int(SegmentKind::Log);
        QTest::addRow("prose after logs") << Report << u"all I know"_s << int(SegmentKind::Prose);
        QTest::addRow("unfenced code line") << u"I wrapped it:\nmodel = DDP(model, device_ids=[rank])\nthen it hung."_s
                                            << u"DDP(model"_s << int(SegmentKind::Code);
        QTest::addRow("unfenced import") << u"Repro:\nimport torch\nthen nothing."_s << u"import torch"_s
                                         << int(SegmentKind::Code);
        QTest::addRow("flattened traceback")
            << u"It fails: Traceback (most recent call last): File \"a/b.py\", line 1"_s << u"File"_s
            << int(SegmentKind::Traceback);
        QTest::addRow("flattened prose before it") << u"It fails: Traceback (most recent call last): File \"a/b.py\""_s
                                                   << u"It fails"_s << int(SegmentKind::Prose);
        QTest::addRow("glog line") << u"W0415 12:00:01.123 torch/distributed/elastic/api.py:897] Sending SIGTERM"_s
                                   << u"Sending"_s << int(SegmentKind::Log);
        QTest::addRow("timestamp line") << u"2024-05-01 10:00:00 INFO starting"_s << u"starting"_s
                                        << int(SegmentKind::Log);

        // Incidental text: present in the issue, about nothing in it.
        const QString withVersions = u"### Describe the bug\nfully_shard hangs on 2 nodes.\n\n### Versions\n"
                                     u"PyTorch version: 2.6.0\n[pip3] nvidia-nccl-cu12==2.21.5\n\n"
                                     u"### Additional context\nIt started after the upgrade.\n"_s;
        QTest::addRow("environment heading") << withVersions << u"### Versions"_s << int(SegmentKind::Incidental);
        QTest::addRow("environment section") << withVersions << u"nvidia-nccl"_s << int(SegmentKind::Incidental);
        QTest::addRow("prose before the section") << withVersions << u"fully_shard hangs"_s << int(SegmentKind::Prose);
        QTest::addRow("next heading ends the section")
            << withVersions << u"after the upgrade"_s << int(SegmentKind::Prose);
        QTest::addRow("fenced dump in the section")
            << u"## Versions\n```\nGPU models and configuration: 8x H100\n```\n## Repro\nhangs"_s << u"8x H100"_s
            << int(SegmentKind::Incidental);
        QTest::addRow("banner in a flattened body")
            << u"DTensor hangs. Collecting environment information... PyTorch version: 2.9"_s << u"PyTorch version"_s
            << int(SegmentKind::Incidental);
        QTest::addRow("prose before the banner")
            << u"DTensor hangs. Collecting environment information... PyTorch version: 2.9"_s << u"DTensor"_s
            << int(SegmentKind::Prose);
        QTest::addRow("pasted pip line") << u"I use\n[pip3] torchrec==1.0\nand it fails"_s << u"torchrec"_s
                                         << int(SegmentKind::Incidental);
        QTest::addRow("an environment in the reporter's words is prose")
            << u"## Environment\n2 nodes with 8 GPUs each, launched with torchrun.\n"_s << u"torchrun"_s
            << int(SegmentKind::Prose);
        QTest::addRow("cc list") << u"DDP hangs.\n\ncc @alice @bob"_s << u"@alice"_s << int(SegmentKind::Incidental);
        QTest::addRow("cc in prose is prose") << u"Please cc the owners."_s << u"owners"_s << int(SegmentKind::Prose);
        QTest::addRow("heading-like comment in code")
            << u"```python\n# Versions of the model\nmodel = DDP(model)\n```"_s << u"DDP(model)"_s
            << int(SegmentKind::Code);
    }

    void segments()
    {
        QFETCH(QString, text);
        QFETCH(QString, needle);
        QFETCH(int, kind);
        const AnalyzedText analyzed = TextAnalyzer::analyze(text, u"body"_s);
        const int at = int(text.indexOf(needle));
        QVERIFY(at >= 0);
        QCOMPARE(segmentKindName(analyzed.kindAt(at)), segmentKindName(SegmentKind(kind)));
    }

    void titleTags_data()
    {
        QTest::addColumn<QString>("title");
        QTest::addColumn<QStringList>("tags");

        QTest::addRow("one tag") << u"[FSDP] full_state_dict offload"_s << QStringList{u"[FSDP]"_s};
        QTest::addRow("two tags") << u"[FSDP2][DTensor] numeric bug"_s << QStringList{u"[FSDP2]"_s, u"[DTensor]"_s};
        QTest::addRow("spaced tags") << u" [DTensor] [c10d]: wrong"_s << QStringList{u"[DTensor]"_s, u"[c10d]"_s};
        QTest::addRow("no tag") << u"DDP hangs with [rank0] logs"_s << QStringList{};
        QTest::addRow("empty brackets") << u"[] DDP hangs"_s << QStringList{};
        QTest::addRow("unclosed") << u"[FSDP hangs"_s << QStringList{};
        QTest::addRow("too long to be a tag")
            << u"[this bracket holds a whole sentence rather than the name of a component at all] x"_s << QStringList{};
    }

    void titleTags()
    {
        QFETCH(QString, title);
        QFETCH(QStringList, tags);
        const AnalyzedText analyzed = TextAnalyzer::analyzeTitle(title);
        QStringList found;
        for (const Segment &tag : analyzed.tags)
            found.append(title.mid(tag.start, tag.length));
        QCOMPARE(found, tags);
        for (const Segment &tag : analyzed.tags)
            QVERIFY(analyzed.inTag(tag.start + 1, tag.length - 2));
        // A body is never read for tags: "[rank0]:" opens log lines.
        QVERIFY(TextAnalyzer::analyze(title, u"body"_s).tags.isEmpty());
    }

    void testNames_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("names");

        QTest::addRow("disabled test") << u"DISABLED test_hf_bert_ddp_inductor (__main__.TestFake)"_s
                                       << QStringList{u"test_hf_bert_ddp_inductor"_s};
        QTest::addRow("test file in a path")
            << u"test/distributed/test_symmetric_memory.py::SymmTest"_s << QStringList{u"test_symmetric_memory"_s};
        QTest::addRow("two names") << u"test_a_b fails, test_c too"_s << QStringList{u"test_a_b"_s, u"test_c"_s};
        QTest::addRow("not at a word start") << u"my_test_thing and latest_x"_s << QStringList{};
        QTest::addRow("bare prefix") << u"the test_ prefix"_s << QStringList{};
    }

    void testNames()
    {
        QFETCH(QString, text);
        QFETCH(QStringList, names);
        const AnalyzedText analyzed = TextAnalyzer::analyze(text, u"body"_s);
        QStringList found;
        for (const Segment &name : analyzed.testNames) {
            found.append(text.mid(name.start, name.length));
            QVERIFY(analyzed.inTestName(name.start + name.length - 1));
            QVERIFY(!analyzed.inTestName(name.start + name.length));
        }
        QCOMPARE(found, names);
    }

    // Where a test class's CamelCase words start: the component it names reads as a word of its own.
    void testClassWords_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("words"); // the class's words, in order, as the recorded starts split it

        QTest::addRow("ci report") << u"DISABLED test_x (__main__.TestInductorOpInfoCUDA)"_s
                                   << QStringList{u"Test"_s, u"Inductor"_s, u"Op"_s, u"Info"_s, u"CUDA"_s};
        QTest::addRow("acronym before a word")
            << u"DISABLED test_suspend (__main__.ProcessGroupNCCLGroupTest)"_s
            << QStringList{u"Process"_s, u"Group"_s, u"NCCL"_s, u"Group"_s, u"Test"_s};
        QTest::addRow("pytest node id") << u"test/distributed/test_c10d.py::DistTensorOpsTest::test_x"_s
                                        << QStringList{u"Dist"_s, u"Tensor"_s, u"Ops"_s, u"Test"_s};
        QTest::addRow("a test class in prose")
            << u"see TestFSDPCollectives for more"_s << QStringList{u"Test"_s, u"FSDP"_s, u"Collectives"_s};
        QTest::addRow("digits end a word")
            << u"(__main__.TestFp8Linear)"_s << QStringList{u"Test"_s, u"Fp8"_s, u"Linear"_s};
        QTest::addRow("any other CamelCase name is left whole")
            << u"DistributedDataParallel and UserDefinedObjectVariable"_s << QStringList{};
        QTest::addRow("lower-case after __main__") << u"__main__.helper_fn"_s << QStringList{};
        QTest::addRow("a C++ qualified name is no test class") << u"c10d::ProcessGroupNCCL::abort()"_s << QStringList{};
    }

    void testClassWords()
    {
        QFETCH(QString, text);
        QFETCH(QStringList, words);
        const AnalyzedText analyzed = TextAnalyzer::analyze(text, u"body"_s);
        QStringList found;
        if (!analyzed.testClassWordStarts.isEmpty()) {
            // The class runs from the identifier start before the first recorded start to its end.
            int start = analyzed.testClassWordStarts.constFirst();
            while (start > 0 && (text.at(start - 1).isLetterOrNumber() || text.at(start - 1) == u'_'))
                --start;
            int end = analyzed.testClassWordStarts.constLast();
            while (end < text.size() && (text.at(end).isLetterOrNumber() || text.at(end) == u'_'))
                ++end;
            QList<int> cuts = analyzed.testClassWordStarts;
            cuts.prepend(start);
            cuts.append(end);
            for (qsizetype i = 0; i + 1 < cuts.size(); ++i)
                found.append(text.mid(cuts.at(i), cuts.at(i + 1) - cuts.at(i)));
            QVERIFY(analyzed.startsTestClassWord(analyzed.testClassWordStarts.constFirst()));
            QVERIFY(!analyzed.startsTestClassWord(start));
        }
        QCOMPARE(found, words);
    }

    void importStatements_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("needle");
        QTest::addColumn<bool>("onImport");

        const QString script = u"import torch.distributed.rpc as rpc\nfrom torch.distributed.fsdp import (fully_shard,"
                               u" FSDPModule)\nmodel = fully_shard(model)\n"_s;
        QTest::addRow("import as") << script << u"torch.distributed.rpc"_s << true;
        QTest::addRow("alias") << script << u"rpc\n"_s << true;
        QTest::addRow("from module") << script << u"torch.distributed.fsdp"_s << true;
        QTest::addRow("last imported name") << script << u"FSDPModule"_s << true;
        QTest::addRow("the call is not") << script << u"fully_shard(model)"_s << false;
        QTest::addRow("flattened, after the import")
            << u"import torch.distributed as dist dist.all_reduce(t)"_s << u"all_reduce"_s << false;
    }

    void importStatements()
    {
        QFETCH(QString, text);
        QFETCH(QString, needle);
        QFETCH(bool, onImport);
        const AnalyzedText analyzed = TextAnalyzer::analyze(text, u"body"_s);
        const int at = int(text.indexOf(needle));
        QVERIFY(at >= 0);
        const int length = int(needle.trimmed().size());
        QCOMPARE(analyzed.inImportStatement(at, length), onImport);
    }

    void segmentsCoverTheText()
    {
        const AnalyzedText analyzed = TextAnalyzer::analyze(Report, u"body"_s);
        int cursor = 0;
        for (const Segment &segment : analyzed.segments) {
            QCOMPARE(segment.start, cursor);
            QVERIFY(segment.length > 0);
            cursor += segment.length;
        }
        QCOMPARE(cursor, int(Report.size()));
        QCOMPARE(analyzed.folded.size(), Report.size());
        QCOMPARE(analyzed.folded, Report.toLower());
    }

    void imports()
    {
        const AnalyzedText analyzed = TextAnalyzer::analyze(Report, u"body"_s);
        QStringList names;
        for (const CodeToken &token : analyzed.imports)
            names.append(token.resolved);
        QVERIFY2(names.contains(u"torch.distributed"_s), qPrintable(names.join(u", "_s)));
        QVERIFY2(names.contains(u"torch.distributed.fsdp"_s), qPrintable(names.join(u", "_s)));
        QVERIFY2(names.contains(u"torch.distributed.fsdp.fully_shard"_s), qPrintable(names.join(u", "_s)));
        QVERIFY2(names.contains(u"torch.distributed.fsdp.MixedPrecisionPolicy"_s), qPrintable(names.join(u", "_s)));
        for (const CodeToken &token : analyzed.imports)
            QVERIFY(token.start >= 0 && token.start + token.length <= Report.size());
    }

    void calls_data()
    {
        QTest::addColumn<QString>("resolved");
        QTest::addColumn<QString>("written");
        // The alias from `import torch.distributed as dist` is spelled out.
        QTest::addRow("aliased module") << u"torch.distributed.init_process_group"_s << u"dist.init_process_group"_s;
        QTest::addRow("aliased in prose") << u"torch.distributed.barrier"_s << u"dist.barrier"_s;
        QTest::addRow("imported name") << u"torch.distributed.fsdp.fully_shard"_s << u"fully_shard"_s;
    }

    void calls()
    {
        QFETCH(QString, resolved);
        QFETCH(QString, written);
        const AnalyzedText analyzed = TextAnalyzer::analyze(Report, u"body"_s);
        bool found = false;
        for (const CodeToken &token : analyzed.calls) {
            if (token.resolved == resolved) {
                found = true;
                QCOMPARE(Report.mid(token.start, token.length), written);
            }
        }
        QVERIFY2(found, qPrintable(resolved));
    }

    void framesAndExceptions_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("frames");
        QTest::addColumn<QStringList>("exceptions");
        QTest::addRow("python traceback") << Report
                                          << QStringList{u"/usr/lib/python3/site-packages/torch/distributed/fsdp/"
                                                         u"_runtime_utils.py"_s}
                                          << QStringList{u"torch.distributed.DistBackendError"_s};
        QTest::addRow("c++ assert location")
            << u"RuntimeError: agent INTERNAL ASSERT FAILED at \"torch/csrc/distributed/rpc/rpc_agent.cpp\":247"_s
            << QStringList{u"torch/csrc/distributed/rpc/rpc_agent.cpp"_s} << QStringList{u"RuntimeError"_s};
        QTest::addRow("log location") << u"W0415 torch/distributed/elastic/multiprocessing/api.py:897] closing"_s
                                      << QStringList{u"torch/distributed/elastic/multiprocessing/api.py"_s}
                                      << QStringList{};
        QTest::addRow("bare file name is no frame")
            << u"see test_wrap.py for details"_s << QStringList{} << QStringList{};
        QTest::addRow("lower-case error is no type")
            << u"an internal_error happened"_s << QStringList{} << QStringList{};
        QTest::addRow("exception class") << u"raises torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError"_s
                                         << QStringList{}
                                         << QStringList{
                                                u"torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError"_s};
    }

    void framesAndExceptions()
    {
        QFETCH(QString, text);
        QFETCH(QStringList, frames);
        QFETCH(QStringList, exceptions);
        const AnalyzedText analyzed = TextAnalyzer::analyze(text, u"comment 2"_s);
        QStringList foundFrames;
        for (const CodeToken &token : analyzed.frames)
            foundFrames.append(token.resolved);
        QStringList foundExceptions;
        for (const CodeToken &token : analyzed.exceptions)
            foundExceptions.append(token.resolved);
        QCOMPARE(foundFrames, frames);
        QCOMPARE(foundExceptions, exceptions);
        QCOMPARE(analyzed.where, u"comment 2"_s);
    }

    void nonAsciiKeepsOffsets()
    {
        const QString text = u"🐛 Describe the bug: İstanbul FSDP"_s;
        const AnalyzedText analyzed = TextAnalyzer::analyze(text, u"title"_s);
        QCOMPARE(analyzed.folded.size(), text.size());
        QCOMPARE(analyzed.folded.indexOf(u"fsdp"_s), text.indexOf(u"FSDP"_s));
    }

    void emptyText()
    {
        const AnalyzedText analyzed = TextAnalyzer::analyze({}, u"body"_s);
        QVERIFY(analyzed.segments.isEmpty());
        QCOMPARE(analyzed.kindAt(0), SegmentKind::Prose);
    }
};

QTEST_APPLESS_MAIN(tst_TextAnalyzer)
#include "tst_textanalyzer.moc"
