// SPDX-License-Identifier: MIT
#include "engine/tokenresolver.h"
#include "engine/tokenstore.h"

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

} // namespace

class TestTokenResolver final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void order_data()
    {
        QTest::addColumn<QString>("keyring");
        QTest::addColumn<bool>("keyringFails");
        QTest::addColumn<QString>("ghToken");
        QTest::addColumn<QString>("githubToken");
        QTest::addColumn<QString>("ghCli");
        QTest::addColumn<QString>("token");
        QTest::addColumn<QString>("source");
        QTest::addRow("keyring first") << u"k-token"_s << false << u"e1"_s << u"e2"_s << u"g"_s << u"k-token"_s
                                       << u"keyring"_s;
        QTest::addRow("GH_TOKEN next") << QString() << false << u"e1"_s << u"e2"_s << u"g"_s << u"e1"_s
                                       << u"GH_TOKEN"_s;
        QTest::addRow("GITHUB_TOKEN next")
            << QString() << false << QString() << u"e2"_s << u"g"_s << u"e2"_s << u"GITHUB_TOKEN"_s;
        QTest::addRow("gh last") << QString() << false << QString() << QString() << u"gho_fromgh"_s << u"gho_fromgh"_s
                                 << u"gh"_s;
        QTest::addRow("keyring down, env")
            << QString() << true << u"e1"_s << QString() << QString() << u"e1"_s << u"GH_TOKEN"_s;
        QTest::addRow("nothing") << QString() << false << QString() << QString() << QString() << QString() << QString();
    }

    void order()
    {
        QFETCH(QString, keyring);
        QFETCH(bool, keyringFails);
        QFETCH(QString, ghToken);
        QFETCH(QString, githubToken);
        QFETCH(QString, ghCli);
        QFETCH(QString, token);
        QFETCH(QString, source);

        MemoryTokenStore store;
        if (!keyring.isEmpty())
            store.tokens.insert(TokenStore::keyFor(u"github.com"_s, u"octo"_s), keyring);
        if (keyringFails)
            store.failure = u"no Secret Service"_s;
        QProcessEnvironment env;
        if (!ghToken.isEmpty())
            env.insert(u"GH_TOKEN"_s, ghToken);
        if (!githubToken.isEmpty())
            env.insert(u"GITHUB_TOKEN"_s, githubToken);

        // A stand-in for gh: prints a token for `auth token --hostname github.com`, fails otherwise.
        QTemporaryDir dir;
        const QString gh = dir.filePath(u"gh"_s);
        {
            QFile script(gh);
            QVERIFY(script.open(QIODevice::WriteOnly));
            const QByteArray answer =
                ghCli.isEmpty() ? QByteArray("echo 'not logged in' >&2\nexit 1\n") : "echo " + ghCli.toUtf8() + '\n';
            script.write("#!/bin/sh\n[ \"$1 $2 $3 $4\" = \"auth token --hostname github.com\" ] || exit 3\n" + answer);
            script.close();
            script.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        }

        auto *resolver = new TokenResolver(&store);
        resolver->setEnvironment(env);
        resolver->setGhProgram(gh);
        std::optional<ResolvedToken> result;
        int emissions = 0;
        connect(resolver, &TokenResolver::finished, this, [&](const ResolvedToken &found) {
            result = found;
            ++emissions;
        });
        QSignalSpy destroyed(resolver, &QObject::destroyed);
        resolver->resolve(u"github.com"_s, u"octo"_s);
        QVERIFY(destroyed.wait(10000));
        QCOMPARE(emissions, 1);
        QCOMPARE(result->token, token);
        QCOMPARE(result->source, source);
    }

    void noGhInstalled()
    {
        auto *resolver = new TokenResolver(nullptr);
        resolver->setEnvironment(QProcessEnvironment());
        resolver->setGhProgram(u"/nonexistent/gh"_s);
        std::optional<ResolvedToken> result;
        connect(resolver, &TokenResolver::finished, this, [&](const ResolvedToken &found) { result = found; });
        QSignalSpy destroyed(resolver, &QObject::destroyed);
        resolver->resolve(u"github.com"_s, QString());
        QVERIFY(destroyed.wait(10000));
        QVERIFY(result && result->token.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestTokenResolver)
#include "tst_tokenresolver.moc"
