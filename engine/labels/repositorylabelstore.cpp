// SPDX-License-Identifier: MIT
#include "engine/labels/repositorylabelstore.h"

#include "engine/store/sqltransaction.h"
#include "engine/store/storesql.h"

#include <QObject>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

using namespace Qt::StringLiterals;
using StoreSql::fromIso;
using StoreSql::isoTime;
using StoreSql::sqlError;

RepositoryLabelStore::RepositoryLabelStore(StoreConnection connection)
    : m_connection(std::move(connection))
{}

Result<std::unique_ptr<RepositoryLabelStore>> RepositoryLabelStore::open(const QString &path)
{
    const StoreConnection::OwnTables labels{
        {
            u"CREATE TABLE IF NOT EXISTS repo_label_pages (repo TEXT NOT NULL, page INTEGER NOT NULL, etag TEXT,"
            " synced_at TEXT, PRIMARY KEY (repo, page))"_s,
            u"CREATE TABLE IF NOT EXISTS repo_labels (repo TEXT NOT NULL, name TEXT NOT NULL COLLATE NOCASE,"
            " color TEXT, description TEXT, page INTEGER NOT NULL, position INTEGER NOT NULL,"
            " PRIMARY KEY (repo, name))"_s,
        },
        QObject::tr("Cannot create the repository labels in %1")};
    return StoreConnection::openStore(
        path, u"repo-labels"_s, QObject::tr("Cannot open the repository labels in %1"),
        [](StoreConnection connection) {
            return std::unique_ptr<RepositoryLabelStore>(new RepositoryLabelStore(std::move(connection)));
        },
        labels);
}

Result<QList<RepositoryLabel>> RepositoryLabelStore::labels(const QString &repository) const
{
    QSqlDatabase db = m_connection.database();
    QSqlQuery query(db);
    query.prepare(u"SELECT name, color, description FROM repo_labels WHERE repo = ? ORDER BY name COLLATE NOCASE"_s);
    query.addBindValue(repository);
    if (!query.exec())
        return sqlError(QObject::tr("Cannot read the labels of %1").arg(repository), query.lastError());
    QList<RepositoryLabel> labels;
    while (query.next())
        labels.append({query.value(0).toString(), query.value(1).toString(), query.value(2).toString()});
    return labels;
}

Result<QList<RepositoryLabelStore::Page>> RepositoryLabelStore::pages(const QString &repository) const
{
    QSqlDatabase db = m_connection.database();
    const QString what = QObject::tr("Cannot read the labels of %1").arg(repository);
    QSqlQuery pageQuery(db);
    pageQuery.prepare(u"SELECT page, etag FROM repo_label_pages WHERE repo = ? ORDER BY page"_s);
    pageQuery.addBindValue(repository);
    if (!pageQuery.exec())
        return sqlError(what, pageQuery.lastError());
    QList<Page> pages;
    while (pageQuery.next())
        pages.append(Page{pageQuery.value(0).toInt(), pageQuery.value(1).toByteArray(), {}});
    QSqlQuery labelQuery(db);
    labelQuery.prepare(
        u"SELECT page, name, color, description FROM repo_labels WHERE repo = ? ORDER BY page, position"_s);
    labelQuery.addBindValue(repository);
    if (!labelQuery.exec())
        return sqlError(what, labelQuery.lastError());
    while (labelQuery.next()) {
        const int page = labelQuery.value(0).toInt();
        for (Page &stored : pages) {
            if (stored.page == page) {
                stored.labels.append(
                    {labelQuery.value(1).toString(), labelQuery.value(2).toString(), labelQuery.value(3).toString()});
                break;
            }
        }
    }
    return pages;
}

Result<int> RepositoryLabelStore::replace(const QString &repository, const QList<Page> &pages,
                                          const QDateTime &syncedAt)
{
    QSqlDatabase db = m_connection.database();
    const QString what = QObject::tr("Cannot store the labels of %1").arg(repository);
    SqlTransaction transaction(db);
    if (!transaction.isOpen())
        return sqlError(what, db.lastError());
    QSqlQuery query(db);
    for (const QString &table : {u"repo_labels"_s, u"repo_label_pages"_s}) {
        query.prepare(u"DELETE FROM %1 WHERE repo = ?"_s.arg(table));
        query.addBindValue(repository);
        if (!query.exec())
            return sqlError(what, query.lastError());
    }
    QSqlQuery insertPage(db);
    insertPage.prepare(u"INSERT INTO repo_label_pages (repo, page, etag, synced_at) VALUES (?, ?, ?, ?)"_s);
    // A label name is unique on GitHub (case-insensitively); one that moved between pages while they were
    // fetched is kept once.
    QSqlQuery insertLabel(db);
    insertLabel.prepare(u"INSERT OR REPLACE INTO repo_labels (repo, name, color, description, page, position)"
                        " VALUES (?, ?, ?, ?, ?, ?)"_s);
    int count = 0;
    for (const Page &page : pages) {
        insertPage.addBindValue(repository);
        insertPage.addBindValue(page.page);
        insertPage.addBindValue(QString::fromLatin1(page.etag));
        insertPage.addBindValue(isoTime(syncedAt));
        if (!insertPage.exec())
            return sqlError(what, insertPage.lastError());
        for (qsizetype i = 0; i < page.labels.size(); ++i) {
            const RepositoryLabel &label = page.labels.at(i);
            insertLabel.addBindValue(repository);
            insertLabel.addBindValue(label.name);
            insertLabel.addBindValue(label.color);
            insertLabel.addBindValue(label.description);
            insertLabel.addBindValue(page.page);
            insertLabel.addBindValue(int(i));
            if (!insertLabel.exec())
                return sqlError(what, insertLabel.lastError());
            ++count;
        }
    }
    if (!transaction.commit())
        return sqlError(what, db.lastError());
    return count;
}

QDateTime RepositoryLabelStore::syncedAt(const QString &repository) const
{
    QSqlDatabase db = m_connection.database();
    QSqlQuery query(db);
    query.prepare(u"SELECT MAX(synced_at) FROM repo_label_pages WHERE repo = ?"_s);
    query.addBindValue(repository);
    return query.exec() && query.next() ? fromIso(query.value(0)) : QDateTime();
}
