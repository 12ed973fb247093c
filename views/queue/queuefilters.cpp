// SPDX-License-Identifier: MIT
#include "views/queue/queuefilters.h"

#include <QSettings>

using namespace Qt::StringLiterals;

namespace {
// QSettings groups split on '/'.
QString group(const QString &queueKey)
{
    return u"filters/"_s + QString(queueKey).replace(u'/', u'\\');
}
} // namespace

QString QueueFilters::keyFor(const QString &repository, QStringList labels, const QString &state)
{
    labels.sort();
    return repository + u'|' + labels.join(u',') + u'|' + state;
}

QueueFilters QueueFilters::load(const QString &queueKey)
{
    QSettings settings;
    settings.beginGroup(group(queueKey));
    QueueFilters filters;
    filters.text = settings.value(u"text"_s).toString();
    filters.subOncall = settings.value(u"subOncall"_s).toString();
    filters.confidence = settings.value(u"confidence"_s, -1).toInt();
    filters.reviewState = settings.value(u"reviewState"_s, -1).toInt();
    filters.hasRepro = settings.value(u"hasRepro"_s, false).toBool();
    filters.needsReview = settings.value(u"needsReview"_s, false).toBool();
    return filters;
}

void QueueFilters::save(const QString &queueKey) const
{
    QSettings settings;
    if (isDefault()) {
        settings.remove(group(queueKey));
        return;
    }
    settings.beginGroup(group(queueKey));
    settings.setValue(u"text"_s, text);
    settings.setValue(u"subOncall"_s, subOncall);
    settings.setValue(u"confidence"_s, confidence);
    settings.setValue(u"reviewState"_s, reviewState);
    settings.setValue(u"hasRepro"_s, hasRepro);
    settings.setValue(u"needsReview"_s, needsReview);
}
