// SPDX-License-Identifier: MIT
#include "engine/github/githubclient.h"
#include "views/common/apppalette.h"
#include "views/sync/syncstatuswidget.h"

#include <QApplication>
#include <QDateTime>
#include <QImage>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>

using namespace Qt::StringLiterals;

// The sync's status on its own: what it says idle, while syncing and after, and its banner.
class tst_SyncStatusWidget : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void idleText_data();
    void idleText();
    void progress_data();
    void progress();
    void syncEnded_data();
    void syncEnded();
    void rateLimit_data();
    void rateLimit();
    void cancelButtonAsks();
    void bannerFollowsTheScheme_data();
    void bannerFollowsTheScheme();
};

void tst_SyncStatusWidget::initTestCase()
{
    QApplication::setStyle(u"Fusion"_s);
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

void tst_SyncStatusWidget::idleText_data()
{
    QTest::addColumn<bool>("hasQueue");
    QTest::addColumn<QDateTime>("lastSync");
    QTest::addColumn<QString>("expected");
    const QDateTime at(QDate(2026, 3, 4), QTime(9, 30), QTimeZone::UTC);
    QTest::addRow("no queue") << false << at << QString();
    QTest::addRow("never synced") << true << QDateTime() << u"Not synced yet"_s;
    QTest::addRow("synced") << true << at
                            << u"Synced %1"_s.arg(QLocale().toString(at.toLocalTime(), QLocale::ShortFormat));
}

void tst_SyncStatusWidget::idleText()
{
    QFETCH(bool, hasQueue);
    QFETCH(QDateTime, lastSync);
    QFETCH(QString, expected);
    SyncStatusWidget status;
    status.showIdle(hasQueue, lastSync);
    QCOMPARE(status.statusText(), expected);
    QCOMPARE(status.bannerText(), QString());
}

void tst_SyncStatusWidget::progress_data()
{
    QTest::addColumn<int>("done");
    QTest::addColumn<int>("total");
    QTest::addColumn<int>("comments");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<int>("maximum");
    QTest::addRow("first page") << 0 << -1 << 0 << u"issues 0 · comments 0"_s << 0;
    QTest::addRow("counted") << 100 << 250 << 1234 << u"issues 100/250 · comments 1,234"_s << 250;
    QTest::addRow("more than counted") << 260 << 250 << 7 << u"issues 260/250 · comments 7"_s << 250;
}

void tst_SyncStatusWidget::progress()
{
    QFETCH(int, done);
    QFETCH(int, total);
    QFETCH(int, comments);
    QFETCH(QString, expected);
    QFETCH(int, maximum);
    SyncStatusWidget status;
    status.show();
    status.showSyncing();
    QCOMPARE(status.statusText(), u"Syncing…"_s);
    auto *bar = status.findChild<QProgressBar *>(u"syncProgress"_s);
    auto *cancel = status.findChild<QToolButton *>(u"cancelSyncButton"_s);
    QVERIFY(bar->isVisible());
    QVERIFY(cancel->isVisible());
    QCOMPARE(bar->maximum(), 0); // indeterminate until the first figure
    status.showProgress(done, total, comments);
    QCOMPARE(status.statusText(), expected);
    QCOMPARE(bar->maximum(), maximum);
    QVERIFY(bar->value() <= bar->maximum());
    status.showWaiting(1500, u"secondary rate limit"_s);
    QCOMPARE(status.findChild<QLabel *>(u"syncStatus"_s)->toolTip(),
             u"Waiting 1.5 s before trying again (secondary rate limit)"_s);
}

void tst_SyncStatusWidget::syncEnded_data()
{
    QTest::addColumn<bool>("ok");
    QTest::addColumn<QString>("error");
    QTest::addColumn<QString>("status");
    QTest::addColumn<QString>("banner");
    QTest::addRow("ok") << true << QString() << u"Syncing…"_s << QString();
    QTest::addRow("offline") << false << u"cannot reach api.github.com"_s << u"Offline · Not synced yet"_s
                             << u"Offline: cannot reach api.github.com. Showing the queue as stored."_s;
    QTest::addRow("failed") << false << u"HTTP 502"_s << u"Not synced yet"_s
                            << u"Sync failed: HTTP 502. Showing the queue as stored."_s;
    QTest::addRow("cancelled") << false << u"sync cancelled"_s << u"Sync cancelled"_s << QString();
}

void tst_SyncStatusWidget::syncEnded()
{
    QFETCH(bool, ok);
    QFETCH(QString, error);
    QFETCH(QString, status);
    QFETCH(QString, banner);
    SyncStatusWidget widget;
    widget.show();
    widget.showIdle(true, {});
    widget.showSyncing();
    widget.showSyncEnded(ok, error);
    // After a success the window reloads the queue and says when it synced; until then it says nothing new.
    QCOMPARE(widget.statusText(), status);
    QCOMPARE(widget.bannerText(), banner);
    QVERIFY(widget.findChild<QProgressBar *>(u"syncProgress"_s)->isHidden());
    QVERIFY(widget.findChild<QToolButton *>(u"cancelSyncButton"_s)->isHidden());
    // The next attempt starts clean.
    widget.showSyncing();
    QCOMPARE(widget.bannerText(), QString());
    widget.showSyncEnded(true, {});
    widget.showIdle(true, {});
    QCOMPARE(widget.statusText(), u"Not synced yet"_s);
}

void tst_SyncStatusWidget::rateLimit_data()
{
    QTest::addColumn<int>("remaining");
    QTest::addColumn<int>("limit");
    QTest::addColumn<QString>("expected");
    QTest::addRow("unknown") << -1 << -1 << QString();
    QTest::addRow("full") << 5000 << 5000 << u"API 5,000/5,000"_s;
    QTest::addRow("low") << 12 << 5000 << u"API 12/5,000"_s;
}

void tst_SyncStatusWidget::rateLimit()
{
    QFETCH(int, remaining);
    QFETCH(int, limit);
    QFETCH(QString, expected);
    SyncStatusWidget status;
    RateLimit rate;
    rate.remaining = remaining;
    rate.limit = limit;
    status.showRateLimit(rate);
    QCOMPARE(status.rateLimitText(), expected);
    // A client without a budget yet changes nothing.
    GitHubClient client;
    status.setClient(&client);
    QCOMPARE(status.rateLimitText(), expected);
}

void tst_SyncStatusWidget::cancelButtonAsks()
{
    SyncStatusWidget status;
    status.show();
    status.showSyncing();
    QSignalSpy cancel(&status, &SyncStatusWidget::cancelRequested);
    QTest::mouseClick(status.findChild<QToolButton *>(u"cancelSyncButton"_s), Qt::LeftButton);
    QCOMPARE(cancel.size(), 1);
}

void tst_SyncStatusWidget::bannerFollowsTheScheme_data()
{
    QTest::addColumn<bool>("dark");
    QTest::addRow("light") << false;
    QTest::addRow("dark") << true;
}

void tst_SyncStatusWidget::bannerFollowsTheScheme()
{
    QFETCH(bool, dark);
    SyncStatusWidget status;
    status.setPalette(dark ? AppPalette::dark() : AppPalette::light());
    QWidget page;
    page.setPalette(status.palette()); // the window's scheme, where the queue page places the banner
    status.banner()->setParent(&page);
    status.showBanner(u"Cannot read the queue"_s);
    QCOMPARE(status.bannerText(), u"Cannot read the queue"_s);
    // As drawn (KMessageWidget paints its ground from the message type over the window's): dark text on a light
    // ground, or the reverse, readable in either scheme.
    page.resize(640, 120);
    status.banner()->setGeometry(0, 0, 640, status.banner()->sizeHint().height());
    const QImage drawn = status.banner()->grab().toImage();
    const QColor ground = drawn.pixelColor(drawn.width() - 12, drawn.height() / 2);
    const QColor text = status.banner()->palette().color(QPalette::WindowText);
    QCOMPARE(ground.lightness() < 128, dark);
    QVERIFY2(std::abs(ground.lightness() - text.lightness()) > 100,
             qPrintable(u"ground %1, text %2"_s.arg(ground.name(), text.name())));
    status.hideBanner();
    QCOMPARE(status.bannerText(), QString());
}

QTEST_MAIN(tst_SyncStatusWidget)
#include "tst_syncstatuswidget.moc"
