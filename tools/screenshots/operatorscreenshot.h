// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

class MainWindow;

// `--screenshot-operator DIR`: the Repro tab's "Operator probe" on the first issue of the queue that asks about an
// operator, probed for real in the sandbox on 2 and 4 ranks: DIR/operator-probe.png (the table and the analysis)
// and DIR/operator-comment.png (the drafted comment), `-dark` with --dark.
namespace OperatorScreenshot {
// The window already shown off screen; returns the exit status once both are written (runs the event loop).
int run(MainWindow &window, const QString &dir, bool dark);
} // namespace OperatorScreenshot
