// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/queuespec.h"
#include "engine/core/result.h"

#include <QCommandLineOption>

class QCommandLineParser;

// The options that name a queue and its store, shared by the headless commands that read or fill a queue.
class QueueOptions final
{
public:
    QueueOptions();

    void addTo(QCommandLineParser &parser) const;
    // The queue the parsed options name, or why they do not name one.
    Result<QueueSpec> queue(const QCommandLineParser &parser) const;
    QString storePath(const QCommandLineParser &parser) const;

private:
    QCommandLineOption m_repo;
    QCommandLineOption m_label;
    QCommandLineOption m_excludeLabel;
    QCommandLineOption m_state;
    QCommandLineOption m_store;
};
