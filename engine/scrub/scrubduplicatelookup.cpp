// SPDX-License-Identifier: MIT
#include "engine/scrub/scrubduplicatelookup.h"

#include "engine/scrub/scrubduplicatecheck.h"

#include <QFuture>
#include <QtConcurrent/QtConcurrentRun>

ScrubDuplicateLookup::ScrubDuplicateLookup(QObject *parent)
    : QObject(parent)
{}

void ScrubDuplicateLookup::clear()
{
    ++m_ticket;
    m_finding.reset();
    m_error.clear();
}

void ScrubDuplicateLookup::lookUp(const Issue &issue, const QString &repository)
{
    clear();
    if (m_storePath.isEmpty())
        return;
    const int ticket = m_ticket;
    const int number = issue.number;
    // The worker has its own copies and its own connection; the answer comes back on this object's thread, and
    // not at all once it is gone.
    struct Answer
    {
        std::optional<ScrubStop> finding;
        QString error;
    };
    QtConcurrent::run([path = m_storePath, issue, repository] {
        const Result<std::optional<ScrubStop>> found = ScrubDuplicateCheck::lookUp(path, issue, repository);
        return found ? Answer{found.value(), {}} : Answer{std::nullopt, found.error()};
    }).then(this, [this, ticket, number](const Answer &answer) {
        if (ticket != m_ticket)
            return; // another issue since
        m_finding = answer.finding;
        m_error = answer.error;
        Q_EMIT answered(number);
    });
}
