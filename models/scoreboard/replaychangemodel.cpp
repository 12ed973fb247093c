// SPDX-License-Identifier: MIT
#include "models/scoreboard/replaychangemodel.h"
#include "models/common/tones.h"

#include <QColor>
#include <QFont>

using namespace Qt::StringLiterals;

namespace {

// The labels without the sub-oncall prefix noise: "module: fsdp, oncall: distributed infra".
QString labelsText(const QStringList &labels)
{
    return labels.isEmpty() ? u"—"_s : labels.join(u", "_s);
}

} // namespace

ReplayChangeModel::ReplayChangeModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void ReplayChangeModel::setReport(const ReplayReport &report)
{
    beginResetModel();
    m_changes = report.changes;
    endResetModel();
}

void ReplayChangeModel::clear()
{
    beginResetModel();
    m_changes.clear();
    endResetModel();
}

int ReplayChangeModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_changes.size());
}

int ReplayChangeModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ReplayChangeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Number:
        return tr("Issue");
    case Verdict:
        return tr("New plan");
    case Before:
        return tr("Before");
    case After:
        return tr("After");
    case Approved:
        return tr("Reviewer approved");
    case Title:
        return tr("Title");
    default:
        break;
    }
    return {};
}

QVariant ReplayChangeModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ReplayChange &change = m_changes.at(index.row());
    if (role == ChangeRole)
        return QVariant::fromValue(change);
    if (role == Qt::ForegroundRole && index.column() == Verdict)
        return Tones::dot(change.agreesAfter ? Tone::Ok : Tone::Problem);
    if (role == Qt::FontRole && index.column() == Verdict) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    if (role == Qt::ToolTipRole && index.column() == Verdict)
        return change.agreedBefore == change.agreesAfter ? tr("Same verdict as before")
               : change.agreesAfter                      ? tr("Now agrees with the reviewer (disagreed before)")
                                                         : tr("Now disagrees with the reviewer (agreed before)");
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    switch (index.column()) {
    case Number:
        return role == SortRole ? QVariant(change.issue.number)
                                : QVariant(u"#"_s + QString::number(change.issue.number));
    case Verdict:
        if (role == SortRole)
            return int(change.agreesAfter) * 2 + int(change.agreedBefore);
        return change.agreesAfter ? (change.agreedBefore ? tr("✓ agree") : tr("✓ agree (new)"))
                                  : (change.agreedBefore ? tr("✗ disagree (new)") : tr("✗ disagree"));
    case Before:
        return labelsText(change.before);
    case After:
        return labelsText(change.after);
    case Approved:
        return labelsText(change.approved);
    case Title:
        return change.title;
    default:
        break;
    }
    return {};
}
