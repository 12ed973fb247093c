// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/scrub/scrubactionability.h"

#include <QObject>
#include <QString>

#include <optional>

// ScrubDuplicateCheck::lookUp off the calling thread, for a window that moves from issue to issue: only the answer
// for the issue asked last is kept (older ones are dropped when they arrive). No store path: nothing is asked.
class ScrubDuplicateLookup final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ScrubDuplicateLookup)

public:
    explicit ScrubDuplicateLookup(QObject *parent = nullptr);

    void setStorePath(const QString &path) { m_storePath = path; }
    QString storePath() const { return m_storePath; }

    void lookUp(const Issue &issue, const QString &repository);
    void clear();
    // The index's finding for the issue asked last, once answered; nullopt before, or when there is none.
    std::optional<ScrubStop> finding() const { return m_finding; }
    QString error() const { return m_error; } // the index could not be read (the check said nothing)

Q_SIGNALS:
    void answered(int issueNumber);

private:
    QString m_storePath;
    int m_ticket = 0;
    std::optional<ScrubStop> m_finding;
    QString m_error;
};
