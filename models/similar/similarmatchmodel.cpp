// SPDX-License-Identifier: MIT
#include "models/similar/similarmatchmodel.h"

#include <QBrush>
#include <QColor>
#include <QFont>

using namespace Qt::StringLiterals;

SimilarMatchModel::SimilarMatchModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void SimilarMatchModel::setMatches(QList<SimilarityMatch> matches)
{
    beginResetModel();
    m_matches = std::move(matches);
    endResetModel();
}

void SimilarMatchModel::setNow(const QDateTime &now)
{
    m_now = now;
    if (!m_matches.isEmpty())
        Q_EMIT dataChanged(index(0, Age), index(rowCount() - 1, Age), {Qt::DisplayRole});
}

QString SimilarMatchModel::age(const QDateTime &from, const QDateTime &now)
{
    if (!from.isValid())
        return {};
    const qint64 days = std::max<qint64>(0, from.daysTo(now));
    if (days < 1)
        return tr("today");
    if (days < 31)
        return tr("%1 d").arg(days);
    if (days < 365)
        return tr("%1 mo").arg(days / 30);
    return tr("%1 y").arg(days / 365);
}

QString SimilarMatchModel::matchedFields(const SimilarityMatch &match)
{
    static const QStringList order = {u"signature"_s,   u"frames"_s, u"title"_s,
                                      u"identifiers"_s, u"body"_s,   u"comments"_s};
    QStringList fields;
    for (const QString &field : order) {
        if (match.why.contains(field))
            fields.append(field);
    }
    return fields.join(u", "_s);
}

int SimilarMatchModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_matches.size());
}

int SimilarMatchModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SimilarMatchModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const SimilarityMatch &match = m_matches.at(index.row());
    const QDateTime now = m_now.isValid() ? m_now : QDateTime::currentDateTimeUtc();
    switch (role) {
    case MatchRole:
        return QVariant::fromValue(match);
    case LabelsRole:
        return match.labels;
    case Qt::DisplayRole:
        switch (index.column()) {
        case Number:
            return u"#%1"_s.arg(match.number);
        case State:
            return match.isOpen() ? tr("open") : tr("closed");
        case Title:
            return match.title;
        case Labels:
            return match.labels.join(u", "_s);
        case Age:
            return age(match.createdAt, now);
        case Matched:
            return matchedFields(match);
        case Score:
            return QString::number(match.score, 'f', 1);
        default:
            break;
        }
        return {};
    case SortRole:
        switch (index.column()) {
        case Number:
            return match.number;
        case State:
            return match.isOpen() ? 0 : 1;
        case Title:
            return match.title;
        case Labels:
            return match.labels.join(u", "_s);
        case Age:
            return match.createdAt;
        case Matched:
            return matchedFields(match);
        case Score:
            return match.score;
        default:
            break;
        }
        return {};
    case Qt::ToolTipRole:
        if (index.column() == Matched) {
            QStringList lines;
            for (auto it = match.why.cbegin(); it != match.why.cend(); ++it)
                lines.append(it.key() + u": "_s + it.value().join(u", "_s));
            return lines.join(u'\n');
        }
        if (index.column() == Age)
            return QLocale().toString(match.createdAt.toLocalTime(), QLocale::ShortFormat);
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == Number || index.column() == Score)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ForegroundRole:
        if (index.column() == State)
            return QBrush(match.isOpen() ? QColor(0x1a, 0x7f, 0x37) : QColor(0x82, 0x50, 0xdf));
        return {};
    case Qt::AccessibleTextRole:
        return tr("#%1, %2, %3").arg(match.number).arg(match.isOpen() ? tr("open") : tr("closed"), match.title);
    default:
        return {};
    }
}

QVariant SimilarMatchModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Number:
        return tr("#");
    case State:
        return tr("State");
    case Title:
        return tr("Title");
    case Labels:
        return tr("Labels");
    case Age:
        return tr("Age");
    case Matched:
        return tr("Matched on");
    case Score:
        return tr("Score");
    default:
        break;
    }
    return {};
}
