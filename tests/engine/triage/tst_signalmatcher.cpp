// SPDX-License-Identifier: MIT
#include "engine/triage/signalmatcher.h"
#include "tests/support/testdata.h"

#include <QTest>

using namespace Qt::StringLiterals;

class tst_SignalMatcher : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        const Result<RubricPack> pack = RubricPack::load(TestData::path(u"packs/minimal.json"_s));
        QVERIFY2(pack.ok(), qPrintable(pack.error()));
        m_pack = pack.value();
    }

    void hits_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("expected"); // matched text, in order
        QTest::addColumn<bool>("testNameWords");   // the pack's scoring.test_name_words

        QTest::addRow("keyword, any case") << u"My Fsdp model"_s << QStringList{u"Fsdp"_s} << false;
        QTest::addRow("keyword needs word edges") << u"myfsdp fsdp2 fsdp_x"_s << QStringList{} << false;
        QTest::addRow("multi-word keyword") << u"the Process Group died"_s << QStringList{u"Process Group"_s} << false;
        QTest::addRow("prefix keyword") << u"sharded and Sharding"_s << QStringList{u"sharded"_s, u"Sharding"_s}
                                        << false;
        QTest::addRow("api is case-sensitive")
            << u"dataparallel DataParallel"_s << QStringList{u"DataParallel"_s} << false;
        QTest::addRow("DataParallel is not inside DistributedDataParallel")
            << u"nn.parallel.DistributedDataParallel"_s << QStringList{u"DistributedDataParallel"_s} << false;
        QTest::addRow("api ending in a dot") << u"dist.barrier()"_s << QStringList{u"dist."_s} << false;
        QTest::addRow("import: dotted prefix") << u"from torch.distributed.fsdp import X"_s
                                               << QStringList{u"torch.distributed"_s, u"torch.distributed.fsdp"_s,
                                                              u"fsdp"_s /* the keyword, after a dot */}
                                               << false;
        QTest::addRow("import: not the tail of a longer name") << u"foo.torch.distributed"_s << QStringList{} << false;
        QTest::addRow("error name") << u"raised DistBackendError: boom"_s << QStringList{u"DistBackendError"_s}
                                    << false;
        // Not a file path: the frame signal stays quiet, the keyword speaks.
        QTest::addRow("frame only in paths")
            << u"see torch/distributed/fsdp/ docs"_s << QStringList{u"fsdp"_s} << false;
        QTest::addRow("frame in a path; words in it are not keywords")
            << u"File \"/x/torch/distributed/fsdp/api.py\", line 3"_s << QStringList{u"torch/distributed/fsdp/"_s}
            << false;
        QTest::addRow("alias spelled out") << u"import torch.distributed as dist\ndist.barrier()"_s
                                           << QStringList{u"torch.distributed"_s, u"dist."_s,
                                                          u"dist.barrier"_s /* resolved: torch.distributed.barrier */}
                                           << false;
        QTest::addRow("non-ASCII around") << u"→FSDP← über"_s << QStringList{u"FSDP"_s} << false;
        QTest::addRow("test name: words stay whole by default")
            << u"DISABLED test_fsdp_state_dict"_s << QStringList{} << false;
        QTest::addRow("test name: '_' separates words when the pack says so")
            << u"DISABLED test_hf_fsdp_state_dict (__main__.TestX)"_s << QStringList{u"fsdp"_s} << true;
        QTest::addRow("test name: only inside a test's name")
            << u"my_fsdp_wrapper fails in test_ok"_s << QStringList{} << true;
        QTest::addRow("test class: its CamelCase words read as words when the pack says so")
            << u"DISABLED test_x (__main__.TestFSDPCollectives)"_s << QStringList{u"FSDP"_s} << true;
        QTest::addRow("test class: whole by default")
            << u"DISABLED test_x (__main__.TestFSDPCollectives)"_s << QStringList{} << false;
        QTest::addRow("test class: a word must end where the next starts")
            << u"DISABLED test_x (__main__.TestFsdpx)"_s << QStringList{} << true;
        QTest::addRow("test class: other CamelCase names stay whole")
            << u"MyFSDPWrapper fails"_s << QStringList{} << true;
    }

    void hits()
    {
        QFETCH(QString, text);
        QFETCH(QStringList, expected);
        QFETCH(bool, testNameWords);
        RubricPack pack = m_pack;
        pack.scoring.testNameWords = testNameWords;
        const SignalMatcher matcher(pack);
        const AnalyzedText analyzed = TextAnalyzer::analyze(text, u"body"_s);
        QList<SignalHit> hits;
        matcher.match(analyzed, 1, hits);
        QStringList found;
        for (const SignalHit &hit : std::as_const(hits)) {
            QCOMPARE(hit.source, 1);
            found.append(text.mid(hit.start, hit.length));
        }
        QCOMPARE(found, expected);
    }

    void entriesKeepTheirGroup()
    {
        const SignalMatcher matcher(m_pack);
        QCOMPARE(int(matcher.entries().size()), 11);
        QCOMPARE(matcher.entries().back().group, m_pack.groupIndex(u"alpha"_s));
        QCOMPARE(matcher.entries().front().kind, SignalKind::Keyword);
    }

private:
    RubricPack m_pack;
};

QTEST_APPLESS_MAIN(tst_SignalMatcher)
#include "tst_signalmatcher.moc"
