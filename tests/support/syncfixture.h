// SPDX-License-Identifier: MIT
#pragma once

#include "engine/github/githubclient.h"
#include "tests/support/githubtestserver.h"

#include <QObject>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

// What a sync test starts each test function from: a fresh folder, the GitHub-shaped server on loopback with a client
// connected to it, and a `Store` (a store type with `open(path)`) opened in the folder as store.sqlite. start() in the
// test's init() (a failed check there fails it and skips the function), stop() in its cleanup(). The server and the
// client are children of `parent` until stop() deletes them.
template<typename Store>
class SyncFixture final
{
public:
    void start(QObject *parent)
    {
        dir = std::make_unique<QTemporaryDir>();
        QVERIFY(dir->isValid());
        server = new GitHubTestServer(parent);
        QVERIFY(server->start());
        client = new GitHubClient(parent);
        server->connectClient(*client);
        auto opened = Store::open(dir->filePath(QStringLiteral("store.sqlite")));
        QVERIFY2(opened.ok(), qPrintable(opened.error()));
        store = std::move(opened).value();
    }

    void stop()
    {
        store.reset();
        delete client;
        client = nullptr;
        delete server;
        server = nullptr;
        dir.reset();
    }

    std::unique_ptr<QTemporaryDir> dir;
    GitHubTestServer *server = nullptr;
    GitHubClient *client = nullptr;
    std::unique_ptr<Store> store;
};
