// SPDX-License-Identifier: MIT
#include "engine/triage/textanalyzer.h"

#include <QHash>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

// Plain scanning over UTF-16: no regular expressions on this path, it runs for every issue in a queue.
inline bool isIdent(char16_t c)
{
    return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || (c >= u'0' && c <= u'9') || c == u'_';
}

inline bool isPathChar(char16_t c)
{
    return isIdent(c) || c == u'/' || c == u'\\' || c == u'.' || c == u'-' || c == u'+';
}

inline bool isSpace(char16_t c)
{
    return c == u' ' || c == u'\t' || c == u'\r';
}

inline bool isDigit(char16_t c)
{
    return c >= u'0' && c <= u'9';
}

inline bool startsWith(const char16_t *p, const char16_t *end, QLatin1StringView word)
{
    if (end - p < word.size())
        return false;
    for (qsizetype i = 0; i < word.size(); ++i) {
        if (p[i] != char16_t(uchar(word.data()[i])))
            return false;
    }
    return true;
}

// First occurrence of an ASCII needle in [p, end), or end.
const char16_t *find(const char16_t *p, const char16_t *end, QLatin1StringView needle)
{
    const auto first = char16_t(uchar(needle.data()[0]));
    for (; end - p >= needle.size(); ++p) {
        if (*p == first && startsWith(p, end, needle))
            return p;
    }
    return end;
}

inline char16_t foldAscii(char16_t c)
{
    return c >= u'A' && c <= u'Z' ? char16_t(c + 32) : c;
}

// Case-insensitive startsWith; `word` is lower-case ASCII.
bool startsWithFolded(const char16_t *p, const char16_t *end, QLatin1StringView word)
{
    if (end - p < word.size())
        return false;
    for (qsizetype i = 0; i < word.size(); ++i) {
        if (foldAscii(p[i]) != char16_t(uchar(word.data()[i])))
            return false;
    }
    return true;
}

const char16_t *findFolded(const char16_t *p, const char16_t *end, QLatin1StringView needle)
{
    const auto first = char16_t(uchar(needle.data()[0]));
    for (; end - p >= needle.size(); ++p) {
        if (foldAscii(*p) == first && startsWithFolded(p, end, needle))
            return p;
    }
    return end;
}

// A markdown heading: "## Versions".
bool isHeading(const char16_t *p, const char16_t *end)
{
    const char16_t *q = p;
    while (q < end && *q == u'#')
        ++q;
    return q > p && (q == end || *q == u' ');
}

// The heading the bug template puts above `collect_env` output. ("Environment" is left alone: people describe
// their nodes and launcher there in their own words.)
bool isEnvironmentHeading(const char16_t *p, const char16_t *end)
{
    if (!isHeading(p, end))
        return false;
    while (p < end && (*p == u'#' || *p == u' '))
        ++p;
    return startsWithFolded(p, end, "versions"_L1);
}

// One line of `collect_env` output, wherever it was pasted.
bool isEnvironmentLine(const char16_t *p, const char16_t *end)
{
    for (QLatin1StringView lead :
         {"[pip3] "_L1, "[pip] "_L1, "[conda] "_L1, "pytorch version:"_L1, "is debug build:"_L1,
          "cuda used to build pytorch:"_L1, "rocm used to build pytorch:"_L1, "versions of relevant libraries"_L1,
          "nvidia driver version:"_L1, "cudnn version:"_L1, "gpu models and configuration:"_L1, "is cuda available:"_L1,
          "cuda runtime version:"_L1, "gcc version:"_L1, "libc version:"_L1, "python version:"_L1,
          "python platform:"_L1, "is xnnpack available:"_L1}) {
        if (startsWithFolded(p, end, lead))
            return true;
    }
    return false;
}

// "cc @alice @bob": who should read the issue, not what it is about.
bool isMentionList(const char16_t *p, const char16_t *end)
{
    return startsWithFolded(p, end, "cc @"_L1) || startsWithFolded(p, end, "cc: @"_L1) ||
           startsWithFolded(p, end, "cc:@"_L1);
}

bool looksLikeLog(const char16_t *p, const char16_t *end)
{
    const qsizetype n = end - p;
    if (n < 4)
        return false;
    if (p[0] == u'[') {
        // [rank0]:, [default0]:, [W socket.cpp:334], [2024-05-01 …], [E ProcessGroupNCCL.cpp…]
        if (startsWith(p + 1, end, "rank"_L1) || startsWith(p + 1, end, "default"_L1) || isDigit(p[1]))
            return true;
        if ((p[1] == u'W' || p[1] == u'E' || p[1] == u'I' || p[1] == u'F') && (p[2] == u' ' || isDigit(p[2])))
            return true;
    }
    // glog: W0415 12:00:00.123 …
    if ((p[0] == u'W' || p[0] == u'E' || p[0] == u'I' || p[0] == u'F') && n > 5 && isDigit(p[1]) && isDigit(p[2]) &&
        isDigit(p[3]) && isDigit(p[4]))
        return true;
    // 2024-05-01 12:00:00 …
    if (n > 10 && isDigit(p[0]) && isDigit(p[1]) && isDigit(p[2]) && isDigit(p[3]) && p[4] == u'-' && isDigit(p[5]))
        return true;
    for (QLatin1StringView level : {"INFO"_L1, "WARNING"_L1, "ERROR"_L1, "DEBUG"_L1, "WARN"_L1}) {
        if (startsWith(p, end, level) && n > level.size() && (p[level.size()] == u':' || p[level.size()] == u' '))
            return true;
    }
    // host:pid:tid [0] NCCL INFO …
    return find(p, end, " NCCL INFO"_L1) != end || find(p, end, " NCCL WARN"_L1) != end ||
           startsWith(p, end, "NCCL INFO"_L1) || startsWith(p, end, "NCCL WARN"_L1);
}

bool looksLikeCode(const char16_t *p, const char16_t *end)
{
    for (QLatin1StringView lead :
         {"import "_L1, "from "_L1, ">>> "_L1, "def "_L1, "class "_L1, "$ "_L1, "python "_L1, "python3 "_L1,
          "torchrun "_L1, "with "_L1, "for "_L1, "if __name__"_L1, "return "_L1, "@torch"_L1, "pip "_L1, "#!"_L1}) {
        if (startsWith(p, end, lead)) {
            if (lead == "from "_L1)
                return find(p, end, " import "_L1) != end;
            if (lead == "with "_L1 || lead == "for "_L1)
                return end > p && end[-1] == u':';
            return true;
        }
    }
    // `model = FSDP(model)`, `dist.barrier()`: an identifier, then '=' or '(' before any space-separated prose.
    const char16_t *q = p;
    while (q < end && (isIdent(*q) || *q == u'.' || *q == u'[' || *q == u']' || *q == u'"' || *q == u'\''))
        ++q;
    if (q == p)
        return false;
    if (q < end && *q == u'(')
        return end[-1] == u')' || end[-1] == u':' || end[-1] == u',' || end[-1] == u'(';
    while (q < end && *q == u' ')
        ++q;
    return q + 1 < end && *q == u'=' && q[1] != u'=' && (end[-1] == u')' || end[-1] == u']' || isIdent(end[-1]));
}

bool looksLikeExceptionLine(const char16_t *p, const char16_t *end)
{
    // "RuntimeError: …", "torch.distributed.DistBackendError: …", "KeyboardInterrupt"
    const char16_t *q = p;
    if (q == end || ((*q < u'A' || *q > u'Z') && (*q < u'a' || *q > u'z')))
        return false;
    while (q < end && (isIdent(*q) || *q == u'.'))
        ++q;
    return q == end || *q == u':';
}

class Splitter
{
public:
    explicit Splitter(AnalyzedText &out)
        : m_out(out)
    {}

    void add(SegmentKind kind, int start, int end)
    {
        if (end <= start)
            return;
        if (!m_out.segments.isEmpty()) {
            Segment &last = m_out.segments.last();
            if (last.kind == kind && last.start + last.length == start) {
                last.length = end - last.start;
                return;
            }
        }
        m_out.segments.append(Segment{kind, start, end - start});
    }

    // Prose with `inline code` spans cut out as code.
    void addProse(const char16_t *base, int start, int end)
    {
        int cursor = start;
        int open = -1;
        for (int i = start; i < end; ++i) {
            if (base[i] != u'`')
                continue;
            if (open < 0) {
                open = i;
            } else {
                add(SegmentKind::Prose, cursor, open);
                add(SegmentKind::Code, open, i + 1);
                cursor = i + 1;
                open = -1;
            }
        }
        add(SegmentKind::Prose, cursor, end);
    }

private:
    AnalyzedText &m_out;
};

void splitSegments(AnalyzedText &out)
{
    const auto *base = reinterpret_cast<const char16_t *>(out.text.constData());
    const int size = int(out.text.size());
    Splitter splitter(out);
    bool inFence = false;
    bool inTraceback = false;
    bool inEnvironment = false; // from a "Versions" heading or collect_env's banner to the next heading
    int lineStart = 0;
    while (lineStart <= size) {
        int lineEnd = lineStart;
        while (lineEnd < size && base[lineEnd] != u'\n')
            ++lineEnd;
        const int next = lineEnd + 1; // the newline belongs to the line
        const int segmentEnd = std::min(next, size);
        const char16_t *p = base + lineStart;
        const char16_t *end = base + lineEnd;
        while (p < end && isSpace(*p))
            ++p;
        const bool indented = p > base + lineStart;
        const bool blank = p == end || (end - p == 1 && *p == u'\r');
        if (lineStart == size)
            break;

        const bool fence = startsWith(p, end, "```"_L1) || startsWith(p, end, "~~~"_L1);
        // Headings only count outside fences: "# Versions" in a script is a comment.
        if (!inFence && isHeading(p, end))
            inEnvironment = isEnvironmentHeading(p, end);
        if (!inEnvironment) {
            // The banner may follow other text on a flattened line: only what follows it is the dump.
            const char16_t *banner = findFolded(p, end, "collecting environment information"_L1);
            if (banner != end) {
                const int bannerOffset = int(banner - base);
                if (bannerOffset > lineStart)
                    inFence ? splitter.add(SegmentKind::Code, lineStart, bannerOffset)
                            : splitter.addProse(base, lineStart, bannerOffset);
                splitter.add(SegmentKind::Incidental, bannerOffset, segmentEnd);
                inEnvironment = true;
                inTraceback = false;
                lineStart = next;
                continue;
            }
        }
        if (inEnvironment || isMentionList(p, end) || (!inFence && isEnvironmentLine(p, end))) {
            if (fence)
                inFence = !inFence;
            inTraceback = false;
            splitter.add(SegmentKind::Incidental, lineStart, segmentEnd);
            lineStart = next;
            continue;
        }

        if (fence) {
            inFence = !inFence;
            inTraceback = false;
            splitter.add(SegmentKind::Code, lineStart, segmentEnd);
            lineStart = next;
            continue;
        }

        const char16_t *header = find(p, end, "Traceback (most recent call last)"_L1);
        if (header != end) {
            // A traceback may start in the middle of a line when the text was flattened.
            const int headerOffset = int(header - base);
            if (headerOffset > lineStart)
                inFence ? splitter.add(SegmentKind::Code, lineStart, headerOffset)
                        : splitter.addProse(base, lineStart, headerOffset);
            splitter.add(SegmentKind::Traceback, headerOffset, segmentEnd);
            inTraceback = true;
            lineStart = next;
            continue;
        }

        SegmentKind kind = inFence ? SegmentKind::Code : SegmentKind::Prose;
        if (inTraceback) {
            if (indented || startsWith(p, end, R"(File ")"_L1) || blank) {
                kind = SegmentKind::Traceback;
            } else if (looksLikeExceptionLine(p, end)) {
                kind = SegmentKind::Traceback;
                inTraceback = false;
            } else {
                inTraceback = false;
            }
        }
        if (!inTraceback && kind != SegmentKind::Traceback) {
            if (startsWith(p, end, R"(File ")"_L1)) {
                kind = SegmentKind::Traceback;
            } else if (looksLikeLog(p, end)) {
                kind = SegmentKind::Log;
            } else if (!inFence && !blank && looksLikeCode(p, end)) {
                kind = SegmentKind::Code;
            }
        }
        if (kind == SegmentKind::Code && !blank)
            ++out.codeLines;
        if (kind == SegmentKind::Prose)
            splitter.addProse(base, lineStart, segmentEnd);
        else
            splitter.add(kind, lineStart, segmentEnd);
        lineStart = next;
    }
}

// Dotted name ending just before `end` (exclusive), walking left.
int dottedStart(const char16_t *base, int end)
{
    int i = end;
    while (i > 0 && (isIdent(base[i - 1]) || base[i - 1] == u'.'))
        --i;
    while (i < end && base[i] == u'.')
        ++i;
    return i;
}

int dottedEnd(const char16_t *base, int size, int start)
{
    int i = start;
    while (i < size && (isIdent(base[i]) || base[i] == u'.'))
        ++i;
    while (i > start && base[i - 1] == u'.')
        --i;
    return i;
}

void extractImports(AnalyzedText &out, QHash<QString, QString> &aliases)
{
    const auto *base = reinterpret_cast<const char16_t *>(out.text.constData());
    const int size = int(out.text.size());
    const char16_t *end = base + size;
    for (const char16_t *hit = find(base, end, "import "_L1); hit != end; hit = find(hit + 7, end, "import "_L1)) {
        const int at = int(hit - base);
        if (at > 0 && !isSpace(base[at - 1]) && base[at - 1] != u'\n' && base[at - 1] != u';')
            continue;
        // Was it `from X import …`? Look back over one dotted name and "from ".
        QString fromModule;
        int i = at - 1;
        while (i >= 0 && isSpace(base[i]))
            --i;
        const int nameEnd = i + 1;
        const int nameStart = dottedStart(base, nameEnd);
        if (nameStart < nameEnd && nameStart >= 5 && startsWith(base + nameStart - 5, end, "from "_L1))
            fromModule = out.text.mid(nameStart, nameEnd - nameStart);
        if (!fromModule.isEmpty())
            out.imports.append(CodeToken{fromModule, nameStart, nameEnd - nameStart});
        const int statementStart = fromModule.isEmpty() ? at : nameStart - 5;
        int statementEnd = at + 6;

        // The imported names: `a.b as c, d`, possibly in parentheses; stop at the end of the statement.
        int j = at + 7;
        for (int count = 0; j < size && count < 16; ++count) {
            while (j < size && (isSpace(base[j]) || base[j] == u'(' || base[j] == u','))
                ++j;
            const int start = j;
            const int stop = dottedEnd(base, size, start);
            if (stop == start)
                break;
            const QString name = out.text.mid(start, stop - start);
            const QString full = fromModule.isEmpty() ? name : fromModule + u'.' + name;
            out.imports.append(CodeToken{full, start, stop - start});
            statementEnd = stop;
            j = stop;
            while (j < size && isSpace(base[j]))
                ++j;
            QString alias = name.section(u'.', -1);
            if (startsWith(base + j, end, "as "_L1)) {
                j += 3;
                while (j < size && isSpace(base[j]))
                    ++j;
                const int aliasEnd = dottedEnd(base, size, j);
                alias = out.text.mid(j, aliasEnd - j);
                j = aliasEnd;
                statementEnd = aliasEnd;
            } else if (fromModule.isEmpty()) {
                alias = name; // `import torch.distributed` binds the dotted name itself
            }
            if (!alias.isEmpty() && alias != full)
                aliases.insert(alias, full);
            while (j < size && isSpace(base[j]))
                ++j;
            if (j >= size || base[j] != u',')
                break;
        }
        out.importStatements.append(Segment{SegmentKind::Code, statementStart, statementEnd - statementStart});
    }
}

QString resolveAlias(const QString &name, const QHash<QString, QString> &aliases)
{
    if (aliases.isEmpty())
        return name;
    const qsizetype dot = name.indexOf(u'.');
    const QString head = dot < 0 ? name : name.left(dot);
    const auto it = aliases.constFind(head);
    if (it == aliases.constEnd())
        return name;
    return dot < 0 ? *it : *it + name.mid(dot);
}

void extractTokens(AnalyzedText &out, const QHash<QString, QString> &aliases)
{
    const auto *base = reinterpret_cast<const char16_t *>(out.text.constData());
    const int size = int(out.text.size());
    int lastFrameEnd = -1;
    for (int i = 0; i < size; ++i) {
        const char16_t c = base[i];
        if (c == u'(' && i > 0 && (isIdent(base[i - 1]))) {
            const int start = dottedStart(base, i);
            const QString name = out.text.mid(start, i - start);
            if (name.contains(u'.') || aliases.contains(name))
                out.calls.append(CodeToken{resolveAlias(name, aliases), start, i - start});
        } else if (c == u'.' && i > 0 && i + 2 < size && isIdent(base[i - 1]) && i > lastFrameEnd) {
            // A source file path: …/torch/distributed/fsdp/_runtime_utils.py, TraceUtils.h, rpc_agent.cpp
            int extEnd = i + 1;
            while (extEnd < size && base[extEnd] >= u'a' && base[extEnd] <= u'z')
                ++extEnd;
            const QStringView ext(base + i + 1, extEnd - i - 1);
            const bool source = ext == u"py" || ext == u"cpp" || ext == u"h" || ext == u"hpp" || ext == u"cu" ||
                                ext == u"cc" || ext == u"cuh" || ext == u"pyx";
            if (!source || (extEnd < size && isIdent(base[extEnd])))
                continue;
            int start = i;
            while (start > 0 && isPathChar(base[start - 1]))
                --start;
            const QStringView path(base + start, extEnd - start);
            if (path.contains(u'/') || path.contains(u'\\')) {
                out.frames.append(CodeToken{path.toString(), start, extEnd - start});
                lastFrameEnd = extEnd;
            }
        } else if (c == u'E' && i + 5 <= size && i > 0 && isIdent(base[i - 1])) {
            // …Error / …Exception closing an identifier that starts with a capital: an exception type.
            int stop = -1;
            if (startsWith(base + i, base + size, "Error"_L1))
                stop = i + 5;
            else if (startsWith(base + i, base + size, "Exception"_L1))
                stop = i + 9;
            if (stop < 0 || (stop < size && isIdent(base[stop])))
                continue;
            const int start = dottedStart(base, stop);
            int nameStart = stop;
            while (nameStart > start && base[nameStart - 1] != u'.')
                --nameStart;
            if (base[nameStart] < u'A' || base[nameStart] > u'Z')
                continue;
            out.exceptions.append(CodeToken{out.text.mid(start, stop - start), start, stop - start});
        }
    }
}

// A test's name spells what it tests in snake case (test_hf_bert_ddp_inductor runs BERT under DDP on Inductor):
// CI reports name little else, so its parts are read as words.
void extractTestNames(AnalyzedText &out)
{
    const auto *base = reinterpret_cast<const char16_t *>(out.folded.constData());
    const char16_t *end = base + out.folded.size();
    for (const char16_t *p = base; (p = find(p, end, "test_"_L1)) != end;) {
        const bool wordStart = p == base || !isIdent(p[-1]);
        const char16_t *q = p + 5;
        while (q < end && isIdent(*q))
            ++q;
        if (wordStart && q - p > 5)
            out.testNames.append(Segment{SegmentKind::Prose, int(p - base), int(q - p)});
        p = q;
    }
}

inline bool isUpper(char16_t c)
{
    return c >= u'A' && c <= u'Z';
}

inline bool isLower(char16_t c)
{
    return c >= u'a' && c <= u'z';
}

// A CI report names its test class too, in CamelCase: `test_x (__main__.TestInductorOpInfoCUDA)`, pytest's
// `file.py::ProcessGroupNCCLGroupTest`. The class names the component as much as the test does, so where each of
// its words starts is recorded (Test|Inductor|Op|Info|CUDA; an acronym ends before a capitalised word: NCCL|Group).
void extractTestClasses(AnalyzedText &out)
{
    const auto *base = reinterpret_cast<const char16_t *>(out.text.constData());
    const int size = int(out.text.size());
    for (int p = 0; p < size;) {
        if (!isIdent(base[p]) || (p > 0 && isIdent(base[p - 1]))) {
            ++p;
            continue;
        }
        int q = p;
        while (q < size && isIdent(base[q]))
            ++q;
        const QStringView name(base + p, q - p);
        // Most identifiers are lower case: they are passed over before any class test.
        if (!isUpper(base[p]) || name.size() <= 4) {
            p = q;
            continue;
        }
        // `__main__.X` (unittest) or `file.py::X` (pytest); a C++ `c10d::ProcessGroupNCCL` is no test class.
        const bool qualified = (p >= 9 && QStringView(base + p - 9, 9) == u"__main__.") ||
                               (p >= 5 && QStringView(base + p - 5, 5) == u".py::");
        const bool namedTest = (name.size() > 5 && name.startsWith(u"Test") && isUpper(base[p + 4])) ||
                               name.endsWith(u"Test") || name.endsWith(u"Tests");
        if (qualified || namedTest) {
            for (int k = p + 1; k < q; ++k) {
                if (!isUpper(base[k]))
                    continue;
                const bool afterLower = isLower(base[k - 1]) || isDigit(base[k - 1]);
                const bool endsAcronym = isUpper(base[k - 1]) && k + 1 < q && isLower(base[k + 1]);
                if (afterLower || endsAcronym)
                    out.testClassWordStarts.append(k);
            }
        }
        p = q;
    }
}

} // namespace

QString segmentKindName(SegmentKind kind)
{
    switch (kind) {
    case SegmentKind::Prose:
        return u"prose"_s;
    case SegmentKind::Code:
        return u"code"_s;
    case SegmentKind::Traceback:
        return u"traceback"_s;
    case SegmentKind::Log:
        return u"log"_s;
    case SegmentKind::Incidental:
        return u"incidental"_s;
    }
    return {};
}

SegmentKind AnalyzedText::kindAt(int offset) const
{
    // Segments are sorted and cover the text: the last one starting at or before offset holds it.
    const auto it = std::upper_bound(segments.cbegin(), segments.cend(), offset,
                                     [](int value, const Segment &segment) { return value < segment.start; });
    if (it == segments.cbegin())
        return SegmentKind::Prose;
    return std::prev(it)->kind;
}

bool AnalyzedText::inFrame(int offset, int length) const
{
    for (const CodeToken &frame : frames) {
        if (offset >= frame.start && offset + length <= frame.start + frame.length)
            return true;
    }
    return false;
}

bool AnalyzedText::inImportStatement(int offset, int length) const
{
    for (const Segment &statement : importStatements) {
        if (offset >= statement.start && offset + length <= statement.start + statement.length)
            return true;
    }
    return false;
}

bool AnalyzedText::inTag(int offset, int length) const
{
    for (const Segment &tag : tags) {
        if (offset >= tag.start && offset + length <= tag.start + tag.length)
            return true;
    }
    return false;
}

bool AnalyzedText::inTestName(int offset) const
{
    // Names are found left to right and never overlap: only the last one starting at or before offset can hold it.
    const auto after = std::upper_bound(testNames.cbegin(), testNames.cend(), offset,
                                        [](int value, const Segment &name) { return value < name.start; });
    return after != testNames.cbegin() && offset < std::prev(after)->start + std::prev(after)->length;
}

bool AnalyzedText::startsTestClassWord(int offset) const
{
    return std::binary_search(testClassWordStarts.cbegin(), testClassWordStarts.cend(), offset);
}

bool AnalyzedText::has(SegmentKind kind) const
{
    return std::any_of(segments.cbegin(), segments.cend(), [kind](const Segment &s) { return s.kind == kind; });
}

AnalyzedText TextAnalyzer::analyze(const QString &text, const QString &where)
{
    AnalyzedText out;
    out.where = where;
    out.text = text;
    out.folded = text;
    // ASCII-only folding keeps offsets identical (QString::toLower may change lengths for a few letters).
    auto *folded = reinterpret_cast<char16_t *>(out.folded.data());
    for (qsizetype i = 0, n = out.folded.size(); i < n; ++i) {
        if (folded[i] >= u'A' && folded[i] <= u'Z')
            folded[i] = char16_t(folded[i] + 32);
    }
    splitSegments(out);
    QHash<QString, QString> aliases;
    extractImports(out, aliases);
    extractTokens(out, aliases);
    extractTestNames(out);
    extractTestClasses(out);
    return out;
}

AnalyzedText TextAnalyzer::analyzeTitle(const QString &title)
{
    AnalyzedText out = analyze(title, u"title"_s);
    const auto *base = reinterpret_cast<const char16_t *>(title.constData());
    const int size = int(title.size());
    constexpr int LongestTag = 60; // "[torch._dynamo.compiled_autograd]"; longer brackets are not tags
    int i = 0;
    while (true) {
        while (i < size && isSpace(base[i]))
            ++i;
        if (i >= size || base[i] != u'[')
            break;
        int close = i + 1;
        while (close < size && close - i <= LongestTag && base[close] != u']' && base[close] != u'[')
            ++close;
        if (close >= size || base[close] != u']' || close == i + 1)
            break;
        out.tags.append(Segment{SegmentKind::Prose, i, close + 1 - i});
        i = close + 1;
    }
    return out;
}
