// SPDX-License-Identifier: MIT
#include "engine/github/githubclient.h"
#include "engine/github/githubhost.h"

#include <QTest>

using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(GitHubHost::Kind)

class tst_GitHubHost final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // An API URL → the host its token belongs to, named and classed as gh does.
    void fromApiUrl_data()
    {
        QTest::addColumn<QString>("api");
        QTest::addColumn<QString>("name");
        QTest::addColumn<GitHubHost::Kind>("kind");
        QTest::addColumn<QString>("variables");
        using Kind = GitHubHost::Kind;
        const QString github = u"GH_TOKEN GITHUB_TOKEN"_s;
        const QString enterprise = u"GH_ENTERPRISE_TOKEN GITHUB_ENTERPRISE_TOKEN"_s;
        QTest::addRow("api.github.com") << u"https://api.github.com"_s << u"github.com"_s << Kind::GitHubCom << github;
        QTest::addRow("upper case") << u"https://API.GitHub.com/"_s << u"github.com"_s << Kind::GitHubCom << github;
        QTest::addRow("default port") << u"https://api.github.com:443"_s << u"github.com"_s << Kind::GitHubCom
                                      << github;
        QTest::addRow("tenant") << u"https://api.acme.ghe.com"_s << u"acme.ghe.com"_s << Kind::Tenant << github;
        QTest::addRow("github.localhost")
            << u"http://api.github.localhost"_s << u"github.localhost"_s << Kind::Local << github;
        QTest::addRow("enterprise server")
            << u"https://ghe.example.com/api/v3"_s << u"ghe.example.com"_s << Kind::EnterpriseServer << enterprise;
        QTest::addRow("enterprise on a port") << u"https://ghe.example.com:8443/api/v3"_s << u"ghe.example.com:8443"_s
                                              << Kind::EnterpriseServer << enterprise;
        QTest::addRow("look-alike") << u"https://github.com.evil.example/api/v3"_s << u"github.com.evil.example"_s
                                    << Kind::EnterpriseServer << enterprise;
        QTest::addRow("ghe.com itself") << u"https://ghe.com/api/v3"_s << u"ghe.com"_s << Kind::EnterpriseServer
                                        << enterprise;
        QTest::addRow("github.com on another port")
            << u"https://api.github.com:8443"_s << u"api.github.com:8443"_s << Kind::EnterpriseServer << enterprise;
        QTest::addRow("loopback test server")
            << u"http://127.0.0.1:8123"_s << u"127.0.0.1:8123"_s << Kind::EnterpriseServer << enterprise;
        QTest::addRow("IPv6 loopback") << u"http://[::1]:8123"_s << u"[::1]:8123"_s << Kind::EnterpriseServer
                                       << enterprise;
    }

    void fromApiUrl()
    {
        QFETCH(QString, api);
        QFETCH(QString, name);
        QFETCH(GitHubHost::Kind, kind);
        QFETCH(QString, variables);
        const GitHubHost host = GitHubHost::fromApiUrl(QUrl(api));
        QVERIFY(host.isValid());
        QCOMPARE(host.name(), name);
        QCOMPARE(host.kind(), kind);
        QCOMPARE(host.tokenVariables().join(u' '), variables);
        // The name read back as gh would take it (GH_HOST, --hostname) is the same host.
        QCOMPARE(GitHubHost::fromName(name), host);
    }

    // GH_HOST (or no --api at all) → the API URL the console talks to, and GraphQL beside it.
    void defaultApiUrl_data()
    {
        QTest::addColumn<QString>("apiOption");
        QTest::addColumn<QString>("ghHost");
        QTest::addColumn<QString>("rest");
        QTest::addColumn<QString>("graphql");
        QTest::addColumn<QString>("error");
        QTest::addRow("nothing set") << QString() << QString() << u"https://api.github.com"_s
                                     << u"https://api.github.com/graphql"_s << QString();
        QTest::addRow("GH_HOST github.com") << QString() << u"github.com"_s << u"https://api.github.com"_s
                                            << u"https://api.github.com/graphql"_s << QString();
        QTest::addRow("GH_HOST enterprise") << QString() << u"ghe.example.com"_s << u"https://ghe.example.com/api/v3"_s
                                            << u"https://ghe.example.com/api/graphql"_s << QString();
        QTest::addRow("GH_HOST tenant") << QString() << u"acme.ghe.com"_s << u"https://api.acme.ghe.com"_s
                                        << u"https://api.acme.ghe.com/graphql"_s << QString();
        QTest::addRow("GH_HOST as a URL")
            << QString() << u"https://ghe.example.com/"_s << u"https://ghe.example.com/api/v3"_s
            << u"https://ghe.example.com/api/graphql"_s << QString();
        QTest::addRow("--api wins over GH_HOST")
            << u"https://other.example.com/api/v3"_s << u"ghe.example.com"_s << u"https://other.example.com/api/v3"_s
            << u"https://other.example.com/api/graphql"_s << QString();
        QTest::addRow("GH_HOST not a host") << QString() << u"ghe.example.com/api/v3"_s << QString() << QString()
                                            << u"GH_HOST=ghe.example.com/api/v3 is not a host name"_s;
        QTest::addRow("--api not http") << u"ftp://ghe.example.com"_s << QString() << QString() << QString()
                                        << u"--api needs an http(s) URL"_s;
    }

    void defaultApiUrl()
    {
        QFETCH(QString, apiOption);
        QFETCH(QString, ghHost);
        QFETCH(QString, rest);
        QFETCH(QString, graphql);
        QFETCH(QString, error);
        QProcessEnvironment environment;
        if (!ghHost.isEmpty())
            environment.insert(u"GH_HOST"_s, ghHost);
        const Result<QUrl> api = GitHubHost::apiUrlFor(apiOption, environment);
        if (!error.isEmpty()) {
            QVERIFY(!api);
            QVERIFY2(api.error().startsWith(error), qPrintable(api.error()));
            return;
        }
        QVERIFY2(api, qPrintable(api.error()));
        GitHubClient client;
        client.setApiUrl(api.value());
        QCOMPARE(client.apiUrl().toString(), rest);
        QCOMPARE(client.graphqlUrl().toString(), graphql);
    }

    void invalidNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addRow("empty") << QString();
        QTest::addRow("blank") << u"  "_s;
        QTest::addRow("a path") << u"ghe.example.com/api"_s;
        QTest::addRow("credentials") << u"https://user:pw@ghe.example.com"_s;
    }

    void invalidNames()
    {
        QFETCH(QString, name);
        QVERIFY(!GitHubHost::fromName(name).isValid());
        QVERIFY(GitHubHost::fromName(name).tokenVariables().isEmpty());
    }
};

QTEST_GUILESS_MAIN(tst_GitHubHost)
#include "tst_githubhost.moc"
