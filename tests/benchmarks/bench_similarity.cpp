// SPDX-License-Identifier: MIT
// The similar-issues index: build time, lookup and search latency and store size over a synthetic repository
// (our own generator: module topics with their APIs, frames and errors, shuffled filler), then quality on real
// issues with human labels and on real duplicate pairs.
// Usage: bench_similarity [--issues N] [--dev DIR] [--duplicates FILE] [--verbose] [--quality-only]
//                         [--weights T,B,C,S,F,I] [--terms N] [--share X] [--consensus W] [--keep FILE]  (other
//                         settings than the console's)
//   --dev: the folder of labelled issues (default ../shared/eval/dev beside the repository);
//   --duplicates: pairs.jsonl of duplicate pairs (default ../shared/eval/duplicates/pairs.jsonl).
// The quality part is skipped, saying so, when the data is absent.
#include "engine/core/issuejsonreader.h"
#include "engine/github/githubclient.h"
#include "engine/scrub/scrubduplicatecheck.h"
#include "engine/similar/similarityindex.h"
#include "engine/store/issuestore.h"
#include "engine/sync/referencecorpussyncjob.h"
#include "tests/benchmarks/benchsupport.h"
#include "tests/support/githubtestserver.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTextStream>
#include <QTimeZone>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace {

using Bench::out;

const QString Repo = u"pytorch/pytorch"_s;

struct Topic
{
    QString module;
    QStringList words;
    QStringList apis;
    QStringList paths;
    QStringList errors;
};

// Invented in our words: what issues about each part of a deep-learning library tend to mention.
QList<Topic> topics()
{
    const QStringList names = {u"ddp"_s,  u"fsdp"_s,   u"nccl"_s,   u"dynamo"_s, u"inductor"_s,   u"autograd"_s,
                               u"cuda"_s, u"sparse"_s, u"onnx"_s,   u"mps"_s,    u"dataloader"_s, u"optim"_s,
                               u"jit"_s,  u"quant"_s,  u"export"_s, u"docs"_s};
    const QStringList pool =
        QStringLiteral(
            "bucket gradient reducer hook shard flatten param unshard reshard collective barrier communicator abort "
            "timeout watchdog guard graph break recompile trace kernel fusion triton codegen backward leaf grad "
            "stream device memory allocator fragmentation sparse coo csr export opset symbolic shape metal tensor "
            "worker prefetch pin sampler scheduler momentum lr scripting freeze observer calibration fake program "
            "constraint dynamic dim tutorial typo example warmup overflow precision bfloat fp16 nan inf accumulate "
            "checkpoint state restore resume rank world group store rendezvous elastic agent restart heartbeat")
            .split(u' ', Qt::SkipEmptyParts);
    QList<Topic> list;
    for (int t = 0; t < names.size(); ++t) {
        Topic topic;
        topic.module = u"module: "_s + names.at(t);
        for (int k = 0; k < 8; ++k)
            topic.words.append(pool.at((t * 7 + k * 5) % pool.size()) + (k % 3 == 0 ? names.at(t) : QString()));
        for (int k = 0; k < 5; ++k)
            topic.apis.append(u"%1_%2_%3"_s.arg(names.at(t), pool.at((t * 11 + k) % pool.size())).arg(k));
        for (int k = 0; k < 4; ++k)
            topic.paths.append(u"torch/%1/%2_%3.py"_s.arg(names.at(t), pool.at((t * 13 + k * 3) % pool.size())).arg(k));
        for (int k = 0; k < 3; ++k)
            topic.errors.append(u"%1Error: %2 %3 failed for %4"_s.arg(
                k == 0   ? u"Runtime"_s
                : k == 1 ? u"Value"_s
                         : names.at(t).left(1).toUpper() + names.at(t).mid(1),
                pool.at((t * 17 + k) % pool.size()), pool.at((t * 19 + k * 7) % pool.size()), names.at(t)));
        list.append(topic);
    }
    return list;
}

QList<Issue> generate(int count, quint32 seed)
{
    const QList<Topic> all = topics();
    QRandomGenerator random(seed);
    const QStringList filler =
        QStringLiteral(
            "when i run the model on my machine it stops after some steps and the output looks different than before "
            "we tried several settings and versions the problem appears only with larger batches or longer runs "
            "after upgrading the nightly build the script prints a warning first and then fails at the same place")
            .split(u' ', Qt::SkipEmptyParts);
    const auto pick = [&random](const QStringList &list) { return list.at(int(random.bounded(list.size()))); };
    const QDateTime epoch(QDate(2019, 1, 1), QTime(0, 0), QTimeZone::UTC);
    QList<Issue> issues;
    issues.reserve(count);
    for (int n = 1; n <= count; ++n) {
        const Topic &topic = all.at(int(random.bounded(all.size())));
        // A bug family within the topic (a few are reported often, most rarely): the words and the error its
        // reports share, as duplicates and near-duplicates do.
        const double u = random.generateDouble();
        const int family = int(400 * u * u);
        const QString topicName = topic.module.mid(8);
        const QString familyApi = u"%1_op%2"_s.arg(topicName).arg(family);
        const QString familyWord = u"%1%2"_s.arg(topic.words.at(family % topic.words.size())).arg(family);
        Issue issue;
        issue.number = n;
        issue.title = u"%1 %2 %3 with %4"_s.arg(pick(topic.words), familyWord, pick(filler), familyApi);
        QStringList body;
        for (int s = 0; s < 6; ++s) {
            QStringList sentence;
            for (int w = 0; w < 14; ++w) {
                const quint32 roll = random.bounded(10);
                sentence.append(roll < 3 ? pick(topic.words) : roll == 3 ? familyWord : pick(filler));
            }
            body.append(sentence.join(u' ') + u'.');
        }
        if (random.bounded(2) == 0) {
            body.append(u"Traceback (most recent call last):"_s);
            for (int f = 0; f < 3; ++f)
                body.append(u"  File \"/env/lib/python3.11/site-packages/%1\", line %2, in %3"_s.arg(pick(topic.paths))
                                .arg(100 + f * 37)
                                .arg(f == 2 ? familyApi : pick(topic.apis)));
            body.append(topic.errors.at(family % topic.errors.size()) + u" in "_s + familyApi);
        }
        issue.body = body.join(u'\n');
        issue.state = random.bounded(3) == 0 ? IssueState::Open : IssueState::Closed;
        issue.labels = {topic.module, u"triaged"_s};
        issue.createdAt = epoch.addSecs(qint64(n) * 2400);
        issue.updatedAt = issue.createdAt.addSecs(86400);
        const int comments = int(random.bounded(4));
        for (int c = 0; c < comments; ++c) {
            Comment comment;
            comment.id = qint64(n) * 10 + c;
            comment.author = u"maintainer%1"_s.arg(c);
            comment.body = u"Could you try %1 with %2 again?"_s.arg(pick(topic.apis), pick(topic.words));
            comment.createdAt = issue.createdAt.addSecs(3600 * (c + 1));
            issue.comments.append(comment);
        }
        issue.commentCount = comments;
        issues.append(std::move(issue));
    }
    return issues;
}

QString milliseconds(double ms)
{
    return QString::number(ms, 'f', ms < 10 ? 2 : 1) + u" ms"_s;
}

struct Latency
{
    double median = 0;
    double worst = 0;
    double p95 = 0;
};

Latency summarize(QList<double> times)
{
    std::sort(times.begin(), times.end());
    if (times.isEmpty())
        return {};
    return {times.at(times.size() / 2), times.constLast(), times.at(int(times.size() * 0.95))};
}

qint64 fileSize(const QString &path)
{
    return QFileInfo(path).size() + QFileInfo(path + u"-wal"_s).size();
}

void checkpoint(const QString &path)
{
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"checkpoint"_s);
        db.setDatabaseName(path);
        if (db.open())
            QSqlQuery(db).exec(u"PRAGMA wal_checkpoint(TRUNCATE)"_s);
        db.close();
    }
    QSqlDatabase::removeDatabase(u"checkpoint"_s);
}

int scale(QStringList &arguments)
{
    const QString issues = Bench::takeOption(arguments, u"--issues"_s);
    return issues.isEmpty() ? 50000 : std::max(100, issues.toInt());
}

QString g_keep; // --keep FILE: the synthetic store is written there and left for a look

int performance(int count)
{
    QTemporaryDir dir;
    const QString path = g_keep.isEmpty() ? dir.filePath(u"store.sqlite"_s) : g_keep;
    QFile::remove(path);
    out() << "== Performance: " << count << " synthetic issues (our generator: 16 module topics, 400 bug families each)"
          << Qt::endl;
    QElapsedTimer timer;
    timer.start();
    const QList<Issue> issues = generate(count, 30);
    out() << "generated in " << timer.elapsed() << " ms" << Qt::endl;
    {
        auto store = IssueStore::open(path);
        if (!store) {
            out() << store.error() << Qt::endl;
            return 1;
        }
        QueueSpec spec;
        spec.setRepository(Repo);
        spec.state = QueueState::All;
        SyncState state;
        state.queueId = store.value()->ensureQueue(spec).value();
        timer.restart();
        for (qsizetype from = 0; from < issues.size(); from += 100)
            store.value()->writePage(Repo, issues.mid(from, 100), state);
        out() << "store written (pages of 100, no index): " << timer.elapsed() << " ms" << Qt::endl;
    }
    checkpoint(path);
    const qint64 withoutIndex = fileSize(path);

    auto index = SimilarityIndex::open(path);
    if (!index) {
        out() << index.error() << Qt::endl;
        return 1;
    }
    timer.restart();
    const Result<int> built = index.value()->catchUp();
    const qint64 buildMs = timer.elapsed();
    if (!built) {
        out() << built.error() << Qt::endl;
        return 1;
    }
    out() << "index build for " << built.value() << " issues: " << buildMs << " ms ("
          << QString::number(double(buildMs) * 1000.0 / count, 'f', 1) << " µs an issue)" << Qt::endl;

    // What a sync page costs on top of its write: re-indexing 100 issues.
    timer.restart();
    index.value()->index(Repo, issues.mid(1000, 100));
    out() << "re-indexing one page of 100 issues: " << timer.elapsed() << " ms" << Qt::endl;

    checkpoint(path);
    const qint64 total = fileSize(path);
    const double per10k = 10000.0 / count;
    out() << "store size per 10,000 issues: " << QString::number(total * per10k / 1e6, 'f', 1) << " MB ("
          << QString::number(withoutIndex * per10k / 1e6, 'f', 1) << " MB issues and comments, "
          << QString::number((total - withoutIndex) * per10k / 1e6, 'f', 1) << " MB index)" << Qt::endl;

    QRandomGenerator random(7);
    const int lookupCount = 300;
    QList<double> lookups;
    int hits = 0;
    for (int q = 0; q < lookupCount; ++q) {
        const int number = 1 + int(random.bounded(count));
        QElapsedTimer one;
        one.start();
        const auto matches = index.value()->similar(Repo, number, 10);
        lookups.append(one.nsecsElapsed() / 1e6);
        if (matches && !matches->isEmpty() &&
            matches->constFirst().labels.value(0) == issues.at(number - 1).labels.value(0))
            ++hits;
    }
    const Latency lookup = summarize(lookups);
    out() << "similar-issues lookup (top 10, with why), " << lookupCount << " lookups: median "
          << milliseconds(lookup.median) << ", p95 " << milliseconds(lookup.p95) << ", worst "
          << milliseconds(lookup.worst) << " (targets < 50 ms / < 150 ms); top match of the same topic " << hits << "/"
          << lookupCount << Qt::endl;

    const QStringList searches = {
        u"nccl"_s,          u"\"graph break\""_s,   u"title: checkpoint"_s, u"shard* AND timeout"_s,
        u"RuntimeError"_s,  u"signature: failed"_s, u"dynamo_guard_1"_s,    u"memory NOT cuda"_s,
        u"frames: torch"_s, u"tensor OR kernel"_s};
    QList<double> searchTimes;
    for (int round = 0; round < 10; ++round) {
        for (const QString &text : searches) {
            SearchQuery query;
            query.repository = Repo;
            query.text = text;
            query.limit = 100; // the search dialog's
            if (round % 2 == 1)
                query.state = QueueState::Open;
            QElapsedTimer one;
            one.start();
            const auto found = index.value()->search(query);
            searchTimes.append(one.nsecsElapsed() / 1e6);
            if (!found)
                out() << "search failed: " << found.error() << Qt::endl;
        }
    }
    const Latency search = summarize(searchTimes);
    out() << "free-text search (top 100 with why, as the dialog asks), 100 searches: median "
          << milliseconds(search.median) << ", p95 " << milliseconds(search.p95) << ", worst "
          << milliseconds(search.worst) << Qt::endl;
    return 0;
}

// The reference corpus from the loopback GitHub test server: how many GraphQL pages a first sync and a
// re-sync take, and how long (the server answers on this thread; the store is written on the writer's).
int corpusSync(int count)
{
    out() << Qt::endl << "== Reference corpus sync: " << count << " issues from the loopback test server" << Qt::endl;
    GitHubTestServer server;
    if (!server.start()) {
        out() << "cannot start the test server" << Qt::endl;
        return 1;
    }
    GitHubTestServer::Generation generation;
    generation.issues = count;
    generation.maxComments = 8;
    generation.closedEvery = 3;
    generation.otherLabelEvery = 4;
    server.generate(generation);
    GitHubClient client;
    server.connectClient(client, u"ghp_BenchToken"_s);
    QTemporaryDir dir;
    auto store = IssueStore::open(dir.filePath(u"store.sqlite"_s));
    if (!store) {
        out() << store.error() << Qt::endl;
        return 1;
    }
    QueueSpec queue;
    queue.setRepository(server.repository());
    queue.labels = {u"oncall: distributed"_s};
    for (const bool again : {false, true}) {
        if (again)
            server.touch(5, u"a new comment"_s);
        ReferenceCorpusSyncJob job(&client, store.value().get(), queue);
        job.setMode(QueueSyncJob::Mode::GraphQL);
        job.setYears(3);
        QEventLoop loop; // the benchmark's own loop: nothing else runs
        std::optional<Result<CorpusSyncSummary>> result;
        QObject::connect(&job, &ReferenceCorpusSyncJob::finished, &loop, [&](const Result<CorpusSyncSummary> &r) {
            result.emplace(r);
            loop.quit();
        });
        QElapsedTimer timer;
        timer.start();
        const int before = server.requestCount(u"/graphql"_s);
        job.start();
        loop.exec();
        if (!result || !result->ok()) {
            out() << "sync failed: " << (result ? result->error() : u"no answer"_s) << Qt::endl;
            return 1;
        }
        out() << (again ? "re-sync" : "first sync")
              << " (labels in every state, then the repository's last 3 years): " << result->value().issues
              << " issues written, " << server.requestCount(u"/graphql"_s) - before << " GraphQL pages, "
              << timer.elapsed() << " ms; " << result->value().storedIssues << " in the store" << Qt::endl;
    }
    return 0;
}

QStringList moduleLabels(const Issue &issue)
{
    QStringList modules;
    for (const QString &label : issue.labels) {
        if (label.startsWith(u"module: "_s))
            modules.append(label);
    }
    return modules;
}

bool sharesModule(const Issue &a, const Issue &b)
{
    const QStringList mine = moduleLabels(a);
    for (const QString &label : moduleLabels(b)) {
        if (mine.contains(label))
            return true;
    }
    return false;
}

// Every dev issue in one store (the ones the duplicate pairs add, too), indexed.
Result<std::unique_ptr<SimilarityIndex>> poolIndex(const QString &path, const QList<Issue> &pool)
{
    {
        auto store = IssueStore::open(path);
        if (!store)
            return Error{store.error()};
        QueueSpec spec;
        spec.setRepository(Repo);
        spec.state = QueueState::All;
        SyncState state;
        state.queueId = store.value()->ensureQueue(spec).value();
        QList<Issue> page = pool;
        qint64 id = 1;
        for (Issue &issue : page) {
            for (Comment &comment : issue.comments)
                comment.id = id++;
        }
        const Result<int> written = store.value()->writePage(Repo, page, state);
        if (!written)
            return Error{written.error()};
    }
    auto index = SimilarityIndex::open(path);
    if (!index)
        return index;
    const Result<int> built = index.value()->catchUp();
    if (!built)
        return Error{built.error()};
    return index;
}

// The scrub's duplicate finding (ScrubDuplicateCheck over the index's closest five): how many copies it stops
// on, naming their original, and how many dev issues (not known duplicates of one another) it would stop on too.
void likelyDuplicates(const SimilarityIndex &index, const QList<QPair<Issue, Issue>> &pairs, const QList<Issue> &pool,
                      bool verbose)
{
    const auto finding = [&](const Issue &issue) -> std::optional<ScrubStop> {
        const auto matches = index.similarTo(Repo, issue, ScrubDuplicateCheck::Candidates, {}, issue.number);
        if (!matches)
            return std::nullopt;
        QList<Issue> candidates;
        for (const SimilarityMatch &match : matches.value()) {
            if (const Result<Issue> stored = index.loadIssue(Repo, match.number))
                candidates.append(stored.value());
        }
        return ScrubDuplicateCheck::strongest(issue, candidates);
    };
    int named = 0;
    int stopped = 0;
    for (const auto &pair : pairs) {
        const std::optional<ScrubStop> stop = finding(pair.first);
        stopped += stop ? 1 : 0;
        named += stop && stop->duplicateOf == pair.second.number ? 1 : 0;
        if (verbose)
            out() << "    #" << pair.first.number << " vs #" << pair.second.number << ": similarity "
                  << QString::number(ScrubDuplicateCheck::similarity(pair.first, pair.second), 'f', 2)
                  << (ScrubDuplicateCheck::sameSignature(pair.first, pair.second) ? ", same signature" : "")
                  << (stop ? u" → stops on #%1"_s.arg(stop->duplicateOf) : u" → no stop"_s) << Qt::endl;
    }
    int falseStops = 0;
    for (const Issue &issue : pool) {
        if (const std::optional<ScrubStop> stop = finding(issue)) {
            ++falseStops;
            if (verbose)
                out() << "    dev #" << issue.number << " stops on #" << stop->duplicateOf << ": " << stop->evidence
                      << Qt::endl;
        }
    }
    out() << "  the scrub's likely-duplicate finding (similarity >= "
          << QString::number(ScrubDuplicateCheck::Likely, 'f', 2)
          << ", >= " << QString::number(ScrubDuplicateCheck::LikelyWithSignature, 'f', 2)
          << " with the same error signature): names the original for " << named << "/" << pairs.size()
          << " copies (stops on " << stopped << "); stops on " << falseStops << " of " << pool.size() << " dev issues"
          << Qt::endl;
}

SimilarityOptions g_options; // the console's, unless --weights/--terms/--share ask for others

int quality(const QString &devDir, const QString &pairsPath, bool verbose)
{
    out() << Qt::endl << "== Quality on real issues" << Qt::endl;
    QList<Issue> pool;
    QHash<int, qsizetype> rowOf;
    const QStringList files = QDir(devDir).entryList({u"*.jsonl"_s}, QDir::Files, QDir::Name);
    if (files.isEmpty()) {
        out() << "skipped: no labelled issues in " << devDir << " (pass --dev DIR)" << Qt::endl;
        return 0;
    }
    for (const QString &file : files) {
        const Result<QList<Issue>> issues = IssueJsonReader::readFile(QDir(devDir).filePath(file));
        if (!issues) {
            out() << issues.error() << Qt::endl;
            return 1;
        }
        for (const Issue &issue : issues.value()) {
            if (rowOf.contains(issue.number))
                continue;
            rowOf.insert(issue.number, pool.size());
            pool.append(issue);
        }
    }
    out() << pool.size() << " issues from " << files.join(u", "_s) << " in " << devDir << Qt::endl;

    QTemporaryDir dir;
    auto index = poolIndex(dir.filePath(u"dev.sqlite"_s), pool);
    if (!index) {
        out() << index.error() << Qt::endl;
        return 1;
    }

    // Precision at 5: of the five closest other issues, how many share a module label with the issue.
    QList<const Issue *> labelled;
    for (const Issue &issue : std::as_const(pool)) {
        if (!moduleLabels(issue).isEmpty())
            labelled.append(&issue);
    }
    QHash<QString, int> frequency;
    for (const Issue &issue : std::as_const(pool)) {
        for (const QString &label : moduleLabels(issue))
            ++frequency[label];
    }
    const auto precision = [&](const SimilarityOptions &options, const QString &name) {
        double sum = 0;
        for (const Issue *issue : std::as_const(labelled)) {
            const auto matches = index.value()->similar(Repo, issue->number, 5, options);
            int shared = 0;
            if (matches) {
                for (const SimilarityMatch &match : matches.value())
                    shared += sharesModule(*issue, pool.at(rowOf.value(match.number))) ? 1 : 0;
            }
            sum += shared / 5.0;
        }
        const double value = sum / std::max<qsizetype>(1, labelled.size());
        out() << "  " << name << ": " << QString::number(value, 'f', 3) << Qt::endl;
        return value;
    };
    out() << "precision at 5 (share of the 5 most similar other issues with a module label in common), over "
          << labelled.size() << " issues with a module label:" << Qt::endl;
    // Random picks, exactly: the share of other issues that share a label, averaged.
    double random = 0;
    for (const Issue *issue : std::as_const(labelled)) {
        int shared = 0;
        for (const Issue &other : std::as_const(pool))
            shared += (other.number != issue->number && sharesModule(*issue, other)) ? 1 : 0;
        random += double(shared) / double(pool.size() - 1);
    }
    out() << "  random picks (expected): " << QString::number(random / labelled.size(), 'f', 3) << Qt::endl;
    // Label frequencies: always the five issues whose module labels are the most frequent.
    {
        QList<const Issue *> byFrequency;
        for (const Issue &issue : std::as_const(pool))
            byFrequency.append(&issue);
        const auto weight = [&frequency](const Issue *issue) {
            int best = 0;
            for (const QString &label : moduleLabels(*issue))
                best = std::max(best, frequency.value(label));
            return best;
        };
        std::stable_sort(byFrequency.begin(), byFrequency.end(),
                         [&](const Issue *a, const Issue *b) { return weight(a) > weight(b); });
        double sum = 0;
        for (const Issue *issue : std::as_const(labelled)) {
            int taken = 0;
            int shared = 0;
            for (const Issue *other : std::as_const(byFrequency)) {
                if (other->number == issue->number)
                    continue;
                shared += sharesModule(*issue, *other) ? 1 : 0;
                if (++taken == 5)
                    break;
            }
            sum += shared / 5.0;
        }
        out() << "  label-frequency baseline (the issues of the commonest labels): "
              << QString::number(sum / labelled.size(), 'f', 3) << Qt::endl;
    }
    const double plain = precision(SimilarityOptions::titleAndBodyOnly(), u"plain BM25 over title and body"_s);
    const double ours = precision(g_options, u"the console's index (weighted fields)"_s);
    out() << "  → " << (ours > plain ? "above" : "NOT above") << " plain BM25 by "
          << QString::number(ours - plain, 'f', 3) << Qt::endl;

    // Duplicates: each pair's two issues join the pool; the original should be among the closest to the copy.
    QFile pairsFile(pairsPath);
    if (!pairsFile.open(QIODevice::ReadOnly)) {
        out() << "duplicates skipped: " << pairsPath << " is absent (pass --duplicates FILE)" << Qt::endl;
        return 0;
    }
    QList<QPair<Issue, Issue>> pairs;
    for (const QByteArray &line : pairsFile.readAll().split('\n')) {
        if (line.trimmed().isEmpty())
            continue;
        const QJsonObject object = QJsonDocument::fromJson(line).object();
        const auto dup = IssueJsonReader::fromJson(object.value("dup"_L1).toObject());
        const auto original = IssueJsonReader::fromJson(object.value("original"_L1).toObject());
        if (dup && original)
            pairs.append({dup.value(), original.value()});
    }
    QList<Issue> withPairs = pool;
    for (const auto &pair : std::as_const(pairs)) {
        if (!rowOf.contains(pair.first.number))
            withPairs.append(pair.first);
        if (!rowOf.contains(pair.second.number))
            withPairs.append(pair.second);
    }
    auto pairIndex = poolIndex(dir.filePath(u"pairs.sqlite"_s), withPairs);
    if (!pairIndex) {
        out() << pairIndex.error() << Qt::endl;
        return 1;
    }
    const auto recall = [&](const SimilarityOptions &options, const QString &name) {
        int at1 = 0;
        int at5 = 0;
        for (const auto &pair : std::as_const(pairs)) {
            const auto matches = pairIndex.value()->similar(Repo, pair.first.number, 5, options);
            if (!matches)
                continue;
            for (qsizetype rank = 0; rank < matches->size(); ++rank) {
                if (matches->at(rank).number == pair.second.number) {
                    at1 += rank == 0 ? 1 : 0;
                    ++at5;
                    if (verbose)
                        out() << "    #" << pair.first.number << " → #" << pair.second.number << " at rank " << rank + 1
                              << Qt::endl;
                }
            }
        }
        out() << "  " << name << ": recall at 1 " << at1 << "/" << pairs.size() << ", at 5 " << at5 << "/"
              << pairs.size() << Qt::endl;
    };
    out() << "duplicates (" << pairs.size() << " real pairs, " << withPairs.size() - 2 * pairs.size()
          << "+ dev issues as distractors):" << Qt::endl;
    recall(SimilarityOptions::titleAndBodyOnly(), u"plain BM25 over title and body"_s);
    recall(g_options, u"the console's index"_s);
    likelyDuplicates(*pairIndex.value(), pairs, pool, verbose);
    return 0;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QStringList arguments = app.arguments().mid(1);
    const int count = scale(arguments);
    QString dev = Bench::takeOption(arguments, u"--dev"_s);
    QString pairs = Bench::takeOption(arguments, u"--duplicates"_s);
    const bool verbose = arguments.removeAll(u"--verbose"_s) > 0;
    const QString shared = QStringLiteral(TRIAGE_SOURCE_DIR "/../shared/eval");
    if (dev.isEmpty())
        dev = shared + u"/dev"_s;
    if (pairs.isEmpty())
        pairs = shared + u"/duplicates/pairs.jsonl"_s;
    const QString weights = Bench::takeOption(arguments, u"--weights"_s);
    const QStringList parts = weights.split(u',', Qt::SkipEmptyParts);
    for (int field = 0; field < std::min<int>(parts.size(), IssueFingerprint::FieldCount); ++field)
        g_options.weights[field] = parts.at(field).toDouble();
    const QString terms = Bench::takeOption(arguments, u"--terms"_s);
    if (!terms.isEmpty())
        g_options.maxTerms = terms.toInt();
    const QString share = Bench::takeOption(arguments, u"--share"_s);
    if (!share.isEmpty())
        g_options.maxDocumentShare = share.toDouble();
    const QString consensus = Bench::takeOption(arguments, u"--consensus"_s);
    if (!consensus.isEmpty())
        g_options.labelConsensus = consensus.toDouble();
    g_keep = Bench::takeOption(arguments, u"--keep"_s);
    const bool skipPerformance = arguments.removeAll(u"--quality-only"_s) > 0;
    int status = skipPerformance ? 0 : performance(count);
    if (status == 0 && !skipPerformance)
        status = corpusSync(std::min(count, 5000));
    if (status == 0)
        status = quality(dev, pairs, verbose);
    out() << "peak memory " << Bench::peakMemory() << Qt::endl;
    return status;
}
