// SPDX-License-Identifier: MIT
#include "app/keychain/keychaintokenstore.h"

#include <qt6keychain/keychain.h>

using namespace Qt::StringLiterals;

namespace {

template<typename JobType>
JobType *makeJob(const QString &host, const QString &login)
{
    auto *job = new JobType(QString::fromLatin1(KeychainTokenStore::Service));
    job->setAutoDelete(true);
    job->setInsecureFallback(false);
    job->setKey(TokenStore::keyFor(host, login));
    return job;
}

QString failure(const QKeychain::Job *job)
{
    return KeychainTokenStore::tr("the keyring did not answer: %1").arg(job->errorString());
}

} // namespace

KeychainTokenStore::KeychainTokenStore(QObject *parent)
    : TokenStore(parent)
{}

void KeychainTokenStore::readToken(const QString &host, const QString &login, QObject *context, ReadCallback done)
{
    auto *job = makeJob<QKeychain::ReadPasswordJob>(host, login);
    connect(job, &QKeychain::Job::finished, context, [job, done = std::move(done)] {
        switch (job->error()) {
        case QKeychain::NoError:
            done(job->textData());
            break;
        case QKeychain::EntryNotFound: // no token yet: not an error
            done(QString());
            break;
        default:
            done(Error{failure(job)});
            break;
        }
    });
    job->start();
}

void KeychainTokenStore::writeToken(const QString &host, const QString &login, const QString &token, QObject *context,
                                    DoneCallback done)
{
    auto *job = makeJob<QKeychain::WritePasswordJob>(host, login);
    job->setTextData(token);
    connect(job, &QKeychain::Job::finished, context, [job, done = std::move(done)] {
        if (job->error() == QKeychain::NoError)
            done(true);
        else
            done(Error{failure(job)});
    });
    job->start();
}

void KeychainTokenStore::deleteToken(const QString &host, const QString &login, QObject *context, DoneCallback done)
{
    auto *job = makeJob<QKeychain::DeletePasswordJob>(host, login);
    connect(job, &QKeychain::Job::finished, context, [job, done = std::move(done)] {
        if (job->error() == QKeychain::NoError || job->error() == QKeychain::EntryNotFound)
            done(true);
        else
            done(Error{failure(job)});
    });
    job->start();
}
