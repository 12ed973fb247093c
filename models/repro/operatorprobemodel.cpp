// SPDX-License-Identifier: MIT
#include "models/repro/operatorprobemodel.h"
#include "models/common/tones.h"

#include <QColor>
#include <QFont>
#include <QGuiApplication>
#include <QPalette>

using namespace Qt::StringLiterals;

namespace {

using Status = OperatorProbeCombination::Status;

QString shortOp(const QString &op)
{
    // "aten.cumsum.default" → "cumsum"; an overload other than default stays: "sum.dim_IntList".
    QString name = op.startsWith(u"aten."_s) ? op.mid(5) : op;
    if (name.endsWith(u".default"_s))
        name.chop(8);
    return name;
}

int severity(Status status)
{
    switch (status) {
    case Status::Wrong:
        return 0;
    case Status::Raises:
        return 1;
    case Status::Ok:
        return 2;
    }
    return 3;
}

bool isDark()
{
    const QPalette palette = QGuiApplication::palette();
    return palette.color(QPalette::Window).lightness() < palette.color(QPalette::WindowText).lightness();
}

} // namespace

OperatorProbeModel::OperatorProbeModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void OperatorProbeModel::append(const OperatorProbeCombination &combination)
{
    beginInsertRows({}, int(m_rows.size()), int(m_rows.size()));
    m_rows.append(combination);
    endInsertRows();
}

void OperatorProbeModel::setCombinations(QList<OperatorProbeCombination> combinations)
{
    beginResetModel();
    m_rows = std::move(combinations);
    endResetModel();
}

int OperatorProbeModel::count(OperatorProbeCombination::Status status) const
{
    return int(std::count_if(m_rows.cbegin(), m_rows.cend(),
                             [status](const OperatorProbeCombination &c) { return c.status == status; }));
}

QString OperatorProbeModel::resultText(OperatorProbeCombination::Status status)
{
    switch (status) {
    case Status::Ok:
        return tr("ok");
    case Status::Raises:
        return tr("raises");
    case Status::Wrong:
        return tr("WRONG RESULT");
    }
    return {};
}

int OperatorProbeModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int OperatorProbeModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant OperatorProbeModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const OperatorProbeCombination &c = m_rows.at(index.row());
    const bool wrong = c.status == Status::Wrong;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Op:
            return shortOp(c.op);
        case Ranks:
            return c.ranks;
        case Case:
            return c.caseName;
        case Placements:
            return c.placements.join(u", "_s);
        case Result:
            return resultText(c.status);
        case Strategy:
            return c.strategy ? tr("yes") : tr("none registered");
        case Output:
            return c.outputPlacements.join(u", "_s);
        case Redistributed:
            return c.redistributed ? tr("yes (%n collective(s))", nullptr, c.collectives) : tr("no");
        case Message:
            // One line in the table; the whole message in the tooltip.
            return c.error.section(u'\n', 0, 0);
        default:
            return {};
        }
    case Qt::ToolTipRole:
        if (index.column() == Op)
            return c.op;
        if (index.column() == Message || index.column() == Result) {
            if (wrong)
                return tr("DTensor ran and its result differs from the single-device run: a DTensor bug.%1")
                    .arg(c.error.isEmpty() ? QString() : u"\n\n"_s + c.error);
            return c.error.isEmpty() ? QVariant() : QVariant(c.error);
        }
        return {};
    case Qt::ForegroundRole:
        if (index.column() == Result || wrong) {
            if (wrong)
                return Tones::text(Tone::Problem, isDark());
            if (index.column() == Result && c.status == Status::Ok)
                return Tones::text(Tone::Ok, isDark());
            if (index.column() == Result)
                return Tones::text(Tone::Warning, isDark());
        }
        return {};
    case Qt::FontRole:
        if (wrong) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == Ranks)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case SortRole:
        switch (index.column()) {
        case Ranks:
            return c.ranks;
        case Result:
            return severity(c.status);
        case Strategy:
            return c.strategy ? 1 : 0;
        case Redistributed:
            return c.collectives;
        default:
            return data(index, Qt::DisplayRole);
        }
    case StatusRole:
        return int(c.status);
    default:
        return {};
    }
}

QVariant OperatorProbeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Op:
        return tr("Op");
    case Ranks:
        return tr("Ranks");
    case Case:
        return tr("Inputs");
    case Placements:
        return tr("Placements");
    case Result:
        return tr("Result");
    case Strategy:
        return tr("Strategy");
    case Output:
        return tr("Output");
    case Redistributed:
        return tr("Redistributed");
    case Message:
        return tr("Message");
    default:
        return {};
    }
}
