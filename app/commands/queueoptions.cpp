// SPDX-License-Identifier: MIT
#include "app/commands/queueoptions.h"

#include "engine/store/issuestore.h"

#include <QCommandLineParser>
#include <QCoreApplication>

using namespace Qt::StringLiterals;

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("QueueOptions", text);
}
} // namespace

QueueOptions::QueueOptions()
    : m_repo(u"repo"_s, tr("The repository."), u"OWNER/NAME"_s)
    , m_label(u"label"_s, tr("A label the issues must have; repeat to AND several."), u"LABEL"_s)
    , m_excludeLabel(u"exclude-label"_s, tr("Leave out issues with this label (e.g. ptd-bot-triaged); repeatable."),
                     u"LABEL"_s)
    , m_state(u"state"_s, tr("open (default), closed or all."), u"STATE"_s, u"open"_s)
    , m_store(u"store"_s, tr("The store file (default: the application's data folder)."), u"FILE"_s)
{}

void QueueOptions::addTo(QCommandLineParser &parser) const
{
    parser.addOptions({m_repo, m_label, m_excludeLabel, m_state, m_store});
}

Result<QueueSpec> QueueOptions::queue(const QCommandLineParser &parser) const
{
    QueueSpec queue;
    if (!queue.setRepository(parser.value(m_repo)))
        return Error{tr("--repo OWNER/NAME is required")};
    queue.labels = parser.values(m_label);
    queue.excludeLabels = parser.values(m_excludeLabel);
    const std::optional<QueueState> state = queueStateFromName(parser.value(m_state));
    if (!state)
        return Error{tr("--state must be open, closed or all")};
    queue.state = *state;
    return queue;
}

QString QueueOptions::storePath(const QCommandLineParser &parser) const
{
    return parser.isSet(m_store) ? parser.value(m_store) : IssueStore::defaultPath();
}
