// SPDX-License-Identifier: MIT
#include "engine/github/githubhost.h"
#include "engine/github/tokenresolver.h"
#include "engine/github/tokenstore.h"
#include "tests/support/fakegh.h"

#include <QFile>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <optional>

using namespace Qt::StringLiterals;

namespace {

// A keyring in memory: answers on the next turn of the event loop, as real ones do.
class MemoryTokenStore final : public TokenStore
{
public:
    QHash<QString, QString> tokens;
    QString failure;

    void readToken(const QString &host, const QString &login, QObject *context, ReadCallback done) override
    {
        QTimer::singleShot(0, context, [this, key = keyFor(host, login), done] {
            if (!failure.isEmpty())
                done(Error{failure});
            else
                done(tokens.value(key));
        });
    }
    void writeToken(const QString &host, const QString &login, const QString &token, QObject *context,
                    DoneCallback done) override
    {
        tokens.insert(keyFor(host, login), token);
        QTimer::singleShot(0, context, [done] { done(true); });
    }
    void deleteToken(const QString &host, const QString &login, QObject *context, DoneCallback done) override
    {
        tokens.remove(keyFor(host, login));
        QTimer::singleShot(0, context, [done] { done(true); });
    }
};

const QString Login = u"octo"_s;
// One host of each kind gh tells apart; the loopback server stands for an Enterprise Server, as in every test.
const QStringList Hosts = {u"github.com"_s, u"acme.ghe.com"_s, u"github.localhost"_s, u"ghe.example.com"_s,
                           u"127.0.0.1:8123"_s};

QString keyringToken(const QString &host)
{
    return u"keyring-for-"_s + host;
}

QString envToken(const QString &variable)
{
    return u"env-"_s + variable;
}

} // namespace

class tst_TokenResolver final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    // Every host kind × every source. Each row offers tokens for other hosts too (keyring entries, the other kind's
    // variables, gh logins): none of them may come back.
    void hostAndSource_data()
    {
        QTest::addColumn<QString>("host");
        QTest::addColumn<bool>("keyringHasHost");
        QTest::addColumn<bool>("keyringDown");
        QTest::addColumn<QStringList>("variables"); // set in the environment
        QTest::addColumn<QStringList>("ghLoggedIn");
        QTest::addColumn<bool>("ghInstalled");
        QTest::addColumn<QString>("token");
        QTest::addColumn<QString>("source");

        const QStringList all = GitHubHost::allTokenVariables();
        for (const QString &host : Hosts) {
            const QStringList own = GitHubHost::fromName(host).tokenVariables();
            QStringList others = all;
            for (const QString &name : own)
                others.removeAll(name);
            QStringList otherHosts = Hosts;
            otherHosts.removeAll(host);
            const QString kind = own.first() == u"GH_TOKEN"_s ? u"github kind"_s : u"enterprise kind"_s;
            const auto row = [&](const char *what) -> QTestData & {
                return QTest::addRow("%s (%s): %s", qPrintable(host), qPrintable(kind), what);
            };

            row("keyring first") << host << true << false << all << Hosts << true << keyringToken(host) << u"keyring"_s;
            row("first variable next") << host << false << false << all << Hosts << true << envToken(own.at(0))
                                       << own.at(0);
            row("second variable next") << host << false << false << (QStringList{own.at(1)} + others) << Hosts << true
                                        << envToken(own.at(1)) << own.at(1);
            row("keyring down, variable")
                << host << true << true << all << Hosts << true << envToken(own.at(0)) << own.at(0);
            row("gh last") << host << false << false << others << Hosts << true << FakeGh::tokenFor(host) << u"gh"_s;
            // The reported case is the enterprise rows of this one: GH_TOKEN set, an enterprise host asked.
            row("only other hosts' tokens")
                << host << false << false << others << otherHosts << true << QString() << QString();
            row("gh not installed") << host << false << false << others << Hosts << false << QString() << QString();
        }
    }

    void hostAndSource()
    {
        QFETCH(QString, host);
        QFETCH(bool, keyringHasHost);
        QFETCH(bool, keyringDown);
        QFETCH(QStringList, variables);
        QFETCH(QStringList, ghLoggedIn);
        QFETCH(bool, ghInstalled);
        QFETCH(QString, token);
        QFETCH(QString, source);

        MemoryTokenStore store;
        for (const QString &other : Hosts) {
            if (other != host || keyringHasHost)
                store.tokens.insert(TokenStore::keyFor(other, Login), keyringToken(other));
        }
        if (keyringDown)
            store.failure = u"no Secret Service"_s;

        QTemporaryDir bin;
        QVERIFY(bin.isValid());
        if (ghInstalled)
            QVERIFY(FakeGh::write(bin.path(), ghLoggedIn));
        QProcessEnvironment env;
        env.insert(u"PATH"_s, bin.path()); // gh is found on PATH, as for a user (and only ours)
        for (const QString &name : variables)
            env.insert(name, envToken(name));

        auto *resolver = new TokenResolver(&store);
        resolver->setEnvironment(env);
        std::optional<ResolvedToken> result;
        int emissions = 0;
        connect(resolver, &TokenResolver::finished, this, [&](const Result<ResolvedToken> &found) {
            if (found)
                result = found.value();
            ++emissions;
        });
        QSignalSpy destroyed(resolver, &QObject::destroyed);
        resolver->resolve(host, Login);
        QVERIFY(destroyed.wait(10000));
        QCOMPARE(emissions, 1);
        QVERIFY(result);
        QCOMPARE(result->token, token);
        QCOMPARE(result->source, source);
        QCOMPARE(result->host, host);

        // gh answers from its own login: no token variable reaches it.
        QCOMPARE(FakeGh::variablesSeen(bin.path()), QString());
    }

    // GH_PATH names gh's executable, as gh's own library reads it.
    void ghPath()
    {
        QTemporaryDir bin;
        QVERIFY(FakeGh::write(bin.path(), {u"ghe.example.com"_s}));
        QProcessEnvironment env;
        env.insert(u"PATH"_s, u"/nonexistent"_s);
        env.insert(u"GH_PATH"_s, bin.filePath(u"gh"_s));
        env.insert(u"GH_TOKEN"_s, u"github-com-token"_s);
        auto *resolver = new TokenResolver(nullptr);
        resolver->setEnvironment(env);
        std::optional<ResolvedToken> result;
        connect(resolver, &TokenResolver::finished, this, [&](const Result<ResolvedToken> &found) {
            if (found)
                result = found.value();
        });
        QSignalSpy destroyed(resolver, &QObject::destroyed);
        resolver->resolve(u"ghe.example.com"_s, QString());
        QVERIFY(destroyed.wait(10000));
        QVERIFY(result);
        QCOMPARE(result->token, FakeGh::tokenFor(u"ghe.example.com"_s));
        QCOMPARE(result->source, u"gh"_s);
    }

    // The real path when gh is absent: the process environment's PATH without gh, and a host name that is none.
    void noGhInstalled_data()
    {
        QTest::addColumn<QString>("host");
        QTest::addRow("enterprise") << u"ghe.example.com"_s;
        QTest::addRow("not a host") << u"ghe.example.com/api"_s;
    }

    void noGhInstalled()
    {
        QFETCH(QString, host);
        QTemporaryDir empty;
        QProcessEnvironment env;
        env.insert(u"PATH"_s, empty.path());
        env.insert(u"GH_TOKEN"_s, u"github-com-token"_s);
        auto *resolver = new TokenResolver(nullptr);
        resolver->setEnvironment(env);
        std::optional<ResolvedToken> result;
        connect(resolver, &TokenResolver::finished, this, [&](const Result<ResolvedToken> &found) {
            if (found)
                result = found.value();
        });
        QSignalSpy destroyed(resolver, &QObject::destroyed);
        resolver->resolve(host, QString());
        QVERIFY(destroyed.wait(10000));
        QVERIFY(result && result->token.isEmpty() && result->source.isEmpty());
    }

    // cancel() ends the lookup at once, before gh is asked, with one Cancelled error.
    void cancelEndsOnce()
    {
        QTemporaryDir bin;
        QVERIFY(FakeGh::write(bin.path(), {u"ghe.example.com"_s}));
        QProcessEnvironment env;
        env.insert(u"PATH"_s, bin.path());
        auto *resolver = new TokenResolver(nullptr);
        resolver->setEnvironment(env);
        std::optional<Result<ResolvedToken>> result;
        int emissions = 0;
        connect(resolver, &TokenResolver::finished, this, [&](const Result<ResolvedToken> &found) {
            result.emplace(found);
            ++emissions;
        });
        QSignalSpy destroyed(resolver, &QObject::destroyed);
        resolver->resolve(u"ghe.example.com"_s, QString());
        resolver->cancel();
        QVERIFY(destroyed.wait(10000));
        QCOMPARE(emissions, 1);
        QVERIFY(result && !result->ok());
        QCOMPARE(result->errorKind(), ErrorKind::Cancelled);
        QVERIFY(!QFile::exists(bin.filePath(u"variables-seen"_s))); // gh was never run
    }
};

QTEST_GUILESS_MAIN(tst_TokenResolver)
#include "tst_tokenresolver.moc"
