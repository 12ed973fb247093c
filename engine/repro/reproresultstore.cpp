// SPDX-License-Identifier: MIT
#include "engine/repro/reproresultstore.h"

#include "engine/store/issuestore.h"
#include "engine/store/storesql.h"

#include <QCryptographicHash>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

using namespace Qt::StringLiterals;
using StoreSql::fromIso;
using StoreSql::isoTime;
using StoreSql::sqlError;

namespace {

const QString Columns = u"id, repo, number, code_hash, candidate, environment, python_version, torch_version,"
                        " outcome, runs, failures, expected, consent, result, output_tail, started_at, finished_at"_s;

QString jsonText(const QJsonObject &object)
{
    return object.isEmpty() ? QString() : QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

ReproRunRecord recordFromQuery(const QSqlQuery &query)
{
    ReproRunRecord r;
    r.id = query.value(0).toLongLong();
    r.repository = query.value(1).toString();
    r.number = query.value(2).toInt();
    r.codeHash = query.value(3).toString();
    r.candidate = query.value(4).toString();
    r.environment = query.value(5).toString();
    r.pythonVersion = query.value(6).toString();
    r.torchVersion = query.value(7).toString();
    r.outcome = ReproRunRecord::kindFromName(query.value(8).toString());
    r.runs = query.value(9).toInt();
    r.reproducedRuns = query.value(10).toInt();
    r.expected = query.value(11).toString();
    r.consent = QJsonDocument::fromJson(query.value(12).toByteArray()).object();
    r.result = QJsonDocument::fromJson(query.value(13).toByteArray()).object();
    r.detail = r.result.value(u"detail"_s).toString();
    r.outputTail = query.value(14).toString();
    r.startedAt = fromIso(query.value(15));
    r.finishedAt = fromIso(query.value(16));
    return r;
}

} // namespace

QString ReproRunRecord::hashOf(const QString &code)
{
    return QString::fromLatin1(QCryptographicHash::hash(code.toUtf8(), QCryptographicHash::Sha256).toHex());
}

ReproOutcome::Kind ReproRunRecord::kindFromName(const QString &name)
{
    for (int i = 0; i <= int(ReproOutcome::Kind::NoCheck); ++i) {
        if (ReproOutcome::kindName(ReproOutcome::Kind(i)) == name)
            return ReproOutcome::Kind(i);
    }
    return ReproOutcome::Kind::SandboxRefused;
}

ReproResultStore::ReproResultStore(StoreConnection connection)
    : m_connection(std::move(connection))
{}

Result<std::unique_ptr<ReproResultStore>> ReproResultStore::open(const QString &path)
{
    return StoreConnection::openStore(
        path, u"repro"_s, u"Cannot open the repro results in %1"_s, [](StoreConnection connection) {
            return std::unique_ptr<ReproResultStore>(new ReproResultStore(std::move(connection)));
        });
}

Result<qint64> ReproResultStore::record(const ReproRunRecord &record)
{
    if (record.repository.isEmpty() || record.number <= 0)
        return Error{u"A repro result needs an issue (repository and number)"_s};
    QSqlQuery query(m_connection.database());
    query.prepare(u"INSERT INTO repro_runs (repo, number, code_hash, candidate, environment, python_version,"
                  " torch_version, outcome, runs, failures, expected, consent, result, output_tail, started_at,"
                  " finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s);
    QJsonObject result = record.result;
    if (!record.detail.isEmpty())
        result.insert(u"detail"_s, record.detail);
    query.addBindValue(record.repository);
    query.addBindValue(record.number);
    query.addBindValue(record.codeHash);
    query.addBindValue(record.candidate);
    query.addBindValue(record.environment);
    query.addBindValue(record.pythonVersion);
    query.addBindValue(record.torchVersion);
    query.addBindValue(ReproOutcome::kindName(record.outcome));
    query.addBindValue(record.runs);
    query.addBindValue(record.reproducedRuns);
    query.addBindValue(record.expected);
    query.addBindValue(jsonText(record.consent));
    query.addBindValue(jsonText(result));
    query.addBindValue(record.outputTail);
    query.addBindValue(isoTime(record.startedAt.isValid() ? record.startedAt : QDateTime::currentDateTimeUtc()));
    query.addBindValue(isoTime(record.finishedAt));
    if (!query.exec())
        return sqlError(u"Cannot record the repro result on #%1"_s.arg(record.number), query.lastError());
    return query.lastInsertId().toLongLong();
}

Result<QHash<int, ReproRunRecord>> ReproResultStore::latest(const QString &repository) const
{
    return StoreSql::latestPerIssue(m_connection.database(), u"repro_runs"_s, Columns, repository,
                                    u"Cannot read the repro results"_s, recordFromQuery);
}

Result<std::optional<ReproRunRecord>> ReproResultStore::latestFor(const QString &repository, int number) const
{
    QSqlQuery query(m_connection.database());
    query.setForwardOnly(true);
    query.prepare(u"SELECT "_s + Columns +
                  u" FROM repro_runs WHERE repo = ? AND number = ? ORDER BY id DESC LIMIT 1"_s);
    query.addBindValue(repository);
    query.addBindValue(number);
    if (!query.exec())
        return sqlError(u"Cannot read the repro result of #%1"_s.arg(number), query.lastError());
    if (!query.next())
        return std::optional<ReproRunRecord>();
    return std::optional<ReproRunRecord>(recordFromQuery(query));
}

Result<QList<ReproRunRecord>> ReproResultStore::history(const QString &repository, int number) const
{
    QSqlQuery query(m_connection.database());
    query.setForwardOnly(true);
    query.prepare(u"SELECT "_s + Columns + u" FROM repro_runs WHERE repo = ? AND number = ? ORDER BY id"_s);
    query.addBindValue(repository);
    query.addBindValue(number);
    if (!query.exec())
        return sqlError(u"Cannot read the repro results of #%1"_s.arg(number), query.lastError());
    QList<ReproRunRecord> records;
    while (query.next())
        records.append(recordFromQuery(query));
    return records;
}
