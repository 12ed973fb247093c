// SPDX-License-Identifier: MIT
#include "models/issuetablemodel.h"

#include <QLocale>

using namespace Qt::StringLiterals;

IssueTableModel::IssueTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void IssueTableModel::setIssues(QList<Issue> issues)
{
    beginResetModel();
    m_issues = std::move(issues);
    endResetModel();
}

void IssueTableModel::setNow(const QDateTime &now)
{
    m_now = now;
    if (!m_issues.isEmpty())
        emit dataChanged(index(0, Age), index(rowCount() - 1, Age), {Qt::DisplayRole, Qt::ToolTipRole});
}

QDateTime IssueTableModel::now() const
{
    return m_now.isValid() ? m_now : QDateTime::currentDateTimeUtc();
}

QString IssueTableModel::compactAge(const QDateTime &from, const QDateTime &now)
{
    if (!from.isValid() || !now.isValid())
        return {};
    const qint64 seconds = from.secsTo(now);
    constexpr qint64 Minute = 60;
    constexpr qint64 Hour = 60 * Minute;
    constexpr qint64 Day = 24 * Hour;
    // Clock skew can put a timestamp slightly in the future; it is still "now".
    if (seconds < Minute)
        return tr("now");
    if (seconds < Hour)
        return tr("%1 min").arg(seconds / Minute);
    if (seconds < Day)
        return tr("%1 h").arg(seconds / Hour);
    const qint64 days = seconds / Day;
    if (days < 14)
        return tr("%1 d").arg(days);
    if (days < 60)
        return tr("%1 w").arg(days / 7);
    if (days < 365)
        return tr("%1 mo").arg(days / 30);
    return tr("%1 y").arg(days / 365);
}

int IssueTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_issues.size());
}

int IssueTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant IssueTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Issue &issue = m_issues.at(index.row());
    const auto column = Column(index.column());

    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case Number:
            return QString(u'#' + QString::number(issue.number));
        case Title:
            return issue.title;
        case Author:
            return issue.author;
        case Age:
            return compactAge(issue.createdAt, now());
        case Labels:
            return issue.labels.join(u", "_s);
        case ColumnCount:
            break;
        }
        break;
    case Qt::ToolTipRole:
        switch (column) {
        case Title:
            return issue.title;
        case Age:
            return issue.createdAt.isValid()
                       ? tr("Opened %1").arg(QLocale().toString(issue.createdAt.toLocalTime(), QLocale::LongFormat))
                       : QString();
        case Labels:
            return issue.labels.join(u'\n');
        case Number:
        case Author:
        case ColumnCount:
            break;
        }
        break;
    case Qt::TextAlignmentRole:
        if (column == Number || column == Age)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
    case SortRole:
        switch (column) {
        case Number:
            return issue.number;
        case Title:
            return issue.title;
        case Author:
            return issue.author;
        case Age:
            return issue.createdAt;
        case Labels:
            return issue.labels.join(u", "_s);
        case ColumnCount:
            break;
        }
        break;
    case IssueRole:
        return QVariant::fromValue(issue);
    case LabelsRole:
        return issue.labels;
    default:
        break;
    }
    return {};
}

QVariant IssueTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    const auto column = Column(section);
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue((column == Number || column == Age ? Qt::AlignRight : Qt::AlignLeft) |
                                   Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (column) {
    case Number:
        return tr("#");
    case Title:
        return tr("Title");
    case Author:
        return tr("Author");
    case Age:
        return tr("Age");
    case Labels:
        return tr("Labels");
    case ColumnCount:
        break;
    }
    return {};
}

QHash<int, QByteArray> IssueTableModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractTableModel::roleNames();
    names.insert(SortRole, "sort");
    names.insert(IssueRole, "issue");
    names.insert(LabelsRole, "labels");
    return names;
}
