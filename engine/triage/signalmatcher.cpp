// SPDX-License-Identifier: MIT
#include "engine/triage/signalmatcher.h"

using namespace Qt::StringLiterals;

namespace {

constexpr int BucketCount = 128 * 128;

inline bool isIdent(char16_t c)
{
    return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || (c >= u'0' && c <= u'9') || c == u'_';
}

inline int bucketOf(char16_t c0, char16_t c1)
{
    return int(c0) * 128 + int(c1);
}

QString fold(const QString &text)
{
    QString folded = text;
    for (QChar &c : folded) {
        if (c >= u'A' && c <= u'Z')
            c = QChar(c.unicode() + 32);
    }
    return folded;
}

} // namespace

SignalMatcher::SignalMatcher(const RubricPack &pack)
    : m_bucketStart(BucketCount + 1, 0)
    , m_testNameWords(pack.scoring.testNameWords)
{
    for (int g = 0; g < int(pack.groups.size()); ++g) {
        m_groupBegin.push_back(int(m_entries.size()));
        const QList<Signal> &list = pack.groups.at(g).signalList;
        for (int s = 0; s < int(list.size()); ++s) {
            const Signal &signal = list.at(s);
            m_entries.push_back(Entry{g, s, signal.kind, signal.weight, fold(signal.text), signal.text,
                                      signal.caseSensitive, signal.prefix});
        }
    }
    m_groupBegin.push_back(int(m_entries.size()));
    std::vector<std::vector<int>> buckets(BucketCount);
    for (int i = 0; i < int(m_entries.size()); ++i) {
        const Entry &entry = m_entries[size_t(i)];
        if (entry.kind == SignalKind::Frame) {
            m_framePatterns.push_back(i);
            continue;
        }
        if (entry.kind == SignalKind::Import)
            m_importPatterns.push_back(i);
        const char16_t c0 = entry.folded.at(0).unicode();
        const char16_t c1 = entry.folded.at(1).unicode();
        buckets[size_t(bucketOf(c0, c1))].push_back(i);
        m_firstChar[c0] = true;
    }
    for (int b = 0; b < BucketCount; ++b) {
        m_bucketStart[size_t(b)] = std::uint32_t(m_bucketItems.size());
        m_bucketItems.insert(m_bucketItems.end(), buckets[size_t(b)].begin(), buckets[size_t(b)].end());
    }
    m_bucketStart[BucketCount] = std::uint32_t(m_bucketItems.size());
}

bool SignalMatcher::accept(const Entry &entry, const AnalyzedText &text, int start)
{
    const int length = int(entry.folded.size());
    if (entry.caseSensitive && QStringView(text.text).mid(start, length) != entry.exact)
        return false;
    // Words inside a file path are the frame signals' business: "fsdp" in torch/distributed/fsdp/….
    return text.frames.isEmpty() || !text.inFrame(start, length);
}

void SignalMatcher::match(const AnalyzedText &text, int source, QList<SignalHit> &hits) const
{
    const auto *f = reinterpret_cast<const char16_t *>(text.folded.constData());
    const int size = int(text.folded.size());
    for (int i = 0; i + 1 < size; ++i) {
        const char16_t c0 = f[i];
        if (c0 >= 128 || !m_firstChar[c0])
            continue;
        const char16_t previous = i > 0 ? f[i - 1] : u' ';
        // Signals start where a word starts; in a test's name '_' separates words too, in its class a capital.
        if (isIdent(previous) && isIdent(c0) &&
            !(m_testNameWords && ((previous == u'_' && text.inTestName(i)) || text.startsTestClassWord(i))))
            continue;
        const char16_t c1 = f[i + 1];
        if (c1 >= 128)
            continue;
        const int bucket = bucketOf(c0, c1);
        for (std::uint32_t k = m_bucketStart[size_t(bucket)]; k < m_bucketStart[size_t(bucket) + 1]; ++k) {
            const Entry &entry = m_entries[size_t(m_bucketItems[k])];
            const int length = int(entry.folded.size());
            if (i + length > size)
                continue;
            const auto *p = reinterpret_cast<const char16_t *>(entry.folded.constData());
            int j = 2;
            while (j < length && f[i + j] == p[j])
                ++j;
            if (j < length)
                continue;
            if (!entry.prefix && i + length < size && isIdent(f[i + length]) && isIdent(p[length - 1]) &&
                !(m_testNameWords &&
                  ((f[i + length] == u'_' && text.inTestName(i)) || text.startsTestClassWord(i + length))))
                continue;
            // import paths are whole dotted names: not the tail of a longer one
            if (entry.kind == SignalKind::Import && previous == u'.')
                continue;
            if (!accept(entry, text, i))
                continue;
            int hitLength = length;
            if (entry.prefix) {
                while (i + hitLength < size && isIdent(f[i + hitLength]))
                    ++hitLength;
            }
            hits.append(SignalHit{m_bucketItems[k], source, i, hitLength});
        }
    }

    for (const CodeToken &frame : text.frames) {
        const QStringView path = QStringView(text.folded).mid(frame.start, frame.length);
        for (int index : m_framePatterns) {
            const Entry &entry = m_entries[size_t(index)];
            const qsizetype at = path.indexOf(entry.folded);
            if (at >= 0)
                hits.append(SignalHit{index, source, int(frame.start + at), int(entry.folded.size())});
        }
    }

    // `dist.barrier()` after `import torch.distributed as dist` names torch.distributed.barrier: match import
    // signals against names the aliases spelled out.
    for (const QList<CodeToken> *tokens : {&text.imports, &text.calls}) {
        const bool imports = tokens == &text.imports;
        for (const CodeToken &token : *tokens) {
            if (token.resolved.size() == token.length &&
                QStringView(text.text).mid(token.start, token.length) == token.resolved)
                continue;
            // `from a.b import c`: the text already shows a.b; only a signal reaching into c is new.
            const qsizetype written = imports ? token.resolved.lastIndexOf(u'.') : -1;
            for (int index : m_importPatterns) {
                const Entry &entry = m_entries[size_t(index)];
                if (!token.resolved.startsWith(entry.exact) || entry.exact.size() <= written)
                    continue;
                const qsizetype n = entry.exact.size();
                if (entry.prefix || token.resolved.size() == n || token.resolved.at(n) == u'.')
                    hits.append(SignalHit{index, source, token.start, token.length});
            }
        }
    }
}
