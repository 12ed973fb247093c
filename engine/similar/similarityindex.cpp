// SPDX-License-Identifier: MIT
#include "engine/similar/similarityindex.h"

#include "engine/store/issuestore.h"
#include "engine/store/sqltransaction.h"
#include "engine/store/storedissues.h"
#include "engine/store/storesql.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;
using StoreSql::fromIso;
using StoreSql::isoTime;
using StoreSql::sqlError;

Q_LOGGING_CATEGORY(lcSimilarity, "triage.similarity", QtInfoMsg)

namespace {

constexpr int CatchUpBatch = 500;

QString numberList(const QList<int> &numbers)
{
    QStringList list;
    list.reserve(numbers.size());
    for (int number : numbers)
        list.append(QString::number(number));
    return list.join(u',');
}

// A term as an FTS5 string: tokens hold letters, digits and `_` only, but quote anyway.
QString quoted(const QString &term)
{
    return u'"' + QString(term).replace(u'"', u"\"\""_s) + u'"';
}

QString bm25Call(const SimilarityOptions &options)
{
    QStringList weights;
    for (double weight : options.weights)
        weights.append(QString::number(weight, 'f', 3));
    return u"bm25(similarity_fts, "_s + weights.join(u", "_s) + u')';
}

// The bare words of an FTS5 query: what a person searched for, without operators and column filters.
QStringList queryWords(const QString &text)
{
    static const QSet<QString> operators = {u"and"_s, u"or"_s, u"not"_s, u"near"_s};
    QStringList words;
    QString cleaned = text;
    for (int field = 0; field < IssueFingerprint::FieldCount; ++field)
        cleaned.replace(IssueFingerprint::fieldName(field) + u':', u" "_s);
    // `prefix*` stays a prefix: it matches every word it begins.
    static const QRegularExpression prefix(uR"((\w+)\*)"_s);
    auto prefixes = prefix.globalMatch(cleaned);
    QSet<QString> asPrefix;
    while (prefixes.hasNext())
        asPrefix.insert(prefixes.next().captured(1).toLower());
    for (const QString &word : IssueFingerprint::tokens(cleaned)) {
        const QString term = asPrefix.contains(word) ? word + u'*' : word;
        if (!operators.contains(word) && !words.contains(term))
            words.append(term);
    }
    return words;
}

} // namespace

SimilarityOptions SimilarityOptions::titleAndBodyOnly()
{
    SimilarityOptions options;
    options.weights = {1.0, 1.0, 0.0, 0.0, 0.0, 0.0};
    options.queryFields = {true, true, false, false, false, false};
    options.labelConsensus = 0;
    return options;
}

SimilarityIndex::SimilarityIndex(StoreConnection connection)
    : m_connection(std::move(connection))
{}

Result<std::unique_ptr<SimilarityIndex>> SimilarityIndex::open(const QString &path)
{
    auto index = StoreConnection::openStore(
        path, u"similarity"_s, QObject::tr("Cannot open the similarity index in %1"), [](StoreConnection connection) {
            return std::unique_ptr<SimilarityIndex>(new SimilarityIndex(std::move(connection)));
        });
    if (!index)
        return Error{index.error()};
    const Result<int> ready = index.value()->setUp();
    if (!ready)
        return Error{ready.error()};
    return index;
}

Result<int> SimilarityIndex::setUp()
{
    QSqlDatabase db = m_connection.database();
    QSqlQuery query(db);
    const QString what = QObject::tr("Cannot create the similarity index in %1").arg(m_connection.path());
    query.exec(u"PRAGMA foreign_keys=ON"_s);
    // Created here, idempotently, so that stores of any schema version gain it; a store without it is
    // indexed by catchUp().
    const QStringList statements = {
        u"CREATE VIRTUAL TABLE IF NOT EXISTS similarity_fts USING fts5(title, body, comments, signature, frames,"
        " identifiers, content='', contentless_delete=1,"
        " tokenize=\"unicode61 remove_diacritics 0 tokenchars '_'\")"_s,
        u"CREATE VIRTUAL TABLE IF NOT EXISTS similarity_vocab USING fts5vocab(similarity_fts, 'row')"_s,
        u"CREATE TABLE IF NOT EXISTS similarity_docs (id INTEGER PRIMARY KEY, repo TEXT NOT NULL,"
        " number INTEGER NOT NULL, updated_at TEXT, UNIQUE (repo, number))"_s,
        // How many issues hold each word: fts5vocab counts by walking the word's whole posting list, far too
        // slow for a lookup's few dozen words; this answers from a b-tree. `drift`: issues re-indexed or
        // dropped since the last recount.
        u"CREATE TABLE IF NOT EXISTS similarity_terms (term TEXT PRIMARY KEY, docs INTEGER NOT NULL) WITHOUT ROWID"_s,
        u"CREATE TABLE IF NOT EXISTS similarity_meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL)"_s,
        u"INSERT OR IGNORE INTO similarity_meta (key, value) VALUES ('drift', 0)"_s,
    };
    for (const QString &statement : statements) {
        if (!query.exec(statement)) {
            const QString why = query.lastError().text();
            if (why.contains(u"fts5"_s, Qt::CaseInsensitive) && why.contains(u"no such module"_s))
                return Error{what + u": "_s + QObject::tr("this SQLite was built without FTS5")};
            return sqlError(what, query.lastError());
        }
    }
    return 1;
}

Result<int> SimilarityIndex::index(const QString &repository, const QList<Issue> &issues, bool countWords)
{
    if (issues.isEmpty())
        return 0;
    QSqlDatabase db = m_connection.database();
    const QString what = QObject::tr("Cannot update the similarity index in %1").arg(m_connection.path());
    SqlTransaction transaction(db);
    if (!transaction.isOpen())
        return sqlError(what, db.lastError());
    QSqlQuery find(db);
    find.prepare(u"SELECT id FROM similarity_docs WHERE repo = ? AND number = ?"_s);
    QSqlQuery insertDoc(db);
    insertDoc.prepare(u"INSERT INTO similarity_docs (repo, number, updated_at) VALUES (?, ?, ?)"_s);
    QSqlQuery updateDoc(db);
    updateDoc.prepare(u"UPDATE similarity_docs SET updated_at = ? WHERE id = ?"_s);
    QSqlQuery removeText(db);
    removeText.prepare(u"DELETE FROM similarity_fts WHERE rowid = ?"_s);
    QSqlQuery insertText(db);
    insertText.prepare(u"INSERT INTO similarity_fts (rowid, title, body, comments, signature, frames, identifiers)"
                       " VALUES (?, ?, ?, ?, ?, ?, ?)"_s);
    QSqlQuery countWord(db);
    countWord.prepare(u"INSERT INTO similarity_terms (term, docs) VALUES (?, 1)"
                      " ON CONFLICT (term) DO UPDATE SET docs = docs + 1"_s);
    int drift = 0;
    for (const Issue &issue : issues) {
        find.addBindValue(repository);
        find.addBindValue(issue.number);
        if (!find.exec())
            return sqlError(what, find.lastError());
        qint64 id = 0;
        bool added = false;
        if (find.next()) {
            id = find.value(0).toLongLong();
            find.finish();
            ++drift;
            removeText.addBindValue(id);
            if (!removeText.exec())
                return sqlError(what, removeText.lastError());
            updateDoc.addBindValue(isoTime(issue.updatedAt));
            updateDoc.addBindValue(id);
            if (!updateDoc.exec())
                return sqlError(what, updateDoc.lastError());
        } else {
            find.finish();
            insertDoc.addBindValue(repository);
            insertDoc.addBindValue(issue.number);
            insertDoc.addBindValue(isoTime(issue.updatedAt));
            if (!insertDoc.exec())
                return sqlError(what, insertDoc.lastError());
            id = insertDoc.lastInsertId().toLongLong();
            added = true;
        }
        const IssueFingerprint print = IssueFingerprint::of(issue);
        insertText.addBindValue(id);
        for (const QString &field : print.fields)
            insertText.addBindValue(field);
        if (!insertText.exec())
            return sqlError(what, insertText.lastError());
        if (added && countWords) {
            QSet<QString> words;
            for (int field = 0; field < IssueFingerprint::FieldCount; ++field)
                words.unite(print.tokenSet(field));
            for (const QString &word : std::as_const(words)) {
                countWord.addBindValue(word);
                if (!countWord.exec())
                    return sqlError(what, countWord.lastError());
            }
        }
    }
    if (drift > 0) {
        QSqlQuery meta(db);
        meta.prepare(u"UPDATE similarity_meta SET value = value + ? WHERE key = 'drift'"_s);
        meta.addBindValue(drift);
        if (!meta.exec())
            return sqlError(what, meta.lastError());
    }
    if (!transaction.commit())
        return sqlError(what, db.lastError());
    m_labelRarity.clear();
    return int(issues.size());
}

Result<int> SimilarityIndex::catchUp(const std::function<bool(int, int)> &progress)
{
    QSqlDatabase db = m_connection.database();
    const QString what = QObject::tr("Cannot update the similarity index in %1").arg(m_connection.path());
    QSqlQuery query(db);
    query.setForwardOnly(true);
    // Issues gone from the store (pruned, a rebuilt store): out of the index.
    if (!query.exec(u"SELECT d.id FROM similarity_docs d LEFT JOIN issues i ON i.repo = d.repo AND"
                    " i.number = d.number WHERE i.number IS NULL"_s))
        return sqlError(what, query.lastError());
    QList<qint64> gone;
    while (query.next())
        gone.append(query.value(0).toLongLong());
    query.finish();
    if (!gone.isEmpty()) {
        SqlTransaction transaction(db);
        QSqlQuery remove(db);
        for (qint64 id : std::as_const(gone)) {
            remove.prepare(u"DELETE FROM similarity_fts WHERE rowid = ?"_s);
            remove.addBindValue(id);
            if (!remove.exec())
                return sqlError(what, remove.lastError());
            remove.prepare(u"DELETE FROM similarity_docs WHERE id = ?"_s);
            remove.addBindValue(id);
            if (!remove.exec())
                return sqlError(what, remove.lastError());
        }
        QSqlQuery meta(db);
        meta.prepare(u"UPDATE similarity_meta SET value = value + ? WHERE key = 'drift'"_s);
        meta.addBindValue(int(gone.size()));
        if (!meta.exec())
            return sqlError(what, meta.lastError());
        if (!transaction.commit())
            return sqlError(what, db.lastError());
    }

    if (!query.exec(u"SELECT i.repo, i.number FROM issues i LEFT JOIN similarity_docs d ON d.repo = i.repo AND"
                    " d.number = i.number WHERE d.id IS NULL OR d.updated_at IS NOT i.updated_at"
                    " ORDER BY i.repo, i.number"_s))
        return sqlError(what, query.lastError());
    QList<QPair<QString, int>> stale;
    while (query.next())
        stale.append({query.value(0).toString(), query.value(1).toInt()});
    query.finish();

    const int total = int(stale.size());
    const bool bulk = total > 1000; // counted once at the end, by a recount
    int done = 0;
    while (done < total) {
        const QString repository = stale.at(done).first;
        QList<int> numbers;
        while (done + numbers.size() < total && numbers.size() < CatchUpBatch &&
               stale.at(done + numbers.size()).first == repository)
            numbers.append(stale.at(done + numbers.size()).second);
        const Result<QList<Issue>> issues = loadIssues(repository, numbers);
        if (!issues)
            return Error{issues.error()};
        Result<int> written = index(repository, issues.value(), !bulk);
        if (!written)
            return written;
        done += int(numbers.size());
        if (progress && !progress(done, total)) {
            if (bulk)
                recountWords();
            return done;
        }
    }
    if (total > 5 * CatchUpBatch) // many new segments: merge them, lookups get faster
        query.exec(u"INSERT INTO similarity_fts (similarity_fts) VALUES ('optimize')"_s);
    // Recount after a bulk catch-up, when the counts drifted by a tenth, or when they were never made.
    int drift = 0;
    int counted = 0;
    if (query.exec(u"SELECT (SELECT value FROM similarity_meta WHERE key = 'drift'),"
                   " EXISTS (SELECT 1 FROM similarity_terms)"_s) &&
        query.next()) {
        drift = query.value(0).toInt();
        counted = query.value(1).toInt();
    }
    query.finish();
    const int documents = documentCount();
    if (bulk || drift * 10 > documents || (counted == 0 && documents > 0)) {
        const Result<int> recounted = recountWords();
        if (!recounted)
            return recounted;
    }
    if (total > 0)
        qCInfo(lcSimilarity) << "indexed" << total << "issues," << gone.size() << "dropped";
    return total;
}

Result<int> SimilarityIndex::recountWords()
{
    QSqlDatabase db = m_connection.database();
    const QString what = QObject::tr("Cannot count the words of the similarity index in %1").arg(m_connection.path());
    SqlTransaction transaction(db);
    if (!transaction.isOpen())
        return sqlError(what, db.lastError());
    QSqlQuery query(db);
    if (!query.exec(u"DELETE FROM similarity_terms"_s) ||
        !query.exec(u"INSERT INTO similarity_terms (term, docs) SELECT term, doc FROM similarity_vocab"_s) ||
        !query.exec(u"UPDATE similarity_meta SET value = 0 WHERE key = 'drift'"_s))
        return sqlError(what, query.lastError());
    if (!transaction.commit())
        return sqlError(what, db.lastError());
    return 1;
}

int SimilarityIndex::documentCount(const QString &repository) const
{
    QSqlQuery query(m_connection.database());
    if (repository.isEmpty()) {
        query.prepare(u"SELECT count(*) FROM similarity_docs"_s);
    } else {
        query.prepare(u"SELECT count(*) FROM similarity_docs WHERE repo = ?"_s);
        query.addBindValue(repository);
    }
    return query.exec() && query.next() ? query.value(0).toInt() : -1;
}

Result<QList<Issue>> SimilarityIndex::loadIssues(const QString &repository, const QList<int> &numbers) const
{
    if (numbers.isEmpty())
        return QList<Issue>();
    const QString what = QObject::tr("Cannot read the store %1").arg(m_connection.path());
    return StoredIssues::read(
        m_connection.database(), u"repo = ? AND number IN (%1)"_s.arg(numberList(numbers)),
        [&repository](QSqlQuery &query) { query.addBindValue(repository); },
        [&what](const QSqlQuery &query) { return sqlError(what, query.lastError()); });
}

Result<Issue> SimilarityIndex::loadIssue(const QString &repository, int number) const
{
    const Result<QList<Issue>> issues = loadIssues(repository, {number});
    if (!issues)
        return Error{issues.error()};
    if (issues->isEmpty())
        return Error{QObject::tr("#%1 is not in the store for %2").arg(number).arg(repository)};
    return issues->constFirst();
}

Result<QList<SimilarityMatch>> SimilarityIndex::similar(const QString &repository, int number, int top,
                                                        const SimilarityOptions &options) const
{
    const Result<Issue> issue = loadIssue(repository, number);
    if (!issue)
        return Error{issue.error()};
    return similarTo(repository, issue.value(), top, options, number);
}

Result<QList<SimilarityMatch>> SimilarityIndex::similarTo(const QString &repository, const Issue &issue, int top,
                                                          const SimilarityOptions &options, int exclude) const
{
    QSqlDatabase db = m_connection.database();
    const QString what = QObject::tr("Cannot look up similar issues in %1").arg(m_connection.path());
    const IssueFingerprint print = IssueFingerprint::of(issue);

    // The issue's words, each weighted by the heaviest field it appears in, sublinear in its count.
    QHash<QString, double> weightOf;
    for (int field = 0; field < IssueFingerprint::FieldCount; ++field) {
        if (!options.queryFields[field] || options.weights[field] <= 0)
            continue;
        QHash<QString, int> counts;
        for (const QString &token : IssueFingerprint::tokens(print.fields[field])) {
            if (token.size() < 2 || IssueFingerprint::isStopword(token))
                continue;
            bool digitsOnly = std::all_of(token.cbegin(), token.cend(), [](QChar c) { return c.isDigit(); });
            if (digitsOnly)
                continue;
            ++counts[token];
        }
        for (auto it = counts.cbegin(); it != counts.cend(); ++it) {
            const double weight = options.weights[field] * (1.0 + std::log(double(it.value())));
            double &best = weightOf[it.key()];
            best = std::max(best, weight);
        }
    }
    if (weightOf.isEmpty())
        return QList<SimilarityMatch>();

    QSqlQuery query(db);
    query.setForwardOnly(true);
    if (!query.exec(u"SELECT count(*) FROM similarity_docs"_s) || !query.next())
        return sqlError(what, query.lastError());
    const double documents = std::max(1, query.value(0).toInt());
    query.finish();

    // How many documents hold each word.
    QHash<QString, int> frequency;
    const QStringList terms = weightOf.keys();
    for (qsizetype from = 0; from < terms.size(); from += 200) {
        const QStringList chunk = terms.mid(from, 200);
        query.prepare(u"SELECT term, docs FROM similarity_terms WHERE term IN (%1)"_s.arg(
            QStringList(chunk.size(), u"?"_s).join(u',')));
        for (const QString &term : chunk)
            query.addBindValue(term);
        if (!query.exec())
            return sqlError(what, query.lastError());
        while (query.next())
            frequency.insert(query.value(0).toString(), query.value(1).toInt());
        query.finish();
    }
    // In a small store a relative cap would leave too few words; in a large one common words cost time.
    const int maxDocuments = std::max(50, int(documents * options.maxDocumentShare));
    QList<QPair<double, QString>> ranked;
    for (auto it = weightOf.cbegin(); it != weightOf.cend(); ++it) {
        const int df = frequency.value(it.key());
        if (df == 0 || df > maxDocuments)
            continue;
        const double idf = std::log((documents - df + 0.5) / (df + 0.5) + 1.0);
        ranked.append({it.value() * idf, it.key()});
    }
    std::sort(ranked.begin(), ranked.end(), [](const auto &a, const auto &b) {
        return a.first != b.first ? a.first > b.first : a.second < b.second;
    });
    if (ranked.size() > options.maxTerms)
        ranked.resize(options.maxTerms);
    if (ranked.isEmpty())
        return QList<SimilarityMatch>();
    QStringList chosen;
    QStringList phrases;
    for (const auto &term : std::as_const(ranked)) {
        chosen.append(term.second);
        phrases.append(quoted(term.second));
    }
    QString columns;
    {
        QStringList names;
        for (int field = 0; field < IssueFingerprint::FieldCount; ++field) {
            if (options.weights[field] > 0)
                names.append(IssueFingerprint::fieldName(field));
        }
        columns = u'{' + names.join(u' ') + u"} : "_s;
    }

    // The text index ranks on its own first (joined the other way, SQLite would run the match once per
    // document of the repository); the few best are then kept to this repository, without the issue itself.
    const bool rerank = options.labelConsensus > 0 && options.rerankPool > top;
    const int wanted = rerank ? options.rerankPool : top;
    query.prepare(u"SELECT d.number, s.score FROM (SELECT rowid, "_s + bm25Call(options) +
                  u" AS score FROM similarity_fts WHERE similarity_fts MATCH ? ORDER BY score LIMIT ?) s"
                  " JOIN similarity_docs d ON d.id = s.rowid WHERE d.repo = ? AND d.number != ?"
                  " ORDER BY s.score LIMIT ?"_s);
    query.addBindValue(QString(columns + u'(' + phrases.join(u" OR "_s) + u')'));
    query.addBindValue(wanted * 2 + 10);
    query.addBindValue(repository);
    query.addBindValue(exclude);
    query.addBindValue(wanted);
    if (!query.exec())
        return sqlError(what, query.lastError());
    QList<QPair<int, double>> found;
    while (query.next())
        found.append({query.value(0).toInt(), -query.value(1).toDouble()});
    query.finish();
    if (rerank && found.size() > 1)
        found = rerankByLabels(repository, found, options.labelConsensus, top);
    return describe(repository, found, chosen);
}

QHash<QString, double> SimilarityIndex::labelRarity(const QString &repository) const
{
    const auto cached = m_labelRarity.constFind(repository);
    if (cached != m_labelRarity.cend())
        return *cached;
    QHash<QString, double> rarity;
    QSqlQuery query(m_connection.database());
    query.setForwardOnly(true);
    query.prepare(u"SELECT name, count(*), (SELECT count(*) FROM issues WHERE repo = ?) FROM issue_labels"
                  " WHERE repo = ? GROUP BY name COLLATE NOCASE"_s);
    query.addBindValue(repository);
    query.addBindValue(repository);
    if (query.exec()) {
        while (query.next())
            rarity.insert(query.value(0).toString().toLower(), std::log(std::max(1.0, query.value(2).toDouble()) /
                                                                        std::max(1.0, query.value(1).toDouble())));
    }
    m_labelRarity.insert(repository, rarity);
    return rarity;
}

QList<QPair<int, double>> SimilarityIndex::rerankByLabels(const QString &repository,
                                                          const QList<QPair<int, double>> &found, double weight,
                                                          int top) const
{
    QSqlQuery query(m_connection.database());
    query.setForwardOnly(true);
    QList<int> numbers;
    for (const auto &hit : found)
        numbers.append(hit.first);
    query.prepare(
        u"SELECT number, name FROM issue_labels WHERE repo = ? AND number IN (%1)"_s.arg(numberList(numbers)));
    query.addBindValue(repository);
    QHash<int, QStringList> labelsOf;
    if (query.exec()) {
        while (query.next())
            labelsOf[query.value(0).toInt()].append(query.value(1).toString().toLower());
    }
    const QHash<QString, double> rarity = labelRarity(repository);
    const double best = std::max(1e-9, found.constFirst().second);
    // How much the pool agrees on each label, each issue counting by its closeness.
    QHash<QString, double> agreement;
    double total = 0;
    for (const auto &hit : found) {
        const double closeness = hit.second / best;
        total += closeness;
        for (const QString &label : labelsOf.value(hit.first))
            agreement[label] += closeness;
    }
    QList<QPair<int, double>> rescored;
    QList<double> bonuses;
    double bestBonus = 0;
    for (const auto &hit : found) {
        double bonus = 0;
        for (const QString &label : labelsOf.value(hit.first))
            bonus += agreement.value(label) / total * rarity.value(label, 0.0);
        bonuses.append(bonus);
        bestBonus = std::max(bestBonus, bonus);
    }
    for (qsizetype i = 0; i < found.size(); ++i) {
        const double bonus = bestBonus > 0 ? bonuses.at(i) / bestBonus : 0.0;
        rescored.append({found.at(i).first, found.at(i).second * (1.0 + weight * bonus)});
    }
    std::stable_sort(rescored.begin(), rescored.end(),
                     [](const auto &a, const auto &b) { return a.second > b.second; });
    if (rescored.size() > top)
        rescored.resize(top);
    return rescored;
}

Result<QList<SimilarityMatch>> SimilarityIndex::describe(const QString &repository,
                                                         const QList<QPair<int, double>> &ranked,
                                                         const QStringList &queryTerms, int fullFor) const
{
    QList<int> numbers;
    for (const auto &hit : ranked)
        numbers.append(hit.first);
    const Result<QList<Issue>> issues = loadIssues(repository, numbers);
    if (!issues)
        return Error{issues.error()};
    QHash<int, const Issue *> byNumber;
    for (const Issue &issue : issues.value())
        byNumber.insert(issue.number, &issue);
    QList<SimilarityMatch> matches;
    for (const auto &hit : ranked) {
        const Issue *issue = byNumber.value(hit.first);
        if (!issue)
            continue;
        SimilarityMatch match;
        match.repository = repository;
        match.number = issue->number;
        match.title = issue->title;
        match.state = issue->state;
        match.labels = issue->labels;
        match.createdAt = issue->createdAt;
        match.updatedAt = issue->updatedAt;
        match.score = hit.second;
        IssueFingerprint print;
        if (fullFor < 0 || matches.size() < fullFor) {
            print = IssueFingerprint::of(*issue);
        } else {
            print.fields[IssueFingerprint::Title] = issue->title;
            print.fields[IssueFingerprint::Body] = issue->body;
            QStringList comments;
            for (const Comment &comment : issue->comments)
                comments.append(comment.body);
            print.fields[IssueFingerprint::Comments] = comments.join(u'\n');
        }
        match.signature = print.fields[IssueFingerprint::Signature];
        match.body = issue->body.left(20000);
        for (int field = 0; field < IssueFingerprint::FieldCount; ++field) {
            const QSet<QString> words = print.tokenSet(field);
            QStringList shared;
            for (const QString &term : queryTerms) {
                if (term.endsWith(u'*')) {
                    const QStringView stem = QStringView(term).chopped(1);
                    for (const QString &word : words) {
                        if (word.startsWith(stem) && !shared.contains(word))
                            shared.append(word);
                    }
                } else if (words.contains(term)) {
                    shared.append(term);
                }
            }
            if (!shared.isEmpty())
                match.why.insert(IssueFingerprint::fieldName(field), shared);
        }
        matches.append(std::move(match));
    }
    return matches;
}

Result<QList<SimilarityMatch>> SimilarityIndex::search(const SearchQuery &search) const
{
    QSqlDatabase db = m_connection.database();
    const QString text = search.text.trimmed();
    if (text.isEmpty())
        return QList<SimilarityMatch>();
    // The text index first, materialized: joined the other way SQLite would run the match per document.
    QString sql = u"WITH s AS MATERIALIZED (SELECT rowid, bm25(similarity_fts, 2.0, 1.0, 0.5, 3.0, 1.0, 1.0) AS score"
                  " FROM similarity_fts WHERE similarity_fts MATCH ?)"
                  " SELECT d.repo, d.number, s.score FROM s JOIN similarity_docs d ON d.id = s.rowid"
                  " JOIN issues i ON i.repo = d.repo AND i.number = d.number WHERE 1"_s;
    QVariantList binds{text};
    if (!search.repository.isEmpty()) {
        sql += u" AND d.repo = ?"_s;
        binds.append(search.repository);
    }
    if (const std::optional<IssueState> state = issueStateOf(search.state))
        sql += u" AND i.state = '%1'"_s.arg(issueStateName(*state));
    for (const QString &label : search.labels) {
        sql += u" AND EXISTS (SELECT 1 FROM issue_labels l WHERE l.repo = d.repo AND l.number = d.number AND"
               " l.name = ?)"_s;
        binds.append(label);
    }
    sql += u" ORDER BY s.score LIMIT ?"_s;
    binds.append(std::max(1, search.limit));
    QSqlQuery query(db);
    query.setForwardOnly(true);
    query.prepare(sql);
    for (const QVariant &value : std::as_const(binds))
        query.addBindValue(value);
    if (!query.exec()) {
        const QString why = query.lastError().databaseText().trimmed();
        return Error{QObject::tr("The search \"%1\" is not one SQLite's full-text syntax understands (%2). Words, "
                                 "\"exact phrases\", OR, NOT, prefix* and title: / body: / signature: work.")
                         .arg(text, why.isEmpty() ? query.lastError().text().trimmed() : why)};
    }
    QList<QPair<QString, QPair<int, double>>> hits;
    while (query.next())
        hits.append({query.value(0).toString(), {query.value(1).toInt(), -query.value(2).toDouble()}});
    query.finish();
    // Described a repository at a time, then put back in rank order.
    const QStringList words = queryWords(text);
    QHash<QString, QList<QPair<int, double>>> byRepository;
    for (const auto &hit : std::as_const(hits))
        byRepository[hit.first].append(hit.second);
    QHash<QPair<QString, int>, SimilarityMatch> described;
    for (auto it = byRepository.cbegin(); it != byRepository.cend(); ++it) {
        const Result<QList<SimilarityMatch>> some = describe(it.key(), it.value(), words, 20);
        if (!some)
            return some;
        for (const SimilarityMatch &match : some.value())
            described.insert({match.repository, match.number}, match);
    }
    QList<SimilarityMatch> matches;
    for (const auto &hit : std::as_const(hits)) {
        const auto found = described.constFind({hit.first, hit.second.first});
        if (found != described.cend())
            matches.append(*found);
    }
    return matches;
}
