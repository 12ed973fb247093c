// SPDX-License-Identifier: MIT
#include "engine/outboxsubmitjob.h"

#include "engine/githubclient.h"
#include "engine/githubrequestjob.h"
#include "engine/outboxstore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>
#include <QUrlQuery>

#include <functional>

using namespace Qt::StringLiterals;
using namespace std::chrono;

namespace {

QString excerpt(const QByteArray &body, int length = 300)
{
    const QString simple = QString::fromUtf8(body).simplified();
    return simple.size() <= length ? simple : QString(simple.left(length - 1) + u'…');
}

bool containsLabel(const QStringList &labels, const QString &label)
{
    return labels.contains(label, Qt::CaseInsensitive);
}

// a − b, GitHub's label names compare without case
QStringList minus(const QStringList &a, const QStringList &b)
{
    QStringList out;
    for (const QString &label : a) {
        if (!containsLabel(b, label) && !containsLabel(out, label))
            out.append(label);
    }
    return out;
}

} // namespace

// One entry's way through the steps. Owned by the job; every callback has the job as context.
struct OutboxSubmitJob::Run
{
    OutboxSubmitJob *job = nullptr;
    OutboxEntry entry;
    int attempt = 0;

    // The issue as last read.
    QByteArray etag;
    QString state;
    QStringList labels;
    int commentCount = 0;
    QStringList otherAuthors; // authors of the comments that are not ours, oldest first
    QList<Comment> otherComments;
    bool markerPresent = false;
    int markerCount = 0; // more than one: the transport sent our POST twice (see finishAs)
    QList<Comment> pageComments;
    QPointer<GitHubRequestJob> request;

    OutboxStore &store() const { return *job->m_store; }
    GitHubClient *client() const { return job->m_client; }
    QString issuePath() const { return u"/repos/%1/issues/%2"_s.arg(entry.repository).arg(entry.number); }

    void track(GitHubRequestJob *next)
    {
        request = next;
        QObject::connect(next, &GitHubRequestJob::waiting, job, &OutboxSubmitJob::waiting);
    }

    void journal(const QString &step, const QString &phase, const QString &detail = {})
    {
        const Result<qint64> written = store().journal(entry.id, step, phase, detail);
        if (!written)
            qCWarning(lcOutbox) << written.error();
    }

    void begin()
    {
        entry.status = OutboxStatus::Submitting;
        entry.outcome.clear();
        ++entry.attempts;
        const Result<bool> updated = store().update(entry);
        if (!updated)
            return fail(updated.error());
        Q_EMIT job->entryChanged(entry);
        reread();
    }

    void reread()
    {
        journal(u"reread"_s, u"begin"_s);
        const QPair<QByteArray, QByteArray> last = store().lastRead(entry.id);
        auto *get = client()->get(client()->restUrl(issuePath()), last.first);
        track(get);
        QObject::connect(
            get, &GitHubRequestJob::finished, job,
            [this, snapshot = last.second](const Result<GitHubResponse> &result) { onIssue(result, snapshot); });
    }

    void onIssue(const Result<GitHubResponse> &result, const QByteArray &snapshot)
    {
        if (!result)
            return retryOrFail(result.error(), request && request->failedTransiently());
        if (result->notModified() && !snapshot.isEmpty()) {
            // Unchanged since our last read (its comments too: a new one changes the issue's count).
            const QJsonObject last = QJsonDocument::fromJson(snapshot).object();
            etag = last.value(u"etag"_s).toString().toLatin1();
            state = last.value(u"state"_s).toString();
            labels.clear();
            for (const QJsonValue &label : last.value(u"labels"_s).toArray())
                labels.append(label.toString());
            commentCount = last.value(u"comment_count"_s).toInt();
            otherAuthors.clear();
            for (const QJsonValue &author : last.value(u"other_authors"_s).toArray())
                otherAuthors.append(author.toString());
            otherComments.clear();
            markerPresent = last.value(u"marker"_s).toBool();
            entry.commentId = last.value(u"comment_id"_s).toInteger(entry.commentId);
            journal(u"reread"_s, u"done"_s, u"not modified"_s);
            return evaluate();
        }
        const QJsonObject issue = result->json.object();
        etag = result->etag;
        state = issue.value(u"state"_s).toString().toUpper();
        labels.clear();
        for (const QJsonValue &label : issue.value(u"labels"_s).toArray())
            labels.append(label.isObject() ? label.toObject().value(u"name"_s).toString() : label.toString());
        commentCount = issue.value(u"comments"_s).toInt();
        pageComments.clear();
        QUrlQuery query;
        query.addQueryItem(u"per_page"_s, u"100"_s);
        readComments(client()->restUrl(issuePath() + u"/comments"_s, query));
    }

    void readComments(const QUrl &url)
    {
        auto *get = client()->get(url);
        track(get);
        QObject::connect(get, &GitHubRequestJob::finished, job,
                         [this](const Result<GitHubResponse> &result) { onComments(result); });
    }

    void onComments(const Result<GitHubResponse> &result)
    {
        if (!result)
            return retryOrFail(result.error(), request && request->failedTransiently());
        for (const QJsonValue &value : result->json.array()) {
            const QJsonObject c = value.toObject();
            Comment comment;
            comment.id = c.value(u"id"_s).toInteger();
            comment.author = c.value(u"user"_s).toObject().value(u"login"_s).toString();
            comment.body = c.value(u"body"_s).toString();
            comment.createdAt = QDateTime::fromString(c.value(u"created_at"_s).toString(), Qt::ISODate);
            pageComments.append(std::move(comment));
        }
        if (result->nextPage.isValid())
            return readComments(result->nextPage);

        const QString marker = entry.marker();
        markerPresent = false;
        markerCount = 0;
        otherComments.clear();
        otherAuthors.clear();
        for (const Comment &comment : std::as_const(pageComments)) {
            if (comment.body.contains(marker)) {
                markerPresent = true;
                ++markerCount;
                entry.commentId = comment.id;
            } else {
                otherComments.append(comment);
                otherAuthors.append(comment.author);
            }
        }
        const QJsonObject snapshot{{u"etag"_s, QString::fromLatin1(etag)},
                                   {u"state"_s, state},
                                   {u"labels"_s, QJsonArray::fromStringList(labels)},
                                   {u"comment_count"_s, commentCount},
                                   {u"other_authors"_s, QJsonArray::fromStringList(otherAuthors)},
                                   {u"marker"_s, markerPresent},
                                   {u"comment_id"_s, entry.commentId}};
        store().saveRead(entry.id, etag, QJsonDocument(snapshot).toJson(QJsonDocument::Compact));
        journal(u"reread"_s, u"done"_s,
                u"state %1, %2 labels, %3 comments%4"_s.arg(state)
                    .arg(labels.size())
                    .arg(pageComments.size())
                    .arg(markerPresent ? u", our comment present"_s : QString()));
        evaluate();
    }

    void evaluate()
    {
        // What others changed since the review; our own labels, comment and close are not a change.
        OutboxChange change;
        change.labelsAdded = minus(minus(labels, entry.seenLabels), entry.addLabels);
        change.labelsRemoved = minus(entry.seenLabels, labels);
        const bool ourClose = entry.close && state == u"CLOSED"_s;
        if (!entry.seenState.isEmpty() && state.compare(entry.seenState, Qt::CaseInsensitive) != 0 && !ourClose) {
            change.stateBefore = entry.seenState;
            change.stateNow = state;
        }
        if (otherAuthors.size() > entry.seenCommentCount) {
            change.newComments = int(otherAuthors.size()) - entry.seenCommentCount;
            for (const QString &author : otherAuthors.mid(entry.seenCommentCount)) {
                if (!change.newCommentAuthors.contains(author))
                    change.newCommentAuthors.append(author);
            }
        }
        if (!change.isEmpty()) {
            entry.change = change;
            return finishAs(OutboxStatus::Conflict, change.describe());
        }
        // Guardrails again, on the issue as the reviewer saw it plus what others commented since.
        Issue current;
        current.number = entry.number;
        current.state = state;
        current.labels = minus(labels, minus(entry.addLabels, entry.seenLabels));
        current.comments = otherComments;
        current.commentCount = int(otherAuthors.size());
        const Result<RubricPack> pack = job->packFor(entry.profile);
        if (!pack)
            return finishAs(OutboxStatus::Failed, pack.error());
        const QList<Violation> violations = OutboxStore::check(entry, current, pack.value());
        if (!violations.isEmpty()) {
            entry.violations = violations;
            QStringList why;
            for (const Violation &v : violations)
                why.append(v.message);
            return finishAs(OutboxStatus::Blocked, why.join(u"; "_s));
        }

        nextWrite();
    }

    // The next write still to do, judged by what the issue shows: each step is idempotent.
    void nextWrite()
    {
        if (job->m_client.isNull())
            return fail(tr("the GitHub client is gone"));
        if (!entry.comment.isEmpty() && !markerPresent)
            return postComment();
        const QStringList missing = minus(entry.addLabels, labels);
        if (!missing.isEmpty())
            return addLabels(missing);
        if (entry.close && state != u"CLOSED"_s)
            return closeIssue();
        const bool wrote = store().hasBegunWrites(entry.id);
        finishAs(wrote ? OutboxStatus::Applied : OutboxStatus::AlreadyApplied,
                 wrote ? tr("written to GitHub") : tr("already on GitHub; nothing written"));
    }

    void write(const QString &step, const QByteArray &verb, const QString &path, const QJsonObject &body,
               const QString &summary, std::function<void(const GitHubResponse &)> done)
    {
        journal(step, u"begin"_s, summary);
        auto *call = client()->write(verb, client()->restUrl(path), QJsonDocument(body));
        track(call);
        const QString requestText = u"%1 %2 %3"_s.arg(
            QString::fromLatin1(verb), path, QString::fromUtf8(QJsonDocument(body).toJson(QJsonDocument::Compact)));
        QObject::connect(call, &GitHubRequestJob::finished, job,
                         [this, step, requestText, done, call](const Result<GitHubResponse> &result) {
                             OutboxAuditRecord audit;
                             audit.at = QDateTime::currentDateTimeUtc();
                             audit.login = job->m_report.login;
                             audit.repository = entry.repository;
                             audit.number = entry.number;
                             audit.action = step;
                             audit.request =
                                 requestText.size() > 500 ? QString(requestText.left(499) + u'…') : requestText;
                             audit.status = result ? result->status : call->lastStatus();
                             audit.response = result              ? excerpt(result->body)
                                              : audit.status == 0 ? tr("no answer: %1").arg(result.error())
                                                                  : excerpt(call->lastBody());
                             const Result<qint64> logged = store().appendAudit(audit);
                             if (!logged)
                                 qCWarning(lcOutbox) << logged.error();
                             if (!result) {
                                 journal(step, u"failed"_s, result.error());
                                 return retryOrFail(result.error(), call->failedTransiently());
                             }
                             journal(step, u"done"_s, u"HTTP %1"_s.arg(result->status));
                             done(result.value());
                         });
    }

    void postComment()
    {
        write(u"comment"_s, "POST", issuePath() + u"/comments"_s, QJsonObject{{u"body"_s, entry.commentBody()}},
              entry.marker(), [this](const GitHubResponse &response) {
                  entry.commentId = response.json.object().value(u"id"_s).toInteger();
                  markerPresent = true;
                  store().update(entry);
                  nextWrite();
              });
    }

    void addLabels(const QStringList &missing)
    {
        write(u"labels"_s, "POST", issuePath() + u"/labels"_s,
              QJsonObject{{u"labels"_s, QJsonArray::fromStringList(missing)}}, missing.join(u", "_s),
              [this, missing](const GitHubResponse &response) {
                  // GitHub answers with the issue's full label list.
                  const QJsonArray all = response.json.array();
                  if (!all.isEmpty()) {
                      labels.clear();
                      for (const QJsonValue &label : all)
                          labels.append(label.toObject().value(u"name"_s).toString());
                  }
                  for (const QString &label : missing) {
                      if (!containsLabel(labels, label))
                          labels.append(label);
                  }
                  nextWrite();
              });
    }

    void closeIssue()
    {
        write(u"close"_s, "PATCH", issuePath(),
              QJsonObject{{u"state"_s, u"closed"_s}, {u"state_reason"_s, entry.stateReason}}, entry.stateReason,
              [this](const GitHubResponse &response) {
                  state = response.json.object().value(u"state"_s).toString(u"closed"_s).toUpper();
                  if (state != u"CLOSED"_s)
                      return fail(tr("GitHub did not close the issue"));
                  nextWrite();
              });
    }

    // A lost answer or a server error: the write may have happened. Wait, then start over from the
    // re-read, which finds out what did.
    void retryOrFail(const QString &message, bool transient)
    {
        ++attempt;
        if (!transient || attempt >= job->m_maxAttempts)
            return fail(transient ? tr("%1 (gave up after %2 tries)").arg(message).arg(attempt) : message);
        const RetryPolicy &policy = client()->retryPolicy();
        const auto delay =
            std::min<milliseconds>(policy.baseDelay * (1LL << std::min(attempt - 1, 20)), policy.maxDelay);
        qCInfo(lcOutbox) << "retrying" << entry.repository << entry.number << "in" << delay.count() << "ms:" << message;
        Q_EMIT job->waiting(delay.count(), message);
        QTimer::singleShot(delay, job, [this] { reread(); });
    }

    void fail(const QString &message) { finishAs(OutboxStatus::Failed, message); }

    void finishAs(OutboxStatus status, const QString &outcome)
    {
        entry.status = status;
        entry.outcome = outcome;
        // We never post twice, but an HTTP/1 connection that drops before the answer may make Qt send the
        // request again by itself: say so rather than hide it.
        if (markerCount > 1)
            entry.outcome += tr("; our comment is on the issue %1 times (a dropped connection was re-sent); delete "
                                "the extra ones by hand")
                                 .arg(markerCount);
        if (status != OutboxStatus::Conflict)
            entry.change = {};
        if (status != OutboxStatus::Blocked)
            entry.violations.clear();
        const Result<bool> completed = store().complete(entry);
        if (!completed)
            qCWarning(lcOutbox) << completed.error();
        Q_EMIT job->entryChanged(entry);
        job->finishRun(this);
    }

    static QString tr(const char *text) { return OutboxSubmitJob::tr(text); }
};

OutboxSubmitJob::OutboxSubmitJob(GitHubClient *client, const QString &storePath, const QList<qint64> &entryIds,
                                 QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_storePath(storePath)
    , m_requested(entryIds)
{
    qRegisterMetaType<OutboxEntry>();
    qRegisterMetaType<OutboxReport>();
}

OutboxSubmitJob::~OutboxSubmitJob()
{
    // Gone before its batch ended: requests in flight are dropped unheard (their entries stay Submitting and
    // the next batch resumes them).
    for (Run *run : std::as_const(m_running)) {
        if (run->request) {
            run->request->disconnect(this);
            run->request->cancel();
        }
    }
    qDeleteAll(m_running);
    qDeleteAll(m_retired);
}

void OutboxSubmitJob::setPack(const RubricPack &pack)
{
    m_pack = pack;
}

Result<RubricPack> OutboxSubmitJob::packFor(const QString &profile)
{
    if (m_pack)
        return *m_pack;
    const auto cached = m_packs.constFind(profile);
    if (cached != m_packs.cend())
        return *cached;
    Result<RubricPack> pack = OutboxStore::packFor(profile);
    if (pack)
        m_packs.insert(profile, pack.value());
    return pack;
}

void OutboxSubmitJob::start()
{
    if (m_started)
        return;
    m_started = true;
    m_report.started = QDateTime::currentDateTimeUtc();
    Result<std::unique_ptr<OutboxStore>> store = OutboxStore::open(m_storePath);
    if (!store) {
        m_report.error = store.error();
        QTimer::singleShot(0, this, &OutboxSubmitJob::finish);
        return;
    }
    m_store = std::move(store).value();
    if (!m_client) {
        m_report.error = tr("no GitHub client");
        QTimer::singleShot(0, this, &OutboxSubmitJob::finish);
        return;
    }

    // What was asked for, and what an interrupted batch left half-way.
    QList<qint64> ids = m_requested;
    const Result<QList<OutboxEntry>> interrupted = m_store->entries(OutboxStatus::Submitting);
    if (interrupted) {
        for (const OutboxEntry &entry : interrupted.value()) {
            if (!ids.contains(entry.id))
                ids.append(entry.id);
        }
    }
    for (qint64 id : std::as_const(ids)) {
        const Result<OutboxEntry> entry = m_store->entry(id);
        if (entry && entry->isPending() && !m_queue.contains(id))
            m_queue.append(id);
    }
    m_total = int(m_queue.size());
    Q_EMIT progress(0, m_total);
    if (m_queue.isEmpty()) {
        QTimer::singleShot(0, this, &OutboxSubmitJob::finish);
        return;
    }
    fetchLogin();
}

void OutboxSubmitJob::fetchLogin()
{
    // Who writes, for the audit log: asked once per batch.
    GitHubRequestJob *request = m_client->get(m_client->restUrl(u"/user"_s));
    connect(request, &GitHubRequestJob::waiting, this, &OutboxSubmitJob::waiting);
    connect(request, &GitHubRequestJob::finished, this, [this](const Result<GitHubResponse> &result) {
        if (result)
            m_report.login = result->json.object().value(u"login"_s).toString();
        else
            qCWarning(lcOutbox) << "cannot tell who is writing:" << result.error();
        startNext();
    });
}

void OutboxSubmitJob::startNext()
{
    qDeleteAll(m_retired);
    m_retired.clear();
    while (!m_cancelled && !m_queue.isEmpty() && m_running.size() < m_maxConcurrent) {
        const qint64 id = m_queue.takeFirst();
        Result<OutboxEntry> entry = m_store->entry(id);
        if (!entry || !entry->isPending()) {
            ++m_doneCount;
            continue;
        }
        auto *run = new Run;
        run->job = this;
        run->entry = std::move(entry).value();
        m_running.append(run);
        run->begin();
    }
    if (m_running.isEmpty())
        finish();
}

void OutboxSubmitJob::finishRun(Run *run)
{
    m_running.removeAll(run);
    m_report.items.append(run->entry);
    ++m_doneCount;
    Q_EMIT progress(m_doneCount, m_total);
    // The run may be inside its own callback: delete it on the next turn (or with the job).
    m_retired.append(run);
    QTimer::singleShot(0, this, &OutboxSubmitJob::startNext);
}

void OutboxSubmitJob::cancel()
{
    if (!m_started || m_done)
        return;
    m_cancelled = true;
    m_report.cancelled = true;
    if (m_running.isEmpty())
        QTimer::singleShot(0, this, &OutboxSubmitJob::finish);
}

void OutboxSubmitJob::finish()
{
    if (m_done)
        return;
    m_done = true;
    // What was not reached keeps its state (Ready); the report lists it as it stands.
    if (m_store) {
        for (qint64 id : std::as_const(m_queue)) {
            const Result<OutboxEntry> entry = m_store->entry(id);
            if (entry)
                m_report.items.append(entry.value());
        }
    }
    std::sort(m_report.items.begin(), m_report.items.end(),
              [](const OutboxEntry &a, const OutboxEntry &b) { return a.id < b.id; });
    m_report.finished = QDateTime::currentDateTimeUtc();
    Q_EMIT finished(m_report);
}
