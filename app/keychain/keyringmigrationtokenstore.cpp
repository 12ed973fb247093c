// SPDX-License-Identifier: MIT
#include "app/keychain/keyringmigrationtokenstore.h"

#include <qt6keychain/keychain.h>

using namespace Qt::StringLiterals;

namespace {

template<typename JobType>
JobType *makeLegacyJob(const QString &service, const QString &host, const QString &login)
{
    auto *job = new JobType(service);
    job->setAutoDelete(true);
    job->setInsecureFallback(false);
    job->setKey(TokenStore::keyFor(host, login));
    return job;
}

QString failure(const QKeychain::Job *job)
{
    return KeyringMigrationTokenStore::tr("the keyring did not answer: %1").arg(job->errorString());
}

} // namespace

KeyringMigrationTokenStore::KeyringMigrationTokenStore(TokenStore *current, QObject *parent)
    : TokenStore(parent)
    , m_current(current)
    , m_legacyService(QString::fromLatin1(LegacyService))
{}

void KeyringMigrationTokenStore::readToken(const QString &host, const QString &login, QObject *context,
                                           ReadCallback done)
{
    if (!m_current) {
        done(Error{tr("no keyring")});
        return;
    }
    m_current->readToken(host, login, context,
                         [this, guard = QPointer(this), host, login, context, done](const Result<QString> &token) {
                             if (!guard || !token || !token->isEmpty()) {
                                 done(token);
                                 return;
                             }
                             readLegacy(host, login, context, done);
                         });
}

void KeyringMigrationTokenStore::readLegacy(const QString &host, const QString &login, QObject *context,
                                            const ReadCallback &done)
{
    auto *job = makeLegacyJob<QKeychain::ReadPasswordJob>(m_legacyService, host, login);
    connect(job, &QKeychain::Job::finished, context, [this, guard = QPointer(this), job, host, login, context, done] {
        if (job->error() == QKeychain::EntryNotFound) {
            done(QString()); // nothing under either service: no token yet
            return;
        }
        if (job->error() != QKeychain::NoError) {
            done(Error{failure(job)});
            return;
        }
        const QString token = job->textData();
        if (!guard || !m_current) {
            done(token);
            return;
        }
        // The token is the user's either way; the old entry goes only once the new one is safely written.
        m_current->writeToken(
            host, login, token, context, [guard, host, login, token, done](const Result<bool> &written) {
                if (written && guard) {
                    auto *removal = makeLegacyJob<QKeychain::DeletePasswordJob>(guard->m_legacyService, host, login);
                    removal->start();
                }
                done(token);
            });
    });
    job->start();
}

void KeyringMigrationTokenStore::writeToken(const QString &host, const QString &login, const QString &token,
                                            QObject *context, DoneCallback done)
{
    if (!m_current) {
        done(Error{tr("no keyring")});
        return;
    }
    m_current->writeToken(host, login, token, context, std::move(done));
}

void KeyringMigrationTokenStore::deleteToken(const QString &host, const QString &login, QObject *context,
                                             DoneCallback done)
{
    if (!m_current) {
        done(Error{tr("no keyring")});
        return;
    }
    auto *job = makeLegacyJob<QKeychain::DeletePasswordJob>(m_legacyService, host, login);
    connect(job, &QKeychain::Job::finished, context,
            [guard = QPointer(this), job, host, login, context, done = std::move(done)] {
                if (job->error() != QKeychain::NoError && job->error() != QKeychain::EntryNotFound) {
                    done(Error{failure(job)});
                    return;
                }
                if (!guard || !guard->m_current) {
                    done(Error{tr("no keyring")});
                    return;
                }
                guard->m_current->deleteToken(host, login, context, done);
            });
    job->start();
}
