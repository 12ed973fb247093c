// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/issue.h"
#include "engine/core/result.h"
#include "engine/outbox/outboxentry.h"

#include <QtGlobal>

class OutboxStore;
struct RubricPack;
struct ScrubReport;

// Where a drafted scrub report goes: to whoever owns the outbox. The pages and sessions that draft a report
// hand it over through this and never write to the outbox themselves.
class ReportOutbox
{
public:
    ReportOutbox() = default;
    virtual ~ReportOutbox() = default;
    Q_DISABLE_COPY_MOVE(ReportOutbox)

    // Queues the report (its comment as edited) for approval; `seen`: the issue as the scrub saw it.
    virtual Result<OutboxEntry> enqueueReport(const ScrubReport &report, const QString &repository, const Issue &seen,
                                              const QString &reviewer, const RubricPack &pack) = 0;
};

// The outbox of the console's store (ScrubReport::enqueueIn). The store is not owned.
class StoreReportOutbox final : public ReportOutbox
{
public:
    explicit StoreReportOutbox(OutboxStore *store = nullptr)
        : m_store(store)
    {}
    void setStore(OutboxStore *store) { m_store = store; }
    OutboxStore *store() const { return m_store; }

    Result<OutboxEntry> enqueueReport(const ScrubReport &report, const QString &repository, const Issue &seen,
                                      const QString &reviewer, const RubricPack &pack) override;

private:
    OutboxStore *m_store;
};
