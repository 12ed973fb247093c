// SPDX-License-Identifier: MIT
#include "engine/similar/issuefingerprint.h"

#include <QTest>

using namespace Qt::StringLiterals;

class tst_IssueFingerprint : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void tokens_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("expected");
        QTest::addRow("snake case stays whole")
            << u"call init_process_group()"_s << QStringList{u"call"_s, u"init_process_group"_s};
        QTest::addRow("paths split") << u"torch/_dynamo/eval_frame.py"_s
                                     << QStringList{u"torch"_s, u"_dynamo"_s, u"eval_frame"_s, u"py"_s};
        QTest::addRow("lower case, unicode") << u"Ünïcode NCCL"_s << QStringList{u"ünïcode"_s, u"nccl"_s};
        QTest::addRow("empty") << u" -- "_s << QStringList();
    }
    void tokens()
    {
        QFETCH(QString, text);
        QFETCH(QStringList, expected);
        QCOMPARE(IssueFingerprint::tokens(text), expected);
    }

    void fields_data()
    {
        QTest::addColumn<QString>("body");
        QTest::addColumn<QString>("signature");
        QTest::addColumn<QStringList>("frames");      // contained in the frames field
        QTest::addColumn<QStringList>("identifiers"); // contained in the identifiers field
        QTest::addRow("a traceback")
            << u"It fails.\nTraceback (most recent call last):\n  File \"/v/lib/site-packages/torch/_dynamo/"
               "convert_frame.py\", line 5, in _compile\n  File \"/v/torch/_inductor/graph.py\", line 9, in run\n"
               "torch._inductor.exc.LoweringException: AssertionError: expected size 3 at dim 0\n"_s
            << u"LoweringException AssertionError: expected size"_s // cut at the first volatile token
            << QStringList{u"torch/_dynamo/convert_frame _compile"_s, u"torch/_inductor/graph run"_s,
                           u"LoweringException"_s}
            << QStringList{u"_compile"_s};
        QTest::addRow("flattened body, inline exception")
            << u"Calling dist.barrier() gives RuntimeError: NCCL error in: ../torch/csrc/distributed/c10d/"
               "ProcessGroupNCCL.cpp:1269, unhandled system error"_s
            << u"RuntimeError NCCL error in"_s << QStringList{u"RuntimeError"_s}
            << QStringList{u"dist.barrier"_s, u"ProcessGroupNCCL"_s};
        QTest::addRow("no error") << u"Please document FullyShardedDataParallel's use_orig_params."_s << QString()
                                  << QStringList() << QStringList{u"FullyShardedDataParallel"_s, u"use_orig_params"_s};
    }
    void fields()
    {
        QFETCH(QString, body);
        QFETCH(QString, signature);
        QFETCH(QStringList, frames);
        QFETCH(QStringList, identifiers);
        Issue issue;
        issue.title = u"A title"_s;
        issue.body = body;
        Comment comment;
        comment.body = u"a comment"_s;
        issue.comments = {comment};
        const IssueFingerprint print = IssueFingerprint::of(issue);
        QCOMPARE(print.fields[IssueFingerprint::Title], u"A title"_s);
        QCOMPARE(print.fields[IssueFingerprint::Comments], u"a comment"_s);
        QCOMPARE(print.fields[IssueFingerprint::Signature], signature);
        const QStringList frameLines = print.fields[IssueFingerprint::Frames].split(u'\n', Qt::SkipEmptyParts);
        for (const QString &frame : frames)
            QVERIFY2(frameLines.contains(frame), qPrintable(frameLines.join(u" | "_s)));
        if (frames.isEmpty())
            QVERIFY(frameLines.isEmpty());
        const QStringList ids = print.fields[IssueFingerprint::Identifiers].split(u' ');
        for (const QString &id : identifiers)
            QVERIFY2(ids.contains(id), qPrintable(ids.join(u" | "_s)));
    }

    void stopwords()
    {
        QVERIFY(IssueFingerprint::isStopword(u"the"_s));
        QVERIFY(IssueFingerprint::isStopword(u"reproduce"_s));
        QVERIFY(!IssueFingerprint::isStopword(u"nccl"_s));
    }
};

QTEST_APPLESS_MAIN(tst_IssueFingerprint)
#include "tst_issuefingerprint.moc"
