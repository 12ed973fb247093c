// SPDX-License-Identifier: MIT
#include "engine/github/githubclient.h"
#include "views/sync/tokenstatuslabel.h"

#include <QTest>

using namespace Qt::StringLiterals;

class tst_TokenStatusLabel final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Host kind × source: the label names the host and the source, the tooltip says what they mean.
    void showsHostAndSource_data()
    {
        QTest::addColumn<QString>("api");
        QTest::addColumn<QString>("token");
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("tooltipWords");
        QTest::addRow("github.com, GH_TOKEN")
            << u"https://api.github.com"_s << u"ghp_secret"_s << u"GH_TOKEN"_s << u"Token for github.com: GH_TOKEN"_s
            << QStringList{u"GitHub.com"_s, u"the GH_TOKEN environment variable"_s, u"sent to github.com only"_s};
        QTest::addRow("tenant, GITHUB_TOKEN") << u"https://api.acme.ghe.com"_s << u"ghp_secret"_s << u"GITHUB_TOKEN"_s
                                              << u"Token for acme.ghe.com: GITHUB_TOKEN"_s
                                              << QStringList{u"GHE.com"_s, u"the GITHUB_TOKEN environment variable"_s};
        QTest::addRow("enterprise, keyring")
            << u"https://ghe.example.com/api/v3"_s << u"ghp_secret"_s << u"keyring"_s
            << u"Token for ghe.example.com: keyring"_s << QStringList{u"GitHub Enterprise Server"_s, u"the keyring"_s};
        QTest::addRow("enterprise, GH_ENTERPRISE_TOKEN")
            << u"https://ghe.example.com/api/v3"_s << u"ghp_secret"_s << u"GH_ENTERPRISE_TOKEN"_s
            << u"Token for ghe.example.com: GH_ENTERPRISE_TOKEN"_s
            << QStringList{u"the GH_ENTERPRISE_TOKEN environment variable"_s};
        QTest::addRow("loopback, gh") << u"http://127.0.0.1:8123"_s << u"ghp_secret"_s << u"gh"_s
                                      << u"Token for 127.0.0.1:8123: gh"_s
                                      << QStringList{u"gh auth token"_s, u"GitHub Enterprise Server"_s};
        QTest::addRow("github.com, none")
            << u"https://api.github.com"_s << QString() << QString() << u"No token for github.com"_s
            << QStringList{u"GH_TOKEN or GITHUB_TOKEN"_s, u"gh auth login --hostname github.com"_s};
        QTest::addRow("enterprise, none")
            << u"https://ghe.example.com/api/v3"_s << QString() << QString() << u"No token for ghe.example.com"_s
            << QStringList{u"GH_ENTERPRISE_TOKEN or GITHUB_ENTERPRISE_TOKEN"_s,
                           u"gh auth login --hostname ghe.example.com"_s};
    }

    void showsHostAndSource()
    {
        QFETCH(QString, api);
        QFETCH(QString, token);
        QFETCH(QString, source);
        QFETCH(QString, text);
        QFETCH(QStringList, tooltipWords);
        GitHubClient client;
        client.setApiUrl(QUrl(api));
        TokenStatusLabel label;
        label.setClient(&client);
        QVERIFY(label.isHidden());      // nothing known yet: nothing said
        client.setToken(token, source); // "none" is news too, once the resolver has looked
        QVERIFY(!label.isHidden());
        QCOMPARE(label.text(), text);
        for (const QString &word : tooltipWords)
            QVERIFY2(label.toolTip().contains(word), qPrintable(label.toolTip()));
        QVERIFY(!label.text().contains(u"ghp_secret"_s) && !label.toolTip().contains(u"ghp_secret"_s));
    }
};

QTEST_MAIN(tst_TokenStatusLabel)
#include "tst_tokenstatuslabel.moc"
