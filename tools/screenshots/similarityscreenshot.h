// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"

#include <QList>
#include <QString>

class MainWindow;

// `--screenshot-similar DIR`: the Similar tab beside an issue (DIR/similar-panel.png) and the Ctrl+K search
// dialog (DIR/search-dialog.png), on the queue given with --queue, which is first written into the
// throwaway store as a sync would write it.
namespace SimilarityScreenshot {
// Writes the issues into the store file (a page, as a sync does, so the index follows); an error message or "".
QString fillStore(const QString &storePath, const QString &repository, const QList<Issue> &issues);
// Grabs both screenshots (the window already shown off screen); returns the exit status.
int run(MainWindow &window, const QString &dir, bool dark, int number, const QString &search);
} // namespace SimilarityScreenshot
