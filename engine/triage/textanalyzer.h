// SPDX-License-Identifier: MIT
#pragma once

#include <QList>
#include <QString>

enum class SegmentKind
{
    Prose,
    Code,
    Traceback,
    Log,
    Incidental // environment dumps (collect_env output) and "cc @…" lists: present, but about nothing
};
inline constexpr int SegmentKindCount = 5;

QString segmentKindName(SegmentKind kind);

struct Segment
{
    SegmentKind kind = SegmentKind::Prose;
    int start = 0;
    int length = 0;
};

// Something read out of code or a traceback: an import path, a qualified call, a frame's file path, an
// exception type. `resolved` spells it out in full: `dist.all_reduce` becomes `torch.distributed.all_reduce`
// after `import torch.distributed as dist`.
struct CodeToken
{
    QString resolved;
    int start = 0;
    int length = 0;
};

// One piece of an issue (its title, body or one comment), split into prose, code, tracebacks and logs —
// fenced or not — with what the code and tracebacks name. `folded` is the text with ASCII letters lowered,
// same length and offsets as `text`, so matchers never allocate.
struct AnalyzedText
{
    QString where;
    QString text;
    QString folded;
    QList<Segment> segments; // sorted, non-overlapping, covering the text
    QList<CodeToken> imports;
    QList<CodeToken> calls;
    QList<CodeToken> frames;
    QList<CodeToken> exceptions;
    QList<Segment> importStatements; // `from a import b, c` / `import a as b`: the whole statement
    QList<Segment> tags;             // a title's leading "[FSDP2][DTensor]" tags, one segment each
    QList<Segment> testNames;        // test_hf_bert_ddp_inductor, test_symmetric_memory.py: '_' separates words
    QList<int> testClassWordStarts;  // __main__.TestInductorOpInfoCUDA: where a CamelCase word starts (Inductor, …)
    int codeLines = 0;

    SegmentKind kindAt(int offset) const;
    bool inFrame(int offset, int length) const;
    bool inImportStatement(int offset, int length) const;
    bool inTag(int offset, int length) const;
    bool inTestName(int offset) const;
    bool startsTestClassWord(int offset) const;
    bool has(SegmentKind kind) const;
};

class TextAnalyzer final
{
public:
    static AnalyzedText analyze(const QString &text, const QString &where);
    // A title: as analyze(), plus the component tags authors put first ("[FSDP] …", "[DTensor][c10d] …").
    static AnalyzedText analyzeTitle(const QString &title);
};
