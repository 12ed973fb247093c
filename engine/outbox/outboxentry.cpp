// SPDX-License-Identifier: MIT
#include "engine/outbox/outboxentry.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("OutboxEntry", text);
}

} // namespace

QString outboxStatusName(OutboxStatus status)
{
    return EnumNames::name(outboxStatusNames, status);
}

OutboxStatus outboxStatusFromName(const QString &name)
{
    return EnumNames::value(outboxStatusNames, name).value_or(OutboxStatus::Ready);
}

QString outboxStatusText(OutboxStatus status)
{
    switch (status) {
    case OutboxStatus::Ready:
        return tr("Ready");
    case OutboxStatus::Blocked:
        return tr("Blocked");
    case OutboxStatus::Submitting:
        return tr("Submitting");
    case OutboxStatus::Applied:
        return tr("Applied");
    case OutboxStatus::AlreadyApplied:
        return tr("Already applied");
    case OutboxStatus::Conflict:
        return tr("Conflict");
    case OutboxStatus::Failed:
        return tr("Failed");
    }
    return {};
}

QString OutboxChange::describe() const
{
    QStringList parts;
    if (!labelsAdded.isEmpty())
        parts.append(tr("labels added by others: %1").arg(labelsAdded.join(u", "_s)));
    if (!labelsRemoved.isEmpty())
        parts.append(tr("labels removed by others: %1").arg(labelsRemoved.join(u", "_s)));
    if (newComments > 0) {
        QString text = newComments == 1 ? tr("1 new comment") : tr("%1 new comments").arg(newComments);
        if (!newCommentAuthors.isEmpty())
            text += u" ("_s + newCommentAuthors.join(u", "_s) + u')';
        parts.append(text);
    }
    if (stateChanged())
        parts.append(stateNow == IssueState::Closed ? tr("closed by others") : tr("reopened by others"));
    return parts.join(u"; "_s);
}

QString OutboxEntry::marker(const QString &planHash)
{
    return u"<!-- triage-console:plan="_s + planHash + u" -->"_s;
}

QString OutboxEntry::commentBody() const
{
    return comment + u"\n\n"_s + marker();
}
