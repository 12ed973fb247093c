// SPDX-License-Identifier: MIT
#pragma once

#include "engine/triage/rubricpack.h"
#include "engine/triage/textanalyzer.h"

#include <QList>
#include <QString>

#include <array>
#include <cstdint>
#include <vector>

struct SignalHit
{
    int signal = -1; // index into SignalMatcher::entries()
    int source = 0;  // which AnalyzedText of the issue (0 title, 1 body, 2… comments)
    int start = 0;
    int length = 0;
};

// Every signal of a pack compiled into one index keyed by the first two (folded) characters, so that one pass
// over a text finds all keyword, API, import and error hits; frame signals are only tried inside the file paths
// the analyzer found. Built once per pack, then shared read-only (it is safe to use from several threads).
class SignalMatcher final
{
public:
    struct Entry
    {
        int group = -1;
        int indexInGroup = -1;
        SignalKind kind = SignalKind::Keyword;
        double weight = 1.0;
        QString folded;
        QString exact;
        bool caseSensitive = false;
        bool prefix = false;
    };

    explicit SignalMatcher(const RubricPack &pack);

    void match(const AnalyzedText &text, int source, QList<SignalHit> &hits) const;
    const std::vector<Entry> &entries() const { return m_entries; }
    // Entries are stored group by group: group g owns [groupBegin(g), groupBegin(g + 1)).
    int groupBegin(int group) const { return m_groupBegin[size_t(group)]; }

private:
    static bool accept(const Entry &entry, const AnalyzedText &text, int start);

    std::vector<Entry> m_entries;
    std::vector<int> m_groupBegin;
    std::vector<std::uint32_t> m_bucketStart; // CSR index: bucket b holds m_bucketItems[start[b] .. start[b+1])
    std::vector<int> m_bucketItems;
    std::vector<int> m_framePatterns;
    std::vector<int> m_importPatterns;
    std::array<bool, 128> m_firstChar{}; // quick rejection by the first folded character
    bool m_testNameWords = false;
};
