// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>

// Our own stand-in for GitHub's CLI, a small shell script written to a folder the test puts on PATH (or in
// GH_PATH): `gh auth token --hostname H` prints "gho_for_H" when H matches one of the hosts it is "logged in" to
// (shell patterns: "127.0.0.1:*"), and fails as gh does otherwise. It notes in DIR/variables-seen which token
// variables reached it, one line per call.
namespace FakeGh {
bool write(const QString &dir, const QStringList &loggedIn);
QString tokenFor(const QString &host);
// The token variables gh was started with, over all its calls (empty: none ever).
QString variablesSeen(const QString &dir);
} // namespace FakeGh
