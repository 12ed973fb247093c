// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QString>

// Fixtures live in tests/data; CTest passes the folder in TRIAGE_TEST_DATA.
namespace TestData {
QString path(const QString &name);
QByteArray read(const QString &name);
} // namespace TestData
