// SPDX-License-Identifier: MIT
#include "engine/labels/labelsyncjob.h"

#include "engine/github/githubclient.h"
#include "engine/github/githubrequestjob.h"

#include <QDateTime>
#include <QJsonArray>
#include <QTimer>
#include <QUrlQuery>

using namespace Qt::StringLiterals;

LabelSyncJob::LabelSyncJob(GitHubClient *client, RepositoryLabelStore *store, QString repository, QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_store(store)
    , m_repository(std::move(repository))
{}

LabelSyncJob::~LabelSyncJob()
{
    if (m_current) {
        m_current->disconnect(this);
        m_current->cancel();
    }
}

QUrl LabelSyncJob::pageUrl(int page) const
{
    QUrlQuery query;
    query.addQueryItem(u"per_page"_s, QString::number(m_pageSize));
    if (page > 1)
        query.addQueryItem(u"page"_s, QString::number(page));
    return m_client->restUrl(u"/repos/%1/labels"_s.arg(m_repository), query);
}

void LabelSyncJob::start()
{
    m_requestsAtStart = m_client->requestsSent();
    if (m_repository.count(u'/') != 1 || m_repository.startsWith(u'/') || m_repository.endsWith(u'/')) {
        QTimer::singleShot(
            0, this, [this] { finishWith(Error{tr("\"%1\" is not a repository (owner/name)").arg(m_repository)}); });
        return;
    }
    Result<QList<RepositoryLabelStore::Page>> stored = m_store->pages(m_repository);
    if (!stored) {
        QTimer::singleShot(0, this, [this, error = stored.failure()] { finishWith(error); });
        return;
    }
    m_stored = std::move(stored).value();
    fetch(pageUrl(1));
}

void LabelSyncJob::cancel()
{
    if (m_done)
        return;
    if (m_current) {
        m_current->disconnect(this);
        m_current->cancel();
    }
    finishWith(Error::cancelled(tr("label sync cancelled; the stored labels are kept")));
}

void LabelSyncJob::fetch(const QUrl &url)
{
    const int page = int(m_fetched.size()) + 1;
    const QByteArray etag = page <= m_stored.size() ? m_stored.at(page - 1).etag : QByteArray();
    m_currentUrl = url;
    m_current = m_client->get(url, etag);
    connect(m_current, &GitHubRequestJob::finished, this, &LabelSyncJob::onPage);
}

void LabelSyncJob::onPage(const Result<GitHubResponse> &result)
{
    m_current = nullptr;
    if (m_done)
        return;
    if (!result) {
        finishWith(Error{tr("cannot read the labels of %1: %2").arg(m_repository, result.error()), result.errorKind()});
        return;
    }
    const int page = int(m_fetched.size()) + 1;
    RepositoryLabelStore::Page fetched{page, result->etag, {}};
    if (result->notModified() && page <= m_stored.size()) {
        fetched.etag = m_stored.at(page - 1).etag;
        fetched.labels = m_stored.at(page - 1).labels;
        ++m_summary.unchanged;
    } else if (!result->json.isArray()) {
        finishWith(
            Error{tr("cannot read the labels of %1: GitHub's answer is not a list of labels").arg(m_repository)});
        return;
    } else {
        const QJsonArray items = result->json.array();
        for (const QJsonValue &item : items) {
            const QJsonObject object = item.toObject();
            const QString name = object.value("name"_L1).toString();
            if (name.isEmpty())
                continue;
            fetched.labels.append(
                {name, object.value("color"_L1).toString(), object.value("description"_L1).toString()});
        }
    }
    // The look past a full last page found nothing: there is no such page.
    const bool emptyExtra = page > 1 && fetched.labels.isEmpty() && !result->notModified();
    if (!emptyExtra) {
        m_fetched.append(fetched);
        ++m_summary.pages;
    }

    // The next page: Link: rel="next" when GitHub sends it. A 304 may come without Link; then the stored pages
    // say whether there is more, and a full last page is followed by one more look (a label may have been added).
    QUrl next = result->nextPage;
    if (!next.isValid() && result->notModified() &&
        (page < m_stored.size() || (page == m_stored.size() && fetched.labels.size() >= m_pageSize)))
        next = pageUrl(page + 1);
    if (next.isValid() && next != m_currentUrl && !fetched.labels.isEmpty()) {
        fetch(next);
        return;
    }
    const Result<int> written = m_store->replace(m_repository, m_fetched, QDateTime::currentDateTimeUtc());
    if (!written) {
        finishWith(written.failure());
        return;
    }
    m_summary.labels = written.value();
    finishWith(m_summary);
}

void LabelSyncJob::finishWith(const Result<LabelSyncSummary> &result)
{
    if (m_done)
        return;
    m_done = true;
    LabelSyncSummary summary = result ? result.value() : LabelSyncSummary{};
    summary.requests = m_client->requestsSent() - m_requestsAtStart;
    Q_EMIT finished(result ? Result<LabelSyncSummary>(summary) : result);
    deleteLater();
}
