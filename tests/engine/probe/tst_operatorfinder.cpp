// SPDX-License-Identifier: MIT
#include "engine/probe/operatorfinder.h"

#include <QTest>

using namespace Qt::StringLiterals;

class tst_OperatorFinder final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void findsTheOpAskedAbout_data();
    void findsTheOpAskedAbout();
    void errorMessageOutranksEverything();
    void utilitiesAreNotOps_data();
    void utilitiesAreNotOps();
    void oneEntryPerOp();
};

void tst_OperatorFinder::findsTheOpAskedAbout_data()
{
    QTest::addColumn<QString>("title");
    QTest::addColumn<QString>("body");
    QTest::addColumn<QString>("op");
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("evidence");

    QTest::newRow("missing strategy error") << u"DTensor fails in my model"_s
                                            << u"Traceback (most recent call last):\n  File \"x.py\"\n"
                                               "NotImplementedError: Operator aten.cumsum.default does not have a "
                                               "sharding strategy registered.\n"_s
                                            << u"aten.cumsum.default"_s << u"missing sharding strategy error"_s
                                            << u"NotImplementedError: Operator aten.cumsum.default"_s;
    QTest::newRow("aten name with overload")
        << u"[DTensor] support request"_s << u"Could you add a strategy for aten.index_put.default please?"_s
        << u"aten.index_put.default"_s << u"aten name"_s << u"Could you add a strategy for aten.index_put.default"_s;
    QTest::newRow("aten double colon") << u"question"_s << u"the dispatcher calls aten::nonzero here"_s
                                       << u"aten.nonzero.default"_s << u"aten name"_s << u"aten::nonzero"_s;
    QTest::newRow("title names torch call")
        << u"DTensor: torch.kron gives a different result"_s << u"x = distribute_tensor(a, mesh, [Shard(0)])\n"_s
        << u"aten.kron.default"_s << u"title"_s << u"torch.kron"_s;
    QTest::newRow("functional call in code") << u"Sharded model fails"_s << u"```python\nout = F.gelu(dt)\n```\n"_s
                                             << u"aten.gelu.default"_s << u"functional call"_s << u"out = F.gelu(dt)"_s;
    QTest::newRow("functional renamed") << u"Sharded model fails"_s
                                        << u"y = torch.nn.functional.layer_norm(x, (8,))\n"_s
                                        << u"aten.native_layer_norm.default"_s << u"functional call"_s
                                        << u"layer_norm"_s;
    QTest::newRow("torch call in body") << u"Wrong numbers"_s << u"x = torch.randn(4, 4)\ny = torch.cumprod(dx, 0)\n"_s
                                        << u"aten.cumprod.default"_s << u"torch call"_s << u"torch.cumprod(dx, 0)"_s;
}

void tst_OperatorFinder::findsTheOpAskedAbout()
{
    QFETCH(QString, title);
    QFETCH(QString, body);
    QFETCH(QString, op);
    QFETCH(QString, source);
    QFETCH(QString, evidence);
    const QList<OperatorMention> found = OperatorFinder::find(title, body);
    QVERIFY(!found.isEmpty());
    QCOMPARE(found.first().op, op);
    QCOMPARE(OperatorMention::sourceName(found.first().source), source);
    QVERIFY2(found.first().evidence.contains(evidence), qPrintable(found.first().evidence));
}

void tst_OperatorFinder::errorMessageOutranksEverything()
{
    const QList<OperatorMention> found = OperatorFinder::find(
        u"torch.matmul on DTensor"_s,
        u"y = torch.matmul(a, b)\nz = torch.cumsum(y, 1)\nNotImplementedError: Operator aten.cumsum.default does "
        "not have a sharding strategy registered."_s);
    QVERIFY(found.size() >= 2);
    QCOMPARE(found.at(0).op, u"aten.cumsum.default"_s);
    QCOMPARE(found.at(0).source, OperatorMention::Source::MissingStrategy);
    QCOMPARE(found.at(1).op, u"aten.matmul.default"_s);
    QCOMPARE(found.at(1).source, OperatorMention::Source::Title);
}

void tst_OperatorFinder::utilitiesAreNotOps_data()
{
    QTest::addColumn<QString>("body");
    QTest::newRow("constructors") << u"a = torch.randn(4, 4)\nb = torch.zeros(3)\nc = torch.tensor([1])"_s;
    QTest::newRow("setup") << u"torch.manual_seed(0)\ntorch.distributed.init_process_group('gloo')"_s;
    QTest::newRow("dtypes and namespaces") << u"x.to(torch.float32)\nm = torch.nn.Linear(2, 2)"_s;
    QTest::newRow("bare mention in prose") << u"I read the torch.cumsum docs."_s;
}

void tst_OperatorFinder::utilitiesAreNotOps()
{
    QFETCH(QString, body);
    const QList<OperatorMention> found = OperatorFinder::find(u"A question"_s, body);
    for (const OperatorMention &m : found)
        QFAIL(qPrintable(u"unexpected op %1 from \"%2\""_s.arg(m.op, m.evidence)));
}

void tst_OperatorFinder::oneEntryPerOp()
{
    const QList<OperatorMention> found =
        OperatorFinder::find(u"aten.cumsum missing"_s, u"torch.cumsum(x, 0) fails: aten.cumsum.default"_s);
    QCOMPARE(found.size(), 1);
    QCOMPARE(found.first().op, u"aten.cumsum.default"_s);
    QCOMPARE(found.first().source, OperatorMention::Source::Title);
}

QTEST_GUILESS_MAIN(tst_OperatorFinder)
#include "tst_operatorfinder.moc"
