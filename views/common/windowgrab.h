// SPDX-License-Identifier: MIT
#pragma once

#include <QSize>
#include <QString>

#include <functional>

class MainWindow;
class QWidget;

// Pictures of the window without a screen: `--screenshot` and the README's screenshot scripts.
namespace WindowGrab {

inline constexpr QSize DefaultSize(1440, 900);

// Shown at `size` but never put on screen; grabs paint it.
void showOffScreen(QWidget &window, QSize size);
// "DIR/NAME.png", or "DIR/NAME-dark.png" for the dark palette.
QString pathFor(const QString &dir, const QString &name, bool dark);
// Writes the widget's picture as PNG; an error message, or "" once written.
QString save(QWidget &widget, const QString &path);
// Calls `then` once the queue's triage has finished (at once when it is not running).
void whenTriaged(MainWindow &window, const std::function<void()> &then);

} // namespace WindowGrab
