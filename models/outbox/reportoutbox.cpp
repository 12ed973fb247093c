// SPDX-License-Identifier: MIT
#include "models/outbox/reportoutbox.h"

#include "engine/outbox/outboxstore.h"
#include "engine/scrub/scrubreport.h"

#include <QCoreApplication>

Result<OutboxEntry> StoreReportOutbox::enqueueReport(const ScrubReport &report, const QString &repository,
                                                     const Issue &seen, const QString &reviewer, const RubricPack &pack)
{
    if (!m_store)
        return Error{QCoreApplication::translate("ReproReductionPanel", "No outbox: the console has no store open.")};
    return report.enqueueIn(*m_store, repository, seen, reviewer, pack);
}
