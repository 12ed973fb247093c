// SPDX-License-Identifier: MIT
#include "engine/outbox/outboxsubmitjob.h"

#include "engine/github/githubclient.h"
#include "engine/github/githubrequestjob.h"
#include "engine/outbox/outboxstore.h"
#include "engine/triage/guardrails.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>
#include <QUrlQuery>

#include <functional>
#include <utility>

using namespace Qt::StringLiterals;
using namespace std::chrono;

namespace {

QString excerpt(const QByteArray &body, int length = 300)
{
    const QString simple = QString::fromUtf8(body).simplified();
    return simple.size() <= length ? simple : QString(simple.left(length - 1) + u'…');
}

const QString TriagedLabel = QString::fromLatin1(Guardrails::TriagedLabel);

const QString SubscriptionQuery =
    u"query($owner: String!, $name: String!, $number: Int!) { repository(owner: $owner, name: $name) {"
    " issue(number: $number) { id viewerSubscription } } }"_s;
const QString UpdateSubscription =
    u"mutation($id: ID!, $state: SubscriptionState!) { updateSubscription(input: {subscribableId: $id,"
    " state: $state}) { subscribable { viewerSubscription } } }"_s;

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
    IssueState state = IssueState::Open;
    QStringList labels;
    int commentCount = 0;
    bool locked = false;
    QString lockReason;       // GitHub's active_lock_reason: "too heated", "resolved", "spam", "off-topic", or none
    QStringList otherAuthors; // authors of the comments that are not ours, oldest first
    QList<Comment> otherComments;
    bool markerPresent = false;
    int markerCount = 0; // more than one: the transport sent our POST twice (see finishAs)
    QList<Comment> pageComments;
    QPointer<GitHubRequestJob> request;

    // What earlier attempts did, from the journal, so that a resumed batch neither repeats the refresh nor
    // takes its own removal of `triaged` for someone else's.
    bool refreshBegun = false; // the DELETE of `triaged` was sent (maybe)
    bool relabelBegun = false; // … and its POST
    // Notification subscription: saved before the first write (the state as it was before any of ours),
    // restored after the last.
    bool keepSubscription = false;
    bool subscriptionAsked = false;
    QString savedSubscription; // SUBSCRIBED, UNSUBSCRIBED, IGNORED; empty: not saved
    QString subscribableId;
    bool restoreDone = false;
    bool finishing = false;
    QStringList warnings;

    OutboxStore &store() const { return *job->m_store; }
    GitHubClient *client() const { return job->m_client; }
    QString issuePath() const { return u"/repos/%1/issues/%2"_s.arg(entry.repository).arg(entry.number); }

    void track(GitHubRequestJob *next)
    {
        request = next;
        QObject::connect(next, &GitHubRequestJob::waiting, job, &OutboxSubmitJob::waiting);
    }

    void journal(JournalStep step, JournalPhase phase, const QString &detail = {}) const
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
        keepSubscription = store().keepSubscriptions(entry.repository);
        const Result<QList<OutboxJournalRecord>> records = store().journalOf(entry.id);
        if (records) {
            for (const OutboxJournalRecord &record : records.value()) {
                // The refresh is done once, whichever attempt did it; the subscription is saved anew by each.
                if (record.step == JournalStep::Submitted) {
                    restoreDone = false;
                    savedSubscription.clear();
                    subscribableId.clear();
                } else if (record.step == JournalStep::Refresh && record.phase == JournalPhase::Begin) {
                    refreshBegun = true;
                } else if (record.step == JournalStep::Relabel && record.phase == JournalPhase::Begin) {
                    relabelBegun = true;
                } else if (record.step == JournalStep::Subscription && record.phase == JournalPhase::Done) {
                    // "STATE NODE_ID": the state before our first write, whatever our writes made of it.
                    savedSubscription = record.detail.section(u' ', 0, 0);
                    subscribableId = record.detail.section(u' ', 1);
                } else if (record.step == JournalStep::RestoreSubscription && record.phase == JournalPhase::Done) {
                    restoreDone = true;
                }
            }
        } else {
            qCWarning(lcOutbox) << records.error(); // as before: an unreadable journal is a first attempt
        }
        const Result<bool> updated = store().update(entry);
        if (!updated)
            return fail(updated.error());
        Q_EMIT job->entryChanged(entry);
        reread();
    }

    void reread()
    {
        journal(JournalStep::Reread, JournalPhase::Begin);
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
            state = issueStateFromName(last.value(u"state"_s).toString());
            labels.clear();
            for (const QJsonValue &label : last.value(u"labels"_s).toArray())
                labels.append(label.toString());
            commentCount = last.value(u"comment_count"_s).toInt();
            locked = last.value(u"locked"_s).toBool();
            lockReason = last.value(u"lock_reason"_s).toString();
            otherAuthors.clear();
            for (const QJsonValue &author : last.value(u"other_authors"_s).toArray())
                otherAuthors.append(author.toString());
            otherComments.clear();
            markerPresent = last.value(u"marker"_s).toBool();
            entry.commentId = last.value(u"comment_id"_s).toInteger(entry.commentId);
            journal(JournalStep::Reread, JournalPhase::Done, u"not modified"_s);
            return evaluate();
        }
        const QJsonObject issue = result->json.object();
        etag = result->etag;
        state = issueStateFromName(issue.value(u"state"_s).toString()); // REST: "open", "closed"
        labels.clear();
        for (const QJsonValue &label : issue.value(u"labels"_s).toArray())
            labels.append(label.isObject() ? label.toObject().value(u"name"_s).toString() : label.toString());
        commentCount = issue.value(u"comments"_s).toInt();
        locked = issue.value(u"locked"_s).toBool();
        lockReason = issue.value(u"active_lock_reason"_s).toString();
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
                                   {u"state"_s, issueStateName(state)},
                                   {u"labels"_s, QJsonArray::fromStringList(labels)},
                                   {u"comment_count"_s, commentCount},
                                   {u"other_authors"_s, QJsonArray::fromStringList(otherAuthors)},
                                   {u"marker"_s, markerPresent},
                                   {u"comment_id"_s, entry.commentId},
                                   {u"locked"_s, locked},
                                   {u"lock_reason"_s, lockReason}};
        store().saveRead(entry.id, etag, QJsonDocument(snapshot).toJson(QJsonDocument::Compact));
        journal(JournalStep::Reread, JournalPhase::Done,
                u"state %1, %2 labels, %3 comments%4"_s.arg(issueStateName(state))
                    .arg(labels.size())
                    .arg(pageComments.size())
                    .arg(markerPresent ? u", our comment present"_s : QString()));
        evaluate();
    }

    void evaluate()
    {
        // A locked issue is reported and left alone: nothing written, the subscription never asked or touched.
        if (locked) {
            journal(JournalStep::Locked, JournalPhase::Done, lockReason);
            return finishAs(OutboxStatus::Failed,
                            lockReason.isEmpty()
                                ? tr("the issue is locked: skipped, nothing written")
                                : tr("the issue is locked (%1): skipped, nothing written").arg(lockReason));
        }
        // What others changed since the review; our own labels, comment and close are not a change.
        OutboxChange change;
        // A label we remove that is gone is ours (or someone did it for us); `triaged` missing is ours only
        // once the refresh began.
        QStringList ourRemovals = entry.removeLabels;
        QStringList ourAdds = entry.addLabels;
        if (entry.refreshTriaged) {
            ourAdds.append(TriagedLabel);
            if (refreshBegun)
                ourRemovals.append(TriagedLabel);
        }
        change.labelsAdded = minus(minus(labels, entry.seenLabels), ourAdds);
        change.labelsRemoved = minus(minus(entry.seenLabels, labels), ourRemovals);
        const bool ourClose = entry.close && state == IssueState::Closed;
        if (entry.seenState && *entry.seenState != state && !ourClose) {
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
        for (const QString &label : std::as_const(ourRemovals)) {
            if (containsLabel(entry.seenLabels, label) && !containsLabel(current.labels, label))
                current.labels.append(label);
        }
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
        const bool commentMissing = !entry.comment.isEmpty() && !markerPresent;
        QString removal;
        for (const QString &label : std::as_const(entry.removeLabels)) {
            if (containsLabel(labels, label)) {
                removal = label;
                break;
            }
        }
        const bool refreshDelete = entry.refreshTriaged && !relabelBegun && containsLabel(labels, TriagedLabel);
        const bool refreshAdd = entry.refreshTriaged && !containsLabel(labels, TriagedLabel);
        const QStringList missing = minus(entry.addLabels, labels);
        const bool closeMissing = entry.close && state != IssueState::Closed;
        const bool anyWrite =
            commentMissing || !removal.isEmpty() || refreshDelete || refreshAdd || !missing.isEmpty() || closeMissing;

        // Before the first write: what the writer's subscription is (writing changes it). Not for closed issues.
        if (anyWrite && keepSubscription && !subscriptionAsked && savedSubscription.isEmpty() &&
            state == IssueState::Open)
            return saveSubscription();
        if (commentMissing)
            return postComment();
        if (!removal.isEmpty())
            return removeLabel(removal);
        if (refreshDelete)
            return refreshRemove();
        if (refreshAdd)
            return refreshReadd();
        if (!missing.isEmpty())
            return addLabels(missing);
        if (closeMissing)
            return closeIssue();
        const bool wrote = store().hasBegunWrites(entry.id);
        finishAs(wrote ? OutboxStatus::Applied : OutboxStatus::AlreadyApplied,
                 wrote ? tr("written to GitHub") : tr("already on GitHub; nothing written"));
    }

    void saveSubscription()
    {
        subscriptionAsked = true;
        journal(JournalStep::Subscription, JournalPhase::Begin);
        const QString owner = entry.repository.section(u'/', 0, 0);
        const QString name = entry.repository.section(u'/', 1);
        auto *query = client()->graphql(
            SubscriptionQuery, QJsonObject{{u"owner"_s, owner}, {u"name"_s, name}, {u"number"_s, entry.number}});
        track(query);
        QObject::connect(query, &GitHubRequestJob::finished, job, [this](const Result<GitHubResponse> &result) {
            const QJsonObject issue = result ? result->json.object()
                                                   .value(u"data"_s)
                                                   .toObject()
                                                   .value(u"repository"_s)
                                                   .toObject()
                                                   .value(u"issue"_s)
                                                   .toObject()
                                             : QJsonObject();
            const QString id = issue.value(u"id"_s).toString();
            const QString saved = issue.value(u"viewerSubscription"_s).toString();
            if (id.isEmpty() || saved.isEmpty()) {
                // Not worth failing the edits for: they go ahead, the reviewer is told.
                const QString why = result ? tr("GitHub did not say") : result.error();
                journal(JournalStep::Subscription, JournalPhase::Failed, why);
                warnings.append(
                    tr("your notification subscription could not be saved (%1): it is not restored").arg(why));
            } else {
                savedSubscription = saved;
                subscribableId = id;
                journal(JournalStep::Subscription, JournalPhase::Done, saved + u' ' + id);
            }
            nextWrite();
        });
    }

    // After the last write (or when the entry ends otherwise after some): the subscription as it was.
    // SUBSCRIBED needs nothing: our writes only ever subscribe. Otherwise the mutation is sent without
    // reading first: setting a state is idempotent and costs what the read would.
    bool needsRestore() const
    {
        // A batch that closed the issue leaves the closer subscribed, so that "still fails for me" reaches them.
        const bool closedByUs = entry.close && state == IssueState::Closed;
        return !restoreDone && !closedByUs && !savedSubscription.isEmpty() && !subscribableId.isEmpty() &&
               savedSubscription != u"SUBSCRIBED"_s && !job->m_client.isNull() && store().hasBegunWrites(entry.id);
    }

    void restoreSubscription(const std::function<void()> &then)
    {
        restoreDone = true;
        journal(JournalStep::RestoreSubscription, JournalPhase::Begin, savedSubscription);
        auto *call = client()->graphql(UpdateSubscription,
                                       QJsonObject{{u"id"_s, subscribableId}, {u"state"_s, savedSubscription}});
        track(call);
        const QString requestText =
            u"POST /graphql updateSubscription(%1, %2)"_s.arg(subscribableId, savedSubscription);
        QObject::connect(call, &GitHubRequestJob::finished, job,
                         [this, call, requestText, then](const Result<GitHubResponse> &result) {
                             audit(JournalStep::Subscription, requestText, result, call);
                             const QString now = result ? result->json.object()
                                                              .value(u"data"_s)
                                                              .toObject()
                                                              .value(u"updateSubscription"_s)
                                                              .toObject()
                                                              .value(u"subscribable"_s)
                                                              .toObject()
                                                              .value(u"viewerSubscription"_s)
                                                              .toString()
                                                        : QString();
                             if (!result || now != savedSubscription) {
                                 const QString why =
                                     result ? tr("GitHub left it %1").arg(now.isEmpty() ? tr("unknown") : now)
                                            : result.error();
                                 journal(JournalStep::RestoreSubscription, JournalPhase::Failed, why);
                                 warnings.append(tr("your notification subscription could not be restored to %1 (%2)")
                                                     .arg(savedSubscription, why));
                             } else {
                                 journal(JournalStep::RestoreSubscription, JournalPhase::Done, now);
                             }
                             then();
                         });
    }

    void audit(JournalStep action, const QString &requestText, const Result<GitHubResponse> &result,
               GitHubRequestJob *call) const
    {
        OutboxAuditRecord audit;
        audit.at = QDateTime::currentDateTimeUtc();
        audit.login = job->m_report.login;
        audit.repository = entry.repository;
        audit.number = entry.number;
        audit.action = EnumNames::name(journalStepNames, action);
        audit.request = requestText.size() > 500 ? QString(requestText.left(499) + u'…') : requestText;
        audit.status = result ? result->status : call->lastStatus();
        audit.response = result              ? excerpt(result->body)
                         : audit.status == 0 ? tr("no answer: %1").arg(result.error())
                                             : excerpt(call->lastBody());
        const Result<qint64> logged = store().appendAudit(audit);
        if (!logged)
            qCWarning(lcOutbox) << logged.error();
    }

    // `absentIsDone`: a 404 means what we asked for is already so (DELETE of a label that is not there).
    void write(JournalStep step, const QByteArray &verb, const QString &path, const QJsonObject &body,
               const QString &summary, const std::function<void(const GitHubResponse &)> &done,
               bool absentIsDone = false)
    {
        write(step, verb, client()->restUrl(path), path, body, summary, done, absentIsDone);
    }

    void write(JournalStep step, const QByteArray &verb, const QUrl &url, const QString &path, const QJsonObject &body,
               const QString &summary, const std::function<void(const GitHubResponse &)> &done, bool absentIsDone)
    {
        journal(step, JournalPhase::Begin, summary);
        auto *call = client()->write(verb, url, body.isEmpty() ? QJsonDocument() : QJsonDocument(body));
        track(call);
        const QString requestText =
            u"%1 %2"_s.arg(QString::fromLatin1(verb), path) +
            (body.isEmpty() ? QString() : u' ' + QString::fromUtf8(QJsonDocument(body).toJson(QJsonDocument::Compact)));
        QObject::connect(call, &GitHubRequestJob::finished, job,
                         [this, step, requestText, done, call, absentIsDone](const Result<GitHubResponse> &result) {
                             audit(step, requestText, result, call);
                             if (!result && absentIsDone && call->lastStatus() == 404) {
                                 journal(step, JournalPhase::Done, u"HTTP 404: already absent"_s);
                                 GitHubResponse absent;
                                 absent.status = 404;
                                 return done(absent);
                             }
                             if (!result) {
                                 journal(step, JournalPhase::Failed, result.error());
                                 return retryOrFail(result.error(), call->failedTransiently());
                             }
                             journal(step, JournalPhase::Done, u"HTTP %1"_s.arg(result->status));
                             done(result.value());
                         });
    }

    // GitHub answers label writes with the issue's full label list.
    void takeLabels(const GitHubResponse &response)
    {
        if (response.status == 404 || !response.json.isArray())
            return;
        labels.clear();
        for (const QJsonValue &label : response.json.array())
            labels.append(label.toObject().value(u"name"_s).toString());
    }

    // The label's name as one path segment: spaces, slashes and percent signs encoded exactly once.
    QUrl labelUrl(const QString &label) const
    {
        QUrl url = client()->restUrl(issuePath() + u"/labels/"_s);
        url.setPath(url.path(QUrl::FullyEncoded) + QString::fromLatin1(QUrl::toPercentEncoding(label)),
                    QUrl::StrictMode);
        return url;
    }

    void removeLabel(const QString &label)
    {
        write(
            JournalStep::Unlabel, "DELETE", labelUrl(label), issuePath() + u"/labels/"_s + label, {}, label,
            [this, label](const GitHubResponse &response) {
                takeLabels(response);
                labels.removeIf([&label](const QString &l) { return l.compare(label, Qt::CaseInsensitive) == 0; });
                nextWrite();
            },
            true);
    }

    void refreshRemove()
    {
        refreshBegun = true;
        write(
            JournalStep::Refresh, "DELETE", labelUrl(TriagedLabel), issuePath() + u"/labels/"_s + TriagedLabel, {},
            TriagedLabel,
            [this](const GitHubResponse &response) {
                takeLabels(response);
                labels.removeIf([](const QString &l) { return l.compare(TriagedLabel, Qt::CaseInsensitive) == 0; });
                nextWrite();
            },
            true);
    }

    void refreshReadd()
    {
        relabelBegun = true;
        write(JournalStep::Relabel, "POST", issuePath() + u"/labels"_s,
              QJsonObject{{u"labels"_s, QJsonArray{TriagedLabel}}}, TriagedLabel,
              [this](const GitHubResponse &response) {
                  takeLabels(response);
                  if (!containsLabel(labels, TriagedLabel))
                      labels.append(TriagedLabel);
                  nextWrite();
              });
    }

    void postComment()
    {
        write(JournalStep::Comment, "POST", issuePath() + u"/comments"_s, QJsonObject{{u"body"_s, entry.commentBody()}},
              entry.marker(), [this](const GitHubResponse &response) {
                  entry.commentId = response.json.object().value(u"id"_s).toInteger();
                  markerPresent = true;
                  store().update(entry);
                  nextWrite();
              });
    }

    void addLabels(const QStringList &missing)
    {
        write(JournalStep::Labels, "POST", issuePath() + u"/labels"_s,
              QJsonObject{{u"labels"_s, QJsonArray::fromStringList(missing)}}, missing.join(u", "_s),
              [this, missing](const GitHubResponse &response) {
                  takeLabels(response);
                  for (const QString &label : missing) {
                      if (!containsLabel(labels, label))
                          labels.append(label);
                  }
                  nextWrite();
              });
    }

    void closeIssue()
    {
        write(JournalStep::Close, "PATCH", issuePath(),
              QJsonObject{{u"state"_s, u"closed"_s}, {u"state_reason"_s, entry.stateReason}}, entry.stateReason,
              [this](const GitHubResponse &response) {
                  state = issueStateFromName(response.json.object().value(u"state"_s).toString(u"closed"_s));
                  if (state != IssueState::Closed)
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
        // Whatever the end, once something was written the subscription goes back as it was.
        if (!finishing && needsRestore()) {
            finishing = true;
            return restoreSubscription([this, status, outcome] { finishAs(status, outcome); });
        }
        entry.status = status;
        entry.outcome = outcome;
        // Warnings never change the status: the edits stand.
        for (const QString &warning : std::as_const(warnings))
            entry.outcome += tr("; warning: %1").arg(warning);
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

OutboxSubmitJob::OutboxSubmitJob(GitHubClient *client, QString storePath, const QList<qint64> &entryIds,
                                 QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_storePath(std::move(storePath))
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
        m_startError = store.failure();
        QTimer::singleShot(0, this, &OutboxSubmitJob::finish);
        return;
    }
    m_store = std::move(store).value();
    if (!m_client) {
        m_report.error = tr("no GitHub client");
        m_startError = Error::failed(m_report.error);
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
    // A batch that ran is a value, whatever became of its entries; could not start and cancelled are errors,
    // with the report as it stands beside them.
    if (m_startError)
        Q_EMIT finished(Result<OutboxReport>(*m_startError, m_report));
    else if (m_cancelled)
        Q_EMIT finished(Result<OutboxReport>(
            Error::cancelled(tr("the batch was cancelled; %n entries were not started", nullptr, int(m_queue.size()))),
            m_report));
    else
        Q_EMIT finished(m_report);
}
