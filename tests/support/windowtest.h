// SPDX-License-Identifier: MIT
#pragma once

#include "views/common/apppalette.h"

#include <KSyntaxHighlighting/Repository>

#include <QApplication>
#include <QStandardPaths>

#include <memory>

// What a test of the window or one of its pages sets once, in its initTestCase(): it sees the same look on every
// desktop and touches nothing of the user's.
namespace WindowTest {

// Paths in test mode, the Fusion style and the light palette; returns the syntax repository the pages highlight code
// with.
inline std::unique_ptr<KSyntaxHighlighting::Repository> prepare()
{
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setStyle(QStringLiteral("Fusion"));
    QApplication::setPalette(AppPalette::light());
    return std::make_unique<KSyntaxHighlighting::Repository>();
}

} // namespace WindowTest
