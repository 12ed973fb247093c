// SPDX-License-Identifier: MIT
#pragma once

#include "engine/outbox/outboxstore.h"
#include "engine/repro/pythonenvironment.h"
#include "engine/repro/sandboxrunner.h"
#include "models/outbox/reportoutbox.h"
#include "tests/support/reprotestrun.h"
#include "tests/support/testvenv.h"

#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

// What the reduction pages' tests (the session without a window, the panel) start from: a real SQLite outbox in a
// fresh folder, which drafted reports reach through `reportOutbox` as they reach the outbox's owner, and the system's
// python3 to run the repros in (real bubblewrap).
struct ReductionFixture
{
    // Once, in initTestCase() (paths in test mode first); a failed check fails it.
    void start()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(dir.isValid());
        auto opened = OutboxStore::open(dir.filePath(QStringLiteral("store.sqlite")));
        QVERIFY2(opened, qPrintable(opened.error()));
        outbox = std::move(opened).value();
        reportOutbox.setStore(outbox.get());
        const QList<PythonEnvironment> system = TestVenv::probe();
        QVERIFY(!system.isEmpty());
        python = system.first();
        QVERIFY2(python.isUsable(), qPrintable(python.probeError));
    }

    // `script` as repro.py in the fixture's python3 (ReproTestRun::request).
    SandboxRequest request(const QString &script) const { return ReproTestRun::request(script, python); }

    QTemporaryDir dir;
    std::unique_ptr<OutboxStore> outbox;
    StoreReportOutbox reportOutbox;
    PythonEnvironment python;
};
