// SPDX-License-Identifier: MIT
#include "views/common/appearancecontroller.h"
#include "views/common/apppalette.h"

#include <QApplication>
#include <QLabel>
#include <QSignalSpy>
#include <QStyle>
#include <QStyleHints>
#include <QTest>

using namespace Qt::StringLiterals;

// The desktop's colour scheme by default, live; --light / --dark as overrides. Offscreen the platform
// reports no scheme and no palette of its own, so the system's scheme is fed in as QStyleHints reports it.
class tst_AppearanceController final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        QApplication::setPalette(QPalette()); // the platform's own, as at start
    }

    void scheme_data()
    {
        QTest::addColumn<AppearanceController::Scheme>("choice");
        QTest::addColumn<Qt::ColorScheme>("system");
        QTest::addColumn<bool>("dark");
        using S = AppearanceController::Scheme;
        QTest::addRow("system says nothing: light") << S::System << Qt::ColorScheme::Unknown << false;
        QTest::addRow("system light") << S::System << Qt::ColorScheme::Light << false;
        QTest::addRow("system dark") << S::System << Qt::ColorScheme::Dark << true;
        QTest::addRow("--dark on a light desktop") << S::Dark << Qt::ColorScheme::Light << true;
        QTest::addRow("--dark on a dark desktop") << S::Dark << Qt::ColorScheme::Dark << true;
        QTest::addRow("--light on a dark desktop") << S::Light << Qt::ColorScheme::Dark << false;
        QTest::addRow("--light, no scheme known") << S::Light << Qt::ColorScheme::Unknown << false;
    }

    void scheme()
    {
        QFETCH(AppearanceController::Scheme, choice);
        QFETCH(Qt::ColorScheme, system);
        QFETCH(bool, dark);
        AppearanceController appearance;
        appearance.setChoice(choice);
        if (system != Qt::ColorScheme::Unknown)
            appearance.systemSchemeChanged(system);
        QCOMPARE(appearance.effectiveScheme() == Qt::ColorScheme::Dark, dark);
        QCOMPARE(AppPalette::isDark(QApplication::palette()), dark);
        if (choice == AppearanceController::Scheme::System)
            QCOMPARE(QApplication::style()->name().toLower(), appearance.platformStyle().toLower());
        else
            QCOMPARE(QApplication::style()->name().toLower(), u"fusion"_s);
    }

    // The desktop switching while the console runs: every widget follows at once, through QStyleHints.
    void followsTheSystemLive()
    {
        AppearanceController appearance;
        QLabel label(u"#1234 a queue row"_s);
        label.show();
        QSignalSpy applied(&appearance, &AppearanceController::applied);
        QVERIFY(!AppPalette::isDark(label.palette()));

        Q_EMIT QGuiApplication::styleHints()->colorSchemeChanged(Qt::ColorScheme::Dark);
        QCOMPARE(applied.size(), 1);
        QCOMPARE(applied.at(0).at(0).value<Qt::ColorScheme>(), Qt::ColorScheme::Dark);
        QTRY_VERIFY(AppPalette::isDark(label.palette()));
        QCOMPARE(label.palette().color(QPalette::Base), AppPalette::dark().color(QPalette::Base));

        Q_EMIT QGuiApplication::styleHints()->colorSchemeChanged(Qt::ColorScheme::Light);
        QCOMPARE(applied.size(), 2);
        QTRY_VERIFY(!AppPalette::isDark(label.palette()));
        QCOMPARE(label.palette().color(QPalette::Base), AppPalette::light().color(QPalette::Base));
    }

    // An override holds whatever the desktop does; dropping it returns to the desktop's scheme.
    void overrideHoldsUntilDropped()
    {
        AppearanceController appearance;
        appearance.setChoice(AppearanceController::Scheme::Light);
        QSignalSpy applied(&appearance, &AppearanceController::applied);
        Q_EMIT QGuiApplication::styleHints()->colorSchemeChanged(Qt::ColorScheme::Dark);
        QCOMPARE(applied.size(), 0);
        QVERIFY(!AppPalette::isDark(QApplication::palette()));

        appearance.setChoice(AppearanceController::Scheme::System);
        QCOMPARE(applied.size(), 1);
        QVERIFY(AppPalette::isDark(QApplication::palette()));
        Q_EMIT QGuiApplication::styleHints()->colorSchemeChanged(Qt::ColorScheme::Light);
    }
};

QTEST_MAIN(tst_AppearanceController)
#include "tst_appearancecontroller.moc"
