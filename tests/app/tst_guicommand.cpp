// SPDX-License-Identifier: MIT
// The window's command line, run as a real process: screenshots and the options' errors.
#include <QImage>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

class tst_GuiCommand : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void screenshot_data();
    void screenshot();

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

QTEST_GUILESS_MAIN(tst_GuiCommand)
#include "tst_guicommand.moc"
