// SPDX-License-Identifier: MIT
#include "models/outbox/outboxmodel.h"

#include "engine/outbox/outboxstore.h"
#include "models/common/tones.h"

#include <QFont>
#include <QLocale>

using namespace Qt::StringLiterals;

namespace {

QString titleKey(const QString &repository, int number)
{
    return repository + u'#' + QString::number(number);
}

} // namespace

OutboxModel::OutboxModel(QObject *parent)
    : QAbstractTableModel(parent)
{
    qRegisterMetaType<OutboxModel::Counts>();
}

bool OutboxModel::reload()
{
    if (!m_store) {
        m_lastError = tr("No store to read the outbox from.");
        setEntries({});
        return false;
    }
    const Result<QList<OutboxEntry>> entries = m_store->entries();
    if (!entries) {
        m_lastError = entries.error();
        return false;
    }
    m_lastError.clear();
    setEntries(entries.value());
    return true;
}

void OutboxModel::setEntries(QList<OutboxEntry> entries)
{
    beginResetModel();
    m_entries = std::move(entries);
    rebuildIndex();
    endResetModel();
    recount();
}

void OutboxModel::updateEntry(const OutboxEntry &entry)
{
    const int row = rowForId(entry.id);
    if (row < 0) {
        // A newer approval of the same issue replaces the entries the store dropped for it.
        const int first = int(m_entries.size());
        beginInsertRows({}, first, first);
        m_entries.append(entry);
        m_rowById.insert(entry.id, first);
        endInsertRows();
    } else {
        m_entries[row] = entry;
        Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
    }
    recount();
}

void OutboxModel::setIssueTitles(const QString &repository, const QList<Issue> &issues)
{
    for (const Issue &issue : issues)
        m_titles.insert(titleKey(repository, issue.number), issue.title);
    if (!m_entries.isEmpty())
        Q_EMIT dataChanged(index(0, Title), index(rowCount() - 1, Title), {Qt::DisplayRole, Qt::ToolTipRole, SortRole});
}

QString OutboxModel::titleOf(const OutboxEntry &entry) const
{
    return m_titles.value(titleKey(entry.repository, entry.number));
}

int OutboxModel::setAllSelected(bool selected)
{
    int changed = 0;
    for (int row = 0; row < rowCount(); ++row) {
        const OutboxEntry &entry = m_entries.at(row);
        if (entry.status == OutboxStatus::Ready && entry.selected != selected && setSelected(row, selected))
            ++changed;
    }
    return changed;
}

bool OutboxModel::setSelected(int row, bool selected)
{
    if (row < 0 || row >= rowCount() || m_entries.at(row).status != OutboxStatus::Ready)
        return false;
    OutboxEntry &entry = m_entries[row];
    if (entry.selected == selected)
        return true;
    if (m_store) {
        const Result<bool> written = m_store->setSelected(entry.id, selected);
        if (!written) {
            Q_EMIT errorOccurred(written.error());
            return false;
        }
    }
    entry.selected = selected;
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1), {Qt::CheckStateRole, SelectedRole});
    recount();
    return true;
}

QList<qint64> OutboxModel::selectedIds() const
{
    QList<qint64> ids;
    for (const OutboxEntry &entry : m_entries) {
        if (entry.status == OutboxStatus::Ready && entry.selected)
            ids.append(entry.id);
    }
    return ids;
}

QString OutboxModel::statusGlyph(OutboxStatus status)
{
    switch (status) {
    case OutboxStatus::Ready:
        return u"○"_s;
    case OutboxStatus::Blocked:
        return u"⊘"_s;
    case OutboxStatus::Submitting:
        return u"◔"_s;
    case OutboxStatus::Applied:
        return u"✓"_s;
    case OutboxStatus::AlreadyApplied:
        return u"≡"_s;
    case OutboxStatus::Conflict:
        return u"⇄"_s;
    case OutboxStatus::Failed:
        return u"✖"_s;
    }
    return {};
}

QColor OutboxModel::statusColor(OutboxStatus status)
{
    // Mid-tones that read on both the light and the dark base (the queue table's family).
    switch (status) {
    case OutboxStatus::Ready:
    case OutboxStatus::Submitting:
        return Tones::dot(Tone::Info);
    case OutboxStatus::Applied:
        return Tones::dot(Tone::Ok);
    case OutboxStatus::AlreadyApplied:
        return QColor(0x4f, 0x8f, 0x70);
    case OutboxStatus::Blocked:
        return Tones::dot(Tone::Warning);
    case OutboxStatus::Conflict:
        return QColor(0xd9, 0x6b, 0x1e);
    case OutboxStatus::Failed:
        return Tones::dot(Tone::Problem);
    }
    return Tones::dot(Tone::Neutral);
}

QString OutboxModel::firstLine(const QString &text)
{
    const QStringList lines = text.split(u'\n');
    for (const QString &line : lines) {
        const QString trimmed = line.trimmed();
        if (!trimmed.isEmpty())
            return trimmed;
    }
    return {};
}

QString OutboxModel::outcomeText(const OutboxEntry &entry)
{
    switch (entry.status) {
    case OutboxStatus::Ready:
        return entry.selected ? QString() : tr("left out");
    case OutboxStatus::Submitting:
        return entry.outcome.isEmpty() ? tr("writing…") : entry.outcome;
    case OutboxStatus::Blocked: {
        if (!entry.outcome.isEmpty())
            return entry.outcome;
        QStringList why;
        for (const Violation &violation : entry.violations)
            why.append(violation.message);
        return why.join(u"; "_s);
    }
    case OutboxStatus::Conflict:
        return entry.change.isEmpty() ? entry.outcome : entry.change.describe();
    case OutboxStatus::Applied:
    case OutboxStatus::AlreadyApplied:
    case OutboxStatus::Failed:
        return entry.outcome;
    }
    return {};
}

int OutboxModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

int OutboxModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant OutboxModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::ParentIsInvalid))
        return {};
    const OutboxEntry &entry = m_entries.at(index.row());
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case Number:
            return u"#%1"_s.arg(entry.number);
        case Title: {
            const QString title = titleOf(entry);
            return title.isEmpty() ? entry.repository : title;
        }
        case Labels: {
            QStringList parts;
            if (!entry.addLabels.isEmpty())
                parts.append(entry.addLabels.join(u", "_s));
            for (const QString &label : entry.removeLabels)
                parts.append(u"−"_s + label);
            if (entry.refreshTriaged)
                parts.append(tr("↻ triaged"));
            return parts.isEmpty() ? tr("—") : parts.join(u", "_s);
        }
        case Comment:
            return entry.comment.trimmed().isEmpty() ? tr("no comment") : firstLine(entry.comment);
        case Close:
            if (!entry.close)
                return QString();
            return entry.stateReason == u"not_planned"_s ? tr("close: not planned") : tr("close: completed");
        case Status:
            return QString(statusGlyph(entry.status) + u' ' + outboxStatusText(entry.status));
        case Outcome:
            return outcomeText(entry);
        default:
            break;
        }
        break;
    case Qt::ToolTipRole:
        switch (column) {
        case Title:
            return u"%1#%2 %3"_s.arg(entry.repository).arg(entry.number).arg(titleOf(entry));
        case Labels:
            return entry.addLabels.join(u'\n');
        case Comment:
            return entry.comment;
        case Status:
        case Outcome:
            return outcomeText(entry);
        default:
            break;
        }
        break;
    case Qt::CheckStateRole:
        if (column == Number && entry.status == OutboxStatus::Ready)
            return entry.selected ? Qt::Checked : Qt::Unchecked;
        break;
    case Qt::ForegroundRole:
        if (column == Status)
            return statusColor(entry.status);
        if (column == Comment && entry.comment.trimmed().isEmpty())
            return QColor(0x8a, 0x8f, 0x98);
        break;
    case Qt::FontRole:
        if (column == Status && !entry.isPending()) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        break;
    case Qt::TextAlignmentRole:
        if (column == Number)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case SortRole:
        switch (column) {
        case Number:
            return entry.number;
        case Title:
            return titleOf(entry);
        case Labels:
            return entry.addLabels.join(u", "_s);
        case Comment:
            return entry.comment;
        case Close:
            return entry.close;
        case Status:
            return int(entry.status);
        case Outcome:
            return outcomeText(entry);
        default:
            break;
        }
        break;
    case EntryRole:
        return QVariant::fromValue(entry);
    case LabelsRole:
        return entry.addLabels;
    case StatusRole:
        return int(entry.status);
    case SelectedRole:
        return entry.selected;
    case IdRole:
        return entry.id;
    default:
        break;
    }
    return {};
}

bool OutboxModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::ParentIsInvalid) || role != Qt::CheckStateRole ||
        index.column() != Number)
        return false;
    return setSelected(index.row(), value.toInt() == Qt::Checked);
}

Qt::ItemFlags OutboxModel::flags(const QModelIndex &index) const
{
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::ParentIsInvalid))
        return Qt::NoItemFlags;
    Qt::ItemFlags flags = Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
    if (index.column() == Number && m_entries.at(index.row()).status == OutboxStatus::Ready)
        flags |= Qt::ItemIsUserCheckable;
    return flags;
}

QVariant OutboxModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= ColumnCount)
        return {};
    switch (section) {
    case Number:
        return tr("#");
    case Title:
        return tr("Issue");
    case Labels:
        return tr("Labels +");
    case Comment:
        return tr("Comment");
    case Close:
        return tr("Close");
    case Status:
        return tr("Status");
    case Outcome:
        return tr("Outcome");
    default:
        break;
    }
    return {};
}

QHash<int, QByteArray> OutboxModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractTableModel::roleNames();
    names.insert(SortRole, "sort");
    names.insert(EntryRole, "entry");
    names.insert(LabelsRole, "labels");
    names.insert(StatusRole, "status");
    names.insert(SelectedRole, "selected");
    names.insert(IdRole, "entryId");
    return names;
}

void OutboxModel::rebuildIndex()
{
    m_rowById.clear();
    for (int row = 0; row < m_entries.size(); ++row)
        m_rowById.insert(m_entries.at(row).id, row);
}

void OutboxModel::recount()
{
    Counts counts;
    for (const OutboxEntry &entry : std::as_const(m_entries)) {
        ++counts.total;
        switch (entry.status) {
        case OutboxStatus::Ready:
            ++counts.ready;
            if (entry.selected)
                ++counts.selected;
            break;
        case OutboxStatus::Submitting:
            ++counts.ready;
            break;
        case OutboxStatus::Blocked:
            ++counts.blocked;
            break;
        case OutboxStatus::Applied:
        case OutboxStatus::AlreadyApplied:
            ++counts.done;
            break;
        case OutboxStatus::Conflict:
            ++counts.conflict;
            break;
        case OutboxStatus::Failed:
            ++counts.failed;
            break;
        }
    }
    if (counts == m_counts)
        return;
    m_counts = counts;
    Q_EMIT countsChanged(m_counts);
}
