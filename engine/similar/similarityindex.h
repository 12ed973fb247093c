// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/core/issuestate.h"
#include "engine/core/queuestate.h"
#include "engine/core/result.h"
#include "engine/similar/issuefingerprint.h"
#include "engine/store/storeconnection.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QLoggingCategory>
#include <QMap>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <array>
#include <functional>
#include <memory>

Q_DECLARE_LOGGING_CATEGORY(lcSimilarity)

// One issue found by a similar-issues lookup or a search, with why it was found: per field of the index
// ("title", "signature", "frames", …) the words it shares with the query.
struct SimilarityMatch
{
    QString repository;
    int number = 0;
    QString title;
    IssueState state = IssueState::Open;
    QStringList labels;
    QDateTime createdAt;
    QDateTime updatedAt;
    double score = 0; // higher is closer (bm25, sign turned)
    QMap<QString, QStringList> why;
    QString signature; // the match's error signature, when it has one
    QString body;      // the match's body (its first 20,000 characters), to show the words where they are

    bool isOpen() const { return state == IssueState::Open; }
};
Q_DECLARE_METATYPE(SimilarityMatch)

// How a similar-issues query weighs the index's fields (bm25 column weights) and how many of the issue's
// most telling words it asks with. The defaults are what the console uses; the benchmark compares others.
struct SimilarityOptions
{
    std::array<double, IssueFingerprint::FieldCount> weights = {2.0, 1.0, 0.5, 3.0, 1.0, 1.0};
    // Which of the query issue's fields its words are taken from.
    std::array<bool, IssueFingerprint::FieldCount> queryFields = {true, true, true, true, true, true};
    int maxTerms = 24;
    double maxDocumentShare = 0.05; // words in more of the documents than this (and 50) tell little, cost much
    // The closest `rerankPool` are re-ranked by the labels they agree on (weighted by how rare each label
    // is in the store): people labelled those issues, and a match that carries the labels its neighbours
    // carry is more likely about the same thing. 0: bm25 alone.
    double labelConsensus = 0.6;
    int rerankPool = 30;
    static SimilarityOptions titleAndBodyOnly();
};

struct SearchQuery
{
    QString repository;                 // empty: every repository in the store
    QString text;                       // FTS5 query syntax: words, "phrases", OR, NOT, NEAR, title: …, prefix*
    QStringList labels;                 // all of them
    QueueState state = QueueState::All; // the issues' state, as a queue holds them
    int limit = 200;
};

// The store's full-text index for similar issues and search: an FTS5 table (`similarity_fts`, contentless,
// tokenizer unicode61 with `_` as a word character) over the fields of IssueFingerprint, and
// `similarity_docs` mapping its rows to issues with the `updatedAt` indexed. Lives in the store file beside
// the issues (created on open, idempotently, like the outbox's settings). One instance per thread.
class SimilarityIndex final
{
public:
    SimilarityIndex(const SimilarityIndex &) = delete;
    SimilarityIndex &operator=(const SimilarityIndex &) = delete;

    // Opens the store file (through IssueStore, so its schema is current) and the index in it.
    static Result<std::unique_ptr<SimilarityIndex>> open(const QString &path);
    QString path() const { return m_connection.path(); }

    // (Re)indexes these issues, in one transaction. `countWords`: keep the word counts (how many issues hold
    // each word) current for new issues; a bulk catch-up recounts once at the end instead.
    Result<int> index(const QString &repository, const QList<Issue> &issues, bool countWords = true);
    // Brings the index up to what the store holds: issues new or updated since indexed are (re)indexed, issues
    // gone are dropped. `progress(done, total)` after each batch; returning false stops (what is done stays).
    Result<int> catchUp(const std::function<bool(int, int)> &progress = {});
    int documentCount(const QString &repository = {}) const;

    // The issue as stored, with labels and comments.
    Result<Issue> loadIssue(const QString &repository, int number) const;
    Result<QList<SimilarityMatch>> similar(const QString &repository, int number, int top,
                                           const SimilarityOptions &options = {}) const;
    // For an issue (maybe not in the store); `exclude`: a number never returned (the issue itself).
    Result<QList<SimilarityMatch>> similarTo(const QString &repository, const Issue &issue, int top,
                                             const SimilarityOptions &options = {}, int exclude = 0) const;
    Result<QList<SimilarityMatch>> search(const SearchQuery &search) const;

private:
    explicit SimilarityIndex(StoreConnection connection);
    Result<int> setUp();
    // Recounts `similarity_terms` from the index: one pass over its vocabulary (about a second for 50,000
    // issues). Re-indexed and dropped issues leave the counts a little off; they are recounted when those
    // pass a tenth of the index.
    Result<int> recountWords();
    Result<QList<Issue>> loadIssues(const QString &repository, const QList<int> &numbers) const;
    // `fullFor`: how many of the first matches get the derived fields (signature, frames, identifiers), whose
    // regular expressions cost most; the rest say what matched in title, body and comments.
    Result<QList<SimilarityMatch>> describe(const QString &repository, const QList<QPair<int, double>> &ranked,
                                            const QStringList &queryTerms, int fullFor = -1) const;

    // How rare each label is in the store (log of issues over issues carrying it); cached, refreshed when
    // the index changes.
    QList<QPair<int, double>> rerankByLabels(const QString &repository, const QList<QPair<int, double>> &found,
                                             double weight, int top) const;
    QHash<QString, double> labelRarity(const QString &repository) const;

    StoreConnection m_connection;
    mutable QHash<QString, QHash<QString, double>> m_labelRarity;
};
