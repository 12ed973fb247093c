// SPDX-License-Identifier: MIT
#include "engine/outbox/outboxreport.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QMap>

using namespace Qt::StringLiterals;

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("OutboxReport", text);
}

QString issueRef(const OutboxEntry &entry)
{
    return u"%1#%2"_s.arg(entry.repository).arg(entry.number);
}

QString labelList(const QStringList &labels)
{
    QStringList quoted;
    for (const QString &label : labels)
        quoted.append(u'`' + label + u'`');
    return quoted.isEmpty() ? u"—"_s : quoted.join(u", "_s);
}

QString oneLine(QString text)
{
    return text.replace(u'\n', u' ').replace(u'|', u"\\|"_s);
}

} // namespace

int OutboxReport::count(OutboxStatus status) const
{
    return int(std::count_if(items.cbegin(), items.cend(),
                             [status](const OutboxEntry &entry) { return entry.status == status; }));
}

bool OutboxReport::hasProblems() const
{
    return !error.isEmpty() || count(OutboxStatus::Conflict) > 0 || count(OutboxStatus::Failed) > 0 ||
           count(OutboxStatus::Blocked) > 0;
}

QString OutboxReport::toMarkdown() const
{
    QString out = tr("## Triage outbox") + u"\n\n"_s;
    QStringList meta;
    if (finished.isValid())
        meta.append(tr("Submitted %1 UTC").arg(finished.toUTC().toString(u"yyyy-MM-dd HH:mm"_s)));
    if (!login.isEmpty())
        meta.append(tr("by @%1").arg(login));
    if (cancelled)
        meta.append(tr("cancelled before the end"));
    if (!meta.isEmpty())
        out += meta.join(u" · "_s) + u"\n\n"_s;
    if (!error.isEmpty())
        out += tr("**The batch could not run:** ") + error + u"\n\n"_s;

    QStringList totals;
    for (int i = 0; i < OutboxStatusCount; ++i) {
        const int n = count(OutboxStatus(i));
        if (n > 0)
            totals.append(u"%1 %2"_s.arg(n).arg(outboxStatusText(OutboxStatus(i)).toLower()));
    }
    out += tr("%1 issues: ").arg(items.size()) + (totals.isEmpty() ? tr("nothing to do") : totals.join(u", "_s)) +
           u"\n\n"_s;

    // Routed: what was written (or found written), by sub-oncall and confidence.
    QList<const OutboxEntry *> done;
    for (const OutboxEntry &entry : items) {
        if (entry.status == OutboxStatus::Applied || entry.status == OutboxStatus::AlreadyApplied)
            done.append(&entry);
    }
    if (!done.isEmpty()) {
        QMap<QString, QMap<int, int>> bySub; // sub-oncall → confidence → count
        for (const OutboxEntry *entry : std::as_const(done))
            bySub[entry->subOncall.isEmpty() ? tr("(none)") : entry->subOncall][int(entry->confidence)] += 1;
        out += tr("### By sub-oncall and confidence") + u"\n\n"_s;
        out += tr("| sub-oncall | high | medium | low | none | total |") +
               u"\n| --- | ---: | ---: | ---: | ---: | ---: |\n"_s;
        for (auto it = bySub.cbegin(); it != bySub.cend(); ++it) {
            const QMap<int, int> &c = it.value();
            int total = 0;
            for (int n : c)
                total += n;
            out += u"| %1 | %2 | %3 | %4 | %5 | %6 |\n"_s.arg(oneLine(it.key()))
                       .arg(c.value(int(Confidence::High)))
                       .arg(c.value(int(Confidence::Medium)))
                       .arg(c.value(int(Confidence::Low)))
                       .arg(c.value(int(Confidence::None)))
                       .arg(total);
        }
        out += u"\n"_s + tr("### Routed") + u"\n\n"_s;
        out += tr("| issue | sub-oncall | labels added | confidence | comment | outcome |") +
               u"\n| --- | --- | --- | --- | --- | --- |\n"_s;
        for (const OutboxEntry *entry : std::as_const(done)) {
            out += u"| %1 | %2 | %3 | %4 | %5 | %6 |\n"_s.arg(
                issueRef(*entry), entry->subOncall.isEmpty() ? u"—"_s : oneLine(entry->subOncall),
                labelList(entry->addLabels), confidenceName(entry->confidence).toLower(),
                entry->comment.isEmpty() ? tr("no") : tr("yes"), outboxStatusText(entry->status).toLower());
        }
        out += u"\n"_s;
    }

    const auto section = [&](OutboxStatus status, const QString &title) {
        if (count(status) == 0)
            return;
        out += u"### "_s + title + u"\n\n"_s;
        for (const OutboxEntry &entry : items) {
            if (entry.status != status)
                continue;
            QString why = entry.outcome;
            if (status == OutboxStatus::Conflict && !entry.change.isEmpty())
                why = entry.change.describe();
            out += u"- %1: %2\n"_s.arg(issueRef(entry), why.isEmpty() ? tr("no detail") : oneLine(why));
        }
        out += u"\n"_s;
    };
    section(OutboxStatus::Conflict, tr("Conflicts (changed since the review; nothing written)"));
    section(OutboxStatus::Failed, tr("Failures"));
    section(OutboxStatus::Blocked, tr("Blocked by guardrails (nothing written)"));
    section(OutboxStatus::Ready, tr("Not submitted"));
    section(OutboxStatus::Submitting, tr("Interrupted (resumed by the next Submit)"));
    return out;
}

QJsonObject OutboxReport::toJson(const OutboxEntry &entry)
{
    QJsonArray violations;
    for (const Violation &v : entry.violations)
        violations.append(QJsonObject{{u"rule"_s, v.rule}, {u"label"_s, v.label}, {u"message"_s, v.message}});
    QJsonObject json{{u"id"_s, entry.id},
                     {u"repo"_s, entry.repository},
                     {u"number"_s, entry.number},
                     {u"status"_s, outboxStatusName(entry.status)},
                     {u"outcome"_s, entry.outcome},
                     {u"plan_hash"_s, entry.planHash},
                     {u"decision"_s, entry.decision.name()},
                     {u"sub_oncall"_s, entry.subOncall},
                     {u"confidence"_s, confidenceName(entry.confidence)},
                     {u"add_labels"_s, QJsonArray::fromStringList(entry.addLabels)},
                     {u"comment"_s, entry.comment},
                     {u"close"_s, entry.close},
                     {u"selected"_s, entry.selected},
                     {u"violations"_s, violations}};
    if (entry.close)
        json.insert(u"state_reason"_s, entry.stateReason);
    if (!entry.removeLabels.isEmpty())
        json.insert(u"remove_labels"_s, QJsonArray::fromStringList(entry.removeLabels));
    if (entry.refreshTriaged)
        json.insert(u"refresh_triaged"_s, true);
    if (entry.commentId != 0)
        json.insert(u"comment_id"_s, entry.commentId);
    if (!entry.change.isEmpty()) {
        json.insert(u"change"_s,
                    QJsonObject{{u"labels_added"_s, QJsonArray::fromStringList(entry.change.labelsAdded)},
                                {u"labels_removed"_s, QJsonArray::fromStringList(entry.change.labelsRemoved)},
                                {u"new_comments"_s, entry.change.newComments},
                                {u"state_before"_s, issueStateName(entry.change.stateBefore)},
                                {u"state_now"_s, issueStateName(entry.change.stateNow)}});
    }
    return json;
}
