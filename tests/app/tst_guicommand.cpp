// SPDX-License-Identifier: MIT
// The window's command line, run as a real process: screenshots and the options' errors.
#include <QImage>
#include <QProcess>
#include <QProcessEnvironment>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

class tst_GuiCommand : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void screenshot_data();
    void screenshot();
    void tokenDialog_data();
    void tokenDialog();

private:
    std::unique_ptr<QTemporaryDir> m_home;
};

void tst_GuiCommand::initTestCase()
{
    QVERIFY2(QFile::exists(QStringLiteral(TRIAGE_CONSOLE_BINARY)), TRIAGE_CONSOLE_BINARY);
    m_home = std::make_unique<QTemporaryDir>();
    QVERIFY(m_home->isValid());
}

void tst_GuiCommand::screenshot_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QSize>("size");      // of the PNG, when it succeeds
    QTest::addColumn<QString>("message"); // on stderr, when it fails
    QTest::newRow("default size") << QStringList{} << 0 << QSize(1440, 900) << QString();
    QTest::newRow("a laptop's screen") << QStringList{u"--screenshot-size"_s, u"1280x720"_s} << 0 << QSize(1280, 720)
                                       << QString();
    QTest::newRow("dark, presentation") << QStringList{u"--dark"_s, u"--presentation"_s, u"--screenshot-size"_s,
                                                       u"1920x1080"_s}
                                        << 0 << QSize(1920, 1080) << QString();
    QTest::newRow("size without a height") << QStringList{u"--screenshot-size"_s, u"1280"_s} << 1 << QSize()
                                           << u"--screenshot-size must be WIDTHxHEIGHT"_s;
    QTest::newRow("size too small to mean anything") << QStringList{u"--screenshot-size"_s, u"12x7"_s} << 1 << QSize()
                                                     << u"--screenshot-size must be WIDTHxHEIGHT"_s;
    QTest::newRow("two queues") << QStringList{u"--demo"_s, u"--queue"_s, u"x.json"_s} << 1 << QSize()
                                << u"exclude each other"_s;
}

void tst_GuiCommand::screenshot()
{
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    QFETCH(QSize, size);
    QFETCH(QString, message);
    const QString png = m_home->filePath(QString::fromUtf8(QTest::currentDataTag()) + u".png"_s);
    QProcess process;
    QProcessEnvironment env;
    env.insert(u"PATH"_s, qEnvironmentVariable("PATH"));
    env.insert(u"HOME"_s, m_home->path());
    env.insert(u"XDG_CONFIG_HOME"_s, m_home->filePath(u"config"_s));
    env.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
    process.setProcessEnvironment(env);
    QSignalSpy finished(&process, &QProcess::finished);
    process.start(QStringLiteral(TRIAGE_CONSOLE_BINARY), arguments + QStringList{u"--screenshot"_s, png});
    QVERIFY(finished.wait(60000));
    const QString err = QString::fromUtf8(process.readAllStandardError());
    QCOMPARE(process.exitCode(), exitCode);
    if (exitCode != 0) {
        QVERIFY2(err.contains(message), qPrintable(err));
        QVERIFY(!QFile::exists(png));
        return;
    }
    const QImage image(png);
    QVERIFY2(!image.isNull(), qPrintable(err));
    QCOMPARE(image.size(), size);
}

void tst_GuiCommand::tokenDialog_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QStringList>("variables"); // NAME=VALUE
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message"); // on stderr
    const QStringList both{u"GH_TOKEN=for-github-com"_s, u"GH_ENTERPRISE_TOKEN=for-the-enterprise"_s};
    QTest::newRow("--api names an Enterprise Server")
        << QStringList{u"--api"_s, u"http://127.0.0.1:9"_s} << both << 0
        << u"using the GitHub token from \"GH_ENTERPRISE_TOKEN\" for \"127.0.0.1:9\""_s;
    QTest::newRow("GH_HOST names it")
        << QStringList{} << (both + QStringList{u"GH_HOST=ghe.example.com"_s}) << 0
        << u"using the GitHub token from \"GH_ENTERPRISE_TOKEN\" for \"ghe.example.com\""_s;
    QTest::newRow("github.com by default")
        << QStringList{} << both << 0 << u"using the GitHub token from \"GH_TOKEN\" for \"github.com\""_s;
    QTest::newRow("only github.com's token, enterprise host")
        << QStringList{u"--api"_s, u"https://ghe.example.com/api/v3"_s} << QStringList{u"GH_TOKEN=for-github-com"_s}
        << 0 << u"no GitHub token found for \"ghe.example.com\""_s;
    QTest::newRow("GH_HOST not a host") << QStringList{} << QStringList{u"GH_HOST=ghe.example.com/api/v3"_s} << 1
                                        << u"GH_HOST=ghe.example.com/api/v3 is not a host name"_s;
    QTest::newRow("--api not http") << QStringList{u"--api"_s, u"ghe.example.com"_s} << QStringList{} << 1
                                    << u"--api needs an http(s) URL"_s;
}

// The GitHub Token dialog rendered by the real binary: which host the token is for and which source it came from.
void tst_GuiCommand::tokenDialog()
{
    QFETCH(QStringList, arguments);
    QFETCH(QStringList, variables);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
#ifndef TRIAGE_README_SCREENSHOTS
    QSKIP("the README's screenshot scripts (--screenshot-token) are not built into this console "
          "(configure with TRIAGE_README_SCREENSHOTS=ON)");
#endif
    const QString png = m_home->filePath(u"token-"_s + QString::fromUtf8(QTest::currentDataTag()) + u".png"_s);
    QTemporaryDir bin; // PATH without gh: the real path when gh is absent
    QProcess process;
    QProcessEnvironment env;
    env.insert(u"PATH"_s, bin.path());
    env.insert(u"HOME"_s, m_home->path());
    env.insert(u"XDG_CONFIG_HOME"_s, m_home->filePath(u"config"_s));
    env.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
    for (const QString &variable : variables)
        env.insert(variable.section(u'=', 0, 0), variable.section(u'=', 1));
    process.setProcessEnvironment(env);
    QSignalSpy finished(&process, &QProcess::finished);
    process.start(QStringLiteral(TRIAGE_CONSOLE_BINARY),
                  arguments + QStringList{u"--demo"_s, u"--screenshot-token"_s, png});
    QVERIFY(finished.wait(60000));
    const QString err = QString::fromUtf8(process.readAllStandardError());
    QCOMPARE(process.exitCode(), exitCode);
    QVERIFY2(err.contains(message), qPrintable(err));
    QVERIFY(!err.contains(u"for-github-com"_s) && !err.contains(u"for-the-enterprise"_s));
    QCOMPARE(QFile::exists(png), exitCode == 0);
    if (exitCode == 0)
        QVERIFY(QImage(png).width() >= 400);
}

QTEST_GUILESS_MAIN(tst_GuiCommand)
#include "tst_guicommand.moc"
