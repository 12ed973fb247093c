// SPDX-License-Identifier: MIT
#pragma once

class QApplication;

// The console window: `triage-console [--demo | --queue FILE] [--screenshot FILE.png [--dark]]`.
namespace GuiCommand {
// Before QApplication exists: a screenshot renders offscreen, whatever the session has.
void prepareEnvironment(int argc, char **argv);
int run(QApplication &app);
} // namespace GuiCommand
