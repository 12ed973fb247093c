// SPDX-License-Identifier: MIT
#pragma once

#include "views/common/apppalette.h"

#include <QApplication>
#include <QDir>
#include <QString>
#include <QTest>

// The README screenshots a view test writes when TRIAGE_SCREENSHOT_DIR is set, in the light and the dark palette.
namespace ScreenshotTest {

// The rows of a screenshot test's _data(): column "dark", rows "light" and "dark".
inline void addThemes()
{
    QTest::addColumn<bool>("dark");
    QTest::addRow("light") << false;
    QTest::addRow("dark") << true;
}

} // namespace ScreenshotTest

// At the top of a screenshot test: skips it without TRIAGE_SCREENSHOT_DIR, makes that folder and sets the palette of
// the row. Defines `dark`, `dir` (the folder) and `suffix` ("-dark" for the dark row, for the file names).
#define TRIAGE_SCREENSHOT_SETUP()                                                                                      \
    QFETCH(bool, dark);                                                                                                \
    const QString dir = qEnvironmentVariable("TRIAGE_SCREENSHOT_DIR");                                                 \
    if (dir.isEmpty())                                                                                                 \
        QSKIP("TRIAGE_SCREENSHOT_DIR is not set");                                                                     \
    QVERIFY(QDir().mkpath(dir));                                                                                       \
    [[maybe_unused]] const QString suffix = dark ? QStringLiteral("-dark") : QString();                                \
    QApplication::setPalette(dark ? AppPalette::dark() : AppPalette::light())
