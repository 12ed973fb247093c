// SPDX-License-Identifier: MIT
#include "views/issue/markdownsegmenter.h"

#include <QTest>

using namespace Qt::StringLiterals;

namespace {

// "P:text" for prose, "C[info]:text" for fenced code, "T:text" for a traceback found in prose.
QStringList describe(const QList<MarkdownSegment> &segments)
{
    QStringList parts;
    for (const MarkdownSegment &segment : segments) {
        if (segment.kind == MarkdownSegment::Kind::Prose)
            parts.append(u"P:"_s + segment.text);
        else if (segment.fenced)
            parts.append(u"C["_s + segment.info + u"]:"_s + segment.text);
        else
            parts.append(u"T:"_s + segment.text);
    }
    return parts;
}

} // namespace

class tst_MarkdownSegmenter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void split_data();
    void split();
    void sourceOffsets();
    void flattenNesting_data();
    void flattenNesting();
};

void tst_MarkdownSegmenter::split_data()
{
    QTest::addColumn<QString>("markdown");
    QTest::addColumn<QStringList>("expected");

    QTest::addRow("empty") << QString() << QStringList();
    QTest::addRow("prose only") << u"Hello\n\nworld"_s << QStringList{u"P:Hello\n\nworld"_s};
    QTest::addRow("fenced python") << u"Before\n\n```python\nx = 1\n```\n\nAfter"_s
                                   << QStringList{u"P:Before"_s, u"C[python]:x = 1"_s, u"P:After"_s};
    QTest::addRow("tilde fence, attributes after the language")
        << u"~~~bash title=\"run.sh\"\nls\n~~~"_s << QStringList{u"C[bash]:ls"_s};
    QTest::addRow("no info string") << u"```\nplain\n```"_s << QStringList{u"C[]:plain"_s};
    QTest::addRow("longer closing fence") << u"````\n```\ninner\n```\n````"_s << QStringList{u"C[]:```\ninner\n```"_s};
    QTest::addRow("indented fence is unindented") << u"  ```py\n  a\n    b\n  ```"_s << QStringList{u"C[py]:a\n  b"_s};
    QTest::addRow("unclosed fence runs to the end")
        << u"x\n```\ncode\nmore"_s << QStringList{u"P:x"_s, u"C[]:code\nmore"_s};
    QTest::addRow("inline backticks are not a fence") << u"use ```x``` here"_s << QStringList{u"P:use ```x``` here"_s};
    QTest::addRow("four spaces is not a fence") << u"    ```\n    x"_s << QStringList{u"P:    ```\n    x"_s};
    QTest::addRow("CRLF") << u"a\r\n```\r\nb\r\n```\r\n"_s << QStringList{u"P:a"_s, u"C[]:b"_s};
    QTest::addRow("bare traceback")
        << u"It fails:\nTraceback (most recent call last):\n  File \"a.py\", line 1, in <module>\n    f()\n"
           "ValueError: bad\nThanks"_s
        << QStringList{u"P:It fails:"_s,
                       u"T:Traceback (most recent call last):\n  File \"a.py\", line 1, in <module>\n    f()\n"
                       "ValueError: bad"_s,
                       u"P:Thanks"_s};
    QTest::addRow("chained bare traceback")
        << u"Traceback (most recent call last):\n  File \"a.py\", line 1\nKeyError: 1\n\n"
           "During handling of the above exception, another exception occurred:\n\n"
           "Traceback (most recent call last):\n  File \"b.py\", line 2\nRuntimeError: x\n\nDone."_s
        << QStringList{u"T:Traceback (most recent call last):\n  File \"a.py\", line 1\nKeyError: 1\n\n"
                       "During handling of the above exception, another exception occurred:\n\n"
                       "Traceback (most recent call last):\n  File \"b.py\", line 2\nRuntimeError: x"_s,
                       u"P:Done."_s};
    QTest::addRow("rank-prefixed bare traceback")
        << u"[rank0]: Traceback (most recent call last):\n[rank0]:   File \"t.py\", line 3, in main\n"
           "[rank0]: torch.distributed.DistBackendError: NCCL error\nnext"_s
        << QStringList{u"T:[rank0]: Traceback (most recent call last):\n[rank0]:   File \"t.py\", line 3, in main\n"
                       "[rank0]: torch.distributed.DistBackendError: NCCL error"_s,
                       u"P:next"_s};
}

void tst_MarkdownSegmenter::split()
{
    QFETCH(QString, markdown);
    QFETCH(QStringList, expected);
    QCOMPARE(describe(MarkdownSegmenter::split(markdown)), expected);
}

void tst_MarkdownSegmenter::sourceOffsets()
{
    const QString markdown = u"Intro\n\n```python\nx = 1\n```\n\nOutro\n"_s;
    const QList<MarkdownSegment> segments = MarkdownSegmenter::split(markdown);
    QCOMPARE(segments.size(), 3);
    for (const MarkdownSegment &segment : segments)
        QCOMPARE(markdown.mid(segment.sourceOffset, segment.text.size()), segment.text);
}

void tst_MarkdownSegmenter::flattenNesting_data()
{
    QTest::addColumn<QString>("markdown");
    QTest::addColumn<int>("maxDepth");
    QTest::addColumn<QString>("expected");

    QTest::addRow("shallow text is untouched") << u"- a\n  - b\n> quote"_s << 4 << u"- a\n  - b\n> quote"_s;
    QTest::addRow("deep indentation is capped") << QString(40, u' ') + u"- deep"_s << 2 << u"      - deep"_s;
    QTest::addRow("tabs count as four columns") << u"\t\t\tx"_s << 2 << u"      x"_s;
    QTest::addRow("quote markers are capped") << u">>>>>> deep"_s << 2 << u"> > deep"_s;
    QTest::addRow("list markers on one line are capped") << u"- - - - - x"_s << 3 << u"- - - x"_s;
    QTest::addRow("ordered markers") << u"1. 2) 3. 4. x"_s << 2 << u"1. 2) x"_s;
    QTest::addRow("numbers in text are not markers") << u"2026 was a year"_s << 1 << u"2026 was a year"_s;
    QTest::addRow("each line on its own") << u">>> a\nb\n>>> c"_s << 1 << u"> a\nb\n> c"_s;
}

void tst_MarkdownSegmenter::flattenNesting()
{
    QFETCH(QString, markdown);
    QFETCH(int, maxDepth);
    QFETCH(QString, expected);
    QCOMPARE(MarkdownSegmenter::flattenNesting(markdown, maxDepth), expected);
}

QTEST_APPLESS_MAIN(tst_MarkdownSegmenter)
#include "tst_markdownsegmenter.moc"
