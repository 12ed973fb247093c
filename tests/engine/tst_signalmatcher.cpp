// SPDX-License-Identifier: MIT
#include "engine/signalmatcher.h"
#include "tests/support/testdata.h"

#include <QTest>

using namespace Qt::StringLiterals;

class TestSignalMatcher : public QObject
{
    Q_OBJECT

private slots:
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

        QTest::addRow("keyword, any case") << u"My Fsdp model"_s << QStringList{u"Fsdp"_s};
        QTest::addRow("keyword needs word edges") << u"myfsdp fsdp2 fsdp_x"_s << QStringList{};
        QTest::addRow("multi-word keyword") << u"the Process Group died"_s << QStringList{u"Process Group"_s};
        QTest::addRow("prefix keyword") << u"sharded and Sharding"_s << QStringList{u"sharded"_s, u"Sharding"_s};
        QTest::addRow("api is case-sensitive") << u"dataparallel DataParallel"_s << QStringList{u"DataParallel"_s};
        QTest::addRow("DataParallel is not inside DistributedDataParallel")
            << u"nn.parallel.DistributedDataParallel"_s << QStringList{u"DistributedDataParallel"_s};
        QTest::addRow("api ending in a dot") << u"dist.barrier()"_s << QStringList{u"dist."_s};
        QTest::addRow("import: dotted prefix") << u"from torch.distributed.fsdp import X"_s
                                               << QStringList{u"torch.distributed"_s, u"torch.distributed.fsdp"_s,
                                                              u"fsdp"_s /* the keyword, after a dot */};
        QTest::addRow("import: not the tail of a longer name") << u"foo.torch.distributed"_s << QStringList{};
        QTest::addRow("error name") << u"raised DistBackendError: boom"_s << QStringList{u"DistBackendError"_s};
        // Not a file path: the frame signal stays quiet, the keyword speaks.
        QTest::addRow("frame only in paths") << u"see torch/distributed/fsdp/ docs"_s << QStringList{u"fsdp"_s};
        QTest::addRow("frame in a path; words in it are not keywords")
            << u"File \"/x/torch/distributed/fsdp/api.py\", line 3"_s << QStringList{u"torch/distributed/fsdp/"_s};
        QTest::addRow("alias spelled out") << u"import torch.distributed as dist\ndist.barrier()"_s
                                           << QStringList{u"torch.distributed"_s, u"dist."_s,
                                                          u"dist.barrier"_s /* resolved: torch.distributed.barrier */};
        QTest::addRow("non-ASCII around") << u"→FSDP← über"_s << QStringList{u"FSDP"_s};
    }

    void hits()
    {
        QFETCH(QString, text);
        QFETCH(QStringList, expected);
        const SignalMatcher matcher(m_pack);
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

QTEST_APPLESS_MAIN(TestSignalMatcher)
#include "tst_signalmatcher.moc"
